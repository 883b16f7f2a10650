#!/usr/bin/env python3
"""Fire: turbulence rising over time, through a black-red-yellow-white ramp, as a looping GIF.

Redoes case 3 (fire) of the second tutorial ("让计算机生成的图像不再有机器味"):
    density(p, t) = turbulence(p + t * (0, 1, 0))
the turbulence sampled further along y as time goes on, so that (with image rows running down)
its features rise. The tutorial stops at the density; the shaping and colours here are ours:
heat = nearness to the bottom (less towards the sides) minus the density, so the turbulence cuts
the heat into rising tongues, then a fire ramp in 24 steps (they keep the GIF small). The field
tiles in y (period=) and time runs over exactly one tile, so the animation loops without a seam.
The tutorial's 3D point p is taken on a plane (a 2D field).
"""
import argparse
import time

import imageio
import numpy as np

import gradnoise

parser = argparse.ArgumentParser(description="Rising turbulence fire as a looping animated GIF.")
parser.add_argument("--size", default="128x160", help="WIDTHxHEIGHT in pixels (default 128x160)")
parser.add_argument("--frames", type=int, default=40)
parser.add_argument("--seed", type=int, default=42)
parser.add_argument("--output", default="fire.gif")
args = parser.parse_args()
width, height = map(int, args.size.lower().split("x"))
step = 3 / width  # noise units per pixel: 3 across

tile = 1 << max(0, int(np.ceil(np.log2(height * step))))  # at least the window's height
field = gradnoise.Field(fractal="turbulence", octaves=5, seed=args.seed, period=(0, tile))
start = time.perf_counter()
density = np.stack([field.grid((height, width), origin=(0, tile * k / args.frames), step=step, threads=0)
                    for k in range(args.frames)])  # turbulence(p + t (0, 1, 0)), t = tile * k / frames
noise_s = time.perf_counter() - start

down = np.linspace(0, 1, height)[:, None]  # 0 at the top row, 1 at the bottom
across = np.linspace(-1, 1, width)[None, :]
heat = 1.5 * down ** 1.5 + 0.1 - 0.5 * across ** 2 - 2.2 * density
heat = np.round(np.clip(heat, 0, 1) * 24) / 24
stops = [0, 0.2, 0.4, 0.6, 0.8, 1]
colours = np.array([(0, 0, 0), (90, 10, 0), (200, 40, 0), (255, 130, 0), (255, 210, 60), (255, 255, 220)])
rgb = np.stack([np.interp(heat, stops, colours[:, c]) for c in range(3)], axis=-1).astype(np.uint8)
imageio.mimsave(args.output, list(rgb), duration=0.08, loop=0)
print(f"wrote {args.output} ({width}x{height}, {args.frames} frames); noise {noise_s * 1e3:.1f} ms")
