#!/usr/bin/env bash
# Instructions per sample of each kernel, counted by callgrind (exact and repeatable, unlike
# timings on a shared machine). valgrind 3.19 cannot execute AVX-512, so that ISA is skipped here
# (docs/benchmarks.md counts its loop from the disassembly instead).
#   bench/count_instructions.sh build/release/bench/gradnoise_bench
set -euo pipefail
bench=${1:-build/release/bench/gradnoise_bench}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '| benchmark | instructions / sample |\n|---|---:|\n'
for isa in scalar sse2 avx2; do
  for w in perlin2/points1M perlin3/points1M perlin2-mix/points1M perlin3-mix/points1M perlin2/grid1024; do
    name="$w/$isa"
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$bench" --benchmark_filter="^$name\$" \
      --benchmark_min_time=0 >"$tmp/out" 2>&1
    iters=$(awk -v n="$name" '$1 == n {print $6}' "$tmp/out")
    # The kernels (and, for scalar, the reference they call); not table construction.
    total=$(callgrind_annotate --threshold=100 "$tmp/cg" 2>/dev/null |
            awk '/gradnoise::(kernels|reference)::/ {gsub(",", "", $1); s += $1} END {print s + 0}')
    samples=1048576
    awk -v t="$total" -v i="$iters" -v s="$samples" -v n="$name" 'BEGIN {printf "| %s | %.1f |\n", n, t / (i * s)}'
  done
done
