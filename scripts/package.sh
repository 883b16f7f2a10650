#!/usr/bin/env bash
# The packages a user installs the usual way (docs/packages.md), into build/packages/:
#   wheel   gradnoise-V-cpXY-cpXY-linux_<arch>.whl   `pip wheel`, offline, with Debian's setuptools and wheel
#                                                     (the module from build/release: scripts/test.sh builds it)
#   npm     gradnoise-V.tgz                           `npm pack` of the JavaScript API, both WebAssembly
#                                                     modules and the types (build/web: scripts/build-web.sh)
#   unity   com.gradnoise.gradnoise-V.tgz (and the    the C# binding as a Unity package: package.json, Runtime
#           folder com.gradnoise.gradnoise/)          sources and assembly definition, the native plugins in
#                                                     Plugins/Linux/x86_64 and Plugins/Windows/x86_64
# The Unity package's Linux plugin is built here without oneTBB (build/plugin: no library but the C
# runtime's), its Windows one by the MinGW build (scripts/build-windows.sh). The Rust crates are used
# from the source tree (bindings/rust: docs/rust.md).
#   scripts/package.sh [wheel] [npm] [unity]     (none: all three)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/configure.sh
source scripts/configure.sh
kinds=("$@")
[ "${#kinds[@]}" = 0 ] && kinds=(wheel npm unity)
out=build/packages
mkdir -p "$out"
version=$(sed -n 's/^#define GRADNOISE_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' include/gradnoise/version.h | paste -sd.)

wheel() {
  rm -f "$out"/gradnoise-*.whl
  GRADNOISE_CMAKE_BUILD_DIR=build/release /usr/bin/python3 -m pip wheel --no-build-isolation --no-deps --no-index \
    --quiet -w "$out" .
  rm -rf python/gradnoise.egg-info build/lib* build/bdist*
  echo "$(ls "$out"/gradnoise-"$version"-*.whl)"
}

npm_package() {
  [ -f build/web/gradnoise-simd128.js ] || bash scripts/build-web.sh
  local stage=build/npm/gradnoise
  rm -rf build/npm && mkdir -p "$stage"
  cp build/web/gradnoise.js build/web/gradnoise-scalar.js build/web/gradnoise-simd128.js web/gradnoise.d.ts \
    web/parameters.d.ts "$stage/"
  cp web/npm/README.md "$stage/README.md"
  sed "s/@VERSION@/$version/" web/npm/package.json >"$stage/package.json"
  (cd build/npm && npm pack --silent ./gradnoise >/dev/null)
  mv "build/npm/gradnoise-$version.tgz" "$out/"
  echo "$out/gradnoise-$version.tgz"
}

unity() {
  configure build/plugin -S . -DCMAKE_BUILD_TYPE=Release -DGRADNOISE_BUILD_PLUGIN=ON -DGRADNOISE_WITH_TBB=OFF \
    -DGRADNOISE_BUILD_TESTS=OFF -DGRADNOISE_BUILD_BENCH=OFF -DGRADNOISE_BUILD_CLI=OFF -DGRADNOISE_BUILD_BAKE=OFF \
    -DGRADNOISE_BUILD_EXAMPLES=OFF -DGRADNOISE_BUILD_GPU=OFF -DGRADNOISE_PYTHON=OFF
  cmake --build build/plugin -j "$(nproc)" --target gradnoise_plugin
  [ -f build/mingw/plugin/gradnoise.dll ] || bash scripts/build-windows.sh
  local name=com.gradnoise.gradnoise stage=build/unity/package
  rm -rf build/unity && mkdir -p "$stage/Runtime/Plugins/Linux/x86_64" "$stage/Runtime/Plugins/Windows/x86_64"
  cp bindings/csharp/Runtime/*.cs bindings/csharp/Runtime/*.asmdef "$stage/Runtime/"
  cp build/plugin/plugin/libgradnoise.so "$stage/Runtime/Plugins/Linux/x86_64/"
  cp build/mingw/plugin/gradnoise.dll "$stage/Runtime/Plugins/Windows/x86_64/"
  sed "s/@VERSION@/$version/" bindings/csharp/package.json >"$stage/package.json"
  cp docs/csharp.md "$stage/README.md"
  # Unity's tarball form is npm's: one top folder named package.
  tar -C build/unity -czf "$out/$name-$version.tgz" package
  rm -rf "${out:?}/$name" && cp -r "$stage" "$out/$name"
  echo "$out/$name-$version.tgz"
}

for kind in "${kinds[@]}"; do
  case "$kind" in
    wheel) wheel ;;
    npm) npm_package ;;
    unity) unity ;;
    *) echo "package.sh: unknown package '$kind' (expected wheel, npm or unity)" >&2; exit 2 ;;
  esac
done
