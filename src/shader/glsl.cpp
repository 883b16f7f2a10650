// [S 8, 11, 12, 13, 18] GLSL for a field: the reference's operations (src/reference/) in the same order,
// as text. This file checks the request and writes the field level -- warps, patterns and the
// gradient through the warps' Jacobian (src/reference/fractal.cpp, gradient.cpp); glsl_lattice.cpp
// writes one octave and glsl_octaves.cpp the sums of octaves. Floats are written as the bits of the
// CPU's values (uintBitsToFloat), every float temporary is `precise` (no contraction into FMA, no
// reassociation), and hashes are uint arithmetic.
#include "gradnoise/shader.hpp"

#include <cctype>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "shader/glsl_text.hpp"
#include "tables/simplex_tiling.hpp"

namespace gradnoise {
namespace {

using glsl::component;
using glsl::constant;
using glsl::number;

bool identifier(const char* s) {
    if (s == nullptr || !(std::isalpha(static_cast<unsigned char>(*s)) || *s == '_')) return false;
    for (; *s != '\0'; ++s) {
        if (!(std::isalnum(static_cast<unsigned char>(*s)) || *s == '_')) return false;
    }
    return true;
}

std::string nonfinite(const glsl::Field& f, const char* p) { return f.lib("_nonfinite") + "(" + p + ")"; }

// [S 11] The warps: level l displaces p by strength * D, D_a the fractal at at * f_w + c_{l,a}
// (product, then sum, per axis); then the fractal at the displaced point.
std::string warped_value(const glsl::Field& f) {
    const WarpParams& w = f.desc.warp;
    const std::string vec = f.vec();
    std::string s = "    precise " + vec + " at = p;\n";
    for (int level = 0; level < w.levels; ++level) {
        std::string d = vec + "(";
        for (int a = 0; a < f.dims; ++a) {
            const std::string A = number(level) + number(a);
            s += "    precise " + vec + " q" + A + " = " + glsl::product(f.name, w.frequency, "at") + " + " + vec + "(" +
                 constant(detail::warp_offset[level][a]) + ");\n";
            s += "    precise float d" + A + " = " + f.fn("_fractal") + "(q" + A + ");\n";
            d += (a ? ", d" : "d") + A;
        }
        s += "    at = p + " + glsl::product(f.name, w.strength, d + ")") + ";\n";
    }
    return s + "    precise float v = " + f.fn("_fractal") + "(at);\n";
}

// [S 12] sine(t) in float, no libm: the turn (t / 2 pi, through sine_turns).
std::string sine(const glsl::Field& f) {
    return glsl::sine_turns(f) + "float " + f.fn("_sine") + "(float t) {\n    precise float r = t * " +
           constant(detail::sine_inv_two_pi) + ";\n    return " + f.fn("_sine_turns") + "(r);\n}\n";
}

// [S 11, 12] float <name>(p): the warped fractal, then the pattern and its finishing.
std::string value_field(const glsl::Field& f) {
    const PatternParams& pattern = f.desc.pattern;
    std::string s = pattern.kind == Pattern::marble ? sine(f) : std::string();
    s += "float " + f.name + "(" + f.vec() + " p) {\n";
    if (f.desc.warp.levels == 0 && pattern.kind == Pattern::none) {
        return s + "    return " + f.fn("_fractal") + "(p);\n}\n";
    }
    s += warped_value(f);
    switch (pattern.kind) {
        case Pattern::marble:
            // (the argument through a precise temporary: a compiler may fuse arithmetic written as an argument)
            s += "    precise float turn = " + glsl::product(f.name, pattern.frequency, "p.x") + " + " +
                 glsl::product(f.name, pattern.strength, "v") + ";\n";
            s += "    precise float r = 0.5 + 0.5 * " + f.fn("_sine") + "(turn);\n";
            break;
        case Pattern::wood:
            // (the sum through a precise temporary: a compiler may fuse arithmetic written as an argument)
            s += "    precise float radius2 = p.x * p.x + p.y * p.y;\n";
            s += "    precise float g = " + glsl::product(f.name, pattern.frequency, f.lib("_sqrt") + "(radius2)") + " + " +
                 glsl::product(f.name, pattern.strength, "v") + ";\n    precise float r = g - floor(g);\n";
            break;
        default: return s + "    return v;\n}\n";
    }
    // [S 12.3] a non-finite p or a NaN -> 0; a wood value of 1 -> 0; clamp to [0, 1].
    s += "    if (" + nonfinite(f, "p") + " || " + f.lib("_isnan") + "(r)) return 0.0;\n";
    if (pattern.kind == Pattern::wood) s += "    if (r >= 1.0) return 0.0;\n";
    return s + "    return r < 0.0 ? 0.0 : (r > 1.0 ? 1.0 : r);\n}\n";
}

// [S 18.3] float <name>_gradient(p, out d): the value and its gradient; through the warps, the
// Jacobian J of the warped point (J[a][b] as jab) carried level by level.
std::string gradient_field(const glsl::Field& f) {
    const WarpParams& w = f.desc.warp;
    const std::string vec = f.vec();
    const int n = f.dims;
    std::string s = "float " + f.fn("_gradient") + "(" + vec + " p, out " + vec + " d) {\n";
    if (w.levels == 0) {
        return s + "    return " + f.fn("_fractal_gradient") + "(p, d);\n}\n";
    }
    // J[a][b] by name: "1.0" and "" (a known +0) for the identity, then jab. FW * +0 is +0 (the
    // warp frequency is finite and > 0), so g_c * (FW * +0) is g_c * +0.
    std::vector<std::string> jacobian(16);
    auto J = [&](int a, int b) -> std::string& { return jacobian[static_cast<std::size_t>(a * 4 + b)]; };
    for (int a = 0; a < n; ++a) {
        for (int b = 0; b < n; ++b) J(a, b) = a == b ? "1.0" : "";
    }
    s += "    precise " + vec + " at = p;\n";
    const float FW = w.frequency, S = w.strength;
    auto term = [&](const std::string& g, int c, int b) {
        const std::string& j = J(c, b);
        if (j.empty()) return f.fn("_times_zero") + "(" + g + "." + component(c) + ")";
        return g + "." + component(c) + " * " + (j == "1.0" ? constant(FW) : "(" + glsl::product(f.name, FW, j) + ")");
    };
    for (int level = 0; level < w.levels; ++level) {
        std::string d = vec + "(";
        for (int a = 0; a < n; ++a) {
            const std::string A = number(level) + number(a);
            s += "    precise " + vec + " q" + A + " = " + glsl::product(f.name, FW, "at") + " + " + vec + "(" +
                 constant(detail::warp_offset[level][a]) + ");\n";
            s += "    " + vec + " g" + A + ";\n    precise float d" + A + " = " + f.fn("_fractal_gradient") + "(q" + A + ", g" + A + ");\n";
            for (int b = 0; b < n; ++b) {
                const std::string e = "e" + A + number(b);
                s += "    precise float " + e + " = " + term("g" + A, 0, b) + ";\n";
                for (int c = 1; c < n; ++c) s += "    " + e + " = " + e + " + " + term("g" + A, c, b) + ";\n";
                const std::string scaled = glsl::product(f.name, S, e);
                s += "    precise float n" + A + number(b) + " = " +
                     (a == b ? "1.0 + " + scaled : f.fn("_plus_zero") + "(" + scaled + ")") + ";\n";
            }
            d += (a ? ", d" : "d") + A;
        }
        s += "    at = p + " + glsl::product(f.name, S, d + ")") + ";\n";
        for (int a = 0; a < n; ++a) {
            for (int b = 0; b < n; ++b) {
                const std::string name = std::string("j") + number(a) + number(b);
                s += (level == 0 ? "    precise float " : "    ") + name + " = n" + number(level) + number(a) + number(b) + ";\n";
                J(a, b) = name;
            }
        }
    }
    s += "    " + vec + " g;\n    precise float v = " + f.fn("_fractal_gradient") + "(at, g);\n";
    std::string r = vec + "(";
    for (int b = 0; b < n; ++b) {
        const std::string D = "r" + number(b);
        s += "    precise float " + D + " = g.x * " + J(0, b) + ";\n";  // (levels >= 1: J is the jab)
        for (int c = 1; c < n; ++c) s += "    " + D + " = " + D + " + g." + component(c) + " * " + J(c, b) + ";\n";
        r += std::string(b ? ", " : "") + f.lib("_isnan") + "(" + D + ") ? 0.0 : " + D;
    }
    // A non-finite p: a +0 gradient; a NaN component (an overflow): +0.
    s += "    d = " + nonfinite(f, "p") + " ? " + vec + "(0.0) : " + r + ");\n";
    return s + "    return v;\n}\n";
}

}  // namespace

namespace glsl {

// [S 12.1] sin(2 pi r) of r in turns: r - floor(r), the fold, the degree-11 odd polynomial.
std::string sine_turns(const Field& f) {
    return "float " + f.fn("_sine_turns") + "(float t) {\n    precise float r = t - floor(t);\n    precise float u = r - 0.5;\n"
           "    if (u > 0.25) u = 0.5 - u;\n    else if (u < -0.25) u = -0.5 - u;\n"
           "    precise float u2 = u * u;\n    precise float s = " + constant(detail::sine_c11) + ";\n" +
           "    s = s * u2 + " + constant(detail::sine_c9) + ";\n    s = s * u2 + " + constant(detail::sine_c7) +
           ";\n    s = s * u2 + " + constant(detail::sine_c5) + ";\n    s = s * u2 + " + constant(detail::sine_c3) +
           ";\n    s = s * u2 + " + constant(detail::sine_c1) + ";\n    precise float r2 = -(s * u);\n    return r2;\n}\n";
}

Status check_options(const ShaderOptions& options, const std::string* out) {
    if (out == nullptr) {
        return Status(ErrorCode::null_pointer, "shader_source: out is null");
    }
    if (options.dimensions < 2 || options.dimensions > 4) {
        return Status(ErrorCode::invalid_argument, "shader_source: options.dimensions must be 2, 3 or 4");
    }
    if (!identifier(options.function_name) || std::strncmp(options.function_name, "gl_", 3) == 0) {
        return Status(ErrorCode::invalid_argument,
                      "shader_source: options.function_name must be a GLSL identifier (letters, digits, _; not gl_...)");
    }
    return Status();
}

Status check_field(const NoiseDesc& desc, int dims, bool gradient) {
    const bool cellular = desc.basis == Basis::cellular, simplex = basis_family(desc.basis) == BasisFamily::simplex;
    if (cellular && dims == 4) {
        return Status(ErrorCode::invalid_argument, "shader_source: cellular noise has no 4D (docs/spec.md section 17)");
    }
    if (!detail::has_4d(desc) && dims == 4) {
        return Status(ErrorCode::invalid_argument,
                      "shader_source: a tiled simplex field has no 4D (docs/spec.md section 16.8)");
    }
    if ((cellular || simplex) && gradient && desc.fractal.kind == Fractal::damped) {
        return Status(ErrorCode::invalid_argument,
                      "shader_source: options.gradient: the damped fractal's gradient needs the octaves' Hessians, "
                      "which the lattice bases alone have (docs/spec.md section 18.3)");
    }
    if (gradient && desc.pattern.kind != Pattern::none) {
        return Status(ErrorCode::invalid_argument,
                      "shader_source: options.gradient: a pattern has no gradient (docs/spec.md section 18)");
    }
    return Status();
}

std::string field_source(const Field& f, bool with_gradient) {
    return f.desc.erosion.octaves > 0 ? eroded_source(f, with_gradient) : plain_source(f, with_gradient);
}

std::string plain_source(const Field& f, bool with_gradient) {
    const NoiseDesc& desc = f.desc;
    const bool cellular = desc.basis == Basis::cellular, simplex = basis_family(desc.basis) == BasisFamily::simplex;
    // The damped fractal's value needs the octaves' gradients, its gradient their Hessians.
    const bool damped = desc.fractal.kind == Fractal::damped;
    const bool gradient = with_gradient || damped;
    std::string s = "const int " + f.fn("_octave_count") + " = " + number(f.octaves()) + ";\n";
    s += zero_helpers(f.name, f.dims);
    s += cellular  ? glsl::cellular(f, gradient)
         : simplex ? glsl::simplex(f, gradient)
                   : glsl::lattice(f, gradient, damped && with_gradient);
    s += glsl::octaves(f, with_gradient);
    s += value_field(f);
    if (with_gradient) s += gradient_field(f);
    return s;
}

std::string version_line(const std::string& what) {
    return "// gradnoise " + std::string(version_string()) + ": " + what +
           " (docs/spec.md; generated by gradnoise::shader_source: the CPU's bits)\n";
}

}  // namespace glsl

Status shader_source(const NoiseDesc& desc, const ShaderOptions& options, std::string* out) {
    if (Status s = glsl::check_options(options, out); !s) {
        return s;
    }
    if (Status s = glsl::check_field(desc, options.dimensions, options.gradient); !s) {
        return s;
    }
    Noise noise;
    if (Status s = Noise::create(desc, &noise); !s) {
        return s;
    }
    try {
        const glsl::Field f{desc, noise.tables(), options.function_name, options.dimensions};
        std::string s = glsl::version_line(std::string(basis_name(desc.basis)) + " " + number(f.dims) + "D, fade " +
                                           fade_name(desc.fade) + ", hash " + hash_name(desc.hash));
        s += glsl::preamble() + glsl::exact_helpers(f.name, basis_family(desc.basis) == BasisFamily::simplex);
        s += glsl::field_source(f, options.gradient);
        *out = std::move(s);
    } catch (const std::bad_alloc&) {
        return Status(ErrorCode::out_of_memory, "shader_source: out of memory");
    }
    return Status();
}

}  // namespace gradnoise
