#!/usr/bin/env python3
"""Scrolling clouds: a window sliding over fBm, written as a looping animated GIF with imageio.

Redoes section 4.3 (animated textures) of the first tutorial ("为什么我们需要Perlin Noise"):
generate_noise_animation()'s noise(x * scale, y * scale + time) on classic random-gradient
noise, scale 0.05, frames of 0.1 s, seed 42, with one gradnoise grid per frame instead of the
per-pixel loops. Changed: fBm of 4 octaves (the tutorial's 4.1, for cloud detail; --octaves 1 is
its single noise); a sky-to-white ramp in 16 shades instead of 256 greys, and 160x160 pixels and
48 frames instead of 200x200 and 60 (both keep the GIF under 400 KB rather than 0.5-2 MB); and a
seamless loop: the field tiles in y (period=) and the window moves by exactly one tile over the
animation, so the last frame runs into the first (the tutorial scrolls 0.05 a frame, then jumps).
"""
import argparse
import time

import imageio
import numpy as np

import gradnoise

parser = argparse.ArgumentParser(description="Scrolling fBm clouds as a looping animated GIF.")
parser.add_argument("--size", default="160x160", help="WIDTHxHEIGHT in pixels (default 160x160)")
parser.add_argument("--frames", type=int, default=48)
parser.add_argument("--octaves", type=int, default=4)
parser.add_argument("--seed", type=int, default=42)
parser.add_argument("--output", default="clouds.gif")
args = parser.parse_args()
width, height = map(int, args.size.lower().split("x"))
scale = 0.05  # noise units per pixel

# The tile: the smallest power of two at least as tall as the window, so no frame shows a repeat.
tile = 1 << max(0, int(np.ceil(np.log2(height * scale))))
field = gradnoise.Field("classic", fractal="fbm", octaves=args.octaves, seed=args.seed, period=(0, tile))
start = time.perf_counter()
frames = np.stack([field.grid((height, width), origin=(0, tile * k / args.frames), step=scale, threads=0)
                   for k in range(args.frames)])  # (frames, height, width)
noise_s = time.perf_counter() - start

# Colour ramp: clear sky below -0.1, white cloud above 0.45, 16 shades in between.
cover = np.round(np.interp(frames, [-0.1, 0.45], [0, 15])) / 15
sky, cloud = np.array([60, 120, 200]), np.array([255, 255, 255])
rgb = (sky + cover[..., None] * (cloud - sky)).astype(np.uint8)
imageio.mimsave(args.output, list(rgb), duration=0.1, loop=0)
print(f"wrote {args.output} ({width}x{height}, {args.frames} frames); noise {noise_s * 1e3:.1f} ms")
