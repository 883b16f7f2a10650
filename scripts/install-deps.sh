#!/usr/bin/env bash
# Installs what gradnoise needs from Debian 12 packages, idempotently.
#   scripts/install-deps.sh           build + test + benchmark dependencies (scripts/test.sh)
#   scripts/install-deps.sh --tool    only the library and the command-line tool (scripts/quickstart.sh)
#   scripts/install-deps.sh --windows MinGW-w64 and Wine (scripts/build-windows.sh), besides what is asked
#   scripts/install-deps.sh --web     Emscripten, Node.js and Chromium (scripts/build-web.sh, the playground's test)
#   scripts/install-deps.sh --cross   everything, and the other platforms' tools: the aarch64 cross compiler,
#                                     qemu-user and arm64 runtime, --windows and --web, and the bindings'
#                                     compilers (Mono, NUnit, rustc, cargo)
# As root it installs; otherwise it prints the apt-get line and exits 1.
set -euo pipefail

# The library and the tool: a C++ compiler, CMake and Ninja, xsimd and oneTBB (the library); CLI11,
# nlohmann-json, libpng + zlib, OpenEXR, giflib, OpenSSL's libcrypto (the tile manifests' SHA-256) and
# stb_perlin (the yardstick `gradnoise bench` measures beside gradnoise) for the tool; pkgconf.
tool_packages=(cmake ninja-build g++ pkgconf libxsimd-dev libtbb-dev libcli11-dev nlohmann-json3-dev libpng-dev zlib1g-dev
  libopenexr-dev libgif-dev libssl-dev libstb-dev)
# The rest, for the tests, benchmarks and examples: clang, doctest, Google Benchmark, libnoise and glm (yardsticks);
# the Python package (python3-dev, pybind11, numpy; its tests pytest, PIL and imageio (the examples) and
# python3-noise (a benchmark yardstick); pip, venv, setuptools and wheel install it offline);
# gradnoise.dask: dask + distributed (the cluster), zarr and xarray (the stores it writes, opened as xarray
# does), rasterio + GDAL (COG; gdal-bin's gdalinfo and python3-gdal's COG validator in the tests), psutil
# (distributed's worker memory). libclang-rt-14-dev: libFuzzer and the sanitizers' runtimes for clang (fuzz/).
# bc: the shell tests' timings. libsdl2-dev, libgl-dev: the realtime viewer (examples/realtime); xvfb, xauth
# (xvfb-run) and libgl1-mesa-dri (Mesa's software renderer): its headless CI run. python3-jsonschema: the
# bench report's schema. ccache: scripts/test.sh compiles through it, so CI on a machine that ran it before
# rebuilds only what changed. libegl-dev, libopengl-dev, libegl-mesa0, libgbm1: OpenGL through EGL without a
# display, on Mesa's llvmpipe, where tests/gpu/test_shader.cpp runs the generated GLSL (docs/gpu.md);
# libvulkan-dev, mesa-vulkan-drivers (lavapipe), glslang-dev and spirv-tools: the same as Vulkan SPIR-V
# (tests/gpu/test_vulkan.cpp); glslang-tools and spirv-cross: the shell tests compile the tool's output with
# glslangValidator and translate it to HLSL (docs/gpu.md).
test_packages=(clang make doctest-dev libbenchmark-dev libnoise-dev python3 libglm-dev python3-jsonschema
  python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-pil python3-imageio python3-noise
  python3-venv python3-pip python3-setuptools python3-wheel
  python3-dask python3-distributed python3-zarr python3-xarray python3-rasterio python3-gdal gdal-bin python3-psutil
  libclang-rt-14-dev bc libsdl2-dev libgl-dev libgl1-mesa-dri xvfb xauth ccache
  libegl-dev libopengl-dev libegl-mesa0 libgbm1 libvulkan-dev mesa-vulkan-drivers glslang-dev glslang-tools spirv-tools spirv-cross)
cross_packages=(g++-aarch64-linux-gnu qemu-user libstdc++6:arm64 libtbb-dev:arm64)
# The language bindings' tests (tests/packages_test.sh): Mono's C# compiler and NUnit 2.6, console and framework
# assemblies (bindings/csharp),
# Debian's rustc and cargo (bindings/rust, offline: the crates use std only).
binding_packages=(mono-mcs nunit-console libnunit-cil-dev rustc cargo)
windows_packages=(g++-mingw-w64-x86-64 wine wine64)
web_packages=(emscripten nodejs chromium)
want_cross=0
packages=("${tool_packages[@]}" "${test_packages[@]}")
extra=()
for arg in "$@"; do
  case "$arg" in
    --cross) want_cross=1; extra+=("${windows_packages[@]}" "${web_packages[@]}" "${binding_packages[@]}") ;;
    --tool) packages=("${tool_packages[@]}") ;;
    --windows) extra+=("${windows_packages[@]}") ;;
    --web) extra+=("${web_packages[@]}") ;;
    *) echo "install-deps.sh: unknown argument '$arg' (expected --tool, --windows, --web or --cross)" >&2; exit 2 ;;
  esac
done
packages+=("${extra[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm (scripts/package.sh, tests/packages_test.sh): a NodeSource nodejs carries its own; Debian's nodejs does
# not, and Debian's npm package conflicts with NodeSource's, so it is asked for only where no npm runs.
if [[ " ${packages[*]} " == *" nodejs "* ]] && ! command -v npm >/dev/null 2>&1; then
  missing+=(npm)
fi
need_arm64_arch=0
if [ "$want_cross" = 1 ]; then
  dpkg --print-foreign-architectures | grep -qx arm64 || need_arm64_arch=1
  for p in "${cross_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
fi

if [ "${#missing[@]}" = 0 ] && [ "$need_arm64_arch" = 0 ]; then
  exit 0
fi

if [ "$(id -u)" != 0 ]; then
  echo "gradnoise needs these Debian packages: ${missing[*]}" >&2
  [ "$need_arm64_arch" = 1 ] && echo "  sudo dpkg --add-architecture arm64" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  echo "Run that (or run this script as root), then try again." >&2
  exit 1
fi

echo "== installing: ${missing[*]}"
[ "$need_arm64_arch" = 1 ] && dpkg --add-architecture arm64
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
