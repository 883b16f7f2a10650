#!/usr/bin/env bash
# Writes the conformance files (docs/conformance.md) from the scalar reference, in the release tree:
#   conformance/vectors.txt   gradnoise_vectors: the test vectors every binding and port checks
#   conformance/digests.txt   `gradnoise verify`: the release's digests of the example and test graphs and
#                             of every field of the vectors (each checked on every ISA this CPU runs)
# Both are the output contract: commit a change to an existing line only with a new major version
# (CHANGELOG); new fields and lines may be added in any release. ctest's vectors_current and
# verify_digests fail when the files and the build disagree.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/configure.sh
source scripts/configure.sh
[ -f build/release/CMakeCache.txt ] || configure build/release -S . -DCMAKE_BUILD_TYPE=Release
cmake --build build/release -j "$(nproc)" --target gradnoise_vectors gradnoise_cli
build/release/tests/gradnoise_vectors tests/data/improved_noise_sample.txt >conformance/vectors.txt.partial
mv conformance/vectors.txt.partial conformance/vectors.txt

gradnoise=$PWD/build/release/src/cli/gradnoise
version=$("$gradnoise" --version | awk '{print $NF}')
{
  echo "# gradnoise $version: each field's digest (gradnoise verify; docs/conformance.md). Check a build with"
  echo "#   gradnoise verify --check conformance/digests.txt"
  # Graph paths are relative to this file's folder.
  (cd conformance && for g in ../examples/graphs/*.json ../examples/graphs/presets/*.json ../tests/graphs/*.json; do "$gradnoise" verify --graph "$g"; done)
  # The vectors' fields, NAME=TEXT as noise options: --name-with-dashes TEXT, the periods as one --period.
  grep '^field' conformance/vectors.txt | while read -r _ settings; do
    options=() period=(0 0 0 0)
    for s in $settings; do
      name=${s%%=*} text=${s#*=}
      case "$name" in
        period_x) period[0]=$text ;; period_y) period[1]=$text ;; period_z) period[2]=$text ;; period_w) period[3]=$text ;;
        *) options+=("--${name//_/-}" "$text") ;;
      esac
    done
    [ "${period[*]}" = "0 0 0 0" ] || options+=(--period "$(IFS=,; echo "${period[*]}")")
    "$gradnoise" verify "${options[@]}"
  done
} >conformance/digests.txt.partial
mv conformance/digests.txt.partial conformance/digests.txt
echo "conformance/vectors.txt: $(grep -c '^field' conformance/vectors.txt) fields, $(grep -vc '^#\|^field' conformance/vectors.txt) samples, $(wc -c <conformance/vectors.txt) bytes"
echo "conformance/digests.txt: $(grep -vc '^#' conformance/digests.txt) digests"
