// [S 21] The erosion filter as GLSL: the stripes of one octave (a function of plain floats, its 4x4
// cells unrolled) and the filter's quantities with derivatives (spec 21.2), unrolled per octave
// with the CPU's table (frequencies, depths, keys, masks as bits), in the order of
// src/reference/erosion.cpp. The derivative parts that the reference starts as constants (+0) are
// tracked here as known zeros and combined by IEEE's rules when the text is written, so the text
// never adds or multiplies a literal zero (compilers fold those: glsl_text.hpp, zero_helpers).
#include <string>
#include <vector>

#include "shader/glsl_text.hpp"
#include "tables/erosion.hpp"
#include "tables/mix_hash.hpp"

namespace gradnoise::glsl {
namespace {

// [S 17.1] The 32-bit hash of a wrapped cell with the octave's key; axis a's offset.
std::string erosion_hash(const Field& f) {
    std::string s = "uint " + f.fn("_erosion_hash") + "(uint key, int x, int y) {\n    uint h = key ^ (uint(x) * " +
                    hex(detail::mix_prime_x) + ") ^ (uint(y) * " + hex(detail::mix_prime_y) + ");\n    h = h * " +
                    hex(detail::mix_multiplier) + ";\n    h = h ^ (h >> 15);\n    h = h * " + hex(detail::cellular_multiplier) +
                    ";\n    h = h ^ (h >> 13);\n    return h;\n}\n";
    s += "float " + f.fn("_erosion_offset") + "(uint h, int a) {\n    precise float r = float((h >> uint(10 * a)) & 1023u) * " +
         constant(0.001953125f) + " + " + constant(-0.9990234375f) + ";\n    return r;\n}\n";
    // [S 4.2] floor(v) mod 256 of a floored v, 0 outside the int32 range.
    s += "int " + f.fn("_erosion_cell") + "(float fl) {\n    return abs(fl) < 2147483648.0 ? (int(fl) & 255) : 0;\n}\n";
    return s;
}

// [S 21.3] One octave's stripes at cell coordinates q along the unit direction u: the blended,
// normalised phasor (c, s) and its derivatives with respect to q.
std::string erosion_stripes(const Field& f) {
    const std::string F = f.name, lib_div = f.lib("_divide");
    std::string s = "void " + f.fn("_erosion_stripes") +
                    "(uint key, int mx, int my, vec2 q, float ux, float uy, out float c, out float sv, out vec2 dc, out vec2 ds) {\n";
    s += "    precise float vx = " + F + "_plus_zero(q.x);\n    precise float vy = " + F + "_plus_zero(q.y);\n";
    s += "    precise float fx = floor(vx);\n    precise float fy = floor(vy);\n";
    s += "    int cx = " + f.fn("_erosion_cell") + "(fx), cy = " + f.fn("_erosion_cell") + "(fy);\n";
    s += "    precise float tx = vx - fx;\n    precise float ty = vy - fy;\n";
    s += "    precise float wx = -uy * " + constant(detail::erosion_stripes) + ";\n    precise float wy = ux * " +
         constant(detail::erosion_stripes) + ";\n";
    s += "    int sx = tx < 0.5 ? -2 : -1, sy = ty < 0.5 ? -2 : -1;\n";
    s += "    precise float C, S, W, dC0, dC1, dS0, dS1, dW0, dW1;\n";
    for (int j = 0; j < 4; ++j) {
        for (int i = 0; i < 4; ++i) {
            const bool first = i == 0 && j == 0;
            const std::string I = number(j * 4 + i);
            s += "    {\n        int dx = sx + " + number(i) + ", dy = sy + " + number(j) + ";\n";
            s += "        uint h = " + f.fn("_erosion_hash") + "(key, (cx + dx) & mx, (cy + dy) & my);\n";
            for (int a = 0; a < 2; ++a) {
                const std::string A(1, component(a)), step = a == 0 ? "dx" : "dy";
                s += "        precise float e" + A + " = t" + A + " - ((float(" + step + ") + 0.5) + " +
                     product(F, detail::erosion_reach, f.fn("_erosion_offset") + "(h, " + number(a) + ")") + ");\n";
            }
            s += "        precise float b = " + constant(detail::erosion_radius2) + " - (ex * ex + ey * ey);\n";
            s += "        b = b > 0.0 ? b : 0.0;\n        precise float b2 = b * b;\n        precise float weight = b2 * b;\n";
            s += "        precise float slope = b2 * " + constant(detail::erosion_weight_slope) + ";\n";
            s += "        precise float phase = ex * wx + ey * wy;\n        precise float quarter_on = phase + 0.25;\n";
            s += "        precise float sn = " + f.fn("_sine_turns") + "(phase);\n        precise float cs = " +
                 f.fn("_sine_turns") + "(quarter_on);\n";
            s += "        precise float de0 = slope * ex;\n        precise float de1 = slope * ey;\n";
            // All from +0: the first cell's terms are +0 + term (written as the IEEE result).
            auto acc = [&](const std::string& name, const std::string& term) {
                return "        " + name + " = " + (first ? F + "_plus_zero(" + term + ")" : name + " + " + term) + ";\n";
            };
            s += acc("C", "weight * cs") + acc("S", "weight * sn") + acc("W", "weight");
            for (int a = 0; a < 2; ++a) {
                const std::string A = number(a);
                s += acc("dC" + A, "de" + A + " * cs") + acc("dS" + A, "de" + A + " * sn") + acc("dW" + A, "de" + A);
            }
            s += "    }\n";
            (void)I;
        }
    }
    // The phases move by w per unit of q; normalised to a unit phasor where long enough.
    s += "    precise float k0 = wx * " + constant(detail::erosion_two_pi) + ";\n    precise float k1 = wy * " +
         constant(detail::erosion_two_pi) + ";\n";
    for (int a = 0; a < 2; ++a) {
        const std::string A = number(a);
        s += "    dC" + A + " = dC" + A + " - k" + A + " * S;\n    dS" + A + " = dS" + A + " + k" + A + " * C;\n";
    }
    s += "    precise float M2 = C * C + S * S;\n    precise float M = " + f.lib("_sqrt") + "(M2);\n";
    s += "    precise float quarter = W * 0.25;\n    bool unit = M >= quarter;\n    precise float N = unit ? M : quarter;\n";
    s += "    c = " + lib_div + "(C, N);\n    sv = " + lib_div + "(S, N);\n";
    for (int a = 0; a < 2; ++a) {
        const std::string A = number(a), X(1, component(a));
        s += "    precise float dN" + A + " = unit ? c * dC" + A + " + sv * dS" + A + " : dW" + A + " * 0.25;\n";
        s += "    precise float nc" + A + " = dC" + A + " - c * dN" + A + ";\n    precise float ns" + A + " = dS" + A +
             " - sv * dN" + A + ";\n";
        s += "    dc." + X + " = " + lib_div + "(nc" + A + ", N);\n    ds." + X + " = " + lib_div + "(ns" + A + ", N);\n";
    }
    return s + "}\n";
}

// One part of a quantity: an expression (or a nonzero literal), or a known zero of either sign.
struct Part {
    std::string x;
    int zero = 0;  // 0: x; +1: +0; -1: -0
};

// [S 21.2] A quantity with its derivatives along the field's axes.
struct Quantity {
    Part v;
    std::vector<Part> d;
};

// Writes the rules of spec 21.2 as `precise` temporaries, folding known zeros by IEEE's rules.
class Writer {
public:
    Writer(const Field& f, std::string& out) : f_(f), s_(out) {}

    Part emit(const std::string& expr) {
        const std::string name = "q" + number(next_++);
        s_ += "    precise float " + name + " = " + expr + ";\n";
        return {name, 0};
    }
    static Part zero(int sign) { return {std::string(), sign}; }
    // The text of a part where a value is read (a select's operand).
    static std::string text(const Part& p) {
        return p.zero == 0 ? p.x : p.zero > 0 ? std::string("0.0") : std::string("uintBitsToFloat(0x80000000u)");
    }
    Part literal(float k) { return k == 0.0f ? zero(std::signbit(k) ? -1 : 1) : Part{constant(k), 0}; }

    Part add(const Part& a, const Part& b) {
        if (a.zero && b.zero) return zero(a.zero < 0 && b.zero < 0 ? -1 : 1);
        if (a.zero) return a.zero > 0 ? emit(f_.name + "_plus_zero(" + b.x + ")") : b;  // -0 + y = y
        if (b.zero) return b.zero > 0 ? emit(f_.name + "_plus_zero(" + a.x + ")") : a;
        return emit(a.x + " + " + b.x);
    }
    Part negate(const Part& a) { return a.zero ? zero(-a.zero) : emit("-(" + a.x + ")"); }
    Part sub(const Part& a, const Part& b) {
        if (!a.zero && !b.zero) return emit(a.x + " - " + b.x);
        return add(a, negate(b));  // x - y = x + (-y) exactly, signed zeros included
    }
    Part mul(const Part& a, const Part& b) {
        if (a.zero && b.zero) return zero(a.zero * b.zero);
        if (a.zero) return emit(f_.name + "_times_zero(" + (a.zero > 0 ? b.x : "-(" + b.x + ")") + ")");
        if (b.zero) return emit(f_.name + "_times_zero(" + (b.zero > 0 ? a.x : "-(" + a.x + ")") + ")");
        return emit(a.x + " * " + b.x);
    }
    Part scale(const Part& a, float k) {
        if (a.zero && k != 0.0f) return zero(std::signbit(k) ? -a.zero : a.zero);
        if (a.zero) return zero(a.zero * (std::signbit(k) ? -1 : 1));
        return emit(product(f_.name, k, a.x));
    }
    Part divide(const Part& a, const Part& b) {
        // (The rules below never divide a known zero: a quotient's numerator is a.d - q * b.d.)
        return emit(f_.lib("_divide") + "(" + (a.zero ? text(a) : a.x) + ", " + b.x + ")");
    }
    Part select(const std::string& cond, const Part& a, const Part& b) {
        if (a.zero && a.zero == b.zero) return a;
        return emit(cond + " ? " + text(a) + " : " + text(b));
    }

    int dims() const { return f_.dims; }

    Quantity constant_of(const Part& v) {
        Quantity r{v, {}};
        r.d.assign(static_cast<std::size_t>(f_.dims), zero(1));
        return r;
    }
    Quantity add(const Quantity& a, const Quantity& b) {
        Quantity r{add(a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(add(a.d[i], b.d[i]));
        return r;
    }
    Quantity sub(const Quantity& a, const Quantity& b) {
        Quantity r{sub(a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(sub(a.d[i], b.d[i]));
        return r;
    }
    Quantity mul(const Quantity& a, const Quantity& b) {
        Quantity r{mul(a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(add(mul(a.d[i], b.v), mul(a.v, b.d[i])));
        return r;
    }
    Quantity scale(const Quantity& a, float k) {
        Quantity r{scale(a.v, k), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(scale(a.d[i], k));
        return r;
    }
    Quantity divide(const Quantity& a, const Quantity& b) {
        Quantity r{divide(a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(divide(sub(a.d[i], mul(r.v, b.d[i])), b.v));
        return r;
    }
    Quantity select(const std::string& cond, const Quantity& a, const Quantity& b) {
        Quantity r{select(cond, a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(select(cond, a.d[i], b.d[i]));
        return r;
    }
    // lo where a < lo, hi where a > hi (constants), else a.
    Quantity clamp(const Quantity& a, float lo, float hi) {
        const std::string below = "(" + a.v.x + " < " + constant(lo) + ")", above = "(" + a.v.x + " > " + constant(hi) + ")";
        return select(below, constant_of(literal(lo)), select(above, constant_of(literal(hi)), a));
    }
    Quantity magnitude(const Quantity& a) {
        const std::string negative = "(" + a.v.x + " < 0.0)";
        return select(negative, scale(a, -1.0f), a);
    }
    // [S 21.4] The fade's ramp.
    Quantity ramp(const Quantity& x, const Quantity& r) {
        const Quantity past = sub(x, scale(r, 0.5f));
        const Quantity soft = divide(mul(x, x), add(r, r));
        Quantity y = select("(" + x.v.x + " >= " + r.v.x + ")", past, soft);
        y = select("(" + y.v.x + " < 1.0)", y, constant_of(literal(1.0f)));
        const Quantity one = constant_of(literal(1.0f));
        const Quantity z = sub(one, y);
        return sub(one, mul(z, z));
    }

private:
    const Field& f_;
    std::string& s_;
    int next_ = 0;
};

// [S 21] float <name>_erode(vec2 e[M], float v, vecN g, out vecN d): the field (v, g) eroded, octave
// k's cell coordinates e[k].
std::string erosion_filter(const Field& f) {
    const detail::ErosionTable& t = f.tables.erosion;
    const std::string vec = f.vec(), M = number(t.octaves);
    std::string s = "float " + f.fn("_erode") + "(vec2 e[" + M + "], float v, " + vec + " g, out " + vec + " d) {\n";
    Writer w(f, s);
    Quantity h{{"v", 0}, {}};
    for (int a = 0; a < f.dims; ++a) h.d.push_back({std::string("g.") + component(a), 0});
    Quantity target = w.clamp(h, -1.0f, 1.0f);
    Quantity mask, c, sq;
    for (int k = 0; k < t.octaves; ++k) {
        const std::string K = number(k);
        // [S 21.3] Steering: the slope direction of the field eroded so far (values).
        s += "    // octave " + K + "\n";
        const Part gx = h.d[0], gy = h.d[1];  // (never known zeros: g's parts plus the octaves')
        const Part length2 = w.emit(gx.x + " * " + gx.x + " + " + gy.x + " * " + gy.x);
        const Part length = w.emit(f.lib("_sqrt") + "(" + length2.x + ")");
        s += "    float ux" + K + " = 1.0, uy" + K + " = 0.0;\n    if (" + length.x + " > 0.0) {\n        ux" + K + " = " +
             f.lib("_divide") + "(" + gx.x + ", " + length.x + ");\n        uy" + K + " = " + f.lib("_divide") + "(" + gy.x +
             ", " + length.x + ");\n    }\n";
        s += "    float c" + K + ", s" + K + ";\n    vec2 dc" + K + ", ds" + K + ";\n    " + f.fn("_erosion_stripes") + "(" +
             hex(t.key[k]) + ", " + number(t.mask[k][0]) + ", " + number(t.mask[k][1]) + ", e[" + K + "], ux" + K + ", uy" + K +
             ", c" + K + ", s" + K + ", dc" + K + ", ds" + K + ");\n";
        const Quantity previous_c = c, previous_s = sq;
        c = w.constant_of({"c" + K, 0});
        sq = w.constant_of({"s" + K, 0});
        for (int a = 0; a < 2; ++a) {
            c.d[a] = w.scale(Part{"dc" + K + "." + component(a), 0}, t.frequency[k]);
            sq.d[a] = w.scale(Part{"ds" + K + "." + component(a), 0}, t.frequency[k]);
        }
        // [S 21.4] The fade.
        if (k == 0) {
            const Part lifted = w.emit(target.v.x + " + 0.5");
            const Part standing = w.emit("(" + lifted.x + " < 0.0) ? 0.0 : ((" + lifted.x + " > 1.0) ? 1.0 : " + lifted.x + ")");
            const Quantity x = w.constant_of(w.emit(f.lib("_divide") + "(" + length.x + ", " + constant(t.gully_slope) + ")"));
            const Quantity r = w.constant_of(w.add(w.literal(t.crease), w.scale(standing, t.ridge - t.crease)));
            mask = w.ramp(x, r);
        } else {
            const Quantity x = w.scale(w.magnitude(previous_s), detail::erosion_onset);
            const Quantity standing = w.clamp(w.add(previous_c, w.constant_of(w.literal(0.5f))), 0.0f, 1.0f);
            const Quantity r = w.add(w.constant_of(w.literal(t.crease)), w.scale(standing, t.ridge - t.crease));
            mask = w.mul(mask, w.ramp(x, r));
        }
        // [S 21.4] The octave's value fades from the stripe to the target; it is the next target.
        const Quantity v = w.add(target, w.mul(w.sub(c, target), mask));
        h = w.add(h, w.scale(v, t.weighted[k]));
        target = v;
    }
    // [S 21.5] A non-finite result keeps the field as it was.
    std::string finite = "!" + f.lib("_nonfinite") + "(" + h.v.x + ")", gradient = vec + "(";
    for (int a = 0; a < f.dims; ++a) {
        if (!h.d[a].zero) finite += " && !" + f.lib("_nonfinite") + "(" + h.d[a].x + ")";
        gradient += (a ? ", " : "") + Writer::text(h.d[a]);
    }
    s += "    bool finite = " + finite + ";\n    d = finite ? " + gradient + ") : g;\n";
    return s + "    return finite ? " + h.v.x + " : v;\n}\n";
}

}  // namespace

std::string erosion_functions(const Field& f) {
    return zero_helpers(f.name, f.dims) + sine_turns(f) + erosion_hash(f) + erosion_stripes(f) + erosion_filter(f);
}

std::string eroded_source(const Field& f, bool /*with_gradient: <name>_gradient is written always (<name> calls it)*/) {
    // The field without the filter, under <name>_uneroded, with its gradient (the filter steers by it).
    const Field inner{f.desc, f.tables, f.fn("_uneroded"), f.dims, f.lib("")};
    std::string s = plain_source(inner, true);
    const int M = f.tables.erosion.octaves, K = f.octaves();
    const std::string vec = f.vec(), U = inner.name;
    const bool simplex = basis_family(f.desc.basis) == BasisFamily::simplex;
    const std::vector<std::string> qvecs = simplex ? std::vector<std::string>{vec, "d" + vec} : std::vector<std::string>{vec};
    // [S 21.1] Every octave faded by the band limit: the filter returns the field (its gradient form).
    if (M == 0) {
        s += "const int " + f.fn("_octave_count") + " = " + number(K) + ";\n";
        s += "float " + f.fn("_gradient") + "(" + vec + " p, out " + vec + " d) {\n    return " + U + "_gradient(p, d);\n}\n";
        s += "float " + f.name + "(" + vec + " p) {\n    " + vec + " d;\n    return " + U + "_gradient(p, d);\n}\n";
        for (const std::string& qvec : qvecs) {
            const std::string q = "(" + qvec + " q[" + number(K) + "]";
            s += "float " + f.fn("_octaves_gradient") + q + ", out " + vec + " d) {\n    return " + U + "_octaves_gradient(q, d);\n}\n";
            s += "float " + f.fn("_octaves") + q + ") {\n    " + vec + " d;\n    return " + U + "_octaves_gradient(q, d);\n}\n";
        }
        return s;
    }
    s += erosion_functions(f);
    s += "const int " + f.fn("_octave_count") + " = " + number(K) + ";\n";
    s += "const int " + f.fn("_erosion_octave_count") + " = " + number(M) + ";\n";
    // Points: octave k's cells at (p.x * E_k, p.y * E_k).
    s += "float " + f.fn("_gradient") + "(" + vec + " p, out " + vec + " d) {\n    " + vec + " g;\n    precise float v = " + U +
         "_gradient(p, g);\n    vec2 e[" + number(M) + "];\n";
    for (int k = 0; k < M; ++k) {
        const std::string E = constant(f.tables.erosion.frequency[k]);
        s += "    precise float ex" + number(k) + " = p.x * " + E + ";\n    precise float ey" + number(k) + " = p.y * " + E +
             ";\n    e[" + number(k) + "] = vec2(ex" + number(k) + ", ey" + number(k) + ");\n";
    }
    s += "    return " + f.fn("_erode") + "(e, v, g, d);\n}\n";
    s += "float " + f.name + "(" + vec + " p) {\n    " + vec + " d;\n    return " + f.fn("_gradient") + "(p, d);\n}\n";
    // Chunks: the octaves' coordinates q[k] (chunk_octave_coordinates) and the filter's e[k]
    // (chunk_erosion_coordinates).
    for (const std::string& qvec : qvecs) {
        const std::string args = "(" + qvec + " q[" + number(K) + "], vec2 e[" + number(M) + "]";
        s += "float " + f.fn("_octaves_gradient") + args + ", out " + vec + " d) {\n    " + vec + " g;\n    precise float v = " + U +
             "_octaves_gradient(q, g);\n    return " + f.fn("_erode") + "(e, v, g, d);\n}\n";
        s += "float " + f.fn("_octaves") + args + ") {\n    " + vec + " d;\n    return " + f.fn("_octaves_gradient") +
             "(q, e, d);\n}\n";
    }
    return s;
}

}  // namespace gradnoise::glsl
