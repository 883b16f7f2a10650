#!/usr/bin/env bash
# Speed of two gradnoise_bench binaries on the same workloads, before -> after: both pinned to one core,
# interleaved rounds (so drift hits both alike), the median items/s of the rounds. Prints a markdown table.
#   bash bench/ab_compare.sh OLD/gradnoise_bench NEW/gradnoise_bench [ROUNDS] [CORE]
# FILTER (a --benchmark_filter regex) picks the workloads; the default is the kernels of docs/benchmarks.md.
set -euo pipefail
a=$1 b=$2 rounds=${3:-5} core=${4:-1}
filter=${FILTER:-'^(perlin2/points1M|perlin3/points1M|perlin4/points1M|fbm3_6oct/points1M|perlin2/grid1024|perlin3/grid128x128x64|fbm2_6oct/grid1024|perlin2-mix/points1M|perlin3-mix/points1M|perlin2-mix/grid1024|perlin3-f64/points1M|warp2/grid1024)/(avx2|avx512|sse2)$'}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for _ in $(seq "$rounds"); do
  for which in a b; do
    bin=${!which}
    taskset -c "$core" "$bin" --benchmark_filter="$filter" --benchmark_min_time=0.2 --benchmark_format=csv 2>/dev/null |
      grep -v '^name' >>"$tmp/$which.csv"
  done
done
python3 - "$tmp/a.csv" "$tmp/b.csv" <<'PY'
import collections, csv, statistics, sys
def load(path):
    d = collections.defaultdict(list)
    for row in csv.reader(open(path)):
        if len(row) >= 7 and row[6]:
            d[row[0]].append(float(row[6]))
    return d
a, b = load(sys.argv[1]), load(sys.argv[2])
print("| workload | before M/s | after M/s | after/before |")
print("|---|---:|---:|---:|")
for k in sorted(a):
    if k in b:
        x, y = statistics.median(a[k]) / 1e6, statistics.median(b[k]) / 1e6
        print(f"| {k} | {x:.1f} | {y:.1f} | {y / x:.3f} |")
PY
