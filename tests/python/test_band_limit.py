"""[S 8.1, 13.5] The band limit does what it is for, measured with numpy's FFT (scripts/
band_limit_figures.py, whose table is in docs/band-limit.md): less energy above the grid's Nyquist
frequency, pyramid levels closer to the low-pass filtered field, less shimmer under a moving
camera -- for every basis family and a damped-term kind -- and the chunk levels and keywords of
the Python API."""

import importlib.util

import numpy as np
import pytest

import gradnoise
from conftest import ROOT

spec = importlib.util.spec_from_file_location("band_limit_figures", ROOT / "scripts" / "band_limit_figures.py")
figures = importlib.util.module_from_spec(spec)
spec.loader.exec_module(figures)


@pytest.mark.parametrize("name,kw", figures.FIELDS, ids=[n for n, _ in figures.FIELDS])
def test_band_limit_reduces_aliasing_lod_error_and_shimmer(name, kw):
    n = 128
    full, band = figures.aliasing(kw, 1.0, False, n), figures.aliasing(kw, 1.0, True, n)
    # Measured (docs/band-limit.md, 256^2): 1.7x (ridged) to 3.4x less energy above Nyquist.
    assert band < full / 1.5, (full, band)
    truth_full, filtered_full = figures.lod(kw, 1.0, False, n)
    truth_band, filtered_band = figures.lod(kw, 1.0, True, n)
    assert truth_band < 0.9 * truth_full, (truth_full, truth_band)
    assert filtered_band < 0.9 * filtered_full, (filtered_full, filtered_band)
    s_full, s_band = figures.shimmer(kw, 1.0, False, n), figures.shimmer(kw, 1.0, True, n)
    assert s_band < s_full / 1.4, (s_full, s_band)


def test_chunk_levels_and_footprint_keyword():
    f = gradnoise.Field(fractal="fbm", octaves=8, frequency=0.5, footprint=0.25)
    coarse = f.chunk((4, 5), first=(-3, 11), spacing=0.25, level=2)
    finer = gradnoise.Field(fractal="fbm", octaves=8, frequency=0.5, footprint=1.0)
    np.testing.assert_array_equal(coarse, finer.chunk((4, 5), first=(-3, 11), spacing=1.0))
    plain = gradnoise.Field(fractal="fbm", octaves=8, frequency=0.5)
    # Without a footprint a level only widens the spacing: level 2's samples are level 0's every 4th.
    np.testing.assert_array_equal(plain.chunk((3, 3), first=(1, 2), spacing=0.25, level=2),
                                  plain.chunk((12, 12), first=(4, 8), spacing=0.25)[::4, ::4])
    with pytest.raises(ValueError, match="level must be in 0..62"):
        f.chunk((2, 2), level=63)
    with pytest.raises(ValueError, match="footprint"):
        gradnoise.Field(fractal="fbm", footprint=-1.0)
    with pytest.raises(ValueError, match="lacunarity must be >= 1 when a footprint is set"):
        gradnoise.Field(fractal="fbm", lacunarity=0.5, footprint=1.0)
