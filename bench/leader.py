#!/usr/bin/env python3
"""Issue #26's table: gradnoise against FastNoise2, the leader, in the same binary and run.

Each gradnoise_bench given (built with -DGRADNOISE_FASTNOISE2_PREFIX=<its install prefix>, so it has the
fn2/<workload>/<isa> rows; docs/benchmarks.md) runs every workload of the table, pinned to one core,
ROUNDS times x 5 repetitions with Google Benchmark's random interleaving; the table gives medians of all
repetitions and, per ISA, the ratio of each gradnoise variant to FastNoise2 measured beside it:

  python3 bench/leader.py [--rounds 2] [--core 1] [--isas avx2,avx512] gcc=build/release/bench/gradnoise_bench \\
      clang=build/clang-bench/bench/gradnoise_bench

The last column divides by the first binary's stb_perlin or glm::simplex on the same workload (the
baseline yardsticks, each built as its users build it). Variants: "fastest" is each family's fastest
bit-exact variant (Hash::mix: perlin*-mix, fbm*-mix, simplex*-mix, opensimplex2s*-mix; cellular has one variant), "reference" its reference variant (Perlin's
permutation table, K.jpg's 64-bit hash). Targets are the issue's (ratio to FastNoise2, single thread).
Prints a markdown table; --json FILE also writes the medians. --threads also runs five grids on 2
threads (gradnoise's FillOptions against FastNoise2 on 2 std::threads, unpinned, real time) and prints
their ratios: the issue's "the same ratios at 2 threads".

--all re-measures every workload of the binaries the same way (every older figure in docs/benchmarks.md
is one of them): each workload x ISA with its median per binary, the ratio to FastNoise2's same workload
in the same binary where the peer has it (the plain and -mix variants; gradients, binary64, 4D and the
rest have no counterpart there), and the first binary's ratio to its stb_perlin, glm or libnoise rows of
the same workload. Workloads on threads run unpinned in a pass of their own.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

# (label, fastest variant workload, reference variant workload (None: one variant), FastNoise2 workload,
#  target for the fastest, target for the reference)
ROWS = [
    ("Perlin 2D grid 1024^2", "perlin2-mix/grid1024", "perlin2/grid1024", "perlin2/grid1024", 2.0, 1.5),
    ("Perlin 3D grid 128x128x64", "perlin3-mix/grid128x128x64", "perlin3/grid128x128x64", "perlin3/grid128x128x64", 2.0, 1.5),
    ("fBm-6 2D grid", "fbm2_6oct-mix/grid1024", "fbm2_6oct/grid1024", "fbm2_6oct/grid1024", 2.0, 1.5),
    ("fBm-6 3D grid", "fbm3_6oct-mix/grid128x128x64", "fbm3_6oct/grid128x128x64", "fbm3_6oct/grid128x128x64", 2.0, 1.5),
    ("Perlin 2D points", "perlin2-mix/points1M", "perlin2/points1M", "perlin2/points1M", 1.2, 0.9),
    ("Perlin 3D points", "perlin3-mix/points1M", "perlin3/points1M", "perlin3/points1M", 1.2, 0.9),
    ("OpenSimplex2 2D grid", "simplex2-mix/grid1024", "simplex2/grid1024", "simplex2/grid1024", 1.2, 0.6),
    ("OpenSimplex2 2D points", "simplex2-mix/points1M", "simplex2/points1M", "simplex2/points1M", 1.2, 0.6),
    ("OpenSimplex2 3D grid", "simplex3-mix/grid128x128x64", "simplex3/grid128x128x64", "simplex3/grid128x128x64", 1.2, 0.6),
    ("OpenSimplex2 3D points", "simplex3-mix/points1M", "simplex3/points1M", "simplex3/points1M", 1.2, 0.6),
    ("OpenSimplex2S 2D grid", "opensimplex2s2-mix/grid1024", "opensimplex2s2/grid1024", "opensimplex2s2/grid1024", 1.2, 0.6),
    ("OpenSimplex2S 2D points", "opensimplex2s2-mix/points1M", "opensimplex2s2/points1M", "opensimplex2s2/points1M", 1.2, 0.6),
    ("OpenSimplex2S 3D grid", "opensimplex2s3-mix/grid128x128x64", "opensimplex2s3/grid128x128x64",
     "opensimplex2s3/grid128x128x64", 1.2, 0.6),
    ("OpenSimplex2S 3D points", "opensimplex2s3-mix/points1M", "opensimplex2s3/points1M", "opensimplex2s3/points1M", 1.2, 0.6),
    ("cellular F1 2D grid", "cellular2/grid1024", None, "cellular2/grid1024", 3.0, None),
    ("cellular F1 3D grid", "cellular3/grid128x128x64", None, "cellular3/grid128x128x64", 3.0, None),
    ("cellular F1 2D points", "cellular2/points1M", None, "cellular2/points1M", 1.2, None),
    ("cellular F1 3D points", "cellular3/points1M", None, "cellular3/points1M", 1.2, None),
]


# The baseline yardsticks of each row's workload (stb_perlin, glm::simplex; built -O3 -march=native with
# the compiler's default FP flags, as their users build them), where the binary has one.
BASELINES = {
    "perlin2/grid1024": "stb/perlin2/grid1024",
    "perlin3/grid128x128x64": "stb/perlin3/grid128x128x64",
    "fbm2_6oct/grid1024": "stb/fbm2_6oct/grid1024",
    "fbm3_6oct/grid128x128x64": "stb/fbm3_6oct/grid128x128x64",
    "perlin2/points1M": "stb/perlin2/points1M",
    "perlin3/points1M": "stb/perlin3/points1M",
    "simplex2/grid1024": "glm/simplex2/grid1024",
    "simplex3/points1M": "glm/simplex3/points1M",
}

# (label, gradnoise workload, FastNoise2 workload) on 2 threads
THREAD_ROWS = [
    ("Perlin 2D grid (mix)", "perlin2-mix/grid1024-threads2", "perlin2/grid1024-threads2"),
    ("Perlin 3D grid (mix)", "perlin3-mix/grid128x128x64-threads2", "perlin3/grid128x128x64-threads2"),
    ("fBm-6 2D grid (mix)", "fbm2_6oct-mix/grid1024-threads2", "fbm2_6oct/grid1024-threads2"),
    ("OpenSimplex2 2D grid (mix)", "simplex2-mix/grid1024-threads2", "simplex2/grid1024-threads2"),
    ("cellular F1 2D grid", "cellular2/grid1024-threads2", "cellular2/grid1024-threads2"),
]


def thread_names(isas):
    return sorted({f"{w}/{isa}/real_time" for _, g, f in THREAD_ROWS for isa in isas for w in (g, "fn2/" + f)})


def names(isas):
    out = []
    for _, fast, ref, fn2, _, _ in ROWS:
        for isa in isas:
            out += [f"{fast}/{isa}", f"fn2/{fn2}/{isa}"] + ([f"{ref}/{isa}"] if ref else [])
        if fn2 in BASELINES:
            out.append(BASELINES[fn2])
    return sorted(set(out))


def listed(binary):
    out = subprocess.run([binary, "--benchmark_list_tests"], check=True, capture_output=True, text=True).stdout
    return [n for n in out.split() if n]


def is_threaded(name):
    return "threads" in name


def run(binary, core, wanted, out):
    regex = "^(" + "|".join(n.replace("+", "\\+") for n in wanted) + ")$"
    pin = ["taskset", "-c", str(core)] if core is not None else []
    subprocess.run(pin + [binary, f"--benchmark_filter={regex}", "--benchmark_min_time=0.1",
                    "--benchmark_repetitions=5", "--benchmark_enable_random_interleaving=true",
                    f"--benchmark_out={out}", "--benchmark_out_format=json"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out) as f:
        report = json.load(f)
    samples = {}
    for b in report["benchmarks"]:
        if b.get("run_type") == "iteration":
            samples.setdefault(b["run_name"], []).append(b["items_per_second"])
    return samples, report["context"]


ISAS = ("scalar", "sse2", "avx2", "avx512", "neon")
YARDSTICKS = ("stb", "glm", "libnoise")


def split_name(name):
    """gradnoise row -> (family, workload, ISA or "", the rest); None for a peer's or yardstick's row."""
    parts = name.split("/")
    if parts[0] in YARDSTICKS + ("fn2",):
        return None
    at = next((i for i, p in enumerate(parts) if p in ISAS), len(parts))
    return parts[0], "/".join(parts[1:at]), parts[at] if at < len(parts) else "", "/".join(parts[at + 1:])


def counterpart(family):
    """The family a peer measures the same field of: the plain and Hash::mix variants only."""
    return family[:-4] if family.endswith("-mix") else None if "-" in family else family


def print_all(bins, med):
    first = bins[0][0]
    head, rule = "| workload | ISA | FastNoise2 M/s |", "|---|---|---:|"
    for name, _ in bins:
        head += f" {name} M/s | x FN2 |"
        rule += "---:|---:|"
    print(head + f" {first}: x yardstick |")
    print(rule + "---|")
    for n in sorted(med[first], key=lambda n: (split_name(n) or ("~",))[:2] + (n,)):
        parts = split_name(n)
        if parts is None:
            continue
        family, work, isa, rest = parts
        base = counterpart(family)
        fn2 = "/".join(x for x in ("fn2", base, work, isa, rest) if x) if base else None
        leader = med[first].get(fn2)
        row = f"| {family}/{work}{'/' + rest if rest else ''} | {isa or 'best'} |" + (f" {leader / 1e6:.0f} |" if leader else " |")
        for name, _ in bins:
            v, theirs = med[name].get(n), med[name].get(fn2)
            row += f" {v / 1e6:.1f} |" if v else " |"
            row += f" {v / theirs:.2f}x |" if v and theirs else " |"
        yards = [f"{ys}/{base}/{work}" for ys in YARDSTICKS] if base else []
        print(row + " " + ", ".join(f"{med[first][n] / med[first][y]:.1f}x {y.split('/')[0]}"
                                    for y in yards if y in med[first]) + " |")
    print("\nYardsticks (built as their users build them; single thread):\n")
    print("| yardstick | " + " | ".join(f"{name} M/s" for name, _ in bins) + " |")
    print("|---|" + "---:|" * len(bins))
    for n in sorted(k for k in med[first] if k.split("/")[0] in YARDSTICKS):
        print(f"| {n} | " + " | ".join(f"{med[name][n] / 1e6:.1f}" if n in med[name] else "" for name, _ in bins) + " |")


WIDE_HEAD = "| workload | what | scalar | SSE2 | AVX2 | AVX-512 | FastNoise2 AVX2 | x FN2 | FastNoise2 AVX-512 | x FN2 |"
WIDE_YARDSTICK_NAMES = {"stb": "stb_perlin", "glm": "glm", "libnoise": "libnoise"}


def print_wide(med, doc):
    """docs/benchmarks.md's every-workload table from the first binary's medians: a row per workload,
    a column per ISA, FastNoise2's AVX2 and AVX-512 figures with the ratios, then the yardsticks. Its
    "what" column is read from the same table in `doc` (the descriptions are said once, there); rows
    keep that table's order, a workload it lacks follows its family's last row with "NEW" as its
    description, and the names of rows no longer measured go to stderr."""
    with open(doc) as f:
        text = f.read()
    start = text.index(WIDE_HEAD)
    what, order = {}, []
    for line in text[start:text.index("\n\n", start)].split("\n")[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        what[cells[0].strip("`")] = cells[1]
        order.append(cells[0].strip("`"))
    found = []
    for n in med:
        parts = split_name(n)
        if parts is None or parts[0] in ("graph", "hand"):
            continue
        family, work, isa, _ = parts
        key = "/".join(n.split("/")[:4]) if family == "heightmap" else f"{family}/{work}"
        if (isa or family == "heightmap") and key not in found:
            found.append(key)
    rows = [n for n in order if n in found]
    for n in (n for n in found if n not in what):
        family = n.split("/")[0]
        rows.insert(max([i for i, r in enumerate(rows) if r.split("/")[0] == family] or [len(rows) - 1]) + 1, n)
    gone = [n for n in order if n not in found]
    if gone:
        print(f"not measured (rows dropped): {gone}", file=sys.stderr)

    def fmt(v):
        return "" if v is None else f"{v / 1e6:.0f}" if v >= 1e8 else f"{v / 1e6:.1f}"

    def get(n, isa):
        return med.get(f"{n}/{isa}/real_time" if n.endswith("threads2") else f"{n}/{isa}")

    print(WIDE_HEAD + "".join(f" {WIDE_YARDSTICK_NAMES[y]} |" for y in YARDSTICKS))
    print("|---|---|" + "---:|" * (8 + len(YARDSTICKS)))
    for n in rows:
        if n.startswith("heightmap"):
            at = next((k for k in med if k.startswith(n + "/")), None)
            cells = ["", "", "", fmt(med[at] if at else None)] + [""] * (4 + len(YARDSTICKS))
        else:
            family, work = n.split("/", 1)
            base = counterpart(family)
            cells = [fmt(get(n, isa)) for isa in ISAS[:4]]
            for isa in ("avx2", "avx512"):
                theirs, ours = (get(f"fn2/{base}/{work}", isa) if base else None), get(n, isa)
                cells += [fmt(theirs), f"{ours / theirs:.2f}x" if theirs and ours else ""]
            cells += [fmt(med.get(f"{y}/{base}/{work}") if base else None) for y in YARDSTICKS]
        print(f"| `{n}` | {what.get(n, 'NEW')} | " + " | ".join(cells) + " |")


def measure(a, bins, isas):
    """Medians per binary: {name: {workload: samples/s}} and each binary's benchmark context."""
    runs = {name: {} for name, _ in bins}
    context = {}
    if a.all:
        every = listed(bins[0][1])
        if a.isas:
            every = [n for n in every if (split_name(n) or (None, None, ""))[2] in ("",) + tuple(isas)]
        pinned, threaded = [n for n in every if not is_threaded(n)], [n for n in every if is_threaded(n)]
    else:
        pinned, threaded = names(isas), thread_names(isas) if a.threads else []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(a.rounds):
            for name, path in bins:
                samples, context[name] = run(path, a.core, pinned, os.path.join(tmp, f"{name}-{r}.json"))
                if threaded:
                    more, _ = run(path, None, threaded, os.path.join(tmp, f"{name}-{r}-threads.json"))
                    samples.update(more)
                for k, v in samples.items():
                    runs[name].setdefault(k, []).extend(v)
    return {name: {k: statistics.median(v) for k, v in s.items()} for name, s in runs.items()}, context


def print_leader(bins, med, isas, threads):
    first = bins[0][0]
    head = "| workload | ISA | FastNoise2 M/s |"
    rule = "|---|---|---:|"
    for name, _ in bins:
        head += f" {name}: fastest M/s | x FN2 (target) | reference x FN2 (target) |"
        rule += "---:|---:|---:|"
    head += f" {first}: fastest x baseline |"
    rule += "---:|"
    print(head)
    print(rule)
    for label, fast, ref, fn2, t_fast, t_ref in ROWS:
        for isa in isas:
            row = f"| {label} | {isa} | {med[first][f'fn2/{fn2}/{isa}'] / 1e6:.0f} |"
            for name, _ in bins:
                leader = med[name][f"fn2/{fn2}/{isa}"]
                f = med[name][f"{fast}/{isa}"]
                ok = "met" if f / leader >= t_fast else "**no**"
                row += f" {f / 1e6:.0f} | {f / leader:.2f}x ({t_fast}x {ok}) |"
                if ref:
                    rv = med[name][f"{ref}/{isa}"] / leader
                    row += f" {rv:.2f}x ({t_ref}x {'met' if rv >= t_ref else '**no**'}) |"
                else:
                    row += " (one variant) |"
            base = BASELINES.get(fn2)
            row += f" {med[first][f'{fast}/{isa}'] / med[first][base]:.1f}x {base.split('/')[0]} |" if base else " |"
            print(row)
    if threads:
        print("\n2 threads (unpinned, real time; FastNoise2 on 2 std::threads per call):\n")
        head, rule = "| workload | ISA | FastNoise2 M/s |", "|---|---|---:|"
        for name, _ in bins:
            head += f" {name} M/s | x FN2 |"
            rule += "---:|---:|"
        print(head)
        print(rule)
        for label, g, fn2 in THREAD_ROWS:
            for isa in isas:
                leader = med[first][f"fn2/{fn2}/{isa}/real_time"]
                row = f"| {label} | {isa} | {leader / 1e6:.0f} |"
                for name, _ in bins:
                    ours, theirs = med[name][f"{g}/{isa}/real_time"], med[name][f"fn2/{fn2}/{isa}/real_time"]
                    row += f" {ours / 1e6:.0f} | {ours / theirs:.2f}x |"
                print(row)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binaries", nargs="*", help="NAME=path/to/gradnoise_bench (with the fn2/ rows)")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--core", type=int, default=1)
    ap.add_argument("--isas", help="comma-separated (default avx2,avx512; with --all every ISA)")
    ap.add_argument("--json", help="also write the medians here")
    ap.add_argument("--from-json", help="print the tables of a --json file instead of measuring")
    ap.add_argument("--threads", action="store_true", help="also the 2-thread grids (unpinned)")
    ap.add_argument("--all", action="store_true", help="every workload of the binaries (every ISA unless --isas "
                    "is given), each beside FastNoise2's same workload where the peer has it")
    ap.add_argument("--wide", metavar="DOC", help="with --all or --from-json: print the every-workload table "
                    "as DOC's (docs/benchmarks.md) one-row-per-workload table, its descriptions kept, instead")
    a = ap.parse_args()
    isas = (a.isas or "avx2,avx512").split(",")
    if a.from_json:
        with open(a.from_json) as f:
            saved = json.load(f)
        med, context = saved["medians"], saved["context"]
        bins = [(name, None) for name in med]
        rounds = saved.get("rounds", a.rounds)
    elif a.binaries:
        bins = [b.split("=", 1) for b in a.binaries]
        med, context = measure(a, bins, isas)
        rounds = a.rounds
    else:
        ap.error("give NAME=binary arguments or --from-json")
    first = bins[0][0]
    missing = [n for n in names(isas) if n not in med[first]]
    if missing:
        raise SystemExit(f"{first} lacks {len(missing)} workloads (built without FastNoise2?): {missing[:4]}")
    ctx = context[first]
    threads = a.threads or a.all
    print(f"CPU: {ctx.get('cpu_model', '?')}; gradnoise {ctx.get('gradnoise_version', '?')}, FastNoise2 "
          f"{ctx.get('fastnoise2_version', '?')}; single thread pinned to core {a.core}"
          f"{' (workloads on threads unpinned)' if threads else ''}; medians of {rounds} x 5 interleaved "
          f"repetitions per binary.\n")
    print_leader(bins, med, isas, threads)
    if a.wide:
        print(f"\nEvery workload ({first}, M samples/s):\n")
        print_wide(med[first], a.wide)
    elif a.all:
        print("\nEvery workload:\n")
        print_all(bins, med)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"context": context, "medians": med, "rounds": rounds}, f, indent=1)


if __name__ == "__main__":
    main()
