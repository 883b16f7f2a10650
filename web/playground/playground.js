// The playground: a bake preset's field, changed with the controls, drawn as `gradnoise bake` draws it
// (the same values and the same colouring, computed by the same library in WebAssembly), redrawn as
// you drag (pan) or scroll (zoom), with the samples per second of each fill. The command line under
// the controls writes the same picture. URL parameters: ?size=N (canvas side, default 512),
// ?module=scalar|simd128 (default: SIMD where the browser has it).
(async function () {
  'use strict';
  const query = new URLSearchParams(location.search);
  const size = Math.max(16, Math.min(2048, Number(query.get('size')) || 512));
  const $ = (id) => document.getElementById(id);
  const canvas = $('canvas');
  canvas.width = canvas.height = size;
  canvas.style.width = canvas.style.height = size + 'px';
  const context = canvas.getContext('2d');

  const gn = await gradnoise.load(query.get('module') ? { module: query.get('module') } : {});

  // Options for a select: the schema's choices (the library's table).
  function fill(select, choices) {
    select.innerHTML = '';
    for (const c of choices) {
      const o = document.createElement('option');
      o.value = o.textContent = c;
      select.appendChild(o);
    }
  }
  fill($('preset'), gn.presets.map((p) => p.name));
  fill($('ramp'), gn.presets.filter((p) => p.colour).map((p) => p.name));
  fill($('basis'), gn.parameters.basis.choices);
  fill($('fractal'), gn.parameters.fractal.choices);
  for (const p of gn.presets) $('preset').querySelector('option[value="' + p.name + '"]').title = p.summary;

  // What is drawn: a preset, the parameters the user changed (over the preset's field, as bake's
  // options are), the ramp, the view.
  const state = { preset: 'terrain', params: {}, ramp: 'terrain', scale: 8, x: 0, y: 0, graph: null };
  let field = null;

  function presetOf(name) { return gn.presets.find((p) => p.name === name); }

  function choosePreset(name) {
    const p = presetOf(name);
    Object.assign(state, { preset: name, params: {}, ramp: p.colour ? name : state.ramp, scale: p.scale,
                           x: p.originX, y: p.originY });
    rebuild();
  }

  // Shows the field's parameters in the controls.
  function showControls() {
    const values = field.parameters();
    $('preset').value = state.preset;
    for (const el of document.querySelectorAll('[data-parameter]')) el.value = values[el.dataset.parameter];
    $('seed').value = values.seed === 'reference' ? '' : values.seed;
    $('ramp').value = state.ramp;
    $('ramp').disabled = !presetOf(state.preset).colour;
    $('scale').value = state.scale;
  }

  function rebuild() {
    $('error').textContent = '';
    let next;
    try {
      next = gn.preset(state.preset, state.params);
    } catch (e) {
      $('error').textContent = e.message;  // the library's refusal, naming the parameter
      return;
    }
    if (field) field.dispose();
    field = next;
    showControls();
    draw();
  }

  // The bake command that writes this picture.
  function bakeCommand() {
    const words = ['gradnoise', 'bake', state.preset];
    for (const [name, value] of Object.entries(state.params)) {
      words.push('--' + name.replace(/_/g, '-'), String(value));
    }
    const p = presetOf(state.preset);
    if (p.colour && state.ramp !== state.preset) words.push('--ramp', "'" + presetOf(state.ramp).ramp + "'");
    if (state.scale !== p.scale) words.push('--scale', String(state.scale));
    if (state.x !== p.originX || state.y !== p.originY) words.push('--origin', state.x + ',' + state.y);
    if (p.shaded) words.push('--flat');  // (the page draws the heights' colours; the bake would also shade them)
    if (state.graph) words.push('--graph', 'graph.json');
    words.push('--size', size + 'x' + size, '-o', state.preset + '.png');
    return words.join(' ');
  }

  let frames = 0;
  function draw() {
    const started = performance.now();
    const step = Math.fround(state.scale / size);
    const grid = { x: state.x, y: state.y, step: step, width: size, height: size };
    let values;
    try {
      values = state.graph ? state.graph.grid2d(grid) : field.grid2d(grid);
    } catch (e) {
      $('error').textContent = e.message;
      return;
    }
    const filled = performance.now();
    const rgba = field.colour(values, state.preset, state.ramp);
    context.putImageData(new ImageData(rgba, size, size), 0, 0);
    const ms = filled - started;
    $('status').textContent = (size * size / 1e6).toFixed(2) + ' M samples in ' + ms.toFixed(1) + ' ms: ' +
      (ms > 0 ? (size * size / ms / 1e3).toFixed(1) : '-') + ' M samples/s (' + gn.isa + ', one thread)';
    $('command').textContent = bakeCommand();
    frames += 1;
    window.playground.frames = frames;
  }

  // Controls: a change sets that parameter (the library checks it), then redraws.
  for (const el of document.querySelectorAll('[data-parameter]')) {
    el.addEventListener('input', function () {
      const kind = gn.parameters[el.dataset.parameter].kind;
      state.params[el.dataset.parameter] = kind === 'choice' ? el.value : Number(el.value);
      rebuild();
    });
  }
  $('seed').addEventListener('change', function () {
    state.params.seed = $('seed').value === '' ? 'reference' : $('seed').value;
    rebuild();
  });
  $('preset').addEventListener('input', () => choosePreset($('preset').value));
  $('ramp').addEventListener('input', function () { state.ramp = $('ramp').value; draw(); });
  $('scale').addEventListener('input', function () { state.scale = Math.fround(Number($('scale').value)); draw(); });
  $('use-graph').addEventListener('change', loadGraph);
  $('graph').addEventListener('change', loadGraph);
  function loadGraph() {
    if (state.graph) state.graph.dispose();
    state.graph = null;
    $('error').textContent = '';
    if ($('use-graph').checked) {
      try {
        state.graph = gn.graph($('graph').value);
        if (state.graph.dimensions !== 2) throw new gradnoise.GradnoiseError('the playground draws 2D graphs');
      } catch (e) {
        if (state.graph) state.graph.dispose();
        state.graph = null;
        $('error').textContent = e.message;
      }
    }
    draw();
  }

  // Drag to pan (the origin moves by whole samples), scroll to zoom about the top-left corner.
  let dragging = null;
  canvas.addEventListener('pointerdown', function (e) {
    dragging = { x: e.clientX, y: e.clientY, ox: state.x, oy: state.y };
    canvas.setPointerCapture(e.pointerId);
  });
  canvas.addEventListener('pointermove', function (e) {
    if (!dragging) return;
    const step = Math.fround(state.scale / size);
    state.x = Math.fround(dragging.ox - Math.round(e.clientX - dragging.x) * step);
    state.y = Math.fround(dragging.oy - Math.round(e.clientY - dragging.y) * step);
    draw();
  });
  canvas.addEventListener('pointerup', () => { dragging = null; });
  canvas.addEventListener('wheel', function (e) {
    e.preventDefault();
    state.scale = Math.fround(Math.min(1024, Math.max(0.125, state.scale * (e.deltaY > 0 ? 1.25 : 0.8))));
    $('scale').value = state.scale;
    draw();
  }, { passive: false });

  // For scripts (tests/web/playground_test.js) and the console: the state, the command, a redraw.
  window.playground = { state: state, bakeCommand: bakeCommand, frames: 0, library: gn };
  choosePreset(query.get('preset') || 'terrain');
  window.playground.ready = true;
})().catch(function (e) {
  document.getElementById('error').textContent = 'cannot start: ' + (e && e.message ? e.message : e);
});
