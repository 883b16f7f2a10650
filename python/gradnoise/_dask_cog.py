"""gradnoise.dask.to_cog: a 2D baked array as a Cloud-Optimized GeoTIFF through GDAL (rasterio),
computed a row of blocks at a time, georeferenced in noise units by default."""

import json
import numbers
import os

import numpy as np

from ._dask_recipe import _compute, _recipe


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
