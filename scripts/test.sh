#!/usr/bin/env bash
# Builds and runs every test gradnoise has (README: the test command; .ci/run calls it). Each phase is
# timed, and a closing table lists phase, wall time, the CPU seconds the machine was busy, and result
# (docs/testing.md has what each checks, and the measured times). In order:
#   packages     what the build and tests need (scripts/install-deps.sh); the other platforms' tools
#                (aarch64, MinGW-w64 + Wine, Emscripten + Node.js + Chromium) install beside the release build.
#   release      GCC -O3, every x86 ISA: the unit tests (10^6 random points per set and ISA, every awkward
#                set in full), the CLI, bake, bench, graph and viewer tests, the GPU form on Mesa, Python.
#   README       every command and example in the README and the guides it points to, verbatim: the quick
#                start (GCC -O1, the scalar path) and the Windows and WebAssembly builds.
#   -O1, -O0     the quick start's tree (GCC -O1) and a shared-library tree at GCC -O0 give -O3's digests;
#                the shared library is installed and linked by the C++ and C examples, exports only the API.
#   Python       the wheel (pip wheel, offline) into a fresh venv, pytest against it; benchmark smoke runs.
#   sanitizers   clang -O1, ASan + UBSan, every x86 ISA: the unit tests (10^5 points), the tool's shell
#                tests, clang's digest against GCC's; every libFuzzer target (beside the next builds).
#   TSan         the C API from many threads at once.
#   aarch64      GCC -O2, NEON, under qemu-aarch64: the unit tests and the digest against x86 -O3's.
#   Windows      the MinGW-w64 build under Wine: the unit tests, the digest, the tool against Linux's.
#   WebAssembly  both modules' unit tests and digests under Node.js; the JavaScript API against the tool and
#                the conformance vectors; the playground in headless Chromium against `gradnoise bake`.
#   packages     the npm tarball in an empty project (TypeScript, Node.js), the Unity package's C# under Mono and
#                NUnit, the Rust crates (cargo test), each against the conformance vectors.
# Options: --quick (packages, the release build and its unit tests: the inner loop), --no-sanitize,
# --no-cross (no aarch64, Windows or WebAssembly tests; the README's own Windows and web commands still run).
# Build trees live under build/; logs of the phases run beside others under build/ci-logs/.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
run_sanitize=1
run_cross=1
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    --no-sanitize) run_sanitize=0 ;;
    --no-cross) run_cross=0 ;;
    *) echo "test.sh: unknown argument '$arg' (expected --quick, --no-sanitize, --no-cross)" >&2; exit 2 ;;
  esac
done
if [ "$quick" = 1 ] && [ "$#" -gt 1 ]; then
  echo "test.sh: --quick runs the release build and its tests only; it takes no other option" >&2
  exit 2
fi

jobs=$(nproc)
# configure DIR ARGS: Ninja, through ccache (scripts/configure.sh).
# shellcheck source=scripts/configure.sh
source scripts/configure.sh
mkdir -p build/ci-logs

# --- phases: each runs in a subshell with errexit; its time and result go into the closing table ---
phase_rows=()
started=$SECONDS
# CPU seconds the machine spent busy so far (every core, every process: /proc/stat's user, nice, system,
# irq, softirq and steal). A phase's share of it, beside its wall time, shows how well it fills the cores.
busy_cpu_s() {
  awk -v hz="$(getconf CLK_TCK)" '$1 == "cpu" { printf "%d", ($2 + $3 + $4 + $7 + $8 + $9) / hz; exit }' /proc/stat
}
cpu_started=$(busy_cpu_s)
summary() {
  local rc=$?
  [ "${#phase_rows[@]}" = 0 ] && return
  printf '\n%-66s %8s %8s  %s\n' "phase" "time" "CPU s" "result"
  printf '%s\n' "${phase_rows[@]}"
  printf '%-66s %5d:%02d %8d  %s\n' "total" $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) \
    $(($(busy_cpu_s) - cpu_started)) \
    "$([ "$rc" = 0 ] && echo "every phase passed" || echo "FAILED")"
}
trap summary EXIT
row() {  # name seconds busy-CPU-seconds-or-'-' result
  phase_rows+=("$(printf '%-66s %5d:%02d %8s  %s' "$1" $(($2 / 60)) $(($2 % 60)) "$3" "$4")")
}
phase() {  # NAME COMMAND...: run it now
  local name=$1 t0=$SECONDS c0 rc
  c0=$(busy_cpu_s)
  shift
  printf '\n== %s (%s)\n' "$name" "$(date +%H:%M:%S)"
  set +e
  (set -e; "$@")
  rc=$?
  set -e
  if [ "$rc" != 0 ]; then
    row "$name" $((SECONDS - t0)) $(($(busy_cpu_s) - c0)) "FAILED (exit $rc)"
    exit 1
  fi
  row "$name" $((SECONDS - t0)) $(($(busy_cpu_s) - c0)) "passed"
}
declare -A beside_pid beside_start beside_name
beside() {  # KEY NAME COMMAND...: run it beside the phases that follow; `await KEY` joins it
  local key=$1 name=$2
  shift 2
  printf '\n== %s: started beside the next phases (%s; log: build/ci-logs/%s.log)\n' "$name" "$(date +%H:%M:%S)" "$key"
  (set -e; "$@") >"build/ci-logs/$key.log" 2>&1 &
  beside_pid[$key]=$!
  beside_start[$key]=$SECONDS
  beside_name[$key]=$name
}
await() {  # KEY
  local key=$1 rc
  set +e
  wait "${beside_pid[$key]}"
  rc=$?
  set -e
  printf '\n== %s: done (%s)\n' "${beside_name[$key]}" "$(date +%H:%M:%S)"
  cat "build/ci-logs/$key.log"
  if [ "$rc" != 0 ]; then
    row "${beside_name[$key]} (beside)" $((SECONDS - beside_start[$key])) - "FAILED (exit $rc)"
    exit 1
  fi
  row "${beside_name[$key]} (beside)" $((SECONDS - beside_start[$key])) - "passed"
}
# same_digest EXPECTED ACTUAL WHAT: the digests (field workload isa hash) equal line for line.
same_digest() {
  if ! diff -u "$1" "$2"; then
    echo "$3 gives different bits from GCC -O3 on x86-64 (above: field workload isa hash)" >&2
    return 1
  fi
  echo "$3: the same bits as GCC -O3 on $(wc -l <"$2") digests"
}

# same_values EXPECTED ACTUAL WHAT: the same hash per field and workload, whatever the ISA column says
# (another architecture's kernels: NEON, WebAssembly SIMD).
same_values() {
  if ! diff -u <(awk '{print $1, $2, $4}' "$1" | sort -u) <(awk '{print $1, $2, $4}' "$2" | sort -u); then
    echo "$3 gives different bits from GCC -O3 on x86-64 (above: field workload hash)" >&2
    return 1
  fi
  echo "$3: the same bits as GCC -O3 on x86-64 on $(awk '{print $1, $2, $4}' "$2" | sort -u | wc -l) field x workload digests"
}

# --- the phases ---
packages() {
  bash scripts/install-deps.sh
}
other_platforms_packages() {
  bash scripts/install-deps.sh --cross
}
release_build() {
  configure build/release -S . -DCMAKE_BUILD_TYPE=Release
  cmake --build build/release -j "$jobs"
}
release_tests() {
  # 10^6 random points per set and ISA (GRADNOISE_TEST_POINTS; 10^7 by default): every ISA is native
  # here, and the awkward, bit-pattern and non-finite sets run in full.
  GRADNOISE_TEST_POINTS=1000000 ctest --test-dir build/release --output-on-failure -j "$jobs"
  build/release/tests/gradnoise_digest >build/digest-gcc.txt
  build/release/tests/gradnoise_digest --quick >build/digest-gcc-quick.txt
  echo "GCC -O3: $(wc -l <build/digest-gcc.txt) field x kernel x ISA digests (build/digest-gcc.txt)"
}
quick_tests() {
  # The inner loop: 10^5 random points per set, and not the three slowest entries (the GPU form on Mesa's
  # two renderers, the viewer's flights under Xvfb): the full run has them.
  GRADNOISE_TEST_POINTS=100000 ctest --test-dir build/release --output-on-failure -j "$jobs" \
    -E '^(gpu_opengl|gpu_vulkan|realtime_viewer)$'
}
readme() {
  bash scripts/check_readme.sh
}
quickstart_digest() {
  # The quick start's tree (GCC -O1, the scalar path; scripts/quickstart.sh, run by the README check)
  # with its tests switched on: only gradnoise_digest compiles, the library's objects are the quick start's.
  cmake -G Ninja -S . -B build/quickstart -DGRADNOISE_BUILD_TESTS=ON >/dev/null
  cmake --build build/quickstart -j "$jobs" --target gradnoise_digest >/dev/null
  build/quickstart/tests/gradnoise_digest >build/quickstart/digest.txt
  # (Only the scalar rows: the quick start has no x86 SIMD unit.)
  same_digest <(grep ' scalar ' build/digest-gcc.txt) build/quickstart/digest.txt "g++ -O1 (the quick start's tree)"
}
shared_library_O0() {
  # One tree checks two things: the package as a shared library (-DBUILD_SHARED_LIBS=ON: installed,
  # linked by both examples through find_package, pkg-config and the compiler alone, only the public
  # API exported) and the bits at -O0 (every x86 unit: -O0 compiles fast and runs slowly, so the --quick
  # digest -- every field, kernel, ISA and awkward value, fewer random points). Without oneTBB: the fills
  # on std::threads, the library otherwise the same.
  local prefix pcdir so leaked libdir
  configure build/shared -S . -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O0" -DBUILD_SHARED_LIBS=ON \
    -DGRADNOISE_WITH_TBB=OFF -DGRADNOISE_BUILD_BENCH=OFF -DGRADNOISE_BUILD_CLI=OFF -DGRADNOISE_BUILD_BAKE=OFF \
    -DGRADNOISE_BUILD_EXAMPLES=OFF -DGRADNOISE_PYTHON=OFF -DGRADNOISE_BUILD_GPU=OFF
  cmake --build build/shared -j "$jobs" --target gradnoise gradnoise_digest
  build/shared/tests/gradnoise_digest --quick >build/shared/digest.txt
  same_digest build/digest-gcc-quick.txt build/shared/digest.txt "g++ -O0 (shared library, no oneTBB)"
  so=$(find build/shared -name 'libgradnoise.so.*.*' | head -1)
  leaked=$(nm -D --defined-only "$so" | awk '$2 == "T" || $2 == "W" || $2 == "D" || $2 == "B"' | grep -v gradnoise || true)
  if [ -n "$leaked" ]; then
    echo "libgradnoise.so exports symbols outside the public API:"; echo "$leaked" | head; return 1
  fi
  echo "$(basename "$so"): $(nm -D --defined-only "$so" | grep -c gradnoise) exported symbols, all gradnoise's"
  for kind in static shared; do
    prefix=$(mktemp -d)
    if [ "$kind" = static ]; then cmake --install build/release --prefix "$prefix" >/dev/null; else cmake --install build/shared --prefix "$prefix" >/dev/null; fi
    libdir=$(dirname "$(find "$prefix" -name 'libgradnoise.*' | head -1)")
    rm -rf "build/installed-$kind"
    configure "build/installed-$kind" -S examples/installed -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
    cmake --build "build/installed-$kind" >/dev/null
    LD_LIBRARY_PATH="$libdir" "build/installed-$kind/chunk_stream"
    LD_LIBRARY_PATH="$libdir" "build/installed-$kind/chunk_stream_c"
    # (pkg-config exactly as docs/embedding.md writes it: no --static, which a static default install must not need.)
    pcdir=$(dirname "$(find "$prefix" -name gradnoise.pc | head -1)")
    # shellcheck disable=SC2046
    g++ -std=c++17 -O2 examples/installed/chunk_stream.cpp $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs gradnoise) \
      -o "build/installed-$kind/chunk_stream_pkgconfig"
    LD_LIBRARY_PATH="$libdir" "build/installed-$kind/chunk_stream_pkgconfig"
    # shellcheck disable=SC2046
    gcc -std=c99 -pedantic-errors -Wall -Wextra -Werror -O2 examples/installed/chunk_stream.c \
      $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs gradnoise) -o "build/installed-$kind/chunk_stream_c_pkgconfig"
    LD_LIBRARY_PATH="$libdir" "build/installed-$kind/chunk_stream_c_pkgconfig"
    echo "installed ($kind): both examples through find_package and pkg-config"
    rm -rf "$prefix"
  done
}
python_package() {
  # The release tree's pytest run (ctest: python_tests) imports build/release/python; this one checks the
  # package as users install it (docs/python.md): the wheel `pip wheel` makes offline with Debian's
  # setuptools (scripts/package.sh, reusing the release tree's build of the module), installed into a venv
  # that sees Debian's numpy, then the suite -- the conformance vectors included -- from outside the tree.
  local venv root=$PWD
  venv=$(mktemp -d)
  /usr/bin/python3 -m venv --system-site-packages "$venv"
  bash scripts/package.sh wheel
  "$venv/bin/pip" install --no-deps --no-index --quiet build/packages/gradnoise-*.whl
  (cd "$venv" && "$venv/bin/python" -c 'import gradnoise, sys; assert gradnoise.__file__.startswith(sys.prefix), gradnoise.__file__; print("import gradnoise:", gradnoise.__file__, gradnoise.__version__, gradnoise.active_isa())')
  (cd "$venv" && GRADNOISE_CLI="$root/build/release/src/cli/gradnoise" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
    "$root/tests/python" -k "not examples" -x)
  rm -rf "$venv"
  build/release/bench/gradnoise_bench --benchmark_min_time=0.01 --benchmark_filter='points1M' >/dev/null
  echo "gradnoise_bench runs"
  PYTHONPATH=build/release/python /usr/bin/python3 bench/python_bench.py --quick >/dev/null
  echo "bench/python_bench.py runs (its workload checks against gradnoise eval included)"
  PYTHONPATH=build/release/python /usr/bin/python3 bench/dask_bench.py --quick >/dev/null
  echo "bench/dask_bench.py runs (1 and 2 worker processes on 127.0.0.1)"
}
sanitize_build() {
  # One clang tree for both: ASan + UBSan (clang's undefined includes float-cast-overflow) and
  # libFuzzer's coverage on every target. -O1 -g1: line tables are all a report needs. Every x86 kernel
  # unit (the differential target compares each ISA with the scalar path). It is also the clang tree:
  # its digest must equal GCC's.
  configure build/sanitize -S . -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" -DGRADNOISE_SANITIZE=address,undefined -DGRADNOISE_FUZZ=ON \
    -DGRADNOISE_BUILD_BENCH=OFF -DGRADNOISE_BUILD_EXAMPLES=OFF -DGRADNOISE_PYTHON=OFF
  cmake --build build/sanitize -j "$jobs"
}
sanitize_tests() {
  # Memory and UB checks, not statistics: 10^5 random points per set, as many samples per range
  # measurement and every 5th awkward point. (The tool's shell tests run instrumented too; a signal may
  # take up to 3 s to stop it here.)
  GRADNOISE_TEST_POINTS=100000 GRADNOISE_RANGE_SAMPLES=100000 GRADNOISE_TEST_AWKWARD_STRIDE=5 GRADNOISE_STOP_LIMIT_S=3 \
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build/sanitize --output-on-failure -j "$jobs"
  # (The --quick digest: every field, kernel, ISA and awkward value; the instrumented code runs slowly.)
  build/sanitize/tests/gradnoise_digest --quick >build/sanitize/digest.txt
  same_digest build/digest-gcc-quick.txt build/sanitize/digest.txt "clang++ -O1 (ASan + UBSan)"
}
fuzzing() {
  # One target at a time, beside the builds that follow.
  GRADNOISE_FUZZ_JOBS=1 bash fuzz/run.sh build/sanitize "${GRADNOISE_FUZZ_SECONDS:-20}"
}
tsan() {
  # The library and the test binary are instrumented; Debian's oneTBB is not, so TSan cannot see its
  # task hand-offs and reports them as races: the parallel-fill cases are left to the other builds, and
  # TSan checks what the C API promises -- many caller threads at once, each fill on its own thread.
  # (The scalar path only: the threading is in the fills and the C API, the same for every ISA.)
  configure build/tsan -S . -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" \
    -DGRADNOISE_SANITIZE=thread "-DGRADNOISE_X86_KERNELS=" -DGRADNOISE_BUILD_GPU=OFF \
    -DGRADNOISE_BUILD_BENCH=OFF -DGRADNOISE_BUILD_CLI=OFF -DGRADNOISE_BUILD_BAKE=OFF -DGRADNOISE_BUILD_EXAMPLES=OFF \
    -DGRADNOISE_PYTHON=OFF
  # (gradnoise_thread_tests: those suites' files only, not every kernel family's tests instrumented.)
  cmake --build build/tsan -j "$jobs" --target gradnoise_thread_tests
  TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
    build/tsan/tests/gradnoise_thread_tests --test-suite=c_api_threads,api --test-case-exclude='parallel fills*'
}
aarch64_build() {
  # GCC -O2 (the x86 trees are -O3, -O1 and -O0), without oneTBB: the whole suite, threads included,
  # runs on the std::thread fallback there.
  configure build/aarch64 -S . -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64.cmake -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" -DGRADNOISE_BUILD_BENCH=OFF -DGRADNOISE_BUILD_BAKE=OFF -DGRADNOISE_WITH_TBB=OFF
  cmake --build build/aarch64 -j "$jobs"
}
aarch64_tests() {
  # Each emulated test is one qemu process on one core: run side by side. The NEON kernels against the
  # scalar path on 10^5 random points per set and on every awkward, bit-pattern and non-finite set in full.
  # The range measurements take 10^5 samples (10^7 in the release tree): their bits are the scalar path's,
  # which the digest below holds to x86's.
  GRADNOISE_TEST_POINTS=100000 GRADNOISE_RANGE_SAMPLES=100000 ctest --test-dir build/aarch64 --output-on-failure -j "$jobs"
  qemu-aarch64 build/aarch64/tests/gradnoise_digest --quick >build/aarch64/digest.txt
  same_values build/digest-gcc-quick.txt build/aarch64/digest.txt "aarch64 g++ -O2 (NEON, under qemu)"
}
windows_tests() {
  # build/mingw was built by the README's Windows commands (scripts/build-windows.sh): the library, the
  # tests, the tool and gradnoise_digest, static .exe files. Wine runs them natively on this CPU: every
  # x86 ISA it has, as on Windows.
  export WINEDEBUG=-all
  # One wineserver for the whole phase (-p: it stays between programs, killed on leaving). Without it each
  # program may start or meet a server that is exiting, and two tests starting at once once lost theirs
  # ("wine client error:0: recvmsg: Connection reset by peer", before the test ran a line: a CI run of 0.19.0).
  wineserver -p >/dev/null 2>&1 </dev/null
  trap 'wineserver -k >/dev/null 2>&1 || true' EXIT
  wine build/mingw/tests/gradnoise_tests.exe --version >/dev/null  # the prefix up to date before the tests
  local log=build/mingw/ctest.log
  if ! GRADNOISE_TEST_POINTS=100000 ctest --test-dir build/mingw --output-on-failure -j "$jobs" 2>&1 | tee "$log"; then
    # Wine itself failing (its client lost the server) is not a test result: those tests run once more,
    # alone. Any other failure fails the phase.
    grep -q 'wine client error' "$log" || return 1
    echo "Wine lost its server under a test: the failed tests once more, one at a time"
    GRADNOISE_TEST_POINTS=100000 ctest --test-dir build/mingw --output-on-failure --rerun-failed
  fi
  # Windows writes text with CR LF: the lines, not the line ends, must be Linux's.
  wine build/mingw/tests/gradnoise_digest.exe | tr -d '\r' >build/mingw/digest.txt
  same_digest build/digest-gcc.txt build/mingw/digest.txt "Windows (MinGW-w64 g++ -O3, under Wine)"
  local points=$'0.5 0.25 1\n-123.456 7.75 0.001\n1e7 -3 2.5\nnan 0 1\n3e38 1 -1' options linux windows
  for options in "--basis perlin --fractal fbm --octaves 5 --seed 7" "--basis opensimplex2s --warp 1" "--basis cellular --jitter 0.5"; do
    # shellcheck disable=SC2086
    linux=$(printf '%s\n' "$points" | build/release/src/cli/gradnoise eval --format hex $options)
    # shellcheck disable=SC2086
    windows=$(printf '%s\n' "$points" | wine build/mingw/src/cli/gradnoise.exe eval --format hex $options | tr -d '\r')
    [ "$linux" = "$windows" ] || { echo "gradnoise.exe eval $options differs from Linux's:"; echo "$windows"; return 1; }
  done
  build/release/src/cli/gradnoise heightmap -o build/mingw/linux.pgm --size 96x64 --fractal fbm --seed 3 >/dev/null
  wine build/mingw/src/cli/gradnoise.exe heightmap -o build/mingw/windows.pgm --size 96x64 --fractal fbm --seed 3 >/dev/null
  cmp build/mingw/linux.pgm build/mingw/windows.pgm
  if ls build/mingw/windows.pgm.tmp.* >/dev/null 2>&1; then echo "gradnoise.exe left a temporary file"; return 1; fi
  echo "gradnoise.exe: eval (3 fields, awkward points) and heightmap give Linux's values and bytes"
}
web_tests() {
  # build/wasm-* and build/web were built by the README's web commands (scripts/build-web.sh). ctest runs
  # the programs under Node.js; every field x workload hash must equal Linux's (the ISA column names the
  # module's own kernels).
  local kind
  # (The doctest suite in the SIMD module, which has the scalar path too: the scalar module's kernels are
  # that path, and its digest is compared below.)
  GRADNOISE_TEST_POINTS=100000 ctest --test-dir build/wasm-simd128 --output-on-failure -j "$jobs"
  for kind in scalar simd128; do
    node "build/wasm-$kind/tests/gradnoise_digest.js" >"build/wasm-$kind/digest.txt"
    same_values build/digest-gcc.txt "build/wasm-$kind/digest.txt" "WebAssembly $kind"
  done
  node tests/web/api_test.js build/web build/release/src/cli/gradnoise examples/graphs
  node tests/web/vectors_test.js build/web conformance/vectors.txt
  node tests/web/playground_test.js build/web build/release/src/cli/gradnoise build/web-test
}
packages_tests() {
  # Each package from its own artefact against the conformance vectors (tests/packages_test.sh); the Unity
  # package's plugins are build/plugin's (no oneTBB) and the MinGW build's.
  bash scripts/package.sh npm unity
  bash tests/packages_test.sh
}

# --- the run ---
phase "packages: what the build and the tests need" packages
if [ "$quick" = 0 ] && [ "$run_cross" = 1 ]; then
  beside packages-cross "packages: the other platforms' tools" other_platforms_packages
fi
phase "release build (GCC -O3, every x86 ISA)" release_build
if [ "$quick" = 1 ]; then
  phase "release tests (--quick: 10^5 points, no GPU or viewer entries)" quick_tests
  exit 0
fi
phase "release tests" release_tests
[ "$run_cross" = 1 ] && await packages-cross
phase "README: every command and example in it and its guides, verbatim" readme
phase "GCC -O1: the quick start's tree against -O3's digest" quickstart_digest
phase "GCC -O0 shared library: digest, exports, installed package (static and shared)" shared_library_O0
phase "installed Python package; benchmark smoke runs" python_package
if [ "$run_sanitize" = 1 ]; then
  phase "sanitizer build (clang -O1, ASan + UBSan, libFuzzer)" sanitize_build
  phase "sanitizer tests; clang's digest against GCC's" sanitize_tests
  beside fuzzing "fuzzing: every libFuzzer target after its regression inputs" fuzzing
  phase "ThreadSanitizer: the C API from many threads at once" tsan
fi
if [ "$run_cross" = 1 ]; then
  phase "aarch64 cross build (GCC -O2, NEON)" aarch64_build
  [ "$run_sanitize" = 1 ] && await fuzzing
  phase "aarch64 tests under qemu-aarch64; the digest" aarch64_tests
  phase "Windows: the tests, the digest and the tool under Wine" windows_tests
  phase "WebAssembly: both modules, the JavaScript API, the playground in Chromium" web_tests
  phase "packages: npm (TypeScript, Node.js), the Unity package (C# under Mono), the Rust crates" packages_tests
elif [ "$run_sanitize" = 1 ]; then
  await fuzzing
fi
