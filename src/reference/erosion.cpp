// [S 21] The erosion filter, plain C++: octaves of gully stripes laid along the field's downhill
// direction in jittered cells, blended, faded where the slope gives out, and stacked so that each
// octave branches off the last. Spec sections are cited as [S n]; see docs/spec.md.
//
// One source, two number types: T = float is the filter of section 21.2-21.5 (the value, and the
// derivatives with the steering held); T = Total carries every float's own total derivatives along
// the point's axes as well (section 21.6, the exact gradient). The float parts of a Total are
// computed by the same operations as with T = float, so the values keep their bits.
#include <cmath>

#include "reference/common.hpp"
#include "tables/erosion.hpp"

namespace gradnoise::reference {

namespace {

// [S 21.6] A float with its total derivatives along the field's axes (four slots; those beyond
// dims stay unread). The rules, each in the order written.
struct Total {
    float v = 0.0f;
    float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    Total() = default;
    Total(float value) : v(value) {}  // a constant
};

Total operator+(const Total& a, const Total& b) {
    Total r(a.v + b.v);
    for (int i = 0; i < 4; ++i) {
        r.d[i] = a.d[i] + b.d[i];
    }
    return r;
}

Total operator-(const Total& a, const Total& b) {
    Total r(a.v - b.v);
    for (int i = 0; i < 4; ++i) {
        r.d[i] = a.d[i] - b.d[i];
    }
    return r;
}

Total operator-(const Total& a) {
    Total r(-a.v);
    for (int i = 0; i < 4; ++i) {
        r.d[i] = -a.d[i];
    }
    return r;
}

Total operator*(const Total& a, const Total& b) {
    Total r(a.v * b.v);
    for (int i = 0; i < 4; ++i) {
        r.d[i] = a.d[i] * b.v + a.v * b.d[i];
    }
    return r;
}

Total operator*(const Total& a, float k) {
    Total r(a.v * k);
    for (int i = 0; i < 4; ++i) {
        r.d[i] = a.d[i] * k;
    }
    return r;
}

Total operator*(float k, const Total& a) {
    Total r(k * a.v);
    for (int i = 0; i < 4; ++i) {
        r.d[i] = k * a.d[i];
    }
    return r;
}

Total operator/(const Total& a, const Total& b) {
    Total r(a.v / b.v);
    for (int i = 0; i < 4; ++i) {
        r.d[i] = (a.d[i] - r.v * b.d[i]) / b.v;
    }
    return r;
}

Total operator/(const Total& a, float k) {
    Total r(a.v / k);
    for (int i = 0; i < 4; ++i) {
        r.d[i] = a.d[i] / k;
    }
    return r;
}

Total operator+(const Total& a, float k) {
    Total r = a;
    r.v = a.v + k;
    return r;
}

Total operator+(float k, const Total& a) {
    Total r = a;
    r.v = k + a.v;
    return r;
}

Total operator-(const Total& a, float k) {
    Total r = a;
    r.v = a.v - k;
    return r;
}

Total operator-(float k, const Total& a) {
    Total r(k - a.v);
    for (int i = 0; i < 4; ++i) {
        r.d[i] = -a.d[i];
    }
    return r;
}

float value_of(float a) { return a; }
float value_of(const Total& a) { return a.v; }

float square_root(float a) { return std::sqrt(a); }

// sqrt: d / (r + r), +0 where r = 0 (the length of a zero slope: its derivative is taken as 0).
Total square_root(const Total& a) {
    Total r(std::sqrt(a.v));
    const float twice = r.v + r.v;
    for (int i = 0; i < 4; ++i) {
        r.d[i] = r.v > 0.0f ? a.d[i] / twice : 0.0f;
    }
    return r;
}

float sine_of(float turns) { return sine_turns(turns); }

// sine_turns: d * (sine_turns(v + 1/4) * 2 pi), the polynomial's cosine standing for its derivative.
Total sine_of(const Total& turns) {
    Total r(sine_turns(turns.v));
    const float k = sine_turns(turns.v + 0.25f) * detail::erosion_two_pi;
    for (int i = 0; i < 4; ++i) {
        r.d[i] = turns.d[i] * k;
    }
    return r;
}

// [S 21.2] A quantity with its partial derivatives along the field's dims axes (the steering
// held), and the rules that carry them, each in the order written.
template <class T>
struct Dual {
    T v = T(0.0f);
    T d[4] = {T(0.0f), T(0.0f), T(0.0f), T(0.0f)};
};

template <class T>
Dual<T> constant(const T& v) {
    Dual<T> r;
    r.v = v;
    return r;
}

template <class T>
Dual<T> add(const Dual<T>& a, const Dual<T>& b, int dims) {
    Dual<T> r;
    r.v = a.v + b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] + b.d[i];
    }
    return r;
}

template <class T>
Dual<T> subtract(const Dual<T>& a, const Dual<T>& b, int dims) {
    Dual<T> r;
    r.v = a.v - b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] - b.d[i];
    }
    return r;
}

template <class T>
Dual<T> multiply(const Dual<T>& a, const Dual<T>& b, int dims) {
    Dual<T> r;
    r.v = a.v * b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] * b.v + a.v * b.d[i];
    }
    return r;
}

template <class T>
Dual<T> scale(const Dual<T>& a, float k, int dims) {
    Dual<T> r;
    r.v = a.v * k;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] * k;
    }
    return r;
}

template <class T>
Dual<T> divide(const Dual<T>& a, const Dual<T>& b, int dims) {
    Dual<T> r;
    r.v = a.v / b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = (a.d[i] - r.v * b.d[i]) / b.v;
    }
    return r;
}

// lo where a < lo, hi where a > hi (constants), else a.
template <class T>
Dual<T> clamp(const Dual<T>& a, float lo, float hi) {
    if (value_of(a.v) < lo) {
        return constant(T(lo));
    }
    if (value_of(a.v) > hi) {
        return constant(T(hi));
    }
    return a;
}

template <class T>
Dual<T> magnitude(const Dual<T>& a, int dims) {
    if (value_of(a.v) < 0.0f) {
        return scale(a, -1.0f, dims);
    }
    return a;
}

// [S 21.4] The fade's ramp of x >= 0 with rounding r >= 0: a soft start (x^2 / 2r below r, then
// x - r/2), capped at 1, eased out (1 - (1 - y)^2).
template <class T>
Dual<T> ramp(const Dual<T>& x, const Dual<T>& r, int dims) {
    Dual<T> y;
    if (value_of(x.v) >= value_of(r.v)) {
        y = subtract(x, scale(r, 0.5f, dims), dims);
    } else {
        y = divide(multiply(x, x, dims), add(r, r, dims), dims);
    }
    if (!(value_of(y.v) < 1.0f)) {
        y = constant(T(1.0f));
    }
    const Dual<T> z = subtract(constant(T(1.0f)), y, dims);
    return subtract(constant(T(1.0f)), multiply(z, z, dims), dims);
}

// [S 21.3] One octave's stripes at cell coordinates q (x, y) running along the unit direction u:
// the blended phasor (c, s) and its derivatives with respect to q.
template <class T>
struct Stripes {
    T c = T(0.0f), s = T(0.0f);
    T dc[2] = {T(0.0f), T(0.0f)}, ds[2] = {T(0.0f), T(0.0f)};
};

template <class T>
Stripes<T> stripes(std::uint32_t key, const std::int32_t* mask, const T* q, const T& ux, const T& uy) {
    int cell[2];
    T frac[2];
    for (int a = 0; a < 2; ++a) {
        const T v = q[a] + 0.0f;
        const float floored = std::floor(value_of(v));
        cell[a] = spec::lattice_index(floored);
        frac[a] = v - floored;
    }
    // The phase advances across the slope: w = (-u_y, u_x) * stripes, in turns per cell unit.
    const T wx = -uy * detail::erosion_stripes, wy = ux * detail::erosion_stripes;
    T C(0.0f), S(0.0f), W(0.0f);
    T dC[2] = {T(0.0f), T(0.0f)}, dS[2] = {T(0.0f), T(0.0f)}, dW[2] = {T(0.0f), T(0.0f)};
    // The 4x4 cells nearest the sample: from two before its cell (one where it is in the cell's
    // upper half) to one or two after.
    const int first[2] = {value_of(frac[0]) < 0.5f ? -2 : -1, value_of(frac[1]) < 0.5f ? -2 : -1};
    for (int j = 0; j < 4; ++j) {
        for (int i = 0; i < 4; ++i) {
            const int dx = first[0] + i, dy = first[1] + j;
            const int wrapped[2] = {(cell[0] + dx) & mask[0], (cell[1] + dy) & mask[1]};
            const std::uint32_t h = spec::cell_hash(key, 2, wrapped);
            // e = q - pivot, the pivot at the cell's centre plus reach * the 17.1 offsets.
            const T ex = frac[0] - ((static_cast<float>(dx) + 0.5f) + detail::erosion_reach * spec::feature_offset(h, 0));
            const T ey = frac[1] - ((static_cast<float>(dy) + 0.5f) + detail::erosion_reach * spec::feature_offset(h, 1));
            T t = detail::erosion_radius2 - (ex * ex + ey * ey);
            t = value_of(t) > 0.0f ? t : T(0.0f);
            const T t2 = t * t;
            const T weight = t2 * t;
            const T slope = t2 * detail::erosion_weight_slope;  // d weight / d e_a = slope * e_a
            const T phase = ex * wx + ey * wy;
            const T sn = sine_of(phase);
            const T cs = sine_of(phase + 0.25f);
            C = C + weight * cs;
            S = S + weight * sn;
            W = W + weight;
            const T de[2] = {slope * ex, slope * ey};
            for (int a = 0; a < 2; ++a) {
                dC[a] = dC[a] + de[a] * cs;
                dS[a] = dS[a] + de[a] * sn;
                dW[a] = dW[a] + de[a];
            }
        }
    }
    // Every phase moves by w per unit of q: d cos = -2 pi w sin, d sin = 2 pi w cos.
    const T k[2] = {wx * detail::erosion_two_pi, wy * detail::erosion_two_pi};
    for (int a = 0; a < 2; ++a) {
        dC[a] = dC[a] - k[a] * S;
        dS[a] = dS[a] + k[a] * C;
    }
    // Normalised to a unit phasor where it is long enough, else by a quarter of the weights.
    Stripes<T> r;
    const T M = square_root(C * C + S * S);
    const T quarter = W * 0.25f;
    const bool unit = value_of(M) >= value_of(quarter);
    const T N = unit ? M : quarter;
    r.c = C / N;
    r.s = S / N;
    for (int a = 0; a < 2; ++a) {
        const T dN = unit ? r.c * dC[a] + r.s * dS[a] : dW[a] * 0.25f;
        r.dc[a] = (dC[a] - r.c * dN) / N;
        r.ds[a] = (dS[a] - r.s * dN) / N;
    }
    return r;
}

// A cell coordinate q_a = p_a * E_k (or its chunk reduction) as a number of type T: as a Total,
// its derivative along axis a is E_k (section 21.6).
template <class T>
T lift(float q, int axis, float frequency) {
    if constexpr (std::is_same_v<T, float>) {
        return q;
    } else {
        Total r(q);
        r.d[axis] = frequency;
        return r;
    }
}

}  // namespace

namespace {

// [S 21] The filter over h (the field's value and gradient as T-quantities), octave k's cell
// coordinates from cells(frequency E_k, q): p * E_k for points, section 13's exact reduction for
// chunks. Returns H before section 21.5's finiteness test.
template <class T, class Cells>
Dual<T> erode_at(const detail::NoiseTables& t, int dims, Cells&& cells, Dual<T> h) {
    const NoiseDesc& d = t.desc;
    const ErosionParams& e = d.erosion;
    // [S 21.1] The octaves' constants.
    const float footprint = d.fractal.kind == Fractal::none ? 0.0f : d.fractal.footprint;
    float frequency = detail::erosion_base_frequency(d);
    float amplitude = e.strength * e.scale;
    const float gully_slope = (amplitude * frequency) * (detail::erosion_two_pi * detail::erosion_stripes);

    Dual<T> target = clamp(h, -1.0f, 1.0f);  // [S 21.4] peaks fade to +1, valleys to -1
    Dual<T> mask, c, s;
    for (int k = 0; k < e.octaves; ++k) {
        const float w = detail::band_weight(frequency, footprint, detail::erosion_band_scale);
        if (w == 0.0f) {
            break;  // [S 21.1] this and every finer octave have faded
        }
        const float weighted = amplitude * w;
        const std::uint32_t key = t.mix_key + static_cast<std::uint32_t>(k + 1) * detail::erosion_key_step;
        const std::int32_t masks[2] = {detail::erosion_mask(d, 0, k), detail::erosion_mask(d, 1, k)};
        float cell[2];
        cells(frequency, cell);
        const T q[2] = {lift<T>(cell[0], 0, frequency), lift<T>(cell[1], 1, frequency)};

        // [S 21.3] Steering: the slope direction of the field eroded so far (its partial
        // derivatives, which a Total carries with their own derivatives: section 21.6).
        const T gx = h.d[0], gy = h.d[1];
        const T length = square_root(gx * gx + gy * gy);
        T ux(1.0f), uy(0.0f);
        if (value_of(length) > 0.0f) {
            ux = gx / length;
            uy = gy / length;
        }
        const Stripes<T> st = stripes(key, masks, q, ux, uy);
        const Dual<T> previous_c = c, previous_s = s;
        c = constant(st.c);
        s = constant(st.s);
        for (int a = 0; a < 2; ++a) {
            c.d[a] = st.dc[a] * frequency;
            s.d[a] = st.ds[a] * frequency;
        }

        // [S 21.4] The fade: octave 0 by the field's slope against its steepest gully wall, later
        // octaves by the last octave's |s| (its walls: 0 on its ridges and creases), each rounded
        // between the crease and ridge rounding by where it stands.
        if (k == 0) {
            T standing = target.v + 0.5f;
            standing = value_of(standing) < 0.0f ? T(0.0f) : (value_of(standing) > 1.0f ? T(1.0f) : standing);
            const Dual<T> x = constant(length / gully_slope);
            const Dual<T> r = constant(e.crease_rounding + (e.ridge_rounding - e.crease_rounding) * standing);
            mask = ramp(x, r, dims);
        } else {
            const Dual<T> x = scale(magnitude(previous_s, dims), detail::erosion_onset, dims);
            const Dual<T> standing = clamp(add(previous_c, constant(T(0.5f)), dims), 0.0f, 1.0f);
            const Dual<T> r = add(constant(T(e.crease_rounding)), scale(standing, e.ridge_rounding - e.crease_rounding, dims), dims);
            mask = multiply(mask, ramp(x, r, dims), dims);
        }
        // [S 21.4] The octave's value fades from the stripe to the target; it is the next target.
        const Dual<T> v = add(target, multiply(subtract(c, target, dims), mask, dims), dims);
        h = add(h, scale(v, weighted, dims), dims);
        target = v;
        frequency = frequency * 2.0f;
        amplitude = amplitude * e.detail;
    }
    return h;
}

// [S 21.5] The value and partial derivatives (the steering held) finite? Else the lane keeps the
// field as it was.
template <class T>
bool finite_result(const Dual<T>& h, int dims) {
    bool finite = spec::is_finite(value_of(h.v));
    for (int a = 0; a < dims; ++a) {
        finite = finite && spec::is_finite(value_of(h.d[a]));
    }
    return finite;
}

template <class Cells>
Gradient erode_held(const detail::NoiseTables& t, int dims, Cells&& cells, const Gradient& in) {
    if (t.desc.erosion.octaves <= 0) {
        return in;
    }
    Dual<float> h;
    h.v = in.value;
    for (int a = 0; a < dims; ++a) {
        h.d[a] = in.d[a];
    }
    h = erode_at<float>(t, dims, cells, h);
    if (!finite_result(h, dims)) {
        return in;
    }
    Gradient r;
    r.value = h.v;
    for (int a = 0; a < dims; ++a) {
        r.d[a] = h.d[a];
    }
    return r;
}

// [S 21.6] The exact gradient: the field's value with its gradient as its total derivatives, its
// partial derivatives along x and y with the rows of its Hessian, the filter over Totals; the
// result is H.v with its total derivatives.
template <class Cells>
Gradient erode_total(const detail::NoiseTables& t, int dims, Cells&& cells, const Gradient& in,
                     const Curvature& curvature) {
    if (t.desc.erosion.octaves <= 0) {
        return in;
    }
    Dual<Total> h;
    h.v = Total(in.value);
    for (int a = 0; a < dims; ++a) {
        h.v.d[a] = in.d[a];
        h.d[a] = Total(in.d[a]);
    }
    for (int a = 0; a < 2; ++a) {
        for (int b = 0; b < dims; ++b) {
            h.d[a].d[b] = curvature.h[a][b];
        }
    }
    h = erode_at<Total>(t, dims, cells, h);
    if (!finite_result(h, dims)) {
        return in;
    }
    Gradient r;
    r.value = h.v.v;
    for (int a = 0; a < dims; ++a) {
        r.d[a] = h.v.d[a];
    }
    return r;
}

}  // namespace

Gradient erode(const detail::NoiseTables& t, int dims, const float* p, const Gradient& in) noexcept {
    return erode_held(t, dims, [&](float frequency, float* q) {
        q[0] = p[0] * frequency;
        q[1] = p[1] * frequency;
    }, in);
}

Gradient erode_chunk(const detail::NoiseTables& t, int dims, const std::int64_t* s, float spacing,
                     const Gradient& in) noexcept {
    return erode_held(t, dims, [&](float frequency, float* q) {
        q[0] = chunk_coordinate(s[0], spacing * frequency);
        q[1] = chunk_coordinate(s[1], spacing * frequency);
    }, in);
}

Gradient erode_exact(const detail::NoiseTables& t, int dims, const float* p, const Gradient& in,
                     const Curvature& curvature) noexcept {
    return erode_total(t, dims, [&](float frequency, float* q) {
        q[0] = p[0] * frequency;
        q[1] = p[1] * frequency;
    }, in, curvature);
}

Gradient erode_chunk_exact(const detail::NoiseTables& t, int dims, const std::int64_t* s, float spacing,
                           const Gradient& in, const Curvature& curvature) noexcept {
    return erode_total(t, dims, [&](float frequency, float* q) {
        q[0] = chunk_coordinate(s[0], spacing * frequency);
        q[1] = chunk_coordinate(s[1], spacing * frequency);
    }, in, curvature);
}

void erosion_chunk_coordinates(const detail::NoiseTables& t, float spacing, std::int64_t first, std::size_t n,
                               float* out) noexcept {
    for (int k = 0; k < t.erosion.octaves; ++k) {
        const float step = spacing * t.erosion.frequency[k];
        for (std::size_t i = 0; i < n; ++i) {
            out[static_cast<std::size_t>(k) * n + i] = chunk_coordinate(first + static_cast<std::int64_t>(i), step);
        }
    }
}

}  // namespace gradnoise::reference
