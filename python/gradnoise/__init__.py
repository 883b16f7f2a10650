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

from . import _gradnoise as _native
from ._gradnoise import CancelledError

# The package is made of private modules, one concern each; their names stay importable from here
# (gradnoise.graph imports the argument checks from gradnoise).
from ._parameters import (  # noqa: F401  (the parameter table as Field's keywords)
    BASES, CELLULAR_DISTANCES, CELLULAR_OUTPUTS, FADES, FRACTALS, HASHES, ORIENTATIONS2, ORIENTATIONS3,
    ORIENTATIONS4, PATTERNS, _AXES, _CHOICES, _DEFAULTS, _FIELD_SCHEMA, _MESSAGE_NAMES, _PYTHON_NOTES,
    _SIMPLEX_FAMILY, _field_signature, _parameters_doc, _translate)
from ._arguments import (  # noqa: F401  (the argument checks)
    _choice, _coordinates, _dtype, _grid_ready, _integer, _make_out, _per_axis, _progress, _real, _rounded,
    _shape, _threads)
from ._field import Field, _field_from_params  # noqa: F401

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
ISAS = tuple(_native.isa_names())


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
