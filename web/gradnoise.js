// gradnoise for JavaScript: the library compiled to WebAssembly, for browsers and Node.js (docs/web.md).
//
//   const gn = await gradnoise.load();            // the SIMD module where the engine has WebAssembly SIMD
//   const field = gn.field({ basis: 'perlin', fractal: 'fbm', octaves: 6, seed: 7 });
//   const values = field.grid2d({ width: 256, height: 256, step: 1 / 32 });   // a Float32Array
//   field.dispose();
//
// The parameters are the library's, under the names every binding uses (docs/graph-reference.md:
// `octaves`, `warp_strength`, ...; `period` one number for every axis or a list), checked by the library:
// a bad one throws a GradnoiseError whose message names it and its range. Every value is bit for bit
// what the C++, C, Python and command-line interfaces give on any CPU.
//
// A browser loads this file with a <script> tag (it defines `gradnoise`) and the module beside it;
// Node.js require()s it. No threads: a fill runs on the calling thread (in a page, use a Worker to
// keep it off the main thread).
(function (root, factory) {
  if (typeof module === 'object' && module.exports) {
    module.exports = factory();
  } else {
    root.gradnoise = factory();
  }
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // A WebAssembly module of one function returning a v128 (i32.const 0; i8x16.splat): valid only where
  // the engine has WebAssembly SIMD. (WebAssembly cannot ask at run time inside a module.)
  const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0,
    65, 0, 253, 15, 11]);

  function simdSupported() {
    try {
      return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
    } catch (e) {
      return false;
    }
  }

  const MODULES = {
    simd128: { file: 'gradnoise-simd128.js', factory: 'createGradnoiseSimd128' },
    scalar: { file: 'gradnoise-scalar.js', factory: 'createGradnoiseScalar' },
  };

  class GradnoiseError extends Error {
    constructor(message) {
      super(message);
      this.name = 'GradnoiseError';
    }
  }

  function loadScript(url, name) {
    return new Promise(function (resolve, reject) {
      if (typeof self[name] === 'function') return resolve(self[name]);
      if (typeof importScripts === 'function') {  // a Worker
        importScripts(url);
        return resolve(self[name]);
      }
      const script = document.createElement('script');
      script.src = url;
      script.onload = function () { resolve(self[name]); };
      script.onerror = function () { reject(new GradnoiseError('cannot load ' + url)); };
      document.head.appendChild(script);
    });
  }

  // The directory this file was loaded from (a browser's <script>), where the modules lie.
  const scriptBase = (function () {
    if (typeof document !== 'undefined' && document.currentScript && document.currentScript.src) {
      return document.currentScript.src.replace(/[^/]*$/, '');
    }
    return '';
  })();

  // Loads the library. options.module: 'simd128' or 'scalar' (default: simd128 where supported);
  // options.base: where the module files are (default: beside this file).
  async function load(options) {
    options = options || {};
    const which = options.module || (simdSupported() ? 'simd128' : 'scalar');
    const m = MODULES[which];
    if (!m) throw new GradnoiseError("module must be 'simd128' or 'scalar' (got '" + which + "')");
    if (which === 'simd128' && !simdSupported()) {
      throw new GradnoiseError('module simd128: this engine has no WebAssembly SIMD (load the scalar module)');
    }
    let create;
    if (typeof module === 'object' && module.exports && typeof require === 'function') {
      const path = require('path');
      create = require(path.resolve(options.base || __dirname, m.file));
    } else {
      create = await loadScript((options.base || scriptBase) + m.file, m.factory);
    }
    return new Library(await create(), which);
  }

  // Strings into and out of the module's memory.
  function withStrings(M, strings, body) {
    const pointers = strings.map(function (s) {
      const size = M.lengthBytesUTF8(s) + 1;
      const p = M._malloc(size);
      M.stringToUTF8(s, p, size);
      return p;
    });
    try {
      return body.apply(null, pointers);
    } finally {
      pointers.forEach(function (p) { M._free(p); });
    }
  }

  // A float parameter as the text the library reads back to the same float (binary32: what every
  // binding passes it; the double a caller gives is rounded to it first, as Python does).
  function parameterText(name, value) {
    if (typeof value === 'string') return value;
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'number') {
      if (name === 'seed') {
        if (!Number.isSafeInteger(value)) {
          throw new GradnoiseError('seed must be an integer in 0..2^64-1 (a BigInt or a string above 2^53; got ' +
                                   value + ')');
        }
        return String(value);
      }
      return String(Math.fround(value));
    }
    throw new GradnoiseError(name + ': expected a number or a string (got ' + typeof value + ')');
  }

  // Output buffers in the module's memory, reused between calls of one field or graph.
  class Scratch {
    constructor(M) {
      this.M = M;
      this.pointer = 0;
      this.bytes = 0;
    }
    floats(count) {
      const bytes = count * 4;
      if (bytes > this.bytes) {
        this.release();
        this.pointer = this.M._malloc(bytes);
        if (!this.pointer) throw new GradnoiseError('out of memory: ' + count + ' samples (' + bytes + ' bytes)');
        this.bytes = bytes;
      }
      return this.pointer;
    }
    release() {
      if (this.pointer) this.M._free(this.pointer);
      this.pointer = 0;
      this.bytes = 0;
    }
  }

  function gridSpec(spec, dimensions) {
    const axes = ['x', 'y', 'z'].slice(0, dimensions);
    const sizes = ['width', 'height', 'depth'].slice(0, dimensions);
    const origin = axes.map(function (a) { return spec[a] === undefined ? 0 : spec[a]; });
    const step = axes.map(function (a) {
      const own = spec['step' + a.toUpperCase()];
      return own !== undefined ? own : spec.step === undefined ? 1 : spec.step;
    });
    const size = sizes.map(function (s) {
      const v = spec[s];
      if (!Number.isInteger(v) || v < 0 || v > 16777216) {
        throw new GradnoiseError(s + ' must be an integer in 0..2^24 (got ' + v + ')');
      }
      return v;
    });
    return { origin: origin, step: step, size: size, count: size.reduce(function (a, b) { return a * b; }, 1) };
  }

  // Runs fill(out pointer) for `count` samples and returns them in a new Float32Array (or `into`).
  function filled(owner, count, into, fill) {
    if (into && into.length < count) {
      throw new GradnoiseError('into holds ' + into.length + ' floats; the call writes ' + count);
    }
    const out = owner.scratch.floats(count);
    if (fill(out) !== 0) throw new GradnoiseError(owner.M.UTF8ToString(owner.M._gnw_error()));
    const view = owner.M.HEAPF32.subarray(out >> 2, (out >> 2) + count);
    if (into) {
      into.set(view);
      return into;
    }
    return new Float32Array(view);
  }

  // Points given as arrays of coordinates (any numbers; rounded to binary32 like every binding); `planes`
  // output floats per point.
  function pointsCall(owner, coordinates, planes, evaluate) {
    const dimensions = coordinates.length;
    if (dimensions < 2 || dimensions > 4) throw new GradnoiseError('points take 2, 3 or 4 coordinate arrays');
    const count = coordinates[0].length;
    coordinates.forEach(function (c, i) {
      if (c.length !== count) {
        throw new GradnoiseError('coordinate arrays must have one length (' + 'xyzw'[i] + ' has ' + c.length +
                                 ', x ' + count + ')');
      }
    });
    const M = owner.M;
    const input = M._malloc(Math.max(1, count * 4 * dimensions));
    if (!input) throw new GradnoiseError('out of memory: ' + count + ' points');
    try {
      coordinates.forEach(function (c, i) { M.HEAPF32.set(c, (input >> 2) + i * count); });
      const p = function (i) { return i < dimensions ? input + 4 * i * count : 0; };
      return filled(owner, count * planes, undefined, function (out) {
        return evaluate(dimensions, p(0), p(1), p(2), p(3), out, count);
      });
    } finally {
      M._free(input);
    }
  }

  // What fields and graphs share: a handle in the module, its output buffer, and the grid, points and
  // dispose calls, which are the module's _gnw_<kind>_grid_2d, _gnw_<kind>_points and _gnw_<kind>_destroy.
  class Sampler {
    constructor(M, kind) {
      this.M = M;
      this.kind = kind;  // 'field' or 'graph'
      this.handle = 0;
      this.scratch = new Scratch(M);
    }

    // A grid: {x, y, step (or stepX, stepY), width, height}; sample (i, j) at (x + i*stepX, y + j*stepY),
    // row-major. Returns a Float32Array of width*height (or fills `into`).
    grid2d(spec, into) {
      const g = gridSpec(spec, 2);
      const fill = this.M['_gnw_' + this.kind + '_grid_2d'];
      const h = this.handle;
      return filled(this, g.count, into, function (out) {
        return fill(h, g.origin[0], g.origin[1], g.step[0], g.step[1], g.size[0], g.size[1], out);
      });
    }

    // Points: points(xs, ys[, zs[, ws]]) -> Float32Array, one value per point.
    points(xs, ys, zs, ws) {
      const evaluate = this.M['_gnw_' + this.kind + '_points'];
      const h = this.handle;
      const coordinates = [xs, ys, zs, ws].filter(function (c) { return c !== undefined; });
      return pointsCall(this, coordinates, 1, function (d, x, y, z, w, out, n) {
        return evaluate(h, d, x, y, z, w, out, n);
      });
    }

    // Values with their analytic gradients: gradient(xs, ys[, zs[, ws]]) -> [values, dx, dy(, dz(, dw))],
    // Float32Arrays of one value per point (a field without a gradient, a pattern, throws).
    gradient(xs, ys, zs, ws) {
      const evaluate = this.M['_gnw_' + this.kind + '_gradient_points'];
      const h = this.handle;
      const coordinates = [xs, ys, zs, ws].filter(function (c) { return c !== undefined; });
      const planes = coordinates.length + 1;
      const all = pointsCall(this, coordinates, planes, function (d, x, y, z, w, out, n) {
        return evaluate(h, d, x, y, z, w, out, n);
      });
      const n = coordinates[0].length;
      const result = [];
      for (let k = 0; k < planes; ++k) result.push(all.subarray(k * n, (k + 1) * n));
      return result;
    }

    dispose() {
      if (this.handle) this.M['_gnw_' + this.kind + '_destroy'](this.handle);
      this.handle = 0;
      this.scratch.release();
    }
  }

  class Field extends Sampler {
    constructor(library, params, preset) {
      const M = library.M;
      super(M, 'field');
      this.library = library;
      this.handle = M._gnw_field_create(preset === undefined ? -1 : preset);
      if (!this.handle) throw new GradnoiseError('out of memory: a field');
      try {
        const names = library.parameterNames;
        for (const key of Object.keys(params || {})) {
          const value = params[key];
          if (key === 'period') {
            const periods = typeof value === 'number' ? [value, value, value, value] : Array.from(value);
            if (periods.length < 1 || periods.length > 4) {
              throw new GradnoiseError('period: one number for every axis, or a list of 1 to 4 (x, y, z, w)');
            }
            ['x', 'y', 'z', 'w'].forEach(function (axis, i) {
              this.set('period_' + axis, periods[i] === undefined ? 0 : periods[i]);
            }, this);
          } else if (names.indexOf(key) < 0 || /^period_/.test(key)) {
            throw new GradnoiseError('unknown parameter \'' + key + '\' (the parameters: ' +
                                     names.filter(function (n) { return !/^period_/.test(n); }).join(', ') +
                                     ', period)');
          } else {
            this.set(key, value === null || value === undefined ? (key === 'seed' ? 'reference' : '') : value);
          }
        }
        if (M._gnw_field_build(this.handle) !== 0) throw new GradnoiseError(M.UTF8ToString(M._gnw_error()));
      } catch (e) {
        this.dispose();
        throw e;
      }
    }

    set(name, value) {
      const M = this.M;
      const status = withStrings(M, [name, parameterText(name, value)], function (n, t) {
        return M._gnw_field_set(this.handle, n, t);
      }.bind(this));
      if (status !== 0) throw new GradnoiseError(M.UTF8ToString(M._gnw_error()));
    }

    // Every parameter's value, as the text the library reads back to it.
    parameters() {
      const M = this.M;
      const out = {};
      for (const name of this.library.parameterNames) {
        out[name] = withStrings(M, [name], function (n) { return M.UTF8ToString(M._gnw_field_get(this.handle, n)); }.bind(this));
      }
      return out;
    }

    // Binary64 (docs/spec.md section 14: Ken Perlin's reference in double, bit for bit; a perlin basis with the
    // permutation hash and no period, warp or pattern): pointsF64(xs, ys[, zs]) -> Float64Array.
    pointsF64(xs, ys, zs) {
      const M = this.M;
      const coordinates = [xs, ys, zs].filter(function (c) { return c !== undefined; });
      const count = coordinates[0].length;
      coordinates.forEach(function (c, i) {
        if (c.length !== count) throw new GradnoiseError('coordinate arrays must have one length (' + 'xyz'[i] + ' has ' + c.length + ', x ' + count + ')');
      });
      const input = M._malloc(Math.max(1, count * 8 * coordinates.length));
      const out = M._malloc(Math.max(1, count * 8));
      try {
        if (!input || !out) throw new GradnoiseError('out of memory: ' + count + ' points');
        coordinates.forEach(function (c, i) { M.HEAPF64.set(c, (input >> 3) + i * count); });
        const p = function (i) { return i < coordinates.length ? input + 8 * i * count : 0; };
        if (M._gnw_field_points_f64(this.handle, coordinates.length, p(0), p(1), p(2), out, count) !== 0) {
          throw new GradnoiseError(M.UTF8ToString(M._gnw_error()));
        }
        return new Float64Array(M.HEAPF64.subarray(out >> 3, (out >> 3) + count));
      } finally {
        M._free(input);
        M._free(out);
      }
    }

    // A chunk of an unbounded world (docs/spec.md section 13): {x, y(, z)} the sample numbers of its first
    // sample (integers, or BigInts beyond 2^53), {width, height(, depth)}, spacing (default 1) and level (0):
    // world sample (sx, sy) lies at (sx * spacing, sy * spacing), reduced exactly, so chunks join bit for bit.
    // Row-major Float32Array (or fills `into`).
    chunk(spec, into) {
      const M = this.M;
      const h = this.handle;
      const three = spec.depth !== undefined;
      const g = gridSpec(spec, three ? 3 : 2);
      const halves = ['x', 'y', 'z'].map(function (a) {
        const given = spec[a] === undefined ? 0 : spec[a];
        if (typeof given !== 'bigint' && !Number.isSafeInteger(given)) {
          throw new GradnoiseError(a + ' must be an integer (a BigInt beyond 2^53; got ' + given + ')');
        }
        const v = BigInt(given);
        if (v < -(1n << 63n) || v >= (1n << 63n)) throw new GradnoiseError(a + ' must be a 64-bit integer (got ' + v + ')');
        const u = BigInt.asUintN(64, v);
        return [Number(u & 0xffffffffn), Number(u >> 32n)];
      });
      const spacing = spec.spacing === undefined ? 1 : spec.spacing;
      const level = spec.level === undefined ? 0 : spec.level;
      return filled(this, g.count, into, function (out) {
        return M._gnw_field_chunk(h, halves[0][0], halves[0][1], halves[1][0], halves[1][1], halves[2][0],
                                  halves[2][1], g.size[0], g.size[1], three ? g.size[2] : 0, spacing, level, out);
      });
    }

    // A 3D grid: {x, y, z, step (or stepX, stepY, stepZ), width, height, depth}.
    grid3d(spec, into) {
      const g = gridSpec(spec, 3);
      const M = this.M;
      const h = this.handle;
      return filled(this, g.count, into, function (out) {
        return M._gnw_field_grid_3d(h, g.origin[0], g.origin[1], g.origin[2], g.step[0], g.step[1], g.step[2],
                                    g.size[0], g.size[1], g.size[2], out);
      });
    }

    // The values coloured as `gradnoise bake <preset>` colours this field: the preset's fixed range and
    // its ramp (or preset `ramp`'s, as --ramp would give it), or grey for a greyscale preset. RGBA bytes
    // for an ImageData, 4 per value.
    colour(values, preset, ramp) {
      const M = this.M;
      const index = this.library.presetIndex(preset);
      const rampIndex = this.library.presetIndex(ramp === undefined ? preset : ramp);
      const input = M._malloc(Math.max(1, values.length * 4));
      const rgba = M._malloc(Math.max(1, values.length * 4));
      try {
        if (!input || !rgba) throw new GradnoiseError('out of memory: ' + values.length + ' values');
        M.HEAPF32.set(values, input >> 2);
        if (M._gnw_colour(this.handle, index, rampIndex, input, values.length, rgba) !== 0) {
          throw new GradnoiseError(M.UTF8ToString(M._gnw_error()));
        }
        return new Uint8ClampedArray(M.HEAPU8.subarray(rgba, rgba + 4 * values.length));
      } finally {
        M._free(input);
        M._free(rgba);
      }
    }

  }

  // A graph file's field (docs/graphs.md), from its JSON text.
  class Graph extends Sampler {
    constructor(library, json) {
      const M = library.M;
      super(M, 'graph');
      const text = typeof json === 'string' ? json : JSON.stringify(json);
      this.handle = withStrings(M, [text], function (t) { return M._gnw_graph_create(t, M.lengthBytesUTF8(text)); });
      if (!this.handle) throw new GradnoiseError(M.UTF8ToString(M._gnw_error()));
      this.dimensions = M._gnw_graph_dimensions(this.handle);
    }
  }

  class Library {
    constructor(M, module) {
      this.M = M;
      this.module = module;  // 'simd128' or 'scalar': which module was loaded
      this.version = M.UTF8ToString(M._gradnoise_version_string());
      this.parameterNames = M.UTF8ToString(M._gnw_parameter_names()).split('\n').filter(Boolean);
      // The field parameters as the graph format's schema describes them: {name, kind, choices, default,
      // allowed, help, ...} by name (docs/graph-reference.md).
      this.parameters = {};
      for (const p of JSON.parse(M.UTF8ToString(M._gnw_schema())).field_parameters) this.parameters[p.name] = p;
      // The bake presets: {name, scale, originX, originY, colour, ramp, summary, shaded (the bake's default
      // hill shading, which the playground does not draw: its bake command says --flat)}.
      this.presets = M.UTF8ToString(M._gnw_preset_table()).split('\n').filter(Boolean).map(function (line) {
        const f = line.split('\t');
        return { name: f[0], scale: Math.fround(Number(f[1])), originX: Math.fround(Number(f[2])),
                 originY: Math.fround(Number(f[3])), colour: f[4] === '1', ramp: f[5], summary: f[6],
                 shaded: f[7] === '1' };
      });
    }

    // The kernels every call runs: 'simd128' or 'scalar'.
    get isa() { return this.M.UTF8ToString(this.M._gradnoise_isa_name(this.M._gradnoise_active_isa())); }

    field(params) { return new Field(this, params); }

    // A bake preset's field (`gradnoise bake terrain`), with `params` changed.
    preset(name, params) { return new Field(this, params, this.presetIndex(name)); }

    graph(json) { return new Graph(this, json); }

    presetIndex(name) {
      const i = this.presets.findIndex(function (p) { return p.name === name; });
      if (i < 0) {
        throw new GradnoiseError('preset must be one of ' + this.presets.map(function (p) { return p.name; }).join(', ') +
                                 " (got '" + name + "')");
      }
      return i;
    }
  }

  return { load: load, simdSupported: simdSupported, GradnoiseError: GradnoiseError };
});
