"""gradnoise.dask: distributed bakes on a real cluster (scheduler + worker processes on 127.0.0.1,
started and stopped here), Zarr, Cloud-Optimized GeoTIFF and engine tiles.

The expected values are a single process's ``field.grid`` / ``field.chunk`` (the library's fills,
themselves checked against the scalar reference and the CLI elsewhere in this suite), the
``gradnoise bake`` tool's own tile files, numpy's float32 arithmetic (the uint16 formula) and GDAL's
COG validator; nothing is copied from gradnoise.dask's output.
"""

import hashlib
import json
import os
import warnings
from fractions import Fraction
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import gradnoise
from conftest import assert_same_bits

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")
zarr = pytest.importorskip("zarr")
import gradnoise.dask as gd  # noqa: E402

START_TIMEOUT_S = 60


def _start(args, log):
    return subprocess.Popen([sys.executable, "-m"] + args, stdout=log, stderr=subprocess.STDOUT,
                            env=dict(os.environ), start_new_session=True)


class Cluster:
    """A scheduler and `workers` single-threaded worker processes (no nanny: a killed worker
    stays dead), all listening on 127.0.0.1 only, and a Client connected to them."""

    def __init__(self, tmp, workers=2, nthreads=1):
        self.tmp = Path(tmp)
        self.tmp.mkdir(parents=True, exist_ok=True)
        self.log = open(self.tmp / "cluster.log", "w")
        sched_file = self.tmp / "scheduler.json"
        self.scheduler = _start(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                                 "--no-dashboard", "--scheduler-file", str(sched_file)], self.log)
        self.workers = []
        deadline = time.monotonic() + START_TIMEOUT_S
        while not sched_file.exists():
            assert time.monotonic() < deadline and self.scheduler.poll() is None, "the scheduler did not start: " + self.logs()
            time.sleep(0.05)
        for k in range(workers):
            self.workers.append(_start(["distributed.cli.dask_worker", "--scheduler-file", str(sched_file),
                                        "--host", "127.0.0.1", "--nthreads", str(nthreads), "--no-nanny",
                                        "--no-dashboard", "--name", f"w{k}", "--memory-limit", "4GB",
                                        "--local-directory", str(self.tmp / f"w{k}"), "--death-timeout", "60"],
                                       self.log))
        self.client = distributed.Client(scheduler_file=str(sched_file), timeout=START_TIMEOUT_S)
        self.client.wait_for_workers(workers, timeout=START_TIMEOUT_S)
        self.address = self.client.scheduler.address
        assert self.address.startswith("tcp://127.0.0.1:"), self.address

    def logs(self):
        self.log.flush()
        return (self.tmp / "cluster.log").read_text()[-3000:]

    def worker_pids(self):
        """worker address -> pid, as the workers report them."""
        return self.client.run(os.getpid)

    def close(self):
        try:
            self.client.close(timeout=10)
        finally:
            for p in self.workers + [self.scheduler]:
                if p.poll() is None:
                    os.killpg(p.pid, signal.SIGTERM)
            for p in self.workers + [self.scheduler]:
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait(timeout=10)
            self.log.close()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    c = Cluster(tmp_path_factory.mktemp("cluster"))
    try:
        yield c
    finally:
        c.close()


TERRAIN = gradnoise.Field(basis="opensimplex2s", fractal="fbm", octaves=6, persistence=0.55, lacunarity=2.1, seed=1234)


def _uint16(values, lo, hi):
    """The documented normalisation, step by step in numpy float32 (and in float64 as a cross-check
    of the rounding: a float32 result differs from it by at most one step)."""
    f32 = np.float32
    t = (values - f32(lo)) * (f32(1) / (f32(hi) - f32(lo)))
    t = np.clip(t, f32(0), f32(1))
    dn = (t * f32(65535) + f32(0.5)).astype(np.uint16)
    exact = np.floor(np.clip((values.astype(np.float64) - lo) / (hi - lo), 0, 1) * 65535 + 0.5)
    assert np.max(np.abs(dn - exact)) <= 1
    return dn


# ---- the arrays themselves (dask's local scheduler) ----
def test_grid_blocks_equal_one_grid_at_any_chunking():
    shape, origin, step = (600, 900), (-3.25, 17.5), (0.0137, 0.011)
    whole = TERRAIN.grid(shape, origin=origin, step=step)
    for chunks in [(600, 900), (256, 256), (97, 313), ((100, 500), (1, 899))]:
        arr = gd.grid(TERRAIN, shape, origin=origin, step=step, chunks=chunks)
        assert arr.shape == shape and arr.dtype == np.float32
        assert_same_bits(arr.compute(scheduler="threads"), whole, f"chunks {chunks}")
    # 3D, and the gradient planes
    vol = gd.grid(TERRAIN, (9, 40, 50), origin=(1, 2, 3), step=(0.07, 0.05, 0.3), chunks=(4, 16, 32))
    assert_same_bits(vol.compute(), TERRAIN.grid((9, 40, 50), origin=(1, 2, 3), step=(0.07, 0.05, 0.3)), "3D")
    g = gd.grid(TERRAIN, (64, 80), step=1 / 32, chunks=(20, 30), gradient=True)
    assert g.shape == (3, 64, 80) and g.chunks[0] == (3,)
    assert_same_bits(g.compute(), TERRAIN.grid((64, 80), step=1 / 32, gradient=True), "gradient")


def test_chunk_blocks_equal_one_chunk_far_out():
    first, spacing = (2**40 + 17, -(2**35)), 0.37
    whole = TERRAIN.chunk((300, 500), first=first, spacing=spacing)
    for chunks in [(300, 500), (64, 128), (77, 101)]:
        arr = gd.chunk(TERRAIN, (300, 500), first=first, spacing=spacing, chunks=chunks)
        assert_same_bits(arr.compute(), whole, f"chunks {chunks}")
    g = gd.chunk(TERRAIN, (5, 20, 30), first=(1, 2, 3), spacing=0.25, chunks=8, gradient=True)
    assert_same_bits(g.compute(), TERRAIN.chunk((5, 20, 30), first=(1, 2, 3), spacing=0.25, gradient=True), "3D gradient")


def test_uint16_follows_the_documented_formula():
    values = TERRAIN.grid((200, 300), step=1 / 64)
    arr = gd.grid(TERRAIN, (200, 300), step=1 / 64, chunks=64, dtype="uint16", value_range=(-0.6, 0.6))
    got = arr.compute()
    assert got.dtype == np.uint16
    np.testing.assert_array_equal(got, _uint16(values, -0.6, 0.6))
    assert got.min() == 0 and got.max() == 65535  # the range clips: both ends reached


def test_attributes_describe_the_bake():
    arr = gd.chunk(TERRAIN, (100, 200), first=(5, -7), spacing=0.5, chunks=50, dtype="uint16", value_range=(-1, 1))
    a = gd.attributes(arr)["gradnoise"]
    assert a["schema"] == "gradnoise-dask/1" and a["version"] == gradnoise.__version__
    assert gradnoise.Field(**a["field"]) == TERRAIN
    assert a["addressing"] == "chunk" and a["first"] == [5, -7] and a["spacing"] == 0.5
    assert a["shape"] == [100, 200] and a["chunks"] == [50, 50] and a["axes"] == "yx"
    assert a["normalisation"]["lo"] == -1 and a["normalisation"]["hi"] == 1
    json.dumps(a)


@pytest.mark.parametrize("call, message", [
    (lambda: gd.grid("perlin", (4, 4)), "field must be a gradnoise.Field"),
    (lambda: gd.grid(TERRAIN, (4,)), "shape must have 2 or 3 or 4 sizes"),
    (lambda: gd.grid(TERRAIN, (0, 4)), r"shape\[0\] must be an integer in 1..2\*\*40"),
    (lambda: gd.grid(TERRAIN, (4, 2**25)), "grid sides must be at most 2\\*\\*24"),
    (lambda: gd.grid(TERRAIN, (4, 4), step=0), r"step\[0\] \(x\) must be finite and non-zero"),
    (lambda: gd.grid(TERRAIN, (4, 4), origin=(0, float("nan"))), r"origin\[1\] \(y\) must be finite"),
    (lambda: gd.grid(TERRAIN, (4, 4), dtype="uint16"), "dtype=uint16 needs value_range"),
    (lambda: gd.grid(TERRAIN, (4, 4), dtype="uint16", value_range=(1, 1)), "lo < hi"),
    (lambda: gd.grid(TERRAIN, (4, 4), value_range=(0, 1)), "value_range applies to dtype=uint16 only"),
    (lambda: gd.grid(TERRAIN, (4, 4), dtype="int8"), "dtype must be float32"),
    (lambda: gd.grid(TERRAIN, (4, 4), dtype="uint16", value_range=(0, 1), gradient=True), "gradient=True needs dtype=float32"),
    (lambda: gd.grid(TERRAIN, (4, 4), chunks=0), "chunks"),
    (lambda: gd.chunk(TERRAIN, (4, 4), spacing=-1), "spacing must be finite and > 0"),
    (lambda: gd.chunk(TERRAIN, (4, 4), first=(2**63 - 2, 0)), r"first\[0\] \(x\): samples"),
    (lambda: gd.chunk(TERRAIN, (4, 4, 4, 4)), "shape must have 2 or 3 sizes"),
    (lambda: gd.chunk(gradnoise.Field(warp=1), (4, 4)), "warp"),
    (lambda: gd.to_zarr(da.zeros((4, 4)), "x.zarr"), "writes arrays made by gradnoise.dask"),
])
def test_bad_arguments_are_named(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()


# ---- a real cluster on loopback ----
def test_cluster_bake_to_zarr_equals_one_grid(cluster, tmp_path):
    """4096 x 4096 in 512 x 512 chunks on two worker processes, then another chunking: both equal
    one field.grid of the window bit for bit."""
    shape, step = (4096, 4096), 1 / 512
    whole = TERRAIN.grid(shape, origin=(-2.0, 3.0), step=step)
    for chunks in [512, (384, 640)]:
        arr = gd.grid(TERRAIN, shape, origin=(-2.0, 3.0), step=step, chunks=chunks)
        g = gd.to_zarr(arr, tmp_path / f"w{chunks}.zarr")
        z = g["height"]
        assert z.shape == shape and z.chunks == tuple(c[0] for c in arr.chunks)
        assert_same_bits(z[...], whole, f"zarr chunks {chunks}")
        attrs = dict(z.attrs)["gradnoise"]
        assert attrs["origin"] == [-2.0, 3.0] and attrs["step"] == [step, step]
        assert dict(g.attrs)["gradnoise"] == {"variable": "height", "complete": True}
        assert not (tmp_path / f"w{chunks}.zarr.partial").exists()
    # both workers took part (the tasks are spread over the two processes)
    assert len(cluster.client.scheduler_info()["workers"]) == 2


ERODED = gradnoise.Field(basis="opensimplex2s", fractal="fbm", octaves=4, erosion=4, seed=7)


def test_cluster_bake_of_an_eroded_field_equals_one_call(cluster, tmp_path):
    """The erosion filter (spec 21) on two worker processes: a Zarr bake in blocks, gradient blocks and
    chunks far out equal one call bit for bit."""
    shape, step = (768, 1024), 1 / 256
    whole = ERODED.grid(shape, origin=(-1.5, 2.0), step=step)
    arr = gd.grid(ERODED, shape, origin=(-1.5, 2.0), step=step, chunks=(200, 300))
    assert_same_bits(gd.to_zarr(arr, tmp_path / "eroded.zarr")["height"][...], whole, "eroded zarr")
    g = gd.grid(ERODED, (64, 80), step=1 / 32, chunks=(20, 30), gradient=True)
    assert_same_bits(g.compute(), ERODED.grid((64, 80), step=1 / 32, gradient=True), "eroded gradient")
    first, spacing = (2**40 + 17, -(2**35)), 0.37
    c = gd.chunk(ERODED, (120, 200), first=first, spacing=spacing, chunks=(50, 64))
    assert_same_bits(c.compute(), ERODED.chunk((120, 200), first=first, spacing=spacing), "eroded chunks far out")


def test_cluster_uint16_zarr_and_chunk_addressing(cluster, tmp_path):
    arr = gd.chunk(TERRAIN, (2048, 1536), first=(2**33, -(2**20)), spacing=1 / 256, chunks=256,
                   dtype="uint16", value_range=(-0.6, 0.6))
    z = gd.to_zarr(arr, tmp_path / "h.zarr")["height"]
    expected = _uint16(TERRAIN.chunk((2048, 1536), first=(2**33, -(2**20)), spacing=1 / 256), -0.6, 0.6)
    np.testing.assert_array_equal(z[...], expected)
    assert dict(z.attrs)["gradnoise"]["normalisation"]["hi"] == 0.6
    # the whole array also streams through dask's own writer (no gradnoise writer involved)
    arr.to_zarr(str(tmp_path / "plain.zarr"))
    np.testing.assert_array_equal(zarr.open_array(str(tmp_path / "plain.zarr"), mode="r")[...], expected)


def test_killed_worker_mid_bake_still_gives_every_chunk(tmp_path):
    """SIGKILL one of two workers while the bake runs: the scheduler gives its tasks to the other,
    and the store is complete and equal to the single-process grid."""
    c = Cluster(tmp_path / "c", workers=2)
    try:
        shape, chunks = (4096, 4096), 128  # 1024 tasks: long enough to kill a worker half-way
        arr = gd.grid(TERRAIN, shape, step=1 / 512, chunks=chunks, dtype="uint16", value_range=(-0.6, 0.6))
        writes = gd.to_zarr(arr, tmp_path / "k.zarr", compute=False)
        future = c.client.compute(writes)
        partial = tmp_path / "k.zarr.partial" / "height"  # the data variable's chunk files
        deadline = time.monotonic() + 60
        while len(list(partial.glob("[0-9]*.[0-9]*"))) < 64:
            assert time.monotonic() < deadline, "the bake made no progress: " + c.logs()
            assert not future.done(), "finished before a worker could be killed"
            time.sleep(0.01)
        pids = c.worker_pids()
        victim = sorted(pids.values())[0]
        os.kill(victim, signal.SIGKILL)
        written_at_kill = len(list(partial.glob("[0-9]*.[0-9]*")))
        assert written_at_kill < 1024
        future.result(timeout=120)
        g = gd.finish_zarr(arr, tmp_path / "k.zarr")
        assert len(c.client.scheduler_info()["workers"]) == 1  # the killed worker stayed dead
        np.testing.assert_array_equal(g["height"][...], _uint16(TERRAIN.grid(shape, step=1 / 512), -0.6, 0.6))
        assert dict(g.attrs)["gradnoise"]["complete"] is True
    finally:
        c.close()


def test_zarr_resume_keeps_finished_chunks(tmp_path):
    arr = gd.grid(TERRAIN, (512, 768), step=1 / 128, chunks=128)
    writes = gd.to_zarr(arr, tmp_path / "r.zarr", compute=False)
    writes[:7].compute()  # an interrupted bake: 7 of 24 chunks written
    partial = tmp_path / "r.zarr.partial"
    before = {p.name: p.stat().st_mtime_ns for p in (partial / "height").glob("[0-9]*.[0-9]*")}
    assert len(before) == 7
    with pytest.raises(ValueError, match="17 chunks of .* are not written yet"):
        gd.finish_zarr(arr, tmp_path / "r.zarr")  # a store is never finished with chunks missing
    assert partial.is_dir() and not (tmp_path / "r.zarr").exists()
    time.sleep(0.02)
    with pytest.raises(FileExistsError):
        gd.to_zarr(arr, tmp_path / "r.zarr.partial")
    other = gd.grid(TERRAIN, (512, 768), step=1 / 64, chunks=128)
    with pytest.raises(ValueError, match="holds a different bake"):
        gd.to_zarr(other, tmp_path / "r.zarr", resume=True)
    with pytest.raises(ValueError, match="holds a different bake"):
        gd.to_zarr(arr, tmp_path / "r.zarr", resume=True, name="elevation")  # another variable name
    with pytest.raises(ValueError, match="holds a different bake"):
        gd.finish_zarr(other, tmp_path / "r.zarr")
    z = gd.to_zarr(arr, tmp_path / "r.zarr", resume=True)["height"]
    after = {p.name: p.stat().st_mtime_ns for p in (tmp_path / "r.zarr" / "height").glob("[0-9]*.[0-9]*")}
    assert len(after) == 24 and all(after[k] == v for k, v in before.items())  # kept, not rewritten
    assert_same_bits(z[...], TERRAIN.grid((512, 768), step=1 / 128), "resumed")
    # the resumed store is a whole labelled store: xarray opens it (consolidated metadata included)
    import xarray as xr  # (not skipped: scripts/install-deps.sh installs python3-xarray, and CI must use it)
    ds = _open_xarray(xr, tmp_path / "r.zarr")
    assert ds["height"].dims == ("y", "x") and ds.attrs["gradnoise"]["complete"] is True
    assert_same_bits(ds["height"].values, TERRAIN.grid((512, 768), step=1 / 128), "resumed, through xarray")
    np.testing.assert_array_equal(ds["x"].values, np.arange(768) / 128)
    with pytest.raises(FileExistsError, match="overwrite=True"):
        gd.to_zarr(arr, tmp_path / "r.zarr")
    gd.to_zarr(arr, tmp_path / "r.zarr", overwrite=True)
    with pytest.raises(ValueError, match="Zarr chunks are regular"):
        gd.to_zarr(gd.grid(TERRAIN, (100, 100), chunks=((30, 70), 100)), tmp_path / "irregular.zarr")
    # a partial store in another layout (here dask's own writer's bare array) is not resumed
    arr.to_zarr(str(tmp_path / "bare.zarr.partial"))
    with pytest.raises(ValueError, match="not a store begun by gradnoise.dask.to_zarr"):
        gd.to_zarr(arr, tmp_path / "bare.zarr", resume=True)


# ---- the Zarr store as xarray and other Zarr readers see it ----
def _open_xarray(xr, path):
    """xarray.open_zarr with its defaults, which read the consolidated metadata (a store without it
    gives a RuntimeWarning, made an error here)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=".*consolidated.*")
        return xr.open_zarr(str(path))


def _grid_coords(origin, step, n):
    """Field.grid's documented coordinates: origin + float(i) * step, each operation in float32."""
    f32 = np.float32
    return (f32(origin) + np.arange(n).astype(f32) * f32(step)).astype(np.float64)


def _chunk_coords(first, spacing, n):
    """World samples first..first+n-1 at float32(spacing) noise units, rounded once (exact rationals)."""
    s = Fraction(float(np.float32(spacing)))
    return np.array([float((first + i) * s) for i in range(n)], dtype=np.float64)


def test_zarr_store_opens_in_xarray_as_a_labelled_grid(tmp_path):
    import xarray as xr  # (not skipped: scripts/install-deps.sh installs python3-xarray, and CI must use it)
    shape, origin, step = (300, 500), (-3.25, 17.5), (0.0137, 0.011)
    arr = gd.grid(TERRAIN, shape, origin=origin, step=step, chunks=(128, 192))
    gd.to_zarr(arr, tmp_path / "g.zarr")
    ds = _open_xarray(xr, tmp_path / "g.zarr")
    assert list(ds.data_vars) == ["height"]
    h = ds["height"]
    assert isinstance(h, xr.DataArray) and h.dims == ("y", "x") and h.shape == shape and h.dtype == np.float32
    assert set(h.coords) == {"x", "y"} and ds["x"].dims == ("x",) and ds["y"].dims == ("y",)
    xs, ys = _grid_coords(origin[0], step[0], 500), _grid_coords(origin[1], step[1], 300)
    assert ds["x"].dtype == np.float64 and ds["y"].dtype == np.float64
    assert_same_bits(ds["x"].values, xs, "x coordinates")
    assert_same_bits(ds["y"].values, ys, "y coordinates")
    whole = TERRAIN.grid(shape, origin=origin, step=step)
    assert_same_bits(h.values, whole, "xarray values")
    # the coordinates are the samples' own: the field evaluated there (the point path) is the grid
    assert_same_bits(TERRAIN(xs.astype(np.float32)[None, :], ys.astype(np.float32)[:, None]), whole, "field at coords")
    # labelled selection: the sample at (x, y) by its coordinates
    assert h.sel(x=xs[123], y=ys[45]).values == whole[45, 123]
    a = h.attrs["gradnoise"]
    assert gradnoise.Field(**a["field"]) == TERRAIN and a == gd.attributes(arr)["gradnoise"]
    assert a["addressing"] == "grid" and a["origin"] == [-3.25, 17.5] and a["axes"] == "yx"
    assert h.attrs["units"] == "1" and "long_name" in h.attrs and "_FillValue" not in h.encoding
    assert ds["x"].attrs["axis"] == "X" and ds["y"].attrs["axis"] == "Y"
    assert ds.attrs["gradnoise"] == {"variable": "height", "complete": True}
    # plain zarr reads the same group
    g = zarr.open_group(str(tmp_path / "g.zarr"), mode="r")
    assert sorted(g.array_keys()) == ["height", "x", "y"]
    assert g["height"].attrs["_ARRAY_DIMENSIONS"] == ["y", "x"] and g["x"].attrs["_ARRAY_DIMENSIONS"] == ["x"]
    assert_same_bits(g["height"][...], whole, "zarr.open_group values")
    assert_same_bits(g["y"][...], ys, "zarr y")
    assert (tmp_path / "g.zarr" / ".zmetadata").exists()
    assert sorted(zarr.open_consolidated(str(tmp_path / "g.zarr"), mode="r").array_keys()) == ["height", "x", "y"]


def test_zarr_zero_samples_and_coordinates_are_not_missing_data(tmp_path):
    """Perlin is 0 at every lattice point: no fill value may turn those samples (or x = 0) into NaN."""
    import xarray as xr  # (not skipped: scripts/install-deps.sh installs python3-xarray, and CI must use it)
    arr = gd.grid(gradnoise.Field(), (8, 8), step=0.5, chunks=4)
    gd.to_zarr(arr, tmp_path / "z.zarr")
    ds = _open_xarray(xr, tmp_path / "z.zarr")
    h = ds["height"].values
    assert not np.isnan(h).any() and (h[::2, ::2] == 0).all()
    assert_same_bits(h, gradnoise.Field().grid((8, 8), step=0.5), "zeros")
    assert ds["x"].values[0] == 0 and not np.isnan(ds["x"].values).any()
    dn = gd.grid(gradnoise.Field(), (8, 8), step=0.5, chunks=4, dtype="uint16", value_range=(0, 1))
    gd.to_zarr(dn, tmp_path / "d.zarr")
    raw = xr.open_zarr(str(tmp_path / "d.zarr"), mask_and_scale=False)["height"].values
    assert raw.dtype == np.uint16 and (raw == 0).any()
    assert not np.isnan(_open_xarray(xr, tmp_path / "d.zarr")["height"].values).any()


def test_zarr_chunk_addressing_uint16_opens_in_xarray(tmp_path):
    import xarray as xr  # (not skipped: scripts/install-deps.sh installs python3-xarray, and CI must use it)
    shape, first, spacing, lo, hi = (200, 300), (2**40 + 17, -(2**35)), 0.37, -0.6, 0.6
    arr = gd.chunk(TERRAIN, shape, first=first, spacing=spacing, chunks=64, dtype="uint16", value_range=(lo, hi))
    gd.to_zarr(arr, tmp_path / "c.zarr", name="elevation")
    values = TERRAIN.chunk(shape, first=first, spacing=spacing)
    dn = _uint16(values, lo, hi)
    # the stored DNs, undecoded
    raw = xr.open_zarr(str(tmp_path / "c.zarr"), mask_and_scale=False)["elevation"]
    assert raw.dims == ("y", "x") and raw.dtype == np.uint16
    np.testing.assert_array_equal(raw.values, dn)
    flo, fhi = float(np.float32(lo)), float(np.float32(hi))  # the formula's lo and hi: float32 values
    assert raw.attrs["add_offset"] == flo and raw.attrs["scale_factor"] == (fhi - flo) / 65535
    # xarray's default CF decoding: the read-back half of UINT16_FORMULA, v ~= lo + dn * (hi - lo) / 65535
    ds = _open_xarray(xr, tmp_path / "c.zarr")
    assert list(ds.data_vars) == ["elevation"]
    h = ds["elevation"]
    assert h.dims == ("y", "x") and h.dtype == np.float64
    np.testing.assert_allclose(h.values, flo + dn.astype(np.float64) * ((fhi - flo) / 65535), rtol=0, atol=1e-12)
    inside = (values > lo) & (values < hi)
    assert np.max(np.abs(h.values - values)[inside]) <= (hi - lo) / 65535  # within a step of the value
    assert_same_bits(ds["x"].values, _chunk_coords(first[0], spacing, 300), "x coordinates")
    assert_same_bits(ds["y"].values, _chunk_coords(first[1], spacing, 200), "y coordinates")
    a = h.attrs["gradnoise"]
    assert gradnoise.Field(**a["field"]) == TERRAIN and a["addressing"] == "chunk" and a["first"] == list(first)
    assert a["normalisation"]["lo"] == lo and a["normalisation"]["hi"] == hi and a["normalisation"]["formula"] == gd.UINT16_FORMULA
    g = zarr.open_group(str(tmp_path / "c.zarr"), mode="r")
    np.testing.assert_array_equal(g["elevation"][...], dn)
    # Sample numbers past 2**53, where float64(first + i) * spacing would round twice: the coordinates
    # are still the exact products rounded once (a 24-bit and a 2-bit spacing significand).
    for spacing in (0.37, 0.75):
        first = (2**53 + 1, -(2**53) - 3)
        far = gd.chunk(TERRAIN, (6, 7), first=first, spacing=spacing, chunks=(3, 4))
        gd.to_zarr(far, tmp_path / f"far{spacing}.zarr")
        ds = _open_xarray(xr, tmp_path / f"far{spacing}.zarr")
        assert_same_bits(ds["height"].values, TERRAIN.chunk((6, 7), first=first, spacing=spacing), "far values")
        assert_same_bits(ds["x"].values, _chunk_coords(first[0], spacing, 7), f"far x, spacing {spacing}")
        assert_same_bits(ds["y"].values, _chunk_coords(first[1], spacing, 6), f"far y, spacing {spacing}")


def test_zarr_lod_pyramid_levels_and_multiscales(tmp_path):
    """[S 8.1, 13.5] to_zarr(levels=N): groups lodL holding Field.chunk(level=L)'s bits, coordinates
    at 2**L times the spacing, and the root's multiscales list; refusals before anything is written."""
    import xarray as xr
    field = gradnoise.Field(basis="opensimplex2s", fractal="fbm", octaves=8, frequency=1 / 64, footprint=0.5, seed=3)
    shape, first, spacing = (96, 128), (2**40, -(2**20)), 0.5
    arr = gd.chunk(field, shape, first=first, spacing=spacing, chunks=32)
    gd.to_zarr(arr, tmp_path / "p.zarr", levels=2)
    for level in range(3):
        ds = _open_xarray(xr, tmp_path / "p.zarr") if level == 0 else xr.open_zarr(str(tmp_path / "p.zarr"), group=f"lod{level}")
        n = (shape[0] >> level, shape[1] >> level)
        f = (first[0] >> level, first[1] >> level)
        want = field.chunk(n, first=f, spacing=spacing, level=level)
        assert_same_bits(ds["height"].values, want, f"level {level}")
        assert_same_bits(ds["x"].values, _chunk_coords(f[0], spacing * 2**level, n[1]), f"level {level} x")
        if level:
            assert ds["height"].attrs["gradnoise"]["level"] == level
    # Level 1 is the band-limited field for spacing 1, not level 0 decimated.
    level1 = xr.open_zarr(str(tmp_path / "p.zarr"), group="lod1")["height"].values
    assert not np.array_equal(level1, field.chunk(shape, first=first, spacing=spacing)[::2, ::2])
    ms = zarr.open_group(str(tmp_path / "p.zarr"), mode="r").attrs["multiscales"][0]
    assert [d["path"] for d in ms["datasets"]] == ["height", "lod1/height", "lod2/height"]
    assert [a["name"] for a in ms["axes"]] == ["y", "x"]
    assert ms["datasets"][2]["coordinateTransformations"][0]["scale"] == [2.0, 2.0]
    assert ms["datasets"][1]["coordinateTransformations"][1]["translation"] == [-(2**19) * 1.0, 2**39 * 1.0]
    with pytest.raises(ValueError, match="must divide by 2\\*\\*3 = 8"):
        gd.to_zarr(gd.chunk(field, (100, 128), first=first, spacing=spacing), tmp_path / "bad.zarr", levels=3)
    with pytest.raises(ValueError, match="a LOD pyramid is made of chunk levels"):
        gd.to_zarr(gd.grid(field, (64, 64)), tmp_path / "bad.zarr", levels=1)
    with pytest.raises(ValueError, match="levels must be an integer in 0..62"):
        gd.to_zarr(arr, tmp_path / "bad.zarr", levels=-1)
    assert not os.path.exists(tmp_path / "bad.zarr") and not os.path.exists(tmp_path / "bad.zarr.partial")


def test_zarr_volumes_gradients_and_names(tmp_path):
    import xarray as xr  # (not skipped: scripts/install-deps.sh installs python3-xarray, and CI must use it)
    vol = gd.grid(TERRAIN, (6, 10, 12), origin=(1, 2, 3), step=(0.07, 0.05, 0.3), chunks=(4, 8, 8), gradient=True)
    gd.to_zarr(vol, tmp_path / "v.zarr")
    ds = _open_xarray(xr, tmp_path / "v.zarr")
    v = ds["value"]  # 3D and 4D default name: a volume holds values, not heights
    assert v.dims == ("plane", "z", "y", "x")
    assert list(ds["plane"].values) == ["value", "d/dx", "d/dy", "d/dz"]
    assert_same_bits(ds["z"].values, _grid_coords(3, 0.3, 6), "z coordinates")
    assert_same_bits(v.values, TERRAIN.grid((6, 10, 12), origin=(1, 2, 3), step=(0.07, 0.05, 0.3), gradient=True), "3D gradient")
    assert_same_bits(v.sel(plane="d/dy").values, v.values[2], "plane by label")
    w = gd.grid(TERRAIN, (3, 4, 5, 6), step=0.25, chunks=2)
    gd.to_zarr(w, tmp_path / "w.zarr", name="density")
    ds = _open_xarray(xr, tmp_path / "w.zarr")
    assert ds["density"].dims == ("w", "z", "y", "x") and sorted(ds.coords) == ["w", "x", "y", "z"]
    assert_same_bits(ds["density"].values, TERRAIN.grid((3, 4, 5, 6), step=0.25), "4D")
    assert_same_bits(ds["w"].values, np.arange(3) * 0.25, "w coordinates")
    c3 = gd.chunk(TERRAIN, (4, 5, 6), first=(1, 2, 3), spacing=0.5, chunks=3)
    gd.to_zarr(c3, tmp_path / "c3.zarr")
    ds = _open_xarray(xr, tmp_path / "c3.zarr")
    assert ds["value"].dims == ("z", "y", "x") and list(ds["z"].values) == [1.5, 2.0, 2.5, 3.0]
    small = gd.grid(TERRAIN, (4, 4))
    for bad in ["x", "plane", "", ".hidden", "a/b", "back\\slash"]:
        with pytest.raises(ValueError, match="name must be letters"):
            gd.to_zarr(small, tmp_path / "bad.zarr", name=bad)
    with pytest.raises(TypeError, match="name must be a string"):
        gd.to_zarr(small, tmp_path / "bad.zarr", name=3)
    assert not (tmp_path / "bad.zarr").exists() and not (tmp_path / "bad.zarr.partial").exists()


# ---- Cloud-Optimized GeoTIFF ----
rasterio = pytest.importorskip("rasterio")


def _validate_cog(path):
    from osgeo_utils.samples import validate_cloud_optimized_geotiff as v
    warnings, errors, _ = v.validate(str(path), full_check=True)
    assert not errors, errors
    return warnings


@pytest.mark.parametrize("dtype", ["uint16", "float32"])
def test_cog_is_valid_georeferenced_and_equal(cluster, tmp_path, dtype):
    shape, origin, step = (1536, 2048), (100.0, -50.0), (1 / 256, 1 / 256)
    kw = dict(dtype="uint16", value_range=(-0.6, 0.6)) if dtype == "uint16" else {}
    arr = gd.grid(TERRAIN, shape, origin=origin, step=step, chunks=512, **kw)
    path = gd.to_cog(arr, tmp_path / "t.tif", blocksize=256)
    _validate_cog(path)
    info = json.loads(subprocess.run(["gdalinfo", "-json", "-mdd", "all", str(path)], check=True,
                                     capture_output=True, text=True).stdout)
    assert info["size"] == [2048, 1536]
    assert info["metadata"]["IMAGE_STRUCTURE"]["LAYOUT"] == "COG"
    band = info["bands"][0]
    assert band["block"] == [256, 256] and len(band["overviews"]) >= 2
    # pixel centres at the samples' noise coordinates; map Y = -noise y (north up)
    gt = info["geoTransform"]
    assert gt == [origin[0] - step[0] / 2, step[0], 0.0, -(origin[1] - step[1] / 2), 0.0, -step[1]]
    whole = TERRAIN.grid(shape, origin=origin, step=step)
    with rasterio.open(path) as ds:
        data = ds.read(1)
        assert ds.dtypes[0] == dtype and ds.crs is None
        if dtype == "uint16":
            assert ds.scales[0] == pytest.approx(1.2 / 65535) and ds.offsets[0] == pytest.approx(-0.6, abs=1e-7)
        assert json.loads(ds.tags()["GRADNOISE"])["addressing"] == "grid"
    if dtype == "uint16":
        np.testing.assert_array_equal(data, _uint16(whole, -0.6, 0.6))
    else:
        assert_same_bits(data, whole, "COG float32")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.tif"]  # no staging files left


def test_cog_with_a_crs(tmp_path):
    from rasterio.transform import from_origin
    arr = gd.chunk(TERRAIN, (512, 512), first=(0, 0), spacing=0.01, chunks=256, dtype="uint16", value_range=(-1, 1))
    path = gd.to_cog(arr, tmp_path / "m.tif", crs="EPSG:3857", transform=from_origin(1000.0, 2000.0, 30.0, 30.0))
    _validate_cog(path)
    with rasterio.open(path) as ds:
        assert ds.crs.to_epsg() == 3857 and ds.transform.a == 30.0 and ds.transform.c == 1000.0
    with pytest.raises(ValueError, match="blocksize must be a multiple of 16"):
        gd.to_cog(arr, tmp_path / "n.tif", blocksize=100)
    with pytest.raises(ValueError, match="overviews must be 'AUTO' or 'NONE'"):
        gd.to_cog(arr, tmp_path / "n.tif", overviews="some")
    with pytest.raises(ValueError, match="compress must be DEFLATE, ZSTD, LZW or NONE"):
        gd.to_cog(arr, tmp_path / "n.tif", compress="JPEG")
    with pytest.raises(FileExistsError):
        gd.to_cog(arr, tmp_path / "m.tif")


# ---- engine tiles: the same bytes as the gradnoise bake tool's ----
def test_tiles_equal_the_cli_tiles(cli, tmp_path):
    """gradnoise bake noise (plain Perlin fBm, the noise preset: 8 noise units across the --size
    width, range -1..1) in RAW16 tiles, and the same through gradnoise.dask.to_tiles: the same files."""
    out = tmp_path / "cli"
    out.mkdir()
    subprocess.run([cli.path, "bake", "noise", "--grey", "--fractal", "fbm", "--octaves", "5", "--size", "512x512",
                    "--tile-size", "128", "--tiles", "0..3,0..2", "-q", "-o", str(out / "t.r16")],
                   check=True, capture_output=True)
    field = gradnoise.Field(fractal="fbm", octaves=5)
    arr = gd.grid(field, (384, 512), step=float(np.float32(8) / np.float32(512)), chunks=128, dtype="uint16",
                  value_range=(-1, 1))
    py = tmp_path / "py"
    py.mkdir()
    manifest = json.loads(Path(gd.to_tiles(arr, py / "t.r16")).read_text())
    cli_manifest = json.loads((out / "t_tiles.json").read_text())
    for t in cli_manifest["tiles"]:
        assert (py / t["file"]).read_bytes() == (out / t["file"]).read_bytes(), t["file"]
    mine = {(t["x"], t["y"]): t for t in manifest["tiles"]}
    for t in cli_manifest["tiles"]:
        assert mine[(t["x"], t["y"])]["sha256"] == t["sha256"] == hashlib.sha256((out / t["file"]).read_bytes()).hexdigest()
    assert len(manifest["tiles"]) == 12
    # 16-bit PNG tiles, with the engines' shared edge: tile_size + 1 samples, cut at the array's edge
    manifest = json.loads(Path(gd.to_tiles(arr, py / "e.png", overlap=1)).read_text())
    from PIL import Image
    full = arr.compute()
    for t in manifest["tiles"]:
        got = np.array(Image.open(py / t["file"]))
        y0, x0 = t["y"] * 128, t["x"] * 128
        np.testing.assert_array_equal(got, full[y0:y0 + 129, x0:x0 + 129])
    assert np.array(Image.open(py / "e_x0_y0.png")).shape == (129, 129)
    assert np.array(Image.open(py / "e_x3_y2.png")).shape == (128, 128)


def test_tiles_resume(tmp_path):
    arr = gd.grid(TERRAIN, (256, 256), step=1 / 64, chunks=64, dtype="uint16", value_range=(-1, 1))
    # An interrupted bake: one tile cannot be written (a directory sits at its name), so to_tiles
    # fails part-way; there is no manifest, and the journal lists the tiles finished by then.
    blocker = tmp_path / "t_x2_y1.r16"
    blocker.mkdir()
    with pytest.raises(OSError):
        gd.to_tiles(arr, tmp_path / "t.r16", progress=False)
    assert not (tmp_path / "t_tiles.json").exists()
    journal = tmp_path / "t_tiles.journal"
    finished = sorted(journal.glob("x*.json"))
    assert 1 <= len(finished) < 16
    blocker.rmdir()
    keep = tmp_path / json.loads(finished[0].read_text())["file"]
    mtime = keep.stat().st_mtime_ns
    time.sleep(0.02)
    other = gd.grid(TERRAIN, (256, 256), step=1 / 32, chunks=64, dtype="uint16", value_range=(-1, 1))
    with pytest.raises(ValueError, match="journal of a different bake"):
        gd.to_tiles(other, tmp_path / "t.r16", resume=True)
    path = Path(gd.to_tiles(arr, tmp_path / "t.r16", resume=True))
    assert keep.stat().st_mtime_ns == mtime and not journal.exists()
    whole = arr.compute()
    for ty in range(4):
        for tx in range(4):
            got = np.frombuffer((tmp_path / f"t_x{tx}_y{ty}.r16").read_bytes(), dtype="<u2").reshape(64, 64)
            np.testing.assert_array_equal(got, whole[ty * 64:(ty + 1) * 64, tx * 64:(tx + 1) * 64])
    # A finished set resumed: a damaged tile is baked again, the others kept.
    tile = tmp_path / "t_x1_y1.r16"
    tile.write_bytes(b"\0" * 100)
    gd.to_tiles(arr, tmp_path / "t.r16", resume=True)
    assert keep.stat().st_mtime_ns == mtime and len(tile.read_bytes()) == 64 * 64 * 2
    m = json.loads(path.read_text())
    assert all(hashlib.sha256((tmp_path / t["file"]).read_bytes()).hexdigest() == t["sha256"] for t in m["tiles"])
    with pytest.raises(ValueError, match="describes a different bake"):
        gd.to_tiles(other, tmp_path / "t.r16", resume=True)
