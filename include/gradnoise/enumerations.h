/* gradnoise — every enumeration of a field's description, declared once.
 *
 * Each list is X(name, NAME, family, "one line of help"), one entry per value, in value order
 * (0, 1, ...). From these lists come the C++ enums (noise.hpp) and their *_name functions, the C
 * API's constants (gradnoise.h: GRADNOISE_<LIST>_<NAME>) and its setters' checks, the parameter
 * table (parameters.hpp) -- and through it Noise::validate's messages, the graph format, the
 * command-line options and their help, the --config keys, Python's keywords and stubs, and
 * docs/graph-reference.md. `family` is used by the bases only (lattice, simplex or cellular: which
 * options apply, spec sections 10, 15-17); the other lists leave it empty.
 *
 * Values are ABI and names are file formats (graph files and --config files name values by
 * name): append, never reorder or rename. Plain preprocessor text, so C includes it too. */
#ifndef GRADNOISE_ENUMERATIONS_H
#define GRADNOISE_ENUMERATIONS_H

/* docs/spec.md sections 10, 15, 16, 17. */
#define GRADNOISE_BASES(X)                                                                                        \
    X(perlin, PERLIN, lattice, "Perlin 2002: 12 cube-edge gradients (2D/3D), 32 in 4D")            \
    X(classic, CLASSIC, lattice, "256 random unit gradients from the seed (Perlin 1985): rounder features")    \
    X(value, VALUE, lattice, "value noise: a random value in [-1, 1) per corner, eased: blurrier, blockier")      \
    X(isotropic, ISOTROPIC, lattice, "2D: 16 evenly spread gradients, no streaks; 3D/4D: the perlin basis")     \
    X(opensimplex2, OPENSIMPLEX2, simplex, "K.jpg's OpenSimplex2 (fast), 2D/3D/4D; seed = his 64-bit long")      \
    X(opensimplex2s, OPENSIMPLEX2S, simplex, "K.jpg's OpenSimplex2S (smooth, SuperSimplex): larger kernels")     \
    X(cellular, CELLULAR, cellular, "Worley noise, 2D/3D: distances to the nearest feature points")

/* docs/spec.md section 4. */
#define GRADNOISE_FADES(X)                                                                                        \
    X(quintic, QUINTIC, , "6t^5 - 15t^4 + 10t^3 (Perlin 2002): a continuous second derivative")      \
    X(cubic, CUBIC, , "3t^2 - 2t^3 (Perlin 1985): creases where the second derivative jumps")

/* docs/spec.md sections 3 and 16.7. */
#define GRADNOISE_HASHES(X)                                                                                       \
    X(permutation, PERMUTATION, ,                                                                                 \
      "the reference: Perlin's permutation chain (K.jpg's 64-bit hash and binary64 skew for the simplex families)") \
    X(mix, MIX, ,                                                                                                 \
      "integer mixing keyed by the seed: no tables (simplex: float32, 32-bit hashes, about 2x faster)")

/* docs/spec.md sections 8 and 18.3. */
#define GRADNOISE_FRACTALS(X)                                                                                     \
    X(none, NONE, , "the basis itself")                                                                           \
    X(fbm, FBM, , "fractional Brownian motion: sum a_k n_k")                                                      \
    X(turbulence, TURBULENCE, , "sum a_k |n_k| (Perlin 1985), in [0, 1.045]")                                     \
    X(ridged, RIDGED, , "Musgrave's ridged multifractal, in [0, 1]")                                              \
    X(billow, BILLOW, , "sum a_k (2 |n_k| - 1), in [-1, 1.09]")                                                   \
    X(damped, DAMPED, , "Quilez's slope-damped fBm: steep slopes damp finer octaves (eroded terrain)")

/* docs/spec.md section 12. */
#define GRADNOISE_PATTERNS(X)                                                                                     \
    X(none, NONE, , "the field itself")                                                                           \
    X(marble, MARBLE, , "0.5 + 0.5 sin(x f + s field): veins (Perlin 1985)")                                      \
    X(wood, WOOD, , "rings: frac(sqrt(x^2 + y^2) f + s field)")

/* docs/spec.md section 16: K.jpg's noise2 / noise2_ImproveX, noise3_*, noise4_* functions. */
#define GRADNOISE_ORIENTATIONS2(X)                                                                                \
    X(standard, STANDARD, , "the standard lattice")                                                 \
    X(improve_x, IMPROVE_X, , "better along x")                                                                  \
    X(fallback, FALLBACK, , "the z = 0 slice of the 3D fallback lattice: the one that tiles")
#define GRADNOISE_ORIENTATIONS3(X)                                                                                \
    X(improve_xy, IMPROVE_XY, , "z up, or time: good xy slices")                                    \
    X(improve_xz, IMPROVE_XZ, , "y up: good xz slices")                                                           \
    X(fallback, FALLBACK, , "no preferred axis")
#define GRADNOISE_ORIENTATIONS4(X)                                                                                \
    X(improve_xyz_improve_xy, IMPROVE_XYZ_IMPROVE_XY, , "good xyz and xy slices")                   \
    X(improve_xyz_improve_xz, IMPROVE_XYZ_IMPROVE_XZ, , "good xyz and xz slices")                                 \
    X(improve_xyz, IMPROVE_XYZ, , "good xyz slices")                                                              \
    X(improve_xy_improve_zw, IMPROVE_XY_IMPROVE_ZW, , "good xy and zw planes: noise(x, y, sin t, cos t) loops")    \
    X(fallback, FALLBACK, , "no preferred axis")

/* docs/spec.md section 17. */
#define GRADNOISE_CELLULAR_DISTANCES(X)                                                                           \
    X(euclidean, EUCLIDEAN, , "straight-line distance")                                             \
    X(euclidean_squared, EUCLIDEAN_SQUARED, , "its square: no square root")                                       \
    X(manhattan, MANHATTAN, , "the sum of the axes' distances: diamond cells")                                    \
    X(chebyshev, CHEBYSHEV, , "the largest axis distance: square cells")
#define GRADNOISE_CELLULAR_OUTPUTS(X)                                                                             \
    X(f1, F1, , "the distance to the nearest feature point")                                        \
    X(f2, F2, , "to the second nearest")                                                                          \
    X(f2_minus_f1, F2_MINUS_F1, , "their difference: cell borders")                                               \
    X(cell_value, CELL_VALUE, , "the nearest point's cell's random value in [-1, 1): flat cells")              \
    X(cell_id, CELL_ID, , "the nearest point's cell as an integer, X + 256 Y + 65536 Z: per-cell ids")            \
    X(feature_x, FEATURE_X, , "the nearest feature point's x coordinate: where to place the cell's object")        \
    X(feature_y, FEATURE_Y, , "its y coordinate")                                                                 \
    X(feature_z, FEATURE_Z, , "its z coordinate (3D; +0 in 2D)")                                                  \
    X(edge, EDGE, , "the distance to the nearest cell edge (Euclidean): borders of constant width")

#endif
