// Internal to src/shader/: what the two simplex writers share -- OpenSimplex2 (glsl_simplex.cpp,
// which also writes the parts both families use: integer operations, cells, vertices, the
// orientation) and OpenSimplex2S's lattice walks (glsl_simplex_smooth.cpp).
#ifndef GRADNOISE_SRC_SHADER_GLSL_SIMPLEX_HPP
#define GRADNOISE_SRC_SHADER_GLSL_SIMPLEX_HPP

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <utility>

#include "shader/glsl_text.hpp"

namespace gradnoise::glsl {

// $X in a template -> its value (keys replaced in the order given: a key that begins another,
// $U before $U1, must come after it).
inline std::string expand(std::string text, const std::initializer_list<std::pair<const char*, std::string>>& values) {
    for (const auto& [key, value] : values) {
        for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size())) {
            text.replace(at, std::strlen(key), value);
        }
    }
    return text;
}

// A double exactly: its bits.
inline std::string double_bits(double v) {
    std::uint64_t u;
    std::memcpy(&u, &v, sizeof u);
    return "packDouble2x32(uvec2(" + hex(static_cast<std::uint32_t>(u)) + ", " + hex(static_cast<std::uint32_t>(u >> 32)) + "))";
}

// The variant's arithmetic: K.jpg's (binary64 coordinates, 64-bit integers as uvec2 (low, high))
// or the mix variant's (spec 16.7: float and uint).
struct Variant {
    bool mix;
    std::string coord() const { return mix ? "float" : "double"; }
    std::string cvec(int dims) const { return (mix ? "vec" : "dvec") + number(dims); }
    std::string real(double v) const { return mix ? constant(static_cast<float>(v)) : double_bits(v); }
    std::string integer(std::uint64_t v) const {
        return mix ? hex(static_cast<std::uint32_t>(v))
                   : "uvec2(" + hex(static_cast<std::uint32_t>(v)) + ", " + hex(static_cast<std::uint32_t>(v >> 32)) + ")";
    }
    std::string itype() const { return mix ? "uint" : "uvec2"; }
};

// [S 16.3-16.5] OpenSimplex2S's evaluation at the oriented point (<name>_base, with the gradient
// <name>_base_gradient: the offset-frame sums in d), on the helpers glsl_simplex.cpp writes.
std::string smooth_base(const Field& f, const Variant& v, bool gradient);

}  // namespace gradnoise::glsl

#endif
