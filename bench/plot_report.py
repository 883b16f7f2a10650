#!/usr/bin/env python3
"""Charts of a gradnoise_bench JSON report for docs/benchmarks.md (needs python3-matplotlib, Debian):

  OUTDIR/bench_isa.png    samples/s of every gradnoise workload on every ISA in the report
                          (grouped bars, log scale: one group per workload, one bar per ISA);
  OUTDIR/bench_peers.png  each workload that has a yardstick (stb/, glm/, libnoise/): gradnoise on
                          its best ISA, gradnoise's scalar reference path, and the yardsticks present.

Medians of the non-aggregate runs (repetitions), like bench/report.py; workloads, ISAs or peers
missing from the report are left out. The title names the report's cpu_model.

    build/release/bench/gradnoise_bench --benchmark_repetitions=3 --benchmark_min_time=0.2 \\
        --benchmark_filter='-heightmap|f64|as-points' \\
        --benchmark_out=bench.json --benchmark_out_format=json
    /usr/bin/python3 bench/plot_report.py bench.json docs/images

(`--benchmark_format=json > bench.json` works too. Google Benchmark 1.7's filter is one regex,
negated as a whole by a leading '-'.)

It also reads the report of `gradnoise bench --json FILE` (schema gradnoise-bench/1): the same two
charts from its single-thread figures (gradnoise per ISA; stb_perlin, the peer that command measures).

    gradnoise bench --json this-machine.json
    /usr/bin/python3 bench/plot_report.py this-machine.json charts/
"""
import json
import os
import statistics
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ISAS = ["scalar", "sse2", "avx2", "avx512", "neon"]
PEERS = ["stb", "glm", "libnoise"]
PEER_LABELS = {"stb": "stb_perlin", "glm": "glm::perlin", "libnoise": "libnoise (double)"}
# Display order (a report run with random interleaving lists runs shuffled); others follow, sorted.
ORDER = ["perlin2/grid1024", "perlin3/grid128x128x64", "perlin2/points1M", "perlin3/points1M", "perlin4/points1M",
         "perlin2-mix/grid1024", "perlin3-mix/grid128x128x64", "perlin2-mix/points1M", "perlin3-mix/points1M",
         "fbm2_6oct/grid1024", "fbm3_6oct/grid128x128x64", "fbm3_6oct/points1M", "turbulence3_6oct/grid128x128x64",
         "warp2/grid1024", "perlin3-f64/points1M", "perlin2/grid1024-as-points", "perlin3/grid128x128x64-as-points"]
COLOURS = {"scalar": "#9e9e9e", "sse2": "#80b1d3", "avx2": "#1f78b4", "avx512": "#08306b", "neon": "#33a02c",
           "best": "#08306b", "stb": "#e6550d", "glm": "#fdae6b", "libnoise": "#a63603"}


def load(path):
    """(medians {run_name: samples/s}, repetitions, context, names in report order)."""
    with open(path) as f:
        data = json.load(f)
    if data.get("schema") == "gradnoise-bench/1":
        return load_cli_report(data)
    runs, order = {}, []
    for b in data.get("benchmarks", []):
        if b.get("run_type") == "aggregate" or b.get("error_occurred") or "items_per_second" not in b:
            continue
        name = b.get("run_name", b["name"])
        if name not in runs:
            order.append(name)
        runs.setdefault(name, []).append(b["items_per_second"])
    median = {n: statistics.median(v) for n, v in runs.items()}
    reps = max((len(v) for v in runs.values()), default=0)
    return median, reps, data.get("context", {}), order


def load_cli_report(data):
    """A `gradnoise bench --json` report in load()'s terms: its one-thread medians, named like the
    suite's runs ("perlin3/points/avx2", "stb/perlin3/points")."""
    median, order = {}, []
    for k in data["kernels"]:
        for r in k["results"]:
            if r["threads"] != 1:
                continue
            name = f"{k['name']}/{r['isa']}" if r["impl"] == "gradnoise" else f"stb/{k['name']}"
            median[name] = r["samples_per_second"]
            order.append(name)
    m = data["machine"]
    ctx = {"cpu_model": m["cpu_model"], "gradnoise_version": data["gradnoise_version"],
           "gradnoise_best_isa": m["best_isa"]}
    return median, data["settings"]["repetitions"], ctx, order


def split(median, order):
    """gradnoise {workload: {isa: rate}}, peers {workload: {peer: rate}}, workloads in display order."""
    ours, peers, workloads = {}, {}, []
    for name in order:
        head, _, rest = name.partition("/")
        if head in PEERS and rest:
            peers.setdefault(rest, {})[head] = median[name]
            continue
        workload, _, isa = name.rpartition("/")
        if isa in ISAS and workload:
            if workload not in ours:
                workloads.append(workload)
            ours.setdefault(workload, {})[isa] = median[name]
    key = lambda w: (ORDER.index(w), "") if w in ORDER else (len(ORDER), w)  # noqa: E731
    return ours, dict(sorted(peers.items(), key=lambda kv: key(kv[0]))), sorted(workloads, key=key)


def label(workload):
    return workload.replace("/", "\n", 1)


def bars(ax, groups, series, values, colours, legend, annotate=False):
    """Grouped bars on a log axis: values[g][s] (None = absent); each group's bars are centred on it."""
    width = 0.8 / max(len(series), 1)
    for si, s in enumerate(series):
        xs, ys = [], []
        for gi, g in enumerate(groups):
            v = values[gi][si]
            if v:
                present = [i for i, x in enumerate(values[gi]) if x]
                xs.append(gi + width * (present.index(si) - (len(present) - 1) / 2))
                ys.append(v / 1e6)
        if not xs:
            continue
        rects = ax.bar(xs, ys, width * 0.92, label=legend[si], color=colours[si], zorder=2)
        if annotate:
            for r, y in zip(rects, ys):
                ax.annotate(f"{y:.0f}" if y >= 100 else f"{y:.3g}", (r.get_x() + r.get_width() / 2, y), xytext=(0, 2),
                            textcoords="offset points", ha="center", va="bottom", fontsize=6.5, rotation=90)
    ax.set_yscale("log")
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels([label(g) for g in groups], fontsize=8)
    ax.set_xlim(-0.6, len(groups) - 0.4)
    ax.set_ylabel("M samples/s (log scale)")
    ax.grid(True, axis="y", which="major", alpha=0.4, zorder=0)
    ax.grid(True, axis="y", which="minor", alpha=0.12, zorder=0)
    present = [v / 1e6 for row in values for v in row if v]
    if present:
        ax.set_ylim(min(present) / 2, max(present) * (6 if annotate else 2.5))


def title(ctx, reps, what):
    cpu = ctx.get("cpu_model", "unknown CPU")
    return (f"{what}\n{cpu}, single thread, median of {reps}"
            f"{', gradnoise ' + ctx['gradnoise_version'] if 'gradnoise_version' in ctx else ''}")


def plot_isa(ours, workloads, ctx, reps, out):
    isas = [i for i in ISAS if any(i in ours[w] for w in workloads)]
    if not workloads or not isas:
        print(f"{out}: no gradnoise workload in the report, not written", file=sys.stderr)
        return
    fig, ax = plt.subplots(figsize=(max(8.0, 0.22 * len(workloads) * max(len(isas), 2) + 2), 5.2))
    bars(ax, workloads, isas, [[ours[w].get(i) for i in isas] for w in workloads],
         [COLOURS[i] for i in isas], isas)
    plt.setp(ax.get_xticklabels(), rotation=40, ha="right", rotation_mode="anchor")
    ax.legend(title="ISA", fontsize=8, ncol=len(isas), loc="upper right")
    ax.set_title(title(ctx, reps, "gradnoise: samples/s per workload and ISA"), fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=90)
    plt.close(fig)
    print(f"wrote {out}")


def plot_peers(ours, peers, ctx, reps, out):
    best_isa = ctx.get("gradnoise_best_isa")
    rows = []  # (workload, best isa, [best, scalar, stb, glm, libnoise])
    for w, p in peers.items():
        mine = ours.get(w, {})
        isa = best_isa if best_isa in mine else (max(mine, key=mine.get) if mine else None)
        rows.append((w, isa, [mine.get(isa) if isa else None, mine.get("scalar")] + [p.get(k) for k in PEERS]))
    if not rows:
        print(f"{out}: no workload with a yardstick in the report, not written", file=sys.stderr)
        return
    isas = sorted({isa for _, isa, _ in rows if isa}, key=ISAS.index)
    best_label = f"gradnoise, best ISA ({'/'.join(isas)})" if isas else "gradnoise, best ISA"
    series = [best_label, "gradnoise scalar (reference path)"] + [PEER_LABELS[k] for k in PEERS]
    colours = [COLOURS["best"], COLOURS["scalar"]] + [COLOURS[k] for k in PEERS]
    keep = [si for si in range(len(series)) if any(r[2][si] for r in rows)]
    values = [[r[2][si] for si in keep] for r in rows]
    fig, ax = plt.subplots(figsize=(max(8.0, 1.25 * len(rows) + 2), 5.6))
    bars(ax, [r[0] for r in rows], [series[i] for i in keep], values, [colours[i] for i in keep],
         [series[i] for i in keep], annotate=True)
    plt.setp(ax.get_xticklabels(), rotation=30, ha="right", rotation_mode="anchor")
    ax.legend(fontsize=8, ncol=3, loc="upper right")
    names = [PEER_LABELS[k].split(" ")[0] for k in PEERS if any(p.get(k) for p in peers.values())]
    against = ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]
    ax.set_title(title(ctx, reps, f"gradnoise against {against} (same workloads)"), fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=90)
    plt.close(fig)
    print(f"wrote {out}")
    # The figures behind the chart, as a markdown table.
    print()
    print("| workload | gradnoise best ISA | gradnoise scalar | stb_perlin | glm::perlin | libnoise |")
    print("|---|---:|---:|---:|---:|---:|")
    for w, isa, v in rows:
        cells = [f"{x / 1e6:.1f} M" if x else "" for x in v]
        if isa and v[0]:
            cells[0] += f" ({isa})"
        print(f"| {w} | " + " | ".join(cells) + " |")


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    median, reps, ctx, order = load(argv[1])
    ours, peers, workloads = split(median, order)
    os.makedirs(argv[2], exist_ok=True)
    plot_isa(ours, workloads, ctx, reps, os.path.join(argv[2], "bench_isa.png"))
    plot_peers(ours, peers, ctx, reps, os.path.join(argv[2], "bench_peers.png"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
