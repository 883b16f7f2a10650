"""gradnoise.Field: a noise field's parameters checked and named, its native Core made once, and
its evaluations -- points, gradients, curl, grids, chunks, the scalar reference, the GLSL form --
with arrays allocated or checked here and the samples moved by the native layer."""

from __future__ import annotations

import numbers

import numpy as np

from . import _gradnoise as _native
from ._arguments import (_choice, _coordinates, _dtype, _grid_ready, _integer, _make_out, _per_axis, _progress,
                         _real, _rounded, _shape, _threads)
from ._parameters import (_AXES, _DEFAULTS, _FIELD_SCHEMA, _SIMPLEX_FAMILY, BASES, PATTERNS, _field_signature,
                          _parameters_doc, _translate)


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

    def chunk_erosion_coordinates(self, first: int, count: int, spacing: float) -> np.ndarray:
        """With the erosion filter: gully octave k's cell coordinate of chunk samples first .. first +
        count - 1 (x and y alike) at ``spacing``, float32 of shape (M, count), M its octaves evaluated
        (docs/spec.md section 21.3) -- the ``e[k]`` that an eroded field's ``name_octaves(q, e)`` takes
        after the octaves' ``q``. Shape (0, count) without erosion."""
        return self._core.chunk_erosion_coordinates(int(first), int(count), float(spacing))

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
        _write_planes(result, target, planes,
                      lambda outs: self._call(self._core.evaluate, arrays, outs, kind, f64, threads, progress))
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
        coords = _coordinate_args("field", x, y, z, w)
        return self._points("value", coords, dtype, out, threads, progress, None)

    def gradient(self, x, y, z=None, w=None, *, out=None, threads=1, progress=None):
        """The value and its analytic gradient at points, as one array of shape (1 + dims, *shape).

        ``value, dx, dy = field.gradient(x, y)`` unpacks it (3D adds dz, 4D dz and dw). The value
        plane equals ``field(x, y)`` bit for bit; the partials are per coordinate unit. float32
        only. Every basis, fractal kind and warp has a gradient (damped fractals: lattice bases);
        patterns have none (ValueError). Arguments as for ``field(...)``.
        """
        coords = _coordinate_args("field.gradient", x, y, z, w)
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
        coords = _coordinate_args("field.reference", x, y, z, w)
        if gradient and curl:
            raise ValueError("gradient=True and curl=True: ask for one of them")
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
        _write_planes(result, target, planes, lambda outs: self._call(
            self._core.fill, chunk, origin, step, first, spacing, level, outs, kind, threads, progress))
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


def _coordinate_args(call, x, y, z, w):
    """The coordinates given (x, y[, z[, w]]); w without z is refused, naming the call."""
    if z is None and w is not None:
        raise TypeError(f"w needs z: call {call}(x, y, z, w)")
    return [c for c in (x, y, z, w) if c is not None]


def _write_planes(result, target, planes, write):
    """write(arrays) into target -- itself, or its `planes` planes -- then target copied into result
    where the two differ (target a temporary: an overlapping or not grid-ready out)."""
    write([target] if planes is None else [target[i, ...] for i in range(planes)])
    if target is not result:
        result[...] = target


Field.__doc__ = Field.__doc__.replace("{parameters}", _parameters_doc())
Field.__init__.__signature__ = _field_signature()


def _field_from_params(params):
    return Field(**params)


# Named as before this module existed: repr() and help() say gradnoise.Field, and a pickled field
# refers to gradnoise._field_from_params (both stay importable from gradnoise).
Field.__module__ = _field_from_params.__module__ = "gradnoise"
