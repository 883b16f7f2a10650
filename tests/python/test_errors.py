"""Every bad argument raises ValueError or TypeError, and the message names the argument."""

import warnings

import numpy as np
import pytest

import gradnoise

Field = gradnoise.Field
NAN, INF = float("nan"), float("inf")

# (Field keywords, exception, a regex the message must match: the argument's name)
BAD_FIELDS = [
    ({"basis": "nope"}, ValueError, "basis"),
    ({"basis": 3}, TypeError, "basis"),
    ({"basis": None}, TypeError, "basis"),
    ({"fade": "linear"}, ValueError, "fade"),
    ({"hash": "md5"}, ValueError, "hash"),
    ({"fractal": "fractal!"}, ValueError, "fractal"),
    ({"fractal": 3}, TypeError, "fractal"),
    ({"fractal": "fbm", "octaves": 0}, ValueError, "octaves"),
    ({"fractal": "fbm", "octaves": 33}, ValueError, "octaves"),
    ({"fractal": "fbm", "octaves": -1}, ValueError, "octaves"),
    ({"fractal": "fbm", "octaves": 1.5}, TypeError, "octaves"),
    ({"fractal": "fbm", "octaves": True}, TypeError, "octaves"),
    ({"fractal": "fbm", "octaves": "6"}, TypeError, "octaves"),
    ({"fractal": "fbm", "frequency": 0.0}, ValueError, "frequency"),
    ({"fractal": "fbm", "frequency": -1.0}, ValueError, "frequency"),
    ({"fractal": "fbm", "frequency": NAN}, ValueError, "frequency"),
    ({"fractal": "fbm", "frequency": INF}, ValueError, "frequency"),
    ({"fractal": "fbm", "frequency": 1e300}, ValueError, "frequency"),  # inf as a float32
    ({"fractal": "fbm", "frequency": "a"}, TypeError, "frequency"),
    ({"fractal": "fbm", "frequency": True}, TypeError, "frequency"),
    ({"fractal": "fbm", "lacunarity": 0.0}, ValueError, "lacunarity"),
    ({"fractal": "fbm", "lacunarity": -2.0}, ValueError, "lacunarity"),
    ({"fractal": "fbm", "lacunarity": NAN}, ValueError, "lacunarity"),
    ({"fractal": "fbm", "lacunarity": None}, TypeError, "lacunarity"),
    ({"fractal": "fbm", "persistence": 9.0}, ValueError, "persistence"),
    ({"fractal": "fbm", "persistence": 0.0}, ValueError, "persistence"),
    ({"fractal": "fbm", "persistence": -0.5}, ValueError, "persistence"),
    ({"period": 3}, ValueError, r"period\[0\]"),
    ({"period": (2, 3)}, ValueError, r"period\[1\]"),
    ({"period": 512}, ValueError, "period"),
    ({"period": -8}, ValueError, "period"),
    ({"period": ()}, ValueError, "period"),
    ({"period": (1, 2, 4, 8, 16)}, ValueError, "period"),
    ({"period": 8.0}, TypeError, "period"),
    ({"period": (8, 2.5)}, TypeError, r"period\[1\]"),
    ({"period": 8, "basis": "opensimplex2"}, ValueError, "period"),
    ({"period": 8, "fractal": "fbm", "lacunarity": 3.0}, ValueError, "lacunarity"),
    ({"warp": 3}, ValueError, "warp"),
    ({"warp": -1}, ValueError, "warp"),
    ({"warp": 1.0}, TypeError, "warp"),
    ({"warp": 1, "warp_strength": INF}, ValueError, "warp_strength"),
    ({"warp": 1, "warp_strength": NAN}, ValueError, "warp_strength"),
    ({"warp": 1, "warp_frequency": 0.0}, ValueError, "warp_frequency"),
    ({"warp": 1, "warp_frequency": -1.0}, ValueError, "warp_frequency"),
    ({"pattern": "stripes"}, ValueError, "pattern"),
    ({"pattern": 1}, TypeError, "pattern"),
    ({"pattern": "marble", "pattern_frequency": -2.0}, ValueError, "pattern_frequency"),
    ({"pattern": "marble", "pattern_frequency": 0.0}, ValueError, "pattern_frequency"),
    ({"pattern": "marble", "pattern_strength": NAN}, ValueError, "pattern_strength"),
    ({"pattern": "wood", "pattern_strength": "strong"}, TypeError, "pattern_strength"),
    ({"seed": -(2**63) - 1}, ValueError, "seed"),
    ({"seed": 2**64}, ValueError, "seed"),
    ({"seed": 1.5}, TypeError, "seed"),
    ({"seed": "1"}, TypeError, "seed"),
    ({"seed": True}, TypeError, "seed"),
    ({"basis": "cellular", "jitter": 2.0}, ValueError, "jitter"),
    ({"basis": "cellular", "jitter": -0.1}, ValueError, "jitter"),
    ({"basis": "cellular", "jitter": NAN}, ValueError, "jitter"),
    ({"basis": "cellular", "cellular_distance": "cosine"}, ValueError, "cellular_distance"),
    ({"basis": "cellular", "cellular_output": "f3"}, ValueError, "cellular_output"),
    ({"basis": "cellular", "cellular_output": 0}, TypeError, "cellular_output"),
    ({"basis": "opensimplex2", "orientation2": "diagonal"}, ValueError, "orientation2"),
    ({"basis": "opensimplex2", "orientation3": "improve_yz"}, ValueError, "orientation3"),
    ({"basis": "opensimplex2s", "orientation4": "improve_zw"}, ValueError, "orientation4"),
    ({"basis": "opensimplex2", "orientation4": 1}, TypeError, "orientation4"),
    # Parameters the field would ignore are refused, named.
    ({"octaves": 8}, ValueError, "octaves"),
    ({"frequency": 4.0}, ValueError, "frequency"),
    ({"lacunarity": 3.0}, ValueError, "lacunarity"),
    ({"persistence": 0.25}, ValueError, "persistence"),
    ({"warp_strength": 2.0}, ValueError, "warp_strength"),
    ({"warp_frequency": 2.0}, ValueError, "warp_frequency"),
    ({"pattern_frequency": 2.0}, ValueError, "pattern_frequency"),
    ({"pattern_strength": 2.0}, ValueError, "pattern_strength"),
    ({"jitter": 0.5}, ValueError, "jitter"),
    ({"cellular_distance": "manhattan"}, ValueError, "cellular_distance"),
    ({"cellular_output": "f2"}, ValueError, "cellular_output"),
    ({"orientation2": "improve_x"}, ValueError, "orientation2"),
    ({"orientation3": "fallback"}, ValueError, "orientation3"),
    ({"orientation4": "fallback"}, ValueError, "orientation4"),
]


@pytest.mark.parametrize("kw,exc,name", BAD_FIELDS, ids=[repr(b[0]) for b in BAD_FIELDS])
def test_bad_field_arguments(kw, exc, name):
    with pytest.raises(exc, match=name):
        Field(**kw)


def test_unknown_keyword():
    with pytest.raises(TypeError, match="octave"):
        Field(octave=3)


F = Field(fractal="fbm", octaves=3, seed=8)
X = np.zeros(4)
F32 = np.float32

# (id, call, exception, regex naming the argument)
BAD_CALLS = [
    # threads, progress, dtype (points, grids, chunks)
    ("threads=-1", lambda: F(X, X, threads=-1), ValueError, "threads"),
    ("threads=2000", lambda: F(X, X, threads=2000), ValueError, "threads"),
    ("threads=1.0", lambda: F(X, X, threads=1.0), TypeError, "threads"),
    ("threads=True", lambda: F(X, X, threads=True), TypeError, "threads"),
    ("grid threads=-1", lambda: F.grid((2, 2), threads=-1), ValueError, "threads"),
    ("chunk threads=2000", lambda: F.chunk((2, 2), threads=2000), ValueError, "threads"),
    ("gradient threads=-1", lambda: F.gradient(X, X, threads=-1), ValueError, "threads"),
    ("progress=5", lambda: F(X, X, progress=5), TypeError, "progress"),
    ("grid progress=5", lambda: F.grid((2, 2), progress=5), TypeError, "progress"),
    ("chunk progress='x'", lambda: F.chunk((2, 2), progress="x"), TypeError, "progress"),
    ("dtype=int32", lambda: F(X, X, dtype=np.int32), TypeError, "dtype"),
    ("dtype=float16", lambda: F(X, X, dtype=np.float16), TypeError, "dtype"),
    ("dtype='nope'", lambda: F(X, X, dtype="nope"), TypeError, "dtype"),
    ("grid dtype=float16", lambda: F.grid((2, 2), dtype=np.float16), TypeError, "dtype"),
    ("reference dtype=int32", lambda: F.reference(1.0, 2.0, dtype=np.int32), TypeError, "dtype"),
    # coordinates
    ("x strings", lambda: F(np.array(["a"]), 1.0), TypeError, "x"),
    ("y complex", lambda: F(1.0, np.array([1 + 2j])), TypeError, "y"),
    ("z booleans", lambda: F(1.0, 2.0, np.array([True])), TypeError, "z"),
    ("w without z", lambda: F(X, X, w=X), TypeError, "w"),
    ("gradient w without z", lambda: F.gradient(X, X, w=X), TypeError, "w"),
    ("broadcast", lambda: F(np.zeros(3), np.zeros(4)), ValueError, r"broadcast.*x\(3,\).*y\(4,\)"),
    ("gradient broadcast", lambda: F.gradient(np.zeros((2, 3)), np.zeros(4)), ValueError, "broadcast"),
    ("reference x='a'", lambda: F.reference("a", 2.0), TypeError, "x"),
    ("reference y=None-like list", lambda: F.reference(1.0, [2.0]), TypeError, "y"),
    # grid shape, origin, step
    ("shape=(0,)", lambda: F.grid((0,)), ValueError, "shape"),
    ("shape=(1,2,3,4,5)", lambda: F.grid((1, 2, 3, 4, 5)), ValueError, "shape"),
    ("shape='ab'", lambda: F.grid("ab"), TypeError, r"shape\[0\]"),
    ("shape=5", lambda: F.grid(5), TypeError, "shape"),
    ("shape=None", lambda: F.grid(None), TypeError, "shape"),
    ("shape=(2**25, 1)", lambda: F.grid((2**25, 1)), ValueError, r"shape\[0\]"),
    ("shape=(1, 2**24 + 1)", lambda: F.grid((1, 2**24 + 1)), ValueError, r"shape\[1\]"),
    ("shape=(-1, 1)", lambda: F.grid((-1, 1)), ValueError, r"shape\[0\]"),
    ("shape=(2, 2.0)", lambda: F.grid((2, 2.0)), TypeError, r"shape\[1\]"),
    ("origin=nan", lambda: F.grid((2, 2), origin=NAN), ValueError, "origin"),
    ("origin=(0, inf)", lambda: F.grid((2, 2), origin=(0.0, INF)), ValueError, r"origin\[1\]"),
    ("origin 3 values", lambda: F.grid((2, 2), origin=(1.0, 2.0, 3.0)), ValueError, "origin"),
    ("origin='a'", lambda: F.grid((2, 2), origin=("a", 1.0)), TypeError, r"origin\[0\]"),
    ("step=0", lambda: F.grid((2, 2), step=0.0), ValueError, "step"),
    ("step=(1, 1e-50)", lambda: F.grid((2, 2), step=(1.0, 1e-50)), ValueError, r"step\[1\]"),  # 0 as a float32
    ("step=nan", lambda: F.grid((2, 2, 2), step=NAN), ValueError, "step"),
    ("step 4D=0", lambda: F.grid((2, 2, 2, 2), step=(1, 1, 1, 0)), ValueError, r"step\[3\]"),
    ("float64 grid step=0", lambda: F.grid((2, 2), step=0.0, dtype=np.float64), ValueError, "step"),
    # chunk shape, first, spacing
    ("chunk shape 4D", lambda: F.chunk((2, 2, 2, 2)), ValueError, "shape"),
    ("chunk shape (2**25, 1)", lambda: F.chunk((2**25, 1)), ValueError, r"shape\[0\]"),
    ("spacing=0", lambda: F.chunk((2, 2), spacing=0.0), ValueError, "spacing"),
    ("spacing=-1", lambda: F.chunk((2, 2), spacing=-1.0), ValueError, "spacing"),
    ("spacing=nan", lambda: F.chunk((2, 2), spacing=NAN), ValueError, "spacing"),
    ("spacing=inf", lambda: F.chunk((2, 2), spacing=INF), ValueError, "spacing"),
    ("spacing='1'", lambda: F.chunk((2, 2), spacing="1"), TypeError, "spacing"),
    ("first=2**63", lambda: F.chunk((2, 2), first=2**63), ValueError, "first"),
    ("first=-2**63-1", lambda: F.chunk((2, 2), first=(0, -(2**63) - 1)), ValueError, r"first\[1\]"),
    ("first=1.5", lambda: F.chunk((2, 2), first=(1.5, 0)), TypeError, r"first\[0\]"),
    ("first 3 values", lambda: F.chunk((2, 2), first=(1, 2, 3)), ValueError, "first"),
    ("first + size overflows", lambda: F.chunk((2, 2), first=(2**63 - 1, 0)), ValueError, "first"),
    # out
    ("out shape", lambda: F(X, X, out=np.empty(5, F32)), ValueError, "out"),
    ("out dtype", lambda: F(X, X, out=np.empty(4)), ValueError, "out"),
    ("out float64 dtype", lambda: F(X, X, dtype=np.float64, out=np.empty(4, F32)), ValueError, "out"),
    ("out list", lambda: F(X, X, out=[0.0] * 4), TypeError, "out"),
    ("gradient out shape", lambda: F.gradient(X, X, out=np.empty((2, 4), F32)), ValueError, "out"),
    ("curl out shape", lambda: F.curl(X, X, X, out=np.empty((2, 4), F32)), ValueError, "out"),
    ("grid out shape", lambda: F.grid((2, 2), out=np.empty((2, 3), F32)), ValueError, "out"),
    ("grid out dtype", lambda: F.grid((2, 2), out=np.empty((2, 2))), ValueError, "out"),
    ("grid gradient out shape", lambda: F.grid((2, 2), gradient=True, out=np.empty((2, 2), F32)), ValueError, "out"),
    ("grid out read-only", lambda: F.grid((2, 2), out=np.broadcast_to(F32(0), (2, 2))), ValueError, "out"),
    ("grid float64 out dtype", lambda: F.grid((2, 2), dtype=np.float64, out=np.empty((2, 2), F32)), ValueError, "out"),
    ("grid 4D out shape", lambda: F.grid((2, 2, 2, 2), out=np.empty((2, 2, 2), F32)), ValueError, "out"),
    ("chunk out shape", lambda: F.chunk((2, 2), out=np.empty((3, 2), F32)), ValueError, "out"),
    ("chunk out tuple", lambda: F.chunk((2, 2), out=(1, 2)), TypeError, "out"),
    # what the library refuses
    ("chunk with warp", lambda: Field(warp=1).chunk((2, 2)), ValueError, "warp"),
    ("chunk with pattern", lambda: Field(pattern="marble").chunk((2, 2)), ValueError, "pattern"),
    ("3D chunk with warp", lambda: Field(warp=2).chunk((2, 2, 2)), ValueError, "warp"),
    ("chunk gradient with pattern", lambda: Field(pattern="wood").chunk((2, 2), gradient=True), ValueError, "pattern"),
    ("gradient with pattern", lambda: Field(pattern="marble").gradient(X, X), ValueError, "pattern"),
    ("grid gradient with pattern", lambda: Field(pattern="wood").grid((2, 2), gradient=True), ValueError, "pattern"),
    ("curl with pattern", lambda: Field(pattern="wood").curl(X, X), ValueError, "pattern"),
    ("damped gradient, simplex", lambda: Field(basis="opensimplex2", fractal="damped").gradient(X, X), ValueError, "damped"),
    ("float64 with classic", lambda: Field(basis="classic")(X, X, dtype=np.float64), ValueError, "basis"),
    ("float64 with mix", lambda: Field(hash="mix")(X, X, dtype=np.float64), ValueError, "hash"),
    ("float64 with period", lambda: Field(period=4)(X, X, dtype=np.float64), ValueError, "period"),
    ("float64 with warp", lambda: Field(warp=1)(X, X, X, dtype=np.float64), ValueError, "warp"),
    ("float64 with pattern", lambda: Field(pattern="wood")(X, X, dtype=np.float64), ValueError, "pattern"),
    ("float64 grid with classic", lambda: Field(basis="classic").grid((2, 2), dtype=np.float64), ValueError, "basis"),
    ("float64 4D", lambda: F(X, X, X, X, dtype=np.float64), ValueError, "2D and 3D"),
    ("float64 4D grid", lambda: F.grid((2, 2, 2, 2), dtype=np.float64), ValueError, "2D and 3D"),
    ("reference float64 classic", lambda: Field(basis="classic").reference(1.0, 2.0, dtype=np.float64), ValueError, "basis"),
    ("reference float64 gradient", lambda: F.reference(1.0, 2.0, gradient=True, dtype=np.float64), ValueError, "gradient"),
    ("curl with 4 coordinates", lambda: F.curl(X, X, X, X), TypeError, "curl"),
    ("reference curl 4D", lambda: F.reference(1.0, 2.0, 3.0, 4.0, curl=True), ValueError, "curl"),
    ("cellular 4D", lambda: Field(basis="cellular")(X, X, X, X), ValueError, "cellular"),
    ("cellular 4D gradient", lambda: Field(basis="cellular").gradient(X, X, X, X), ValueError, "cellular"),
    ("cellular 4D grid", lambda: Field(basis="cellular").grid((2, 2, 2, 2)), ValueError, "cellular"),
    # instruction sets
    ("force_isa unknown", lambda: gradnoise.force_isa("mmx"), ValueError, "isa"),
    ("force_isa not a string", lambda: gradnoise.force_isa(3), TypeError, "isa"),
]


@pytest.mark.parametrize("call,exc,name", [b[1:] for b in BAD_CALLS], ids=[b[0] for b in BAD_CALLS])
def test_bad_call_arguments(call, exc, name):
    with pytest.raises(exc, match=name):
        call()


def test_force_isa_an_isa_this_cpu_lacks():
    missing = [i for i in gradnoise.ISAS if i not in gradnoise.supported_isas()]
    if not missing:
        pytest.skip("this CPU and build run every ISA")
    try:
        with pytest.raises(ValueError, match=missing[0]):
            gradnoise.force_isa(missing[0])
    finally:
        gradnoise.force_isa("auto")
    assert gradnoise.active_isa() == gradnoise.best_isa()


def test_cancelled_error_is_an_exception_class():
    assert issubclass(gradnoise.CancelledError, Exception)


@pytest.mark.parametrize("call,name", [
    (lambda: F.grid((2, 2), origin=1e39), "origin"),
    (lambda: F.grid((2, 2), step=1e39), "step"),
    (lambda: F.chunk((2, 2), spacing=1e39), "spacing"),
], ids=["origin", "step", "spacing"])
def test_beyond_float32_is_a_clean_value_error(call, name):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match=name):
            call()


def test_reference_gradient_and_curl_together_is_refused():
    with pytest.raises(ValueError, match="curl"):
        F.reference(1.0, 2.0, gradient=True, curl=True)


@pytest.mark.parametrize("basis,kw,name", [
    ("opensimplex2", {"fade": "cubic"}, "fade"),
    ("opensimplex2s", {"fade": "cubic"}, "fade"),
    ("cellular", {"fade": "cubic"}, "fade"),
    ("cellular", {"hash": "mix"}, "hash"),
])
def test_fade_and_hash_are_refused_where_they_do_nothing(basis, kw, name):
    with pytest.raises(ValueError, match=f"{name}=.*has no effect"):
        gradnoise.Field(basis=basis, **kw)


@pytest.mark.parametrize("basis", ["opensimplex2", "opensimplex2s"])
def test_simplex_hash_mix_is_the_fast_variant(basis):
    # The mix variant is another field (spec 16.7), equal to the gradnoise CLI's (test_values) and
    # in K.jpg's range.
    x = np.linspace(-20, 20, 4001, dtype=np.float32)
    kjpg = gradnoise.Field(basis=basis, seed=5)(x, x[::-1])
    mix = gradnoise.Field(basis=basis, seed=5, hash="mix")(x, x[::-1])
    assert not np.array_equal(kjpg, mix)
    assert np.all(np.abs(mix) <= 1.0) and np.abs(mix).max() > 0.5


@pytest.mark.parametrize("kw,basis", [
    ({"octaves": 3}, "perlin"), ({"frequency": 4.0}, "perlin"), ({"lacunarity": 3.0}, "perlin"),
    ({"persistence": 0.25}, "perlin"), ({"warp_strength": 2.0}, "perlin"), ({"warp_frequency": 2.0}, "perlin"),
    ({"pattern_frequency": 2.0}, "perlin"), ({"pattern_strength": 1.0}, "perlin"),
    ({"cellular_distance": "manhattan"}, "perlin"), ({"cellular_output": "f2"}, "perlin"), ({"jitter": 0.5}, "perlin"),
    ({"orientation2": "improve_x"}, "perlin"), ({"orientation3": "improve_xz"}, "value"),
    ({"orientation4": "fallback"}, "classic"), ({"fade": "cubic"}, "opensimplex2"), ({"hash": "mix"}, "cellular"),
])
def test_every_parameter_its_field_ignores_is_refused_by_the_librarys_rule(kw, basis):
    # The rule is gradnoise::ignored_parameter (the command-line tool's too): every field it can name
    # maps to a keyword, and the message names the keyword and its value.
    (name, value), = kw.items()
    with pytest.raises(ValueError, match=f"^{name}={value!r} has no effect without "):
        gradnoise.Field(basis=basis, **kw)
    gradnoise.Field(basis=basis, **{name: gradnoise.Field().params[name]})  # the default itself is accepted
