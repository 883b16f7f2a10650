"""The package's values equal the C++ library's bit for bit, checked through an independent path:
the gradnoise CLI (``gradnoise eval --format hex``), for every option group, in 2D, 3D and 4D
where the field has them, values and analytic gradients, at random and awkward points."""

import numpy as np
import pytest
from conftest import assert_same_bits, bits, random_points

import gradnoise

# (Field keywords, dimensions). The CLI gets the same options; defaults are not passed to either,
# so the package's defaults are checked against the tool's.
BASES = [
    ({}, (2, 3, 4)),
    ({"basis": "perlin", "seed": 12}, (2, 3, 4)),
    ({"basis": "classic", "seed": 3}, (2, 3, 4)),
    ({"basis": "classic"}, (2, 3)),
    ({"basis": "value"}, (2, 3, 4)),
    ({"basis": "isotropic", "seed": 9}, (2, 3, 4)),
    ({"basis": "opensimplex2"}, (2, 3, 4)),
    ({"basis": "opensimplex2s", "seed": 11}, (2, 3, 4)),
    ({"basis": "cellular"}, (2, 3)),
]
FADES = [
    ({"fade": "cubic"}, (2, 3, 4)),
    ({"fade": "quintic", "seed": 2}, (2,)),
    ({"basis": "classic", "fade": "cubic", "seed": 1}, (2, 3)),
    ({"basis": "value", "fade": "cubic"}, (2, 3, 4)),
    ({"basis": "isotropic", "fade": "cubic"}, (2,)),
]
HASHES = [
    ({"hash": "mix"}, (2, 3, 4)),  # no seed: the key of seed 0
    ({"hash": "mix", "seed": 7}, (2, 3, 4)),
    ({"hash": "mix", "basis": "value", "seed": 5}, (2, 3)),
    ({"hash": "mix", "basis": "classic", "seed": 5}, (2, 3)),
    ({"hash": "mix", "fade": "cubic", "seed": -9}, (3,)),
]
SEEDS = [
    ({"seed": 0}, (2, 3)),
    ({"seed": 42}, (2, 3, 4)),
    ({"seed": 2**63 - 1}, (3,)),
    ({"seed": 2**63}, (2,)),
    ({"seed": 2**64 - 1}, (2, 3)),
    ({"seed": -1}, (2, 3)),  # two's complement: the same field as 2**64 - 1
    ({"seed": -5}, (3,)),
    ({"seed": 2**64 - 5}, (3,)),
    ({"seed": -(2**63)}, (2,)),
    ({"basis": "opensimplex2", "seed": -1}, (2, 3, 4)),  # K.jpg's long seeds
    ({"basis": "opensimplex2s", "seed": 2**63}, (2, 3)),
    ({"basis": "cellular", "seed": -7}, (2, 3)),
]
FRACTALS = [
    ({"fractal": kind, "octaves": 5, "frequency": 0.75, "lacunarity": 2.5, "persistence": 0.625}, (2, 3, 4))
    for kind in ("fbm", "turbulence", "ridged", "billow", "damped")
] + [
    ({"fractal": "fbm"}, (2, 3)),  # the defaults: 6 octaves, frequency 1, lacunarity 2, persistence 0.5
    ({"fractal": "fbm", "octaves": 1}, (2,)),
    ({"fractal": "fbm", "octaves": 32, "frequency": 0.01}, (2,)),
    ({"fractal": "ridged", "octaves": 3, "persistence": 8.0}, (2,)),
    ({"fractal": "billow", "lacunarity": 0.5, "frequency": 1e-3, "octaves": 4}, (3,)),
    ({"fractal": "damped", "basis": "value", "octaves": 4}, (2, 3)),
    ({"fractal": "fbm", "basis": "opensimplex2s", "octaves": 3, "seed": 4}, (2, 3, 4)),
    ({"fractal": "ridged", "basis": "cellular", "octaves": 3}, (2, 3)),
    ({"fractal": "turbulence", "basis": "classic", "seed": 8, "octaves": 4}, (2, 3)),
    ({"fractal": "fbm", "hash": "mix", "seed": 6, "octaves": 4}, (2, 3, 4)),
]
PERIODS = [
    ({"period": 8}, (2, 3, 4)),
    ({"period": 1}, (2,)),
    ({"period": 256}, (2, 3)),
    ({"period": (4, 16, 32, 2)}, (2, 3, 4)),
    ({"period": (0, 8)}, (2, 3)),
    ({"period": 16, "fractal": "fbm", "octaves": 4}, (2, 3)),
    ({"period": 4, "fractal": "ridged", "lacunarity": 4.0, "frequency": 0.5, "octaves": 3}, (2, 3)),
    ({"period": 8, "basis": "value"}, (2, 3)),
    ({"period": (8, 4, 2, 16), "basis": "classic", "seed": 2}, (2, 3, 4)),
    ({"period": 8, "basis": "cellular"}, (2, 3)),
    ({"period": 32, "basis": "isotropic"}, (2,)),
    ({"period": 8, "hash": "mix", "seed": 3}, (2, 3)),
]
WARPS = [
    ({"warp": 1}, (2, 3, 4)),
    ({"warp": 1, "warp_strength": 0.5, "warp_frequency": 2.0}, (2, 3)),
    ({"warp": 2}, (2, 3, 4)),
    ({"warp": 2, "warp_strength": -1.25, "warp_frequency": 0.375, "fractal": "fbm", "octaves": 3}, (2, 3)),
    ({"warp": 1, "basis": "opensimplex2", "seed": 5}, (2, 3)),
    ({"warp": 2, "basis": "cellular"}, (2,)),
    ({"warp": 1, "period": 8}, (2,)),
]
PATTERNS = [
    ({"pattern": "marble"}, (2, 3, 4)),  # strength: the recipe's 4
    ({"pattern": "marble", "fractal": "turbulence", "pattern_frequency": 3.0, "pattern_strength": 2.5}, (2, 3)),
    ({"pattern": "wood"}, (2, 3)),  # strength: the recipe's 0.2, as the CLI's default
    ({"pattern": "wood", "pattern_strength": 0.75, "pattern_frequency": 0.5}, (2,)),
    ({"pattern": "wood", "pattern_strength": 4.0}, (2,)),
    ({"pattern": "marble", "warp": 1, "seed": 3}, (2,)),
]
ORIENTATIONS = [
    ({"basis": basis, name: o}, (dims,))
    for basis in ("opensimplex2", "opensimplex2s")
    for name, choices, dims in (
        ("orientation2", gradnoise.ORIENTATIONS2, 2),
        ("orientation3", gradnoise.ORIENTATIONS3, 3),
        ("orientation4", gradnoise.ORIENTATIONS4, 4),
    )
    for o in choices
]
CELLULAR = [
    ({"basis": "cellular", "cellular_distance": d, "cellular_output": o}, (2, 3))
    for d in gradnoise.CELLULAR_DISTANCES
    for o in gradnoise.CELLULAR_OUTPUTS
    if o != "edge" or d in ("euclidean", "euclidean_squared")  # (the edges are Euclidean)
] + [
    ({"basis": "cellular", "jitter": 0.0}, (2, 3)),
    ({"basis": "cellular", "jitter": 0.5, "seed": 21}, (2, 3)),
    ({"basis": "cellular", "jitter": 0.25, "cellular_distance": "manhattan", "cellular_output": "f2"}, (3,)),
]

GROUPS = {
    "bases": BASES, "fades": FADES, "hashes": HASHES, "seeds": SEEDS, "fractals": FRACTALS, "periods": PERIODS,
    "warps": WARPS, "patterns": PATTERNS, "orientations": ORIENTATIONS, "cellular": CELLULAR,
}


def describe(params):
    return ",".join(f"{k}={v}" for k, v in params.items()) or "default"


def expand(has_gradient=False):
    cases = []
    for group, entries in GROUPS.items():
        for params, dims_list in entries:
            for dims in dims_list:
                if has_gradient and not gradient_defined(params):
                    continue
                cases.append(pytest.param(params, dims, id=f"{group}:{describe(params)}:{dims}d"))
    return cases


def gradient_defined(params):
    """Patterns have no gradient; the damped fractal's needs a lattice basis (the documented limits)."""
    if params.get("pattern", "none") != "none":
        return False
    if params.get("fractal") == "damped" and params.get("basis", "perlin") in ("opensimplex2", "opensimplex2s", "cellular"):
        return False
    return True


def test_the_groups_cover_every_documented_choice():
    seen = {k: set() for k in ("basis", "fractal", "fade", "hash", "pattern", "cellular_distance", "cellular_output",
                               "orientation2", "orientation3", "orientation4")}
    for entries in GROUPS.values():
        for params, _ in entries:
            for k in seen:
                if k in params:
                    seen[k].add(params[k])
    assert seen["basis"] == set(gradnoise.BASES)
    assert seen["fractal"] == set(gradnoise.FRACTALS) - {"none"}
    assert seen["fade"] == set(gradnoise.FADES)
    assert seen["hash"] == {"mix"}  # permutation: the default, everywhere else
    assert seen["pattern"] == set(gradnoise.PATTERNS) - {"none"}
    assert seen["cellular_distance"] == set(gradnoise.CELLULAR_DISTANCES)
    assert seen["cellular_output"] == set(gradnoise.CELLULAR_OUTPUTS)
    for n in (2, 3, 4):
        assert seen[f"orientation{n}"] == set(getattr(gradnoise, f"ORIENTATIONS{n}"))


@pytest.mark.parametrize("params,dims", expand())
def test_values_equal_the_cli(cli, params, dims):
    field = gradnoise.Field(**params)
    pts = random_points(dims, n=300, seed=len(params))
    got = field(*pts.T)
    assert got.dtype == np.float32 and got.shape == (len(pts),)
    assert_same_bits(got, cli.eval(pts, params), f"{describe(params)} {dims}D", points=pts)


@pytest.mark.parametrize("params,dims", expand(has_gradient=True))
def test_gradients_equal_the_cli(cli, params, dims):
    field = gradnoise.Field(**params)
    pts = random_points(dims, n=200, seed=7 + len(params))
    got = field.gradient(*pts.T)
    assert got.shape == (dims + 1, len(pts)) and got.dtype == np.float32
    assert_same_bits(got, cli.eval(pts, params, gradient=True), f"{describe(params)} {dims}D gradient", points=pts)
    assert_same_bits(got[0], field(*pts.T), "the gradient's value plane vs the value")


def test_non_finite_coordinates_give_positive_zero():
    """The header's promise, for every basis and with fractals, warps and patterns: NaN and +-inf in
    any coordinate give +0.0 (bits 0), and a +0 gradient."""
    fields = [gradnoise.Field(basis=b) for b in gradnoise.BASES] + [
        gradnoise.Field(fractal="ridged"), gradnoise.Field(fractal="billow"), gradnoise.Field(warp=2),
        gradnoise.Field(pattern="marble"), gradnoise.Field(pattern="wood"),
        gradnoise.Field(basis="cellular", cellular_output="cell_value"), gradnoise.Field(basis="value", fractal="damped"),
    ]
    for field in fields:
        for dims in (2, 3) if field.basis == "cellular" else (2, 3, 4):
            coords = np.full((dims, 3 * dims), 0.3, dtype=np.float32)
            for axis in range(dims):
                coords[axis, 3 * axis:3 * axis + 3] = (np.nan, np.inf, -np.inf)
            assert not bits(field(*coords)).any(), (field, dims)
            if field.pattern == "none":
                assert not bits(field.gradient(*coords)).any(), (field, dims)


def test_seed_twos_complement_is_the_same_field():
    x = np.linspace(-20, 20, 501, dtype=np.float32)
    for basis in ("perlin", "opensimplex2", "cellular"):
        a = gradnoise.Field(basis=basis, seed=-12345)(x, x[::-1], 0.5)
        b = gradnoise.Field(basis=basis, seed=2**64 - 12345)(x, x[::-1], 0.5)
        assert_same_bits(a, b, basis)
    assert gradnoise.Field(seed=-1).permutation.tolist() == gradnoise.Field(seed=2**64 - 1).permutation.tolist()


def test_reference_seed_is_ken_perlins_table():
    # The first entries of Perlin's p[] as published in his ImprovedNoise.java.
    assert gradnoise.Field().permutation[:10].tolist() == [151, 160, 137, 91, 90, 15, 131, 13, 201, 95]
    assert sorted(gradnoise.Field(seed=5).permutation.tolist()) == list(range(256))
    assert gradnoise.Field(seed=5).permutation.tolist() != gradnoise.Field().permutation.tolist()


def test_wood_and_marble_default_strengths():
    x = np.linspace(-3, 3, 97, dtype=np.float32)
    wood = gradnoise.Field(pattern="wood")
    assert_same_bits(wood(x, 0.7), gradnoise.Field(pattern="wood", pattern_strength=0.2)(x, 0.7), "wood default")
    assert not np.array_equal(bits(wood(x, 0.7)), bits(gradnoise.Field(pattern="wood", pattern_strength=4.0)(x, 0.7)))
    marble = gradnoise.Field(pattern="marble")
    assert_same_bits(marble(x, 0.7), gradnoise.Field(pattern="marble", pattern_strength=4.0)(x, 0.7), "marble default")


# ---- the fills (a different kernel from the point path) against the CLI at the same points ----
def test_grid_2d_equals_the_cli(cli):
    params = {"fractal": "fbm", "octaves": 4, "seed": 3}
    g = gradnoise.Field(**params).grid((13, 21), origin=(-1.25, 3.5), step=(0.375, -0.1))
    xs = np.float32(-1.25) + np.arange(21, dtype=np.float32) * np.float32(0.375)
    ys = np.float32(3.5) + np.arange(13, dtype=np.float32) * np.float32(-0.1)
    X, Y = np.meshgrid(xs, ys)
    pts = np.stack([X.ravel(), Y.ravel()], axis=1)
    assert_same_bits(g, cli.eval(pts, params).reshape(13, 21), "grid 2D")
    gg = gradnoise.Field(**params).grid((13, 21), origin=(-1.25, 3.5), step=(0.375, -0.1), gradient=True)
    assert_same_bits(gg, cli.eval(pts, params, gradient=True).reshape(3, 13, 21), "grid 2D gradient")


def test_grid_3d_equals_the_cli(cli):
    params = {"basis": "opensimplex2s", "fractal": "ridged", "octaves": 3, "seed": 1}
    field = gradnoise.Field(**params)
    g = field.grid((5, 6, 7), origin=(0.5, -2.0, 10.0), step=(0.25, 0.3, -0.7))
    axes = [np.float32(o) + np.arange(n, dtype=np.float32) * np.float32(s)
            for o, s, n in zip((0.5, -2.0, 10.0), (0.25, 0.3, -0.7), (7, 6, 5))]
    Z, Y, X = np.meshgrid(axes[2], axes[1], axes[0], indexing="ij")
    pts = np.stack([X.ravel(), Y.ravel(), Z.ravel()], axis=1)
    assert_same_bits(g, cli.eval(pts, params).reshape(5, 6, 7), "grid 3D")
    gg = field.grid((5, 6, 7), origin=(0.5, -2.0, 10.0), step=(0.25, 0.3, -0.7), gradient=True)
    assert_same_bits(gg, cli.eval(pts, params, gradient=True).reshape(4, 5, 6, 7), "grid 3D gradient")


@pytest.mark.parametrize("params", [{"fractal": "fbm", "octaves": 5, "seed": 2}, {"basis": "cellular", "period": 16},
                                    {"basis": "value", "fractal": "damped", "octaves": 3}])
def test_chunk_near_the_origin_equals_the_cli(cli, params):
    """With a dyadic spacing and small sample numbers, sx * spacing is exact in float32: the chunk's
    samples are the field's values there."""
    field = gradnoise.Field(**params)
    c = field.chunk((9, 11), first=(-4, 7), spacing=0.25)
    sx = np.arange(-4, 7, dtype=np.float32) * np.float32(0.25)
    sy = np.arange(7, 16, dtype=np.float32) * np.float32(0.25)
    X, Y = np.meshgrid(sx, sy)
    pts = np.stack([X.ravel(), Y.ravel()], axis=1)
    assert_same_bits(c, cli.eval(pts, params).reshape(9, 11), "chunk 2D")
    cg = field.chunk((9, 11), first=(-4, 7), spacing=0.25, gradient=True)
    assert_same_bits(cg, cli.eval(pts, params, gradient=True).reshape(3, 9, 11), "chunk 2D gradient")
