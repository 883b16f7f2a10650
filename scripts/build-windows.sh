#!/usr/bin/env bash
# Windows: cross-builds the library, its tests, the tool and gradnoise_digest for 64-bit Windows with
# MinGW-w64 (cmake/toolchain-mingw64.cmake) into build/mingw, after installing MinGW-w64 and Wine
# (scripts/install-deps.sh --windows). The .exe files are statically linked: copy them to a Windows
# machine as they are, or run them here under Wine (`wine build/mingw/src/cli/gradnoise.exe ...`).
# plugin/gradnoise.dll is the C API for C#, Rust and other FFIs (cmake/GradnoisePlugin.cmake).
# scripts/test.sh runs the tests and the digest under Wine and compares them with Linux's.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --tool --windows
# shellcheck source=scripts/configure.sh
source scripts/configure.sh
configure build/mingw -S . -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-mingw64.cmake -DCMAKE_BUILD_TYPE=Release \
  -DGRADNOISE_BUILD_EXAMPLES=OFF -DGRADNOISE_BUILD_PLUGIN=ON
cmake --build build/mingw -j "$(nproc)"
echo "build/mingw: src/cli/gradnoise.exe, tests/gradnoise_tests.exe, tests/gradnoise_digest.exe, libgradnoise.a, plugin/gradnoise.dll"
