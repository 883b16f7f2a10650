"""bench/python_bench.py's checks that the Python workloads are the C++ ones: the point generator
against its literal transcription, the numpy noise's table against gradnoise's, and the grid's and
the points' values against `gradnoise eval --format hex`."""

import math
import os
import subprocess

import numpy as np

from numpy_perlin import PERMUTATION
from python_bench_workloads import N_POINTS, bench_points_direct, grid_axes


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
