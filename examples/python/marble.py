#!/usr/bin/env python3
"""Marble: sin(x + 4 turbulence(p)) through a grey colour ramp, written as a PNG.

Redoes case 1 (marble) of the second tutorial ("让计算机生成的图像不再有机器味"), Perlin's
1985 recipe
    color = colormap(sin(x + 4 * turbulence(p))),  turbulence(p) = sum_k |noise(2^k p)| / 2^k
gradnoise's pattern="marble" computes 0.5 + 0.5 sin(x + strength * turbulence) in one call, and
np.interp is the colormap. Two adjustments: the library's turbulence is normalised (divided by
the sum of the amplitudes, A = 1 + 1/2 + ... ~ 2), so the strength is 4 * A to bend the stripes
as much as the tutorial's sum does; and the turbulence runs at frequency 0.15 instead of 1, so
the veins swirl over a few stripes instead of fraying into fuzz six cells per stripe.
"""
import argparse
import time

import numpy as np
from PIL import Image

import gradnoise

parser = argparse.ArgumentParser(description="Marble texture as a PNG.")
parser.add_argument("--size", default="512x512", help="WIDTHxHEIGHT in pixels (default 512x512)")
parser.add_argument("--seed", type=int, default=42)
parser.add_argument("--output", default="marble.png")
args = parser.parse_args()
width, height = map(int, args.size.lower().split("x"))

octaves = 6
A = sum(0.5 ** k for k in range(octaves))  # the library divides the turbulence by this
field = gradnoise.Field(fractal="turbulence", octaves=octaves, frequency=0.15, seed=args.seed,
                        pattern="marble", pattern_frequency=1.0, pattern_strength=4 * A)
start = time.perf_counter()
m = field.grid((height, width), step=24 / width, threads=0)  # 24 noise units across, m in [0, 1]
noise_s = time.perf_counter() - start

# colormap: dark veins at 0, through grey, to a warm white at 1 (np.interp per channel).
stops = [0.0, 0.25, 0.6, 1.0]
colours = np.array([(40, 44, 54), (135, 136, 146), (222, 220, 212), (250, 248, 242)])
rgb = np.stack([np.interp(m, stops, colours[:, c]) for c in range(3)], axis=-1)
Image.fromarray(rgb.astype(np.uint8), "RGB").save(args.output)
print(f"wrote {args.output} ({width}x{height}); noise {noise_s * 1e3:.1f} ms")
