// The viewer's command line: its options with their defaults, and the parser (exit 2 with a message
// on a bad option; --help prints the options and exits 0).
#ifndef GRADNOISE_VIEWER_VIEWER_OPTIONS_HPP
#define GRADNOISE_VIEWER_VIEWER_OPTIONS_HPP

#include <string>

namespace viewer {

struct Options {
    int frames = 0;  // 0: interactive
    int chunk = 64;
    int workers = 1;
    int width = 1280, height = 720;
    int vsync = -1;  // -1: on when interactive, off when scripted
    int view = 640;  // world units: chunks whose nearest point is closer are streamed and drawn
    bool far_origin = false;
    bool gpu = false;    // --generate gpu: chunks made by the field's generated GLSL (gpu_chunks.cpp)
    bool probe = false;  // --probe: compare resident chunks' textures with the CPU's fill at the end
    int lod = 0;              // --lod N: chunks farther away at chunk levels up to N (docs/spec.md 13.5)
    bool band_limit = false;  // --band-limit: the field's footprint is the sample spacing (spec 8.1)
    int erosion = 0;          // --erosion N: the erosion filter's octaves (spec 21)
    bool shimmer = false;     // --shimmer: measure the frame-to-frame change of the distant terrain
    double pace = 1.0;        // --pace F: the scripted flight at F times its speed
    std::string screenshot, log;
};


Options parse_options(int argc, char** argv);

}  // namespace viewer

#endif
