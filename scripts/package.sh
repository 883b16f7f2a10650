#!/usr/bin/env bash
# The packages a user installs the usual way (docs/packages.md), into build/packages/:
#   wheel   gradnoise-V-cpXY-cpXY-linux_<arch>.whl   `pip wheel`, offline, with Debian's setuptools and wheel
#                                                     (the module from build/release: scripts/test.sh builds it)
#   npm     gradnoise-V.tgz                           `npm pack` of the JavaScript API, both WebAssembly
#                                                     modules and the types (build/web: scripts/build-web.sh)
#   unity   com.gradnoise.gradnoise-V.tgz (and the    the C# binding as a Unity package: package.json, Runtime
#           folder com.gradnoise.gradnoise/)          sources and assembly definition, the native plugins in
#                                                     Plugins/Linux/x86_64 and Plugins/Windows/x86_64
# The Unity package's Linux plugin is built here without oneTBB (build/plugin: it needs only the C and C++
# runtimes), its Windows one by the MinGW build (scripts/build-windows.sh); the web and Windows builds are
# brought up to date first (incremental: nothing to do after scripts/test.sh). The Rust crates are used
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
  bash scripts/build-web.sh >/dev/null
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
  bash scripts/build-windows.sh >/dev/null
  local name=com.gradnoise.gradnoise stage=build/unity/package
  rm -rf build/unity && mkdir -p "$stage/Runtime/Plugins/Linux/x86_64" "$stage/Runtime/Plugins/Windows/x86_64"
  cp bindings/csharp/Runtime/*.cs bindings/csharp/Runtime/*.asmdef "$stage/Runtime/"
  cp build/plugin/plugin/libgradnoise.so "$stage/Runtime/Plugins/Linux/x86_64/"
  cp build/mingw/plugin/gradnoise.dll "$stage/Runtime/Plugins/Windows/x86_64/"
  sed "s/@VERSION@/$version/" bindings/csharp/package.json >"$stage/package.json"
  cp docs/csharp.md "$stage/README.md"
  unity_meta_files "$stage"
  # Unity's tarball form is npm's: one top folder named package.
  tar -C build/unity -czf "$out/$name-$version.tgz" package
  rm -rf "${out:?}/$name" && cp -r "$stage" "$out/$name"
  echo "$out/$name-$version.tgz"
}

# Unity reads a package from a tarball as read-only and ignores a file or folder without a .meta file: one
# for each, with a GUID fixed by its path (the same in every build), and the plugins' import settings (the
# Editor and the standalone player of the plugin's own OS, x86_64).
unity_meta_files() {
  local stage=$1 path rel guid
  while IFS= read -r path; do
    rel=${path#"$stage"/}
    guid=$(printf 'com.gradnoise.gradnoise/%s' "$rel" | md5sum | cut -c1-32)
    {
      printf 'fileFormatVersion: 2\nguid: %s\n' "$guid"
      if [ -d "$path" ]; then
        printf 'folderAsset: yes\nDefaultImporter:\n'
      else
        case "$rel" in
          *.cs) printf 'MonoImporter:\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n  icon: {instanceID: 0}\n' ;;
          *.asmdef) printf 'AssemblyDefinitionImporter:\n' ;;
          package.json) printf 'PackageManifestImporter:\n' ;;
          *.md) printf 'TextScriptImporter:\n' ;;
          *.so|*.dll) plugin_importer "$rel" ;;
          *) printf 'DefaultImporter:\n' ;;
        esac
      fi
      printf '  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n'
    } >"$path.meta"
  done < <(find "$stage" -mindepth 1 ! -name '*.meta' | sort)
}
plugin_importer() {
  local os=Linux player=Linux64 other=Win64
  case "$1" in *.dll) os=Windows player=Win64 other=Linux64 ;; esac
  cat <<META
PluginImporter:
  serializedVersion: 2
  iconMap: {}
  executionOrder: {}
  defineConstraints: []
  isPreloaded: 0
  isOverridable: 0
  isExplicitlyReferenced: 0
  validateReferences: 1
  platformData:
  - first:
      : Any
    second:
      enabled: 0
      settings:
        Exclude Editor: 0
        Exclude $player: 0
        Exclude $other: 1
  - first:
      Editor: Editor
    second:
      enabled: 1
      settings:
        CPU: x86_64
        DefaultValueInitialized: true
        OS: $os
  - first:
      Standalone: $player
    second:
      enabled: 1
      settings:
        CPU: x86_64
  - first:
      Standalone: $other
    second:
      enabled: 0
      settings:
        CPU: None
META
}

for kind in "${kinds[@]}"; do
  case "$kind" in
    wheel) wheel ;;
    npm) npm_package ;;
    unity) unity ;;
    *) echo "package.sh: unknown package '$kind' (expected wheel, npm or unity)" >&2; exit 2 ;;
  esac
done
