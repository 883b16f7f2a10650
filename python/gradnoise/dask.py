"""Bakes bigger than one machine: gradnoise fields as dask arrays, written to Zarr, Cloud-Optimized
GeoTIFF and engine tile sets.

A gradnoise sample depends only on its own index and the field, never on how the world is cut, so a
bake can be split into blocks computed anywhere -- threads, processes, the workers of a
``distributed`` cluster -- and the blocks join bit for bit::

    import gradnoise, gradnoise.dask
    from distributed import Client

    client = Client("tcp://scheduler:8786")            # or none: dask's local scheduler
    field = gradnoise.Field(basis="opensimplex2s", fractal="fbm", octaves=8, seed=7)
    heights = gradnoise.dask.grid(field, (65536, 65536), step=1 / 4096, chunks=4096,
                                  dtype="uint16", value_range=(-1, 1))
    gradnoise.dask.to_zarr(heights, "world.zarr")      # streams: each worker holds a few blocks

Two ways to number the samples, the twins of ``Field.grid`` and ``Field.chunk``:

* ``grid(field, shape, origin, step)``: element ``[j, i]`` is the field at ``(origin_x + float(i) *
  step_x, origin_y + float(j) * step_y)`` in float32, the indices ``i, j`` counted over the whole
  array: every block equals the same window of one ``field.grid(shape, origin, step)`` bit for bit,
  and of the ``gradnoise bake`` tool's pictures and tiles with the same origin and step.
* ``chunk(field, shape, first, spacing)``: element ``[j, i]`` is world sample ``(first_x + i,
  first_y + j)`` of ``field.chunk``: 64-bit sample numbers, exact far from the origin (the
  library's chunk addressing, spec section 13); every block equals one ``field.chunk`` of the whole
  window.

Blocks are evaluated by the library (fill_grid_* / fill_chunk_*, or the point path where a block's
coordinates are not a grid of their own in float32) with the GIL released, so a threaded worker uses
all its threads. Outputs:

* ``to_zarr``: a Zarr v2 group that ``xarray.open_zarr`` opens as a labelled array: the variable
  "height" (2D; "value" in 3D/4D; ``name=`` chooses) with dimensions ("y", "x"), float64
  coordinates x and y holding each sample's noise coordinates, the field, the addressing and the
  normalisation in its attributes (uint16: CF scale_factor/add_offset), consolidated metadata;
  chunked as the dask array, written to ``PATH.partial`` and renamed when complete;
  ``resume=True`` keeps the chunks an interrupted bake already wrote.
* ``to_cog``: a tiled, compressed Cloud-Optimized GeoTIFF with overviews, through GDAL (rasterio).
* ``to_tiles``: RAW16 or 16-bit PNG tiles named ``NAME_x{X}_y{Y}.r16`` (Unreal/Unity's convention, as
  ``gradnoise bake --tile-size`` writes them) and a manifest with each tile's SHA-256.

Thread safety: the functions may be called from any thread; arrays are immutable dask graphs.
"""

import hashlib
import io
import json
import math
import numbers
import os
import shutil
from itertools import product
from pathlib import Path

import numpy as np

import dask
import dask.array as da
from dask.base import tokenize
from dask.highlevelgraph import HighLevelGraph

import gradnoise as _gn

__all__ = ["grid", "chunk", "attributes", "to_zarr", "finish_zarr", "to_cog", "to_tiles", "UINT16_FORMULA"]

SCHEMA = "gradnoise-dask/1"
# How uint16 samples are made from float32 values (the same float32 operations as gradnoise bake's
# 16-bit PNG and RAW16 encoder, so a block equals the tool's tile bytes) and read back.
UINT16_FORMULA = "dn = uint16(clamp((v - lo) * float32(1 / (hi - lo)), 0, 1) * 65535 + 0.5); v ~= lo + dn * (hi - lo) / 65535"

_DEFAULT_CHUNKS = {2: 1024, 3: 128, 4: 32}  # 4 MiB, 8 MiB and 4 MiB of float32 per block
_RECIPES = {}  # dask array name -> _Recipe, for attributes() and the writers


class _Recipe:
    """Everything a worker needs to compute any window of one baked array (small and picklable)."""

    def __init__(self, field, addressing, shape, a, b, gradient, dtype, value_range, level=0):
        self.field = field
        self.level = level  # chunk addressing: the LOD level (spec 13.5), 0 otherwise
        self.addressing = addressing  # "grid": a = origin, b = step; "chunk": a = first, b = spacing
        self.shape = tuple(shape)     # samples, array order
        self.a, self.b = a, b
        self.gradient = gradient
        self.dtype = np.dtype(dtype)
        self.value_range = value_range

    @property
    def dims(self):
        return len(self.shape)

    def window(self, region):
        """The samples of `region` ((start, stop) per sample axis, array order) as a numpy array."""
        n = tuple(stop - start for start, stop in region)
        dims = self.dims
        if self.addressing == "chunk":
            first = [self.a[c] + region[dims - 1 - c][0] for c in range(dims)]
            v = self.field.chunk(n, first=first, spacing=self.b, level=self.level, gradient=self.gradient)
        else:
            v = self._grid_window(region, n)
        return v if self.dtype == np.float32 else _to_uint16(v, self.value_range)

    def _grid_window(self, region, n):
        dims = self.dims
        f32 = np.float32
        lines, local = [], True
        for c in range(dims):  # coordinate order x, y, ...: array axis dims-1-c
            start, stop = region[dims - 1 - c]
            o, s = f32(self.a[c]), f32(self.b[c])
            # The whole array's formula, origin + float(i) * step, for the global indices i ...
            line = o + np.arange(start, stop, dtype=np.float64).astype(f32) * s
            # ... is the block's own grid when line[0] + float(k) * step gives the same floats; then
            # the library's grid fill computes it (faster than the point path, the same bits).
            if line.size and not np.array_equal((line[0] + np.arange(line.size, dtype=f32) * s).view(np.uint32),
                                                line.view(np.uint32)):
                local = False
            lines.append(line)
        if local:
            return self.field.grid(n, origin=[float(x[0]) for x in lines], step=[float(f32(s)) for s in self.b],
                                   gradient=self.gradient)
        axes = [line.reshape((line.size,) + (1,) * c) for c, line in enumerate(lines)]
        return self.field.gradient(*axes) if self.gradient else self.field(*axes)

    def attrs(self, chunks):
        f = self.field.params
        g = {
            "schema": SCHEMA,
            "version": _gn.__version__,
            "field": json.loads(json.dumps(f)),
            "addressing": self.addressing,
            "shape": list(self.shape),
            "axes": "".join("xyzw"[self.dims - 1 - k] for k in range(self.dims)),
            "chunks": [int(c[0]) for c in chunks[-self.dims:]],
            "dtype": self.dtype.name,
            "gradient": self.gradient,
        }
        if self.addressing == "grid":
            g["origin"] = [_f32(x) for x in self.a]
            g["step"] = [_f32(x) for x in self.b]
            g["sample"] = "[j, i] = field(origin_x + float32(i) * step_x, origin_y + float32(j) * step_y)"
        else:
            g["first"] = [int(x) for x in self.a]
            g["spacing"] = _f32(self.b)
            if self.level:
                g["level"] = self.level
            g["sample"] = "[j, i] = world sample (first_x + i, first_y + j) at spacing noise units (Field.chunk)"
        if self.gradient:
            g["planes"] = ["value"] + ["d/d" + "xyzw"[c] for c in range(self.dims)]
        if self.dtype == np.uint16:
            lo, hi = self.value_range
            g["normalisation"] = {"lo": _f32(lo), "hi": _f32(hi), "formula": UINT16_FORMULA}
        return {"gradnoise": g}


def _f32(x):
    """A float32 parameter as its shortest decimal (0.6, not 0.6000000238...): float32(that) is it."""
    return float(str(np.float32(x)))


def _to_uint16(v, value_range):
    f32 = np.float32
    lo, hi = f32(value_range[0]), f32(value_range[1])
    t = v - lo  # a new array: v may be the caller's
    t *= f32(1) / (hi - lo)
    np.fmax(t, f32(0), out=t)  # (fmax/fmin: a NaN, which finite fields never give, becomes 0)
    np.fmin(t, f32(1), out=t)
    t *= f32(65535)
    t += f32(0.5)
    return t.astype(np.uint16)


def _block(recipe, region, planes):
    return recipe.window(region)


# ---- argument checks (messages name the parameter and its range) ----
def _field(field):
    if not isinstance(field, _gn.Field):
        raise TypeError(f"field must be a gradnoise.Field (got {type(field).__name__})")
    return field


def _shape(shape, allowed):
    """Field.grid's shape check, with sides up to 2**40: a dask array may be far bigger than one fill."""
    return _gn._shape(shape, allowed, 1, 1 << 40, "an integer in 1..2**40")


def _per_axis(name, value, dims, kind):
    values = list(value) if isinstance(value, (list, tuple, np.ndarray)) else [value] * dims
    if len(values) != dims:
        raise ValueError(f"{name} must have {dims} values in coordinate order (x, y, ...) or be one number (got {len(values)})")
    out = []
    for c, v in enumerate(values):
        if kind is int:
            if not isinstance(v, numbers.Integral) or isinstance(v, bool):
                raise TypeError(f"{name}[{c}] must be an integer sample number (got {v!r})")
            out.append(int(v))
        else:
            if not isinstance(v, numbers.Real) or isinstance(v, bool):
                raise TypeError(f"{name}[{c}] must be a real number (got {v!r})")
            out.append(float(v))
    return out


def _dtype_and_range(dtype, value_range, gradient):
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise TypeError(f"dtype must be float32 or uint16 (got {dtype!r})") from None
    if dt not in (np.float32, np.uint16):
        raise ValueError(f"dtype must be float32 (the values) or uint16 (normalised heights) (got {dt.name})")
    if dt == np.float32:
        if value_range is not None:
            raise ValueError("value_range applies to dtype=uint16 only (float32 holds the values as they are)")
        return dt, None
    if gradient:
        raise ValueError("dtype=uint16 holds normalised heights; gradient=True needs dtype=float32")
    if value_range is None:
        raise ValueError("dtype=uint16 needs value_range=(lo, hi): the values mapped to 0 and 65535")
    try:
        lo, hi = (float(v) for v in value_range)
    except (TypeError, ValueError):
        raise TypeError(f"value_range must be two numbers (lo, hi) (got {value_range!r})") from None
    flo, fhi = np.float32(lo), np.float32(hi)
    if not (np.isfinite(flo) and np.isfinite(fhi) and fhi > flo):
        raise ValueError(f"value_range must be finite with lo < hi in float32 (got {value_range!r})")
    return dt, (float(flo), float(fhi))


def _chunks(chunks, shape):
    dims = len(shape)
    if chunks is None:
        chunks = _DEFAULT_CHUNKS[dims]
    try:
        normal = da.core.normalize_chunks(chunks, shape, dtype=np.float32)
    except (ValueError, TypeError, ZeroDivisionError) as e:
        raise ValueError(f"chunks must be block sides >= 1 per axis, an int, or a dask chunk spec ({e or type(e).__name__}; shape {shape})") from None
    for k, c in enumerate(normal):
        if any(n <= 0 for n in c) or max(c) > 1 << 24:
            raise ValueError(f"chunks[{k}]: block sides must be in 1..2**24 (got up to {max(c)})")
    return normal


def _make(recipe, chunks):
    chunks = _chunks(chunks, recipe.shape)
    planes = recipe.dims + 1 if recipe.gradient else None
    full_chunks = ((planes,),) + chunks if planes else chunks
    name = "gradnoise-" + tokenize(recipe.field._key(), recipe.addressing, recipe.shape, recipe.a, recipe.b,
                                   recipe.gradient, recipe.dtype.name, recipe.value_range, full_chunks)
    offsets = [np.concatenate(([0], np.cumsum(c))).tolist() for c in chunks]
    dsk = {}
    for idx in product(*[range(len(c)) for c in chunks]):
        region = tuple((offsets[k][i], offsets[k][i + 1]) for k, i in enumerate(idx))
        key = (name, 0) + idx if planes else (name,) + idx
        dsk[key] = (_block, recipe, region, planes)
    graph = HighLevelGraph.from_collections(name, dsk, dependencies=())
    meta = np.empty((0,) * len(full_chunks), dtype=recipe.dtype)
    array = da.Array(graph, name, full_chunks, meta=meta)
    _RECIPES[name] = recipe
    return array


# ---- the arrays ----
def grid(field, shape, origin=0.0, step=1.0, *, chunks=None, gradient=False, dtype=np.float32, value_range=None):
    """The field on a regular grid as a lazy dask array: ``field.grid(shape, origin, step)`` in blocks.

    field : gradnoise.Field
    shape : (ny, nx), (nz, ny, nx) or (nw, nz, ny, nx), array order; each side at most 2**24
        (float32 holds every index exactly).
    origin, step : number or sequence, coordinate order (x, y, ...), as for ``Field.grid``.
    chunks : int, tuple or dask chunk spec, default 1024 (2D), 128 (3D), 32 (4D) per axis.
    gradient : True: shape (1 + dims, *shape), the planes value, d/dx, d/dy[, ...] in one block.
    dtype : float32 (default) or uint16: heights mapped from value_range=(lo, hi) to 0..65535 by
        ``UINT16_FORMULA`` (gradnoise bake's 16-bit encoder).

    Any block, computed anywhere, equals that window of one ``field.grid`` bit for bit.
    """
    field = _field(field)
    shape = _shape(shape, (2, 3, 4))
    dims = len(shape)
    if max(shape) > 1 << 24:
        raise ValueError(f"shape: grid sides must be at most 2**24 = 16777216, where float32 indices stay exact "
                         f"(got {shape}); bigger worlds: gradnoise.dask.chunk (64-bit sample numbers)")
    origin = _per_axis("origin", origin, dims, float)
    step = _per_axis("step", step, dims, float)
    for c, (o, s) in enumerate(zip(origin, step)):
        if not np.isfinite(np.float32(o)):
            raise ValueError(f"origin[{c}] ({'xyzw'[c]}) must be finite in float32 (got {o})")
        if not np.isfinite(np.float32(s)) or np.float32(s) == 0:
            raise ValueError(f"step[{c}] ({'xyzw'[c]}) must be finite and non-zero in float32 (got {s})")
    dt, vr = _dtype_and_range(dtype, value_range, gradient)
    field.grid((1,) * dims, origin=origin, step=step, gradient=gradient)  # the field's own refusals, now
    return _make(_Recipe(field, "grid", shape, origin, step, bool(gradient), dt, vr), chunks)


def chunk(field, shape, first=0, spacing=1.0, *, level=0, chunks=None, gradient=False, dtype=np.float32,
          value_range=None):
    """World samples as a lazy dask array: ``field.chunk(shape, first, spacing, level=level)`` in blocks.

    shape : (ny, nx) or (nz, ny, nx), array order, each side up to 2**40 samples.
    first : int or sequence, the sample numbers of element [0, 0] in coordinate order; the last
        sample must stay within -2**63 .. 2**63-1.
    spacing : noise units between samples, finite and > 0 in float32.
    level : the level of detail, 0..62 (spec 13.5): samples ``spacing * 2**level`` apart, band-limited
        for that spacing when the field has a ``footprint``. ``to_zarr(..., levels=N)`` writes a
        pyramid of them.
    chunks, gradient, dtype, value_range : as for ``grid``.

    Any block equals that window of one ``field.chunk`` bit for bit, at any chunking.
    """
    field = _field(field)
    shape = _shape(shape, (2, 3))
    dims = len(shape)
    first = _per_axis("first", first, dims, int)
    for c in range(dims):
        last = first[c] + shape[dims - 1 - c] - 1
        if not -(1 << 63) <= first[c] or not last <= (1 << 63) - 1:
            raise ValueError(f"first[{c}] ({'xyzw'[c]}): samples {first[c]}..{last} leave -2**63..2**63-1")
    if not isinstance(spacing, numbers.Real) or isinstance(spacing, bool):
        raise TypeError(f"spacing must be a real number (got {spacing!r})")
    if not np.isfinite(np.float32(spacing)) or np.float32(spacing) <= 0:
        raise ValueError(f"spacing must be finite and > 0 in float32 (got {spacing})")
    dt, vr = _dtype_and_range(dtype, value_range, gradient)
    # (warps, patterns, a bad level or a level's spacing that overflows: refused now)
    field.chunk((1,) * dims, first=first, spacing=spacing, level=level, gradient=gradient)
    return _make(_Recipe(field, "chunk", shape, first, float(spacing), bool(gradient), dt, vr, int(level)), chunks)


def _recipe(array, what):
    recipe = _RECIPES.get(getattr(array, "name", None))
    if recipe is None:
        raise TypeError(f"{what} writes arrays made by gradnoise.dask.grid or gradnoise.dask.chunk (got "
                        f"{type(array).__name__} {getattr(array, 'name', '')!s}); a derived dask array can be "
                        "written with dask's own da.to_zarr")
    return recipe


def attributes(array):
    """The description of a gradnoise.dask array: field, addressing, shape, chunks, dtype and the
    normalisation, as JSON-ready dicts under the key "gradnoise" (what to_zarr stores in its data
    variable's attributes)."""
    return _recipe(array, "attributes").attrs(array.chunks)


# ---- writers ----
def _compute(writes, progress):
    """Runs a dask collection on the current scheduler (a distributed Client's, if one is the
    default), with dask's progress bar if asked."""
    client = None
    try:
        from distributed import default_client
        client = default_client()
    except (ImportError, ValueError):
        pass
    if client is not None:
        future = client.compute(writes)
        if progress:
            from distributed import progress as show
            show(future)
        return future.result()
    if progress:
        from dask.diagnostics import ProgressBar
        with ProgressBar():
            return writes.compute()
    return writes.compute()


def _tasks_array(name, tasks):
    """A 1-D dask array of one element per task (each returns a length-1 array)."""
    dsk = {(name, k): t for k, t in enumerate(tasks)}
    graph = HighLevelGraph.from_collections(name, dsk, dependencies=())
    return da.Array(graph, name, ((1,) * len(tasks),), meta=np.empty((0,), dtype=np.int64))


def _zarr_write(recipe, region, path, key, resume):
    """One task: the block `region` into the Zarr array at `path` (the data variable's directory)."""
    import zarr
    if resume and os.path.exists(os.path.join(path, key)):
        return np.zeros(1, dtype=np.int64)  # written whole by the interrupted run (atomic replace)
    z = zarr.open_array(path, mode="r+")
    z[tuple(slice(a, b) for a, b in ((0, z.shape[0]),) * (z.ndim - recipe.dims) + region)] = recipe.window(region)
    return np.ones(1, dtype=np.int64)


_COORD_PIECE = 1 << 20  # coordinate values computed and stored in pieces of this many (8 MiB of float64)
_DIM_NAMES = ("x", "y", "z", "w")  # coordinate order; the array's axes run the other way (..., y, x)
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")


def _default_name(recipe):
    return "height" if recipe.dims == 2 else "value"


def _check_name(name, recipe):
    if name is None:
        return _default_name(recipe)
    if not isinstance(name, str):
        raise TypeError(f"name must be a string, the data variable's name (got {name!r})")
    if (not name or not set(name) <= _NAME_CHARS or name[0] in ".-" or name in _DIM_NAMES + ("plane",)):
        raise ValueError(f"name must be letters, digits, '_', '-' or '.', not starting with '.' or '-', and not "
                         f"a coordinate's name (x, y, z, w, plane) (got {name!r})")
    return name


def _dims(recipe):
    """The data variable's dimension names, array order: (plane,) w, z, y, x."""
    dims = [_DIM_NAMES[c] for c in reversed(range(recipe.dims))]
    return (["plane"] if recipe.gradient else []) + dims


def _coord_values(recipe, c, start, stop):
    """Coordinate c (0 = x) of samples start..stop-1 along its axis, float64.

    grid: float32(origin) + float32(i) * float32(step), each operation rounded to float32 (Field.grid's
    coordinates, held exactly by float64). chunk: (first + i) * float32(spacing), the world sample's
    noise coordinate, rounded once to float64 (exact while |first + i| times the spacing's significand,
    1 for a power-of-two spacing, stays below 2**53)."""
    f32 = np.float32
    if recipe.addressing == "grid":
        o, s = f32(recipe.a[c]), f32(recipe.b[c])
        return (o + np.arange(start, stop, dtype=np.float64).astype(f32) * s).astype(np.float64)
    mant, exp = math.frexp(float(f32(recipe.b)))  # spacing = M * 2**e exactly, M a 24-bit integer
    m, e = int(mant * (1 << 24)), exp - 24 + recipe.level  # (a level's samples are 2**level apart)
    while m % 2 == 0:
        m, e = m // 2, e + 1
    lo, hi = recipe.a[c] + start, recipe.a[c] + stop - 1
    if max(abs(lo), abs(hi)) * m < 1 << 63:  # the integer products fit int64: one rounding, in numpy
        return np.ldexp((np.arange(lo, hi + 1, dtype=np.int64) * m).astype(np.float64), e)
    return np.array([math.ldexp(float(sx * m), e) for sx in range(lo, hi + 1)], dtype=np.float64)


def _coord_attrs(recipe, c):
    d = _DIM_NAMES[c]
    if recipe.addressing == "grid":
        how = f"origin_{d} + float32(i) * step_{d}, rounded to float32 as Field.grid computes it"
    else:
        how = f"(first_{d} + i) * spacing: world sample first_{d} + i (Field.chunk), rounded to float64"
        if recipe.level:
            how = f"(first_{d} + i) * spacing * 2**{recipe.level}: sample first_{d} + i of level {recipe.level} (Field.chunk), rounded to float64"
    return {"_ARRAY_DIMENSIONS": [d], "axis": d.upper(), "units": "1",
            "long_name": f"{d} coordinate of the sample (noise units)", "comment": how}


def _variable_attrs(recipe, chunks, dims):
    attrs = {"_ARRAY_DIMENSIONS": dims, "units": "1", "gradnoise": recipe.attrs(chunks)["gradnoise"]}
    if recipe.dtype == np.uint16:
        lo, hi = (float(np.float32(v)) for v in recipe.value_range)
        attrs["long_name"] = "gradnoise field value, 16-bit (decoded: add_offset + scale_factor * stored)"
        # CF packing: the read-back half of UINT16_FORMULA, v ~= lo + dn * (hi - lo) / 65535 (as to_cog's
        # GDAL scale and offset); xarray decodes it to float64 unless opened with mask_and_scale=False.
        attrs["scale_factor"] = (hi - lo) / 65535.0
        attrs["add_offset"] = lo
    else:
        attrs["long_name"] = "gradnoise field value and gradient" if recipe.gradient else "gradnoise field value"
    return attrs


def _chunk_keys(recipe, chunks):
    lead = len(chunks) - recipe.dims
    return {".".join(map(str, (0,) * lead + idx)) for idx in product(*[range(len(c)) for c in chunks[lead:]])}


def _open_partial(partial, what):
    import zarr
    if not os.path.isdir(partial):
        raise FileNotFoundError(f"{what}: {partial} does not exist (to_zarr(..., compute=False) creates it)")
    try:
        g = zarr.open_group(partial, mode="r+")
    except (ValueError, KeyError, OSError):
        raise ValueError(f"{what}: {partial} is not a store begun by gradnoise.dask.to_zarr; remove it or bake afresh") from None
    gattrs = dict(g.attrs).get("gradnoise", {})
    name = gattrs.get("variable") if isinstance(gattrs, dict) else None
    if not isinstance(name, str) or name not in g:
        raise ValueError(f"{what}: {partial} is not a store begun by gradnoise.dask.to_zarr; remove it or bake afresh")
    return g, name


def _create_store(partial, array, recipe, name, zchunks, compressor):
    """The Zarr v2 group at `partial`: coordinates, then the (empty) data variable, its attributes last."""
    import zarr
    kw = {} if compressor == "default" else {"compressor": compressor}
    g = zarr.open_group(partial, mode="w")
    # fill_value None: xarray would read a fill value as _FillValue and turn real samples equal to it
    # (0.0, or DN 0) into NaN; every chunk of the store is written anyway.
    common = dict(fill_value=None, dimension_separator=".", write_empty_chunks=True, **kw)
    n = recipe.dims
    for c in range(n):
        size = recipe.shape[n - 1 - c]
        z = g.create(_DIM_NAMES[c], shape=(size,), chunks=(min(size, _COORD_PIECE),), dtype=np.float64, **common)
        for start in range(0, size, _COORD_PIECE):
            stop = min(size, start + _COORD_PIECE)
            z[start:stop] = _coord_values(recipe, c, start, stop)
        z.attrs.put(_coord_attrs(recipe, c))
    if recipe.gradient:
        planes = ["value"] + ["d/d" + _DIM_NAMES[c] for c in range(n)]
        z = g.create("plane", shape=(len(planes),), chunks=(len(planes),), dtype="<U5", **common)
        z[:] = np.array(planes, dtype="<U5")
        z.attrs.put({"_ARRAY_DIMENSIONS": ["plane"], "long_name": "value, then its partial derivatives per noise unit"})
    v = g.create(name, shape=array.shape, chunks=zchunks, dtype=array.dtype, **common)
    g.attrs.put({"gradnoise": {"variable": name, "complete": False},
                 "source": f"gradnoise {_gn.__version__} (gradnoise.dask.to_zarr)"})
    v.attrs.put(_variable_attrs(recipe, array.chunks, _dims(recipe)))  # last: the store is then resumable
    return g


def to_zarr(array, path, *, name=None, overwrite=False, resume=False, compressor="default", progress=False, compute=True,
            levels=0):
    """Writes a gradnoise.dask array to a Zarr v2 store at `path` that xarray and other Zarr readers
    open as a labelled array, streaming blocks: ``xarray.open_zarr(path)[name]`` is a DataArray with
    dimensions ("y", "x") (3D: ("z", "y", "x"); 4D: ("w", "z", "y", "x"); gradient: "plane" first)
    and coordinates x, y[, z[, w]] holding each sample's noise coordinates.

    The store (a directory) is a Zarr group with consolidated metadata (``.zmetadata``):

    * ``NAME``: the samples, float32 or uint16, chunked as the dask array (every block one Zarr
      chunk, so each is written once, whole, by one task); attributes ``_ARRAY_DIMENSIONS`` (xarray's
      dimension names), ``gradnoise`` (``attributes(array)["gradnoise"]``: the field's settings, the
      addressing, the normalisation), ``long_name`` and ``units`` ("1": noise has no unit).
    * ``x``, ``y`` (``z``, ``w``): float64 coordinates, one per sample along that axis. grid:
      ``float32(origin) + float32(i) * float32(step)`` with float32 rounding, the very coordinates
      ``Field.grid`` evaluates (float32 values, held exactly). chunk: ``(first + i) * spacing``, world
      sample ``first + i``'s noise coordinate rounded once to float64 (exact while ``|first + i|``
      times the spacing's significand, 1 for a power-of-two spacing, stays below 2**53; the sample
      numbers themselves are ``first`` in the attributes plus the index).
    * ``plane`` (gradient arrays): "value", "d/dx", "d/dy"[, ...].
    * group attributes: ``gradnoise`` = {"variable": NAME, "complete": true}, ``source``.

    uint16 arrays carry the CF packing attributes ``scale_factor = (hi - lo) / 65535`` and
    ``add_offset = lo``: the read-back half of ``UINT16_FORMULA`` (the same scale and offset as
    to_cog's GeoTIFF), so xarray decodes the DNs to heights in the field's units (float64,
    quantised to 65536 levels). The stored DNs: ``xarray.open_zarr(path, mask_and_scale=False)`` or
    ``zarr.open_group(path)[NAME]``. No ``_FillValue``: every sample is data (an xarray fill value
    would turn samples equal to it into NaN).

    The store is built at ``path + ".partial"`` and renamed to `path` when every chunk is written, so
    `path` is always complete.

    name : the data variable, default "height" for 2D arrays and "value" for 3D/4D (letters, digits,
        '_', '-', '.'; not x, y, z, w or plane).
    overwrite : replace an existing store at `path` (else FileExistsError).
    resume : continue an interrupted bake of the same array (and name) at ``path + ".partial"``:
        chunks already there are kept (Zarr writes each by an atomic rename), the rest are baked. A
        partial store of a different array is refused (ValueError).
    compressor : "default" (zarr's Blosc LZ4), None, or a numcodecs codec.
    progress : show dask's progress bar (distributed's with a Client).
    compute : False returns the dask array of write tasks (one element per block: 1 written, 0
        kept) without running it; finishing the store is then the caller's: see ``finish_zarr``.
    levels : N > 0 also writes levels 1..N of a LOD pyramid (``chunk`` arrays of level 0 only, whose
        first sample numbers and sides divide by 2**N): group ``lodL`` holds level L -- the same
        variable and coordinates, ``xarray.open_zarr(path, group="lodL")`` -- each half the previous
        level's samples per side at twice the spacing, band-limited for it when the field has a
        ``footprint`` (spec 8.1, 13.5). The root's ``multiscales`` attribute lists the levels in
        OME-NGFF 0.4's form (paths, axes, per-level scale and translation in noise units).

    Returns the finished store as a read-only zarr.Group (``group[NAME]`` the samples) or, with
    compute=False, the tasks.
    """
    recipe = _recipe(array, "to_zarr")
    name = _check_name(name, recipe)
    path = os.fspath(path)
    partial = path + ".partial"
    if os.path.exists(path) and not overwrite:
        raise FileExistsError(f"{path} exists: pass overwrite=True to replace it")
    pyramid = _pyramid(array, recipe, levels, compute)
    chunks = array.chunks
    for k, c in enumerate(chunks):
        if len(c) > 1 and (len(set(c[:-1])) != 1 or c[-1] > c[0]):
            raise ValueError(f"to_zarr: Zarr chunks are regular; axis {k} has blocks {c[:4]}...: rechunk to equal sizes")
    zchunks = tuple(c[0] for c in chunks)
    if resume and os.path.isdir(partial):
        g, theirs = _open_partial(partial, "resume")
        v = g[theirs]
        if (theirs != name or dict(v.attrs) != _variable_attrs(recipe, chunks, _dims(recipe))
                or v.chunks != zchunks or v.shape != array.shape or v.dtype != array.dtype):
            raise ValueError(f"resume: {partial} holds a different bake (its attributes differ); remove it or bake afresh")
    else:
        if os.path.exists(partial):
            shutil.rmtree(partial)
        _create_store(partial, array, recipe, name, zchunks, compressor)
    offsets = [np.concatenate(([0], np.cumsum(c))).tolist() for c in chunks]
    lead = array.ndim - recipe.dims
    target = os.path.join(partial, name)
    tasks = []
    for idx in product(*[range(len(c)) for c in chunks[lead:]]):
        region = tuple((offsets[lead + k][i], offsets[lead + k][i + 1]) for k, i in enumerate(idx))
        key = ".".join(map(str, (0,) * lead + idx))
        tasks.append((_zarr_write, recipe, region, target, key, bool(resume)))
    writes = _tasks_array("gradnoise-zarr-" + tokenize(array.name, partial, name, resume), tasks)
    if not compute:
        return writes
    _compute(writes, progress)
    if pyramid:
        _write_levels(pyramid, partial, name, resume, compressor, progress, recipe)
    return finish_zarr(array, path, overwrite=overwrite)


def _pyramid(array, recipe, levels, compute):
    """The dask arrays of levels 1..N (checked before anything is written)."""
    if isinstance(levels, bool) or not isinstance(levels, numbers.Integral) or not 0 <= levels <= 62:
        raise ValueError(f"levels must be an integer in 0..62 (got {levels!r})")
    if levels == 0:
        return []
    if recipe.addressing != "chunk" or recipe.level != 0:
        raise ValueError("levels: a LOD pyramid is made of chunk levels: pass a gradnoise.dask.chunk array of level 0")
    if not compute:
        raise ValueError("levels: with compute=False, write each level with its own to_zarr (path/lodL)")
    n = 1 << levels
    dims = recipe.dims
    for c in range(dims):
        if recipe.a[c] % n or recipe.shape[dims - 1 - c] % n:
            raise ValueError(f"levels={levels}: first[{c}] ({recipe.a[c]}) and the side ({recipe.shape[dims - 1 - c]}) "
                             f"must divide by 2**{levels} = {n} (each level halves them)")
    block = [c[0] for c in array.chunks[-dims:]]
    out = []
    for level in range(1, levels + 1):
        shape = tuple(side >> level for side in recipe.shape)
        out.append(chunk(recipe.field, shape, [f >> level for f in recipe.a], recipe.b, level=level,
                         chunks=tuple(min(b, s) for b, s in zip(block, shape)), gradient=recipe.gradient,
                         dtype=recipe.dtype, value_range=recipe.value_range))
    return out


def _write_levels(pyramid, partial, name, resume, compressor, progress, recipe):
    """Levels 1..N as groups lodL inside the partial store, then the root's multiscales attribute."""
    import zarr
    for level, a in enumerate(pyramid, 1):
        target = os.path.join(partial, f"lod{level}")
        if resume and os.path.isdir(target):
            continue  # finished by the interrupted bake (a level is renamed into place when complete)
        to_zarr(a, target, name=name, overwrite=True, resume=resume, compressor=compressor, progress=progress)
    dims = _dims(recipe)[-recipe.dims:]
    spacing = float(np.float32(recipe.b))
    datasets = []
    for level in range(len(pyramid) + 1):
        step = spacing * 2.0 ** level
        first = [recipe.a[c] >> level for c in reversed(range(recipe.dims))]
        datasets.append({"path": name if level == 0 else f"lod{level}/{name}",
                         "coordinateTransformations": [{"type": "scale", "scale": [step] * recipe.dims},
                                                       {"type": "translation", "translation": [f * step for f in first]}]})
    g = zarr.open_group(partial, mode="r+")
    g.attrs["multiscales"] = [{
        "version": "0.4", "name": name, "axes": [{"name": d, "type": "space"} for d in dims],
        "datasets": datasets,
        "type": "gradnoise chunk levels (spec 13.5): each band-limited for its spacing when the field has a footprint",
    }]


def finish_zarr(array, path, *, overwrite=False):
    """Completes the store at ``path + ".partial"`` after to_zarr's tasks ran (compute=False): checks
    that it holds `array`'s bake with every chunk written, marks it complete, consolidates its
    metadata and renames it to `path`. Returns the read-only zarr.Group."""
    import zarr
    recipe = _recipe(array, "finish_zarr")
    path = os.fspath(path)
    partial = path + ".partial"
    g, name = _open_partial(partial, "finish_zarr")
    if dict(g[name].attrs) != _variable_attrs(recipe, array.chunks, _dims(recipe)):
        raise ValueError(f"finish_zarr: {partial} holds a different bake (its attributes differ)")
    missing = _chunk_keys(recipe, array.chunks) - set(os.listdir(os.path.join(partial, name)))
    if missing:
        raise ValueError(f"finish_zarr: {len(missing)} chunks of {partial} are not written yet (e.g. {sorted(missing)[0]}): "
                         "run the write tasks, or to_zarr(..., resume=True)")
    g.attrs["gradnoise"] = {"variable": name, "complete": True}
    zarr.consolidate_metadata(partial)
    _replace_dir(partial, path, overwrite)
    return zarr.open_consolidated(path, mode="r")


def _replace_dir(src, dst, overwrite):
    if os.path.exists(dst):
        if not overwrite:
            raise FileExistsError(f"{dst} exists: pass overwrite=True to replace it")
        old = dst + ".old"
        if os.path.exists(old):
            shutil.rmtree(old)
        os.rename(dst, old)
        os.rename(src, dst)
        shutil.rmtree(old)
    else:
        os.rename(src, dst)


def _geotransform(recipe):
    """Pixel corners in map units for the default georeferencing: map X = noise x, map Y = -noise y
    (rows run south, as image rows do), each pixel centred on its sample."""
    from rasterio.transform import Affine
    if recipe.addressing == "grid":
        ox, oy = (float(np.float32(v)) for v in recipe.a[:2])
        sx, sy = (float(np.float32(v)) for v in recipe.b[:2])
    else:
        s = float(np.float32(recipe.b))
        ox, oy, sx, sy = recipe.a[0] * s, recipe.a[1] * s, s, s
    return Affine(sx, 0.0, ox - sx / 2, 0.0, -sy, -(oy - sy / 2))


def to_cog(array, path, *, crs=None, transform=None, blocksize=512, compress="DEFLATE", overviews="AUTO",
           resampling="AVERAGE", overwrite=False, progress=False):
    """Writes a 2D gradnoise.dask array (float32 or uint16 values) as a Cloud-Optimized GeoTIFF.

    The blocks are computed by the current scheduler a row of blocks at a time (memory: one
    block-row, width x block height samples, on this process) into a tiled GeoTIFF, which GDAL's COG
    driver then lays out with internal overviews; both are written beside `path` and the COG renamed
    to `path` at the end.

    crs : anything rasterio accepts ("EPSG:3857", a WKT string), default none: a local frame in
        noise units.
    transform : an affine.Affine pixel-corner transform; default: map X = noise x, map Y = -noise y
        (north up, the array's rows running south), each pixel centred on its sample's coordinates.
    blocksize : the COG's tile side (a multiple of 16). compress : DEFLATE (default), ZSTD, LZW or NONE.
    overviews : "AUTO" (down to one tile), "NONE". resampling : overviews' GDAL resampling.
    uint16 arrays carry GDAL's scale and offset, so GIS tools show the heights in the field's units:
    value = offset + scale * DN with scale = (hi - lo) / 65535, offset = lo.
    """
    import rasterio
    import rasterio.shutil
    from rasterio.windows import Window
    recipe = _recipe(array, "to_cog")
    if array.ndim != 2 or recipe.gradient:
        raise ValueError("to_cog writes 2D value arrays (not 3D, not gradient planes)")
    if not isinstance(blocksize, numbers.Integral) or blocksize < 16 or blocksize % 16:
        raise ValueError(f"blocksize must be a multiple of 16, at least 16 (got {blocksize!r})")
    if overviews not in ("AUTO", "NONE"):
        raise ValueError(f"overviews must be 'AUTO' or 'NONE' (got {overviews!r})")
    if not isinstance(compress, str) or compress.upper() not in ("DEFLATE", "ZSTD", "LZW", "NONE"):
        raise ValueError(f"compress must be DEFLATE, ZSTD, LZW or NONE (got {compress!r})")
    path = os.fspath(path)
    if os.path.exists(path) and not overwrite:
        raise FileExistsError(f"{path} exists: pass overwrite=True to replace it")
    ny, nx = array.shape
    staging, cog = path + ".partial-tiled.tif", path + ".partial.tif"
    profile = dict(driver="GTiff", width=nx, height=ny, count=1, dtype=array.dtype.name, crs=crs,
                   transform=transform if transform is not None else _geotransform(recipe), tiled=True,
                   blockxsize=blocksize, blockysize=blocksize, compress="ZSTD", BIGTIFF="IF_SAFER")
    attrs = recipe.attrs(array.chunks)
    try:
        with rasterio.open(staging, "w", **profile) as ds:
            if recipe.dtype == np.uint16:
                lo, hi = recipe.value_range
                ds.scales = ((hi - lo) / 65535.0,)
                ds.offsets = (lo,)
            ds.update_tags(GRADNOISE=json.dumps(attrs["gradnoise"], sort_keys=True))
            rows = np.concatenate(([0], np.cumsum(array.chunks[0]))).astype(int)
            for r0, r1 in zip(rows[:-1], rows[1:]):
                block_row = _compute(array[r0:r1, :], False)
                ds.write(block_row, 1, window=Window(0, int(r0), nx, int(r1 - r0)))
                if progress:
                    print(f"\rto_cog: rows {r1}/{ny}", end="", flush=True)
        if progress:
            print()
        options = dict(COMPRESS=compress.upper(), BLOCKSIZE=str(blocksize), OVERVIEWS=overviews,
                       RESAMPLING=resampling, BIGTIFF="IF_SAFER", NUM_THREADS="ALL_CPUS")
        if compress.upper() in ("DEFLATE", "ZSTD", "LZW"):
            options["PREDICTOR"] = "YES"
        rasterio.shutil.copy(staging, cog, driver="COG", **options)
        os.replace(cog, path)
    finally:
        for f in (staging, cog):
            if os.path.exists(f):
                os.remove(f)
    return path


_TILE_FORMATS = {".r16": "raw16", ".raw": "raw16", ".png": "png16"}


def _tile_bytes(recipe, region, fmt):
    values = recipe.window(region)
    if fmt == "raw16":
        return values.astype("<u2").tobytes()
    from PIL import Image
    buf = io.BytesIO()
    Image.fromarray(values.astype(np.uint16), mode="I;16").save(buf, format="PNG")
    return buf.getvalue()


def _atomic_write(path, data, mode="wb"):
    tmp = f"{path}.partial-{os.getpid()}"
    with open(tmp, mode) as fh:
        fh.write(data)
    os.replace(tmp, path)


def _write_tile(recipe, region, path, fmt, x, y, expected, journal):
    if expected is not None and os.path.exists(path) and os.path.getsize(path) == expected["bytes"]:
        with open(path, "rb") as fh:
            if hashlib.sha256(fh.read()).hexdigest() == expected["sha256"]:
                return np.array([json.dumps(expected)], dtype=object)  # finished earlier, verified: kept
    data = _tile_bytes(recipe, region, fmt)
    _atomic_write(path, data)
    entry = {"x": x, "y": y, "file": os.path.basename(path), "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    # The journal: one small file per finished tile, renamed into place (no appends: safe on NFS).
    _atomic_write(os.path.join(journal, f"x{x}_y{y}.json"), json.dumps(entry), "w")
    return np.array([json.dumps(entry)], dtype=object)  # (JSON text: one element of a 1-D dask array)


def to_tiles(array, path, *, tile_size=None, overlap=0, resume=False, progress=False):
    """Writes a 2D uint16 gradnoise.dask array as engine tiles: ``NAME_x{X}_y{Y}.EXT`` (Unreal's and
    Unity's convention; X counts tiles to the right, Y down) and the manifest ``NAME_tiles.json``.

    path : ``DIR/NAME.r16`` (RAW16: little-endian uint16, rows top to bottom) or ``DIR/NAME.png``
        (16-bit greyscale PNG).
    tile_size : samples per tile side, default the array's block size (square blocks).
    overlap : 0, or 1 for tiles of tile_size + 1 samples that repeat their neighbours' edge row and
        column (Unity terrains of 2^n + 1 samples, Unreal landscape components); tiles past the
        array's edge are cut at it.
    resume : keep the tiles that an earlier run of the same bake finished -- listed in its manifest
        or in the journal ``NAME_tiles.journal/`` of an interrupted run -- whose files still have
        their size and SHA-256; bake the others. (Without resume, everything is baked afresh.)
    The tiles are written by the workers (they must share the file system) through temporary
    names, each finished tile recorded in the journal; the manifest, listing every tile's size and
    SHA-256, is written last and the journal then removed. Returns the manifest's path.
    """
    recipe = _recipe(array, "to_tiles")
    if array.ndim != 2 or recipe.dtype != np.uint16:
        raise ValueError("to_tiles writes 2D uint16 heights (dtype='uint16' with value_range)")
    path = os.fspath(path)
    stem, ext = os.path.splitext(path)
    fmt = _TILE_FORMATS.get(ext.lower())
    if fmt is None:
        raise ValueError(f"to_tiles: name the tiles .r16/.raw (RAW16) or .png (16-bit PNG) (got {path!r})")
    if tile_size is None:
        if array.chunks[0][0] != array.chunks[1][0]:
            raise ValueError("tile_size: the blocks are not square; pass tile_size=")
        tile_size = array.chunks[0][0]
    if not isinstance(tile_size, numbers.Integral) or isinstance(tile_size, bool) or not 1 <= tile_size <= 65536:
        raise ValueError(f"tile_size must be an integer in 1..65536 (got {tile_size!r})")
    if overlap not in (0, 1) or isinstance(overlap, bool):
        raise ValueError(f"overlap must be 0 or 1 (got {overlap!r})")
    ny, nx = array.shape
    manifest_path, journal = stem + "_tiles.json", stem + "_tiles.journal"
    header = {"schema": "gradnoise-tiles/1", "source": "gradnoise.dask", "tile_size": int(tile_size),
              "overlap": overlap, "format": fmt, "config": recipe.attrs(array.chunks)}
    known = {}
    if resume:
        if os.path.exists(manifest_path):
            with open(manifest_path) as fh:
                old = json.load(fh)
            if {k: v for k, v in old.items() if k != "tiles"} != header:
                raise ValueError(f"resume: {manifest_path} describes a different bake; remove it or bake afresh")
            known = {(t["x"], t["y"]): t for t in old["tiles"]}
        if os.path.isdir(journal):
            try:
                with open(os.path.join(journal, "header.json")) as fh:
                    theirs = json.load(fh)
            except (OSError, ValueError):
                theirs = None
            if theirs != header:
                raise ValueError(f"resume: {journal} is the journal of a different bake; remove it or bake afresh")
            for f in os.listdir(journal):
                if f.startswith("x") and f.endswith(".json"):
                    with open(os.path.join(journal, f)) as fh:
                        t = json.load(fh)
                    known[(t["x"], t["y"])] = t
    if not resume and os.path.isdir(journal):
        shutil.rmtree(journal)
    os.makedirs(journal, exist_ok=True)
    _atomic_write(os.path.join(journal, "header.json"), json.dumps(header), "w")
    tasks = []
    for ty in range(math.ceil(ny / tile_size)):
        for tx in range(math.ceil(nx / tile_size)):
            y0, x0 = ty * tile_size, tx * tile_size
            region = ((y0, min(ny, y0 + tile_size + overlap)), (x0, min(nx, x0 + tile_size + overlap)))
            tasks.append((_write_tile, recipe, region, f"{stem}_x{tx}_y{ty}{ext}", fmt, tx, ty, known.get((tx, ty)), journal))
    name = "gradnoise-tiles-" + tokenize(array.name, path, tile_size, overlap, sorted(known.items()))
    dsk = {(name, k): t for k, t in enumerate(tasks)}
    graph = HighLevelGraph.from_collections(name, dsk, dependencies=())
    entries = da.Array(graph, name, ((1,) * len(tasks),), meta=np.empty((0,), dtype=object))
    listed = [json.loads(e) for e in _compute(entries, progress)]
    _atomic_write(manifest_path, json.dumps({**header, "tiles": listed}, sort_keys=True) + "\n", "w")
    shutil.rmtree(journal)
    return manifest_path
