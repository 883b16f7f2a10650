// Written by gradnoise_generate_bindings (bindings/generate_bindings.c) from the library's parameter table
// (scripts/generate_bindings.sh). Do not edit: a new parameter or name arrives here by itself.

/** the noise family (parameter `basis`). */
export type Basis = 'perlin' | 'classic' | 'value' | 'isotropic' | 'opensimplex2' | 'opensimplex2s' | 'cellular';

/** the lattice bases' fade curve (parameter `fade`). */
export type Fade = 'quintic' | 'cubic';

/** how a lattice corner or simplex vertex picks its gradient (parameter `hash`). */
export type Hash = 'permutation' | 'mix';

/** the field's own sum of octaves (parameter `fractal`). */
export type Fractal = 'none' | 'fbm' | 'turbulence' | 'ridged' | 'billow' | 'damped';

/** a pattern over the field, in [0, 1] (parameter `pattern`). */
export type Pattern = 'none' | 'marble' | 'wood';

/** the 2D simplex lattice's orientation (parameter `orientation2`). */
export type Orientation2 = 'standard' | 'improve_x' | 'fallback';

/** the 3D simplex lattice's orientation (parameter `orientation3`). */
export type Orientation3 = 'improve_xy' | 'improve_xz' | 'fallback';

/** the 4D simplex lattice's orientation (parameter `orientation4`). */
export type Orientation4 = 'improve_xyz_improve_xy' | 'improve_xyz_improve_xz' | 'improve_xyz' | 'improve_xy_improve_zw' | 'fallback';

/** the cellular distance metric (parameter `cellular_distance`). */
export type CellularDistance = 'euclidean' | 'euclidean_squared' | 'manhattan' | 'chebyshev';

/** what cellular noise returns (parameter `cellular_output`). */
export type CellularOutput = 'f1' | 'f2' | 'f2_minus_f1' | 'cell_value' | 'cell_id' | 'feature_x' | 'feature_y' | 'feature_z' | 'edge';

/** A field's parameters (docs/graph-reference.md): each one left out keeps the library's default. Numbers may
 * also be given as the text the library reads ("0.25"); `period` is one number for every axis or a list. */
export interface FieldParameters {
  /** the noise family: one of perlin, classic, value, isotropic, opensimplex2, opensimplex2s or cellular (default perlin). */
  basis?: Basis;
  /** the seed of the permutation, mixing key or simplex hash: 'reference' (Ken Perlin's own permutation) or a 64-bit integer (decimal, negative decimal or 0x hex) (default reference). */
  seed?: number | bigint | string | null;
  /** the lattice bases' fade curve: one of quintic or cubic (default quintic). */
  fade?: Fade;
  /** how a lattice corner or simplex vertex picks its gradient: one of permutation or mix (default permutation). */
  hash?: Hash;
  /** the field's own sum of octaves: one of none, fbm, turbulence, ridged, billow or damped (default none). */
  fractal?: Fractal;
  /** octaves of the fractal: an integer in 1..32 (default 6). */
  octaves?: number | string;
  /** the first octave's frequency: a number, finite and > 0 (default 1). */
  frequency?: number | string;
  /** the frequency ratio between octaves: a number, finite and > 0 (default 2). */
  lacunarity?: number | string;
  /** the amplitude ratio between octaves: a number in (0, 8] (default 0.5). */
  persistence?: number | string;
  /** the band limit: the distance between the samples the field will be taken at; finer octaves fade to their mean (0: none): a number, finite and >= 0 (default 0). */
  footprint?: number | string;
  /** levels of domain warping (2: a warp of the warp): one of 0, 1 or 2 (default 0). */
  warp?: number | string;
  /** the warp's displacement scale: a finite number (default 1). */
  warp_strength?: number | string;
  /** the displacement field's frequency: a number, finite and > 0 (default 1). */
  warp_frequency?: number | string;
  /** a pattern over the field, in [0, 1]: one of none, marble or wood (default none). */
  pattern?: Pattern;
  /** marble: radians per unit x; wood: rings per unit: a number, finite and > 0 (default 1). */
  pattern_frequency?: number | string;
  /** how much the field bends the pattern: a finite number (default 4). */
  pattern_strength?: number | string;
  /** the 2D simplex lattice's orientation: one of standard, improve_x or fallback (default standard). */
  orientation2?: Orientation2;
  /** the 3D simplex lattice's orientation: one of improve_xy, improve_xz or fallback (default improve_xy). */
  orientation3?: Orientation3;
  /** the 4D simplex lattice's orientation: one of improve_xyz_improve_xy, improve_xyz_improve_xz, improve_xyz, improve_xy_improve_zw or fallback (default improve_xyz_improve_xy). */
  orientation4?: Orientation4;
  /** the cellular distance metric: one of euclidean, euclidean_squared, manhattan or chebyshev (default euclidean). */
  cellular_distance?: CellularDistance;
  /** what cellular noise returns: one of f1, f2, f2_minus_f1, cell_value, cell_id, feature_x, feature_y, feature_z or edge (default f1). */
  cellular_output?: CellularOutput;
  /** the feature points' irregularity (0: a regular grid): a number in [0, 1] (default 1). */
  jitter?: number | string;
  /** octaves of the erosion filter's gullies (0: off): an integer in 0..8 (default 0). */
  erosion?: number | string;
  /** the largest gullies' depth, relative to their width: a number in (0, 16] (default 0.15). */
  erosion_strength?: number | string;
  /** the largest gullies' cell, as a fraction of the field's first cell (with a period: a power of two): a number in [0.00390625, 1] (default 0.125). */
  erosion_scale?: number | string;
  /** the depth ratio from one gully octave to the next: a number in (0, 1] (default 0.5). */
  erosion_detail?: number | string;
  /** how round the ridges between gullies are: a number in [0, 1] (default 0.1). */
  erosion_ridge_rounding?: number | string;
  /** how round the gullies' floors are: a number in [0, 1] (default 0). */
  erosion_crease_rounding?: number | string;
  /** The lattice period: one number for every axis, or a list (x, y, z, w). */
  period?: number | number[];
}
