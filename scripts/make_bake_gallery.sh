#!/usr/bin/env bash
# Writes docs/images/bake/*.png (docs/baking.md's preset gallery) with `gradnoise bake` and prints the
# table for docs/baking.md (image paths relative to docs/). Usage: bash scripts/make_bake_gallery.sh [path/to/gradnoise]
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-build/release/src/cli/gradnoise}
out=docs/images/bake
mkdir -p "$out"
entries=(
  "terrain|gradnoise bake terrain --size 256x192"
  "terrain-flat|gradnoise bake terrain --size 256x192 --flat"
  "marble|gradnoise bake marble --size 256x192"
  "wood|gradnoise bake wood --size 256x192"
  "clouds|gradnoise bake clouds --size 256x192"
  "fire|gradnoise bake fire --size 256x192"
  "noise|gradnoise bake noise --size 256x192"
  "fire-loop|gradnoise bake fire --size 128x96 --frames 24 --loop"
)
echo "| picture | command |"
echo "|---|---|"
for e in "${entries[@]}"; do
  IFS='|' read -r name cmd <<<"$e"
  ext=png
  [[ "$cmd" == *--frames* ]] && ext=gif
  # shellcheck disable=SC2086
  "$tool" ${cmd#gradnoise } -q -o "$out/$name.$ext" >/dev/null
  echo "| ![$name](${out#docs/}/$name.$ext) | \`$cmd -o $name.$ext\` |"
done
