// [S 19] The scalar reference for graphs: the graph evaluated node by node at one point, each node
// written from its spec subsection (no program, no sharing, no folding: the compiler's
// reorganisation is checked against this).
#include <cmath>

#include "graph/program.hpp"
#include "reference/common.hpp"

#include <limits>
#include "reference/reference.hpp"

namespace gradnoise::graph {

// [S 19.8] The sample number to binary64 (exact below 2^53), times the spacing in binary64, rounded
// once to float.
float chunk_coordinate(std::int64_t s, float spacing) noexcept {
    return static_cast<float>(static_cast<double>(s) * static_cast<double>(spacing));
}

void plane_axes(int plane, int* a, int* b) noexcept {
    static const int axes[6][2] = {{0, 1}, {0, 2}, {1, 2}, {0, 3}, {1, 3}, {2, 3}};  // xy xz yz xw yw zw
    *a = axes[plane][0];
    *b = axes[plane][1];
}

// [S 19.4] The angle reduced exactly to [0, 360) in binary64, split into a quarter turn q and the
// rest e in [0, 90); the sine and cosine of e by the project's polynomial (spec 12.1) at e * pi/180
// in float, exactly 0 and 1 at e = 0; then rotated by q quarter turns (exact).
void rotation_cos_sin(double degrees, float* c, float* s) noexcept {
    double d = std::fmod(degrees, 360.0);
    if (d < 0) {
        d += 360.0;  // exact: |d| < 360
    }
    if (d >= 360.0) {
        d = 0.0;
    }
    const int q = static_cast<int>(d / 90.0);
    const double e = d - 90.0 * q;
    float ce = 1.0f, se = 0.0f;
    if (e != 0.0) {
        const float radians = static_cast<float>(e) * 0.0174532924f;  // float(pi / 180)
        se = reference::sine(radians);
        ce = reference::sine(static_cast<float>(90.0 - e) * 0.0174532924f);
    }
    switch (q) {
        case 0: *c = ce, *s = se; break;
        case 1: *c = -se, *s = ce; break;
        case 2: *c = -ce, *s = -se; break;
        default: *c = se, *s = -ce; break;
    }
}

}  // namespace gradnoise::graph

namespace gradnoise::reference {

namespace {

using graph::Node;
using graph::NodeType;

// [S 19.3] Piecewise linear through the points; y_0 below (and for NaN), y_last at and beyond x_last.
float curve_value(const std::vector<double>& pts, float v) {
    const int count = static_cast<int>(pts.size() / 2);
    auto x = [&](int i) { return static_cast<float>(pts[2 * static_cast<std::size_t>(i)]); };
    auto y = [&](int i) { return static_cast<float>(pts[2 * static_cast<std::size_t>(i) + 1]); };
    if (!(v > x(0))) {
        return y(0);
    }
    if (v >= x(count - 1)) {
        return y(count - 1);
    }
    int i = 0;
    while (i + 1 < count - 1 && v >= x(i + 1)) {
        ++i;
    }
    const float slope = (y(i + 1) - y(i)) / (x(i + 1) - x(i));
    return y(i) + (v - x(i)) * slope;
}

// [S 19.9] The erode node i at p: its value (the gradients' reference below).
float erode_value(const detail::GraphData& d, int i, const float* p);

class GraphReference {
public:
    explicit GraphReference(const detail::GraphData& d) : d_(d), g_(d.desc) {}

    float node(int i, const float* p) const {
        const Node& n = g_.nodes[static_cast<std::size_t>(i)];
        auto in = [&](int slot, std::size_t k = 0) { return node(n.inputs[slot][k], p); };
        switch (n.type) {
            case NodeType::constant: return static_cast<float>(n.value(0));
            case NodeType::coordinate: return p[static_cast<int>(n.value(0))];
            case NodeType::field: return field(d_.fields[static_cast<std::size_t>(i)], p);
            case NodeType::add:
            case NodeType::multiply:
            case NodeType::min:
            case NodeType::max: {
                // [S 19.2] left to right
                float r = in(0, 0);
                for (std::size_t k = 1; k < n.inputs[0].size(); ++k) {
                    const float v = in(0, k);
                    switch (n.type) {
                        case NodeType::add: r = r + v; break;
                        case NodeType::multiply: r = r * v; break;
                        case NodeType::min: r = v < r ? v : r; break;
                        default: r = r < v ? v : r; break;
                    }
                }
                return r;
            }
            case NodeType::subtract: return in(0) - in(1);
            case NodeType::abs: return std::fabs(in(0));
            case NodeType::negate: return -in(0);
            case NodeType::lerp: {
                const float a = in(0), b = in(1), t = in(2);
                return a + (b - a) * t;
            }
            case NodeType::select: return select(n, in(0), in(1), in(2));
            case NodeType::remap: {
                const float in_lo = static_cast<float>(n.values[0][0]), in_hi = static_cast<float>(n.values[0][1]);
                const float out_lo = static_cast<float>(n.values[1][0]), out_hi = static_cast<float>(n.values[1][1]);
                const float k = (out_hi - out_lo) / (in_hi - in_lo);
                return (in(0) - in_lo) * k + out_lo;
            }
            case NodeType::clamp: {
                const float lo = static_cast<float>(n.value(0)), hi = static_cast<float>(n.value(1));
                float r = in(0);
                r = r < lo ? lo : r;
                return hi < r ? hi : r;
            }
            case NodeType::power: {
                const float v = in(0);
                float r = v;
                for (int k = 1; k < static_cast<int>(n.value(0)); ++k) {
                    r = r * v;
                }
                return r;
            }
            case NodeType::sqrt: {
                const float v = in(0);
                return std::sqrt(v < 0.0f ? 0.0f : v);  // [S 19.3]
            }
            case NodeType::terrace: return terrace(n, in(0));
            case NodeType::curve: return curve_value(n.values[0], in(0));
            case NodeType::scale:
            case NodeType::translate: {
                float q[4] = {p[0], p[1], p[2], p[3]};
                for (int a = 0; a < g_.dims; ++a) {
                    const float k = static_cast<float>(n.values[0][static_cast<std::size_t>(a)]);
                    q[a] = n.type == NodeType::scale ? p[a] * k : p[a] + k;
                }
                return node(n.inputs[0][0], q);
            }
            case NodeType::rotate: {
                float c = 0, s = 0;
                graph::rotation_cos_sin(n.value(0), &c, &s);
                int a = 0, b = 0;
                graph::plane_axes(static_cast<int>(n.value(1)), &a, &b);
                float q[4] = {p[0], p[1], p[2], p[3]};
                q[a] = c * p[a] - s * p[b];
                q[b] = s * p[a] + c * p[b];
                return node(n.inputs[0][0], q);
            }
            case NodeType::warp: return warp(n, p);
            case NodeType::fractal: return fractal(n, p);
            case NodeType::erode: return erode_value(d_, i, p);
        }
        return 0.0f;
    }

private:
    float field(const Noise& f, const float* p) const {
        switch (g_.dims) {
            case 2: return field2(f.tables(), p[0], p[1]);
            case 3: return field3(f.tables(), p[0], p[1], p[2]);
            default: return field4(f.tables(), p[0], p[1], p[2], p[3]);
        }
    }

    // [S 19.3] a below the threshold, b above; with a falloff, smoothstep across threshold +- falloff.
    static float select(const Node& n, float a, float b, float control) {
        const float threshold = static_cast<float>(n.value(0)), falloff = static_cast<float>(n.value(1));
        if (falloff == 0.0f) {
            return control < threshold ? a : b;
        }
        const float lo = threshold - falloff, inv = 1.0f / (2.0f * falloff);
        float u = (control - lo) * inv;
        u = u < 0.0f ? 0.0f : u;
        u = 1.0f < u ? 1.0f : u;
        const float s = (u * u) * (3.0f - 2.0f * u);
        return a + (b - a) * s;
    }

    // [S 19.3] t = v * steps; the floor f and the rest r = t - f; the riser g rises from 0 to 1 over
    // the last `smoothness` of the step; (f + g) / steps.
    static float terrace(const Node& n, float v) {
        const float steps = static_cast<float>(n.value(0)), w = static_cast<float>(n.value(1));
        const float t = v * steps;
        const float f = std::floor(t);
        float g = 0.0f;
        if (w != 0.0f) {
            g = (t - f - (1.0f - w)) * (1.0f / w);
            g = g < 0.0f ? 0.0f : g;
            g = 1.0f < g ? 1.0f : g;
        }
        return (f + g) / steps;
    }

    // [S 19.4] input at p + strength * d; d_a = by (or by[a]) at p * frequency (+ warp_offset[0][a]).
    float warp(const Node& n, const float* p) const {
        const float strength = static_cast<float>(n.value(0)), frequency = static_cast<float>(n.value(1));
        const bool one = n.inputs[1].size() == 1;
        float d[4] = {0, 0, 0, 0};
        for (int a = 0; a < g_.dims; ++a) {
            float q[4] = {p[0], p[1], p[2], p[3]};
            for (int b = 0; b < g_.dims; ++b) {
                q[b] = one ? p[b] * frequency + detail::warp_offset[0][a] : p[b] * frequency;
            }
            d[a] = node(n.inputs[1][one ? 0 : static_cast<std::size_t>(a)], q);
        }
        float at[4] = {p[0], p[1], p[2], p[3]};
        for (int a = 0; a < g_.dims; ++a) {
            at[a] = p[a] + strength * d[a];
        }
        return node(n.inputs[0][0], at);
    }

    // [S 19.5] Spec section 8's octave loop with the input as the base noise; +0 where a coordinate is
    // not finite.
    float fractal(const Node& n, const float* p) const {
        FractalParams f;
        f.kind = static_cast<Fractal>(static_cast<int>(Fractal::fbm) + static_cast<int>(n.value(0)));
        f.octaves = static_cast<int>(n.value(1));
        f.frequency = static_cast<float>(n.value(2));
        f.lacunarity = static_cast<float>(n.value(3));
        f.persistence = static_cast<float>(n.value(4));
        for (int a = 0; a < g_.dims; ++a) {
            if (!spec::is_finite(p[a])) {
                return 0.0f;
            }
        }
        const float offset[4] = {detail::octave_offset_x, detail::octave_offset_y, detail::octave_offset_z,
                                 detail::octave_offset_w};
        return spec::sum_octaves<float>(f, spec::Band{}, [&](int k, float frequency) {
            const float kf = static_cast<float>(k);
            float q[4] = {p[0], p[1], p[2], p[3]};
            for (int a = 0; a < g_.dims; ++a) {
                q[a] = p[a] * frequency + kf * offset[a];
            }
            return node(n.inputs[0][0], q);
        });
    }

    const detail::GraphData& d_;
    const graph::GraphDesc& g_;
};

// [S 19.6] Values with gradients: every node's value and its partial derivatives with respect to the
// graph's coordinates, forward through the nodes (dual numbers). A coordinate carries its derivative
// row, and whether it is diagonal -- a constant c times e_axis, tracked as the compiler tracks it --
// so a field at diagonal coordinates multiplies its gradient by c instead of summing products with
// zeros (which could turn a -0 into +0: the built-in fractal's own gradient is this product).
struct Dual {
    float v = 0.0f;
    float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
};

struct Coordinates {
    Dual q[4];
    int axis[4] = {-1, -1, -1, -1};  // diagonal: q[a]'s derivative is c[a] * e_axis[a]
    float c[4] = {0.0f, 0.0f, 0.0f, 0.0f};
};

// The point p as the independent variables: q_a = p_a with derivative e_a (diagonal, c = 1).
Coordinates identity_at(const float* p, int dims) {
    Coordinates P;
    for (int a = 0; a < dims; ++a) {
        P.q[a].v = p[a];
        P.q[a].d[a] = 1.0f;
        P.axis[a] = a;
        P.c[a] = 1.0f;
    }
    return P;
}

class GraphGradientReference {
public:
    explicit GraphGradientReference(const detail::GraphData& d) : d_(d), g_(d.desc), dims_(d.desc.dims) {}

    Dual node(int i, const Coordinates& P) const {
        const Node& n = g_.nodes[static_cast<std::size_t>(i)];
        auto in = [&](int slot, std::size_t k = 0) { return node(n.inputs[slot][k], P); };
        Dual r;
        switch (n.type) {
            case NodeType::constant: r.v = static_cast<float>(n.value(0)); return r;
            case NodeType::coordinate: return P.q[static_cast<int>(n.value(0))];
            case NodeType::field: return field(d_.fields[static_cast<std::size_t>(i)], P);
            case NodeType::add:
            case NodeType::multiply:
            case NodeType::min:
            case NodeType::max: {
                r = in(0, 0);
                for (std::size_t k = 1; k < n.inputs[0].size(); ++k) {
                    const Dual x = in(0, k);
                    switch (n.type) {
                        case NodeType::add:
                            r.v = r.v + x.v;
                            for (int a = 0; a < dims_; ++a) r.d[a] = r.d[a] + x.d[a];
                            break;
                        case NodeType::multiply:
                            for (int a = 0; a < dims_; ++a) r.d[a] = r.d[a] * x.v + r.v * x.d[a];
                            r.v = r.v * x.v;
                            break;
                        case NodeType::min: r = x.v < r.v ? x : r; break;
                        default: r = r.v < x.v ? x : r; break;
                    }
                }
                return r;
            }
            case NodeType::subtract: {
                const Dual a = in(0), b = in(1);
                r.v = a.v - b.v;
                for (int k = 0; k < dims_; ++k) r.d[k] = a.d[k] - b.d[k];
                return r;
            }
            case NodeType::abs:
            case NodeType::negate: {
                const Dual a = in(0);
                const bool flip = n.type == NodeType::negate || a.v < 0.0f;  // |v|' from the right at +-0
                r.v = n.type == NodeType::negate ? -a.v : std::fabs(a.v);
                for (int k = 0; k < dims_; ++k) r.d[k] = flip ? -a.d[k] : a.d[k];
                return r;
            }
            case NodeType::lerp: {
                const Dual a = in(0), b = in(1), t = in(2);
                r.v = a.v + (b.v - a.v) * t.v;
                for (int k = 0; k < dims_; ++k) r.d[k] = a.d[k] + ((b.d[k] - a.d[k]) * t.v + (b.v - a.v) * t.d[k]);
                return r;
            }
            case NodeType::select: {
                const Dual a = in(0), b = in(1), c = in(2);
                const float threshold = static_cast<float>(n.value(0)), falloff = static_cast<float>(n.value(1));
                if (falloff == 0.0f) {
                    return c.v < threshold ? a : b;
                }
                const float lo = threshold - falloff, inv = 1.0f / (2.0f * falloff);
                const float u0 = (c.v - lo) * inv;
                float u = u0 < 0.0f ? 0.0f : u0;
                u = 1.0f < u ? 1.0f : u;
                const float s = (u * u) * (3.0f - 2.0f * u);
                const bool inside = 0.0f < u0 && u0 < 1.0f;
                const float slope = (6.0f * u) * (1.0f - u);
                r.v = a.v + (b.v - a.v) * s;
                for (int k = 0; k < dims_; ++k) {
                    const float ds = inside ? slope * (c.d[k] * inv) : 0.0f;
                    r.d[k] = a.d[k] + ((b.d[k] - a.d[k]) * s + (b.v - a.v) * ds);
                }
                return r;
            }
            case NodeType::remap: {
                const float in_lo = static_cast<float>(n.values[0][0]), in_hi = static_cast<float>(n.values[0][1]);
                const float out_lo = static_cast<float>(n.values[1][0]), out_hi = static_cast<float>(n.values[1][1]);
                const float k = (out_hi - out_lo) / (in_hi - in_lo);
                const Dual a = in(0);
                r.v = (a.v - in_lo) * k + out_lo;
                for (int j = 0; j < dims_; ++j) r.d[j] = a.d[j] * k;
                return r;
            }
            case NodeType::clamp: {
                const float lo = static_cast<float>(n.value(0)), hi = static_cast<float>(n.value(1));
                const Dual a = in(0);
                const bool below = a.v < lo;
                const float low = below ? lo : a.v;
                const bool above = hi < low;
                r.v = above ? hi : low;
                for (int k = 0; k < dims_; ++k) r.d[k] = (below || above) ? 0.0f : a.d[k];
                return r;
            }
            case NodeType::power: {
                const Dual a = in(0);
                r = a;
                for (int k = 1; k < static_cast<int>(n.value(0)); ++k) {
                    for (int j = 0; j < dims_; ++j) r.d[j] = r.d[j] * a.v + r.v * a.d[j];
                    r.v = r.v * a.v;
                }
                return r;
            }
            case NodeType::sqrt: {
                const Dual a = in(0);
                r.v = std::sqrt(a.v < 0.0f ? 0.0f : a.v);
                for (int k = 0; k < dims_; ++k) r.d[k] = 0.0f < a.v ? a.d[k] / (r.v + r.v) : 0.0f;
                return r;
            }
            case NodeType::terrace: {
                const float steps = static_cast<float>(n.value(0)), w = static_cast<float>(n.value(1));
                const Dual a = in(0);
                const float t = a.v * steps;
                const float f = std::floor(t);
                float g = 0.0f;
                bool inside = false;
                const float inv = w == 0.0f ? 0.0f : 1.0f / w;
                if (w != 0.0f) {
                    const float g0 = (t - f - (1.0f - w)) * inv;
                    inside = 0.0f < g0 && g0 < 1.0f;
                    g = g0 < 0.0f ? 0.0f : g0;
                    g = 1.0f < g ? 1.0f : g;
                }
                r.v = (f + g) / steps;
                for (int k = 0; k < dims_; ++k) r.d[k] = (inside ? (a.d[k] * steps) * inv : 0.0f) / steps;
                return r;
            }
            case NodeType::curve: {
                const Dual a = in(0);
                const std::vector<double>& pts = n.values[0];
                const int count = static_cast<int>(pts.size() / 2);
                auto x = [&](int j) { return static_cast<float>(pts[2 * static_cast<std::size_t>(j)]); };
                auto y = [&](int j) { return static_cast<float>(pts[2 * static_cast<std::size_t>(j) + 1]); };
                int j = 0;
                while (j + 1 < count - 1 && a.v >= x(j + 1)) {
                    ++j;
                }
                const float slope = (y(j + 1) - y(j)) / (x(j + 1) - x(j));
                const bool interior = x(0) < a.v && a.v < x(count - 1);
                r.v = curve_value(pts, a.v);
                for (int k = 0; k < dims_; ++k) r.d[k] = interior ? a.d[k] * slope : 0.0f;
                return r;
            }
            case NodeType::scale:
            case NodeType::translate: {
                Coordinates Q = P;
                for (int a = 0; a < dims_; ++a) {
                    const float k = static_cast<float>(n.values[0][static_cast<std::size_t>(a)]);
                    if (n.type == NodeType::scale) {
                        Q.q[a].v = P.q[a].v * k;
                        for (int j = 0; j < dims_; ++j) Q.q[a].d[j] = P.q[a].d[j] * k;
                        Q.c[a] = P.c[a] * k;
                    } else {
                        Q.q[a].v = P.q[a].v + k;
                    }
                }
                return node(n.inputs[0][0], Q);
            }
            case NodeType::rotate: {
                float c = 0, s = 0;
                graph::rotation_cos_sin(n.value(0), &c, &s);
                int a = 0, b = 0;
                graph::plane_axes(static_cast<int>(n.value(1)), &a, &b);
                Coordinates Q = P;
                Q.q[a].v = c * P.q[a].v - s * P.q[b].v;
                Q.q[b].v = s * P.q[a].v + c * P.q[b].v;
                for (int j = 0; j < dims_; ++j) {
                    Q.q[a].d[j] = c * P.q[a].d[j] - s * P.q[b].d[j];
                    Q.q[b].d[j] = s * P.q[a].d[j] + c * P.q[b].d[j];
                }
                Q.axis[a] = Q.axis[b] = -1;
                return node(n.inputs[0][0], Q);
            }
            case NodeType::warp: return warp(n, P);
            case NodeType::fractal: return fractal(n, P);
            case NodeType::erode: return erode(i, n, P);
        }
        return r;
    }

private:
    // [S 19.6] The field's value and gradient (spec 18) at q, by the chain rule.
    Dual field(const Noise& f, const Coordinates& P) const {
        const float q[4] = {P.q[0].v, P.q[1].v, P.q[2].v, P.q[3].v};
        return chained(field_gradient(f.tables(), dims_, q), P);
    }

    // [S 19.9] The input at the node's coordinates as the independent variables (value and gradient
    // along them), eroded by the node's filter, chained as a field's gradient.
    Dual erode(int i, const Node& n, const Coordinates& P) const {
        const float q[4] = {P.q[0].v, P.q[1].v, P.q[2].v, P.q[3].v};
        const Dual in = node(n.inputs[0][0], identity_at(q, dims_));
        Gradient g;
        g.value = in.v;
        for (int a = 0; a < dims_; ++a) {
            g.d[a] = in.d[a];
        }
        // [S 21.6] The input's curvature: central differences of its gradient along each axis of q.
        const detail::NoiseTables& t = d_.fields[static_cast<std::size_t>(i)].tables();
        const float delta = t.erosion.curvature_step;
        Curvature curvature;
        for (int b = 0; b < dims_; ++b) {
            float moved[4] = {q[0], q[1], q[2], q[3]};
            const float above = q[b] + delta, below = q[b] + -delta;
            moved[b] = above;
            const Dual up = node(n.inputs[0][0], identity_at(moved, dims_));
            moved[b] = below;
            const Dual down = node(n.inputs[0][0], identity_at(moved, dims_));
            const float step = above - below;
            for (int a = 0; a < 2; ++a) {
                curvature.h[a][b] = step > 0.0f ? (up.d[a] - down.d[a]) / step : 0.0f;
            }
        }
        return chained(reference::erode_exact(t, dims_, q, g, curvature), P);
    }

    // [S 19.6] A gradient along the coordinates P chained to the graph's: one product per axis where P
    // is diagonal, else the sum over P's axes.
    Dual chained(const Gradient& g, const Coordinates& P) const {
        Dual r;
        r.v = g.value;
        bool diagonal = true;
        for (int b = 0; b < dims_; ++b) {
            diagonal = diagonal && P.axis[b] == b;
        }
        for (int b = 0; b < dims_; ++b) {
            if (diagonal) {
                r.d[b] = g.d[b] * P.c[b];
            } else {
                float t = g.d[0] * P.q[0].d[b];
                for (int a = 1; a < dims_; ++a) {
                    t = t + g.d[a] * P.q[a].d[b];
                }
                r.d[b] = t;
            }
        }
        return r;
    }

    // q_b = p_b * f (+ offset): the derivative scales by f, a diagonal coordinate's constant too.
    void move(const Coordinates& P, Coordinates* Q, int b, float f, float offset, bool add) const {
        Q->q[b].v = add ? P.q[b].v * f + offset : P.q[b].v * f;
        for (int j = 0; j < dims_; ++j) Q->q[b].d[j] = P.q[b].d[j] * f;
        Q->c[b] = P.c[b] * f;
    }

    Dual warp(const Node& n, const Coordinates& P) const {
        const float strength = static_cast<float>(n.value(0)), frequency = static_cast<float>(n.value(1));
        const bool one = n.inputs[1].size() == 1;
        Dual d[4];
        for (int a = 0; a < dims_; ++a) {
            Coordinates Q = P;
            for (int b = 0; b < dims_; ++b) {
                move(P, &Q, b, frequency, detail::warp_offset[0][a], one);
            }
            d[a] = node(n.inputs[1][one ? 0 : static_cast<std::size_t>(a)], Q);
        }
        Coordinates at = P;
        for (int a = 0; a < dims_; ++a) {
            at.q[a].v = P.q[a].v + strength * d[a].v;
            for (int j = 0; j < dims_; ++j) at.q[a].d[j] = P.q[a].d[j] + strength * d[a].d[j];
            at.axis[a] = -1;
        }
        return node(n.inputs[0][0], at);
    }

    // [S 19.6] Spec 18.3's octave loop with the input's gradient (already with respect to p) as g.
    Dual fractal(const Node& n, const Coordinates& P) const {
        const Fractal kind = static_cast<Fractal>(static_cast<int>(Fractal::fbm) + static_cast<int>(n.value(0)));
        const int octaves = static_cast<int>(n.value(1));
        const float lacunarity = static_cast<float>(n.value(3)), persistence = static_cast<float>(n.value(4));
        Dual r;
        for (int a = 0; a < dims_; ++a) {
            if (!spec::is_finite(P.q[a].v)) {
                return r;
            }
        }
        const float offset[4] = {detail::octave_offset_x, detail::octave_offset_y, detail::octave_offset_z,
                                 detail::octave_offset_w};
        float frequency = static_cast<float>(n.value(2)), amplitude = 1.0f, amplitude_sum = 0.0f;
        float sum = 0.0f, dsum[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        float weight = 1.0f, dweight[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int k = 0; k < octaves; ++k) {
            const float kf = static_cast<float>(k);
            Coordinates Q = P;
            for (int a = 0; a < dims_; ++a) {
                move(P, &Q, a, frequency, kf * offset[a], true);
            }
            const Dual nk = node(n.inputs[0][0], Q);
            float term = 0.0f, dterm[4] = {0.0f, 0.0f, 0.0f, 0.0f};
            spec::octave_term_gradient(kind, dims_, nk.v, nk.d, weight, dweight, term, dterm);  // [S 18.3]
            sum = sum + amplitude * term;
            for (int a = 0; a < dims_; ++a) dsum[a] = dsum[a] + amplitude * dterm[a];
            amplitude_sum = amplitude_sum + amplitude;
            frequency = frequency * lacunarity;
            amplitude = amplitude * persistence;
        }
        r.v = sum / amplitude_sum;
        for (int a = 0; a < dims_; ++a) {
            r.d[a] = dsum[a] / amplitude_sum;
            if (!(r.d[a] == r.d[a])) {
                r.d[a] = 0.0f;  // as 18.3: a NaN component (an overflow) is +0
            }
        }
        return r;
    }

    const detail::GraphData& d_;
    const graph::GraphDesc& g_;
    int dims_;
};

float erode_value(const detail::GraphData& d, int i, const float* p) {
    return GraphGradientReference(d).node(i, identity_at(p, d.desc.dims)).v;
}

}  // namespace

// [S 19] A NaN result leaves as the quiet NaN 0x7FC00000 (the processor picks the sign and payload
// of a NaN an operation makes: x86 0xFFC00000, ARM 0x7FC00000).
float canonical_nan(float v) {
    return v == v ? v : std::numeric_limits<float>::quiet_NaN();
}

void graph_sample_gradient(const detail::GraphData& d, const float* p, float* out) noexcept {
    const Dual r = GraphGradientReference(d).node(d.desc.output, identity_at(p, d.desc.dims));
    out[0] = canonical_nan(r.v);
    for (int a = 0; a < d.desc.dims; ++a) {
        out[1 + a] = canonical_nan(r.d[a]);
    }
}

float graph_sample(const detail::GraphData& d, const float* p) noexcept {
    const float q[4] = {p[0], p[1], d.desc.dims > 2 ? p[2] : 0.0f, d.desc.dims > 3 ? p[3] : 0.0f};
    return canonical_nan(GraphReference(d).node(d.desc.output, q));
}

}  // namespace gradnoise::reference
