// The conformance vectors (conformance/vectors.txt, docs/conformance.md) through the JavaScript API, in
// both WebAssembly modules: every field made from its NAME=TEXT settings, every value, gradient, chunk and
// binary64 line bit for bit.
//   node tests/web/vectors_test.js WEB_DIR conformance/vectors.txt
'use strict';
const assert = require('assert');
const fs = require('fs');
const path = require('path');

const [webDir, vectorsPath] = process.argv.slice(2);
if (!webDir || !vectorsPath) {
  console.error('usage: node vectors_test.js WEB_DIR conformance/vectors.txt');
  process.exit(2);
}
const gradnoise = require(path.resolve(webDir, 'gradnoise.js'));

function readVectors(text) {
  const fields = [];
  for (const line of text.split('\n')) {
    if (!line || line[0] === '#') continue;
    const [kind, ...tokens] = line.split(' ');
    if (kind === 'field') {
      fields.push({ head: line, settings: tokens.map((t) => [t.slice(0, t.indexOf('=')), t.slice(t.indexOf('=') + 1)]),
                    samples: {} });
    } else {
      (fields[fields.length - 1].samples[kind] = fields[fields.length - 1].samples[kind] || []).push(tokens);
    }
  }
  return fields;
}

// The file's settings as the API's parameters: texts as they are, the period axes as one list.
function parameters(settings) {
  const params = {};
  const period = [0, 0, 0, 0];
  let tiled = false;
  for (const [name, text] of settings) {
    const axis = ['period_x', 'period_y', 'period_z', 'period_w'].indexOf(name);
    if (axis >= 0) {
      period[axis] = Number(text);
      tiled = true;
    } else {
      params[name] = text;
    }
  }
  if (tiled) params.period = period;
  return params;
}

// Hex bits -> a Float32Array holding exactly them (NaN payloads kept: no number conversion).
function floats(hexes) {
  return new Float32Array(Uint32Array.from(hexes, (h) => parseInt(h, 16)).buffer);
}
function bitsOf(array) {
  return Array.from(new Uint32Array(array.buffer, array.byteOffset, array.length), (b) => b.toString(16).padStart(8, '0'));
}

async function check(module, fields) {
  const gn = await gradnoise.load({ module });
  let checked = 0;
  for (const f of fields) {
    const field = gn.field(parameters(f.settings));
    try {
      for (const [kind, lines] of Object.entries(f.samples)) {
        const dims = Number(kind[kind.length - 1]);
        const column = (c) => floats(lines.map((t) => t[c]));
        const coordinates = [];
        for (let d = 0; d < dims; ++d) coordinates.push(column(d));
        if (kind.startsWith('value')) {
          assert.deepStrictEqual(bitsOf(field.points(...coordinates)), lines.map((t) => t[dims]), f.head + ': ' + kind);
        } else if (kind.startsWith('gradient')) {
          const planes = field.gradient(...coordinates);
          for (let k = 0; k <= dims; ++k) {
            assert.deepStrictEqual(bitsOf(planes[k]), lines.map((t) => t[dims + k]), f.head + ': ' + kind + ' output ' + k);
          }
        } else if (kind.startsWith('chunk')) {
          for (const t of lines) {
            const spec = { x: BigInt(t[0]), y: BigInt(t[1]), width: 1, height: 1,
                           spacing: floats([t[dims]])[0], level: Number(t[dims + 1]) };
            if (dims === 3) Object.assign(spec, { z: BigInt(t[2]), depth: 1 });
            assert.deepStrictEqual(bitsOf(field.chunk(spec)), [t[dims + 2]], f.head + ': ' + kind + ' at ' + t[0]);
          }
        } else if (kind.startsWith('double')) {
          const doubles = (c) => new Float64Array(BigUint64Array.from(lines, (t) => BigInt('0x' + t[c])).buffer);
          const got = field.pointsF64(...Array.from({ length: dims }, (_, d) => doubles(d)));
          const bits = Array.from(new BigUint64Array(got.buffer, got.byteOffset, got.length), (b) => b.toString(16).padStart(16, '0'));
          assert.deepStrictEqual(bits, lines.map((t) => t[dims]), f.head + ': ' + kind);
        } else {
          assert.fail('unknown line kind ' + kind);
        }
        checked += lines.length;
      }
    } finally {
      field.dispose();
    }
  }
  assert.strictEqual(gn.isa, module);
  assert(checked > 4000, 'only ' + checked + ' samples checked');
  console.log('JavaScript (' + module + ' module): ' + fields.length + ' fields, ' + checked + ' samples bit for bit');
}

(async function main() {
  const fields = readVectors(fs.readFileSync(vectorsPath, 'utf8'));
  assert(fields.length >= 30);
  for (const module of ['scalar', 'simd128']) await check(module, fields);
})().catch((e) => {
  console.error(e.stack || e);
  process.exit(1);
});
