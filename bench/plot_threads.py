#!/usr/bin/env python3
"""Thread scaling chart for docs/benchmarks.md: samples/s and parallel efficiency of
heightmap/fbm2_8oct/4096x4096/threads:N from gradnoise_bench JSON (medians of repetitions).
Needs python3-matplotlib (Debian). One or more reports (e.g. a 2-core and a 16-core machine):

    build/release/bench/gradnoise_bench --benchmark_filter=heightmap --benchmark_repetitions=5 \\
        --benchmark_out=threads.json --benchmark_out_format=json
    python3 bench/plot_threads.py docs/images/threads.png threads.json [other.json ...]
"""
import json
import re
import statistics
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def curve(path):
    data = json.load(open(path))
    runs = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate":
            continue
        m = re.match(r"heightmap/fbm2_8oct/4096x4096/threads:(\d+)", b["run_name"])
        if m:
            runs.setdefault(int(m.group(1)), []).append(b["items_per_second"])
    threads = sorted(runs)
    rate = [statistics.median(runs[t]) for t in threads]
    label = f"{data['context'].get('cpu_model', '?')} ({data['context'].get('num_cpus', '?')} CPUs)"
    return threads, rate, label


def main(out, paths):
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.6))
    for p in paths:
        threads, rate, label = curve(p)
        a.plot(threads, [r / 1e6 for r in rate], "o-", label=label)
        b.plot(threads, [r / rate[0] / t for r, t in zip(rate, threads)], "o-", label=label)
        for t, r in zip(threads, rate):
            print(f"{label}: {t} threads: {r / 1e6:.1f} M samples/s, speed-up {r / rate[0]:.2f}, "
                  f"efficiency {r / rate[0] / t:.2f}")
    a.set(xlabel="threads", ylabel="M samples/s", title="fBm 8 octaves, 4096 x 4096")
    b.set(xlabel="threads", ylabel="speed-up / threads", title="parallel efficiency", ylim=(0, 1.2))
    for ax in (a, b):
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out, dpi=80)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
