#!/usr/bin/env bash
# Writes the bindings' generated sources from the library's parameter table (bindings/generate_bindings.c,
# through the C API): the C# enumerations and FieldOptions, the Rust ones, and the JavaScript API's
# parameter types. Run it after a parameter or an enumeration value changes; ctest's bindings_current_*
# fail until it has been.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/configure.sh
source scripts/configure.sh
[ -f build/release/CMakeCache.txt ] || configure build/release -S . -DCMAKE_BUILD_TYPE=Release
cmake --build build/release -j "$(nproc)" --target gradnoise_generate_bindings
generator=build/release/tests/gradnoise_generate_bindings
"$generator" csharp >bindings/csharp/Runtime/Parameters.g.cs
"$generator" rust >bindings/rust/gradnoise/src/parameters.rs
"$generator" typescript >web/parameters.d.ts
echo "bindings/csharp/Runtime/Parameters.g.cs, bindings/rust/gradnoise/src/parameters.rs, web/parameters.d.ts"
