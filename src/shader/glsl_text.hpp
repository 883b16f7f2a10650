// Internal to src/shader/: what the GLSL writers share -- the field being written, float constants
// as the bits of the CPU's floats, and the names of the vector types and components.
#ifndef GRADNOISE_SRC_SHADER_GLSL_TEXT_HPP
#define GRADNOISE_SRC_SHADER_GLSL_TEXT_HPP

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "gradnoise/noise.hpp"
#include "gradnoise/shader.hpp"
#include "gradnoise/status.hpp"
#include "tables/noise_tables.hpp"

namespace gradnoise::glsl {

// The field being written: its descriptor and tables, the function name every helper is named
// after, the dimension of its coordinates, and the name of the text's shared helpers (exact
// arithmetic: glsl_exact.cpp), written once per text (empty: the field's own name).
struct Field {
    const NoiseDesc& desc;
    const detail::NoiseTables& tables;
    std::string name;
    int dims;
    std::string library = std::string();

    int octaves() const { return desc.fractal.kind == Fractal::none ? 1 : desc.fractal.octaves; }
    std::string vec() const { return "vec" + std::to_string(dims); }
    std::string fn(const char* suffix) const { return name + suffix; }
    // A shared helper: <library>_divide, _sqrt, _narrow, _floor_quotient, _isnan, _nonfinite.
    std::string lib(const char* suffix) const { return (library.empty() ? name : library) + suffix; }
};

inline std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08Xu", static_cast<unsigned>(v));
    return buf;
}

inline std::uint32_t bits(float f) {
    std::uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

// A float exactly: its bits, so no decimal parser rounds it.
inline std::string constant(float v) { return "uintBitsToFloat(" + hex(bits(v)) + ")"; }

// Compilers fold x + 0 -> x and x * 0 -> 0 on compile-time zeros, which IEEE arithmetic does not
// allow (-0 + 0 is +0; -2 * 0 is -0); Mesa's GLSL compiler does so even under `precise` (measured).
// So the generated code never adds or multiplies a known zero: it writes the IEEE result instead,
// with these helpers (<name>_plus_zero(y) = +0 + y; <name>_times_zero(y) = y * +0).
inline std::string zero_helpers(const std::string& name, int dims) {
    const std::string vec = "vec" + std::to_string(dims);
    std::string s = "float " + name + "_plus_zero(float y) { return y == 0.0 ? 0.0 : y; }\n";
    s += "float " + name + "_times_zero(float y) {\n    return (floatBitsToUint(y) & 0x7F800000u) == 0x7F800000u ? uintBitsToFloat(0x7FC00000u)"
         " : uintBitsToFloat(floatBitsToUint(y) & 0x80000000u);\n}\n";
    for (const char* op : {"_plus_zero", "_times_zero"}) {
        s += vec + " " + name + op + "(" + vec + " y) { return " + vec + "(";
        for (int a = 0; a < dims; ++a) s += std::string(a ? ", " : "") + name + op + "(y[" + std::to_string(a) + "])";
        s += "); }\n";
    }
    return s;
}

// The text of k * x for a constant k (x an expression of a float or a vector).
inline std::string product(const std::string& name, float k, const std::string& x) {
    if (k == 0.0f) {
        return name + "_times_zero(" + (std::signbit(k) ? "-(" + x + ")" : x) + ")";
    }
    return constant(k) + " * " + x;
}

inline std::string parenthesized(const std::string& x) {
    std::string s(1, '(');
    s += x;
    s += ')';
    return s;
}

inline char component(int axis) { return "xyzw"[axis]; }

inline std::string number(int v) { return std::to_string(v); }

// [S 20] Once per text, before anything else: the macros every gradnoise text shares (the estimates
// the exact operations correct, the tables' qualifier, Vulkan's float controls on request).
std::string preamble();
// A table of words: the accessor uint <name>(uint i) over `const`/global data in the text
// (GRADNOISE_TABLE uint <name>_table[n]), or, where the program defines GRADNOISE_TABLES (a uint
// array of its own, e.g. a storage buffer), over GRADNOISE_TABLES[<name>_offset + i], the program
// having copied the text's data there (docs/gpu.md, "Tables"). Bytes in decimal, else hex.
std::string table(const std::string& name, const std::vector<std::uint32_t>& words, bool as_hex);
// [S 20] Once per text: <lib>_divide (float and vecN by float), <lib>_sqrt, <lib>_isnan, <lib>_nonfinite
// (float, vecN), and with binary64 <lib>_narrow (double, dvecN), <lib>_isnan(double) and
// <lib>_floor_quotient (glsl_exact.cpp).
std::string exact_helpers(const std::string& lib, bool binary64);
// [S 4.2] int <name>_cell(float v): floor(v) mod 256, 0 outside the int32 range (glsl_lattice.cpp).
std::string cell(const Field& f);
// [S 4.2] The cell split of p's axis a: x<a> (-0 -> +0), fl<a>, cell<a> and the fraction t<a>.
std::string cell_split(const Field& f, int a);
// The tables, the hash, the cell, the fades and one octave of a lattice basis: its value
// (<name>_noise), with its gradient (<name>_noise_gradient) and with its Hessian
// (<name>_noise_hessian, the damped fractal's gradient), per docs/spec.md sections 3-5, 10, 15, 18.2.
std::string lattice(const Field& f, bool gradient, bool hessian);
// One octave of cellular noise (<name>_noise, and <name>_noise_gradient), sections 17 and 18.6.
std::string cellular(const Field& f, bool gradient);
// One octave of OpenSimplex2 or OpenSimplex2S (<name>_noise, and <name>_noise_gradient; each also
// taking dvecN, the chunks' binary64 coordinates), sections 16 and 18.4.
std::string simplex(const Field& f, bool gradient);
// glsl.cpp: the request's checks (out, dimensions, name), a field's (what the GPU form covers),
// a field's whole text after the header line (the octaves, <name> and, with_gradient,
// <name>_gradient), and the header line.
Status check_options(const ShaderOptions& options, const std::string* out);
Status check_field(const NoiseDesc& desc, int dims, bool gradient);
std::string field_source(const Field& f, bool with_gradient);
std::string version_line(const std::string& what);
// [S 12.1] float <name>_sine_turns(float r): sin(2 pi r) by the project's polynomial (glsl.cpp).
std::string sine_turns(const Field& f);
// [S 21] A field with the erosion filter (glsl_erosion.cpp): the field without it under the name
// <name>_uneroded (plain_source), the filter, and <name>, <name>_gradient, and the chunk forms
// <name>_octaves(q, e) / <name>_octaves_gradient(q, e, d) taking the filter's cell coordinates too.
std::string eroded_source(const Field& f, bool with_gradient);
// [S 21] The filter alone, for f's table: float <name>_erode(vec2 e[M], float v, vecN g, out vecN d)
// and its helpers (the graph's erode node: glsl_graph.cpp).
std::string erosion_functions(const Field& f);
// field_source without the filter: what a field without erosion is (glsl.cpp).
std::string plain_source(const Field& f, bool with_gradient);
// The octave sums of section 8 and 18.3 (<name>_octaves, <name>_octaves_gradient: octave k at the
// given coordinates q[k]) and the fractal at a point (<name>_fractal, <name>_fractal_gradient).
std::string octaves(const Field& f, bool gradient);

}  // namespace gradnoise::glsl

#endif
