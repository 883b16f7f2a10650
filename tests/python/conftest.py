"""Shared pieces of the gradnoise Python suite.

The independent sources the package is checked against:

* the ``gradnoise`` command-line tool (``GRADNOISE_CLI``): a separate program over the C++
  library, fed float32 coordinates as exact hex floats and read back as hex floats (%a);
* the published reference values in tests/data (Ken Perlin's Java ImprovedNoise, K.jpg's Java
  OpenSimplex2), made by their authors' code, not by gradnoise;
* numpy's own float32/float64 arithmetic, for layouts (grids, broadcasting, strides).

No expected value in this suite is copied from gradnoise's own output.
"""

import faulthandler
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import gradnoise

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"

# Every test is bounded: a hang (a lost wake-up, a deadlock in a worker) kills the run with a
# traceback of every thread instead of stalling CI.
TEST_TIMEOUT_S = 120


@pytest.fixture(autouse=True)
def _watchdog():
    faulthandler.dump_traceback_later(TEST_TIMEOUT_S, exit=True, file=sys.__stderr__ or sys.stderr)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


# ---- bits ----
def bits(a):
    """The IEEE bit patterns of a float32/float64 array (so -0.0 != +0.0 and NaN == NaN by payload)."""
    a = np.asarray(a)
    assert a.dtype in (np.float32, np.float64), a.dtype
    return a.view(np.uint64 if a.dtype == np.float64 else np.uint32)


def assert_same_bits(got, expected, what="values", points=None):
    """got and expected have the same shape, dtype and bit patterns; on failure, says where."""
    got, expected = np.asarray(got), np.asarray(expected)
    assert got.dtype == expected.dtype, f"{what}: dtype {got.dtype}, expected {expected.dtype}"
    assert got.shape == expected.shape, f"{what}: shape {got.shape}, expected {expected.shape}"
    diff = np.argwhere(bits(got) != bits(expected))
    if diff.size:
        i = tuple(diff[0])
        where = f" at point {points[i[-1]].tolist()}" if points is not None else ""
        raise AssertionError(
            f"{what}: {len(diff)} of {got.size} differ; first at index {i}{where}: "
            f"got {float(got[i]).hex()} ({got[i]!r}), expected {float(expected[i]).hex()} ({expected[i]!r})"
        )


# ---- points ----
def awkward_points(dims):
    """Points that stress the edges: integers (lattice points), signed zeros, halves, large and
    tiny magnitudes, subnormals, the float32 extremes and non-finite values, one axis at a time
    (the others ordinary) and on every axis at once."""
    f32 = np.float32
    special = np.array(
        [0.0, -0.0, 1.0, -1.0, 2.0, 0.5, -0.5, 255.0, 256.0, -256.0, 255.999, 65536.0, 1e6, -1e6, 1e7,
         2.0**23, 2.0**24 + 2, -(2.0**31), 3e38, -3.4028235e38, 1e-30, 1e-40, -1e-45,
         float(np.nextafter(f32(1), f32(0))), float(np.nextafter(f32(-1), f32(0))),
         np.inf, -np.inf, np.nan],
        dtype=np.float32,
    )
    rows = []
    ordinary = np.array([0.3125, -1.71875, 2.59375, 0.8125], dtype=np.float32)
    for axis in range(dims):
        block = np.tile(ordinary[:dims], (len(special), 1))
        block[:, axis] = special
        rows.append(block)
    rows.append(np.stack([np.roll(special, k) for k in range(dims)], axis=1))
    return np.concatenate(rows)


def random_points(dims, n=300, seed=0):
    """n random float32 points (most in [-300, 300), some in [-4, 4) where the structure is fine),
    then the awkward ones: shape (count, dims)."""
    rng = np.random.default_rng(1000 * dims + seed)
    wide = rng.uniform(-300, 300, size=(n - n // 3, dims))
    near = rng.uniform(-4, 4, size=(n // 3, dims))
    return np.concatenate([wide.astype(np.float32), near.astype(np.float32), awkward_points(dims)])


# ---- the CLI ----
def cli_options(params):
    """Field keywords -> gradnoise CLI options (only those given: defaults must agree by themselves).
    Real numbers travel as the hex of their float32 value, the value both sides store."""
    opts = []
    for name, value in params.items():
        flag = "--" + name.replace("_", "-")
        if name == "seed":
            opts.append(f"--seed={'reference' if value is None else int(value)}")
        elif name == "period":
            periods = [value] if isinstance(value, int) else list(value)
            opts.append(f"--period={','.join(str(p) for p in periods)}")
        elif isinstance(value, float):
            opts.append(f"{flag}={float(np.float32(value)).hex()}")
        else:
            opts.append(f"{flag}={value}")
    return opts


class Cli:
    def __init__(self, path):
        self.path = path

    def eval(self, points, params, gradient=False):
        """The CLI's values at float32 points (n, dims): float32 (n,), or (1 + dims, n) with gradient."""
        pts = np.asarray(points, dtype=np.float32)
        n, dims = pts.shape
        text = "".join(" ".join(float(v).hex() for v in row) + "\n" for row in pts)
        cmd = [self.path, "eval", f"--dims={dims}", "--format=hex", *cli_options(params)]
        if gradient:
            cmd.append("--gradient")
        r = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, f"{' '.join(cmd)} failed ({r.returncode}): {r.stderr}"
        values = np.array([[float.fromhex(t) for t in line.split()] for line in r.stdout.splitlines()])
        width = dims + 1 if gradient else 1
        assert values.shape == (n, width), f"the CLI printed {values.shape} for {n} points"
        out = values.astype(np.float32)
        assert np.array_equal(out.astype(np.float64), values, equal_nan=True), "the CLI printed a non-float32 value"
        return np.ascontiguousarray(out.T) if gradient else out[:, 0]


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("GRADNOISE_CLI", "")
    if not path:
        pytest.skip("GRADNOISE_CLI is not set: point it at the gradnoise tool (build/release/src/cli/gradnoise) "
                    "to compare the package with the C++ library through the CLI")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        pytest.skip(f"GRADNOISE_CLI={path!r} is not an executable file (build the gradnoise tool first)")
    r = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
    if r.returncode != 0 or gradnoise.library_version not in r.stdout:
        pytest.fail(f"GRADNOISE_CLI={path!r} is not the tool of this package's library "
                    f"(it says {r.stdout.strip()!r}, the package has {gradnoise.library_version})")
    return Cli(path)


# ---- instruction sets ----
@pytest.fixture
def restore_isa():
    """Tests that force an ISA go back to the automatic choice, whatever happens."""
    try:
        yield
    finally:
        gradnoise.force_isa("auto")


def python_subprocess(code, env=None, timeout=60):
    """Runs code in a fresh interpreter that imports the same gradnoise; returns stdout."""
    full_env = dict(os.environ)
    package_root = str(Path(gradnoise.__file__).resolve().parents[1])
    full_env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, os.environ.get("PYTHONPATH", "")) if p)
    full_env.update(env or {})
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, env=full_env)
    assert r.returncode == 0, r.stderr
    return r.stdout
