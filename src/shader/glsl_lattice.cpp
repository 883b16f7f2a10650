// [S 3, 4, 5, 10, 15, 18.1, 18.2] One octave of a lattice basis as GLSL: the reference's operations
// (src/reference/perlin.cpp, hash.cpp, lattice.cpp, gradient.cpp) in its order, unrolled here over
// the corners and the levels of the lerp tree as the reference loops over them. Every float
// temporary is `precise` (no contraction into FMA, no reassociation); hashes are uint arithmetic.
#include <string>
#include <vector>

#include "shader/glsl_text.hpp"
#include "tables/mix_hash.hpp"

namespace gradnoise::glsl {
namespace {

// The table of n words get(0 .. n - 1) (glsl_text.hpp: table).
template <class Get>
std::string uint_table(const std::string& name, int n, bool as_hex, Get get) {
    std::vector<std::uint32_t> words(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) words[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(get(i));
    return table(name, words, as_hex);
}

const float* classic_axis(const detail::NoiseTables& t, int dims, int axis) {
    return dims == 2 ? t.classic2[axis] : dims == 3 ? t.classic3[axis] : t.classic4[axis];
}

// Perlin's gradient set applies: perlin in every dimension, isotropic in 3D and 4D ([S 15]).
bool perlin_gradients(const Field& f) {
    return f.desc.basis == Basis::perlin || (f.desc.basis == Basis::isotropic && f.dims > 2);
}

std::string tables(const Field& f) {
    const detail::NoiseTables& t = f.tables;
    std::string s;
    if (f.desc.hash == Hash::permutation) {
        s += uint_table(f.fn("_perm"), 256, false, [&](int i) { return t.permutation[static_cast<std::size_t>(i)]; });
    }
    if (f.desc.basis == Basis::classic) {
        for (int a = 0; a < f.dims; ++a) {
            const float* table = classic_axis(t, f.dims, a);
            s += uint_table(f.fn("_gradient") + component(a), 256, true, [&](int i) { return bits(table[i]); });
        }
    } else if (f.desc.basis == Basis::value) {
        s += uint_table(f.fn("_values"), 256, true, [&](int i) { return bits(t.values[i]); });
    } else if (f.desc.basis == Basis::isotropic && f.dims == 2) {
        s += uint_table(f.fn("_isotropicx"), 16, true, [&](int i) { return bits(detail::isotropic_gradient_x[i]); });
        s += uint_table(f.fn("_isotropicy"), 16, true, [&](int i) { return bits(detail::isotropic_gradient_y[i]); });
    }
    return s;
}

// [S 3] The corner hash of lattice indices c, wrapped by the octave's masks m ([S 10.3]): Perlin's
// chain (2D: the 3D chain with Z = 0), or the mixing hash in uint arithmetic mod 2^32.
std::string hash(const Field& f) {
    const std::string P = f.fn("_perm");
    std::string s = "int " + f.fn("_hash") + "(ivec4 c, ivec4 m) {\n    c &= m;\n";
    if (f.desc.hash == Hash::permutation) {
        std::string chain = "int(" + P + "(c.x & 255))";
        for (int a = 1; a < (f.dims == 4 ? 4 : 3); ++a) {
            chain = "int(" + P + "((" + chain + " + c." + component(a) + ") & 255))";
        }
        s += "    return " + chain + ";\n";
    } else {
        s += "    uint h = ((uint(c.x) * " + hex(detail::mix_prime_x) + ") ^ (uint(c.y) * " + hex(detail::mix_prime_y) +
             ") ^ (uint(c.z) * " + hex(detail::mix_prime_z) + ")" +
             (f.dims == 4 ? " ^ (uint(c.w) * " + hex(detail::mix_prime_w) + ")" : std::string()) + " ^ " +
             hex(f.tables.mix_key) + ") * " + hex(detail::mix_multiplier) + ";\n";
        s += "    return int((h >> 28) | ((h >> 20) & 0xF0u));\n";
    }
    return s + "}\n";
}

// [S 4.4, 10.1, 10.2, 10.4, 15] The value at a corner of hash h, offset o from the sample point.
std::string corner(const Field& f) {
    const std::string F = f.name;
    std::string s = "float " + f.fn("_corner") + "(int h, vec4 o) {\n";
    if (f.desc.basis == Basis::classic) {
        std::string sum;
        for (int a = 0; a < f.dims; ++a) {
            const std::string term = "uintBitsToFloat(" + F + "_gradient" + component(a) + "(h)) * o." + component(a);
            sum = a == 0 ? term : a == 1 ? sum + " + " + term : "(" + sum + ") + " + term;
        }
        s += "    precise float r = " + sum + ";\n    return r;\n";
    } else if (f.desc.basis == Basis::value) {
        s += "    return uintBitsToFloat(" + F + "_values(h));\n";
    } else if (!perlin_gradients(f)) {  // isotropic 2D
        s += "    precise float r = uintBitsToFloat(" + F + "_isotropicx(h & 15)) * o.x + uintBitsToFloat(" + F +
             "_isotropicy(h & 15)) * o.y;\n    return r;\n";
    } else if (f.dims == 4) {  // [S 10.4] grad4
        s += "    h &= 31;\n    float a = h < 24 ? o.x : o.y;\n    float b = h < 16 ? o.y : o.z;\n"
             "    float c = h < 8 ? o.z : o.w;\n"
             "    precise float r = (((h & 1) == 0 ? a : -a) + ((h & 2) == 0 ? b : -b)) + ((h & 4) == 0 ? c : -c);\n"
             "    return r;\n";
    } else {  // [S 4.4] grad (2D: z = +0)
        s += "    h &= 15;\n    float u = h < 8 ? o.x : o.y;\n    float v = h < 4 ? o.y : ((h == 12 || h == 14) ? o.x : o.z);\n"
             "    precise float r = ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);\n    return r;\n";
    }
    return s + "}\n";
}

// [S 18.2] The corner's gradient: the vector its value is the dot product with (+0 components).
std::string corner_gradient(const Field& f) {
    const std::string F = f.name;
    std::string s = "vec4 " + f.fn("_corner_gradient") + "(int h) {\n";
    if (f.desc.basis == Basis::classic) {
        s += "    return vec4(";
        for (int a = 0; a < 4; ++a) {
            s += (a ? ", " : "") + (a < f.dims ? "uintBitsToFloat(" + F + "_gradient" + component(a) + "(h))" : std::string("0.0"));
        }
        s += ");\n";
    } else if (f.desc.basis == Basis::value) {
        s += "    return vec4(0.0);\n";
    } else if (!perlin_gradients(f)) {
        s += "    return vec4(uintBitsToFloat(" + F + "_isotropicx(h & 15)), uintBitsToFloat(" + F +
             "_isotropicy(h & 15)), 0.0, 0.0);\n";
    } else if (f.dims == 4) {
        // (by selects, not a vector indexed at run time, which a GPU keeps in slow local memory)
        s += "    h &= 31;\n    float a = (h & 1) != 0 ? -1.0 : 1.0, b = (h & 2) != 0 ? -1.0 : 1.0, c = (h & 4) != 0 ? -1.0 : 1.0;\n"
             "    return vec4(h < 24 ? a : 0.0, h < 24 ? (h < 16 ? b : 0.0) : a, h < 16 ? (h < 8 ? c : 0.0) : b,"
             " h < 8 ? 0.0 : c);\n";
    } else {
        s += "    h &= 15;\n    float a = (h & 1) != 0 ? -1.0 : 1.0, b = (h & 2) != 0 ? -1.0 : 1.0;\n"
             "    int j = h < 4 ? 1 : ((h == 12 || h == 14) ? 0 : 2);\n"
             "    return vec4(j == 0 ? b : (h < 8 ? a : 0.0), j == 1 ? b : (h < 8 ? 0.0 : a), j == 2 ? b : 0.0, 0.0);\n";
    }
    return s + "}\n";
}

enum class Order { value, gradient, hessian };

// [S 4-5, 10.4, 18.2] One octave at p with the lattice masks m: the cell split and fades, the
// corners in the order c = i + 2j + 4k + 8l, then the lerp tree (level l lerps along axis l) on the
// values, the gradient components and the Hessian entries (a <= b), as lattice_second in
// src/reference/gradient.cpp. The values are the value function's operations, so every order
// returns the same value bits.
std::string octave(const Field& f, Order order) {
    const int n = f.dims;
    const std::string N = number(n);
    const std::string vec = f.vec();
    const bool grad = order != Order::value, hess = order == Order::hessian;
    const char* suffix = order == Order::value ? "_noise" : order == Order::gradient ? "_noise_gradient" : "_noise_hessian";
    std::string s = "float " + f.fn(suffix) + "(" + vec + " p, ivec4 m" + (grad ? ", out " + vec + " d" : "") +
                    (hess ? ", out float hessian[" + number(n * n) + "]" : "") + ") {\n";
    s += "    if (" + f.lib("_nonfinite") + "(p)) {\n";
    if (grad) s += "        d = " + vec + "(0.0);\n";
    if (hess) s += "        for (int i = 0; i < " + number(n * n) + "; ++i) hessian[i] = 0.0;\n";
    s += "        return 0.0;\n    }\n";
    // [S 4.2, 4.3, 18.1] per axis: -0 -> +0, the floor, the cell, the fraction, the fade (and its
    // derivatives), the fraction - 1 (the far corners' offset).
    for (int a = 0; a < n; ++a) {
        const std::string A = number(a);
        s += cell_split(f, a);
        s += "    precise float u" + A + " = " + f.fn("_fade") + "(t" + A + ");\n";
        if (grad) s += "    precise float du" + A + " = " + f.fn("_fade_derivative") + "(t" + A + ");\n";
        if (hess) s += "    precise float ddu" + A + " = " + f.fn("_fade_second_derivative") + "(t" + A + ");\n";
        s += "    precise float t1" + A + " = t" + A + " - 1.0;\n";
    }
    // Corners: value (and gradient vector) at each. An empty name below is a known +0 (a corner's
    // Hessian, the value basis' gradients), whose sums are written without the zero (glsl_text.hpp).
    const int corners = 1 << n;
    const bool zero_gradients = f.desc.basis == Basis::value;
    auto V = [](int level, int c) { return "v" + number(level) + "_" + number(c); };
    auto G = [&](int level, int a, int c) {
        if (level == 0) return zero_gradients ? std::string() : "g0_" + number(c) + "." + component(a);
        return "g" + number(level) + "_" + number(a) + "_" + number(c);
    };
    auto H = [](int level, int a, int b, int c) {
        return "h" + number(level) + "_" + number(a) + number(b) + "_" + number(c);
    };
    for (int c = 0; c < corners; ++c) {
        std::string at = "ivec4(", o = "vec4(";
        for (int a = 0; a < 4; ++a) {
            const bool bit = a < n && ((c >> a) & 1);
            at += (a ? ", " : "") + (a < n ? "cell" + number(a) + (bit ? " + 1" : "") : std::string("0"));
            o += (a ? ", " : "") + (a < n ? (bit ? "t1" : "t") + number(a) : std::string("0.0"));
        }
        s += "    int h" + number(c) + " = " + f.fn("_hash") + "(" + at + "), m);\n";
        s += "    precise float " + V(0, c) + " = " + f.fn("_corner") + "(h" + number(c) + ", " + o + "));\n";
        if (grad && !zero_gradients) s += "    vec4 g0_" + number(c) + " = " + f.fn("_corner_gradient") + "(h" + number(c) + ");\n";
    }
    // The lerp tree: the Hessian entries, then the gradient components, then the values (the
    // children's, before this level), each by name (empty: a known +0).
    const std::string L = f.fn("_lerp"), plus_zero = f.fn("_plus_zero");
    // lerp(u, lo, hi) with either side a known +0: +0 + u * (hi - +0) = +0 + u * hi, and
    // lo + u * (+0 - lo) = lo + u * (+0 + -lo).
    auto lerp = [&](const std::string& u, const std::string& lo, const std::string& hi) {
        if (lo.empty() && hi.empty()) return std::string();
        if (lo.empty()) return plus_zero + "(" + u + " * " + hi + ")";
        if (hi.empty()) return lo + " + " + u + " * " + plus_zero + "(-" + lo + ")";
        return L + "(" + u + ", " + lo + ", " + hi + ")";
    };
    auto difference = [&](const std::string& hi, const std::string& lo) {  // hi - lo
        if (hi.empty() && lo.empty()) return std::string();
        if (lo.empty()) return "(" + hi + ")";
        if (hi.empty()) return "(" + plus_zero + "(-" + lo + "))";
        return "(" + hi + " - " + lo + ")";
    };
    // name = (name) + term, where the name may be a known +0 (then +0 + term) and the term may be
    // du * (a known +0): du * +0 is +0 (du is finite and >= 0), and x + +0 is +0 + x.
    auto add = [&](std::string& name, const std::string& target, const std::string& factor, const std::string& diff) {
        if (diff.empty()) {
            if (!name.empty()) s += "    " + target + " = " + plus_zero + "(" + name + ");\n", name = target;
            return;
        }
        const std::string term = factor + " * " + diff;
        s += name.empty() ? "    precise float " + target + " = " + plus_zero + "(" + term + ");\n"
                          : (name == target ? "    " : "    precise float ") + target + " = " + name + " + " + term + ";\n";
        name = target;
    };
    std::vector<std::string> hess_at(static_cast<std::size_t>(corners * 16)), grad_at(static_cast<std::size_t>(corners * 4));
    auto Hname = [&](int a, int b, int c) -> std::string& { return hess_at[static_cast<std::size_t>((c * 4 + a) * 4 + b)]; };
    auto Gname = [&](int a, int c) -> std::string& { return grad_at[static_cast<std::size_t>(c * 4 + a)]; };
    for (int c = 0; c < corners; ++c) {
        for (int a = 0; a < n; ++a) Gname(a, c) = G(0, a, c);
    }
    int count = corners;
    for (int level = 0; level < n; ++level) {
        count /= 2;
        const std::string l = number(level), u = "u" + l, du = "du" + l, ddu = "ddu" + l;
        std::vector<std::string> next_h(hess_at.size()), next_g(grad_at.size());
        for (int c = 0; c < count; ++c) {
            const int lo = 2 * c, hi = 2 * c + 1;
            const std::string diff = "(" + V(level, hi) + " - " + V(level, lo) + ")";
            if (hess) {
                for (int a = 0; a < n; ++a) {
                    for (int b = a; b < n; ++b) {
                        const std::string h = H(level + 1, a, b, c);
                        std::string name = lerp(u, Hname(a, b, lo), Hname(a, b, hi));
                        if (!name.empty()) {
                            s += "    precise float " + h + " = " + name + ";\n";
                            name = h;
                        }
                        if (a == level) add(name, h, du, difference(Gname(b, hi), Gname(b, lo)));
                        if (b == level) add(name, h, du, difference(Gname(a, hi), Gname(a, lo)));
                        if (a == level && b == level) add(name, h, ddu, diff);
                        next_h[static_cast<std::size_t>((c * 4 + a) * 4 + b)] = name;
                    }
                }
            }
            if (grad) {
                for (int a = 0; a < n; ++a) {
                    const std::string g = G(level + 1, a, c);
                    std::string name = lerp(u, Gname(a, lo), Gname(a, hi));
                    if (!name.empty()) {
                        s += "    precise float " + g + " = " + name + ";\n";
                        name = g;
                    }
                    if (a == level) add(name, g, du, diff);
                    next_g[static_cast<std::size_t>(c * 4 + a)] = name;
                }
            }
            s += "    precise float " + V(level + 1, c) + " = " + L + "(" + u + ", " + V(level, lo) + ", " + V(level, hi) + ");\n";
        }
        hess_at = next_h;
        grad_at = next_g;
    }
    auto or_zero = [](const std::string& name) { return name.empty() ? std::string("0.0") : name; };
    if (grad) {
        s += "    d = " + vec + "(";
        for (int a = 0; a < n; ++a) s += (a ? ", " : "") + or_zero(Gname(a, 0));
        s += ");\n";
    }
    if (hess) {
        for (int a = 0; a < n; ++a) {
            for (int b = 0; b < n; ++b) {
                s += "    hessian[" + number(a * n + b) + "] = " + or_zero(Hname(a < b ? a : b, a < b ? b : a, 0)) + ";\n";
            }
        }
    }
    return s + "    return " + V(n, 0) + ";\n}\n";
}

}  // namespace

std::string cell(const Field& f) {
    return "int " + f.fn("_cell") + "(float v) { return abs(v) < 2147483648.0 ? (int(v) & 255) : 0; }\n";
}

std::string cell_split(const Field& f, int a) {
    const std::string A = number(a);
    return "    precise float x" + A + " = " + f.fn("_plus_zero") + "(p." + component(a) + ");\n" +
           "    precise float fl" + A + " = floor(x" + A + ");\n" +
           "    int cell" + A + " = " + f.fn("_cell") + "(fl" + A + ");\n" +
           "    precise float t" + A + " = x" + A + " - fl" + A + ";\n";
}

std::string lattice(const Field& f, bool gradient, bool hessian) {
    std::string s = tables(f) + hash(f) + cell(f);
    // [S 4.3, 18.1] the fade curve and its derivatives.
    const bool cubic = f.desc.fade == Fade::cubic;
    s += "float " + f.fn("_fade") + "(float t) { precise float r = " +
         (cubic ? "t * t * (3.0 - 2.0 * t)" : "t * t * t * (t * (t * 6.0 - 15.0) + 10.0)") + "; return r; }\n";
    if (gradient) {
        s += "float " + f.fn("_fade_derivative") + "(float t) { precise float r = " +
             (cubic ? "(t * 6.0) * (1.0 - t)" : "((t * t) * 30.0) * ((t - 1.0) * (t - 1.0))") + "; return r; }\n";
    }
    if (hessian) {
        s += "float " + f.fn("_fade_second_derivative") + "(float t) { precise float r = " +
             (cubic ? "6.0 - 12.0 * t" : "((t * 60.0) * (t - 1.0)) * ((t + t) - 1.0)") + "; return r; }\n";
    }
    // [S 4.5] a + t * (b - a).
    s += "float " + f.fn("_lerp") + "(float t, float a, float b) { precise float r = a + t * (b - a); return r; }\n";
    s += corner(f);
    if (gradient) s += corner_gradient(f);
    s += octave(f, Order::value);
    if (gradient) s += octave(f, Order::gradient);
    if (hessian) s += octave(f, Order::hessian);
    return s;
}

}  // namespace gradnoise::glsl
