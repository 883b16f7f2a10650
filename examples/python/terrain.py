#!/usr/bin/env python3
"""Coloured terrain: fBm heights through a water/sand/grass/rock/snow ramp, written as a PNG.

Redoes section 4.2 (terrain) of the first tutorial ("为什么我们需要Perlin Noise"): its fBm (classic
random-gradient noise, 8 octaves, persistence 0.55, lacunarity 2.1, 0.002 per pixel, seed 42,
1024x768) and colour_terrain()'s thresholds and colours, in one gradnoise call and one np.select
instead of per-pixel loops. Changed: heights are stretched to [0, 1] by their min and max (the
tutorial's remedy in 4.4, item 4); its (v + 1) / 2 leaves a normalised fBm in about [0.3, 0.7],
half sand and no rock or snow under those thresholds (--no-stretch shows it).
"""
import argparse
import time

import numpy as np
from PIL import Image

import gradnoise

parser = argparse.ArgumentParser(description="Coloured fBm terrain as a PNG.")
parser.add_argument("--size", default="1024x768", help="WIDTHxHEIGHT in pixels (default 1024x768)")
parser.add_argument("--seed", type=int, default=42)
parser.add_argument("--output", default="terrain.png")
parser.add_argument("--no-stretch", action="store_true", help="the tutorial's (v + 1) / 2 heights")
args = parser.parse_args()
width, height = map(int, args.size.lower().split("x"))

field = gradnoise.Field("classic", fractal="fbm", octaves=8, persistence=0.55, lacunarity=2.1,
                        frequency=0.002, seed=args.seed)
start = time.perf_counter()
v = field.grid((height, width), threads=0)  # v[y, x] = fbm(0.002 x, 0.002 y), float32
noise_s = time.perf_counter() - start
h = (v + 1) / 2 if args.no_stretch else (v - v.min()) / (v.max() - v.min())

bands = [h < 0.4, h < 0.5, h < 0.7, h < 0.9, h >= 0.9]
colours = [(0, 0, 100 + h * 150),       # deep to shallow water
           (240, 240, 180),             # sand
           (50, 100 + h * 155, 30),     # grass to forest
           (150 + h * 105,) * 3,        # rock
           (200 + h * 55,) * 3]         # snow
rgb = np.stack([np.select(bands, [c[i] for c in colours]) for i in range(3)], axis=-1)
Image.fromarray(rgb.astype(np.uint8), "RGB").save(args.output)  # astype truncates, like int()
print(f"wrote {args.output} ({width}x{height}); noise {noise_s * 1e3:.1f} ms")
