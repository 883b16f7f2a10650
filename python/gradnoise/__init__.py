"""gradnoise: bit-exact gradient noise on numpy arrays, at the C++ engine's speed.

Improved Perlin noise (Ken Perlin 2002) and its relatives -- classic, value and isotropic
lattices, K.jpg's OpenSimplex2 / OpenSimplex2S, cellular (Worley) noise -- with fractals (fBm,
turbulence, ridged, billow, derivative-damped), domain warping, tiling, marble and wood, in 2D,
3D and 4D, with analytic gradients and curl noise.

Every value is defined bit for bit by the library's specification (docs/spec.md): the same
numbers on every CPU (SSE2, AVX2, AVX-512, NEON or the scalar reference), every thread count and
every platform, and the same numbers as the C++ and C APIs and the ``gradnoise`` command.

Quick start::

    import numpy as np, gradnoise
    field = gradnoise.Field(fractal="fbm", octaves=6, seed=42)
    height = field.grid((512, 512), step=1 / 64)       # float32 array, shape (512, 512) = (y, x)
    v = field(np.linspace(0, 4, 100), 0.5)              # any shapes that broadcast
    value, dx, dy = field.gradient(x, y)                # value and partial derivatives

Conventions:

* Arrays come back in numpy / image order: a 2D grid has shape (ny, nx) and element [j, i] is
  the sample at x = origin_x + i * step_x, y = origin_y + j * step_y; a 3D grid (nz, ny, nx).
  Coordinates, origins, steps and chunk offsets are given in coordinate order (x, y[, z[, w]]).
* Evaluation is float32 (the library's native precision) unless ``dtype=numpy.float64`` asks
  for the binary64 path (Ken Perlin's reference in double: basis "perlin" with the permutation
  hash, no period, warp or pattern). Coordinates of any real dtype are accepted and rounded to
  the evaluation's precision first (float64 -> float32 rounds to nearest, as numpy does).
* Parameters given as Python floats are rounded to float32, as the C++ API stores them.
* Bad arguments raise ValueError or TypeError naming the argument and its allowed range.
* ``threads=1`` (the default) evaluates on one core; ``threads=0`` uses every core, N uses up
  to N. The values never depend on the thread count.
* The GIL is released while samples are computed. Long evaluations stop on Ctrl-C
  (KeyboardInterrupt) within about 50 ms, and a ``progress(done, total)`` callable, called on
  the calling thread about every 50 ms and at the end with sample counts, may return False to
  stop (CancelledError). Stopped outputs are partly written.
"""

from __future__ import annotations

import numbers
import operator

import numpy as np

import json as _json

from . import _gradnoise as _native
from ._gradnoise import CancelledError

__all__ = [
    "Field",
    "Graph",
    "graph",
    "CancelledError",
    "active_isa",
    "best_isa",
    "supported_isas",
    "force_isa",
    "reset_isa",
    "library_version",
    "__version__",
    "ISAS",
    "BASES",
    "FRACTALS",
    "FADES",
    "HASHES",
    "PATTERNS",
    "CELLULAR_DISTANCES",
    "CELLULAR_OUTPUTS",
    "ORIENTATIONS2",
    "ORIENTATIONS3",
    "ORIENTATIONS4",
]

#: The version of the native library inside this package ("MAJOR.MINOR.PATCH").
library_version: str = _native.library_version
__version__: str = library_version

# The enumerations' names, in the library's order, from its one list (Graph.schema(): enumerations.h).
_FIELD_SCHEMA = {p["name"]: p for p in _json.loads(_native.graph_schema())["field_parameters"]}
BASES = tuple(_FIELD_SCHEMA["basis"]["choices"])
_SIMPLEX_FAMILY = 1  # gradnoise::BasisFamily::simplex (basis_family's value)
FRACTALS = tuple(_FIELD_SCHEMA["fractal"]["choices"])
FADES = tuple(_FIELD_SCHEMA["fade"]["choices"])
HASHES = tuple(_FIELD_SCHEMA["hash"]["choices"])
PATTERNS = tuple(_FIELD_SCHEMA["pattern"]["choices"])
CELLULAR_DISTANCES = tuple(_FIELD_SCHEMA["cellular_distance"]["choices"])
CELLULAR_OUTPUTS = tuple(_FIELD_SCHEMA["cellular_output"]["choices"])
ORIENTATIONS2 = tuple(_FIELD_SCHEMA["orientation2"]["choices"])
ORIENTATIONS3 = tuple(_FIELD_SCHEMA["orientation3"]["choices"])
ORIENTATIONS4 = tuple(_FIELD_SCHEMA["orientation4"]["choices"])
ISAS = tuple(_native.isa_names())

_CHOICES = {
    "basis": BASES,
    "fractal": FRACTALS,
    "fade": FADES,
    "hash": HASHES,
    "pattern": PATTERNS,
    "cellular_distance": CELLULAR_DISTANCES,
    "cellular_output": CELLULAR_OUTPUTS,
    "orientation2": ORIENTATIONS2,
    "orientation3": ORIENTATIONS3,
    "orientation4": ORIENTATIONS4,
}

# Field's keywords, in the table's order, with their defaults: every parameter of the library's
# table under its own name, except that the periods (period_x .. period_w) are one keyword, `period`,
# and pattern_strength None means the pattern's recipe strength (marble 4, wood 0.2).
_AXES = {}  # "period" -> ("period_x", ..., "period_w")
_DEFAULTS = {}
for _p in _FIELD_SCHEMA.values():
    if _p["axis_of"]:
        _AXES.setdefault(_p["axis_of"], ())
        _AXES[_p["axis_of"]] += (_p["name"],)
        _DEFAULTS[_p["axis_of"]] = (0,) * len(_AXES[_p["axis_of"]])
    else:
        _DEFAULTS[_p["name"]] = _p["default"]
_DEFAULTS["pattern_strength"] = None
del _p

# Library descriptor fields -> this package's keywords, for the library's messages (the table's
# member paths; the periods are one keyword here, four in the library).
_MESSAGE_NAMES = [("NoiseDesc: ", "")] + [
    (p["member"], p["name"]) for p in _FIELD_SCHEMA.values() if p["member"] != p["name"]
] + [
    ("simplex.orientation", "orientation"),
    ("period_x", "period[0] (x)"),
    ("period_y", "period[1] (y)"),
    ("period_z", "period[2] (z)"),
    ("period_w", "period[3] (w)"),
    ("periods on a simplex basis need", "period: periods on a simplex basis need"),
]


def _translate(message: str) -> str:
    for old, new in _MESSAGE_NAMES:
        message = message.replace(old, new)
    return message


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


class Field:
    """A noise field: a function of 2, 3 or 4 coordinates, defined bit for bit by gradnoise's spec.

    Examples
    --------
    >>> import numpy as np, gradnoise
    >>> terrain = gradnoise.Field(fractal="fbm", octaves=8, seed=7, frequency=1 / 128)
    >>> height = terrain.grid((512, 512))                    # (ny, nx) float32 in about [-1, 1]
    >>> value, dx, dy = terrain.gradient(*np.meshgrid(np.arange(4.0), np.arange(3.0)))
    >>> marble = gradnoise.Field(fractal="turbulence", pattern="marble", frequency=4, pattern_frequency=8)
    >>> gradnoise.Field()(0.5, 0.25, 0.125, dtype=np.float64)  # Ken Perlin's reference, in double

    Parameters
    ----------
    {parameters}

    Fields are immutable, hashable, comparable and picklable (they travel to worker processes as
    their parameters); ``Field(**field.params)`` is an equal field. Construction builds about
    0.5 MiB of tables (a few hundred microseconds); a field may be used from any number of
    threads at once.

    Evaluate with ``field(x, y[, z[, w]])`` (points, any broadcasting shapes),
    ``field.grid(shape, origin, step)`` (a regular grid), ``field.chunk(shape, first, spacing)``
    (a piece of an unbounded world that joins its neighbours exactly), ``field.gradient(...)``
    and ``field.curl(...)``; ``field.reference(...)`` evaluates one point through the scalar
    reference, the executable spec.
    """

    __slots__ = ("_params", "_core")

    def __init__(self, basis="perlin", **keywords):
        for name in keywords:
            if name not in _DEFAULTS:
                raise TypeError(f"Field() got an unexpected keyword argument {name!r} (the keywords: {', '.join(_DEFAULTS)})")
        given = {**_DEFAULTS, "period": 0, **keywords, "basis": basis}
        native = {}
        params = {}
        for name in _DEFAULTS:
            value = given[name]
            if name in _AXES:
                params[name] = self._axes(name, value, native, basis)
                continue
            p = _FIELD_SCHEMA[name]
            if p["kind"] == "choice":
                native[name] = _choice(name, value)
            elif p["kind"] == "seed":
                if value is not None:
                    value = _integer(name, value, -(1 << 63), (1 << 64) - 1, "None or an integer in -2**63 .. 2**64-1")
                native[name] = None if value is None else value & ((1 << 64) - 1)
            elif p["kind"] == "integer":
                value = native[name] = _integer(name, value, int(p["min"]), int(p["max"]), p["allowed"])
            elif value is None and name == "pattern_strength":  # the recipe's (no pattern: the default)
                native[name] = _native.pattern_recipe_strength(native["pattern"])
            else:
                value = native[name] = _real(name, value)
            params[name] = value
        # A parameter its part of the field ignores is refused rather than dropped: Field(frequency=4)
        # without a fractal would otherwise give the frequency-1 field without a word. The rule is the
        # library's (gradnoise::ignored_parameter, which the command-line tool applies too).
        ignored = _native.ignored_parameter(native)
        if ignored is not None:
            field, needs = ignored
            name = _translate(field)  # "fractal.octaves" -> "octaves"
            raise ValueError(f"{name}={params[name]!r} has no effect without {needs}")
        try:
            core = _native.Core(native)
        except ValueError as e:
            raise ValueError(_translate(str(e))) from None
        object.__setattr__(self, "_core", core)
        object.__setattr__(self, "_params", params)

    @staticmethod
    def _axes(name, value, native, basis):
        """One value for every axis, or up to one per axis (x, y, z, w); the rest 0. (One period for a
        simplex basis sets x, y and z: those fields tile in 2D and 3D only, spec 16.8.)"""
        axes = _AXES[name]
        allowed = _FIELD_SCHEMA[axes[0]]["allowed"]
        if isinstance(value, (numbers.Integral, np.integer)) and not isinstance(value, bool):
            values = [_integer(name, value)] * len(axes)
            if name == "period" and basis in BASES and _native.basis_family(BASES.index(basis)) == _SIMPLEX_FAMILY:
                values[3] = 0
        else:
            try:
                items = list(value)
            except TypeError:
                raise TypeError(f"{name} must be an integer or a sequence of up to {len(axes)} integers (x, y, z, w) (got {value!r})") from None
            if not 1 <= len(items) <= len(axes):
                raise ValueError(f"{name} must have 1 to {len(axes)} values (x, y, z, w) (got {len(items)})")
            values = [_integer(f"{name}[{i}]", v) for i, v in enumerate(items)] + [0] * (len(axes) - len(items))
        for i, (axis, v) in enumerate(zip(axes, values)):
            if v < 0 or v > _FIELD_SCHEMA[axis]["max"] or ((v & (v - 1)) != 0 and (v % 3 != 0 or ((v // 3) & (v // 3 - 1)) != 0)):
                raise ValueError(f"{name}[{i}] ({'xyzw'[i]}) must be {allowed} (got {v})")
            native[axis] = v
        return tuple(values)

    # ---- identity ----
    @property
    def params(self) -> dict:
        """Every parameter of this field, as keywords: ``Field(**field.params) == field``."""
        return dict(self._params)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._params[name]
        except KeyError:
            raise AttributeError(f"'Field' object has no attribute '{name}'") from None

    def __setattr__(self, name, value):
        raise AttributeError("Field objects are immutable: make a new one, e.g. Field(**{**field.params, 'octaves': 8})")

    def _key(self):
        # The field, not the spelling: a seed as its 64-bit pattern, and an unset seed as 0 where
        # the field takes it so (the mix hash, the simplex and cellular families).
        p = dict(self._params)
        if p["pattern_strength"] is None:
            p["pattern_strength"] = _native.pattern_recipe_strength(PATTERNS.index(p["pattern"]))
        if p["seed"] is not None:
            p["seed"] = p["seed"] & ((1 << 64) - 1)
        elif p["hash"] == "mix" or _native.basis_family(BASES.index(p["basis"])) != 0:  # not a lattice basis
            p["seed"] = 0
        return tuple(sorted((k, v if not isinstance(v, float) else float(np.float32(v))) for k, v in p.items()))

    def __eq__(self, other):
        return isinstance(other, Field) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        items = [f"{k}={v!r}" for k, v in self._params.items() if v != _DEFAULTS[k] and not (k == "period" and v == (0, 0, 0, 0))]
        return f"Field({', '.join(items)})"

    def __reduce__(self):
        return (_field_from_params, (self.params,))

    @property
    def permutation(self) -> np.ndarray:
        """The 256-entry permutation table (uint8) that hashes the lattice: Ken Perlin's with seed=None."""
        return np.frombuffer(self._core.permutation(), dtype=np.uint8).copy()

    # ---- the GPU (docs/gpu.md) ----
    def shader_source(self, dimensions: int = 3, name: str = "gn_field", gradient: bool = False) -> str:
        """GLSL 4.30 of this field: ``float name(vecN p)`` returns, on the GPU, the bits this field
        returns on the CPU; with ``gradient=True`` also ``float name_gradient(vecN p, out vecN d)``; and
        ``name_octaves(vecN q[K])`` for chunks (see :meth:`chunk_octave_coordinates`). Raises
        ValueError for a field the GPU form does not cover (4D cellular noise) or a gradient of a
        pattern."""
        return self._core.shader_source(int(dimensions), str(name), bool(gradient))

    def chunk_octave_coordinates(self, axis: int, first: int, count: int, spacing: float) -> np.ndarray:
        """Octave k's coordinate of chunk samples first .. first + count - 1 on ``axis`` (0, 1, 2) at
        ``spacing`` (docs/spec.md section 13, reduced exactly from the 64-bit sample numbers):
        float32 of shape (K, count), K = 1 or the fractal's octaves -- the ``q[k]`` that the shader's
        ``name_octaves`` takes, so the GPU computes the chunk fills' bits. The simplex bases' are
        float64 (section 13.4), for the shader's ``name_octaves(dvecN q[K])``."""
        return self._core.chunk_octave_coordinates(int(axis), int(first), int(count), float(spacing))

    # ---- points ----
    def _points(self, kind, coords, dtype, out, threads, progress, planes):
        f64 = _dtype(dtype)
        threads = _threads(threads)
        progress = _progress(progress)
        dims = len(coords)
        if f64:
            self._check_f64(dims, kind)
        edt = np.float64 if f64 else np.float32
        arrays, shape = _coordinates(coords, edt)
        full = shape if planes is None else (planes,) + shape
        result, given = _make_out(out, full, edt)
        target = result
        if given and any(np.may_share_memory(result, a) for a in arrays):
            target = np.empty(full, dtype=edt)  # the library's inputs and outputs may not overlap
        outs = [target] if planes is None else [target[i, ...] for i in range(planes)]
        self._call(self._core.evaluate, arrays, outs, kind, f64, threads, progress)
        if target is not result:
            result[...] = target
        return result[()] if result.ndim == 0 and not given else result

    def _call(self, fn, *args):
        try:
            fn(*args)
        except ValueError as e:
            raise ValueError(_translate(str(e))) from None

    def _check_f64(self, dims, kind):
        p = self._params
        if kind != "value":
            raise ValueError(f"dtype=float64: the binary64 path has values only, no {kind}s (use float32)")
        if dims not in (2, 3):
            raise ValueError(f"dtype=float64: the binary64 path is 2D and 3D (got {dims} coordinates)")
        bad = []
        if p["basis"] != "perlin":
            bad.append(f"basis={p['basis']!r}")
        if p["hash"] != "permutation":
            bad.append(f"hash={p['hash']!r}")
        if any(p["period"]):
            bad.append("a period")
        if p["warp"]:
            bad.append("a warp")
        if p["pattern"] != "none":
            bad.append(f"pattern={p['pattern']!r}")
        if bad:
            raise ValueError(
                "dtype=float64: the binary64 path covers basis='perlin' with hash='permutation' and no period, "
                f"warp or pattern (this field has {', '.join(bad)}); use dtype=numpy.float32"
            )

    def __call__(self, x, y, z=None, w=None, *, dtype=np.float32, out=None, threads=1, progress=None):
        """The field at points: ``field(x, y)``, ``field(x, y, z)`` or ``field(x, y, z, w)``.

        x, y, z, w : array_like
            Coordinates (numbers or arrays of any real dtype) whose shapes broadcast to one
            shape; the result has that shape. Non-contiguous and broadcast inputs are read in
            place (no copy of the whole array). Non-finite coordinates give +0.0.
        dtype : numpy.float32 (default) or numpy.float64
            float64 is the binary64 path (Ken Perlin's reference in double; 2D/3D, basis
            "perlin", hash "permutation", no period/warp/pattern, fractals allowed).
        out : numpy.ndarray, optional
            Where to write: the broadcast shape and dtype exactly; any strides.
        threads : int
            1 (default), 0 = every core, N = up to N threads. The bits never depend on it.
        progress : callable, optional
            progress(done, total) with sample counts; return False to stop (CancelledError).

        Returns a numpy array (a numpy scalar for scalar inputs).
        """
        coords = [c for c in (x, y, z, w) if c is not None]
        if z is None and w is not None:
            raise TypeError("w needs z: call field(x, y, z, w)")
        return self._points("value", coords, dtype, out, threads, progress, None)

    def gradient(self, x, y, z=None, w=None, *, out=None, threads=1, progress=None):
        """The value and its analytic gradient at points, as one array of shape (1 + dims, *shape).

        ``value, dx, dy = field.gradient(x, y)`` unpacks it (3D adds dz, 4D dz and dw). The value
        plane equals ``field(x, y)`` bit for bit; the partials are per coordinate unit. float32
        only. Every basis, fractal kind and warp has a gradient (damped fractals: lattice bases);
        patterns have none (ValueError). Arguments as for ``field(...)``.
        """
        coords = [c for c in (x, y, z, w) if c is not None]
        if z is None and w is not None:
            raise TypeError("w needs z: call field.gradient(x, y, z, w)")
        return self._points("gradient", coords, np.float32, out, threads, progress, len(coords) + 1)

    def curl(self, x, y, z=None, *, out=None, threads=1, progress=None):
        """Divergence-free curl noise at points, shape (dims, *shape): 2D (dpsi/dy, -dpsi/dx) of
        this field psi; 3D the curl of three decorrelated copies of it (spec 18.5). float32.
        """
        coords = [c for c in (x, y, z) if c is not None]
        return self._points("curl", coords, np.float32, out, threads, progress, len(coords))

    def reference(self, x, y, z=None, w=None, *, gradient=False, curl=False, dtype=np.float32):
        """One point through the scalar reference path (the executable spec, plain C++): a Python
        float, or a tuple (value, dx, dy, ...) with gradient=True, (vx, vy[, vz]) with curl=True.
        The array methods give the same bits; this one is for checking and for reading."""
        if z is None and w is not None:
            raise TypeError("w needs z: call field.reference(x, y, z, w)")
        if gradient and curl:
            raise ValueError("gradient=True and curl=True: ask for one of them")
        coords = [c for c in (x, y, z, w) if c is not None]
        f64 = _dtype(dtype)
        kind = "gradient" if gradient else "curl" if curl else "value"
        if f64:
            self._check_f64(len(coords), kind)
        if kind == "curl" and len(coords) == 4:
            raise ValueError("curl is 2D or 3D")
        vals = []
        for name, c in zip("xyzw", coords):
            if isinstance(c, bool) or not isinstance(c, (numbers.Real, np.floating, np.integer)):
                raise TypeError(f"{name} must be a real number (got {c!r})")
            with np.errstate(over="ignore"):
                vals.append(float(c) if f64 else float(np.float32(c)))
        r = self._core.reference(vals, kind, f64)
        return r[0] if kind == "value" else r

    # ---- grids and chunks ----
    def grid(self, shape, origin=0.0, step=1.0, *, dtype=np.float32, gradient=False, out=None, threads=1, progress=None):
        """The field on a regular grid, as a C-contiguous array of `shape`.

        shape : tuple
            (ny, nx), (nz, ny, nx) or (nw, nz, ny, nx): array order, each side at most 2^24.
        origin, step : number or sequence
            In coordinate order (x, y[, z[, w]]); one number applies to every axis. Element
            [j, i] is the field at (origin_x + i * step_x, origin_y + j * step_y), the products
            and sums rounded to float32 (float64 with dtype=numpy.float64) exactly as the C++
            fill_grid_2d defines them. Origins finite, steps finite and non-zero.
        gradient : bool
            True: an array of shape (1 + dims, *shape): value, d/dx, d/dy[, d/dz[, d/dw]].
        dtype, out, threads, progress : as for ``field(...)``. ``out`` may be a view whose rows
            are contiguous (e.g. a window of a larger image): it is written in place; other
            layouts are written through a temporary array.
        """
        shape = _shape(shape, (2, 3, 4))
        dims = len(shape)
        origin = _per_axis("origin", origin, dims, _real)
        step = _per_axis("step", step, dims, _real)
        f64 = _dtype(dtype)
        if f64 and gradient:
            raise ValueError("dtype=float64: the binary64 path has values only, no gradients (use float32)")
        prec = "binary64" if f64 else "float32"
        for i, o in enumerate(origin):
            if not np.isfinite(_rounded(o, f64)):
                raise ValueError(f"origin[{i}] ({'xyzw'[i]}) must be finite in {prec} (got {o})")
        for i, s in enumerate(step):
            r = _rounded(s, f64)
            if not np.isfinite(r) or r == 0.0:
                raise ValueError(f"step[{i}] ({'xyzw'[i]}) must be finite and non-zero in {prec} (got {s})")
        threads = _threads(threads)
        progress = _progress(progress)
        kind = "gradient" if gradient else "value"
        planes = dims + 1 if gradient else None
        if f64 or dims == 4:
            # Through the point path, with the grid's coordinates as broadcast axes: the same
            # formula origin + i * step, rounded in the evaluation's precision.
            edt = np.float64 if f64 else np.float32
            axes = []
            for a in range(dims):
                n = shape[dims - 1 - a]
                line = edt(origin[a]) + np.arange(n, dtype=edt) * edt(step[a])
                axes.append(line.reshape((n,) + (1,) * a))
            method = self.gradient if gradient else self
            if gradient:
                return method(*axes, out=out, threads=threads, progress=progress)
            return method(*axes, dtype=edt, out=out, threads=threads, progress=progress)
        return self._fill(False, shape, planes, out, origin, step, [0] * dims, 1.0, 0, kind, threads, progress)

    def _fill(self, chunk, shape, planes, out, origin, step, first, spacing, level, kind, threads, progress):
        """A float32 grid or chunk through the library's fills, in place where out allows."""
        full = shape if planes is None else (planes,) + shape
        result, _ = _make_out(out, full, np.float32)
        if result.size == 0:
            return result
        target = result if _grid_ready(result) else np.empty(full, dtype=np.float32)
        outs = [target] if planes is None else [target[i, ...] for i in range(planes)]
        self._call(self._core.fill, chunk, origin, step, first, spacing, level, outs, kind, threads, progress)
        if target is not result:
            result[...] = target
        return result

    def chunk(self, shape, first=0, spacing=1.0, *, level=0, gradient=False, out=None, threads=1, progress=None):
        """A chunk of an unbounded world: samples numbered by 64-bit integers, joined seamlessly.

        Sample (sx, sy) of the world lies at noise coordinates (sx * spacing, sy * spacing),
        reduced modulo the field's period exactly before rounding, so a chunk 60 million units
        out is as smooth as one at the origin and chunks of one world (the same spacing) agree
        wherever they overlap, however the world is cut.

        shape : (ny, nx) or (nz, ny, nx), array order.
        first : int or sequence
            The sample numbers of element [0, 0] in coordinate order (sx, sy[, sz]), each in
            -2**63 .. 2**63-1.
        spacing : float
            Noise units between samples: finite, > 0.
        level : int
            The level of detail, 0..62: samples ``spacing * 2**level`` apart (sample s of level L
            lies where sample ``s * 2**L`` of level 0 does), and a band-limited field
            (``footprint``) band-limited for that spacing: the chunks of a LOD pyramid.
        gradient : bool
            True: shape (1 + dims, *shape), the partials per noise unit.
        out, threads, progress : as for ``grid``.

        Warps and patterns depend on absolute coordinates and are refused (ValueError).
        """
        shape = _shape(shape, (2, 3))
        dims = len(shape)
        first = _per_axis("first", first, dims, lambda n, v: _integer(n, v, -(1 << 63), (1 << 63) - 1))
        spacing = _real("spacing", spacing)
        s32 = _rounded(spacing, False)
        if not np.isfinite(s32) or s32 <= 0.0:
            raise ValueError(f"spacing must be finite and > 0 in float32 (got {spacing})")
        level = _integer("level", level, 0, 62)
        threads = _threads(threads)
        progress = _progress(progress)
        planes = dims + 1 if gradient else None
        return self._fill(True, shape, planes, out, [0.0] * dims, [1.0] * dims, first, spacing, level,
                          "gradient" if gradient else "value", threads, progress)


# Field's keywords in help(), and the Parameters section of its docstring, from the table.
_PYTHON_NOTES = {
    "seed": "None: Ken Perlin's own permutation (his reference values). An integer in -2**63 .. 2**64-1 "
            "shuffles a table (and keys the mix hash, the simplex and cellular families); a negative seed is "
            "its 64-bit two's complement, as K.jpg's ``long`` seeds.",
    "pattern_strength": "None: the pattern's recipe strength.",
}


def _parameters_doc():
    import textwrap
    out = []
    for name, default in _DEFAULTS.items():
        if name in _AXES:
            axes = _AXES[name]
            p = _FIELD_SCHEMA[axes[0]]
            kind = f"int or sequence of up to {len(axes)} ints"
            text = (f"the lattice {name} per axis ({', '.join(a[len(name) + 1:] for a in axes)}), or one integer for "
                    f"every axis: each {p['allowed']}. The field repeats every {name} / frequency units; fractals then "
                    "need a power-of-two lacunarity. Not for the simplex bases.")
        else:
            p = _FIELD_SCHEMA[name]
            kind = {"choice": "str", "integer": "int", "number": "float", "seed": "int or None"}[p["kind"]]
            if p["kind"] == "choice":
                choices = "; ".join(f'"{c}": {h}' for c, h in zip(p["choices"], p["choice_help"]))
                text = f"{p['help']} (default \"{default}\"): {choices}."
            elif p["kind"] == "seed":
                text = f"{p['help']}."
            else:
                text = f"{p['help']}: {p['expects']}" + ("" if default is None else f" (default {default!r})") + "."
            if name == "pattern_strength" and default is None:
                kind = "float or None"
            if p.get("needs"):
                text += f" Only with {p['needs']}."
        if name in _PYTHON_NOTES:
            text += " " + _PYTHON_NOTES[name]
        out.append(f"{name} : {kind}")
        out += textwrap.wrap(text, 92, initial_indent="    ", subsequent_indent="    ")
    return "\n    ".join(out)


def _field_signature():
    import inspect
    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
              inspect.Parameter("basis", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=_DEFAULTS["basis"])]
    params += [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=0 if name in _AXES else default)
               for name, default in _DEFAULTS.items() if name != "basis"]
    return inspect.Signature(params)


Field.__doc__ = Field.__doc__.replace("{parameters}", _parameters_doc())
Field.__init__.__signature__ = _field_signature()


def _field_from_params(params):
    return Field(**params)


# ---- instruction sets ----
def active_isa() -> str:
    """The instruction set every evaluation uses now: "scalar", "sse2", "avx2", "avx512", "neon" or "simd128".
    Every ISA gives the same bits; only the speed differs."""
    return _native.active_isa()


def best_isa() -> str:
    """The best instruction set this CPU and build support (ignoring any override)."""
    return _native.best_isa()


def supported_isas() -> list:
    """The instruction sets this CPU and build can run, slowest first (scalar is always there)."""
    return [i for i in ISAS if _native.isa_supported(i)]


def force_isa(isa: str) -> None:
    """Forces an instruction set for every later evaluation in this process ("auto" returns to
    the automatic choice). ValueError for an unknown name or one this CPU lacks. The environment
    variable GRADNOISE_ISA, read at first use, does the same from outside."""
    if not isinstance(isa, str):
        raise TypeError(f"isa must be a string, one of auto, {', '.join(ISAS)} (got {isa!r})")
    if isa == "auto":
        _native.reset_isa()
        return
    if isa not in ISAS:
        raise ValueError(f"isa must be one of auto, {', '.join(ISAS)} (got {isa!r})")
    _native.force_isa(isa)


def reset_isa() -> None:
    """Returns to the automatic choice (best_isa()), ignoring GRADNOISE_ISA."""
    _native.reset_isa()


from . import graph  # noqa: E402  (composable fields: gradnoise.graph's node functions)
from .graph import Graph  # noqa: E402
