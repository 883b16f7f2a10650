// A user's script, in TypeScript, against the installed package (tests/packages_test.sh): the package's types
// must accept this and refuse the marked mistakes (tsc --strict), and under Node.js both WebAssembly modules
// must give the same bits for a grid, gradients and a chunk.
import * as gradnoise from 'gradnoise';

declare const process: { exit(code: number): never };  // (no @types/node: the package needs none)

async function main(): Promise<void> {
  const results: string[] = [];
  for (const module of ['scalar', 'simd128'] as const) {
    const gn: gradnoise.Library = await gradnoise.load({ module });
    const params: gradnoise.FieldParameters = { basis: 'opensimplex2s', fractal: 'fbm', octaves: 4, seed: 7n };
    const field = gn.field(params);
    const grid: Float32Array = field.grid2d({ x: -2, y: 1, step: 0.05, width: 33, height: 17 });
    const [value, dx, dy] = field.gradient([0.5, -3.25], [0.25, 9.5]);
    const chunk = field.chunk({ x: 1n << 40n, y: -7, width: 8, height: 8, spacing: 0.25 });
    field.dispose();
    const all = [grid, value, dx, dy, chunk].map((a) => Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length)).join(','));
    results.push(all.join(';'));
    console.log(`gradnoise ${gn.version} (${gn.isa}): ${grid.length + value.length * 3 + chunk.length} samples`);
  }
  if (results[0] !== results[1]) throw new Error('the scalar and SIMD modules differ');
  try {
    const gn = await gradnoise.load();
    gn.field({ octaves: 40, fractal: 'fbm' });
    throw new Error('octaves 40 was accepted');
  } catch (e) {
    if (!(e instanceof Error) || !/octaves must be an integer in 1\.\.32/.test(e.message)) throw e;
  }
  console.log('the installed package: types checked, both modules the same bits, refusals with the library\'s message');
}

// Mistakes the types must refuse (tsc fails on an unused @ts-expect-error):
async function mistakes(gn: gradnoise.Library): Promise<void> {
  // @ts-expect-error: not a basis
  gn.field({ basis: 'perlinn' });
  // @ts-expect-error: not a parameter
  gn.field({ octavez: 3 });
  // @ts-expect-error: a chunk needs its height
  gn.field().chunk({ width: 8 });
}
void mistakes;

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
