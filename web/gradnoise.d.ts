// Types of the JavaScript API (web/gradnoise.js; docs/web.md). The parameters' names and choices are
// generated from the library's table (parameters.d.ts).
import { FieldParameters } from './parameters';
export * from './parameters';

export class GradnoiseError extends Error {}

/** A 2D grid: sample (i, j) at (x + i * stepX, y + j * stepY), row-major. */
export interface Grid2dSpec { x?: number; y?: number; step?: number; stepX?: number; stepY?: number; width: number; height: number; }
/** A 3D grid, x fastest. */
export interface Grid3dSpec extends Grid2dSpec { z?: number; stepZ?: number; depth: number; }
/** A chunk of an unbounded world: world sample (sx, sy[, sz]) at (sx, sy[, sz]) * spacing, reduced exactly;
 * x, y, z are the first sample's numbers (BigInts beyond 2^53); depth makes it 3D. */
export interface ChunkSpec {
  x?: number | bigint; y?: number | bigint; z?: number | bigint;
  width: number; height: number; depth?: number; spacing?: number; level?: number;
}
type Coordinates = ArrayLike<number>;

/** What fields and graphs share. Call dispose() when done: the module's memory is not garbage-collected. */
export interface Sampler {
  grid2d(spec: Grid2dSpec, into?: Float32Array): Float32Array;
  points(xs: Coordinates, ys: Coordinates, zs?: Coordinates, ws?: Coordinates): Float32Array;
  /** [values, d/dx, d/dy(, d/dz(, d/dw))]: analytic gradients (a pattern has none: throws). */
  gradient(xs: Coordinates, ys: Coordinates, zs?: Coordinates, ws?: Coordinates): Float32Array[];
  dispose(): void;
}

export interface Field extends Sampler {
  /** One parameter by name (its value as a number, a name or the library's text). */
  set(name: string, value: number | bigint | string | null): void;
  /** Every parameter's value, as the text the library reads back to it. */
  parameters(): Record<string, string>;
  grid3d(spec: Grid3dSpec, into?: Float32Array): Float32Array;
  chunk(spec: ChunkSpec, into?: Float32Array): Float32Array;
  /** Binary64 (Ken Perlin's reference in double): a perlin basis, the permutation hash, no period, warp or pattern. */
  pointsF64(xs: ArrayLike<number>, ys: ArrayLike<number>, zs?: ArrayLike<number>): Float64Array;
  /** The values coloured as `gradnoise bake <preset>` colours them: RGBA bytes, 4 per value. */
  colour(values: Float32Array, preset: string, ramp?: string): Uint8ClampedArray;
}

export interface Graph extends Sampler {
  readonly dimensions: number;
}

export interface ParameterDescription {
  name: string; kind: string; choices?: string[]; default: unknown; allowed: string; help: string;
  [key: string]: unknown;
}

export interface Preset { name: string; scale: number; originX: number; originY: number; colour: boolean; ramp: string; summary: string; shaded: boolean; }

export interface Library {
  /** Which module was loaded. */
  readonly module: 'simd128' | 'scalar';
  readonly version: string;
  /** The kernels calls run: 'simd128' or 'scalar'. */
  readonly isa: string;
  readonly parameterNames: string[];
  readonly parameters: Record<string, ParameterDescription>;
  readonly presets: Preset[];
  field(params?: FieldParameters): Field;
  /** A bake preset's field (`gradnoise bake terrain`), with `params` changed. */
  preset(name: string, params?: FieldParameters): Field;
  /** A graph file (docs/graphs.md): its JSON text or the parsed object. */
  graph(json: string | object): Graph;
}

export interface LoadOptions { module?: 'simd128' | 'scalar'; base?: string; }
/** Loads the library: the SIMD module where the engine has WebAssembly SIMD, else the scalar one. */
export function load(options?: LoadOptions): Promise<Library>;
export function simdSupported(): boolean;
