#!/usr/bin/env bash
# NEON instructions per sample, counted under qemu-aarch64 (valgrind does not run AArch64 here): each
# workload of bench/count_neon.cpp runs with qemu's one-instruction translation blocks and its
# execution log, once with 1 and once with 3 fills of 64^2 samples; the difference / 2 / 4096 is the
# kernel's count, set-up cancelled. Needs the aarch64 cross tree (scripts/test.sh builds it):
#
#   bash bench/count_neon.sh [build/aarch64] [WORKLOAD ...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:-$root/build/aarch64}
shift || true
workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=(perlin2 fbm2 cellular2 simplex2 simplex2-mix perlin2-mix-points)
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
