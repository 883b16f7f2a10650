"""Published reference values (made by their authors' code, not by gradnoise) and the scalar
reference path (``field.reference``, the executable spec) against the array path."""

import numpy as np
import pytest
from conftest import DATA, assert_same_bits, bits, random_points

import gradnoise


def ken_perlin_sample():
    """tests/data/improved_noise_sample.txt: 'x y z value', binary64 hex floats."""
    rows = []
    for line in (DATA / "improved_noise_sample.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append([float.fromhex(t) for t in line.split()])
    table = np.array(rows, dtype=np.float64)
    assert table.shape == (150, 4)  # the header's COUNT
    return table


def kjpg_sample():
    """tests/data/opensimplex2_sample.txt: 'variant function seed x y [z [w]] value'."""
    groups = {}
    for line in (DATA / "opensimplex2_sample.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        variant, function, seed, *numbers = line.split()
        values = [float.fromhex(t) for t in numbers]
        groups.setdefault((variant, function, int(seed)), []).append(values)
    assert sum(len(v) for v in groups.values()) == 1280  # the header's count
    return {k: np.array(v) for k, v in groups.items()}


KJPG_ORIENTATIONS = {
    "noise2": ("orientation2", "standard"),
    "noise2_ImproveX": ("orientation2", "improve_x"),
    "noise3_ImproveXY": ("orientation3", "improve_xy"),
    "noise3_ImproveXZ": ("orientation3", "improve_xz"),
    "noise3_Fallback": ("orientation3", "fallback"),
    "noise4_ImproveXYZ_ImproveXY": ("orientation4", "improve_xyz_improve_xy"),
    "noise4_ImproveXYZ_ImproveXZ": ("orientation4", "improve_xyz_improve_xz"),
    "noise4_ImproveXYZ": ("orientation4", "improve_xyz"),
    "noise4_ImproveXY_ImproveZW": ("orientation4", "improve_xy_improve_zw"),
    "noise4_Fallback": ("orientation4", "fallback"),
}


# ---- Ken Perlin's ImprovedNoise (Java, binary64) ----
def test_ken_perlin_binary64_points_bit_for_bit():
    ref = ken_perlin_sample()
    got = gradnoise.Field()(ref[:, 0], ref[:, 1], ref[:, 2], dtype=np.float64)
    assert got.dtype == np.float64
    assert_same_bits(got, ref[:, 3], "Ken Perlin's values (binary64 array path)", points=ref)
    # The 10 lattice points are +-0 in his table: the sign must be his too.
    zeros = ref[:, 3] == 0
    assert zeros.sum() >= 10 and np.array_equal(np.signbit(got[zeros]), np.signbit(ref[zeros, 3]))


def test_ken_perlin_binary64_reference_path_bit_for_bit():
    ref = ken_perlin_sample()
    field = gradnoise.Field()
    got = np.array([field.reference(x, y, z, dtype=np.float64) for x, y, z in ref[:, :3]])
    assert isinstance(field.reference(*ref[0, :3], dtype=np.float64), float)
    assert_same_bits(got, ref[:, 3], "Ken Perlin's values (binary64 reference path)", points=ref)


def test_ken_perlin_binary64_2d_on_the_z0_plane():
    """spec section 5: noise2(x, y) == noise3(x, y, 0) as values (a zero's sign may differ), so his
    z = 0 points check the 2D binary64 path too."""
    ref = ken_perlin_sample()
    plane = ref[ref[:, 2] == 0]
    assert len(plane) == 40
    got = gradnoise.Field()(plane[:, 0], plane[:, 1], dtype=np.float64)
    assert np.array_equal(got, plane[:, 3])
    nonzero = plane[:, 3] != 0
    assert_same_bits(got[nonzero], plane[nonzero, 3], "2D binary64 on z = 0")


def test_ken_perlin_float32_within_the_stated_tolerance():
    ref = ken_perlin_sample()
    got = gradnoise.Field()(ref[:, 0], ref[:, 1], ref[:, 2])  # float64 coordinates rounded to float32
    assert got.dtype == np.float32
    err = np.abs(got.astype(np.float64) - ref[:, 3])
    assert err.max() < 1e-4, f"max |float32 - binary64| = {err.max():.3g} (the file's tolerance: 1e-4)"


def test_binary64_fractal_is_the_octave_sum():
    """spec section 8 in binary64: fbm = sum a_k n(x f_k + 17.3125 k, y f_k + 29.8125 k, z f_k + 41.4375 k)
    / sum a_k, computed here with numpy from the plain binary64 field (to rounding: the library's
    operation order is its own)."""
    rng = np.random.default_rng(4)
    x, y, z = rng.uniform(-50, 50, size=(3, 400))
    plain = gradnoise.Field()
    fbm = gradnoise.Field(fractal="fbm", octaves=5, frequency=0.75, lacunarity=2.0, persistence=0.5)
    total, norm, f, a = 0.0, 0.0, float(np.float32(0.75)), 1.0
    for k in range(5):
        total = total + a * plain(x * f + 17.3125 * k, y * f + 29.8125 * k, z * f + 41.4375 * k, dtype=np.float64)
        norm += a
        f *= 2.0
        a *= 0.5
    np.testing.assert_allclose(fbm(x, y, z, dtype=np.float64), total / norm, rtol=0, atol=1e-12)


# ---- K.jpg's OpenSimplex2 / OpenSimplex2S (Java) ----
def test_kjpg_opensimplex2_values_bit_for_bit():
    for (variant, function, seed), table in kjpg_sample().items():
        name, orientation = KJPG_ORIENTATIONS[function]
        basis = {"OpenSimplex2": "opensimplex2", "OpenSimplex2S": "opensimplex2s"}[variant]
        field = gradnoise.Field(basis=basis, seed=seed, **{name: orientation})
        coords = table[:, :-1].astype(np.float32)
        assert np.array_equal(coords.astype(np.float64), table[:, :-1])  # the file's coordinates are float32
        expected = table[:, -1].astype(np.float32)
        assert_same_bits(field(*coords.T), expected, f"{variant}.{function} seed {seed}", points=coords)
        for p, v in zip(coords[:4], expected[:4]):
            assert bits(np.float32(field.reference(*p))) == bits(v)


# ---- the scalar reference path equals the array path ----
REFERENCE_FIELDS = [
    {},
    {"fractal": "fbm", "octaves": 5, "seed": 9},
    {"basis": "classic", "fractal": "damped", "octaves": 3, "seed": 1},
    {"basis": "opensimplex2s", "warp": 1},
    {"basis": "cellular", "cellular_output": "f2_minus_f1", "period": 8},
    {"pattern": "wood", "fractal": "turbulence"},
    {"hash": "mix", "seed": 4, "warp": 2},
]


@pytest.mark.parametrize("params", REFERENCE_FIELDS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()) or "default")
def test_reference_equals_the_array_path(params):
    field = gradnoise.Field(**params)
    for dims in (2, 3) if field.basis == "cellular" else (2, 3, 4):
        pts = random_points(dims, n=40, seed=dims)
        values = field(*pts.T)
        ref = np.array([field.reference(*p) for p in pts], dtype=np.float32)
        assert_same_bits(values, ref, f"{dims}D reference", points=pts)
        assert isinstance(field.reference(*pts[0]), float)
        if field.pattern == "none":
            grads = field.gradient(*pts.T)
            ref_g = np.array([field.reference(*p, gradient=True) for p in pts], dtype=np.float32).T
            assert_same_bits(grads, ref_g, f"{dims}D reference gradient", points=pts)
            if dims < 4:
                curls = field.curl(*pts.T)
                ref_c = np.array([field.reference(*p, curl=True) for p in pts], dtype=np.float32).T
                assert_same_bits(curls, ref_c, f"{dims}D reference curl", points=pts)


def test_reference_binary64_equals_the_binary64_array_path():
    for field in (gradnoise.Field(), gradnoise.Field(fractal="ridged", octaves=4, seed=3, fade="cubic")):
        for dims in (2, 3):
            rng = np.random.default_rng(dims)
            pts = rng.uniform(-300, 300, size=(60, dims))
            got = field(*pts.T, dtype=np.float64)
            ref = np.array([field.reference(*p, dtype=np.float64) for p in pts])
            assert_same_bits(got, ref, f"{dims}D binary64", points=pts)


def test_reference_rounds_its_inputs_to_float32():
    field = gradnoise.Field(fractal="fbm", seed=2)
    x = 0.1 + 1e-12  # not a float32
    assert field.reference(x, 0.7) == field.reference(float(np.float32(x)), float(np.float32(0.7)))
    assert bits(np.float32(field.reference(x, 0.7))) == bits(field(x, 0.7))


def test_reference_w_without_z_is_refused():
    with pytest.raises(TypeError, match="w"):
        gradnoise.Field().reference(1.5, 2.5, w=3.5)
