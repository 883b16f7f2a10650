#!/usr/bin/env python3
"""Issue #12's speed targets against this machine: each gradnoise_bench binary given (e.g. a GCC and a
clang build) runs the target workloads and its own stb_perlin yardstick (built -O3 -march=native with
that compiler's default FP flags, in the same binary), pinned to one core, in interleaved rounds; the
table gives the median samples/s and the ratio to stb as the issue defines it:

  points and single octaves: stb_perlin_noise3 on the grid of the same dimension;
  fBm: stb_perlin_fbm_noise3 on the same grid (6 octaves, lacunarity 2, gain 0.5).

  python3 bench/targets.py [--rounds 5] [--core 1] [--issue 12|13|14|50] NAME=path/to/gradnoise_bench ...
(--issue 13: the simplex and cellular targets, over glm::simplex or stb_perlin as that issue defines.
--issue 14: analytic gradients against the same binary on the same ISA, no yardstick: the cost of
value + gradient over the value alone, <= 1.7x for 2D and 3D Perlin points and grids, and its
speed-up over the finite-difference alternative of 4 value evaluations, >= 2.5x, on AVX2 and
AVX-512; a table per binary and ISA of value, value + gradient and finite differences.
--issue 50: the fastest bit-exact variant over FastNoise2's same workload and ISA in the same binary,
and each gradient grid's time over its value grid's, <= 1.8x; needs a binary with the fn2/ rows.)
Prints a markdown table (one row per workload and ISA, one column pair per binary). Every ratio
divides by the first binary's stb_perlin (--yardstick NAME picks another): one denominator for all,
so a compiler that builds stb_perlin slower does not flatter gradnoise's figures.
--from-json FILE prints the same tables from the medians of `bench/leader.py --all --json FILE` (every
workload, both binaries, one run) instead of measuring.
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile

import leader  # bench/leader.py (this script's folder is on sys.path)

# workload -> (its stb denominator, {isa: target ratio})
TARGETS = {
    "fbm2_6oct/grid1024": ("stb/fbm2_6oct/grid1024", {"avx2": 9.4, "avx512": 18.9}),
    "fbm3_6oct/grid128x128x64": ("stb/fbm3_6oct/grid128x128x64", {"avx2": 3.7, "avx512": 10.0}),
    "perlin2/points1M": ("stb/perlin2/grid1024", {"avx2": 7.0, "avx512": 18.3}),
    "perlin3/points1M": ("stb/perlin3/grid128x128x64", {"avx2": 3.3, "avx512": 10.1}),
    "perlin2-mix/points1M": ("stb/perlin2/grid1024", {"avx2": 7.0, "avx512": 18.3}),
    "perlin3-mix/points1M": ("stb/perlin3/grid128x128x64", {"avx2": 3.3, "avx512": 10.1}),
    "perlin2/grid1024": ("stb/perlin2/grid1024", {"avx2": 9.5, "avx512": 22.0}),
    "perlin3/grid128x128x64": ("stb/perlin3/grid128x128x64", {"avx2": 5.3, "avx512": 13.8}),
}
# Issue #13's families: workload -> (denominator: glm::simplex or stb_perlin, {isa: target ratio}).
TARGETS_13 = {
    "simplex2/grid1024": ("glm/simplex2/grid1024", {"avx2": 17.0, "avx512": 39.0}),
    "simplex3/points1M": ("stb/perlin3/grid128x128x64", {"avx2": 3.6, "avx512": 10.3}),
    "opensimplex2s2/grid1024": ("glm/simplex2/grid1024", {"avx2": 14.0, "avx512": 32.0}),
    "cellular2/grid1024": ("stb/perlin2/grid1024", {"avx2": 1.8, "avx512": 3.5}),
    "cellular3/grid128x128x64": ("stb/perlin3/grid128x128x64", {"avx2": 0.65, "avx512": 1.3}),
    "simplex2/points1M": ("glm/simplex2/grid1024", {}),
    "simplex3/grid128x128x64": ("stb/perlin3/grid128x128x64", {}),
    "fbm2_6oct-simplex/grid1024": ("stb/fbm2_6oct/grid1024", {}),
    "isotropic2/grid1024": ("stb/perlin2/grid1024", {}),
}
# Issue #14: ISSUE_14 = (the ISAs with targets, the most a value + gradient may cost in values, the
# least speed-up over finite differences); GRADIENT_14 rows = (value+gradient workload, the value
# workload it costs over, whether the cost target applies, [(finite-difference workload,
# evaluations per sample, whether the speed-up target applies)]). All on the same binary and ISA. The issue's finite-difference alternative is 4 value evaluations:
# in 3D forward differences (p, p + h e_x, p + h e_y, p + h e_z), in 2D central ones (p +- h e_x,
# p +- h e_y; the gradient only); the 2D forward variant (3 evaluations) is reported beside it.
ISSUE_14 = (("avx2", "avx512"), 1.7, 2.5)
GRADIENT_14 = [
    ("perlin2-grad/points1M", "perlin2/points1M", True,
     [("perlin2-fd-central/points1M", 4, True), ("perlin2-fd/points1M", 3, False)]),
    ("perlin3-grad/points1M", "perlin3/points1M", True, [("perlin3-fd/points1M", 4, True)]),
    ("perlin2-grad/grid1024", "perlin2/grid1024", True, []),
    ("perlin3-grad/grid128x128x64", "perlin3/grid128x128x64", True, []),
    ("fbm2_6oct-grad/grid1024", "fbm2_6oct/grid1024", False, []),
    ("simplex2-grad/grid1024", "simplex2/grid1024", False, []),
    ("opensimplex2s2-grad/grid1024", "opensimplex2s2/grid1024", False, []),
    ("cellular2-grad/grid1024", "cellular2/grid1024", False, []),
    ("cellular3-grad/grid128x128x64", "cellular3/grid128x128x64", False, []),
    ("curl3/points1M", "perlin3/points1M", False, []),  # three 3D gradients per sample
]
TARGETS_14 = {}  # filled from GRADIENT_14 in main(): every workload it names
# Issue #50: the least ratio to FastNoise2 per ISA, by bench/leader.py's row label; the workloads
# (fastest variant, FastNoise2's) come from leader.py's ROWS, where they are named once. And the
# gradient grids' most cost over their value grids (GRADIENT_14's grid rows: the same variant with
# and without -grad).
ISSUE_50_TARGETS = {
    "Perlin 3D points": {"avx2": 1.4, "avx512": 1.1},
    "Perlin 2D points": {"avx2": 1.0, "avx512": 1.0},
    "cellular F1 2D points": {"avx2": 1.2, "avx512": 1.2},
    "cellular F1 3D points": {"avx2": 1.2, "avx512": 1.2},
    "OpenSimplex2S 3D grid": {"avx2": 1.2, "avx512": 1.0},
    "OpenSimplex2S 3D points": {"avx2": 1.2, "avx512": 1.0},
    "OpenSimplex2 2D grid": {"avx2": 1.0, "avx512": 1.0},
    "OpenSimplex2 2D points": {"avx2": 1.0, "avx512": 1.0},
    "OpenSimplex2 3D grid": {"avx2": 1.0, "avx512": 1.0},
    "OpenSimplex2 3D points": {"avx2": 1.0, "avx512": 1.0},
    "OpenSimplex2S 2D grid": {"avx2": 1.0, "avx512": 1.0},
    "OpenSimplex2S 2D points": {"avx2": 1.0, "avx512": 1.0},
    "fBm-6 2D grid": {"avx2": 2.0, "avx512": 1.5},
}
ISSUE_50 = [(label, fast, fn2, ISSUE_50_TARGETS[label]) for label, fast, _, fn2, _, _ in leader.ROWS
            if label in ISSUE_50_TARGETS]
assert len(ISSUE_50) == len(ISSUE_50_TARGETS), "a target label that bench/leader.py's ROWS lacks"
GRADIENT_COST_50 = 1.8
ISAS = ("sse2", "avx2", "avx512")


def run(binary, core, out):
    names = [f"{w}/{i}" for w in TARGETS for i in ISAS] + sorted({d for d, _ in TARGETS.values() if d})
    if TARGETS is TARGETS_13:
        names.append("glm/simplex3/points1M")
    regex = "^(" + "|".join(names) + ")$"
    subprocess.run(["taskset", "-c", str(core), binary, f"--benchmark_filter={regex}", "--benchmark_min_time=0.2",
                    f"--benchmark_out={out}", "--benchmark_out_format=json"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out) as f:
        return {b["name"]: b["items_per_second"] for b in json.load(f)["benchmarks"] if "items_per_second" in b}


def print_issue_50(bins, med):
    """Issue #50: per binary, the fastest variant over FastNoise2 and the gradient grids' cost."""
    missed = []
    for name, _ in bins:
        m = med[name]
        print(f"\n{name}:\n")
        print("| workload | ISA | FastNoise2 M/s | gradnoise M/s | x FN2 | target |")
        print("|---|---|---:|---:|---:|---|")
        for label, fast, fn2, targets in ISSUE_50:
            for isa, target in targets.items():
                v, leader = m.get(f"{fast}/{isa}"), m.get(f"fn2/{fn2}/{isa}")
                if v is None or leader is None:
                    print(f"| {label} | {isa} | | | | >= {target}x (not measured) |")
                    continue
                ok = v / leader >= target
                if not ok:
                    missed.append(f"{name} {label} {isa}: {v / leader:.2f}x < {target}x")
                print(f"| {label} | {isa} | {leader / 1e6:.0f} | {v / 1e6:.0f} | {v / leader:.2f}x | "
                      f">= {target}x {'met' if ok else '**no**'} |")
        print(f"\n| gradient grid | ISA | value M/s | value + gradient M/s | cost (x value) | target |")
        print("|---|---|---:|---:|---:|---|")
        for g, v, _, _ in GRADIENT_14:
            if "/grid" not in g:
                continue
            for isa in ("avx2", "avx512"):
                gv, vv = m.get(f"{g}/{isa}"), m.get(f"{v}/{isa}")
                if gv is None or vv is None:
                    continue
                cost = vv / gv
                ok = cost <= GRADIENT_COST_50
                if not ok:
                    missed.append(f"{name} {g}/{isa}: cost {cost:.2f}x > {GRADIENT_COST_50}x")
                print(f"| {g} | {isa} | {vv / 1e6:.1f} | {gv / 1e6:.1f} | {cost:.2f}x | "
                      f"<= {GRADIENT_COST_50}x {'met' if ok else '**no**'} |")
    print("\nTargets: " + ("all met." if not missed else "missed:\n- " + "\n- ".join(missed)))


def print_gradient_tables(bins, med):
    """Issue #14: per binary and ISA, value vs value + gradient vs finite differences (M/s)."""
    isas_with_targets, most_cost, least_speedup = ISSUE_14
    missed = []
    for name, _ in bins:
        m = med[name]
        for isa in ISAS:
            checked = isa in isas_with_targets
            print(f"\n{name}, {isa}{'' if checked else ' (no targets)'}:\n")
            print("| workload | value M/s | value+grad M/s | cost (x value) | finite differences M/s "
                  "| analytic / FD |")
            print("|---|---:|---:|---:|---:|---:|")
            for g, v, target, fds in GRADIENT_14:
                gv, vv = m.get(f"{g}/{isa}"), m.get(f"{v}/{isa}")
                if gv is None or vv is None:
                    print(f"| {g} | | | | | |")
                    continue
                cost = vv / gv
                mark = ""
                if target and checked:
                    mark = " met" if cost <= most_cost else " **no**"
                    if cost > most_cost:
                        missed.append(f"{name} {g}/{isa}: cost {cost:.2f}x > {most_cost}x")
                bound = f" (<= {most_cost}x)" if target and checked else ""
                fd_cells = [[], []]
                for f, evals, f_target in fds:
                    fv = m.get(f"{f}/{isa}")
                    if fv is None:
                        continue
                    speedup = gv / fv
                    fmark = ""
                    if f_target and checked:
                        fmark = " met" if speedup >= least_speedup else " **no**"
                        if speedup < least_speedup:
                            missed.append(f"{name} {g}/{isa}: {speedup:.2f}x over {f} < {least_speedup}x")
                    fbound = f" (>= {least_speedup}x)" if f_target and checked else ""
                    fd_cells[0].append(f"{fv / 1e6:.1f} ({f.split('/')[0]}, {evals} evals)")
                    fd_cells[1].append(f"{speedup:.2f}x{fbound}{fmark}")
                label = f"{g} ({v})" if v.split("/")[0] + "-grad" != g.split("/")[0] else g
                print(f"| {label} | {vv / 1e6:.1f} | {gv / 1e6:.1f} | {cost:.2f}x{bound}{mark} | "
                      f"{'; '.join(fd_cells[0])} | {'; '.join(fd_cells[1])} |")
    print("\ncost = value M/s / value+grad M/s (the time of a value and its gradient over a value alone);"
          "\nanalytic / FD = value+grad M/s / finite-difference M/s (same binary, same ISA).")
    print("\nTargets: " + ("all met." if not missed else "missed:\n- " + "\n- ".join(missed)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--core", type=int, default=1)
    ap.add_argument("--yardstick", help="the binary whose stb_perlin figures divide (default: the first)")
    ap.add_argument("--issue", type=int, default=12, choices=(12, 13, 14, 50), help="whose targets (default 12)")
    ap.add_argument("--from-json", help="the medians of bench/leader.py --all --json FILE instead of measuring")
    ap.add_argument("binaries", nargs="*", help="NAME=path/to/gradnoise_bench")
    a = ap.parse_args()
    if not a.binaries and not a.from_json:
        ap.error("give NAME=binary arguments or --from-json")
    global TARGETS
    if a.issue == 13:
        TARGETS = TARGETS_13
    if a.issue == 50:
        for _, fast, fn2, _ in ISSUE_50:
            TARGETS_14[fast] = (None, {})
            TARGETS_14["fn2/" + fn2] = (None, {})
        for g, v, _, _ in GRADIENT_14:
            if "/grid" in g:
                TARGETS_14[g] = TARGETS_14[v] = (None, {})
        TARGETS = TARGETS_14
    if a.issue == 14:
        for g, v, _, fds in GRADIENT_14:
            for w in [g, v] + [f for f, _, _ in fds]:
                TARGETS_14[w] = (None, {})
        TARGETS = TARGETS_14
    if a.from_json:
        with open(a.from_json) as f:
            med = json.load(f)["medians"]
        bins = [(name, None) for name in med]
    else:
        bins = [b.split("=", 1) for b in a.binaries]
        samples = {name: {} for name, _ in bins}
        with tempfile.TemporaryDirectory() as tmp:
            for r in range(a.rounds):
                for name, path in bins:
                    for k, v in run(path, a.core, os.path.join(tmp, f"{name}-{r}.json")).items():
                        samples[name].setdefault(k, []).append(v)
        med = {name: {k: statistics.median(v) for k, v in s.items()} for name, s in samples.items()}
    yardstick = a.yardstick or bins[0][0]
    if a.issue == 14:
        print_gradient_tables(bins, med)
        return
    if a.issue == 50:
        print_issue_50(bins, med)
        return
    head = "| workload | target |" + "".join(f" {n} M/s | {n} x yardstick |" for n, _ in bins)
    print(head)
    print("|---|---:|" + "---:|---:|" * len(bins))
    for w, (denominator, targets) in TARGETS.items():
        for isa in ISAS:
            target = targets.get(isa)
            row = f"| {w}/{isa} | {'>= %.1fx' % target if target else ''} |"
            for name, _ in bins:
                v, d = med[name].get(f"{w}/{isa}"), med[yardstick].get(denominator)
                if v is None or d is None:
                    row += " | |"
                    continue
                ratio = v / d
                mark = "" if target is None else (" met" if ratio >= target else " **no**")
                row += f" {v / 1e6:.1f} | {ratio:.1f}x{mark} |"
            print(row)
    print(f"\nx yardstick: over {yardstick}'s yardstick. Each binary's own yardsticks (M/s):")
    for name, _ in bins:
        print(f"- {name}: " + ", ".join(f"{d} {med[name][d] / 1e6:.1f}" for d in
                                        sorted({d for d, _ in TARGETS.values()}) if d in med[name]))


if __name__ == "__main__":
    main()
