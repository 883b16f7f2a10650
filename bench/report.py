#!/usr/bin/env python3
"""Turns gradnoise_bench JSON (--benchmark_format=json, with repetitions) into the markdown table
of docs/benchmarks.md: median samples/s per workload and ISA, and the ratio to stb_perlin on the
grid of the same dimension (the issue's yardstick), plus the ratio to stb on the same workload.

    build/release/bench/gradnoise_bench --benchmark_repetitions=5 --benchmark_min_time=0.5 \
        --benchmark_format=json > bench.json
    python3 bench/report.py bench.json
"""
import json
import statistics
import sys


def main(path):
    with open(path) as f:
        data = json.load(f)
    runs = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate":
            continue
        runs.setdefault(b["run_name"], []).append(b["items_per_second"])
    median = {name: statistics.median(v) for name, v in runs.items()}
    ctx = data["context"]
    print(f"CPU: {ctx.get('cpu_model', '?')}, {ctx.get('num_cpus', '?')} cores, "
          f"{ctx.get('mhz_per_cpu', '?')} MHz; gradnoise {ctx.get('gradnoise_version', '?')}; "
          f"{len(next(iter(runs.values())))} repetitions, median; {ctx.get('date', '')}")
    print()
    print("| workload | path | samples/s | x stb grid (same dim) | x stb same workload |")
    print("|---|---|---:|---:|---:|")
    workloads = ["perlin2/grid1024", "perlin3/grid128x128x64", "perlin2/points1M", "perlin3/points1M"]
    workloads += [w.replace("/", "-mix/", 1) for w in workloads]  # Hash::mix, same stb yardsticks
    for w in workloads:
        dim_grid = "stb/perlin2/grid1024" if w.startswith("perlin2") else "stb/perlin3/grid128x128x64"
        stb_same = median.get("stb/" + w.replace("-mix", ""))
        stb_grid = median.get(dim_grid)
        if stb_same and "-mix" not in w:
            print(f"| {w} | stb_perlin | {stb_same / 1e6:.1f} M | {stb_same / stb_grid:.2f} | 1.00 |")
        for isa in ["scalar", "sse2", "avx2", "avx512", "neon"]:
            v = median.get(f"{w}/{isa}")
            if v is None:
                continue
            print(f"| {w} | {isa} | {v / 1e6:.1f} M | {v / stb_grid:.2f} | {v / stb_same:.2f} |")


    # Issue #3 workloads: ratios to stb_perlin and libnoise on the identical workload, and the
    # fractal's time against octaves x the single-octave time of the same run.
    extra = [("fbm2_6oct/grid1024", "perlin2/grid1024", 6), ("fbm3_6oct/grid128x128x64", "perlin3/grid128x128x64", 6),
             ("fbm3_6oct/points1M", "perlin3/points1M", 6),
             ("turbulence3_6oct/grid128x128x64", "perlin3/grid128x128x64", 6),
             ("warp2/grid1024", "perlin2/grid1024", 3), ("perlin4/points1M", "perlin3/points1M", 2)]
    if not any(f"{w}/scalar" in median for w, _, _ in extra):
        return
    print()
    print("| workload | path | samples/s | x stb same workload | x libnoise same workload | time / (n x base) |")
    print("|---|---|---:|---:|---:|---:|")
    for w, base, n in extra:
        stb = median.get("stb/" + w)
        lib = median.get("libnoise/" + w)
        for name, v in [("stb_perlin", stb), ("libnoise", lib)]:
            if v:
                print(f"| {w} | {name} | {v / 1e6:.1f} M | {v / stb:.2f} | {v / lib:.2f} |" if stb and lib else
                      f"| {w} | {name} | {v / 1e6:.1f} M | {(v / stb) if stb else 0:.2f} | |")
        for isa in ["scalar", "sse2", "avx2", "avx512", "neon"]:
            v = median.get(f"{w}/{isa}")
            if v is None:
                continue
            b = median.get(f"{base}/{isa}")
            cols = [f"{v / stb:.2f}" if stb else "", f"{v / lib:.2f}" if lib else "",
                    f"{(b / n) / v:.2f}" if b else ""]
            print(f"| {w} | {isa} | {v / 1e6:.1f} M | " + " | ".join(cols) + " |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/dev/stdin")
