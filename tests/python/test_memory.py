"""Evaluations allocate their result and nothing of its size besides: no copies of the inputs, no
temporary output, no per-sample Python objects. numpy reports its array allocations to
tracemalloc, so tracemalloc's peak sees any hidden array; the RSS check sees native ones."""

import sys
import tracemalloc

import numpy as np
import pytest
from conftest import python_subprocess

import gradnoise

MIB = 1 << 20
SLACK = 1 * MIB

FIELD = gradnoise.Field(fractal="fbm", octaves=2)


def traced_peak(fn):
    """(result, peak bytes traced while fn ran)."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        result = fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return result, peak


def test_tracemalloc_sees_numpy_arrays():
    """The premise of this file: a hidden 64 MiB temporary would show."""
    _, peak = traced_peak(lambda: np.empty((4096, 4096), np.float32).copy())
    assert peak >= 128 * MIB


@pytest.mark.parametrize("threads", [1, 2])
def test_a_4096_grid_allocates_only_its_result(threads):
    g, peak = traced_peak(lambda: FIELD.grid((4096, 4096), step=0.01, threads=threads))
    assert g.nbytes == 64 * MIB and g.shape == (4096, 4096)
    assert peak < 64 * MIB + SLACK, f"peak {peak / MIB:.1f} MiB for a 64 MiB grid"


def test_grid_into_out_allocates_nothing_big():
    out = np.empty((4096, 4096), np.float32)
    _, peak = traced_peak(lambda: FIELD.grid((4096, 4096), step=0.01, out=out))
    assert peak < SLACK, f"peak {peak / MIB:.1f} MiB writing into a given array"
    canvas = np.empty((4100, 4200), np.float32)
    _, peak = traced_peak(lambda: FIELD.grid((4096, 4096), step=0.01, out=canvas[2:4098, 50:4146]))
    assert peak < SLACK, f"peak {peak / MIB:.1f} MiB writing into a window (rows contiguous: in place)"


def test_gradient_grid_and_chunk_allocate_only_their_result():
    g, peak = traced_peak(lambda: FIELD.grid((2048, 2048), step=0.01, gradient=True))
    assert g.nbytes == 48 * MIB and peak < 48 * MIB + SLACK, f"peak {peak / MIB:.1f} MiB"
    c, peak = traced_peak(lambda: FIELD.chunk((2048, 4096), spacing=0.01))
    assert c.nbytes == 32 * MIB and peak < 32 * MIB + SLACK, f"peak {peak / MIB:.1f} MiB"


def test_points_allocate_only_the_result():
    n = 1 << 22
    x = np.linspace(-100, 100, n, dtype=np.float32)
    y, z = x[::-1].copy(), x * np.float32(0.5)
    r, peak = traced_peak(lambda: FIELD(x, y, z))
    assert r.nbytes == 16 * MIB and peak < 16 * MIB + SLACK, f"contiguous float32: peak {peak / MIB:.1f} MiB"
    _, peak = traced_peak(lambda: FIELD(x, y, z, threads=2))
    assert peak < 16 * MIB + SLACK, f"threads=2: peak {peak / MIB:.1f} MiB"


def test_strided_float64_and_broadcast_points_are_not_copied():
    x64 = np.linspace(-100, 100, 1 << 23)  # 64 MiB of float64
    r, peak = traced_peak(lambda: FIELD(x64[::2], x64[1::2]))  # converted block by block
    assert r.nbytes == 16 * MIB and peak < 16 * MIB + SLACK, f"strided float64: peak {peak / MIB:.1f} MiB"
    col = np.linspace(0, 10, 2048, dtype=np.float32)[:, None]
    row = np.linspace(0, 10, 2048, dtype=np.float32)[None, :]
    r, peak = traced_peak(lambda: FIELD(col, row))
    assert r.shape == (2048, 2048) and peak < 16 * MIB + SLACK, f"broadcast: peak {peak / MIB:.1f} MiB"
    r, peak = traced_peak(lambda: FIELD.gradient(col, row))
    assert r.shape == (3, 2048, 2048) and peak < 48 * MIB + SLACK, f"broadcast gradient: peak {peak / MIB:.1f} MiB"


def test_binary64_and_4d_grids_allocate_only_their_result():
    g, peak = traced_peak(lambda: FIELD.grid((2048, 2048), step=0.01, dtype=np.float64))
    assert g.nbytes == 32 * MIB and peak < 32 * MIB + SLACK, f"float64 grid: peak {peak / MIB:.1f} MiB"
    g, peak = traced_peak(lambda: FIELD.grid((16, 16, 128, 256), step=0.1))
    assert g.nbytes == 32 * MIB and peak < 32 * MIB + SLACK, f"4D grid: peak {peak / MIB:.1f} MiB"


def test_resident_memory_of_a_4096_grid():
    """In a fresh process: the peak RSS grows by the grid's 64 MiB and little more (no native copy)."""
    code = "\n".join([
        "import gradnoise",
        "def hwm():",
        "    for line in open('/proc/self/status'):",
        "        if line.startswith('VmHWM:'):",
        "            return int(line.split()[1])",
        "f = gradnoise.Field(fractal='fbm', octaves=2)",
        "f.grid((64, 64), threads=2)  # the library's first-call setup and the thread pool",
        "before = hwm()",
        "g = f.grid((4096, 4096), step=0.01, threads=2)",
        "print(hwm() - before)",
    ])
    grown_kib = int(python_subprocess(code))
    assert 60 * 1024 < grown_kib < (64 + 8) * 1024, f"peak RSS grew by {grown_kib / 1024:.1f} MiB for a 64 MiB grid"


def test_no_references_leak():
    """The binding keeps no reference to inputs, outputs or callbacks, also when a call fails."""
    field = gradnoise.Field(fractal="fbm", octaves=3)
    x = np.linspace(0, 5, 100_000, dtype=np.float32)
    out = np.empty_like(x)

    def quiet(done, total):
        return None

    def stop(done, total):
        return False

    def fail(done, total):
        raise LookupError("from the callback")

    def attempt(callback):
        # (a job done before the first report only sees the final call, whose False is moot)
        for call in (lambda: field(x, 0.5, out=out, progress=callback), lambda: field.grid((256, 1024), progress=callback)):
            try:
                call()
            except (gradnoise.CancelledError, LookupError):
                pass

    watched = (x, out, quiet, stop, fail)
    before = [sys.getrefcount(v) for v in watched]
    for _ in range(20):
        field(x, 0.5, out=out, progress=quiet)
        field.gradient(x, 0.5)
        field.grid((64, 64), progress=quiet)
        attempt(stop)
        attempt(fail)
    assert [sys.getrefcount(v) for v in watched] == before
