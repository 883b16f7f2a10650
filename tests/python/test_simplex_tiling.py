"""[S 16.8] The simplex families tile on their fallback lattice, from Python: a grid one period on
is the same grid, bit for bit, in 2D (the z = 0 slice) and 3D, values and gradients; one `period`
for a simplex basis covers x, y and z (no 4D form); the refusals name the keyword; a tile's power
spectrum (numpy's FFT) matches the untiled field's."""

import numpy as np
import pytest

import gradnoise

FALLBACK = dict(orientation2="fallback", orientation3="fallback")


@pytest.mark.parametrize("basis", ["opensimplex2", "opensimplex2s"])
@pytest.mark.parametrize("hash_", ["permutation", "mix"])
def test_a_tile_repeats_bit_for_bit(basis, hash_):
    f = gradnoise.Field(basis=basis, hash=hash_, seed=5, period=(6, 12, 3), fractal="fbm", octaves=3, **FALLBACK)
    step = 6 / 64  # dyadic: x and x + period are exact
    a = f.grid((24, 64), origin=(-3.0, 1.5), step=step)
    b = f.grid((24, 64), origin=(3.0, 13.5), step=step)  # one period on in x, one in y
    assert np.array_equal(a.view(np.uint32), b.view(np.uint32))
    assert a.std() > 0.1
    ga = f.grid((4, 8, 16), origin=(0.0, 0.0, 0.25), step=0.1875, gradient=True)  # value, d/dx, d/dy, d/dz
    gb = f.grid((4, 8, 16), origin=(-6.0, 12.0, 3.25), step=0.1875, gradient=True)
    assert ga.shape == (4, 4, 8, 16)
    assert np.array_equal(ga.view(np.uint32), gb.view(np.uint32))


def test_one_period_covers_x_y_z_and_refusals_name_the_keyword():
    f = gradnoise.Field(basis="opensimplex2s", period=6, **FALLBACK)
    assert f.period == (6, 6, 6, 0)
    with pytest.raises(ValueError, match=r"period\[0\] \(x\) must be 0 or three times a power of two in 3..768"):
        gradnoise.Field(basis="opensimplex2", period=8, **FALLBACK)
    with pytest.raises(ValueError, match="orientation2 and orientation3 = fallback"):
        gradnoise.Field(basis="opensimplex2", period=6)
    with pytest.raises(ValueError, match=r"period\[0\] \(x\) must be 0 or a power of two in 1..256"):
        gradnoise.Field(basis="perlin", period=6)
    with pytest.raises(ValueError, match="2D and 3D only"):
        f(np.zeros(2, np.float32), np.zeros(2, np.float32), np.zeros(2, np.float32), np.zeros(2, np.float32))


def test_a_tile_has_the_untiled_fields_spectrum():
    # Power per octave band of the rows (Hann-windowed: no edge leakage), as shares of the total,
    # for one 12 x 12 tile against 8 windows of the untiled field: the tile lies within the windows'
    # own spread (3 standard deviations + 0.01), and so does its standard deviation.
    n = 256

    def bands(v):
        window = np.hanning(n)
        p = (np.abs(np.fft.rfft((v - v.mean()) * window, axis=1)) ** 2).mean(axis=0)
        edges = [1, 2, 4, 8, 16, 32, 64, 128]
        share = np.array([p[lo:hi].sum() for lo, hi in zip(edges, edges[1:])])
        return share / share.sum()

    tiled = gradnoise.Field(basis="opensimplex2s", period=(12, 12), **FALLBACK).grid((n, n), step=12 / n)
    free = gradnoise.Field(basis="opensimplex2s", **FALLBACK)
    windows = [free.grid((n, n), origin=(40.0 * k, -30.0 * k), step=12 / n) for k in range(1, 9)]
    b = np.array([bands(w) for w in windows])
    assert np.all(np.abs(bands(tiled) - b.mean(axis=0)) < 3 * b.std(axis=0) + 0.01), (bands(tiled), b.mean(axis=0))
    sd = np.array([w.std() for w in windows])
    assert abs(tiled.std() - sd.mean()) < 3 * sd.std() + 0.01, (tiled.std(), sd)
