// The playground page in headless Chromium (Debian chromium), driven over the DevTools protocol on a
// pipe: load the page from a server on 127.0.0.1 (started and stopped here), change settings as a user
// would (select a family and fractal, move the octaves slider, type a seed, pick a ramp, drag the
// picture), take a screenshot of the canvas after each, and compare its pixels with the PNG that
// `gradnoise bake` writes for the same settings: every pixel equal.
//   node tests/web/playground_test.js WEB_DIR NATIVE_GRADNOISE OUT_DIR
// WEB_DIR: gradnoise.js, a module and playground/ (a WebAssembly build's web/). OUT_DIR keeps the
// screenshots and the bakes. Bounded: the whole run stops with status 1 after 120 s.
'use strict';
const assert = require('assert');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { spawn, execFileSync } = require('child_process');

const [webDir, cli, outDir] = process.argv.slice(2);
if (!webDir || !cli || !outDir) {
  console.error('usage: node playground_test.js WEB_DIR NATIVE_GRADNOISE OUT_DIR');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });
const SIZE = 256;

// ---- PNG (8-bit grey, RGB or RGBA, not interlaced: what bake and Chromium write) -> RGBA pixels ----
function decodePng(file) {
  const data = fs.readFileSync(file);
  assert.strictEqual(data.readUInt32BE(0), 0x89504e47, file + ': not a PNG');
  let offset = 8, width, height, depth, type;
  const idat = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const kind = data.toString('ascii', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (kind === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      depth = body[8];
      type = body[9];
      assert(depth === 8 && body[12] === 0, file + ': only 8-bit, non-interlaced PNGs here');
    } else if (kind === 'IDAT') {
      idat.push(body);
    }
    offset += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 6: 4 }[type];
  assert(channels, file + ': colour type ' + type);
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; ++y) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; ++x) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = (line[x] + predictor) & 255;
    }
  }
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; ++i) {
    for (let k = 0; k < 3; ++k) rgba[4 * i + k] = pixels[i * channels + (channels === 1 ? 0 : k)];
    rgba[4 * i + 3] = channels === 4 ? pixels[i * channels + 3] : 255;
  }
  return { width, height, rgba };
}

// ---- a static server for WEB_DIR on 127.0.0.1 ----
function serve(root) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json' };
  const server = http.createServer(function (req, res) {
    const file = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// ---- Chromium over the DevTools protocol on fds 3 (in) and 4 (out): JSON messages ended by NUL ----
function startChromium(profile) {
  const child = spawn('chromium', ['--headless=new', '--remote-debugging-pipe', '--no-sandbox', '--disable-gpu',
    '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--force-color-profile=srgb', '--hide-scrollbars', '--user-data-dir=' + profile,
    'about:blank'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true });
  let nextId = 1, buffered = '';
  const waiting = new Map();
  child.stdio[4].on('data', function (chunk) {
    buffered += chunk.toString();
    let end;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      const w = waiting.get(message.id);
      if (w) {
        waiting.delete(message.id);
        if (message.error) w.reject(new Error(w.method + ': ' + message.error.message));
        else w.resolve(message.result);
      }
    }
  });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d.toString(); });
  function send(method, params, sessionId) {
    const id = nextId++;
    const message = { id, method, params: params || {} };
    if (sessionId) message.sessionId = sessionId;
    child.stdio[3].write(JSON.stringify(message) + '\0');
    return new Promise((resolve, reject) => waiting.set(id, { resolve, reject, method }));
  }
  return { child, send, stderr: () => stderr };
}

async function main() {
  const server = await serve(path.resolve(webDir));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gradnoise-chromium-'));
  const browser = startChromium(profile);
  const watchdog = setTimeout(function () {
    console.error('playground test: no result after 120 s; chromium said:\n' + browser.stderr().slice(-2000));
    try {
      process.kill(-browser.child.pid, 'SIGKILL');
    } catch (e) {
      browser.child.kill('SIGKILL');
    }
    process.exit(1);
  }, 120000);
  try {
    const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    const page = (method, params) => browser.send(method, params, sessionId);
    const evaluate = async (expression) => {
      const r = await page('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (r.exceptionDetails) throw new Error(expression + ': ' + JSON.stringify(r.exceptionDetails));
      return r.result.value;
    };
    await page('Emulation.setDeviceMetricsOverride', { width: 1000, height: 700, deviceScaleFactor: 1, mobile: false });
    await page('Page.enable');
    // Both modules: each draws a bake's pixels.
    let shots = 0;
    for (const wanted of ['simd128', 'scalar']) {
      const url = 'http://127.0.0.1:' + server.address().port + '/playground/index.html?size=' + SIZE + '&module=' + wanted;
      await page('Page.navigate', { url });
      for (let i = 0; !(await evaluate('!!(window.playground && window.playground.ready)')); ++i) {
        if (i > 300) throw new Error('the page did not start: ' + (await evaluate("document.getElementById('error').textContent")));
        await new Promise((r) => setTimeout(r, 100));
      }
      const module = await evaluate('window.playground.library.module');
      assert.strictEqual(module, wanted);

      // One user action, then the screenshot of the canvas against a bake of the same settings.
      async function compare(what, action, bakeArgs) {
        const before = await evaluate('window.playground.frames');
        if (typeof action === 'function') await action();
        else await evaluate(action);
        for (let i = 0; (await evaluate('window.playground.frames')) === before; ++i) {
          if (i > 100) throw new Error(what + ': the page did not redraw');
          await new Promise((r) => setTimeout(r, 50));
        }
        const error = await evaluate("document.getElementById('error').textContent");
        assert.strictEqual(error, '', what + ': the page says ' + error);
        const rect = JSON.parse(await evaluate("JSON.stringify(document.getElementById('canvas').getBoundingClientRect())"));
        const shot = await page('Page.captureScreenshot', { format: 'png', fromSurface: true,
          clip: { x: rect.x, y: rect.y, width: SIZE, height: SIZE, scale: 1 } });
        const shotFile = path.join(outDir, 'playground-' + module + '-' + (++shots) + '.png');
        fs.writeFileSync(shotFile, Buffer.from(shot.data, 'base64'));
        const bakeFile = path.join(outDir, 'bake-' + module + '-' + shots + '.png');
        // (The playground draws colours unshaded: the terrain preset's bake needs --flat to match.)
        const flat = bakeArgs[0] === 'terrain' && !bakeArgs.includes('--grey') ? ['--flat'] : [];
        execFileSync(cli, ['bake'].concat(bakeArgs, flat, ['--size', SIZE + 'x' + SIZE, '-o', bakeFile]), { stdio: 'pipe' });
        const a = decodePng(shotFile), b = decodePng(bakeFile);
        assert.deepStrictEqual([a.width, a.height], [b.width, b.height], what + ': picture size');
        let differ = 0, first = -1;
        for (let i = 0; i < a.width * a.height; ++i) {
          if (a.rgba[4 * i] !== b.rgba[4 * i] || a.rgba[4 * i + 1] !== b.rgba[4 * i + 1] || a.rgba[4 * i + 2] !== b.rgba[4 * i + 2]) {
            if (first < 0) first = i;
            ++differ;
          }
        }
        const command = await evaluate('window.playground.bakeCommand()');
        assert.strictEqual(differ, 0, what + ': ' + differ + ' of ' + a.width * a.height + ' pixels differ from ' +
          'gradnoise bake ' + bakeArgs.join(' ') + ' (first at ' + (first % SIZE) + ',' + Math.floor(first / SIZE) +
          '); the page says: ' + command);
        console.log('playground (' + module + '): ' + what + ': ' + a.width + 'x' + a.height + ' pixels equal to ' +
                    'gradnoise bake ' + bakeArgs.join(' '));
        return command;
      }
      // As a user sets them: <select>s and a slider fire 'input', the seed box 'change'.
      const set = (id, value, event) => "(function(){const e=document.getElementById('" + id + "');e.value='" + value +
        "';e.dispatchEvent(new Event('" + (event || 'input') + "'));})()";

      await compare('the terrain preset', set('preset', 'terrain'), ['terrain']);
      await compare('family opensimplex2s', set('basis', 'opensimplex2s'), ['terrain', '--basis', 'opensimplex2s']);
      await compare('fractal ridged', set('fractal', 'ridged'),
        ['terrain', '--basis', 'opensimplex2s', '--fractal', 'ridged']);
      await compare('octaves 5', set('octaves', '5'),
        ['terrain', '--basis', 'opensimplex2s', '--fractal', 'ridged', '--octaves', '5']);
      await compare('seed 42', set('seed', '42', 'change'),
        ['terrain', '--basis', 'opensimplex2s', '--fractal', 'ridged', '--octaves', '5', '--seed', '42']);
      const clouds = (await evaluate("JSON.stringify(window.playground.library.presets.find(p => p.name === 'clouds'))"));
      const command = await compare('the clouds ramp', set('ramp', 'clouds'),
        ['terrain', '--basis', 'opensimplex2s', '--fractal', 'ridged', '--octaves', '5', '--seed', '42',
         '--ramp', JSON.parse(clouds).ramp]);
      assert.match(command, /^gradnoise bake terrain --basis opensimplex2s --fractal ridged --octaves 5 --seed 42 --ramp/);
      await compare('the marble preset, warped', set('preset', 'marble') + ';' + set('warp', '1'),
        ['marble', '--warp', '1']);
      // A drag of 40 pixels left and 24 up moves the origin by 40 and 24 samples (float arithmetic, as the page).
      const origin = JSON.parse(await evaluate('JSON.stringify([window.playground.state.x, window.playground.state.y, window.playground.state.scale])'));
      const step = Math.fround(origin[2] / SIZE);
      const x = Math.fround(origin[0] + 40 * step), y = Math.fround(origin[1] + 24 * step);
      const rect = JSON.parse(await evaluate("JSON.stringify(document.getElementById('canvas').getBoundingClientRect())"));
      const mouse = (type, dx, dy) => page('Input.dispatchMouseEvent', { type, x: rect.x + 100 + dx, y: rect.y + 100 + dy,
        button: 'left', buttons: type === 'mouseReleased' ? 0 : 1, clickCount: 1 });
      await compare('a drag (40 pixels left, 24 up)', async function () {
        await mouse('mousePressed', 0, 0);
        await mouse('mouseMoved', -20, -12);
        await mouse('mouseMoved', -40, -24);
        await mouse('mouseReleased', -40, -24);
      }, ['marble', '--warp', '1', '--origin', x + ',' + y]);
    }
    // The whole page as a user sees it (docs/images/playground.png is one of these).
    const page_shot = await page('Page.captureScreenshot', { format: 'png', fromSurface: true });
    fs.writeFileSync(path.join(outDir, 'playground-page.png'), Buffer.from(page_shot.data, 'base64'));
  } finally {
    clearTimeout(watchdog);
    // (Chromium's own processes too: its process group, then the profile, retried while they exit.)
    const exited = new Promise((resolve) => browser.child.once('exit', resolve));
    try {
      process.kill(-browser.child.pid, 'SIGKILL');
    } catch (e) {
      browser.child.kill('SIGKILL');
    }
    await exited;
    server.close();
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

main().catch(function (e) {
  console.error(e && e.stack ? e.stack : e);
  process.exit(1);
});
