// The JavaScript API (web/gradnoise.js) under Node.js, against the native command-line tool as the
// independent source: every value of a grid, of points and of a graph equals, bit for bit, what
// `gradnoise eval --format hex` prints for the same coordinates and options; errors name the parameter.
//   node tests/web/api_test.js WEB_DIR NATIVE_GRADNOISE [GRAPHS_DIR]
// WEB_DIR holds gradnoise.js and the module(s) a WebAssembly build made (scripts/test.sh passes the
// scalar and the SIMD build's). Exit status 0 when every check passes.
'use strict';
const assert = require('assert');
const path = require('path');
const { execFileSync } = require('child_process');

const [webDir, cli, graphsDir] = process.argv.slice(2);
if (!webDir || !cli) {
  console.error('usage: node api_test.js WEB_DIR NATIVE_GRADNOISE [GRAPHS_DIR]');
  process.exit(2);
}
const gradnoise = require(path.resolve(webDir, 'gradnoise.js'));

// "0x1.203772p-1", "-0x0p+0", "inf", "nan" -> the float's value (exact: 24 bits fit a double).
function parseHex(text) {
  text = text.trim();
  if (/^[+-]?nan$/i.test(text)) return NaN;
  if (/^[+-]?inf/i.test(text)) return text[0] === '-' ? -Infinity : Infinity;
  const m = /^([+-]?)0x([0-9a-f]+)(?:\.([0-9a-f]*))?p([+-]?\d+)$/i.exec(text);
  assert(m, 'not a hex float: ' + text);
  const fraction = m[3] || '';
  const mantissa = parseInt(m[2] + fraction, 16) / Math.pow(16, fraction.length);
  const v = mantissa * Math.pow(2, Number(m[4]));
  return m[1] === '-' ? -v : v;
}

function bits(v) {
  const f = new Float32Array([v]);
  return new Uint32Array(f.buffer)[0];
}

// The native tool's values at the points (arrays of coordinates), with its options.
function native(options, coordinates) {
  const n = coordinates[0].length;
  const lines = [];
  for (let i = 0; i < n; ++i) lines.push(coordinates.map((c) => String(Math.fround(c[i]))).join(' '));
  const out = execFileSync(cli, ['eval', '--dims', String(coordinates.length), '--format', 'hex'].concat(options),
                           { input: lines.join('\n') + '\n', maxBuffer: 1 << 26 }).toString();
  return out.split('\n').filter(Boolean).map(parseHex);
}

function sameBits(got, expected, what) {
  assert.strictEqual(got.length, expected.length, what + ': length');
  for (let i = 0; i < got.length; ++i) {
    if (bits(got[i]) !== bits(expected[i])) {
      assert.fail(what + ': sample ' + i + ' is ' + got[i] + ', the native tool says ' + expected[i]);
    }
  }
}

// The grid's coordinates as the library computes them: origin + float(i) * step, in binary32.
function gridPoints(g, dimensions) {
  const size = [g.width, g.height, g.depth || 1];
  const origin = [g.x || 0, g.y || 0, g.z || 0];
  const coordinates = [[], [], []].slice(0, dimensions);
  for (let k = 0; k < size[2]; ++k) {
    for (let j = 0; j < size[1]; ++j) {
      for (let i = 0; i < size[0]; ++i) {
        const index = [i, j, k];
        for (let a = 0; a < dimensions; ++a) {
          coordinates[a].push(Math.fround(Math.fround(origin[a]) + Math.fround(index[a] * Math.fround(g.step))));
        }
      }
    }
  }
  return coordinates;
}

// Fields as JS parameters and as the tool's options: every family, fractals, warp, pattern, periods.
const FIELDS = [
  [{}, []],
  [{ basis: 'perlin', fractal: 'fbm', octaves: 5, seed: 7 }, ['--fractal', 'fbm', '--octaves', '5', '--seed', '7']],
  [{ basis: 'classic', period: [8, 4], fade: 'cubic' }, ['--basis', 'classic', '--period', '8,4', '--fade', 'cubic']],
  [{ basis: 'value', hash: 'mix', seed: '0xdeadbeef' }, ['--basis', 'value', '--hash', 'mix', '--seed', '0xdeadbeef']],
  [{ basis: 'isotropic', fractal: 'ridged', octaves: 4, lacunarity: 2.1 },
   ['--basis', 'isotropic', '--fractal', 'ridged', '--octaves', '4', '--lacunarity', '2.1']],
  [{ basis: 'opensimplex2', seed: -1, orientation2: 'improve_x' },
   ['--basis', 'opensimplex2', '--seed', '-1', '--orientation2', 'improve_x']],
  [{ basis: 'opensimplex2s', fractal: 'turbulence', octaves: 3 },
   ['--basis', 'opensimplex2s', '--fractal', 'turbulence', '--octaves', '3']],
  [{ basis: 'cellular', cellular_output: 'f2_minus_f1', jitter: 0.75 },
   ['--basis', 'cellular', '--cellular-output', 'f2_minus_f1', '--jitter', '0.75']],
  [{ warp: 2, warp_strength: 0.5, fractal: 'fbm', octaves: 3 },
   ['--warp', '2', '--warp-strength', '0.5', '--fractal', 'fbm', '--octaves', '3']],
  [{ pattern: 'marble', pattern_strength: 3 }, ['--pattern', 'marble', '--pattern-strength', '3']],
];

async function check(module) {
  const gn = await gradnoise.load({ module: module, base: webDir });
  assert.strictEqual(gn.module, module);
  assert.strictEqual(gn.isa, module, 'the module runs its own kernels');
  assert.match(gn.version, /^\d+\.\d+\.\d+$/);
  assert(gn.parameterNames.includes('warp_strength') && gn.parameterNames.includes('octaves'));
  let checked = 0;

  for (const [params, options] of FIELDS) {
    const what = module + ' ' + JSON.stringify(params);
    const field = gn.field(params);
    const g2 = { x: -3.25, y: 0.5, step: 0.37, width: 40, height: 24 };
    sameBits(field.grid2d(g2), native(options, gridPoints(g2, 2)), what + ' grid2d');
    const g3 = { x: 1.5, y: -2, z: 0.125, step: 0.61, width: 12, height: 9, depth: 5 };
    sameBits(field.grid3d(g3), native(options, gridPoints(g3, 3)), what + ' grid3d');
    // Points, awkward ones included: far away, negative zero, huge, non-finite.
    const xs = [0, -0, 0.5, 1e7 + 0.5, -123.456, 3e38, NaN, Infinity, 2.5e-40];
    const ys = [0, 0.25, -7.75, 3.5, 1e-3, 1, 0, 2, -1];
    sameBits(field.points(xs, ys), native(options, [xs, ys]), what + ' points2');
    const zs = xs.map((x, i) => (i % 3) - 0.3);
    const ws = xs.map((x, i) => i * 0.7);
    sameBits(field.points(xs, ys, zs), native(options, [xs, ys, zs]), what + ' points3');
    if (params.basis !== 'cellular') {  // (cellular noise is 2D and 3D)
      sameBits(field.points(xs, ys, zs, ws), native(options, [xs, ys, zs, ws]), what + ' points4');
    }
    field.dispose();
    checked += 5;
  }

  // Into a caller's array; the library's own refusals, named.
  const field = gn.field({ octaves: 3, fractal: 'fbm' });
  const into = new Float32Array(16);
  assert.strictEqual(field.grid2d({ width: 4, height: 4 }, into), into);
  assert.throws(() => field.grid2d({ width: 4, height: 5 }, into), /into holds 16 floats; the call writes 20/);
  assert.throws(() => field.grid2d({ width: -1, height: 5 }), /width must be an integer in 0\.\.2\^24/);
  assert.throws(() => field.points([1, 2], [1]), /one length/);
  field.dispose();
  assert.throws(() => gn.field({ fractal: 'fbm', octaves: 40 }), (e) => e instanceof gradnoise.GradnoiseError &&
                /octaves must be an integer in 1\.\.32/.test(e.message));
  assert.throws(() => gn.field({ basis: 'simplex' }), /basis must be/);
  assert.throws(() => gn.field({ octave: 3 }), /unknown parameter 'octave' \(the parameters: basis, seed, .* period\)/);
  assert.throws(() => gn.field({ jitter: 2 }), /jitter/);
  assert.throws(() => gn.field({ basis: 'opensimplex2', period: 8 }), /period/);
  assert.throws(() => gn.field({ seed: 2 ** 60 }), /seed must be an integer in 0\.\.2\^64-1 \(a BigInt/);
  const big = gn.field({ seed: 2n ** 63n + 5n });
  assert.strictEqual(big.parameters().seed, '9223372036854775813');
  big.dispose();

  // A graph file, as the tool evaluates it.
  if (graphsDir) {
    const file = path.join(graphsDir, 'continent.json');
    const graph = gn.graph(require('fs').readFileSync(file, 'utf8'));
    assert.strictEqual(graph.dimensions, 2);
    const g = { x: -4, y: 2.5, step: 0.173, width: 32, height: 20 };
    sameBits(graph.grid2d(g), native(['--graph', file], gridPoints(g, 2)), module + ' graph grid2d');
    graph.dispose();
    assert.throws(() => gn.graph('{"gradnoise_graph": 1, "dimensions": 2, "nodes": {}, "output": "x"}'), /output/);
    checked += 1;
  }
  // The presets: their fields and names, as `gradnoise bake` knows them.
  const names = gn.presets.map((p) => p.name);
  assert(['terrain', 'marble', 'wood', 'clouds'].every((n) => names.includes(n)), names.join(' '));
  assert.throws(() => gn.preset('nope'), /preset must be one of terrain, .*marble.* \(got 'nope'\)/);
  console.log(module + ': ' + checked + ' calls bit for bit equal to the native tool; refusals named');
}

(async () => {
  const modules = ['scalar', 'simd128'].filter((m) => require('fs').existsSync(path.join(webDir, 'gradnoise-' + m + '.js')));
  assert(modules.length > 0, 'no module in ' + webDir);
  for (const m of modules) await check(m);
})().catch((e) => {
  console.error(e && e.stack ? e.stack : e);
  process.exit(1);
});
