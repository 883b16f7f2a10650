#!/usr/bin/env bash
# The first picture: installs what the library and the tool need (only those: scripts/test.sh installs
# the rest), builds the tool, and runs the main job on defaults -- `gradnoise bake terrain`, a 512x512
# coloured fBm terrain written to ./gradnoise-terrain.png.
# Extra arguments go to `gradnoise bake terrain` (e.g. --size 1024x1024 --seed 7 -o out.png;
# --grey --depth 16 -o height.png for a 16-bit heightmap).
#
# The build (build/quickstart) is the portable scalar path at -O1 (on aarch64 the NEON unit too, the
# architecture's baseline): the x86 SIMD kernel units take most of a
# full build's compile time, -O3 doubles the rest, and every ISA and optimisation level gives the same
# bits (scripts/test.sh checks -O0, -O2 and -O3), so the first picture waits for neither -- about half a
# minute of compiling on two cores. The full build (every ISA the CPU has, several times faster on large
# bakes; the tests, Python) is scripts/test.sh's build/release, or:
#   cmake -G Ninja -S . -B build/release -DCMAKE_BUILD_TYPE=Release && cmake --build build/release
set -euo pipefail
here="$(pwd)"
cd "$(dirname "$0")/.."
start=$SECONDS
step() { printf '== %s (%ds)\n' "$1" "$((SECONDS - start))"; }

step "packages: the library's and the tool's (scripts/install-deps.sh --tool)"
bash scripts/install-deps.sh --tool
mkdir -p build
step "configuring build/quickstart (-O1, the scalar path, the tool only)"
cmake -G Ninja -S . -B build/quickstart -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" "-DGRADNOISE_X86_KERNELS=" \
  -DGRADNOISE_BUILD_TESTS=OFF -DGRADNOISE_BUILD_BENCH=OFF -DGRADNOISE_BUILD_EXAMPLES=OFF -DGRADNOISE_PYTHON=OFF \
  >build/quickstart-configure.log 2>&1 || { cat build/quickstart-configure.log; exit 1; }
step "building the tool (one line per compile step)"
# Ninja prints "[step/steps] ..." per step; through a pipe it prints one line each.
cmake --build build/quickstart -j "$(nproc)" --target gradnoise_cli | cat
bin="$(pwd)/build/quickstart/src/cli/gradnoise"
step "baking"
cd "$here"
"$bin" bake terrain "$@"
printf '== done in %ds. The tool: %s --help\n' "$((SECONDS - start))" "$bin"
echo "   (a quick build: the scalar path at -O1; for full speed, every SIMD kernel: bash scripts/test.sh, or see the top of $0)"
