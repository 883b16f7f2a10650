"""The gallery's four graphs (examples/graphs/*.json) built in Python, a few lines each.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/graphs.py --output continent.npy

Each is checked to give the same bits as its file (the files are what `gradnoise bake --graph` bakes
for the README's pictures); --output saves the continent's heights (a .npy array) and --save-dir
writes the four graph files from the Python expressions.
"""
import argparse
import time
from pathlib import Path

import numpy as np

import gradnoise
from gradnoise import graph as g

GRAPHS = Path(__file__).resolve().parents[1] / "graphs"


def continent():
    """A coastline mask, warped ridged ranges terraced where a third field says so, hills, an ocean."""
    land_shape = g.field(seed=1, fractal="fbm", octaves=5, frequency=0.3, name="continent")
    land = land_shape.remap([-0.02, 0.25], [0, 1]).clamp(0, 1)
    ranges = (g.field(seed=2).warp(by=g.field(basis="opensimplex2", seed=3, hash="mix"), strength=0.6)
              .fractal("ridged", octaves=6, frequency=0.8))
    mountains = g.select(ranges, ranges.terrace(steps=5, smoothness=0.25),
                         g.field(seed=5).scale(0.4), threshold=0, falloff=0.1)
    hills = g.field(basis="opensimplex2s", seed=4, hash="mix", fractal="fbm", octaves=5, frequency=1.5)
    landform = g.add(0.02, g.multiply(mountains, land, 0.62), hills * 0.12)
    ocean = g.add(-0.55, hills * 0.15)
    return g.lerp(ocean, landform, land_shape.remap([-0.12, -0.02], [0, 1]).clamp(0, 1))


def clouds():
    """Warped fBm masses, billowed cellular detail eating their edges, coverage and a soft falloff."""
    masses = (g.field(basis="opensimplex2s", seed=7, hash="mix")
              .warp(by=g.field(seed=8), strength=0.7, frequency=0.5)
              .fractal("fbm", octaves=6, frequency=0.5, persistence=0.55))
    detail = g.field(basis="cellular", seed=9).fractal("billow", octaves=3, frequency=2.5)
    density = (masses - detail * 0.18).remap([-0.12, 0.35], [0, 1]).clamp(0, 1)
    return density.curve([[0, 0], [0.3, 0.12], [0.7, 0.75], [1, 1]]).remap([0, 1], [-1, 1])


def lava():
    """Crust plates (cellular, warped by turbulence) with glowing cracks and slow hot spots."""
    flow = g.field(seed=21).fractal("turbulence", octaves=4, frequency=0.7)
    plates = g.field(basis="cellular", seed=22, cellular_output="f2_minus_f1").warp(by=flow, strength=0.45)
    cracks = plates.curve([[0, 1], [0.05, 0.55], [0.16, -0.55], [1, -0.9]])
    crust = g.field(basis="opensimplex2", seed=23, hash="mix", fractal="fbm", octaves=5, frequency=3)
    heat = g.field(basis="opensimplex2s", seed=24).scale(0.3).remap([0.2, 0.6], [0, 1]).clamp(0, 1)
    glow = g.max(cracks, g.lerp(-1, 0.45, heat))
    return (glow + crust * 0.12).clamp(-1, 1)


def eroded_continent():
    """The continent carved by the erosion filter: gullies down every slope, steered by its gradient."""
    return g.erode(continent(), octaves=4, strength=0.15, scale=0.25, frequency=0.4, seed=6)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default="continent.npy", help="the continent's heights (.npy)")
    parser.add_argument("--size", type=int, default=512, help="samples per side")
    parser.add_argument("--save-dir", help="write the four graph files here")
    args = parser.parse_args()
    for name, build in (("continent", continent), ("clouds", clouds), ("lava", lava),
                        ("eroded_continent", eroded_continent)):
        built, filed = build(), gradnoise.Graph.load(GRAPHS / f"{name}.json")
        a = built.grid((96, 128), origin=(-3.0, 2.0), step=0.071)
        b = filed.grid((96, 128), origin=(-3.0, 2.0), step=0.071)
        assert a.tobytes() == b.tobytes(), f"{name}: the Python expression and examples/graphs/{name}.json differ"
        print(f"{name}: built in Python = examples/graphs/{name}.json, bit for bit "
              f"({built.program_size()} operations per sample)")
        if args.save_dir:
            built.save(Path(args.save_dir) / f"{name}.json")
    start = time.perf_counter()
    heights = continent().grid((args.size, args.size), step=14.0 / args.size, threads=0)
    seconds = time.perf_counter() - start
    np.save(args.output, heights)
    print(f"wrote {args.output}: {args.size}x{args.size} heights in [{heights.min():.3f}, {heights.max():.3f}], "
          f"noise {seconds * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
