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
   samples) and improved Perlin noise vectorised with numpy (written below as a tutorial reader
   would: permutation table, fade, lerp, grad from hash & 15; float32 in the library's order of
   operations, so it computes gradnoise's values bit for bit, which is checked), against
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
import math
import os
import platform
import re
import statistics
import subprocess
import time

import numpy as np

try:
    import gradnoise
except ImportError:  # --combine needs only the JSON files
    gradnoise = None

try:
    import noise as noise_pkg  # Debian python3-noise / PyPI "noise" (Casey Duncan's C extension)
except ImportError:  # the comparison with it is skipped
    noise_pkg = None

F32 = np.float32
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------------------------
# The workloads of bench/bench_perlin.cpp
# ---------------------------------------------------------------------------------------------
GRID_SHAPE = (1024, 1024)  # (ny, nx)
GRID_ORIGIN = (0.3, 0.7)  # Grid2d{0.3f, 0.7f, 0.01f, 0.01f, 1024, 1024}
GRID_STEP = 0.01
N_POINTS = 1 << 20  # kPoints
FBM = dict(fractal="fbm", octaves=6, frequency=1.0, lacunarity=2.0, persistence=0.5)  # {fbm, 6, 1, 2, 0.5}


def bench_points(n=N_POINTS):
    """random_points() of bench_perlin.cpp: xorshift64* from 0x9E3779B97F4A7C15, each output r
    giving -500.0f + 1000.0f * (float(r >> 40) * 2^-24) in float32 (the bench is compiled with
    -ffp-contract=off: a rounded product, then a rounded sum), drawn x, y, z, x, y, z, ...

    Vectorised: xorshift is linear over GF(2), so with the states s_1 .. s_L known, T^L applied to
    all of them gives s_{L+1} .. s_{2L}; a 64x64 bit matrix is applied as 8 byte-indexed tables.
    """
    mask = (1 << 64) - 1

    def step(s):
        s ^= s >> 12
        s ^= (s << 25) & mask
        s ^= s >> 27
        return s

    def tables(cols):  # cols[b] = M(1 << b) -> 8 tables of 256 entries: M(v) = xor_k t_k[byte k of v]
        t = np.zeros((8, 256), dtype=np.uint64)
        for k in range(8):
            for bit in range(8):
                idx = np.arange(256)
                sel = (idx >> bit) & 1 == 1
                t[k, sel] ^= np.uint64(cols[8 * k + bit])
        return t

    def apply(t, s):
        out = np.zeros_like(s)
        for k in range(8):
            out ^= t[k][((s >> np.uint64(8 * k)) & np.uint64(255)).astype(np.intp)]
        return out

    count = 3 * n
    first = 4096
    s = 0x9E3779B97F4A7C15
    states = []
    for _ in range(min(first, count)):
        s = step(s)
        states.append(s)
    states = np.array(states, dtype=np.uint64)
    cols = [1 << b for b in range(64)]
    for _ in range(first):  # the columns of T^first
        cols = [step(c) for c in cols]
    while states.size < count:
        t = tables(cols)
        states = np.concatenate([states, apply(t, states)])
        cols = [int(v) for v in apply(t, np.array(cols, dtype=np.uint64))]  # T^(2L) = T^L T^L
    states = states[:count]
    with np.errstate(over="ignore"):
        r = states * np.uint64(0x2545F4914F6CDD1D)
    u = (r >> np.uint64(40)).astype(F32) * F32(1.0 / 16777216.0)
    v = F32(-500.0) + F32(1000.0) * u
    return np.ascontiguousarray(v[0::3]), np.ascontiguousarray(v[1::3]), np.ascontiguousarray(v[2::3])


def bench_points_direct(count):
    """The first `count` values of random_points()'s next(), transcribed literally (the check)."""
    s = 0x9E3779B97F4A7C15
    mask = (1 << 64) - 1
    out = []
    for _ in range(count):
        s ^= s >> 12
        s ^= (s << 25) & mask
        s ^= s >> 27
        r = (s * 0x2545F4914F6CDD1D) & mask
        out.append(F32(-500.0) + F32(1000.0) * (F32(r >> 40) * F32(1.0 / 16777216.0)))
    return np.array(out, dtype=F32)


def grid_axes(nx, ny):
    """x_i = ox + float(i) * sx and y_j likewise, in float32 (spec section 6)."""
    x = F32(GRID_ORIGIN[0]) + np.arange(nx, dtype=F32) * F32(GRID_STEP)
    y = F32(GRID_ORIGIN[1]) + np.arange(ny, dtype=F32) * F32(GRID_STEP)
    return x, y


# ---------------------------------------------------------------------------------------------
# Improved Perlin noise with numpy, as a tutorial reader writes it (Ken Perlin 2002,
# ImprovedNoise.java), vectorised; float32 in the order of operations of docs/spec.md
# ---------------------------------------------------------------------------------------------
# fmt: off
PERMUTATION = [
    151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69,
    142, 8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219,
    203, 117, 35, 11, 32, 57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175,
    74, 165, 71, 134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133, 230,
    220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216, 80, 73, 209, 76,
    132, 187, 208, 89, 18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173,
    186, 3, 64, 52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206,
    59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163,
    70, 221, 153, 101, 155, 167, 43, 172, 9, 129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232,
    178, 185, 112, 104, 218, 246, 97, 228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162,
    241, 81, 51, 145, 235, 249, 14, 239, 107, 49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204,
    176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205, 93, 222, 114, 67, 29, 24, 72, 243, 141,
    128, 195, 78, 66, 215, 61, 156, 180,
]
# fmt: on
P = np.array(PERMUTATION * 2, dtype=np.int32)  # Perlin's doubled p[512]


def np_fade(t):
    return ((t * t) * t) * ((t * ((t * F32(6)) - F32(15))) + F32(10))


def np_lerp(t, a, b):
    return a + t * (b - a)


def np_grad3(h, x, y, z):
    h = h & 15
    a = np.where(h < 8, x, y)
    b = np.where(h < 4, y, np.where((h == 12) | (h == 14), x, z))
    return np.where(h & 1, -a, a) + np.where(h & 2, -b, b)


def np_grad2(h, x, y):  # grad(h, x, y, +0.0)
    h = h & 15
    a = np.where(h < 8, x, y)
    b = np.where(h < 4, y, np.where((h == 12) | (h == 14), x, F32(0)))
    return np.where(h & 1, -a, a) + np.where(h & 2, -b, b)


def _cell(x):
    x = x + F32(0)  # -0 -> +0
    fx = np.floor(x)
    return fx.astype(np.int32) & 255, x - fx  # |coordinates| < 2^31 here


def np_noise3(x, y, z):
    X, x = _cell(x)
    Y, y = _cell(y)
    Z, z = _cell(z)
    u, v, w = np_fade(x), np_fade(y), np_fade(z)
    x1, y1, z1 = x - F32(1), y - F32(1), z - F32(1)
    A = P[X] + Y
    AA = P[A] + Z
    AB = P[A + 1] + Z
    B = P[X + 1] + Y
    BA = P[B] + Z
    BB = P[B + 1] + Z
    return np_lerp(w, np_lerp(v, np_lerp(u, np_grad3(P[AA], x, y, z), np_grad3(P[BA], x1, y, z)),
                              np_lerp(u, np_grad3(P[AB], x, y1, z), np_grad3(P[BB], x1, y1, z))),
                   np_lerp(v, np_lerp(u, np_grad3(P[AA + 1], x, y, z1), np_grad3(P[BA + 1], x1, y, z1)),
                           np_lerp(u, np_grad3(P[AB + 1], x, y1, z1), np_grad3(P[BB + 1], x1, y1, z1))))


def np_noise2(x, y):
    X, x = _cell(x)
    Y, y = _cell(y)
    u, v = np_fade(x), np_fade(y)
    x1, y1 = x - F32(1), y - F32(1)
    A = P[X] + Y
    B = P[X + 1] + Y
    return np_lerp(v, np_lerp(u, np_grad2(P[P[A]], x, y), np_grad2(P[P[B]], x1, y)),
                   np_lerp(u, np_grad2(P[P[A + 1]], x, y1), np_grad2(P[P[B + 1]], x1, y1)))


def np_fbm(noise_fn, coords, octaves=6, frequency=1.0, lacunarity=2.0, persistence=0.5):
    """Spec section 8: octave k at p * f_k + o_k, sum a_k n_k, divided by the sum of the a_k."""
    f, a, total_amp = F32(frequency), F32(1), None
    total = np.zeros(np.shape(coords[0]), dtype=F32)
    for k in range(octaves):
        offsets = (F32(k * 17.3125), F32(k * 29.8125), F32(k * 41.4375))
        n = noise_fn(*[c * f + o for c, o in zip(coords, offsets)])
        total = total + a * n
        total_amp = a if total_amp is None else total_amp + a
        f, a = f * F32(lacunarity), a * F32(persistence)
    return total / total_amp


def np_fbm2_grid(nx, ny):
    x, y = grid_axes(nx, ny)
    X, Y = np.meshgrid(x, y)  # [j, i] = (x_i, y_j)
    return np_fbm(np_noise2, (X, Y))


# ---------------------------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------------------------
def no_build_running():
    """True when no compiler is running (a build on a 2-core VM would halve every figure)."""
    try:
        out = subprocess.run(["pgrep", "-f", "ninja|cc1plus"], capture_output=True, text=True).stdout
    except OSError:
        return True
    return out.strip() == ""


def time_rep(fn, min_time):
    """One repetition: the mean time of the calls of fn() that fit in min_time (at least one)."""
    calls = 0
    t0 = time.perf_counter()
    while True:
        fn()
        calls += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= min_time:
            return elapsed / calls


def time_reps(fn, reps, min_time, warmup=True):
    if warmup:
        fn()
    return [time_rep(fn, min_time) for _ in range(reps)]


def cpp_reps(bench, name, reps, min_time):
    """Per-repetition real_time (seconds) of one gradnoise_bench workload, from its JSON."""
    cmd = [bench, f"--benchmark_filter=^{re.escape(name)}$", f"--benchmark_repetitions={reps}",
           f"--benchmark_min_time={min_time}", "--benchmark_format=json"]
    res = subprocess.run(cmd, capture_output=True, text=True, check=True)
    data = json.loads(res.stdout)
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    out = [b["real_time"] * scale[b["time_unit"]] for b in data["benchmarks"]
           if b.get("run_type") == "iteration" and b["name"] == name]
    if not out:
        raise RuntimeError(f"{name}: no result from {bench} ({data['benchmarks'][:1]})")
    for b in data["benchmarks"]:
        if "error_occurred" in b:
            raise RuntimeError(f"{name}: {b.get('error_message')}")
    return out, data.get("context", {})


def median(xs):
    return statistics.median(xs)


# ---------------------------------------------------------------------------------------------
# Environment
# ---------------------------------------------------------------------------------------------
def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def compiler_of(path):
    """The compiler recorded in a binary's .comment section (GCC writes 'GCC: (Debian 12.2.0-14) 12.2.0')."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    found = sorted(set(m.decode(errors="replace") for m in re.findall(rb"GCC: \([^)]*\) [0-9][0-9.]*", data)))
    clang = re.findall(rb"clang version [0-9][0-9.]*", data)
    if clang:
        found.append(clang[0].decode())
    return "; ".join(found) if found else None


# ---------------------------------------------------------------------------------------------
# Checks that the Python workloads are the C++ ones
# ---------------------------------------------------------------------------------------------
def cli_eval(cli, dims, coords, extra):
    """`gradnoise eval --format hex` at the given float32 coordinates (hex, exact) -> floats."""
    lines = "\n".join(" ".join(float(c).hex() for c in row) for row in coords) + "\n"
    res = subprocess.run([cli, "eval", "--dims", str(dims), "--format", "hex"] + extra,
                         input=lines, capture_output=True, text=True, check=True)
    return [float.fromhex(v) for v in res.stdout.split()]


def same_bits(a, b):
    a, b = float(a), float(b)
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


def check_workloads(cli, fbm, perlin, pts, grid):
    notes = []
    # 1. The point generator: the vectorised one against the literal transcription.
    direct = bench_points_direct(3 * 2048)
    ours = np.stack(pts, axis=1)[:2048].reshape(-1)
    if not np.array_equal(direct.view(np.uint32), ours.view(np.uint32)):
        raise SystemExit("point generator: the vectorised xorshift64* differs from the direct one")
    notes.append(f"points: the vectorised generator equals a literal transcription of bench_perlin.cpp's "
                 f"random_points() on the first 2048 points; first point ({pts[0][0]!r}, {pts[1][0]!r}, {pts[2][0]!r}), "
                 f"last ({pts[0][-1]!r}, {pts[1][-1]!r}, {pts[2][-1]!r})")
    # 2. The permutation table of the numpy noise is gradnoise's (seed=None: Ken Perlin's).
    if not np.array_equal(perlin.permutation, np.array(PERMUTATION, dtype=np.uint8)):
        raise SystemExit("the numpy noise's permutation is not gradnoise's reference table")
    if cli is None or not os.access(cli, os.X_OK):
        notes.append("CLI check skipped (no gradnoise CLI)")
        return notes
    fbm_args = ["--fractal", "fbm", "--octaves", "6", "--frequency", "1", "--lacunarity", "2", "--persistence", "0.5"]
    # 3. The Python grid against the CLI at the coordinates Grid2d{0.3f, 0.7f, 0.01f, 0.01f} defines.
    ny, nx = grid.shape
    idx = [(0, 0), (1, 0), (0, 1), (17, 5), (511, 257), (nx - 1, 0), (0, ny - 1), (nx - 1, ny - 1)]
    xs, ys = grid_axes(nx, ny)
    want = cli_eval(cli, 2, [(xs[i], ys[j]) for i, j in idx], fbm_args)
    bad = [(i, j) for (i, j), w in zip(idx, want) if not same_bits(grid[j, i], w)]
    if bad:
        raise SystemExit(f"grid: the Python grid differs from `gradnoise eval` at {bad}")
    notes.append(f"fbm2_6oct/grid1024: field.grid equals `gradnoise eval --dims 2 --format hex {' '.join(fbm_args)}` "
                 f"bit for bit at {len(idx)} grid points (x_i = 0.3f + i * 0.01f, y_j = 0.7f + j * 0.01f), e.g. "
                 f"[0, 0] = {float(grid[0, 0]).hex()}, [1023, 1023] = {float(grid[-1, -1]).hex()}")
    # 4. The point workloads' fields against the CLI at a few of the points.
    sel = [0, 1, 2, 1000, N_POINTS // 2, len(pts[0]) - 1]
    coords = [(pts[0][k], pts[1][k], pts[2][k]) for k in sel]
    for field, extra, name in ((perlin, [], "perlin3/points1M"), (fbm, fbm_args, "fbm3_6oct/points1M")):
        got = field(pts[0][sel], pts[1][sel], pts[2][sel])
        want = cli_eval(cli, 3, coords, extra)
        if not all(same_bits(g, w) for g, w in zip(got, want)):
            raise SystemExit(f"{name}: field(x, y, z) differs from `gradnoise eval`")
    notes.append("perlin3/points1M, fbm3_6oct/points1M: field(x, y, z) equals `gradnoise eval --dims 3 --format hex` "
                 f"at points {sel}")
    return notes


# ---------------------------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------------------------
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


def thread_probe(p, isas, rounds, min_time):
    """--thread-probe: where the binding's fixed cost per call goes. The library's own
    Noise::fill_grid_2d(grid, out) (Perlin's table, no options: the call gradnoise_bench times),
    called through ctypes from the extension's exported C++ symbols, on the calling thread, on a
    new thread per call (what the binding does for 2^16 samples or more) and handed to one
    persistent worker thread, against field.grid(..., out=out)."""
    import ctypes as C
    import queue
    import threading

    try:
        lib = C.CDLL(gradnoise._gradnoise.__file__)
        ctor = lib._ZN9gradnoise5NoiseC1Ev  # gradnoise::Noise::Noise()
        fill = lib._ZNK9gradnoise5Noise12fill_grid_2dERKNS_6Grid2dEPfm  # fill_grid_2d(const Grid2d&, float*, size_t) const
    except (OSError, AttributeError) as e:
        p(f"(thread probe skipped: {e})")
        return

    class Status(C.Structure):
        _fields_ = [("code", C.c_int), ("message", C.c_char_p)]

    class Grid2d(C.Structure):
        _fields_ = [("ox", C.c_float), ("oy", C.c_float), ("sx", C.c_float), ("sy", C.c_float),
                    ("nx", C.c_size_t), ("ny", C.c_size_t)]

    ctor.argtypes, ctor.restype = [C.c_void_p], None
    fill.argtypes, fill.restype = [C.c_void_p, C.POINTER(Grid2d), C.c_void_p, C.c_size_t], Status
    noise = C.create_string_buffer(4096)  # a gradnoise::Noise (a shared_ptr), never destroyed
    ctor(noise)
    grid = Grid2d(GRID_ORIGIN[0], GRID_ORIGIN[1], GRID_STEP, GRID_STEP, GRID_SHAPE[1], GRID_SHAPE[0])
    out = np.empty(GRID_SHAPE, dtype=F32)
    perlin = gradnoise.Field()

    def direct():
        st = fill(noise, grid, out.ctypes.data, 0)
        if st.code != 0:
            raise RuntimeError(st.message)

    def fresh():
        t = threading.Thread(target=direct)
        t.start()
        t.join()

    jobs, done = queue.Queue(), queue.Queue()

    def worker():
        while True:
            jobs.get()
            direct()
            done.put(1)

    threading.Thread(target=worker, daemon=True).start()

    def persistent():
        jobs.put(1)
        done.get()

    direct()
    if not np.array_equal(out.view(np.uint32), perlin.grid(GRID_SHAPE, origin=GRID_ORIGIN, step=GRID_STEP).view(np.uint32)):
        raise SystemExit("thread probe: the ctypes fill differs from field.grid")
    cases = [("calling thread", direct), ("a new thread per call", fresh), ("one persistent worker", persistent),
             ("field.grid(..., out=out)", lambda: perlin.grid(GRID_SHAPE, origin=GRID_ORIGIN, step=GRID_STEP, out=out))]
    p(f"### Where the fixed cost goes: perlin2/grid1024, the library's fill_grid_2d (ctypes) on three threads "
      f"and the binding (median of {rounds} interleaved repetitions, ms; ratio to the calling thread)")
    p()
    p("| ISA | " + " | ".join(k for k, _ in cases) + " |")
    p("|---|" + "---:|" * len(cases))
    for isa in isas:
        gradnoise.force_isa(isa)
        times = {k: [] for k, _ in cases}
        for _ in range(rounds):
            for k, fn in cases:
                times[k].append(time_rep(fn, min_time))
        m = {k: median(v) for k, v in times.items()}
        base = m["calling thread"]
        p(f"| {isa} | " + " | ".join(f"{v * 1e3:.3f} ({v / base:.3f})" for v in m.values()) + " |")
    gradnoise.reset_isa()
    p()


def pin(cpu):
    if cpu is not None:
        os.sched_setaffinity(0, {cpu})


def unpin(all_cpus):
    os.sched_setaffinity(0, all_cpus)


def main():
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
    args = ap.parse_args()
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

    # ---- 1. the binding against the C++ call ----
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

    # ---- the fixed cost of a call, and the output allocation ----
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

    # ---- 2. against the `noise` package and numpy ----
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
