#!/usr/bin/env bash
# Installs what is missing, builds gradnoise (Release), and runs the main job on defaults:
# `gradnoise bake terrain`, a 512x512 coloured fBm terrain written to ./gradnoise-terrain.png.
# Extra arguments go to `gradnoise bake terrain` (e.g. --size 1024x1024 --seed 7 -o out.png;
# --grey --depth 16 -o height.png for a 16-bit heightmap).
set -euo pipefail
here="$(pwd)"
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j "$(nproc)" --target gradnoise_cli >/dev/null
bin="$(pwd)/build/release/src/cli/gradnoise"
cd "$here"
"$bin" bake terrain "$@"
echo "(the tool itself: $bin --help)"
