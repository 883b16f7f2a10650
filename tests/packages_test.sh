#!/usr/bin/env bash
# The packages and language bindings, each checked from its own artefact (docs/packages.md), every one against
# the conformance vectors (conformance/vectors.txt):
#   npm    build/packages/gradnoise-V.tgz installed into an empty project (tests/web/npm_consumer: TypeScript
#          from its lock file) -- its types checked by tsc --strict, a script run under Node.js, and the
#          vectors through the installed copy in both modules
#   unity  the Unity package's Runtime sources compiled by Debian's Mono and tested with NUnit
#          (bindings/csharp/Tests) on the package's own Linux plugin; the Windows plugin exports every C function
#   rust   the crates (bindings/rust) built offline by Debian's rustc and cargo, `cargo test` on the same plugin
# (The wheel is installed and tested by scripts/test.sh's Python phase.) Run from the source tree after
# scripts/package.sh npm unity.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
version=$(sed -n 's/^#define GRADNOISE_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' include/gradnoise/version.h | paste -sd.)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# ---- npm ----
cp tests/web/npm_consumer/package.json tests/web/npm_consumer/package-lock.json tests/web/npm_consumer/consumer.ts \
  tests/web/npm_consumer/tsconfig.json "$scratch/"
(cd "$scratch" && npm ci --no-audit --no-fund --loglevel=error >/dev/null &&
  npm install --no-save --no-audit --no-fund --loglevel=error "$root/build/packages/gradnoise-$version.tgz" >/dev/null &&
  npx --no-install tsc -p . && node out/consumer.js)
node tests/web/vectors_test.js "$scratch/node_modules/gradnoise" conformance/vectors.txt
echo "npm: gradnoise-$version.tgz installed into an empty project, its types and both modules checked"

# ---- C# (the Unity package, under Mono) ----
package=build/packages/com.gradnoise.gradnoise
plugin=$root/$package/Runtime/Plugins/Linux/x86_64
mcs -nologo -unsafe -warnaserror -target:library -out:"$scratch/Gradnoise.dll" "$package"/Runtime/*.cs
mcs -nologo -warnaserror -target:library -r:"$scratch/Gradnoise.dll" -r:nunit.framework.dll \
  -lib:/usr/lib/cli/nunit.framework-2.6.3 -out:"$scratch/Gradnoise.Tests.dll" bindings/csharp/Tests/*.cs
(cd "$scratch" && GRADNOISE_VECTORS="$root/conformance/vectors.txt" GRADNOISE_GRAPH="$root/examples/graphs/continent.json" \
  LD_LIBRARY_PATH="$plugin" nunit-console Gradnoise.Tests.dll -nologo -labels -noresult | grep -v '^\*\*\*\*\*')
if grep -q tbb <(ldd "$plugin/libgradnoise.so"); then echo "the Linux plugin needs oneTBB"; exit 1; fi
# Unity ignores a file or folder of a read-only (tarball) package that has no .meta file.
missing=$(cd "$package" && find . -mindepth 1 ! -name '*.meta' | while read -r f; do [ -f "$f.meta" ] || echo "$f"; done)
[ -z "$missing" ] || { echo "no Unity .meta file for: $missing"; exit 1; }
metas=$(find "$package" -name '*.meta' | wc -l)
guids=$(find "$package" -name '*.meta' -exec cat {} + | grep -c '^guid: [0-9a-f]\{32\}$')
unique=$(find "$package" -name '*.meta' -exec cat {} + | grep '^guid: ' | sort -u | wc -l)
[ "$guids" = "$metas" ] && [ "$unique" = "$metas" ] || { echo "the .meta files' GUIDs are not one valid, distinct GUID each"; exit 1; }
tar -tzf "build/packages/com.gradnoise.gradnoise-$version.tgz" | grep -q '^package/Runtime/Plugins/Linux/x86_64/libgradnoise.so.meta$'
echo "the Unity package: $(find "$package" -name '*.meta' | wc -l) .meta files, distinct GUIDs, in the tarball"
functions=$(grep -c '^GRADNOISE_C_API ' include/gradnoise/gradnoise.h)
exported=$(x86_64-w64-mingw32-objdump -p "$package/Runtime/Plugins/Windows/x86_64/gradnoise.dll" | grep -c '\] gradnoise_')
[ "$exported" = "$functions" ] || { echo "gradnoise.dll exports $exported functions, gradnoise.h declares $functions"; exit 1; }
echo "C#: the Unity package's sources under Mono and NUnit on its Linux plugin; its Windows plugin exports all $functions C functions"

# ---- Rust ----
for manifest in bindings/rust/gradnoise-sys/Cargo.toml bindings/rust/gradnoise/Cargo.toml; do
  grep -qx "version = \"$version\"" "$manifest" || { echo "$manifest: the version must be the library's, $version"; exit 1; }
done
(cd bindings/rust && PATH=/usr/bin:$PATH GRADNOISE_LIB_DIR="$plugin" LD_LIBRARY_PATH="$plugin" \
  cargo test --offline --quiet --target-dir "$root/build/rust" 2>&1 | grep -E '^(test result|error)' )
echo "Rust: gradnoise-sys and gradnoise built offline by $(/usr/bin/rustc --version), cargo test passed"
