"""gradnoise.dask.to_tiles: a 2D uint16 baked array as engine tiles (RAW16 or 16-bit PNG) written
by the workers atomically, a journal of finished tiles for resuming, and the manifest with every
tile's size and SHA-256."""

import hashlib
import io
import json
import math
import numbers
import os
import shutil

import numpy as np

from dask.base import tokenize

from ._dask_recipe import _compute, _recipe, _tasks_array


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
    entries = _tasks_array(name, tasks, dtype=object)
    listed = [json.loads(e) for e in _compute(entries, progress)]
    _atomic_write(manifest_path, json.dumps({**header, "tiles": listed}, sort_keys=True) + "\n", "w")
    shutil.rmtree(journal)
    return manifest_path
