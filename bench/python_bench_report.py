"""bench/python_bench.py's Markdown tables: the binding against the C++ call, the comparison with
the `noise` package and numpy, and --combine (several runs' --json files, pooled)."""

import json

from python_bench_timing import median

def fmt_ms(s):
    return f"{s * 1e3:.2f}"


def fmt_rate(n, s):
    r = n / s
    if r >= 1e6:
        return f"{r / 1e6:.1f} M/s"
    return f"{r / 1e3:.0f} k/s"


BINDING_HEADER = ("| workload | ISA | C++ ms | Python ms | Python / C++ | per round: median [min, max] | C++ samples/s "
                  "| Python samples/s |\n|---|---|---:|---:|---:|---|---:|---:|")


def binding_row(e):
    """A row of the binding table: medians of the repetitions, their ratio, the paired per-round ratios."""
    n, cpp, py, ratios = e["samples"], e["cpp_s"], e["python_s"], e["round_ratios"]
    mc, mp = (median(cpp) if cpp else None), median(py)
    ratio = f"{mp / mc:.3f}" if mc else "-"
    rr = f"{median(ratios):.3f} [{min(ratios):.2f}, {max(ratios):.2f}]" if ratios else "-"
    return (f"| {e['workload']} | {e['isa']} | {fmt_ms(mc) if mc else '-'} | {fmt_ms(mp)} | **{ratio}** | {rr} | "
            f"{fmt_rate(n, mc) if mc else '-'} | {fmt_rate(n, mp)} |")


COMPARISON_HEADER = ("| workload | implementation | samples timed | time | samples/s | speed-up of gradnoise, 1 thread "
                     "| speed-up of gradnoise, threads=0 |\n|---|---|---:|---:|---:|---:|---:|")
NOISE_LABELS = {  # for --json files written before the label was stored
    "fbm2_6oct/grid1024 (2D, fBm-6)": "noise.pnoise2(x, y, octaves=6), Python double loop",
    "perlin3/points1M (3D, plain)": "noise.pnoise3(x, y, z), list comprehension",
    "fbm3_6oct/points1M (3D, fBm-6)": "noise.pnoise3(x, y, z, octaves=6), list comprehension",
}


def comparison_rows(e):
    """The rows of one workload of the comparison table (gradnoise 1 thread, all threads, numpy, noise)."""
    n, t1, t0 = e["samples"], e["gradnoise_1t_s"], e["gradnoise_all_s"]
    rate1, rate0 = n / t1, n / t0
    nn, tn, mism = e["numpy_samples"], e["numpy_s"], e["numpy_bit_mismatches"]
    exact = "bit-exact" if mism == 0 else f"{mism} samples differ, max {e['numpy_max_abs_diff']:.1e}"
    rows = [f"| {e['workload']} | gradnoise, threads=1 | {n:,} | {fmt_ms(t1)} ms | {fmt_rate(n, t1)} | 1.00x | {rate0 / rate1:.2f}x |",
            f"| | gradnoise, threads=0 ({e.get('threads0', '?')}) | {n:,} | {fmt_ms(t0)} ms | {fmt_rate(n, t0)} | "
            f"{rate1 / rate0:.2f}x | 1.00x |",
            f"| | numpy, vectorised float32 ({exact}) | {nn:,} | {fmt_ms(tn)} ms | {fmt_rate(nn, tn)} | "
            f"**{rate1 / (nn / tn):.0f}x** | **{rate0 / (nn / tn):.0f}x** |"]
    if "noise_s" in e:
        nq, tq = e["noise_samples"], e["noise_s"]
        label = e.get("noise_label", NOISE_LABELS.get(e["workload"], "noise"))
        rows.append(f"| | {label} | {nq:,} | {fmt_ms(tq)} ms | {fmt_rate(nq, tq)} | **{rate1 / (nq / tq):.0f}x** | "
                    f"**{rate0 / (nq / tq):.0f}x** |")
    return rows


def combine(paths):
    """--combine: the binding table over several --json files, every repetition and round pooled."""
    pooled = {}
    for path in paths:
        with open(path) as f:
            for e in json.load(f)["binding"]:
                key = (e["workload"], e["isa"])
                acc = pooled.setdefault(key, {**e, "cpp_s": [], "python_s": [], "round_ratios": [], "runs": 0})
                acc["cpp_s"] += e["cpp_s"]
                acc["python_s"] += e["python_s"]
                acc["round_ratios"] += e["round_ratios"]
                acc["runs"] += 1
    print(f"### The binding against the C++ call, {len(paths)} runs pooled")
    print()
    head, rule = BINDING_HEADER.split("\n")
    print(head + " runs, rounds |")
    print(rule + "---:|")
    for e in pooled.values():
        print(binding_row(e) + f" {e['runs']}, {len(e['round_ratios'])} |")
    runs = {}
    for path in paths:
        with open(path) as f:
            data = json.load(f)
            for e in data.get("comparison", []):
                e.setdefault("threads0", data.get("environment", {}).get("threads0", "?"))
                runs.setdefault(e["workload"], []).append(e)
    if runs:
        print()
        print(f"### Against the `noise` package and numpy: the median over {max(len(v) for v in runs.values())} runs "
              "of each run's median")
        print()
        print(COMPARISON_HEADER)
        keys = ("gradnoise_1t_s", "gradnoise_all_s", "numpy_s", "noise_s")
        for name, es in runs.items():
            e = {**es[0], **{k: median([x[k] for x in es]) for k in keys if all(k in x for x in es)}}
            e["numpy_bit_mismatches"] = max(x["numpy_bit_mismatches"] for x in es)
            e["numpy_max_abs_diff"] = max(x["numpy_max_abs_diff"] for x in es)
            for line in comparison_rows(e):
                print(line)
            ranges = {k: (min(x[k] for x in es), max(x[k] for x in es)) for k in keys if all(k in x for x in es)}
            print("|   | (range over the runs, ms: " + "; ".join(
                f"{k.replace('_s', '')} {lo * 1e3:.2f}-{hi * 1e3:.2f}" for k, (lo, hi) in ranges.items()) + ") | | | | | |")
