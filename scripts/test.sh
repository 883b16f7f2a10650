#!/usr/bin/env bash
# Builds and runs every test gradnoise has (README: the test command; .ci/run calls it):
#   1. Release build (-O3, every ISA this CPU has): unit tests (>= 10M points per dimension and
#      ISA), CLI tests, GRADNOISE_ISA overrides, and a smoke run of the benchmark binary.
#      The Python package's pytest suite (tests/python) over the tree's build, then again against
#      a pip install into a fresh venv. Then a clang build of the library and tests: its tests,
#      and the same output bits as GCC's; GCC -O0/-O2 and clang -O0 builds give the same bits as -O3.
#   2. AddressSanitizer + UndefinedBehaviorSanitizer build (clang) of the tests and the tool's parsers,
#      with the libFuzzer targets (fuzz/), each run for GRADNOISE_FUZZ_SECONDS (default 45).
#   3. ThreadSanitizer build of the C API's many-threads test and the threaded fills.
#   4. aarch64 cross build (g++-aarch64-linux-gnu) run under qemu-aarch64: the NEON path for real.
#   5. Windows: MinGW-w64 cross build run under Wine (tests, digest, the tool against the Linux tool's output).
#   6. WebAssembly (Emscripten): the scalar and SIMD128 modules' tests and digest under Node.js, the
#      JavaScript API against the native tool, the playground page in headless Chromium against `gradnoise bake`.
# Options: --no-sanitize, --no-cross (no 4-6; for a quick local loop). Build trees live under build/.
set -euo pipefail
cd "$(dirname "$0")/.."

run_sanitize=1
run_cross=1
for arg in "$@"; do
  case "$arg" in
    --no-sanitize) run_sanitize=0 ;;
    --no-cross) run_cross=0 ;;
    *) echo "test.sh: unknown argument '$arg' (expected --no-sanitize, --no-cross)" >&2; exit 2 ;;
  esac
done

if [ "$run_cross" = 1 ]; then
  bash scripts/install-deps.sh --cross
else
  bash scripts/install-deps.sh
fi

jobs=$(nproc)
step() { printf '\n== %s (%s)\n' "$1" "$(date +%H:%M:%S)"; }
# configure DIR ARGS: Ninja, through ccache (scripts/configure.sh).
# shellcheck source=scripts/configure.sh
source scripts/configure.sh

step "release build"
configure build/release -S . -DCMAKE_BUILD_TYPE=Release
cmake --build build/release -j "$jobs"
step "release tests"
ctest --test-dir build/release --output-on-failure -j "$jobs"
step "README: every command and example in it, verbatim (the quick start included)"
bash scripts/check_readme.sh
step "clang build (Debian clang 14): the library and the tests"
# The spec promises the same bits from any conforming compiler: the library and the tests must
# build with clang, its tests (golden bits, Ken Perlin's and K.jpg's values, every ISA against the
# scalar path) must pass, and gradnoise_digest -- a hash of every kernel's output bits per field and
# ISA -- must print exactly what the GCC build prints. (The tool, the benchmark suite and the
# examples build with clang too; they are left out here to keep CI under 15 minutes.)
configure build/clang -S . -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ -DGRADNOISE_BUILD_EXAMPLES=OFF \
  -DGRADNOISE_BUILD_BENCH=OFF -DGRADNOISE_BUILD_CLI=OFF -DGRADNOISE_BUILD_BAKE=OFF -DGRADNOISE_PYTHON=OFF
cmake --build build/clang -j "$jobs"
GRADNOISE_TEST_POINTS=1000000 ctest --test-dir build/clang --output-on-failure -j "$jobs"
build/release/tests/gradnoise_digest >build/digest-gcc.txt
build/clang/tests/gradnoise_digest >build/digest-clang.txt
if ! diff -u build/digest-gcc.txt build/digest-clang.txt; then
  echo "the GCC and clang builds give different bits (above: field workload isa hash)" >&2
  exit 1
fi
echo "GCC and clang: the same bits on $(wc -l <build/digest-gcc.txt) field x kernel x ISA digests"

step "optimisation levels: GCC -O0 and -O2, clang -O0 (the library and gradnoise_digest) against -O3"
# Bits must not depend on how hard the compiler optimises: no contraction, no excess precision, no
# reassociation at any level. -O0 trees build in half a minute but run ten times slower, so they and
# the -O3 build compare the --quick digest (every field, kernel, ISA and awkward value; fewer random
# points); the -O2 tree compares the full one.
build/release/tests/gradnoise_digest --quick >build/digest-gcc-quick.txt
digest_at() {  # tree compiler flags digest-option [cmake options]
  local dir=$1 cxx=$2 flags=$3 option=$4
  shift 4
  configure "$dir" -S . -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" "-DCMAKE_CXX_FLAGS_RELEASE=$flags" "$@" \
    -DGRADNOISE_BUILD_BENCH=OFF -DGRADNOISE_BUILD_CLI=OFF -DGRADNOISE_BUILD_BAKE=OFF -DGRADNOISE_BUILD_EXAMPLES=OFF \
    -DGRADNOISE_PYTHON=OFF
  cmake --build "$dir" -j "$jobs" --target gradnoise_digest >/dev/null
  local expected=build/digest-gcc.txt
  [ -n "$option" ] && expected=build/digest-gcc-quick.txt
  "$dir/tests/gradnoise_digest" $option >"$dir/digest.txt"
  if ! diff -u "$expected" "$dir/digest.txt"; then
    echo "$cxx $flags gives different bits from g++ -O3 (above: field workload isa hash)" >&2
    exit 1
  fi
  echo "$cxx $flags: the same bits as g++ -O3 on $(wc -l <"$dir/digest.txt") digests"
}
digest_at build/gcc-O0 g++ "-O0" --quick
digest_at build/clang-O0 clang++ "-O0" --quick
# (-O2 also without oneTBB: fills on std::threads, the library otherwise the same.)
digest_at build/gcc-O2 g++ "-O2 -DNDEBUG" "" -DGRADNOISE_WITH_TBB=OFF

step "installed package: cmake --install to a clean prefix; the C++ and C examples through find_package and pkg-config"
# (pkg-config exactly as docs/embedding.md writes it: no --static, which a static default install must not need.)
prefix=$(mktemp -d)
cmake --install build/release --prefix "$prefix" >/dev/null
rm -rf build/installed
configure build/installed -S examples/installed -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
cmake --build build/installed >/dev/null
build/installed/chunk_stream
build/installed/chunk_stream_c
pcdir=$(dirname "$(find "$prefix" -name gradnoise.pc | head -1)")
# shellcheck disable=SC2046
g++ -std=c++17 -O2 examples/installed/chunk_stream.cpp $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs gradnoise) \
  -o build/installed/chunk_stream_pkgconfig
build/installed/chunk_stream_pkgconfig
# shellcheck disable=SC2046
gcc -std=c99 -pedantic-errors -Wall -Wextra -Werror -O2 examples/installed/chunk_stream.c \
  $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs gradnoise) -o build/installed/chunk_stream_c_pkgconfig
build/installed/chunk_stream_c_pkgconfig
rm -rf "$prefix"
step "installed package, shared library (-DBUILD_SHARED_LIBS=ON): both examples; only the public API exported"
prefix=$(mktemp -d)
# (-O1: this tree checks the package -- exports, config, linking -- not speed, and builds in half the time.)
# (One x86 kernel unit, SSE2: the exports and the package do not depend on which ISAs are inside.)
configure build/shared -S . -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1" \
  -DBUILD_SHARED_LIBS=ON -DGRADNOISE_BUILD_TESTS=OFF "-DGRADNOISE_X86_KERNELS=sse2" \
  -DGRADNOISE_BUILD_BENCH=OFF -DGRADNOISE_BUILD_CLI=OFF -DGRADNOISE_BUILD_BAKE=OFF -DGRADNOISE_BUILD_EXAMPLES=OFF \
  -DGRADNOISE_PYTHON=OFF
cmake --build build/shared -j "$jobs" >/dev/null
cmake --install build/shared --prefix "$prefix" >/dev/null
rm -rf build/installed-shared
configure build/installed-shared -S examples/installed -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
cmake --build build/installed-shared >/dev/null
build/installed-shared/chunk_stream
build/installed-shared/chunk_stream_c
so=$(find "$prefix" -name 'libgradnoise.so.*.*' | head -1)
leaked=$(nm -D --defined-only "$so" | awk '$2 == "T" || $2 == "W" || $2 == "D" || $2 == "B"' | grep -v gradnoise || true)
if [ -n "$leaked" ]; then
  echo "libgradnoise.so exports symbols outside the public API:"; echo "$leaked" | head; exit 1
fi
echo "$(basename "$so"): $(nm -D --defined-only "$so" | grep -c gradnoise) exported symbols, all gradnoise's"
rm -rf "$prefix"

step "installed Python package: pip install into a fresh venv (offline), pytest against the installed copy"
# The release tree's pytest run (ctest: python_tests) imports build/release/python; this one checks the
# package as users install it (docs/python.md): a venv that sees Debian's numpy, pip with Debian's
# setuptools and no network, reusing the release tree's build of the module (setup.py builds its own tree
# when GRADNOISE_CMAKE_BUILD_DIR is unset), then the suite from outside the source tree.
venv=$(mktemp -d)
root=$PWD
/usr/bin/python3 -m venv --system-site-packages "$venv"
GRADNOISE_CMAKE_BUILD_DIR=build/release "$venv/bin/pip" install --no-build-isolation --no-deps --no-index --quiet .
(cd "$venv" && "$venv/bin/python" -c 'import gradnoise, sys; assert gradnoise.__file__.startswith(sys.prefix), gradnoise.__file__; print("import gradnoise:", gradnoise.__file__, gradnoise.__version__, gradnoise.active_isa())')
(cd "$venv" && GRADNOISE_CLI="$root/build/release/src/cli/gradnoise" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
  "$root/tests/python" -k "not examples" -x)
rm -rf "$venv" python/gradnoise.egg-info

step "benchmark smoke run"
build/release/bench/gradnoise_bench --benchmark_min_time=0.01 --benchmark_filter='points1M' >/dev/null
echo "gradnoise_bench runs"
PYTHONPATH=build/release/python /usr/bin/python3 bench/python_bench.py --quick >/dev/null
echo "bench/python_bench.py runs (its workload checks against gradnoise eval included)"
PYTHONPATH=build/release/python /usr/bin/python3 bench/dask_bench.py --quick >/dev/null
echo "bench/dask_bench.py runs (1 and 2 worker processes on 127.0.0.1)"

if [ "$run_sanitize" = 1 ]; then
  step "AddressSanitizer + UndefinedBehaviorSanitizer build (clang), with the libFuzzer targets"
  # One clang tree for both: ASan + UBSan (clang's undefined includes float-cast-overflow) and
  # libFuzzer's coverage on every target; its unit tests run under the sanitizers, then each fuzz
  # target (fuzz/) for a bounded time. -O1 -g1: line tables are all a report needs, at half the build
  # time of -O2 -g. Every x86 kernel unit (the differential target compares each ISA with the scalar
  # path); the examples and the benchmark suite are left to the release and aarch64 runs.
  configure build/sanitize -S . -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" -DGRADNOISE_SANITIZE=address,undefined -DGRADNOISE_FUZZ=ON \
    -DGRADNOISE_BUILD_BENCH=OFF -DGRADNOISE_BUILD_EXAMPLES=OFF -DGRADNOISE_PYTHON=OFF
  cmake --build build/sanitize -j "$jobs"
  # Memory and UB checks, not statistics: 10^5 random points per set, as many samples per range
  # measurement and every 5th awkward point (the release run tests 10^7, 10^7 and all of them).
  step "sanitizer tests (10^5 random points per set)"
  # (The tool's shell tests run instrumented too; a signal may take up to 3 s to stop it here.)
  GRADNOISE_TEST_POINTS=100000 GRADNOISE_RANGE_SAMPLES=100000 GRADNOISE_TEST_AWKWARD_STRIDE=5 GRADNOISE_STOP_LIMIT_S=3 \
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build/sanitize --output-on-failure -j "$jobs"
  step "fuzzing: every libFuzzer target for ${GRADNOISE_FUZZ_SECONDS:-45} s (two at a time), after its regression inputs"
  bash fuzz/run.sh build/sanitize "${GRADNOISE_FUZZ_SECONDS:-45}"
fi

if [ "$run_sanitize" = 1 ]; then
  # The library and the test binary are instrumented; Debian's oneTBB is not, so TSan cannot see
  # its task hand-offs and reports them as races: the parallel-fill cases are left to the other
  # builds, and TSan checks what the C API promises -- many caller threads at once, each fill on
  # its own thread (a shared error message, for one, is reported at once).
  step "ThreadSanitizer build (the C API from many threads at once)"
  # (The SSE2 unit only: the threading is in the fills and the C API, the same for every ISA.)
  configure build/tsan -S . -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" -DGRADNOISE_SANITIZE=thread "-DGRADNOISE_X86_KERNELS=sse2" \
    -DGRADNOISE_BUILD_BENCH=OFF -DGRADNOISE_BUILD_CLI=OFF -DGRADNOISE_BUILD_BAKE=OFF -DGRADNOISE_BUILD_EXAMPLES=OFF
  cmake --build build/tsan -j "$jobs" --target gradnoise_tests
  step "ThreadSanitizer tests"
  TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
    build/tsan/tests/gradnoise_tests --test-suite=c_api_threads,api --test-case-exclude='parallel fills*'
fi

if [ "$run_cross" = 1 ]; then
  step "aarch64 cross build"
  # Without oneTBB: the whole suite, threads included, runs on the std::thread fallback there.
  configure build/aarch64 -S . -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64.cmake \
    -DCMAKE_BUILD_TYPE=Release -DGRADNOISE_BUILD_BENCH=OFF -DGRADNOISE_BUILD_BAKE=OFF -DGRADNOISE_WITH_TBB=OFF
  cmake --build build/aarch64 -j "$jobs"
  step "aarch64 tests under qemu-aarch64 (NEON path)"
  # Each emulated test is one qemu process on one core: run them side by side. The NEON kernels are
  # compared bit for bit with the scalar path on 10^6 random points per set (10^5 for the simplex,
  # cellular and gradient suites: tests/CMakeLists.txt; 10^7 on x86, where every ISA is native) and on every
  # awkward, bit-pattern and non-finite set in full.
  GRADNOISE_TEST_POINTS=1000000 ctest --test-dir build/aarch64 --output-on-failure -j "$jobs"

  step "Windows: MinGW-w64 cross build (the library, the tests, the tool, gradnoise_digest)"
  # Without oneTBB, Python, the bake formats and Google Benchmark, which Debian has no MinGW copies of
  # (cmake/toolchain-mingw64.cmake); statically linked, so the .exe files need no DLL beside them.
  bash scripts/build-windows.sh
  step "Windows: the tests and the digest under Wine; the tool against the Linux tool"
  export WINEDEBUG=-all
  # (Wine runs the programs natively on this CPU: every x86 ISA it has, as on Windows.)
  GRADNOISE_TEST_POINTS=1000000 ctest --test-dir build/mingw --output-on-failure -j "$jobs"
  # Windows writes text with CR LF: the lines, not the line ends, must be Linux's.
  wine build/mingw/tests/gradnoise_digest.exe | tr -d '\r' >build/mingw/digest.txt
  if ! diff -u build/digest-gcc.txt build/mingw/digest.txt; then
    echo "the Windows build gives different bits from Linux (above: field workload isa hash)" >&2
    exit 1
  fi
  echo "Windows (MinGW-w64, under Wine): the same bits as Linux on $(wc -l <build/mingw/digest.txt) digests"
  points=$'0.5 0.25 1\n-123.456 7.75 0.001\n1e7 -3 2.5\nnan 0 1\n3e38 1 -1'
  for options in "--basis perlin --fractal fbm --octaves 5 --seed 7" "--basis opensimplex2s --warp 1" "--basis cellular --jitter 0.5"; do
    # shellcheck disable=SC2086
    linux=$(printf '%s\n' "$points" | build/release/src/cli/gradnoise eval --format hex $options)
    # shellcheck disable=SC2086
    windows=$(printf '%s\n' "$points" | wine build/mingw/src/cli/gradnoise.exe eval --format hex $options | tr -d '\r')
    [ "$linux" = "$windows" ] || { echo "gradnoise.exe eval $options differs from Linux's:"; echo "$windows"; exit 1; }
  done
  build/release/src/cli/gradnoise heightmap -o build/mingw/linux.pgm --size 96x64 --fractal fbm --seed 3 >/dev/null
  wine build/mingw/src/cli/gradnoise.exe heightmap -o build/mingw/windows.pgm --size 96x64 --fractal fbm --seed 3 >/dev/null
  cmp build/mingw/linux.pgm build/mingw/windows.pgm
  ls build/mingw/windows.pgm.tmp.* >/dev/null 2>&1 && { echo "gradnoise.exe left a temporary file"; exit 1; }
  echo "gradnoise.exe: eval (3 fields, awkward points) and heightmap give Linux's values and bytes"

  step "WebAssembly: the scalar and SIMD128 modules (Emscripten), the tests and the digest"
  bash scripts/build-web.sh
  for kind in scalar simd128; do
    # ctest runs the programs under Node.js.
    GRADNOISE_TEST_POINTS=1000000 ctest --test-dir "build/wasm-$kind" --output-on-failure -j "$jobs"
    # Every field x workload hash equal to Linux's (the ISA column names the module's own kernels).
    node "build/wasm-$kind/tests/gradnoise_digest.js" | awk '{print $1, $2, $4}' | sort -u >"build/wasm-$kind/digest.txt"
    if ! diff -u <(awk '{print $1, $2, $4}' build/digest-gcc.txt | sort -u) "build/wasm-$kind/digest.txt"; then
      echo "the WebAssembly $kind module gives different bits from Linux (above: field workload hash)" >&2
      exit 1
    fi
    echo "WebAssembly $kind: the same bits as Linux on $(wc -l <"build/wasm-$kind/digest.txt") field x workload digests"
  done
  step "WebAssembly: the JavaScript API against the native tool (Node.js); the playground in headless Chromium"
  node tests/web/api_test.js build/web build/release/src/cli/gradnoise examples/graphs
  node tests/web/playground_test.js build/web build/release/src/cli/gradnoise build/web-test
fi

step "all test runs passed"
