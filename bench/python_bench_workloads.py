"""bench/python_bench.py's workloads: those of bench/bench_perlin.cpp made identical in Python -- its
1024 x 1024 grid and its 2^20 xorshift64* points, vectorised, with a literal transcription of the
C++ generator to check the vectorised one against."""

import numpy as np

F32 = np.float32

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
