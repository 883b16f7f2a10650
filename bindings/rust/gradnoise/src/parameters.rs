// Written by gradnoise_generate_bindings (bindings/generate_bindings.c) from the library's parameter table
// (scripts/generate_bindings.sh). Do not edit: a new parameter or name arrives here by itself.

/// the noise family (parameter `basis`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Basis {
    /// Perlin 2002: 12 cube-edge gradients (2D/3D), 32 in 4D
    Perlin = 0,
    /// 256 random unit gradients from the seed (Perlin 1985): rounder features
    Classic = 1,
    /// value noise: a random value in [-1, 1) per corner, eased: blurrier, blockier
    Value = 2,
    /// 2D: 16 evenly spread gradients, no streaks; 3D/4D: the perlin basis
    Isotropic = 3,
    /// K.jpg's OpenSimplex2 (fast), 2D/3D/4D; seed = his 64-bit long
    Opensimplex2 = 4,
    /// K.jpg's OpenSimplex2S (smooth, SuperSimplex): larger kernels
    Opensimplex2s = 5,
    /// Worley noise, 2D/3D: distances to the nearest feature points
    Cellular = 6,
}

impl Basis {
    /// Every value, in the library's order.
    pub const ALL: [Basis; 7] = [Basis::Perlin, Basis::Classic, Basis::Value, Basis::Isotropic, Basis::Opensimplex2, Basis::Opensimplex2s, Basis::Cellular];
    /// The name the library reads and writes.
    pub fn name(self) -> &'static str {
        match self {
            Basis::Perlin => "perlin",
            Basis::Classic => "classic",
            Basis::Value => "value",
            Basis::Isotropic => "isotropic",
            Basis::Opensimplex2 => "opensimplex2",
            Basis::Opensimplex2s => "opensimplex2s",
            Basis::Cellular => "cellular",
        }
    }
}

/// the lattice bases' fade curve (parameter `fade`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fade {
    /// 6t^5 - 15t^4 + 10t^3 (Perlin 2002): a continuous second derivative
    Quintic = 0,
    /// 3t^2 - 2t^3 (Perlin 1985): creases where the second derivative jumps
    Cubic = 1,
}

impl Fade {
    /// Every value, in the library's order.
    pub const ALL: [Fade; 2] = [Fade::Quintic, Fade::Cubic];
    /// The name the library reads and writes.
    pub fn name(self) -> &'static str {
        match self {
            Fade::Quintic => "quintic",
            Fade::Cubic => "cubic",
        }
    }
}

/// how a lattice corner or simplex vertex picks its gradient (parameter `hash`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hash {
    /// the reference: Perlin's permutation chain (K.jpg's 64-bit hash and binary64 skew for the simplex families)
    Permutation = 0,
    /// integer mixing keyed by the seed: no tables (simplex: float32, 32-bit hashes, about 2x faster)
    Mix = 1,
}

impl Hash {
    /// Every value, in the library's order.
    pub const ALL: [Hash; 2] = [Hash::Permutation, Hash::Mix];
    /// The name the library reads and writes.
    pub fn name(self) -> &'static str {
        match self {
            Hash::Permutation => "permutation",
            Hash::Mix => "mix",
        }
    }
}

/// the field's own sum of octaves (parameter `fractal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fractal {
    /// the basis itself
    None = 0,
    /// fractional Brownian motion: sum a_k n_k
    Fbm = 1,
    /// sum a_k |n_k| (Perlin 1985), in [0, 1.045]
    Turbulence = 2,
    /// Musgrave's ridged multifractal, in [0, 1]
    Ridged = 3,
    /// sum a_k (2 |n_k| - 1), in [-1, 1.09]
    Billow = 4,
    /// Quilez's slope-damped fBm: steep slopes damp finer octaves (eroded terrain)
    Damped = 5,
}

impl Fractal {
    /// Every value, in the library's order.
    pub const ALL: [Fractal; 6] = [Fractal::None, Fractal::Fbm, Fractal::Turbulence, Fractal::Ridged, Fractal::Billow, Fractal::Damped];
    /// The name the library reads and writes.
    pub fn name(self) -> &'static str {
        match self {
            Fractal::None => "none",
            Fractal::Fbm => "fbm",
            Fractal::Turbulence => "turbulence",
            Fractal::Ridged => "ridged",
            Fractal::Billow => "billow",
            Fractal::Damped => "damped",
        }
    }
}

/// a pattern over the field, in [0, 1] (parameter `pattern`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// the field itself
    None = 0,
    /// 0.5 + 0.5 sin(x f + s field): veins (Perlin 1985)
    Marble = 1,
    /// rings: frac(sqrt(x^2 + y^2) f + s field)
    Wood = 2,
}

impl Pattern {
    /// Every value, in the library's order.
    pub const ALL: [Pattern; 3] = [Pattern::None, Pattern::Marble, Pattern::Wood];
    /// The name the library reads and writes.
    pub fn name(self) -> &'static str {
        match self {
            Pattern::None => "none",
            Pattern::Marble => "marble",
            Pattern::Wood => "wood",
        }
    }
}

/// the 2D simplex lattice's orientation (parameter `orientation2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation2 {
    /// the standard lattice
    Standard = 0,
    /// better along x
    ImproveX = 1,
    /// the z = 0 slice of the 3D fallback lattice: the one that tiles
    Fallback = 2,
}

impl Orientation2 {
    /// Every value, in the library's order.
    pub const ALL: [Orientation2; 3] = [Orientation2::Standard, Orientation2::ImproveX, Orientation2::Fallback];
    /// The name the library reads and writes.
    pub fn name(self) -> &'static str {
        match self {
            Orientation2::Standard => "standard",
            Orientation2::ImproveX => "improve_x",
            Orientation2::Fallback => "fallback",
        }
    }
}

/// the 3D simplex lattice's orientation (parameter `orientation3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation3 {
    /// z up, or time: good xy slices
    ImproveXy = 0,
    /// y up: good xz slices
    ImproveXz = 1,
    /// no preferred axis
    Fallback = 2,
}

impl Orientation3 {
    /// Every value, in the library's order.
    pub const ALL: [Orientation3; 3] = [Orientation3::ImproveXy, Orientation3::ImproveXz, Orientation3::Fallback];
    /// The name the library reads and writes.
    pub fn name(self) -> &'static str {
        match self {
            Orientation3::ImproveXy => "improve_xy",
            Orientation3::ImproveXz => "improve_xz",
            Orientation3::Fallback => "fallback",
        }
    }
}

/// the 4D simplex lattice's orientation (parameter `orientation4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation4 {
    /// good xyz and xy slices
    ImproveXyzImproveXy = 0,
    /// good xyz and xz slices
    ImproveXyzImproveXz = 1,
    /// good xyz slices
    ImproveXyz = 2,
    /// good xy and zw planes: noise(x, y, sin t, cos t) loops
    ImproveXyImproveZw = 3,
    /// no preferred axis
    Fallback = 4,
}

impl Orientation4 {
    /// Every value, in the library's order.
    pub const ALL: [Orientation4; 5] = [Orientation4::ImproveXyzImproveXy, Orientation4::ImproveXyzImproveXz, Orientation4::ImproveXyz, Orientation4::ImproveXyImproveZw, Orientation4::Fallback];
    /// The name the library reads and writes.
    pub fn name(self) -> &'static str {
        match self {
            Orientation4::ImproveXyzImproveXy => "improve_xyz_improve_xy",
            Orientation4::ImproveXyzImproveXz => "improve_xyz_improve_xz",
            Orientation4::ImproveXyz => "improve_xyz",
            Orientation4::ImproveXyImproveZw => "improve_xy_improve_zw",
            Orientation4::Fallback => "fallback",
        }
    }
}

/// the cellular distance metric (parameter `cellular_distance`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellularDistance {
    /// straight-line distance
    Euclidean = 0,
    /// its square: no square root
    EuclideanSquared = 1,
    /// the sum of the axes' distances: diamond cells
    Manhattan = 2,
    /// the largest axis distance: square cells
    Chebyshev = 3,
}

impl CellularDistance {
    /// Every value, in the library's order.
    pub const ALL: [CellularDistance; 4] = [CellularDistance::Euclidean, CellularDistance::EuclideanSquared, CellularDistance::Manhattan, CellularDistance::Chebyshev];
    /// The name the library reads and writes.
    pub fn name(self) -> &'static str {
        match self {
            CellularDistance::Euclidean => "euclidean",
            CellularDistance::EuclideanSquared => "euclidean_squared",
            CellularDistance::Manhattan => "manhattan",
            CellularDistance::Chebyshev => "chebyshev",
        }
    }
}

/// what cellular noise returns (parameter `cellular_output`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellularOutput {
    /// the distance to the nearest feature point
    F1 = 0,
    /// to the second nearest
    F2 = 1,
    /// their difference: cell borders
    F2MinusF1 = 2,
    /// the nearest point's cell's random value in [-1, 1): flat cells
    CellValue = 3,
    /// the nearest point's cell as an integer, X + 256 Y + 65536 Z: per-cell ids
    CellId = 4,
    /// the nearest feature point's x coordinate: where to place the cell's object
    FeatureX = 5,
    /// its y coordinate
    FeatureY = 6,
    /// its z coordinate (3D; +0 in 2D)
    FeatureZ = 7,
    /// the distance to the nearest cell edge (Euclidean): borders of constant width
    Edge = 8,
}

impl CellularOutput {
    /// Every value, in the library's order.
    pub const ALL: [CellularOutput; 9] = [CellularOutput::F1, CellularOutput::F2, CellularOutput::F2MinusF1, CellularOutput::CellValue, CellularOutput::CellId, CellularOutput::FeatureX, CellularOutput::FeatureY, CellularOutput::FeatureZ, CellularOutput::Edge];
    /// The name the library reads and writes.
    pub fn name(self) -> &'static str {
        match self {
            CellularOutput::F1 => "f1",
            CellularOutput::F2 => "f2",
            CellularOutput::F2MinusF1 => "f2_minus_f1",
            CellularOutput::CellValue => "cell_value",
            CellularOutput::CellId => "cell_id",
            CellularOutput::FeatureX => "feature_x",
            CellularOutput::FeatureY => "feature_y",
            CellularOutput::FeatureZ => "feature_z",
            CellularOutput::Edge => "edge",
        }
    }
}

/// A field's parameters (docs/graph-reference.md): each one left `None` keeps the library's default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FieldOptions {
    /// the noise family: one of perlin, classic, value, isotropic, opensimplex2, opensimplex2s or cellular (default perlin).
    pub basis: Option<Basis>,
    /// the seed of the permutation, mixing key or simplex hash: 'reference' (Ken Perlin's own permutation) or a 64-bit integer (decimal, negative decimal or 0x hex) (default reference).
    pub seed: Option<u64>,
    /// the lattice bases' fade curve: one of quintic or cubic (default quintic).
    pub fade: Option<Fade>,
    /// how a lattice corner or simplex vertex picks its gradient: one of permutation or mix (default permutation).
    pub hash: Option<Hash>,
    /// the field's own sum of octaves: one of none, fbm, turbulence, ridged, billow or damped (default none).
    pub fractal: Option<Fractal>,
    /// octaves of the fractal: an integer in 1..32 (default 6).
    pub octaves: Option<i32>,
    /// the first octave's frequency: a number, finite and > 0 (default 1).
    pub frequency: Option<f32>,
    /// the frequency ratio between octaves: a number, finite and > 0 (default 2).
    pub lacunarity: Option<f32>,
    /// the amplitude ratio between octaves: a number in (0, 8] (default 0.5).
    pub persistence: Option<f32>,
    /// the band limit: the distance between the samples the field will be taken at; finer octaves fade to their mean (0: none): a number, finite and >= 0 (default 0).
    pub footprint: Option<f32>,
    /// the lattice period along x: 0 (none), a power of two in 1..256 (the lattice bases, cellular) or three times one in 3..768 (the simplex families) (default 0).
    pub period_x: Option<i32>,
    /// the lattice period along y: 0 (none), a power of two in 1..256 (the lattice bases, cellular) or three times one in 3..768 (the simplex families) (default 0).
    pub period_y: Option<i32>,
    /// the lattice period along z: 0 (none), a power of two in 1..256 (the lattice bases, cellular) or three times one in 3..768 (the simplex families) (default 0).
    pub period_z: Option<i32>,
    /// the lattice period along w: 0 (none), a power of two in 1..256 (the lattice bases, cellular) or three times one in 3..768 (the simplex families) (default 0).
    pub period_w: Option<i32>,
    /// levels of domain warping (2: a warp of the warp): one of 0, 1 or 2 (default 0).
    pub warp: Option<i32>,
    /// the warp's displacement scale: a finite number (default 1).
    pub warp_strength: Option<f32>,
    /// the displacement field's frequency: a number, finite and > 0 (default 1).
    pub warp_frequency: Option<f32>,
    /// a pattern over the field, in [0, 1]: one of none, marble or wood (default none).
    pub pattern: Option<Pattern>,
    /// marble: radians per unit x; wood: rings per unit: a number, finite and > 0 (default 1).
    pub pattern_frequency: Option<f32>,
    /// how much the field bends the pattern: a finite number (default 4).
    pub pattern_strength: Option<f32>,
    /// the 2D simplex lattice's orientation: one of standard, improve_x or fallback (default standard).
    pub orientation2: Option<Orientation2>,
    /// the 3D simplex lattice's orientation: one of improve_xy, improve_xz or fallback (default improve_xy).
    pub orientation3: Option<Orientation3>,
    /// the 4D simplex lattice's orientation: one of improve_xyz_improve_xy, improve_xyz_improve_xz, improve_xyz, improve_xy_improve_zw or fallback (default improve_xyz_improve_xy).
    pub orientation4: Option<Orientation4>,
    /// the cellular distance metric: one of euclidean, euclidean_squared, manhattan or chebyshev (default euclidean).
    pub cellular_distance: Option<CellularDistance>,
    /// what cellular noise returns: one of f1, f2, f2_minus_f1, cell_value, cell_id, feature_x, feature_y, feature_z or edge (default f1).
    pub cellular_output: Option<CellularOutput>,
    /// the feature points' irregularity (0: a regular grid): a number in [0, 1] (default 1).
    pub jitter: Option<f32>,
    /// octaves of the erosion filter's gullies (0: off): an integer in 0..8 (default 0).
    pub erosion: Option<i32>,
    /// the largest gullies' depth, relative to their width: a number in (0, 16] (default 0.15).
    pub erosion_strength: Option<f32>,
    /// the largest gullies' cell, as a fraction of the field's first cell (with a period: a power of two): a number in [0.00390625, 1] (default 0.125).
    pub erosion_scale: Option<f32>,
    /// the depth ratio from one gully octave to the next: a number in (0, 1] (default 0.5).
    pub erosion_detail: Option<f32>,
    /// how round the ridges between gullies are: a number in [0, 1] (default 0.1).
    pub erosion_ridge_rounding: Option<f32>,
    /// how round the gullies' floors are: a number in [0, 1] (default 0).
    pub erosion_crease_rounding: Option<f32>,
}

impl FieldOptions {
    /// The (name, text) pairs of the parameters set, in the table's order.
    pub fn settings(&self) -> Vec<(&'static str, String)> {
        let mut s = Vec::new();
        if let Some(v) = self.basis {
            s.push(("basis", v.name().to_string()));
        }
        if let Some(v) = self.seed {
            s.push(("seed", v.to_string()));
        }
        if let Some(v) = self.fade {
            s.push(("fade", v.name().to_string()));
        }
        if let Some(v) = self.hash {
            s.push(("hash", v.name().to_string()));
        }
        if let Some(v) = self.fractal {
            s.push(("fractal", v.name().to_string()));
        }
        if let Some(v) = self.octaves {
            s.push(("octaves", v.to_string()));
        }
        if let Some(v) = self.frequency {
            s.push(("frequency", crate::float_text(v)));
        }
        if let Some(v) = self.lacunarity {
            s.push(("lacunarity", crate::float_text(v)));
        }
        if let Some(v) = self.persistence {
            s.push(("persistence", crate::float_text(v)));
        }
        if let Some(v) = self.footprint {
            s.push(("footprint", crate::float_text(v)));
        }
        if let Some(v) = self.period_x {
            s.push(("period_x", v.to_string()));
        }
        if let Some(v) = self.period_y {
            s.push(("period_y", v.to_string()));
        }
        if let Some(v) = self.period_z {
            s.push(("period_z", v.to_string()));
        }
        if let Some(v) = self.period_w {
            s.push(("period_w", v.to_string()));
        }
        if let Some(v) = self.warp {
            s.push(("warp", v.to_string()));
        }
        if let Some(v) = self.warp_strength {
            s.push(("warp_strength", crate::float_text(v)));
        }
        if let Some(v) = self.warp_frequency {
            s.push(("warp_frequency", crate::float_text(v)));
        }
        if let Some(v) = self.pattern {
            s.push(("pattern", v.name().to_string()));
        }
        if let Some(v) = self.pattern_frequency {
            s.push(("pattern_frequency", crate::float_text(v)));
        }
        if let Some(v) = self.pattern_strength {
            s.push(("pattern_strength", crate::float_text(v)));
        }
        if let Some(v) = self.orientation2 {
            s.push(("orientation2", v.name().to_string()));
        }
        if let Some(v) = self.orientation3 {
            s.push(("orientation3", v.name().to_string()));
        }
        if let Some(v) = self.orientation4 {
            s.push(("orientation4", v.name().to_string()));
        }
        if let Some(v) = self.cellular_distance {
            s.push(("cellular_distance", v.name().to_string()));
        }
        if let Some(v) = self.cellular_output {
            s.push(("cellular_output", v.name().to_string()));
        }
        if let Some(v) = self.jitter {
            s.push(("jitter", crate::float_text(v)));
        }
        if let Some(v) = self.erosion {
            s.push(("erosion", v.to_string()));
        }
        if let Some(v) = self.erosion_strength {
            s.push(("erosion_strength", crate::float_text(v)));
        }
        if let Some(v) = self.erosion_scale {
            s.push(("erosion_scale", crate::float_text(v)));
        }
        if let Some(v) = self.erosion_detail {
            s.push(("erosion_detail", crate::float_text(v)));
        }
        if let Some(v) = self.erosion_ridge_rounding {
            s.push(("erosion_ridge_rounding", crate::float_text(v)));
        }
        if let Some(v) = self.erosion_crease_rounding {
            s.push(("erosion_crease_rounding", crate::float_text(v)));
        }
        s
    }
}
