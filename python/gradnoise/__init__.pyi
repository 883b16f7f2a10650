# Type stubs for gradnoise (the docstrings in __init__.py are the manual).
from typing import Any, Callable, Literal, Optional, Sequence, Tuple, Type, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str
library_version: str

# ---- generated from the parameter table by scripts/generate_graph_docs.py ----
Basis = Literal["perlin", "classic", "value", "isotropic", "opensimplex2", "opensimplex2s", "cellular"]
Fade = Literal["quintic", "cubic"]
Hash = Literal["permutation", "mix"]
Fractal = Literal["none", "fbm", "turbulence", "ridged", "billow", "damped"]
Pattern = Literal["none", "marble", "wood"]
Orientation2 = Literal["standard", "improve_x", "fallback"]
Orientation3 = Literal["improve_xy", "improve_xz", "fallback"]
Orientation4 = Literal["improve_xyz_improve_xy", "improve_xyz_improve_xz", "improve_xyz", "improve_xy_improve_zw", "fallback"]
CellularDistance = Literal["euclidean", "euclidean_squared", "manhattan", "chebyshev"]
CellularOutput = Literal["f1", "f2", "f2_minus_f1", "cell_value", "cell_id", "feature_x", "feature_y", "feature_z", "edge"]
# ---- end of the generated types ----
IsaName = Literal["scalar", "sse2", "avx2", "avx512", "neon", "simd128"]

BASES: Tuple[str, ...]
FRACTALS: Tuple[str, ...]
FADES: Tuple[str, ...]
HASHES: Tuple[str, ...]
PATTERNS: Tuple[str, ...]
CELLULAR_DISTANCES: Tuple[str, ...]
CELLULAR_OUTPUTS: Tuple[str, ...]
ORIENTATIONS2: Tuple[str, ...]
ORIENTATIONS3: Tuple[str, ...]
ORIENTATIONS4: Tuple[str, ...]
ISAS: Tuple[str, ...]

Coordinate = npt.ArrayLike
FloatDType = Union[Type[np.float32], Type[np.float64], np.dtype, str]
Progress = Optional[Callable[[int, int], Any]]
PerAxisFloat = Union[float, Sequence[float]]
PerAxisInt = Union[int, Sequence[int]]

class CancelledError(Exception): ...

class Field:
    # ---- generated from the parameter table by scripts/generate_graph_docs.py ----
    def __init__(
        self,
        basis: Basis = "perlin",
        *,
        seed: Optional[int] = None,
        fade: Fade = "quintic",
        hash: Hash = "permutation",
        fractal: Fractal = "none",
        octaves: int = 6,
        frequency: float = 1.0,
        lacunarity: float = 2.0,
        persistence: float = 0.5,
        footprint: float = 0.0,
        period: PerAxisInt = 0,
        warp: int = 0,
        warp_strength: float = 1.0,
        warp_frequency: float = 1.0,
        pattern: Pattern = "none",
        pattern_frequency: float = 1.0,
        pattern_strength: Optional[float] = None,
        orientation2: Orientation2 = "standard",
        orientation3: Orientation3 = "improve_xy",
        orientation4: Orientation4 = "improve_xyz_improve_xy",
        cellular_distance: CellularDistance = "euclidean",
        cellular_output: CellularOutput = "f1",
        jitter: float = 1.0,
        erosion: int = 0,
        erosion_strength: float = 0.15000000596046448,
        erosion_scale: float = 0.125,
        erosion_detail: float = 0.5,
        erosion_ridge_rounding: float = 0.10000000149011612,
        erosion_crease_rounding: float = 0.0,
    ) -> None: ...
    # The parameters, read-only.
    basis: str
    seed: Optional[int]
    fade: str
    hash: str
    fractal: str
    octaves: int
    frequency: float
    lacunarity: float
    persistence: float
    footprint: float
    period: Tuple[int, ...]
    warp: int
    warp_strength: float
    warp_frequency: float
    pattern: str
    pattern_frequency: float
    pattern_strength: Optional[float]
    orientation2: str
    orientation3: str
    orientation4: str
    cellular_distance: str
    cellular_output: str
    jitter: float
    erosion: int
    erosion_strength: float
    erosion_scale: float
    erosion_detail: float
    erosion_ridge_rounding: float
    erosion_crease_rounding: float
    # ---- end of the generated keywords ----
    @property
    def params(self) -> dict: ...
    @property
    def permutation(self) -> npt.NDArray[np.uint8]: ...
    def shader_source(self, dimensions: int = 3, name: str = "gn_field", gradient: bool = False) -> str: ...
    def chunk_octave_coordinates(self, axis: int, first: int, count: int, spacing: float) -> npt.NDArray[Any]: ...
    def __call__(
        self,
        x: Coordinate,
        y: Coordinate,
        z: Optional[Coordinate] = None,
        w: Optional[Coordinate] = None,
        *,
        dtype: FloatDType = np.float32,
        out: Optional[np.ndarray] = None,
        threads: int = 1,
        progress: Progress = None,
    ) -> Any: ...
    def gradient(
        self,
        x: Coordinate,
        y: Coordinate,
        z: Optional[Coordinate] = None,
        w: Optional[Coordinate] = None,
        *,
        out: Optional[np.ndarray] = None,
        threads: int = 1,
        progress: Progress = None,
    ) -> npt.NDArray[np.float32]: ...
    def curl(
        self,
        x: Coordinate,
        y: Coordinate,
        z: Optional[Coordinate] = None,
        *,
        out: Optional[np.ndarray] = None,
        threads: int = 1,
        progress: Progress = None,
    ) -> npt.NDArray[np.float32]: ...
    @overload
    def reference(
        self, x: float, y: float, z: Optional[float] = None, w: Optional[float] = None, *,
        gradient: Literal[False] = False, curl: Literal[False] = False, dtype: FloatDType = np.float32
    ) -> float: ...
    @overload
    def reference(
        self, x: float, y: float, z: Optional[float] = None, w: Optional[float] = None, *,
        gradient: bool = False, curl: bool = False, dtype: FloatDType = np.float32
    ) -> Union[float, Tuple[float, ...]]: ...
    def grid(
        self,
        shape: Sequence[int],
        origin: PerAxisFloat = 0.0,
        step: PerAxisFloat = 1.0,
        *,
        dtype: FloatDType = np.float32,
        gradient: bool = False,
        out: Optional[np.ndarray] = None,
        threads: int = 1,
        progress: Progress = None,
    ) -> np.ndarray: ...
    def chunk(
        self,
        shape: Sequence[int],
        first: PerAxisInt = 0,
        spacing: float = 1.0,
        *,
        level: int = 0,
        gradient: bool = False,
        out: Optional[np.ndarray] = None,
        threads: int = 1,
        progress: Progress = None,
    ) -> npt.NDArray[np.float32]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def active_isa() -> str: ...
def best_isa() -> str: ...
def supported_isas() -> list: ...
def force_isa(isa: Union[IsaName, Literal["auto"]]) -> None: ...
def reset_isa() -> None: ...

from . import graph as graph
from .graph import Graph as Graph
