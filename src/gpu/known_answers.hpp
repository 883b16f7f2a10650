// Internal to gradnoise_gpu: the known-answer set -- the fields and graphs whose generated GLSL is
// checked against the CPU, declared once for `gradnoise gpu-check`, the C++ API (gradnoise/gpu.hpp),
// `bake --device gpu`'s check and the tests -- and each case prepared for a device: its GLSL, its
// input and the CPU's bits (the library's own evaluation, which equals the scalar reference on
// every ISA: tests/test_*.cpp).
#ifndef GRADNOISE_SRC_GPU_KNOWN_ANSWERS_HPP
#define GRADNOISE_SRC_GPU_KNOWN_ANSWERS_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"

namespace gradnoise::gpu {

// What is checked: a field of a descriptor, or a graph (its file's text).
struct Subject {
    std::string name;
    NoiseDesc desc;
    std::string graph;
};

// Every basis, fade, hash, seed, period, fractal kind, band limit, warp level and pattern.
std::vector<Subject> fields();
// Graphs every node type meets in (the compilers' folding zeros, a warped terrain).
std::vector<Subject> graphs();
// A terrain graph: a warped ridged fractal, terraced, plus cellular detail (the benchmark's too).
const char* terrain_graph();

enum class Form { value, gradient, chunk };
const char* form_name(Form form);

struct Case {
    Subject subject;
    int dims = 2;
    Form form = Form::value;
    // A value or gradient case's own points (dims floats each) and expected words (per point the value, then
    // the gradient's), as the conformance vectors give them; empty: the set's points and the CPU's bits.
    std::vector<float> points;
    std::vector<std::uint32_t> expected;
    std::string name() const;  // "perlin fbm, 6 octaves, 3D, gradient"
};

// The cases of the subjects: each dimension count and form the subject has (a field's chunks: 2D and 3D
// of the fields without warps or patterns that have gradients; a graph's: 2D).
std::vector<Case> cases_of(const std::vector<Subject>& subjects, bool values, bool gradients, bool chunks);

// A case ready for a device: GLSL functions (named after `name`) and the body of void <name>_run(uint i),
// which writes item i's outputs; the payload (after the parameters), the expected output words and
// the items. `binary64`: the text needs doubles. `error`: the case cannot be prepared (the library's
// refusal).
struct Prepared {
    std::string functions, run_body;
    std::vector<std::uint32_t> payload, expected;
    std::size_t items = 0, per_item = 1;
    bool binary64 = false;
    std::string error;
};
// `random`: the random points per value or gradient case (plus every combination of the awkward values
// per axis: +-0, subnormals, 0.5, 255.5, -256.25, 10^7 + 0.5, +-3e38, 2^24, 2^31, NaN, infinity).
// `with_gradient`: the text has the gradient functions (a gradient or chunk case needs them; the cases
// of one subject and dimension count share one text, so a value case may have them too).
Prepared prepare(const Case& c, const std::string& name, std::size_t random, bool with_gradient);
// Whether a case's text needs the gradient functions.
inline bool needs_gradient(const Case& c) { return c.form != Form::value && !(c.form == Form::chunk && !c.subject.graph.empty()); }

// The points a value or gradient case runs at, dims floats each (the random ones, then the awkward ones).
std::vector<float> case_points(int dims, std::size_t random);

}  // namespace gradnoise::gpu

#endif
