// Samples per second of the WebAssembly modules under Node.js (V8): grids of a few fields, filled by
// the JavaScript API, each the median of repeated fills. For the README's web figures, beside
// `gradnoise bench` on the same machine (native, one thread).
//   node bench/web_bench.js WEB_DIR [SIDE] [REPEATS]
'use strict';
const path = require('path');
const [webDir, sideText, repeatText] = process.argv.slice(2);
if (!webDir) {
  console.error('usage: node bench/web_bench.js WEB_DIR [SIDE (default 1024)] [REPEATS (default 9)]');
  process.exit(2);
}
const gradnoise = require(path.resolve(webDir, 'gradnoise.js'));
const side = Number(sideText) || 1024;
const repeats = Number(repeatText) || 9;
const FIELDS = {
  'perlin 2D': {},
  'perlin fbm-6 2D': { fractal: 'fbm', octaves: 6 },
  'opensimplex2 2D': { basis: 'opensimplex2' },
  'cellular f1 2D': { basis: 'cellular' },
};

(async () => {
  const results = {};
  for (const module of ['scalar', 'simd128']) {
    const gn = await gradnoise.load({ module, base: webDir });
    for (const [name, params] of Object.entries(FIELDS)) {
      const field = gn.field(params);
      const out = new Float32Array(side * side);
      const grid = { x: 0.37, y: -1.5, step: 1 / 64, width: side, height: side };
      field.grid2d(grid, out);  // warm-up
      const times = [];
      for (let r = 0; r < repeats; ++r) {
        const t0 = process.hrtime.bigint();
        field.grid2d(grid, out);
        times.push(Number(process.hrtime.bigint() - t0) / 1e9);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      (results[name] = results[name] || {})[module] = side * side / median / 1e6;
      field.dispose();
    }
  }
  console.log('grid ' + side + 'x' + side + ', median of ' + repeats + ', M samples/s (Node.js ' + process.version + ', one thread)');
  console.log('field               scalar   simd128   simd128/scalar');
  for (const [name, r] of Object.entries(results)) {
    console.log(name.padEnd(18) + r.scalar.toFixed(1).padStart(8) + r.simd128.toFixed(1).padStart(10) +
                (r.simd128 / r.scalar).toFixed(2).padStart(12) + 'x');
  }
})();
