# WebAssembly with Debian's Emscripten (emscripten, 3.1.6); ctest runs the programs under Node.js.
#   cmake -B build/wasm -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-wasm.cmake [-DGRADNOISE_WASM_SIMD128=ON]
# The scalar module runs on every WebAssembly engine; the SIMD one (simd128) on those with WebAssembly
# SIMD (every current browser, Node.js 16+). No threads: fills run on the calling thread (oneTBB is off,
# and std::thread needs SharedArrayBuffer, which a page must opt into). Emscripten's tools run on Node.js
# and need Debian's JavaScript modules (acorn): NODE_PATH=/usr/share/nodejs in the environment.
include(/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake)
set(GRADNOISE_WITH_TBB OFF CACHE BOOL "")
set(GRADNOISE_PYTHON OFF CACHE STRING "")
set(GRADNOISE_BUILD_CLI OFF CACHE BOOL "")
set(GRADNOISE_BUILD_BAKE OFF CACHE BOOL "")
set(GRADNOISE_BUILD_BENCH OFF CACHE BOOL "")
set(GRADNOISE_BUILD_EXAMPLES OFF CACHE BOOL "")
# Header-only dependencies from the host's packages, through a folder of their own (GradnoiseCross.cmake).
set(xsimd_DIR /usr/lib/x86_64-linux-gnu/cmake/xsimd CACHE PATH "")
set(doctest_DIR /usr/lib/cmake/doctest CACHE PATH "")
set(nlohmann_json_DIR /usr/share/cmake/nlohmann_json CACHE PATH "")
set(GRADNOISE_HOST_HEADERS /usr/include CACHE PATH "Where the host's header-only packages are")
