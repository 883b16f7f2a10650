#!/usr/bin/env python3
"""Wood: rings around the z axis bent by turbulence, coloured light yellow to dark brown, as a PNG.

Redoes case 4 (wood rings) of the second tutorial ("让计算机生成的图像不再有机器味"), Perlin's
1985 recipe
    ring = sqrt(x^2 + y^2) + 0.2 * turbulence(p)
    colour = lerp(light yellow, dark brown, smoothstep(0, 1, ring - floor(ring)))
(the tutorial writes floor() around the ring and then takes its fraction, which would be 0; the
fraction of the unfloored ring is meant). gradnoise's pattern="wood" gives that fraction in one
call; the smoothstep and lerp are numpy. One adjustment: the library's turbulence is normalised
(divided by A = 1 + 1/2 + ... ~ 2), so the strength is 0.2 * A to wobble the rings as much as
the tutorial's sum does.
"""
import argparse
import time

import numpy as np
from PIL import Image

import gradnoise

parser = argparse.ArgumentParser(description="Wood rings as a PNG.")
parser.add_argument("--size", default="512x512", help="WIDTHxHEIGHT in pixels (default 512x512)")
parser.add_argument("--seed", type=int, default=42)
parser.add_argument("--output", default="wood.png")
args = parser.parse_args()
width, height = map(int, args.size.lower().split("x"))

octaves = 6
A = sum(0.5 ** k for k in range(octaves))  # the library divides the turbulence by this
field = gradnoise.Field(fractal="turbulence", octaves=octaves, frequency=1.0, seed=args.seed,
                        pattern="wood", pattern_frequency=1.0, pattern_strength=0.2 * A)
span = 16 / width  # noise units per pixel: 16 rings' worth across the picture
start = time.perf_counter()
ring = field.grid((height, width), origin=(-0.4 * width * span, -0.45 * height * span), step=span,
                  threads=0)  # the fraction of the ring, in [0, 1); the log's axis a little off centre
noise_s = time.perf_counter() - start

t = ring * ring * (3 - 2 * ring)  # smoothstep(0, 1, ring)
light, dark = np.array([235, 200, 140]), np.array([120, 70, 35])  # light yellow, dark brown
rgb = light + t[..., None] * (dark - light)  # lerp
Image.fromarray(rgb.astype(np.uint8), "RGB").save(args.output)
print(f"wrote {args.output} ({width}x{height}); noise {noise_s * 1e3:.1f} ms")
