// [S 21] The erosion filter, plain C++: octaves of gully stripes laid along the field's downhill
// direction in jittered cells, blended, faded where the slope gives out, and stacked so that each
// octave branches off the last. Spec sections are cited as [S n]; see docs/spec.md.
#include <cmath>

#include "reference/common.hpp"
#include "tables/erosion.hpp"

namespace gradnoise::reference {

namespace {

// [S 21.2] A quantity with its partial derivatives along the field's dims axes, and the rules that
// carry them, each in the order written.
struct Dual {
    float v = 0.0f;
    float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
};

Dual constant(float v) {
    Dual r;
    r.v = v;
    return r;
}

Dual add(const Dual& a, const Dual& b, int dims) {
    Dual r;
    r.v = a.v + b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] + b.d[i];
    }
    return r;
}

Dual subtract(const Dual& a, const Dual& b, int dims) {
    Dual r;
    r.v = a.v - b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] - b.d[i];
    }
    return r;
}

Dual multiply(const Dual& a, const Dual& b, int dims) {
    Dual r;
    r.v = a.v * b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] * b.v + a.v * b.d[i];
    }
    return r;
}

Dual scale(const Dual& a, float k, int dims) {
    Dual r;
    r.v = a.v * k;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] * k;
    }
    return r;
}

Dual divide(const Dual& a, const Dual& b, int dims) {
    Dual r;
    r.v = a.v / b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = (a.d[i] - r.v * b.d[i]) / b.v;
    }
    return r;
}

// lo where a < lo, hi where a > hi (constants), else a.
Dual clamp(const Dual& a, float lo, float hi) {
    if (a.v < lo) {
        return constant(lo);
    }
    if (a.v > hi) {
        return constant(hi);
    }
    return a;
}

Dual magnitude(const Dual& a, int dims) {
    if (a.v < 0.0f) {
        return scale(a, -1.0f, dims);
    }
    return a;
}

// [S 21.4] The fade's ramp of x >= 0 with rounding r >= 0: a soft start (x^2 / 2r below r, then
// x - r/2), capped at 1, eased out (1 - (1 - y)^2).
Dual ramp(const Dual& x, const Dual& r, int dims) {
    Dual y;
    if (x.v >= r.v) {
        y = subtract(x, scale(r, 0.5f, dims), dims);
    } else {
        y = divide(multiply(x, x, dims), add(r, r, dims), dims);
    }
    if (!(y.v < 1.0f)) {
        y = constant(1.0f);
    }
    const Dual z = subtract(constant(1.0f), y, dims);
    return subtract(constant(1.0f), multiply(z, z, dims), dims);
}

// [S 21.3] One octave's stripes at cell coordinates q (x, y) running along the unit direction u:
// the blended phasor (c, s) and its derivatives with respect to q.
struct Stripes {
    float c = 0.0f, s = 0.0f;
    float dc[2] = {0.0f, 0.0f}, ds[2] = {0.0f, 0.0f};
};

Stripes stripes(std::uint32_t key, const std::int32_t* mask, const float* q, float ux, float uy) {
    int cell[2];
    float frac[2];
    for (int a = 0; a < 2; ++a) {
        const float v = q[a] + 0.0f;
        const float floored = std::floor(v);
        cell[a] = spec::lattice_index(floored);
        frac[a] = v - floored;
    }
    // The phase advances across the slope: w = (-u_y, u_x) * stripes, in turns per cell unit.
    const float wx = -uy * detail::erosion_stripes, wy = ux * detail::erosion_stripes;
    float C = 0.0f, S = 0.0f, W = 0.0f;
    float dC[2] = {0.0f, 0.0f}, dS[2] = {0.0f, 0.0f}, dW[2] = {0.0f, 0.0f};
    // The 4x4 cells nearest the sample: from two before its cell (one where it is in the cell's
    // upper half) to one or two after.
    const int first[2] = {frac[0] < 0.5f ? -2 : -1, frac[1] < 0.5f ? -2 : -1};
    for (int j = 0; j < 4; ++j) {
        for (int i = 0; i < 4; ++i) {
            const int dx = first[0] + i, dy = first[1] + j;
            const int wrapped[2] = {(cell[0] + dx) & mask[0], (cell[1] + dy) & mask[1]};
            const std::uint32_t h = spec::cell_hash(key, 2, wrapped);
            // e = q - pivot, the pivot at the cell's centre plus reach * the 17.1 offsets.
            const float ex = frac[0] - ((static_cast<float>(dx) + 0.5f) + detail::erosion_reach * spec::feature_offset(h, 0));
            const float ey = frac[1] - ((static_cast<float>(dy) + 0.5f) + detail::erosion_reach * spec::feature_offset(h, 1));
            float t = detail::erosion_radius2 - (ex * ex + ey * ey);
            t = t > 0.0f ? t : 0.0f;
            const float t2 = t * t;
            const float weight = t2 * t;
            const float slope = t2 * detail::erosion_weight_slope;  // d weight / d e_a = slope * e_a
            const float phase = ex * wx + ey * wy;
            const float sn = sine_turns(phase);
            const float cs = sine_turns(phase + 0.25f);
            C = C + weight * cs;
            S = S + weight * sn;
            W = W + weight;
            const float de[2] = {slope * ex, slope * ey};
            for (int a = 0; a < 2; ++a) {
                dC[a] = dC[a] + de[a] * cs;
                dS[a] = dS[a] + de[a] * sn;
                dW[a] = dW[a] + de[a];
            }
        }
    }
    // Every phase moves by w per unit of q: d cos = -2 pi w sin, d sin = 2 pi w cos.
    const float k[2] = {wx * detail::erosion_two_pi, wy * detail::erosion_two_pi};
    for (int a = 0; a < 2; ++a) {
        dC[a] = dC[a] - k[a] * S;
        dS[a] = dS[a] + k[a] * C;
    }
    // Normalised to a unit phasor where it is long enough, else by a quarter of the weights.
    Stripes r;
    const float M = std::sqrt(C * C + S * S);
    const float quarter = W * 0.25f;
    const bool unit = M >= quarter;
    const float N = unit ? M : quarter;
    r.c = C / N;
    r.s = S / N;
    for (int a = 0; a < 2; ++a) {
        const float dN = unit ? r.c * dC[a] + r.s * dS[a] : dW[a] * 0.25f;
        r.dc[a] = (dC[a] - r.c * dN) / N;
        r.ds[a] = (dS[a] - r.s * dN) / N;
    }
    return r;
}

}  // namespace

namespace {

// [S 21] The filter with octave k's cell coordinates from cells(frequency E_k, q): p * E_k for
// points, section 13's exact reduction for chunks.
template <class Cells>
Gradient erode_at(const detail::NoiseTables& t, int dims, Cells&& cells, const Gradient& in) {
    const NoiseDesc& d = t.desc;
    const ErosionParams& e = d.erosion;
    if (e.octaves <= 0) {
        return in;
    }
    // [S 21.1] The octaves' constants.
    const float footprint = d.fractal.kind == Fractal::none ? 0.0f : d.fractal.footprint;
    float frequency = detail::erosion_base_frequency(d);
    float amplitude = e.strength * e.scale;
    const float gully_slope = (amplitude * frequency) * (detail::erosion_two_pi * detail::erosion_stripes);

    Dual h;
    h.v = in.value;
    for (int a = 0; a < dims; ++a) {
        h.d[a] = in.d[a];
    }
    Dual target = clamp(h, -1.0f, 1.0f);  // [S 21.4] peaks fade to +1, valleys to -1
    Dual mask, c, s;
    for (int k = 0; k < e.octaves; ++k) {
        const float w = detail::band_weight(frequency, footprint, detail::erosion_band_scale);
        if (w == 0.0f) {
            break;  // [S 21.1] this and every finer octave have faded
        }
        const float weighted = amplitude * w;
        const std::uint32_t key = t.mix_key + static_cast<std::uint32_t>(k + 1) * detail::erosion_key_step;
        const std::int32_t masks[2] = {detail::erosion_mask(d, 0, k), detail::erosion_mask(d, 1, k)};
        float q[2];
        cells(frequency, q);

        // [S 21.3] Steering: the slope direction of the field eroded so far (a value: its own
        // derivatives are not carried).
        const float gx = h.d[0], gy = h.d[1];
        const float length = std::sqrt(gx * gx + gy * gy);
        float ux = 1.0f, uy = 0.0f;
        if (length > 0.0f) {
            ux = gx / length;
            uy = gy / length;
        }
        const Stripes st = stripes(key, masks, q, ux, uy);
        const Dual previous_c = c, previous_s = s;
        c = constant(st.c);
        s = constant(st.s);
        for (int a = 0; a < 2; ++a) {
            c.d[a] = st.dc[a] * frequency;
            s.d[a] = st.ds[a] * frequency;
        }

        // [S 21.4] The fade: octave 0 by the field's slope against its steepest gully wall (a value),
        // later octaves by the last octave's |s| (its walls: 0 on its ridges and creases), each
        // rounded between the crease and ridge rounding by where it stands.
        if (k == 0) {
            float standing = target.v + 0.5f;
            standing = standing < 0.0f ? 0.0f : (standing > 1.0f ? 1.0f : standing);
            const Dual x = constant(length / gully_slope);
            const Dual r = constant(e.crease_rounding + (e.ridge_rounding - e.crease_rounding) * standing);
            mask = ramp(x, r, dims);
        } else {
            const Dual x = scale(magnitude(previous_s, dims), detail::erosion_onset, dims);
            const Dual standing = clamp(add(previous_c, constant(0.5f), dims), 0.0f, 1.0f);
            const Dual r = add(constant(e.crease_rounding), scale(standing, e.ridge_rounding - e.crease_rounding, dims), dims);
            mask = multiply(mask, ramp(x, r, dims), dims);
        }
        // [S 21.4] The octave's value fades from the stripe to the target; it is the next target.
        const Dual v = add(target, multiply(subtract(c, target, dims), mask, dims), dims);
        h = add(h, scale(v, weighted, dims), dims);
        target = v;
        frequency = frequency * 2.0f;
        amplitude = amplitude * e.detail;
    }
    // [S 21.5] A lane with a non-finite result keeps the field as it was.
    bool finite = spec::is_finite(h.v);
    for (int a = 0; a < dims; ++a) {
        finite = finite && spec::is_finite(h.d[a]);
    }
    if (!finite) {
        return in;
    }
    Gradient r;
    r.value = h.v;
    for (int a = 0; a < dims; ++a) {
        r.d[a] = h.d[a];
    }
    return r;
}

}  // namespace

Gradient erode(const detail::NoiseTables& t, int dims, const float* p, const Gradient& in) noexcept {
    return erode_at(t, dims, [&](float frequency, float* q) {
        q[0] = p[0] * frequency;
        q[1] = p[1] * frequency;
    }, in);
}

Gradient erode_chunk(const detail::NoiseTables& t, int dims, const std::int64_t* s, float spacing,
                     const Gradient& in) noexcept {
    return erode_at(t, dims, [&](float frequency, float* q) {
        q[0] = chunk_coordinate(s[0], spacing * frequency);
        q[1] = chunk_coordinate(s[1], spacing * frequency);
    }, in);
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
