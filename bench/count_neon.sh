#!/usr/bin/env bash
# NEON instructions per sample, counted under qemu-aarch64 (valgrind does not run AArch64 here): each
# workload of bench/count_neon.cpp runs with qemu's one-instruction translation blocks and its
# execution log, once with 1 and once with 3 fills of 4096 samples; the difference / 2 / 4096 is the
# kernel's count, set-up cancelled. Needs the aarch64 cross tree (scripts/test.sh builds it; the
# library alone: cmake --build build/aarch64 --target gradnoise):
#
#   bash bench/count_neon.sh [build/aarch64] [WORKLOAD ...]
#
# WORKLOAD as count_neon.cpp names them (e.g. simplex3-mix/points, cellular2/grid); the default is
# issue #50's rows and three grids.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:-$root/build/aarch64}
shift || true
workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=(perlin2-mix/points perlin3-mix/points simplex2-mix/points simplex3-mix/points
  simplex3/points opensimplex2s2-mix/points opensimplex2s3-mix/points cellular2/points cellular3/points
  perlin2/grid fbm2-mix/grid cellular2/grid simplex2-mix/grid simplex3-mix/grid opensimplex2s3-mix/grid)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
aarch64-linux-gnu-g++ -O2 -std=c++17 "$root/bench/count_neon.cpp" -I"$root/include" "$tree/libgradnoise.a" -ltbb \
  -o "$tmp/count_neon"
count() {  # workload fills -> executed instructions
  qemu-aarch64 -singlestep -d exec,nochain -D "$tmp/log" "$tmp/count_neon" "$1" "$2" >/dev/null
  grep -c '^Trace' "$tmp/log"
  rm -f "$tmp/log"
}
echo "| workload | NEON instructions per sample |"
echo "|---|---:|"
for w in "${workloads[@]}"; do
  one=$(count "$w" 1)
  three=$(count "$w" 3)
  echo "| $w | $(( (three - one) / 2 / 4096 )) |"
done
