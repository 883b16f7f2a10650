// Emscripten --pre-js for the test programs under Node.js: the process's environment becomes the
// program's (getenv sees GRADNOISE_ISA, GRADNOISE_TEST_POINTS, ...), as it does natively.
Module['preRun'] = Module['preRun'] || [];
Module['preRun'].push(function () {
  if (typeof process !== 'undefined') Object.assign(ENV, process.env);
});
