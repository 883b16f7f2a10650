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

// [S 21.6] A float with its total derivatives along the field's axes.
struct TotalPart {
    Part v;
    std::vector<Part> d;
};

// [S 21.2] A quantity with its derivatives along the field's axes, over numbers N: Part (a float) or
// TotalPart.
template <class N>
struct QuantityOf {
    N v;
    std::vector<N> d;
};
using Quantity = QuantityOf<Part>;
using TotalQuantity = QuantityOf<TotalPart>;

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

    // [S 21.6] The rules of a Total, each in the reference's order; the field's dims axes.
    TotalPart total_constant(const Part& v) {
        TotalPart r{v, {}};
        r.d.assign(static_cast<std::size_t>(f_.dims), zero(1));
        return r;
    }
    TotalPart total_literal(float k) { return total_constant(literal(k)); }
    TotalPart add(const TotalPart& a, const TotalPart& b) {
        TotalPart r{add(a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(add(a.d[i], b.d[i]));
        return r;
    }
    TotalPart sub(const TotalPart& a, const TotalPart& b) {
        TotalPart r{sub(a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(sub(a.d[i], b.d[i]));
        return r;
    }
    TotalPart negate(const TotalPart& a) {
        TotalPart r{negate(a.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(negate(a.d[i]));
        return r;
    }
    TotalPart mul(const TotalPart& a, const TotalPart& b) {
        TotalPart r{mul(a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(add(mul(a.d[i], b.v), mul(a.v, b.d[i])));
        return r;
    }
    TotalPart scale(const TotalPart& a, float k) {
        TotalPart r{scale(a.v, k), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(scale(a.d[i], k));
        return r;
    }
    TotalPart plus(const TotalPart& a, float k) { return {add(a.v, literal(k)), a.d}; }  // a + k
    TotalPart plus(float k, const TotalPart& a) { return {add(literal(k), a.v), a.d}; }  // k + a
    TotalPart minus(float k, const TotalPart& a) {                                           // k - a
        TotalPart r{sub(literal(k), a.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(negate(a.d[i]));
        return r;
    }
    TotalPart minus(const TotalPart& a, const Part& k) { return {sub(a.v, k), a.d}; }  // a - k
    TotalPart divide(const TotalPart& a, const TotalPart& b) {
        TotalPart r{divide(a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(divide(sub(a.d[i], mul(r.v, b.d[i])), b.v));
        return r;
    }
    TotalPart divide(const TotalPart& a, float k) {  // a / k
        const Part K{constant(k), 0};
        TotalPart r{divide(a.v, K), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(divide(a.d[i], K));
        return r;
    }
    TotalPart select(const std::string& cond, const TotalPart& a, const TotalPart& b) {
        TotalPart r{select(cond, a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(select(cond, a.d[i], b.d[i]));
        return r;
    }
    // sqrt: d / (r + r), +0 where r = 0.
    TotalPart square_root(const TotalPart& a) {
        TotalPart r{emit(f_.lib("_sqrt") + "(" + a.v.x + ")"), {}};
        const Part twice = add(r.v, r.v);
        const std::string positive = "(" + r.v.x + " > 0.0)";
        for (int i = 0; i < f_.dims; ++i) {
            r.d.push_back(select(positive, divide(a.d[i], twice), zero(1)));
        }
        return r;
    }
    // sine_turns: d * (sine_turns(v + 1/4) * 2 pi).
    TotalPart sine(const TotalPart& a) {
        TotalPart r{emit(f_.fn("_sine_turns") + "(" + a.v.x + ")"), {}};
        const Part on = add(a.v, literal(0.25f));
        const Part k = scale(emit(f_.fn("_sine_turns") + "(" + on.x + ")"), detail::erosion_two_pi);
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(mul(a.d[i], k));
        return r;
    }
    static const std::string& value_text(const Part& p) { return p.x; }
    static const std::string& value_text(const TotalPart& p) { return p.v.x; }
    Part number_of(float k, const Part*) { return literal(k); }
    TotalPart number_of(float k, const TotalPart*) { return total_literal(k); }

    template <class N>
    QuantityOf<N> constant_of(const N& v) {
        QuantityOf<N> r{v, {}};
        r.d.assign(static_cast<std::size_t>(f_.dims), number_of(0.0f, static_cast<const N*>(nullptr)));
        return r;
    }
    template <class N>
    QuantityOf<N> literal_of(float k) {
        return constant_of(number_of(k, static_cast<const N*>(nullptr)));
    }
    template <class N>
    QuantityOf<N> add(const QuantityOf<N>& a, const QuantityOf<N>& b) {
        QuantityOf<N> r{add(a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(add(a.d[i], b.d[i]));
        return r;
    }
    template <class N>
    QuantityOf<N> sub(const QuantityOf<N>& a, const QuantityOf<N>& b) {
        QuantityOf<N> r{sub(a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(sub(a.d[i], b.d[i]));
        return r;
    }
    template <class N>
    QuantityOf<N> mul(const QuantityOf<N>& a, const QuantityOf<N>& b) {
        QuantityOf<N> r{mul(a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(add(mul(a.d[i], b.v), mul(a.v, b.d[i])));
        return r;
    }
    template <class N>
    QuantityOf<N> scale(const QuantityOf<N>& a, float k) {
        QuantityOf<N> r{scale(a.v, k), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(scale(a.d[i], k));
        return r;
    }
    template <class N>
    QuantityOf<N> divide(const QuantityOf<N>& a, const QuantityOf<N>& b) {
        QuantityOf<N> r{divide(a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(divide(sub(a.d[i], mul(r.v, b.d[i])), b.v));
        return r;
    }
    template <class N>
    QuantityOf<N> select(const std::string& cond, const QuantityOf<N>& a, const QuantityOf<N>& b) {
        QuantityOf<N> r{select(cond, a.v, b.v), {}};
        for (int i = 0; i < f_.dims; ++i) r.d.push_back(select(cond, a.d[i], b.d[i]));
        return r;
    }
    // lo where a < lo, hi where a > hi (constants), else a.
    template <class N>
    QuantityOf<N> clamp(const QuantityOf<N>& a, float lo, float hi) {
        const std::string below = "(" + value_text(a.v) + " < " + constant(lo) + ")",
                          above = "(" + value_text(a.v) + " > " + constant(hi) + ")";
        return select(below, literal_of<N>(lo), select(above, literal_of<N>(hi), a));
    }
    template <class N>
    QuantityOf<N> magnitude(const QuantityOf<N>& a) {
        const std::string negative = "(" + value_text(a.v) + " < 0.0)";
        return select(negative, scale(a, -1.0f), a);
    }
    // [S 21.4] The fade's ramp.
    template <class N>
    QuantityOf<N> ramp(const QuantityOf<N>& x, const QuantityOf<N>& r) {
        const QuantityOf<N> past = sub(x, scale(r, 0.5f));
        const QuantityOf<N> soft = divide(mul(x, x), add(r, r));
        QuantityOf<N> y = select("(" + value_text(x.v) + " >= " + value_text(r.v) + ")", past, soft);
        y = select("(" + value_text(y.v) + " < 1.0)", y, literal_of<N>(1.0f));
        const QuantityOf<N> one = literal_of<N>(1.0f);
        const QuantityOf<N> z = sub(one, y);
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
        c = w.constant_of(Part{"c" + K, 0});
        sq = w.constant_of(Part{"s" + K, 0});
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

// [S 21.3, 21.6] One octave's stripes over Totals: void <name>_erosion_stripes_total(key, mx, my,
// vec2 q, float E, float ux, vecN dux, float uy, vecN duy, out float o[6], out vecN od[6]), o = (c,
// s, dc_x, dc_y, ds_x, ds_y) and od their total derivatives; q's derivative along its own axis is E.
// The reference's stripes<Total>, operation for operation, every cell (no skipping).
std::string erosion_stripes_total(const Field& f) {
    const std::string vec = f.vec();
    std::string s = "void " + f.fn("_erosion_stripes_total") + "(uint key, int mx, int my, vec2 q, float E, float ux, " + vec +
                    " dux, float uy, " + vec + " duy, out float o[6], out " + vec + " od[6]) {\n";
    Writer w(f, s);
    const std::string F = f.name;
    s += "    precise float vx = " + F + "_plus_zero(q.x);\n    precise float vy = " + F + "_plus_zero(q.y);\n";
    s += "    precise float fx = floor(vx);\n    precise float fy = floor(vy);\n";
    s += "    int cx = " + f.fn("_erosion_cell") + "(fx), cy = " + f.fn("_erosion_cell") + "(fy);\n";
    s += "    precise float tx = vx - fx;\n    precise float ty = vy - fy;\n";
    s += "    int sx = tx < 0.5 ? -2 : -1, sy = ty < 0.5 ? -2 : -1;\n";
    TotalPart frac[2] = {w.total_constant(Part{"tx", 0}), w.total_constant(Part{"ty", 0})};
    frac[0].d[0] = Part{"E", 0};
    frac[1].d[1] = Part{"E", 0};
    TotalPart ux{Part{"ux", 0}, {}}, uy{Part{"uy", 0}, {}};
    for (int i = 0; i < f.dims; ++i) {
        ux.d.push_back(Part{std::string("dux.") + component(i), 0});
        uy.d.push_back(Part{std::string("duy.") + component(i), 0});
    }
    const TotalPart wx = w.scale(w.negate(uy), detail::erosion_stripes), wy = w.scale(ux, detail::erosion_stripes);
    // The sums, every part from +0, as variables the cells' loop adds to. Their +0 is opaque (read
    // from an array by a bit of q): a literal 0.0 could be folded into the first term (0 + x -> x,
    // wrong for x = -0; glsl_text.hpp).
    s += "    precise float zero = " + F + "_erosion_zero[int(floatBitsToUint(q.x) >> 31u)];\n";
    auto sum = [&](const std::string& name) {
        TotalPart r{Part{name, 0}, {}};
        s += "    precise float " + name + " = zero;\n";
        for (int i = 0; i < f.dims; ++i) {
            const std::string part = name + "_t" + number(i);
            s += "    precise float " + part + " = zero;\n";
            r.d.push_back(Part{part, 0});
        }
        return r;
    };
    const TotalPart C = sum("C"), S = sum("S"), W = sum("W");
    const TotalPart dC[2] = {sum("dC0"), sum("dC1")}, dS[2] = {sum("dS0"), sum("dS1")}, dW[2] = {sum("dW0"), sum("dW1")};
    auto update = [&](const TotalPart& to, const TotalPart& from) {
        s += "        " + to.v.x + " = " + Writer::text(from.v) + ";\n";
        for (int i = 0; i < f.dims; ++i) s += "        " + to.d[i].x + " = " + Writer::text(from.d[i]) + ";\n";
    };
    // The 4x4 cells, y-step outer and x-step inner (the reference's order).
    s += "    for (int j = 0; j < 4; ++j) {\n    for (int i = 0; i < 4; ++i) {\n";
    s += "        int dx = sx + i, dy = sy + j;\n";
    s += "        uint h = " + f.fn("_erosion_hash") + "(key, (cx + dx) & mx, (cy + dy) & my);\n";
    {
        TotalPart e[2];
        for (int a = 0; a < 2; ++a) {
            const Part pivot = w.emit(std::string("(float(") + (a == 0 ? "dx" : "dy") + ") + 0.5) + " +
                                      product(F, detail::erosion_reach, f.fn("_erosion_offset") + "(h, " + number(a) + ")"));
            e[a] = w.minus(frac[a], pivot);
        }
        TotalPart t = w.minus(detail::erosion_radius2, w.add(w.mul(e[0], e[0]), w.mul(e[1], e[1])));
        t = w.select("(" + t.v.x + " > 0.0)", t, w.total_literal(0.0f));
        const TotalPart t2 = w.mul(t, t);
        const TotalPart weight = w.mul(t2, t);
        const TotalPart slope = w.scale(t2, detail::erosion_weight_slope);
        const TotalPart phase = w.add(w.mul(e[0], wx), w.mul(e[1], wy));
        const TotalPart sn = w.sine(phase);
        const TotalPart cs = w.sine(w.plus(phase, 0.25f));
        const TotalPart new_C = w.add(C, w.mul(weight, cs)), new_S = w.add(S, w.mul(weight, sn)), new_W = w.add(W, weight);
        const TotalPart de[2] = {w.mul(slope, e[0]), w.mul(slope, e[1])};
        TotalPart new_dC[2], new_dS[2], new_dW[2];
        for (int a = 0; a < 2; ++a) {
            new_dC[a] = w.add(dC[a], w.mul(de[a], cs));
            new_dS[a] = w.add(dS[a], w.mul(de[a], sn));
            new_dW[a] = w.add(dW[a], de[a]);
        }
        update(C, new_C);
        update(S, new_S);
        update(W, new_W);
        for (int a = 0; a < 2; ++a) {
            update(dC[a], new_dC[a]);
            update(dS[a], new_dS[a]);
            update(dW[a], new_dW[a]);
        }
    }
    s += "    }\n    }\n";
    TotalPart sums_dC[2] = {dC[0], dC[1]}, sums_dS[2] = {dS[0], dS[1]};
    const TotalPart k[2] = {w.scale(wx, detail::erosion_two_pi), w.scale(wy, detail::erosion_two_pi)};
    for (int a = 0; a < 2; ++a) {
        sums_dC[a] = w.sub(dC[a], w.mul(k[a], S));
        sums_dS[a] = w.add(dS[a], w.mul(k[a], C));
    }
    const TotalPart M = w.square_root(w.add(w.mul(C, C), w.mul(S, S)));
    const TotalPart quarter = w.scale(W, 0.25f);
    const std::string unit = "(" + M.v.x + " >= " + quarter.v.x + ")";
    const TotalPart N = w.select(unit, M, quarter);
    const TotalPart c = w.divide(C, N), sv = w.divide(S, N);
    TotalPart out[6] = {c, sv, {}, {}, {}, {}};
    for (int a = 0; a < 2; ++a) {
        const TotalPart dN = w.select(unit, w.add(w.mul(c, sums_dC[a]), w.mul(sv, sums_dS[a])), w.scale(dW[a], 0.25f));
        out[2 + a] = w.divide(w.sub(sums_dC[a], w.mul(c, dN)), N);
        out[4 + a] = w.divide(w.sub(sums_dS[a], w.mul(sv, dN)), N);
    }
    for (int o = 0; o < 6; ++o) {
        s += "    o[" + number(o) + "] = " + Writer::text(out[o].v) + ";\n    od[" + number(o) + "] = " + vec + "(";
        for (int i = 0; i < f.dims; ++i) s += (i ? ", " : "") + Writer::text(out[o].d[i]);
        s += ");\n";
    }
    return s + "}\n";
}

// [S 21.6] float <name>_erode_exact(vec2 e[M], float v, vecN g, vecN hx, vecN hy, out vecN d): the
// field (v, g) with its curvature's rows hx = d g_x / dp, hy = d g_y / dp eroded, d the eroded
// value's total derivatives (its value is <name>_erode's).
std::string erosion_filter_exact(const Field& f) {
    const detail::ErosionTable& t = f.tables.erosion;
    const std::string vec = f.vec(), M = number(t.octaves);
    std::string s = "float " + f.fn("_erode_exact") + "(vec2 e[" + M + "], float v, " + vec + " g, " + vec + " hx, " + vec +
                    " hy, out " + vec + " d) {\n";
    Writer w(f, s);
    TotalQuantity h{{Part{"v", 0}, {}}, {}};
    for (int b = 0; b < f.dims; ++b) h.v.d.push_back(Part{std::string("g.") + component(b), 0});
    for (int a = 0; a < f.dims; ++a) {
        TotalPart da = w.total_constant(Part{std::string("g.") + component(a), 0});
        if (a < 2) {
            for (int b = 0; b < f.dims; ++b) da.d[static_cast<std::size_t>(b)] = Part{(a == 0 ? "hx." : "hy.") + std::string(1, component(b)), 0};
        }
        h.d.push_back(da);
    }
    TotalQuantity target = w.clamp(h, -1.0f, 1.0f);
    TotalQuantity mask, c, sq;
    for (int k = 0; k < t.octaves; ++k) {
        const std::string K = number(k);
        s += "    // octave " + K + "\n";
        const TotalPart gx = h.d[0], gy = h.d[1];
        const TotalPart length = w.square_root(w.add(w.mul(gx, gx), w.mul(gy, gy)));
        const std::string sloped = "(" + length.v.x + " > 0.0)";
        const TotalPart ux = w.select(sloped, w.divide(gx, length), w.total_literal(1.0f));
        const TotalPart uy = w.select(sloped, w.divide(gy, length), w.total_literal(0.0f));
        auto derivatives = [&](const TotalPart& p) {
            std::string r = vec + "(";
            for (int i = 0; i < f.dims; ++i) r += (i ? ", " : "") + Writer::text(p.d[i]);
            return r + ")";
        };
        s += "    float o" + K + "[6];\n    " + vec + " od" + K + "[6];\n    " + f.fn("_erosion_stripes_total") + "(" + hex(t.key[k]) +
             ", " + number(t.mask[k][0]) + ", " + number(t.mask[k][1]) + ", e[" + K + "], " + constant(t.frequency[k]) + ", " +
             Writer::text(ux.v) + ", " + derivatives(ux) + ", " + Writer::text(uy.v) + ", " + derivatives(uy) + ", o" + K + ", od" +
             K + ");\n";
        auto output = [&](int o) {
            TotalPart r{Part{"o" + K + "[" + number(o) + "]", 0}, {}};
            for (int i = 0; i < f.dims; ++i) r.d.push_back(Part{"od" + K + "[" + number(o) + "]." + component(i), 0});
            return r;
        };
        const TotalQuantity previous_c = c, previous_s = sq;
        c = w.constant_of(output(0));
        sq = w.constant_of(output(1));
        for (int a = 0; a < 2; ++a) {
            c.d[a] = w.scale(output(2 + a), t.frequency[k]);
            sq.d[a] = w.scale(output(4 + a), t.frequency[k]);
        }
        if (k == 0) {
            TotalPart standing = w.plus(target.v, 0.5f);
            standing = w.select("(" + standing.v.x + " < 0.0)", w.total_literal(0.0f),
                                w.select("(" + standing.v.x + " > 1.0)", w.total_literal(1.0f), standing));
            const TotalQuantity x = w.constant_of(w.divide(length, t.gully_slope));
            const TotalQuantity r = w.constant_of(w.plus(t.crease, w.scale(standing, t.ridge - t.crease)));
            mask = w.ramp(x, r);
        } else {
            const TotalQuantity x = w.scale(w.magnitude(previous_s), detail::erosion_onset);
            const TotalQuantity standing = w.clamp(w.add(previous_c, w.literal_of<TotalPart>(0.5f)), 0.0f, 1.0f);
            const TotalQuantity r = w.add(w.literal_of<TotalPart>(t.crease), w.scale(standing, t.ridge - t.crease));
            mask = w.mul(mask, w.ramp(x, r));
        }
        const TotalQuantity v = w.add(target, w.mul(w.sub(c, target), mask));
        h = w.add(h, w.scale(v, t.weighted[k]));
        target = v;
    }
    // [S 21.5] The value and partial derivatives finite, else the field as it was.
    std::string finite = "!" + f.lib("_nonfinite") + "(" + h.v.v.x + ")", gradient = vec + "(";
    for (int a = 0; a < f.dims; ++a) {
        if (!h.d[a].v.zero) finite += " && !" + f.lib("_nonfinite") + "(" + h.d[a].v.x + ")";
        gradient += (a ? ", " : "") + Writer::text(h.v.d[a]);
    }
    s += "    bool finite = " + finite + ";\n    d = finite ? " + gradient + ") : g;\n";
    return s + "    return finite ? " + h.v.v.x + " : v;\n}\n";
}

}  // namespace

std::string erosion_functions(const Field& f) {
    return zero_helpers(f.name, f.dims) + sine_turns(f) + erosion_hash(f) + erosion_stripes(f) + erosion_filter(f) +
           "float " + f.fn("_erosion_zero") + "[2] = float[2](0.0, 0.0);\n" + erosion_stripes_total(f) + erosion_filter_exact(f);
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
    const float delta = f.tables.erosion.curvature_step;
    auto rows = [&](const std::string& step, bool guarded) {  // hx, hy from g_above_b, g_below_b
        std::string t = "    " + vec + " hx, hy;\n";
        for (int b = 0; b < f.dims; ++b) {
            const std::string B = number(b), X(1, component(b));
            for (int a = 0; a < 2; ++a) {
                const std::string A(1, component(a)), row = a == 0 ? "hx." : "hy.";
                const std::string q = f.lib("_divide") + "(ga" + B + "." + A + " - gb" + B + "." + A + ", " + (guarded ? step + B : step) + ")";
                t += "    " + row + X + " = " + (guarded ? "(" + step + B + " > 0.0) ? " + q + " : 0.0" : q) + ";\n";
            }
        }
        return t;
    };
    // Points: octave k's cells at (p.x * E_k, p.y * E_k).
    auto cells = [&]() {
        std::string t = "    vec2 e[" + number(M) + "];\n";
        for (int k = 0; k < M; ++k) {
            const std::string E = constant(f.tables.erosion.frequency[k]);
            t += "    precise float ex" + number(k) + " = p.x * " + E + ";\n    precise float ey" + number(k) + " = p.y * " + E +
                 ";\n    e[" + number(k) + "] = vec2(ex" + number(k) + ", ey" + number(k) + ");\n";
        }
        return t;
    };
    // [S 21.6] The gradient: the field's curvature by central differences of its gradient at p_b +- delta.
    s += "float " + f.fn("_gradient") + "(" + vec + " p, out " + vec + " d) {\n    " + vec + " g;\n    precise float v = " + U +
         "_gradient(p, g);\n";
    for (int b = 0; b < f.dims; ++b) {
        const std::string B = number(b), X(1, component(b));
        s += "    precise float above" + B + " = p." + X + " + " + constant(delta) + ";\n    precise float below" + B + " = p." + X +
             " - " + constant(delta) + ";\n    precise float step" + B + " = above" + B + " - below" + B + ";\n";
        s += "    " + vec + " pa" + B + " = p, pb" + B + " = p, ga" + B + ", gb" + B + ";\n    pa" + B + "." + X + " = above" + B +
             ";\n    pb" + B + "." + X + " = below" + B + ";\n    " + U + "_gradient(pa" + B + ", ga" + B + ");\n    " + U +
             "_gradient(pb" + B + ", gb" + B + ");\n";
    }
    s += rows("step", true) + cells() + "    return " + f.fn("_erode_exact") + "(e, v, g, hx, hy, d);\n}\n";
    s += "float " + f.name + "(" + vec + " p) {\n    " + vec + " g, d;\n    precise float v = " + U + "_gradient(p, g);\n" + cells() +
         "    return " + f.fn("_erode") + "(e, v, g, d);\n}\n";
    // Chunks: the octaves' coordinates q[k] (chunk_octave_coordinates) and the filter's e[k]
    // (chunk_erosion_coordinates); the curvature moves octave k's coordinate by +-delta * f_k.
    const std::string step = constant(delta + delta);
    for (const std::string& qvec : qvecs) {
        const bool doubles = qvec[0] == 'd';
        const std::string args = "(" + qvec + " q[" + number(K) + "], vec2 e[" + number(M) + "]";
        s += "float " + f.fn("_octaves_gradient") + args + ", out " + vec + " d) {\n    " + vec + " g;\n    precise float v = " + U +
             "_octaves_gradient(q, g);\n";
        for (int b = 0; b < f.dims; ++b) {
            const std::string B = number(b), X(1, component(b));
            s += "    " + qvec + " qa" + B + "[" + number(K) + "] = q, qb" + B + "[" + number(K) + "] = q;\n    " + vec + " ga" + B +
                 ", gb" + B + ";\n";
            for (int k = 0; k < f.tables.octaves.octaves; ++k) {
                const float above = delta * f.tables.octaves.frequency[k], below = -delta * f.tables.octaves.frequency[k];
                const std::string Kk = number(k);
                const std::string up = doubles ? "double(" + constant(above) + ")" : constant(above);
                const std::string down = doubles ? "double(" + constant(below) + ")" : constant(below);
                s += "    qa" + B + "[" + Kk + "]." + X + " = q[" + Kk + "]." + X + " + " + up + ";\n    qb" + B + "[" + Kk + "]." + X +
                     " = q[" + Kk + "]." + X + " + " + down + ";\n";
            }
            s += "    " + U + "_octaves_gradient(qa" + B + ", ga" + B + ");\n    " + U + "_octaves_gradient(qb" + B + ", gb" + B + ");\n";
        }
        s += rows(step, false) + "    return " + f.fn("_erode_exact") + "(e, v, g, hx, hy, d);\n}\n";
        s += "float " + f.fn("_octaves") + args + ") {\n    " + vec + " g, d;\n    precise float v = " + U +
             "_octaves_gradient(q, g);\n    return " + f.fn("_erode") + "(e, v, g, d);\n}\n";
    }
    return s;
}

}  // namespace gradnoise::glsl
