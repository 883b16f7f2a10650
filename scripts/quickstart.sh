#!/usr/bin/env bash
# Installs what is missing, builds gradnoise (Release), and runs the main job on defaults:
# a 512x512 2D Perlin heightmap written to ./gradnoise-heightmap.png. Extra arguments go to
# `gradnoise heightmap` (e.g. --size 1024x1024 --seed 7 -o out.png).
set -euo pipefail
here="$(pwd)"
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j "$(nproc)" --target gradnoise_cli >/dev/null
bin="$(pwd)/build/release/src/cli/gradnoise"
cd "$here"
"$bin" heightmap "$@"
echo "(the tool itself: $bin --help)"
