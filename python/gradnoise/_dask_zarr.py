"""gradnoise.dask.to_zarr and finish_zarr: a baked array as a Zarr v2 store that xarray opens as a
labelled array -- coordinates, attributes, one task per chunk, built at PATH.partial and renamed
when complete, resumable -- and the levels of a LOD pyramid beside it."""

import math
import numbers
import os
import shutil
from itertools import product

import numpy as np

from dask.base import tokenize

import gradnoise as _gn

from ._dask_recipe import _compute, _grid_line, _recipe, _regions, _tasks_array


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
        return _grid_line(recipe.a[c], recipe.b[c], start, stop).astype(np.float64)
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


def _chunk_key(lead, idx):
    """The Zarr chunk file of block idx (the sample axes'), behind `lead` whole axes (the planes)."""
    return ".".join(map(str, (0,) * lead + idx))


def _chunk_keys(recipe, chunks):
    lead = len(chunks) - recipe.dims
    return {_chunk_key(lead, idx) for idx in product(*[range(len(c)) for c in chunks[lead:]])}


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
    lead = array.ndim - recipe.dims
    target = os.path.join(partial, name)
    tasks = [(_zarr_write, recipe, region, target, _chunk_key(lead, idx), bool(resume))
             for idx, region in _regions(chunks[lead:])]
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
    from .dask import chunk  # (here: gradnoise.dask imports this module)
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
