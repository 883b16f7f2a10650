// The plugin's own translation unit (cmake/GradnoisePlugin.cmake), empty on purpose: the C API comes whole
// from the static library, and a shared library target needs a source of its own.
