#!/usr/bin/env python3
"""The band limit's measurements (docs/band-limit.md; tests/python/test_band_limit.py asserts them).

For a few fractals sampled on a grid at spacing s, with and without the band limit (footprint s):

  aliasing  the share of the field's spectral energy above the grid's Nyquist frequency 1/(2s)
            (per axis), measured by an FFT of the field sampled 8x finer: the energy that folds
            into false detail when the grid is taken at s.
  lod       a level of a pyramid against the truth: the grid at 2s against the field low-pass
            filtered at 1/(4s) (an ideal filter on the 8x finer samples) and decimated, RMS over the
            field's standard deviation; and the same against the issue's yardstick, the grid at s
            low-pass filtered and decimated.
  shimmer   a distant region seen at spacing s while the camera moves s/8 per frame: the RMS
            change of (frame - true frame) from frame to frame, over the field's standard deviation
            -- what the eye sees as crawling detail -- for 8 frames.

  --pyramid PNG  also draws the gallery's LOD pyramid (docs/images/gallery/lod-pyramid.png): levels
            0..3 of a ridged terrain, each sampled at 2^L times the spacing and shown at one size
            (nearest neighbour), without (top) and with (bottom) the band limit.

Usage: PYTHONPATH=build/release/python python3 scripts/band_limit_figures.py [--size N] [--pyramid PNG]
"""
import argparse
import struct
import sys
import zlib

import numpy as np

import gradnoise

# (name, Field keywords): 8 octaves whose finest are far below the grid's resolution at s = 1.
FIELDS = [
    ("perlin fbm", dict(basis="perlin", fractal="fbm", octaves=8, frequency=1 / 8)),
    ("opensimplex2 fbm", dict(basis="opensimplex2", fractal="fbm", octaves=8, frequency=1 / 16)),
    ("value billow", dict(basis="value", seed=4, fractal="billow", octaves=8, frequency=1 / 8)),
    ("cellular F1 turbulence", dict(basis="cellular", seed=9, fractal="turbulence", octaves=8, frequency=1 / 16)),
    ("perlin ridged", dict(basis="perlin", fractal="ridged", octaves=8, frequency=1 / 8)),
]
OVERSAMPLE = 8


def field(kw, footprint):
    return gradnoise.Field(**kw, footprint=footprint)


def fine_grid(f, n, spacing, origin=(0.0, 0.0)):
    """n*OVERSAMPLE samples per side at spacing / OVERSAMPLE, as float64."""
    m = n * OVERSAMPLE
    return f.grid((m, m), origin=origin, step=spacing / OVERSAMPLE, threads=0).astype(np.float64)


def lowpass(g, cutoff):
    """Ideal (box) low-pass of a square grid: keep |k| < cutoff cycles per sample on both axes."""
    k = np.abs(np.fft.fftfreq(g.shape[0]))
    keep = (k[:, None] < cutoff) & (k[None, :] < cutoff)
    return np.real(np.fft.ifft2(np.fft.fft2(g) * keep))


def aliasing(kw, spacing, band_limited, n):
    g = fine_grid(field(kw, spacing if band_limited else 0.0), n, spacing)
    g -= g.mean()
    power = np.abs(np.fft.fft2(g)) ** 2
    k = np.abs(np.fft.fftfreq(g.shape[0])) * OVERSAMPLE  # cycles per coarse sample
    above = np.maximum(k[:, None], k[None, :]) > 0.5
    return float(power[above].sum() / power.sum())


def lod(kw, spacing, band_limited, n):
    """(against the truth, against the grid at s filtered) for the level at 2 s."""
    truth_f = field(kw, spacing / OVERSAMPLE)  # the field without aliasing at the fine spacing
    fine = fine_grid(truth_f, n, spacing)
    level = 2 * OVERSAMPLE  # fine samples per level-1 sample
    truth = lowpass(fine, 0.5 / level)[::level, ::level]
    f0 = field(kw, spacing if band_limited else 0.0)
    f1 = field(kw, 2 * spacing if band_limited else 0.0)
    g0 = f0.grid((n, n), step=spacing, threads=0).astype(np.float64)
    g1 = f1.grid((n // 2, n // 2), step=2 * spacing, threads=0).astype(np.float64)
    scale = np.std(truth)
    filtered = lowpass(g0, 0.25)[::2, ::2]
    return (float(np.sqrt(np.mean((g1 - truth) ** 2)) / scale),
            float(np.sqrt(np.mean((g1 - filtered) ** 2)) / scale))


def shimmer(kw, spacing, band_limited, n, frames=8):
    truth_f = field(kw, spacing / OVERSAMPLE)
    fine = fine_grid(truth_f, n + 2, spacing)
    smooth = lowpass(fine, 0.5 / OVERSAMPLE)
    f = field(kw, spacing if band_limited else 0.0)
    errors = []
    for t in range(frames):  # the camera moves one fine sample (s / 8) per frame
        frame = f.grid((n, n), origin=t * spacing / OVERSAMPLE, step=spacing, threads=0).astype(np.float64)
        true = smooth[t: t + n * OVERSAMPLE: OVERSAMPLE, t: t + n * OVERSAMPLE: OVERSAMPLE]
        errors.append(frame - true)
    steps = [np.sqrt(np.mean((b - a) ** 2)) for a, b in zip(errors, errors[1:])]
    return float(np.mean(steps) / np.std(smooth))


def measure(n=256, spacing=1.0, fields=FIELDS):
    rows = []
    for name, kw in fields:
        row = {"field": name}
        for limited in (False, True):
            tag = "band" if limited else "full"
            row[f"aliasing_{tag}"] = aliasing(kw, spacing, limited, n)
            row[f"lod_truth_{tag}"], row[f"lod_filtered_{tag}"] = lod(kw, spacing, limited, n)
            row[f"shimmer_{tag}"] = shimmer(kw, spacing, limited, n)
        rows.append(row)
    return rows


def write_png(path, grey):
    """An 8-bit greyscale PNG of a uint8 array (zlib and struct: no image library needed)."""
    h, w = grey.shape
    raw = b"".join(b"\0" + grey[j].tobytes() for j in range(h))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path + ".tmp", "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    import os
    os.replace(path + ".tmp", path)


def pyramid(path, side=192, levels=4):
    kw = dict(basis="perlin", fractal="fbm", octaves=10, frequency=1 / 64, persistence=0.75)
    rows = []
    for limited in (False, True):
        panels = []
        for level in range(levels):
            spacing = float(1 << level)
            f = field(kw, spacing if limited else 0.0)
            g = f.grid((side >> level, side >> level), step=spacing, threads=0)
            big = np.repeat(np.repeat(g, 1 << level, axis=0), 1 << level, axis=1)
            panels.append(np.clip(big * 300.0 + 127.5, 0, 255).astype(np.uint8))
            panels.append(np.full((side, 4), 255, np.uint8))
        rows.append(np.hstack(panels[:-1]))
        rows.append(np.full((4, rows[-1].shape[1]), 255, np.uint8))
    write_png(path, np.vstack(rows[:-1]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=256, help="grid side at spacing s (default 256)")
    parser.add_argument("--pyramid", help="also write the LOD pyramid picture to this PNG")
    args = parser.parse_args()
    if args.pyramid:
        pyramid(args.pyramid)
    print(f"gradnoise {gradnoise.__version__}, grids of {args.size}^2 at spacing 1, measured {OVERSAMPLE}x finer")
    print("| field | energy above Nyquist: unlimited | band-limited | factor | level 1 vs truth: unlimited | "
          "band-limited | level 1 vs level 0 filtered: unlimited | band-limited | shimmer: unlimited | band-limited |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in measure(args.size):
        print(f"| {r['field']} | {r['aliasing_full']:.2e} | {r['aliasing_band']:.2e} | "
              f"{r['aliasing_full'] / r['aliasing_band']:.1f}x | {r['lod_truth_full']:.3f} | {r['lod_truth_band']:.3f} | "
              f"{r['lod_filtered_full']:.3f} | {r['lod_filtered_band']:.3f} | {r['shimmer_full']:.3f} | "
              f"{r['shimmer_band']:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
