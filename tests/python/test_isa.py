"""Every instruction set this CPU and build support gives the scalar path's bits, through every
kind of evaluation; forcing and resetting the ISA, and the GRADNOISE_ISA variable."""

import numpy as np
import pytest
from conftest import assert_same_bits, python_subprocess, random_points

import gradnoise

FIELDS = {
    "perlin fbm": gradnoise.Field(fractal="fbm", octaves=4, seed=4),
    "mix hash": gradnoise.Field(hash="mix", seed=3, fade="cubic"),
    "classic ridged period": gradnoise.Field(basis="classic", fractal="ridged", octaves=3, period=16),
    "value damped": gradnoise.Field(basis="value", fractal="damped", octaves=3),
    "isotropic": gradnoise.Field(basis="isotropic", seed=2),
    "opensimplex2 warp": gradnoise.Field(basis="opensimplex2", warp=1, orientation3="fallback"),
    "opensimplex2s billow": gradnoise.Field(basis="opensimplex2s", fractal="billow", octaves=3),
    "cellular": gradnoise.Field(basis="cellular", cellular_distance="manhattan", cellular_output="f2_minus_f1", warp=1),
    "marble": gradnoise.Field(pattern="marble", fractal="turbulence", octaves=3),
}


def evaluate_everything(field):
    """Every entry point, at sizes that cover the SIMD bodies and their tails."""
    out = {}
    cellular = field.basis == "cellular"
    has_gradient = field.pattern == "none"
    for dims in (2, 3) if cellular else (2, 3, 4):
        pts = random_points(dims, n=1500, seed=dims)
        out[f"points {dims}D"] = field(*pts.T)
        if has_gradient:
            out[f"gradient {dims}D"] = field.gradient(*pts.T)
            if dims < 4:
                out[f"curl {dims}D"] = field.curl(*pts.T)
    out["grid 2D"] = field.grid((37, 61), origin=(-3.25, 7.5), step=(0.173, 0.091))
    out["grid 3D"] = field.grid((5, 9, 23), origin=0.4, step=0.37)
    if has_gradient:
        out["grid gradient 2D"] = field.grid((37, 61), origin=(-3.25, 7.5), step=(0.173, 0.091), gradient=True)
        out["grid gradient 3D"] = field.grid((5, 9, 23), origin=0.4, step=0.37, gradient=True)
    if field.warp == 0 and field.pattern == "none":
        out["chunk 2D"] = field.chunk((21, 35), first=(-1000, 2**33), spacing=0.3)
        out["chunk 3D"] = field.chunk((4, 6, 19), first=(7, -8, 9), spacing=0.3)
        out["chunk gradient"] = field.chunk((21, 35), first=(-1000, 2**33), spacing=0.3, gradient=True)
    return out


def evaluate_binary64():
    field = gradnoise.Field(fractal="fbm", octaves=3)
    rng = np.random.default_rng(8)
    p = rng.uniform(-300, 300, size=(3, 999))
    return {"binary64 2D": field(p[0], p[1], dtype=np.float64), "binary64 3D": field(*p, dtype=np.float64),
            "binary64 plain": gradnoise.Field()(*p, dtype=np.float64)}


@pytest.fixture(scope="module")
def scalar_results():
    try:
        gradnoise.force_isa("scalar")
        assert gradnoise.active_isa() == "scalar"
        results = {name: evaluate_everything(f) for name, f in FIELDS.items()}
        results["binary64"] = evaluate_binary64()
        return results
    finally:
        gradnoise.force_isa("auto")


def test_the_supported_isas():
    isas = gradnoise.supported_isas()
    assert isas[0] == "scalar" and set(isas) <= set(gradnoise.ISAS)
    assert isas == [i for i in gradnoise.ISAS if i in isas], "slowest first, in ISAS order"
    assert gradnoise.best_isa() in isas


@pytest.mark.parametrize("isa", [i for i in gradnoise.ISAS if i != "scalar"])
def test_every_isa_gives_the_scalar_bits(isa, scalar_results, restore_isa):
    if isa not in gradnoise.supported_isas():
        pytest.skip(f"{isa} is not supported by this CPU or build")
    gradnoise.force_isa(isa)
    assert gradnoise.active_isa() == isa
    for name, field in FIELDS.items():
        got = evaluate_everything(field)
        assert got.keys() == scalar_results[name].keys()
        for what, value in got.items():
            assert_same_bits(value, scalar_results[name][what], f"{isa}: {name}, {what}")
    for what, value in evaluate_binary64().items():
        assert_same_bits(value, scalar_results["binary64"][what], f"{isa}: {what}")


def test_threads_under_a_forced_isa(restore_isa):
    field = FIELDS["perlin fbm"]
    auto = field.grid((300, 300), step=0.05)
    for isa in gradnoise.supported_isas():
        gradnoise.force_isa(isa)
        assert_same_bits(field.grid((300, 300), step=0.05, threads=2), auto, isa)


def test_force_and_reset(restore_isa):
    gradnoise.force_isa("scalar")
    assert gradnoise.active_isa() == "scalar"
    gradnoise.reset_isa()
    assert gradnoise.active_isa() == gradnoise.best_isa()
    gradnoise.force_isa("scalar")
    gradnoise.force_isa("auto")
    assert gradnoise.active_isa() == gradnoise.best_isa()


def test_gradnoise_isa_environment_variable():
    code = ("import gradnoise; print(gradnoise.active_isa()); gradnoise.force_isa('auto'); "
            "print(gradnoise.active_isa() == gradnoise.best_isa())")
    assert python_subprocess(code, env={"GRADNOISE_ISA": "scalar"}).split() == ["scalar", "True"]
