"""Every argument check and conversion of gradnoise.Field and gradnoise.graph: types, ranges,
per-axis sequences, shapes, coordinate arrays (broadcast views, no copies) and output arrays. The
messages name the keyword and its allowed range."""

from __future__ import annotations

import numbers
import operator

import numpy as np

from ._parameters import _CHOICES


def _choice(name, value):
    allowed = _CHOICES[name]
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string, one of {', '.join(allowed)} (got {value!r})")
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)} (got {value!r})")
    return allowed.index(value)


def _integer(name, value, lo=None, hi=None, what=None):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        try:
            if isinstance(value, bool):
                raise TypeError
            value = operator.index(value)
        except TypeError:
            raise TypeError(f"{name} must be an integer (got {value!r})") from None
    value = int(value)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError(f"{name} must be {what or f'in {lo}..{hi}'} (got {value})")
    return value


def _real(name, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number (got {value!r})")
    return float(value)


def _threads(threads):
    return _integer("threads", threads, 0, 1024, "0 (every core) or 1..1024")


def _progress(progress):
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable progress(done, total) or None (got {progress!r})")
    return progress


def _dtype(dtype):
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise TypeError(f"dtype must be numpy.float32 or numpy.float64 (got {dtype!r})") from None
    if dt == np.float32:
        return False
    if dt == np.float64:
        return True
    raise TypeError(f"dtype must be numpy.float32 or numpy.float64 (got {dt})")


def _per_axis(name, value, dims, kind):
    """A scalar (every axis) or a sequence of `dims` numbers in coordinate order."""
    if isinstance(value, (numbers.Number, np.generic)) and not isinstance(value, (bool, np.bool_)):
        items = [value] * dims
    else:
        try:
            items = list(value)
        except TypeError:
            raise TypeError(f"{name} must be a number or a sequence of {dims} numbers (x, y{', z' if dims > 2 else ''}{', w' if dims > 3 else ''})") from None
        if len(items) != dims:
            raise ValueError(f"{name} must have {dims} values in coordinate order (x, y{', z' if dims > 2 else ''}{', w' if dims > 3 else ''}); got {len(items)}")
    return [kind(f"{name}[{i}]", v) for i, v in enumerate(items)]


def _shape(shape, allowed, lo=0, hi=1 << 24, what="in 0..2^24 (16777216)"):
    if isinstance(shape, (numbers.Integral, np.integer)) and not isinstance(shape, bool):
        raise TypeError(f"shape must be a tuple of {' or '.join(map(str, allowed))} sizes in array order, e.g. (ny, nx) (got {shape!r})")
    try:
        items = tuple(shape)
    except TypeError:
        raise TypeError(f"shape must be a tuple of sizes in array order, e.g. (ny, nx) (got {shape!r})") from None
    if len(items) not in allowed:
        raise ValueError(f"shape must have {' or '.join(map(str, allowed))} sizes in array order, e.g. (ny, nx) (got {len(items)}: {items!r})")
    return tuple(_integer(f"shape[{i}]", n, lo, hi, what) for i, n in enumerate(items))


def _rounded(value, f64):
    """A Python float as the C++ API will hold it: itself (binary64) or rounded to float32
    (values past float32's range become infinite, without numpy's overflow warning)."""
    if f64:
        return value
    with np.errstate(over="ignore"):
        return float(np.float32(value))


def _coordinates(arrays, edt):
    """Coordinate arguments as float32/float64 arrays broadcast to one shape (views, no copies).
    Other dtypes (integers, float16, longdouble) are converted to the evaluation's dtype `edt`
    directly, so that each value is rounded once."""
    out = []
    for name, a in zip("xyzw", arrays):
        arr = np.asarray(a)
        if arr.dtype.kind not in "fiu":
            raise TypeError(f"{name} must hold real numbers (got an array of dtype {arr.dtype})")
        if arr.dtype != np.float32 and arr.dtype != np.float64:
            with np.errstate(over="ignore"):
                arr = arr.astype(edt)
        out.append(arr)
    try:
        shape = np.broadcast_shapes(*(a.shape for a in out))
    except ValueError:
        shapes = ", ".join(f"{n}{a.shape}" for n, a in zip("xyzw", out))
        raise ValueError(f"the coordinate arrays do not broadcast to one shape: {shapes}") from None
    return [np.broadcast_to(a, shape) for a in out], shape


def _make_out(out, shape, dtype, name="out"):
    """The caller's out array (checked) or a new C-contiguous one."""
    if out is None:
        return np.empty(shape, dtype=dtype), False
    if not isinstance(out, np.ndarray):
        raise TypeError(f"{name} must be a numpy.ndarray (got {type(out).__name__})")
    if out.shape != tuple(shape):
        raise ValueError(f"{name} must have shape {tuple(shape)} (got {out.shape})")
    if out.dtype != np.dtype(dtype):
        raise ValueError(f"{name} must have dtype {np.dtype(dtype)} (got {out.dtype})")
    if not out.flags.writeable:
        raise ValueError(f"{name} must be writable")
    return out, True


def _grid_ready(a):
    """Whether the library can write this array's planes in place: rows contiguous, positive
    strides that are whole floats, no overlap between rows."""
    if a.ndim < 2 or a.strides[-1] != a.itemsize:
        return False
    return all(s > 0 and s % a.itemsize == 0 for s in a.strides[:-1]) and a.strides[-2] >= a.shape[-1] * a.itemsize and (
        a.ndim < 3 or a.strides[-3] >= a.shape[-2] * a.strides[-2]
    )
