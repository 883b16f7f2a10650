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
import numbers

import numpy as np

import gradnoise as _gn

# The recipes and the writers live in private modules, one concern each; their names stay
# importable from here.
from ._dask_recipe import (  # noqa: F401  (what a worker computes; arrays of tasks)
    SCHEMA, UINT16_FORMULA, _DEFAULT_CHUNKS, _RECIPES, _Recipe, _block, _chunks, _compute, _f32, _make, _recipe,
    _tasks_array, _to_uint16)
from ._dask_zarr import (  # noqa: F401  (Zarr stores)
    _COORD_PIECE, _DIM_NAMES, _NAME_CHARS, _check_name, _chunk_keys, _coord_attrs, _coord_values, _create_store,
    _default_name, _dims, _open_partial, _pyramid, _replace_dir, _variable_attrs, _write_levels, _zarr_write,
    finish_zarr, to_zarr)
from ._dask_cog import _geotransform, to_cog  # noqa: F401  (Cloud-Optimized GeoTIFF)
from ._dask_tiles import _TILE_FORMATS, _atomic_write, _tile_bytes, _write_tile, to_tiles  # noqa: F401  (tiles)

__all__ = ["grid", "chunk", "attributes", "to_zarr", "finish_zarr", "to_cog", "to_tiles", "UINT16_FORMULA"]


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


def attributes(array):
    """The description of a gradnoise.dask array: field, addressing, shape, chunks, dtype and the
    normalisation, as JSON-ready dicts under the key "gradnoise" (what to_zarr stores in its data
    variable's attributes)."""
    return _recipe(array, "attributes").attrs(array.chunks)
