"""The Python package against independent sources: the gradnoise CLI (a separate program over the
C++ library, fed hex floats and read back as hex), Ken Perlin's own binary64 values, and numpy's
own arithmetic for layouts. Bits are compared as integers (signed zeros count)."""

import os
import pickle
import resource
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

import gradnoise

ROOT = Path(__file__).resolve().parents[2]
CLI = os.environ.get("GRADNOISE_CLI", "")
needs_cli = pytest.mark.skipif(not (CLI and os.access(CLI, os.X_OK)), reason="GRADNOISE_CLI (the gradnoise tool) not given")


def bits(a):
    a = np.asarray(a)
    return a.view(np.uint64 if a.dtype == np.float64 else np.uint32)


def same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype
    return np.array_equal(bits(a), bits(b))


# ---- the CLI as the independent evaluator ----
def cli_eval(points, options, gradient=False):
    """points: float32 array (n, dims). Returns float32 (n,) or (n, 1 + dims)."""
    pts = np.asarray(points, dtype=np.float32)
    text = "\n".join(" ".join(float(v).hex() for v in row) for row in pts) + "\n"
    cmd = [CLI, "eval", "--dims", str(pts.shape[1]), "--format", "hex"] + options + (["--gradient"] if gradient else [])
    r = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    rows = [[float.fromhex(t) for t in line.split()] for line in r.stdout.splitlines()]
    out = np.array(rows, dtype=np.float32)
    return out[:, 0] if not gradient else out


def random_points(dims, n=300, seed=1):
    rng = np.random.default_rng(seed)
    p = rng.uniform(-300, 300, size=(n, dims)).astype(np.float32)
    awkward = np.array([0.0, -0.0, 1.0, -1.0, 0.5, 255.999, 1e6, -1e6, 1e-30, 3.0e38], dtype=np.float32)
    a = np.stack([np.roll(awkward, k) for k in range(dims)], axis=1)
    nonfinite = np.full((3, dims), 0.5, dtype=np.float32)
    nonfinite[0, 0], nonfinite[1, -1], nonfinite[2, :] = np.inf, np.nan, -np.inf
    return np.concatenate([p, a, nonfinite])


# (Field keywords, CLI options, dimensions to test)
CASES = [
    ({}, [], (2, 3, 4)),
    ({"seed": 42}, ["--seed", "42"], (2, 3, 4)),
    ({"seed": -5}, ["--seed", "-5"], (3,)),
    ({"seed": 2**64 - 1}, ["--seed", "18446744073709551615"], (2,)),
    ({"fade": "cubic"}, ["--fade", "cubic"], (2, 3)),
    ({"hash": "mix", "seed": 7}, ["--hash", "mix", "--seed", "7"], (2, 3, 4)),
    ({"basis": "classic", "seed": 3}, ["--basis", "classic", "--seed", "3"], (2, 3, 4)),
    ({"basis": "value"}, ["--basis", "value"], (2, 3)),
    ({"basis": "isotropic", "seed": 9}, ["--basis", "isotropic", "--seed", "9"], (2, 3)),
    ({"basis": "opensimplex2", "seed": 11}, ["--basis", "opensimplex2", "--seed", "11"], (2, 3, 4)),
    ({"basis": "opensimplex2", "orientation2": "improve_x", "orientation3": "fallback", "orientation4": "improve_xy_improve_zw"},
     ["--basis", "opensimplex2", "--orientation2", "improve_x", "--orientation3", "fallback", "--orientation4", "improve_xy_improve_zw"], (2, 3, 4)),
    ({"basis": "opensimplex2s", "orientation3": "improve_xz"}, ["--basis", "opensimplex2s", "--orientation3", "improve_xz"], (2, 3, 4)),
    ({"basis": "cellular", "seed": 5}, ["--basis", "cellular", "--seed", "5"], (2, 3)),
    ({"basis": "cellular", "cellular_distance": "manhattan", "cellular_output": "f2_minus_f1", "jitter": 0.5},
     ["--basis", "cellular", "--cellular-distance", "manhattan", "--cellular-output", "f2_minus_f1", "--jitter", "0.5"], (2, 3)),
    ({"basis": "cellular", "cellular_distance": "chebyshev", "cellular_output": "cell_value"},
     ["--basis", "cellular", "--cellular-distance", "chebyshev", "--cellular-output", "cell_value"], (2,)),
    ({"fractal": "fbm", "octaves": 5, "frequency": 0.75, "lacunarity": 2.5, "persistence": 0.625, "seed": 1},
     ["--fractal", "fbm", "--octaves", "5", "--frequency", "0.75", "--lacunarity", "2.5", "--persistence", "0.625", "--seed", "1"], (2, 3, 4)),
    ({"fractal": "turbulence", "octaves": 3}, ["--fractal", "turbulence", "--octaves", "3"], (2, 3)),
    ({"fractal": "ridged", "octaves": 4}, ["--fractal", "ridged", "--octaves", "4"], (2, 3)),
    ({"fractal": "billow"}, ["--fractal", "billow"], (2,)),
    ({"fractal": "damped", "octaves": 4}, ["--fractal", "damped", "--octaves", "4"], (2, 3)),
    ({"period": 8}, ["--period", "8"], (2, 3, 4)),
    ({"period": (4, 16, 32), "fractal": "fbm", "octaves": 3}, ["--period", "4,16,32", "--fractal", "fbm", "--octaves", "3"], (3,)),
    ({"warp": 1, "warp_strength": 0.5, "warp_frequency": 2.0}, ["--warp", "1", "--warp-strength", "0.5", "--warp-frequency", "2"], (2, 3)),
    ({"warp": 2, "fractal": "fbm", "octaves": 2}, ["--warp", "2", "--fractal", "fbm", "--octaves", "2"], (2,)),
    ({"pattern": "marble", "fractal": "turbulence", "pattern_frequency": 3.0},
     ["--pattern", "marble", "--fractal", "turbulence", "--pattern-frequency", "3"], (2, 3)),
    ({"pattern": "wood"}, ["--pattern", "wood"], (2, 3)),
    ({"pattern": "wood", "pattern_strength": 0.75}, ["--pattern", "wood", "--pattern-strength", "0.75"], (2,)),
]


def case_id(c):
    return ",".join(f"{k}={v}" for k, v in c[0].items()) or "default"


@needs_cli
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_values_equal_the_cli(case):
    kw, options, dims_list = case
    field = gradnoise.Field(**kw)
    for dims in dims_list:
        if kw.get("basis") == "cellular" and dims == 4:
            continue
        pts = random_points(dims, seed=dims)
        expected = cli_eval(pts, options)
        got = field(*pts.T)
        assert got.dtype == np.float32
        mismatch = np.flatnonzero(bits(got) != bits(expected))
        assert mismatch.size == 0, f"{dims}D: {mismatch.size} differ, first at {pts[mismatch[0]]}: {got[mismatch[0]]!r} vs {expected[mismatch[0]]!r}"


GRADIENT_CASES = [c for c in CASES if "pattern" not in c[0] and not (c[0].get("basis") == "cellular" and c[0].get("cellular_output") == "cell_value")]


@needs_cli
@pytest.mark.parametrize("case", GRADIENT_CASES, ids=case_id)
def test_gradients_equal_the_cli(case):
    kw, options, dims_list = case
    field = gradnoise.Field(**kw)
    for dims in dims_list:
        if kw.get("fractal") == "damped" and kw.get("basis", "perlin") in ("opensimplex2", "opensimplex2s", "cellular"):
            continue
        pts = random_points(dims, n=100, seed=10 + dims)
        expected = cli_eval(pts, options, gradient=True)
        got = field.gradient(*pts.T)
        assert got.shape == (dims + 1, len(pts))
        assert same_bits(got, np.ascontiguousarray(expected.T)), f"{dims}D gradient differs"
        assert same_bits(got[0], field(*pts.T)), "the gradient's value plane is not the value"


@needs_cli
def test_grid_and_chunk_equal_the_cli_points():
    field = gradnoise.Field(fractal="fbm", octaves=4, seed=3)
    g = field.grid((5, 7), origin=(-1.25, 3.5), step=(0.375, -0.1))
    xs = np.float32(-1.25) + np.arange(7, dtype=np.float32) * np.float32(0.375)
    ys = np.float32(3.5) + np.arange(5, dtype=np.float32) * np.float32(-0.1)
    X, Y = np.meshgrid(xs, ys)
    expected = cli_eval(np.stack([X.ravel(), Y.ravel()], axis=1), ["--fractal", "fbm", "--octaves", "4", "--seed", "3"])
    assert same_bits(g, expected.reshape(5, 7))


# ---- Ken Perlin's reference values, binary64, bit for bit ----
def perlin_reference():
    rows = []
    for line in (ROOT / "tests" / "data" / "improved_noise_sample.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append([float.fromhex(t) for t in line.split()])
    return np.array(rows, dtype=np.float64)


def test_ken_perlins_values_in_binary64():
    ref = perlin_reference()
    assert len(ref) == 150
    field = gradnoise.Field()
    got = field(ref[:, 0], ref[:, 1], ref[:, 2], dtype=np.float64)
    assert got.dtype == np.float64
    assert same_bits(got, ref[:, 3])
    for x, y, z, v in ref[::15]:
        assert bits(np.float64(field.reference(x, y, z, dtype=np.float64))) == bits(np.float64(v))
    # The float32 path is within the file's stated tolerance (input rounding dominates).
    assert np.max(np.abs(field(ref[:, 0], ref[:, 1], ref[:, 2]).astype(np.float64) - ref[:, 3])) < 1e-4


def test_binary64_grid_equals_binary64_points():
    field = gradnoise.Field(fractal="fbm", octaves=3)
    g = field.grid((4, 6), origin=(0.1, -2.0), step=(0.3, 0.7), dtype=np.float64)
    xs = 0.1 + np.arange(6) * 0.3
    ys = -2.0 + np.arange(4) * 0.7
    X, Y = np.meshgrid(xs, ys)
    assert same_bits(g, field(X, Y, dtype=np.float64))


# ---- every ISA and the scalar reference give the same bits ----
@pytest.fixture
def restore_isa():
    yield
    gradnoise.force_isa("auto")


def test_every_isa_gives_the_same_bits(restore_isa):
    fields = [gradnoise.Field(fractal="fbm", seed=4), gradnoise.Field(basis="opensimplex2s"), gradnoise.Field(basis="cellular", warp=1)]
    pts = random_points(3, n=2000)
    expected = None
    assert "scalar" in gradnoise.supported_isas()
    for isa in gradnoise.supported_isas():
        gradnoise.force_isa(isa)
        assert gradnoise.active_isa() == isa
        got = [(f(*pts.T), f.gradient(*pts.T), f.grid((9, 33), step=0.37)) for f in fields]
        if expected is None:
            expected = got
        for (a, b, c), (x, y, z) in zip(got, expected):
            assert same_bits(a, x) and same_bits(b, y) and same_bits(c, z), isa
    f = fields[0]
    for p in pts[:50]:
        assert bits(np.float32(f.reference(*p))) == bits(f(*p))
        assert same_bits(np.array(f.reference(*p, gradient=True), dtype=np.float32), f.gradient(*p))


def test_force_isa_refuses_unknown_names():
    with pytest.raises(ValueError, match="isa"):
        gradnoise.force_isa("mmx")
    with pytest.raises(TypeError, match="isa"):
        gradnoise.force_isa(3)
    assert gradnoise.best_isa() in gradnoise.supported_isas()
    assert gradnoise.__version__.count(".") == 2


# ---- shapes, dtypes, layouts ----
F = gradnoise.Field(fractal="fbm", octaves=3, seed=8)


def test_broadcasting_shapes():
    x = np.arange(5, dtype=np.float32).reshape(5, 1) * 0.3
    y = np.arange(7, dtype=np.float32).reshape(1, 7) * 0.2
    r = F(x, y)
    assert r.shape == (5, 7)
    X, Y = np.broadcast_arrays(x, y)
    assert same_bits(r, F(X.copy(), Y.copy()))
    assert F(x, 0.5).shape == (5, 1)
    assert F(1.5, 2.5, np.zeros((2, 3, 4))).shape == (2, 3, 4)


def test_scalars_and_empty_arrays():
    v = F(1.5, 2.5)
    assert isinstance(v, np.float32) and v == F(np.array([1.5]), np.array([2.5]))[0]
    assert F(np.empty(0), np.empty(0)).shape == (0,)
    assert F(np.empty((3, 0)), 1.0).shape == (3, 0)
    assert F.gradient(np.empty(0), 1.0).shape == (3, 0)


def test_dtypes_round_to_float32_first():
    rng = np.random.default_rng(5)
    x64 = rng.uniform(-50, 50, 1000)
    y64 = rng.uniform(-50, 50, 1000)
    assert same_bits(F(x64, y64), F(x64.astype(np.float32), y64.astype(np.float32)))
    ints = np.arange(-20, 20, dtype=np.int64)
    assert same_bits(F(ints, 0.5), F(ints.astype(np.float32), np.float32(0.5)))
    assert same_bits(F([0.25, 1.5], (2.0, 3.0)), F(np.float32([0.25, 1.5]), np.float32([2.0, 3.0])))
    with pytest.raises(TypeError, match="x"):
        F(np.array(["a"]), 1.0)
    with pytest.raises(TypeError, match="y"):
        F(1.0, np.array([1 + 2j]))


def test_non_contiguous_views_equal_contiguous_copies():
    rng = np.random.default_rng(6)
    big = rng.uniform(-10, 10, size=(60, 90)).astype(np.float32)
    views = [big[::3, ::2], big.T, big[::-1, ::-4], big[:, 5], np.broadcast_to(big[0], (4, 90))]
    for v in views:
        w = v[..., ::-1] if v.ndim else v
        assert same_bits(F(v, w), F(np.ascontiguousarray(v), np.ascontiguousarray(w)))
        assert same_bits(F.gradient(v, w, 0.5), F.gradient(np.ascontiguousarray(v), np.ascontiguousarray(w), 0.5))
    assert same_bits(F(big[::2].astype(np.float64)[:, ::3], 1.0), F(np.ascontiguousarray(big[::2, ::3]), 1.0))


def test_out_arrays():
    x = np.linspace(0, 9, 40, dtype=np.float32).reshape(4, 10)
    out = np.empty((4, 10), dtype=np.float32)
    assert F(x, 2.0, out=out) is out and same_bits(out, F(x, 2.0))
    strided = np.zeros((8, 20), dtype=np.float32)
    F(x, 2.0, out=strided[::2, ::2])
    assert same_bits(strided[::2, ::2], F(x, 2.0)) and not strided[1::2].any()
    xx = x.copy()
    F(xx, 2.0, out=xx)  # in place over an input
    assert same_bits(xx, F(x, 2.0))
    g = np.empty((3, 4, 10), dtype=np.float32)
    assert F.gradient(x, 1.0, out=g) is g and same_bits(g, F.gradient(x, 1.0))
    with pytest.raises(ValueError, match="out"):
        F(x, 2.0, out=np.empty((4, 9), dtype=np.float32))
    with pytest.raises(ValueError, match="out"):
        F(x, 2.0, out=np.empty((4, 10), dtype=np.float64))
    ro = np.empty((4, 10), dtype=np.float32)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="out"):
        F(x, 2.0, out=ro)
    with pytest.raises(TypeError, match="out"):
        F(x, 2.0, out=[0.0] * 40)


def test_grid_layout_is_numpy_order():
    g = F.grid((6, 8), origin=(1.5, -2.0), step=(0.25, 0.125))
    assert g.shape == (6, 8) and g.dtype == np.float32 and g.flags.c_contiguous
    xs = np.float32(1.5) + np.arange(8, dtype=np.float32) * np.float32(0.25)
    ys = np.float32(-2.0) + np.arange(6, dtype=np.float32) * np.float32(0.125)
    assert same_bits(g, F(xs[None, :], ys[:, None]))
    g3 = F.grid((3, 4, 5), origin=0.5, step=0.3)
    a = np.float32(0.5) + np.arange(5, dtype=np.float32) * np.float32(0.3)
    assert same_bits(g3, F(a[None, None, :], a[None, :4, None], a[:3, None, None]))
    g4 = F.grid((2, 3, 4, 5), step=0.7)
    b = np.arange(5, dtype=np.float32) * np.float32(0.7)
    assert same_bits(g4, F(b[None, None, None, :], b[None, None, :4, None], b[None, :3, None, None], b[:2, None, None, None]))
    gg = F.grid((6, 8), origin=(1.5, -2.0), step=(0.25, 0.125), gradient=True)
    assert gg.shape == (3, 6, 8) and same_bits(gg[0], g)
    assert same_bits(gg, F.gradient(xs[None, :], ys[:, None]))
    gg3 = F.grid((3, 4, 5), origin=0.5, step=0.3, gradient=True)
    assert same_bits(gg3, F.gradient(a[None, None, :], a[None, :4, None], a[:3, None, None]))


def test_grid_out_windows():
    whole = F.grid((40, 50), step=0.1)
    canvas = np.full((60, 80), 7.0, dtype=np.float32)
    r = F.grid((40, 50), step=0.1, out=canvas[10:50, 20:70])
    assert same_bits(canvas[10:50, 20:70], whole) and (canvas[:10] == 7).all() and (canvas[:, :20] == 7).all()
    assert r.base is canvas or r is not None
    odd = np.zeros((40, 100), dtype=np.float32)
    F.grid((40, 50), step=0.1, out=odd[:, ::2])  # rows not contiguous: through a temporary
    assert same_bits(odd[:, ::2], whole) and not odd[:, 1::2].any()


def test_chunks_join_exactly():
    field = gradnoise.Field(fractal="fbm", octaves=5, seed=2, frequency=0.25)
    big = field.chunk((64, 96), first=(-40, 1000), spacing=0.5)
    a = field.chunk((64, 40), first=(-40, 1000), spacing=0.5)
    b = field.chunk((64, 56), first=(0, 1000), spacing=0.5)
    assert same_bits(np.concatenate([a, b], axis=1), big)
    c = field.chunk((30, 96), first=(-40, 1034), spacing=0.5)
    assert same_bits(c, big[34:])
    far = field.chunk((16, 16), first=(2**40, -(2**41)), spacing=0.5)
    assert np.isfinite(far).all() and far.std() > 0
    g = field.chunk((8, 9, 10), first=(1, 2, 3), gradient=True)
    assert g.shape == (4, 8, 9, 10) and same_bits(g[0], field.chunk((8, 9, 10), first=(1, 2, 3)))


def test_curl_shapes_and_divergence_free_2d():
    field = gradnoise.Field(seed=1)
    x, y = np.meshgrid(np.arange(0, 4, 0.5, dtype=np.float32), np.arange(0, 3, 0.5, dtype=np.float32))
    c = field.curl(x, y)
    g = field.gradient(x, y)
    assert c.shape == (2,) + x.shape
    assert same_bits(c[0], g[2]) and same_bits(c[1], -g[1])
    assert field.curl(x, y, 0.5).shape == (3,) + x.shape


def test_field_identity_pickle_and_repr():
    f = gradnoise.Field(basis="classic", fractal="ridged", octaves=4, seed=-3, period=(8, 8), frequency=0.5)
    assert gradnoise.Field(**f.params) == f and hash(gradnoise.Field(**f.params)) == hash(f)
    g = pickle.loads(pickle.dumps(f))
    assert g == f and same_bits(g.grid((5, 5), step=0.3), f.grid((5, 5), step=0.3))
    assert f != gradnoise.Field(basis="classic", fractal="ridged", octaves=5, seed=-3, period=(8, 8), frequency=0.5)
    assert repr(f).startswith("Field(") and "octaves=4" in repr(f) and "seed=-3" in repr(f)
    assert f.octaves == 4 and f.period == (8, 8, 0, 0) and f.basis == "classic"
    with pytest.raises(AttributeError):
        f.octaves = 5
    assert gradnoise.Field().permutation[:6].tolist() == [151, 160, 137, 91, 90, 15]
    assert gradnoise.Field(pattern="wood") == gradnoise.Field(pattern="wood", pattern_strength=0.2)


# ---- bad arguments name themselves ----
BAD_FIELDS = [
    ({"basis": "nope"}, ValueError, "basis"),
    ({"basis": 3}, TypeError, "basis"),
    ({"fractal": "fractal!"}, ValueError, "fractal"),
    ({"fade": "linear"}, ValueError, "fade"),
    ({"hash": "md5"}, ValueError, "hash"),
    ({"fractal": "fbm", "octaves": 0}, ValueError, "octaves"),
    ({"fractal": "fbm", "octaves": 33}, ValueError, "octaves"),
    ({"fractal": "fbm", "octaves": 1.5}, TypeError, "octaves"),
    ({"fractal": "fbm", "octaves": True}, TypeError, "octaves"),
    ({"fractal": "fbm", "frequency": 0.0}, ValueError, "frequency"),
    ({"fractal": "fbm", "frequency": -1.0}, ValueError, "frequency"),
    ({"fractal": "fbm", "frequency": float("nan")}, ValueError, "frequency"),
    ({"fractal": "fbm", "frequency": "a"}, TypeError, "frequency"),
    ({"fractal": "fbm", "frequency": 1e300}, ValueError, "frequency"),
    ({"fractal": "fbm", "lacunarity": 0.0}, ValueError, "lacunarity"),
    ({"fractal": "fbm", "persistence": 9.0}, ValueError, "persistence"),
    ({"frequency": 4.0}, ValueError, "frequency=4.0 has no effect without a fractal"),
    ({"octaves": 8}, ValueError, "octaves"),
    ({"warp_strength": 2.0}, ValueError, "warp_strength"),
    ({"pattern_frequency": 2.0}, ValueError, "pattern_frequency"),
    ({"jitter": 0.5}, ValueError, "jitter"),
    ({"orientation3": "fallback"}, ValueError, "orientation3"),
    ({"period": 3}, ValueError, r"period\[0\]"),
    ({"period": (2, 3)}, ValueError, r"period\[1\]"),
    ({"period": 512}, ValueError, "period"),
    ({"period": (1, 2, 4, 8, 16)}, ValueError, "period"),
    ({"period": 8, "basis": "opensimplex2"}, ValueError, "period"),
    ({"period": 8, "fractal": "fbm", "lacunarity": 3.0}, ValueError, "lacunarity"),
    ({"warp": 3}, ValueError, "warp"),
    ({"warp": 1, "warp_strength": float("inf")}, ValueError, "warp_strength"),
    ({"warp": 1, "warp_frequency": 0.0}, ValueError, "warp_frequency"),
    ({"pattern": "stripes"}, ValueError, "pattern"),
    ({"pattern": "marble", "pattern_frequency": -2.0}, ValueError, "pattern_frequency"),
    ({"seed": -(2**63) - 1}, ValueError, "seed"),
    ({"seed": 2**64}, ValueError, "seed"),
    ({"seed": 1.5}, TypeError, "seed"),
    ({"jitter": 2.0, "basis": "cellular"}, ValueError, "jitter"),
    ({"basis": "opensimplex2", "orientation2": "diagonal"}, ValueError, "orientation2"),
    ({"basis": "opensimplex2", "orientation3": "improve_yz"}, ValueError, "orientation3"),
    ({"basis": "opensimplex2", "orientation4": 1}, TypeError, "orientation4"),
    ({"basis": "cellular", "cellular_distance": "cosine"}, ValueError, "cellular_distance"),
    ({"basis": "cellular", "cellular_output": "f3"}, ValueError, "cellular_output"),
]


@pytest.mark.parametrize("kw,exc,name", BAD_FIELDS, ids=[str(b[0]) for b in BAD_FIELDS])
def test_bad_field_arguments(kw, exc, name):
    with pytest.raises(exc, match=name):
        gradnoise.Field(**kw)


def test_bad_call_arguments():
    x = np.zeros(4)
    for call, exc, name in [
        (lambda: F(x, x, threads=-1), ValueError, "threads"),
        (lambda: F(x, x, threads=2000), ValueError, "threads"),
        (lambda: F(x, x, threads=1.0), TypeError, "threads"),
        (lambda: F(x, x, progress=5), TypeError, "progress"),
        (lambda: F(x, x, dtype=np.int32), TypeError, "dtype"),
        (lambda: F(x, x, dtype=np.float16), TypeError, "dtype"),
        (lambda: F(np.zeros(3), np.zeros(4)), ValueError, "broadcast"),
        (lambda: F(x, x, w=x), TypeError, "w"),
        (lambda: F.grid((0,)), ValueError, "shape"),
        (lambda: F.grid((1, 2, 3, 4, 5)), ValueError, "shape"),
        (lambda: F.grid("ab"), TypeError, r"shape\[0\]"),
        (lambda: F.grid(5), TypeError, "shape"),
        (lambda: F.grid((2**25, 1)), ValueError, r"shape\[0\]"),
        (lambda: F.grid((-1, 1)), ValueError, r"shape\[0\]"),
        (lambda: F.grid((2, 2), origin=float("nan")), ValueError, "origin"),
        (lambda: F.grid((2, 2), origin=(1.0, 2.0, 3.0)), ValueError, "origin"),
        (lambda: F.grid((2, 2), step=0.0), ValueError, "step"),
        (lambda: F.grid((2, 2), step=(1.0, 1e-50)), ValueError, r"step\[1\]"),
        (lambda: F.grid((2, 2), out=np.empty((2, 3), np.float32)), ValueError, "out"),
        (lambda: F.chunk((2, 2), spacing=0.0), ValueError, "spacing"),
        (lambda: F.chunk((2, 2), spacing=-1.0), ValueError, "spacing"),
        (lambda: F.chunk((2, 2), first=2**63), ValueError, "first"),
        (lambda: F.chunk((2, 2), first=(1.5, 0)), TypeError, "first"),
        (lambda: F.chunk((2, 2, 2, 2)), ValueError, "shape"),
        (lambda: gradnoise.Field(warp=1).chunk((2, 2)), ValueError, "warp"),
        (lambda: gradnoise.Field(pattern="marble").chunk((2, 2)), ValueError, "pattern"),
        (lambda: gradnoise.Field(pattern="marble").gradient(x, x), ValueError, "pattern"),
        (lambda: gradnoise.Field(basis="classic")(x, x, dtype=np.float64), ValueError, "basis"),
        (lambda: gradnoise.Field(period=4)(x, x, dtype=np.float64), ValueError, "period"),
        (lambda: F(x, x, x, x, dtype=np.float64), ValueError, "2D and 3D"),
        (lambda: F.reference(1.0, 2.0, 3.0, 4.0, curl=True), ValueError, "curl"),
        (lambda: F.reference("a", 2.0), TypeError, "x"),
        (lambda: gradnoise.Field(basis="cellular")(x, x, x, x), ValueError, "cellular"),
    ]:
        with pytest.raises(exc, match=name):
            call()


# ---- threads, progress, cancelling, Ctrl-C ----
def test_threads_give_the_same_bits():
    field = gradnoise.Field(fractal="fbm", octaves=6, seed=12, warp=1)
    one = field.grid((512, 512), step=0.01)
    rng = np.random.default_rng(3)
    pts = rng.uniform(-100, 100, size=(3, 300_000)).astype(np.float32)
    p_one = field(*pts)
    c_one = field.chunk((256, 300), first=(5, -7), spacing=0.25) if False else None
    plain = gradnoise.Field(fractal="ridged", seed=2)
    ch_one = plain.chunk((256, 300), first=(5, -7), spacing=0.25)
    for t in (0, 2, 3):
        assert same_bits(field.grid((512, 512), step=0.01, threads=t), one), t
        assert same_bits(field(*pts, threads=t), p_one), t
        assert same_bits(plain.chunk((256, 300), first=(5, -7), spacing=0.25, threads=t), ch_one), t
    assert c_one is None


def slow_rows(field, seconds):
    """Rows of 1024 samples that take this field about `seconds` to fill."""
    start = time.monotonic()
    field.grid((128, 1024), step=0.01)
    per_row = (time.monotonic() - start) / 128
    return int(min(1 << 15, max(256, seconds / max(per_row, 1e-7))))


def test_progress_and_cancel():
    field = gradnoise.Field(fractal="fbm", octaves=10, warp=2)
    rows = slow_rows(field, 0.4)
    seen = []
    field.grid((rows, 1024), step=0.01, progress=lambda d, t: seen.append((d, t)))
    assert len(seen) >= 2 and seen[-1] == (rows * 1024, rows * 1024)
    assert all(a[0] <= b[0] and a[1] == rows * 1024 for a, b in zip(seen, seen[1:]))
    calls = []
    with pytest.raises(gradnoise.CancelledError):
        field.grid((rows, 1024), step=0.01, progress=lambda d, t: calls.append(d) or False)
    assert len(calls) == 1
    x = np.zeros(rows * 1024, dtype=np.float32)
    with pytest.raises(gradnoise.CancelledError):
        field(x, x, progress=lambda d, t: 0)

    class Boom(Exception):
        pass

    def boom(d, t):
        raise Boom("from the callback")

    with pytest.raises(Boom):
        field.grid((rows, 1024), step=0.01, progress=boom)


def test_ctrl_c_stops_a_long_fill():
    field = gradnoise.Field(fractal="fbm", octaves=10, warp=2)
    rows = slow_rows(field, 3.0)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            field.grid((rows, 1024), step=0.01)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 1.5


# ---- memory: only the result is allocated ----
def test_a_4096_grid_allocates_only_its_result():
    field = gradnoise.Field(fractal="fbm", octaves=2)
    tracemalloc.start()
    try:
        g = field.grid((4096, 4096), step=0.01, threads=2)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert g.nbytes == 64 << 20
    assert peak < (64 << 20) + (1 << 20), peak
    x = np.zeros(1 << 22, dtype=np.float32)
    tracemalloc.start()
    try:
        r = field(x, x, x)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < r.nbytes + (1 << 20), peak


def test_rss_of_a_4096_grid():
    code = (
        "import resource, gradnoise\n"
        "f = gradnoise.Field(fractal='fbm', octaves=2)\n"
        "f.grid((8, 8))\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "g = f.grid((4096, 4096), step=0.01)\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    grown_kib = int(r.stdout)
    assert grown_kib < 64 * 1024 + 8 * 1024, grown_kib


def test_help_reads_like_a_manual():
    doc = gradnoise.Field.__doc__
    for word in ("basis", "seed", "octaves", "period", "warp", "pattern", "jitter", "picklable"):
        assert word in doc
    for method in (gradnoise.Field.__call__, gradnoise.Field.grid, gradnoise.Field.chunk, gradnoise.Field.gradient):
        assert method.__doc__ and len(method.__doc__) > 200
    stub = Path(gradnoise.__file__).with_suffix(".pyi")
    assert stub.exists() and "def grid(" in stub.read_text()
    assert (Path(gradnoise.__file__).parent / "py.typed").exists()
