#!/usr/bin/env python3
"""Issue #15: the Python binding's speed, as a Markdown report.

1. The binding adds no per-sample cost. The workloads of bench/bench_perlin.cpp, made identical
   in Python -- fbm2_6oct/grid1024 (Field(fractal="fbm", octaves=6), field.grid((1024, 1024),
   origin=(0.3, 0.7), step=0.01)), perlin3/points1M and fbm3_6oct/points1M (field(x, y, z) on the
   bench's 2^20 xorshift64* points in [-500, 500), float32 arrays made beforehand), and
   perlin2/grid1024 (Field().grid, the same grid: the shortest 1M-sample call, where a fixed cost
   per call shows most) -- timed from Python on one thread against gradnoise_bench's time for the
   same workload on the same ISA (--benchmark_filter, --benchmark_format=json,
   --benchmark_repetitions), per ISA, in interleaved rounds (C++ then Python, Python then C++, ...). Each repetition on either side is
   the mean of the calls that fit in --min-time seconds; the table gives the medians and
   Python / C++ (target: <= 1.05). The Python calls are the ones users write: the result array is
   allocated by each call. The fixed cost of a call (tiny grids and point sets) and an out=
   variant are measured beside it.
2. Against what Python users have: the `noise` package (noise.pnoise2 / pnoise3, one C call per
   sample from a Python loop; a subset of each workload is timed, the table says how many
   samples) and improved Perlin noise vectorised with numpy (bench/numpy_perlin.py, as a tutorial
   reader would write it: permutation table, fade, lerp, grad from hash & 15; float32 in the
   library's order of operations, so it computes gradnoise's values bit for bit, which is checked), against
   gradnoise on one thread and threads=0 (every core), best ISA.

The workloads are checked, not assumed: the Python grid's values against `gradnoise eval
--format hex` at a few grid points (the CLI evaluates the coordinates the C++ Grid2d defines),
the point generator against a direct transcription of the C++ one, the numpy noise against
gradnoise over whole workloads.

  PYTHONPATH=build/release/python python3 bench/python_bench.py [--quick] [--cpu N] [--json PATH]
      [--bench build/release/bench/gradnoise_bench] [--cli build/release/src/cli/gradnoise]
      [--rounds 15] [--reps 1] [--min-time 0.2] [--isa avx2 ...] [--scalar]
  python3 bench/python_bench.py --combine run1.json run2.json ...   (the tables of several runs, pooled)
  PYTHONPATH=build/release/python python3 bench/python_bench.py --thread-probe [--cpu N] [--isa ...]
      (where a call's fixed cost goes: the library's fill on the calling thread, on a new thread per
      call as the binding runs it, on one persistent worker; ctypes on the extension's C++ symbols)

--quick: best ISA only, two short rounds, numpy and `noise` on small subsets (a few seconds; CI
smoke). --cpu N pins the single-thread measurements (this process and the C++ bench it starts) to
core N; threads=0 runs on every core regardless.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

import numpy as np

from numpy_perlin import np_fbm, np_fbm2_grid, np_noise3
from python_bench_checks import check_workloads
from python_bench_probe import thread_probe
from python_bench_report import BINDING_HEADER, COMPARISON_HEADER, binding_row, combine, comparison_rows, fmt_rate
from python_bench_timing import compiler_of, cpp_reps, cpu_model, median, no_build_running, pin, time_rep, time_reps, unpin
from python_bench_workloads import F32, FBM, GRID_ORIGIN, GRID_SHAPE, GRID_STEP, N_POINTS, bench_points

try:
    import gradnoise
except ImportError:  # --combine needs only the JSON files
    gradnoise = None

try:
    import noise as noise_pkg  # Debian python3-noise / PyPI "noise" (Casey Duncan's C extension)
except ImportError:  # the comparison with it is skipped
    noise_pkg = None

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a few seconds: best ISA, one short round, small subsets")
    ap.add_argument("--bench", default=os.path.join(REPO, "build/release/bench/gradnoise_bench"))
    ap.add_argument("--cli", default=os.path.join(REPO, "build/release/src/cli/gradnoise"))
    ap.add_argument("--rounds", type=int, default=15, help="interleaved rounds of C++ and Python (default 15)")
    ap.add_argument("--reps", type=int, default=1, help="repetitions per side per round (default 1)")
    ap.add_argument("--min-time", type=float, default=0.2, help="seconds per repetition (default 0.2)")
    ap.add_argument("--isa", action="append", help="ISAs for the binding check (default: every supported SIMD ISA)")
    ap.add_argument("--scalar", action="store_true", help="also the scalar path in the binding check (slow)")
    ap.add_argument("--cpu", type=int, default=None, help="pin the single-thread measurements to this core")
    ap.add_argument("--json", metavar="PATH", help="write the raw figures here")
    ap.add_argument("--thread-probe", action="store_true",
                    help="only the probe of the per-call thread (ctypes on the extension's C++ symbols)")
    ap.add_argument("--combine", nargs="+", metavar="JSON", help="print the binding table of earlier --json runs, pooled")
    return ap.parse_args()


def measure_binding(p, args, raw, isas, workloads, have_bench):
    """1. The binding against the C++ call: per ISA and workload, interleaved rounds of both sides."""
    pin(args.cpu)
    p("### The binding against the C++ call (one thread, same workload, same ISA)")
    p()
    if not have_bench:
        p(f"(no {args.bench}: the C++ side is skipped)")
        p()
    p(BINDING_HEADER)
    for isa in isas:
        gradnoise.force_isa(isa)
        assert gradnoise.active_isa() == isa
        for name, n, fn in workloads:
            cpp, py, ratios = [], [], []
            for r in range(args.rounds):
                def run_cpp():
                    if have_bench:
                        times, _ = cpp_reps(args.bench, f"{name}/{isa}", args.reps, args.min_time)
                        cpp.extend(times)
                        return median(times)
                    return None

                def run_py():
                    times = time_reps(fn, args.reps, args.min_time)
                    py.extend(times)
                    return median(times)

                if r % 2 == 0:
                    c = run_cpp()
                    q = run_py()
                else:
                    q = run_py()
                    c = run_cpp()
                if c:
                    ratios.append(q / c)
            entry = {"workload": name, "isa": isa, "samples": n, "cpp_s": cpp, "python_s": py, "round_ratios": ratios}
            raw["binding"].append(entry)
            p(binding_row(entry))
    p()


def measure_call_costs(p, args, raw, best, fbm, perlin, points):
    """The fixed cost of a call, and the output allocation."""
    x, y, z = points
    gradnoise.reset_isa()
    reps_small = max(3, args.reps * args.rounds)
    tiny_x = np.ascontiguousarray(x[:8])
    tiny_y, tiny_z = np.ascontiguousarray(y[:8]), np.ascontiguousarray(z[:8])
    out_grid = np.empty(GRID_SHAPE, dtype=F32)
    out_pts = np.empty(N_POINTS, dtype=F32)
    rows = [
        ("perlin.grid((1, 8)): one call's fixed cost", 8, lambda: perlin.grid((1, 8), origin=GRID_ORIGIN, step=GRID_STEP)),
        ("perlin(x, y, z) on 8 points", 8, lambda: perlin(tiny_x, tiny_y, tiny_z)),
        ("perlin.grid((63, 1024)) (65,472 samples)", 63 * 1024,
         lambda: perlin.grid((63, 1024), origin=GRID_ORIGIN, step=GRID_STEP)),
        ("perlin.grid((64, 1024)) (65,536 samples: the size where the binding once started a thread)", 64 * 1024,
         lambda: perlin.grid((64, 1024), origin=GRID_ORIGIN, step=GRID_STEP)),
        ("fbm2_6oct/grid1024, result allocated by the call", GRID_SHAPE[0] * GRID_SHAPE[1],
         lambda: fbm.grid(GRID_SHAPE, origin=GRID_ORIGIN, step=GRID_STEP)),
        ("fbm2_6oct/grid1024, out= given", GRID_SHAPE[0] * GRID_SHAPE[1],
         lambda: fbm.grid(GRID_SHAPE, origin=GRID_ORIGIN, step=GRID_STEP, out=out_grid)),
        ("perlin3/points1M, result allocated by the call", N_POINTS, lambda: perlin(x, y, z)),
        ("perlin3/points1M, out= given", N_POINTS, lambda: perlin(x, y, z, out=out_pts)),
    ]
    p(f"### Per-call costs ({best}, one thread, median of {reps_small} interleaved repetitions)")
    p()
    p("| call | samples | time per call | samples/s |")
    p("|---|---:|---:|---:|")
    times = {label: [] for label, _, _ in rows}
    for label, _, fn in rows:
        fn()
    for _ in range(reps_small):  # round robin, against drift
        for label, _, fn in rows:
            times[label].append(time_rep(fn, args.min_time / 2))
    med = {}
    for label, n, fn in rows:
        m = med[label] = median(times[label])
        raw["overhead"][label] = {"samples": n, "s": times[label]}
        shown = f"{m * 1e6:.1f} us" if m < 1e-3 else f"{m * 1e3:.2f} ms"
        p(f"| {label} | {n:,} | {shown} | {fmt_rate(n, m)} |")
    p()
    t63, t64 = med[rows[2][0]], med[rows[3][0]]
    worker = t64 - t63 * 64 / 63
    raw["overhead"]["worker_thread_s"] = worker
    p(f"The worker thread (calls of 2^16 samples or more run on a new thread while the caller watches for "
      f"Ctrl-C): {worker * 1e6:.0f} us per call (64 rows minus 64/63 x 63 rows). A one-call fixed cost of "
      f"{(med[rows[0][0]] + worker) * 1e6:.0f} us (tiny grid + worker thread) is, of each 1M-sample call above: "
      + ", ".join(f"{b['workload']}/{b['isa']} {100 * (med[rows[0][0]] + worker) / median(b['cpp_s']):.1f} %"
                  for b in raw["binding"] if b["isa"] == best and b["cpp_s"]) + ".")
    p()


def measure_comparison(p, args, raw, best, fbm, perlin, points, hw_threads, all_cpus):
    """2. Against the `noise` package and numpy."""
    x, y, z = points
    if args.quick:
        noise_grid_side, noise_pts, np_grid_side, np_pts = 32, 1 << 10, 256, 1 << 16
        np_reps = noise_reps = 1
    else:
        noise_grid_side, noise_pts, np_grid_side, np_pts = 256, 1 << 16, 1024, N_POINTS
        np_reps = noise_reps = 3
    ox, oy, st = GRID_ORIGIN[0], GRID_ORIGIN[1], GRID_STEP

    def noise_grid():  # the tutorial loop: one pnoise2 per sample, into a numpy array
        world = np.empty((noise_grid_side, noise_grid_side), dtype=F32)
        pn = noise_pkg.pnoise2
        for j in range(noise_grid_side):
            yy = oy + j * st
            for i in range(noise_grid_side):
                world[j, i] = pn(ox + i * st, yy, octaves=6, persistence=0.5, lacunarity=2.0)
        return world

    xl, yl, zl = x[:noise_pts].tolist(), y[:noise_pts].tolist(), z[:noise_pts].tolist()  # beforehand

    def noise_points(octaves):
        pn = noise_pkg.pnoise3
        if octaves == 1:
            return np.array([pn(a, b, c) for a, b, c in zip(xl, yl, zl)], dtype=F32)
        return np.array([pn(a, b, c, octaves=octaves, persistence=0.5, lacunarity=2.0) for a, b, c in zip(xl, yl, zl)],
                        dtype=F32)

    sx, sy, sz = x[:np_pts], y[:np_pts], z[:np_pts]
    comparisons = [
        ("fbm2_6oct/grid1024 (2D, fBm-6)", GRID_SHAPE[0] * GRID_SHAPE[1],
         lambda: fbm.grid(GRID_SHAPE, origin=GRID_ORIGIN, step=GRID_STEP),
         lambda: fbm.grid(GRID_SHAPE, origin=GRID_ORIGIN, step=GRID_STEP, threads=0),
         (np_grid_side * np_grid_side, lambda: np_fbm2_grid(np_grid_side, np_grid_side),
          lambda: fbm.grid((np_grid_side, np_grid_side), origin=GRID_ORIGIN, step=GRID_STEP)),
         (noise_grid_side * noise_grid_side, noise_grid, "noise.pnoise2(x, y, octaves=6), Python double loop")),
        ("perlin3/points1M (3D, plain)", N_POINTS, lambda: perlin(x, y, z), lambda: perlin(x, y, z, threads=0),
         (np_pts, lambda: np_noise3(sx, sy, sz), lambda: perlin(sx, sy, sz)),
         (noise_pts, lambda: noise_points(1), "noise.pnoise3(x, y, z), list comprehension")),
        ("fbm3_6oct/points1M (3D, fBm-6)", N_POINTS, lambda: fbm(x, y, z), lambda: fbm(x, y, z, threads=0),
         (np_pts, lambda: np_fbm(np_noise3, (sx, sy, sz)), lambda: fbm(sx, sy, sz)),
         (noise_pts, lambda: noise_points(6), "noise.pnoise3(x, y, z, octaves=6), list comprehension")),
    ]
    p(f"### Against the `noise` package and numpy ({best}; gradnoise median of {args.rounds * args.reps}, "
      f"numpy and noise of {np_reps} repetitions)")
    p()
    p(COMPARISON_HEADER)
    for name, n, g1, g0, (nn, np_fn, np_ref), noise_spec in comparisons:
        pin(args.cpu)
        t1 = median(time_reps(g1, args.rounds * args.reps, args.min_time))
        unpin(all_cpus)
        t0_ = median(time_reps(g0, args.rounds * args.reps, args.min_time))
        pin(args.cpu)
        entry = {"workload": name, "samples": n, "gradnoise_1t_s": t1, "gradnoise_all_s": t0_}
        res_np = np_fn()  # also the warm-up
        ref = np_ref()
        mism = int(np.count_nonzero(res_np.view(np.uint32) != ref.view(np.uint32)))
        maxdiff = float(np.max(np.abs(res_np.astype(np.float64) - ref)))
        tn = median(time_reps(np_fn, np_reps, 0, warmup=False))
        entry.update(numpy_samples=nn, numpy_s=tn, numpy_bit_mismatches=mism, numpy_max_abs_diff=maxdiff)
        if noise_pkg is not None:
            nn2, nfn, label = noise_spec
            tq = median(time_reps(nfn, noise_reps, 0, warmup=False))
            entry.update(noise_samples=nn2, noise_s=tq, noise_label=label)
        entry["threads0"] = hw_threads
        for line in comparison_rows(entry):
            p(line)
        raw["comparison"].append(entry)
    unpin(all_cpus)
    p()
    p("Speed-up = gradnoise's samples/s over the row's; numpy and `noise` run on the first samples of each workload "
      "(the grid's top-left corner, the first points) when the table says fewer samples. `noise` computes "
      "its own variant of Perlin noise (no octave offsets, a repeat period of 1024): its cost, not its values, "
      "is compared. numpy's values are checked against gradnoise's on the same samples.")


def main():
    args = parse_args()
    if args.combine:
        combine(args.combine)
        return
    if gradnoise is None:
        raise SystemExit("gradnoise is not importable: run with PYTHONPATH=build/release/python (or install it)")
    if args.thread_probe:
        pin(args.cpu)
        isas = args.isa or [i for i in reversed(gradnoise.supported_isas()) if i != "scalar" or args.scalar]
        thread_probe(print, isas, 5 if args.quick else 30, 0.05)
        return
    if args.quick:
        args.rounds, args.reps, args.min_time = 2, 1, 0.02

    all_cpus = os.sched_getaffinity(0)
    have_bench = os.access(args.bench, os.X_OK)
    raw = {"args": vars(args), "binding": [], "overhead": {}, "comparison": [], "checks": []}
    out = []

    def p(line=""):
        print(line, flush=True)
        out.append(line)

    if not no_build_running():
        p("**Warning: a compiler (ninja / cc1plus) is running: the figures below are not reliable.**")
        p()

    # ---- the workloads, made before any timing ----
    t0 = time.perf_counter()
    x, y, z = bench_points()
    gen_time = time.perf_counter() - t0
    fbm = gradnoise.Field(**FBM)
    perlin = gradnoise.Field()
    # Initialise oneTBB (its concurrency and worker threads are fixed at first use) before pinning.
    fbm.grid((64, 64), threads=0)
    hw_threads = gradnoise._gradnoise.hardware_threads()

    gradnoise.reset_isa()
    best = gradnoise.best_isa()
    grid = fbm.grid(GRID_SHAPE, origin=GRID_ORIGIN, step=GRID_STEP)
    checks = check_workloads(args.cli, fbm, perlin, (x, y, z), grid)
    raw["checks"] = checks

    so = gradnoise._gradnoise.__file__
    comp = compiler_of(so)
    comp_bench = compiler_of(args.bench) if have_bench else None
    p("### Machine and software")
    p()
    p(f"- CPU: {cpu_model()}, {os.cpu_count()} logical CPUs, gradnoise ISAs {', '.join(gradnoise.supported_isas())} (best {best})")
    p(f"- gradnoise {gradnoise.__version__}; extension {os.path.relpath(so, REPO) if so.startswith(REPO) else so}, "
      f"built with {comp or 'unknown (gradnoise builds with GCC 12.2)'}"
      + (f"; gradnoise_bench: {comp_bench}" if comp_bench else ""))
    p(f"- Python {platform.python_version()} ({platform.python_implementation()}), numpy {np.__version__}, "
      f"noise {getattr(noise_pkg, '__version__', 'installed') if noise_pkg else 'not installed'}")
    p(f"- Mode: {'--quick' if args.quick else 'full'}; {args.rounds} round(s) x {args.reps} repetition(s) per side, "
      f"{args.min_time} s each; single-thread runs {'pinned to CPU ' + str(args.cpu) if args.cpu is not None else 'not pinned'}; "
      f"threads=0 = {hw_threads} threads")
    p(f"- Points generated in {gen_time:.2f} s (vectorised xorshift64*, see the checks)")
    p()
    p("Checks (the Python workloads are the C++ ones):")
    p()
    for c in checks:
        p(f"- {c}")
    p()

    workloads = [
        ("fbm2_6oct/grid1024", GRID_SHAPE[0] * GRID_SHAPE[1],
         lambda: fbm.grid(GRID_SHAPE, origin=GRID_ORIGIN, step=GRID_STEP)),
        ("perlin3/points1M", N_POINTS, lambda: perlin(x, y, z)),
        ("fbm3_6oct/points1M", N_POINTS, lambda: fbm(x, y, z)),
        # The shortest 1M-sample call of the suite (plain 2D noise on the grid fast path): where a
        # fixed cost per call shows most.
        ("perlin2/grid1024", GRID_SHAPE[0] * GRID_SHAPE[1],
         lambda: perlin.grid(GRID_SHAPE, origin=GRID_ORIGIN, step=GRID_STEP)),
    ]
    if args.isa:
        isas = args.isa
    elif args.quick:
        isas = [best]
    else:
        isas = [i for i in reversed(gradnoise.supported_isas()) if i != "scalar" or args.scalar]
    measure_binding(p, args, raw, isas, workloads, have_bench)
    measure_call_costs(p, args, raw, best, fbm, perlin, (x, y, z))
    measure_comparison(p, args, raw, best, fbm, perlin, (x, y, z), hw_threads, all_cpus)
    if not no_build_running():
        p()
        p("**Warning: a compiler started during the run: the figures above are not reliable.**")

    if args.json:
        raw["environment"] = {"cpu": cpu_model(), "python": platform.python_version(), "numpy": np.__version__,
                              "gradnoise": gradnoise.__version__, "compiler": comp, "best_isa": best,
                              "threads0": hw_threads}
        raw["markdown"] = "\n".join(out)
        with open(args.json, "w") as f:
            json.dump(raw, f, indent=1)


if __name__ == "__main__":
    main()
