#!/usr/bin/env python3
"""Writes tests/data/golden_bits.txt: exact outputs for a fixed set of points and fields, so that
every platform is compared with the same bits (x86-64 and aarch64 builds are otherwise only
compared with their own scalar path). Made once with the x86-64 scalar path:

    python3 tests/data/make_golden.py build/release/src/cli/gradnoise > tests/data/golden_bits.txt

and confirmed identical under qemu-aarch64 (NEON and scalar) before it was committed. The
values' correctness is checked elsewhere (Ken Perlin's reference values, an independent
formulation); this file pins their bits across CPUs, compilers and versions: changing any of
them is a change of docs/spec.md.
"""
import random
import struct
import subprocess
import sys

FIELDS = [  # (name, CLI options)
    ("reference-quintic-permutation", ["--seed", "reference", "--fade", "quintic", "--hash", "permutation"]),
    ("12345-cubic-permutation", ["--seed", "12345", "--fade", "cubic", "--hash", "permutation"]),
    ("7-quintic-mix", ["--seed", "7", "--fade", "quintic", "--hash", "mix"]),
    ("0-cubic-mix", ["--seed", "0", "--fade", "cubic", "--hash", "mix"]),
]


def points():
    r = random.Random(2026)
    pts = [tuple(r.uniform(-400, 400) for _ in range(3)) for _ in range(48)]
    pts += [tuple(r.uniform(-3, 3) for _ in range(3)) for _ in range(16)]
    awkward = [0.0, -0.0, 1.0, -1.0, 0.5, -0.25, 255.75, 256.0, -256.5, 1e-40, -1e-45, 16777216.0,
               -16777218.0, 2147483520.0, 2147483648.0, -1e30, 3.4e38, 123456.789, -98765.4321, 1e-7]
    for i, a in enumerate(awkward):
        pts.append((a, awkward[(i * 7 + 3) % len(awkward)], awkward[(i * 11 + 5) % len(awkward)]))
        pts.append((a + 0.3, 0.7 - a * 0.5, 0.125))
    # coordinates are float32 values, written exactly
    f32 = lambda c: struct.unpack("<f", struct.pack("<f", c))[0]
    return [tuple(float.hex(f32(c)) for c in p) for p in pts]


def main(cli):
    pts = points()
    print("# golden_bits.txt -- exact gradnoise outputs (see tests/data/make_golden.py for how and why)")
    print("# Format: field dims x y z value, all coordinates and values as C99 hex floats (float32 values).")
    for name, opts in FIELDS:
        for dims in (2, 3):
            text = "".join(" ".join(p[:dims]) + "\n" for p in pts)
            out = subprocess.run([cli, "eval", "--dims", str(dims), "--isa", "scalar", "--format", "hex"] + opts,
                                 input=text, capture_output=True, text=True, check=True).stdout.split()
            assert len(out) == len(pts)
            for p, v in zip(pts, out):
                print(name, dims, p[0], p[1], p[2] if dims == 3 else "0x0p+0", v)


if __name__ == "__main__":
    main(sys.argv[1])
