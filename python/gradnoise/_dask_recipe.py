"""gradnoise.dask's recipes: what a worker needs to compute any window of one baked array (small
and picklable), the dask arrays made of them (one task per block), and running tasks on the
current scheduler."""

import json
from itertools import product

import numpy as np

import dask.array as da
from dask.base import tokenize
from dask.highlevelgraph import HighLevelGraph

import gradnoise as _gn

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
            s = f32(self.b[c])
            # The whole array's formula, origin + float(i) * step, for the global indices i ...
            line = _grid_line(self.a[c], s, start, stop)
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


def _grid_line(origin, step, start, stop):
    """Grid coordinates start..stop-1 along one axis: float32(origin) + float32(i) * float32(step),
    each operation rounded to float32 (Field.grid's coordinates for the whole array's indices i)."""
    f32 = np.float32
    return f32(origin) + np.arange(start, stop, dtype=np.float64).astype(f32) * f32(step)


def _regions(chunks):
    """(index, region) of every block of `chunks` (the sample axes'), in dask's order: region is
    (start, stop) per axis, array order."""
    offsets = [np.concatenate(([0], np.cumsum(c))).tolist() for c in chunks]
    for idx in product(*[range(len(c)) for c in chunks]):
        yield idx, tuple((offsets[k][i], offsets[k][i + 1]) for k, i in enumerate(idx))


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
    dsk = {}
    for idx, region in _regions(chunks):
        key = (name, 0) + idx if planes else (name,) + idx
        dsk[key] = (_block, recipe, region, planes)
    graph = HighLevelGraph.from_collections(name, dsk, dependencies=())
    meta = np.empty((0,) * len(full_chunks), dtype=recipe.dtype)
    array = da.Array(graph, name, full_chunks, meta=meta)
    _RECIPES[name] = recipe
    return array


def _recipe(array, what):
    recipe = _RECIPES.get(getattr(array, "name", None))
    if recipe is None:
        raise TypeError(f"{what} writes arrays made by gradnoise.dask.grid or gradnoise.dask.chunk (got "
                        f"{type(array).__name__} {getattr(array, 'name', '')!s}); a derived dask array can be "
                        "written with dask's own da.to_zarr")
    return recipe


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


def _tasks_array(name, tasks, dtype=np.int64):
    """A 1-D dask array of one element per task (each returns a length-1 array of `dtype`)."""
    dsk = {(name, k): t for k, t in enumerate(tasks)}
    graph = HighLevelGraph.from_collections(name, dsk, dependencies=())
    return da.Array(graph, name, ((1,) * len(tasks),), meta=np.empty((0,), dtype=dtype))
