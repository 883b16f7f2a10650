#!/usr/bin/env bash
# The web: builds the library as the two WebAssembly modules (Emscripten: cmake/toolchain-wasm.cmake),
# scalar (build/wasm-scalar, with its digest) and SIMD (build/wasm-simd128, with the tests), and
# assembles build/web:
# the modules, the JavaScript API (gradnoise.js) and the playground page (playground/index.html), after
# installing Emscripten, Node.js and Chromium (scripts/install-deps.sh --web). docs/web.md has the API;
# serve build/web with any static server, e.g. `python3 -m http.server -d build/web`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --tool --web
# shellcheck source=scripts/configure.sh
source scripts/configure.sh
# Emscripten's tools run on Node.js and need Debian's JavaScript modules (acorn).
export NODE_PATH=/usr/share/nodejs
rm -rf build/web
mkdir -p build/web
for kind in scalar simd128; do
  simd=OFF
  [ "$kind" = simd128 ] && simd=ON
  configure "build/wasm-$kind" -S . -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-wasm.cmake -DCMAKE_BUILD_TYPE=Release \
    -DGRADNOISE_WASM_SIMD128=$simd
  # The scalar module builds the module and its digest only: its kernels are the scalar path, which the
  # SIMD module's suite holds every ISA to; its own check is its digest against Linux's (scripts/test.sh).
  targets=()
  [ "$kind" = scalar ] && targets=(--target gradnoise_web gradnoise_digest)
  cmake --build "build/wasm-$kind" -j "$(nproc)" "${targets[@]}"
  cp "build/wasm-$kind/web/"gradnoise*.js build/web/
  cp -r "build/wasm-$kind/web/playground" build/web/
done
echo "build/web: gradnoise.js, gradnoise-scalar.js, gradnoise-simd128.js, playground/index.html"
