// [S 19] The graph interpreter: a compiled program (src/graph/program.hpp) run over one block of
// samples, one operation at a time across the block's batches -- a switch per operation per block,
// never per sample -- with every value in a slot of graph_block floats on the stack. The fields'
// own kernels evaluate the field operations (`field` is kernels.inl's points<dims> for this ISA).
#pragma once

#include "graph/program.hpp"
#include "kernels/ops.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

using graph::graph_block;
using graph::Instr;
using graph::Op;

using Slots = float (*)[graph_block];

GRADNOISE_KERNEL_INLINE F graph_abs(F v) noexcept { return as_float(as_int(v) & I(0x7fffffff)); }

GRADNOISE_KERNEL_INLINE F graph_clamp01(F u) noexcept {
    u = xsimd::select(u < F(0.0f), F(0.0f), u);
    return xsimd::select(F(1.0f) < u, F(1.0f), u);
}

// Applies compute(i) -> batch at every batch of the block's first `lanes` samples (a multiple of
// the batch width), storing into `out`.
template <class Compute>
GRADNOISE_KERNEL_INLINE void each_batch(float* out, std::size_t lanes, Compute&& compute) noexcept {
    for (std::size_t i = 0; i < lanes; i += F::size) {
        F r = compute(i);
        r.store_aligned(out + i);
    }
}

// [S 19.3] The curve's segment by comparisons against every inner point, then one evaluation.
GRADNOISE_KERNEL_INLINE F graph_curve(const graph::CurveTable& c, F v) noexcept {
    F x(c.x[0]), y(c.y[0]), m(c.slope[0]);
    for (int i = 1; i < c.count - 1; ++i) {
        const auto at = v >= F(c.x[i]);
        x = xsimd::select(at, F(c.x[i]), x);
        y = xsimd::select(at, F(c.y[i]), y);
        m = xsimd::select(at, F(c.slope[i]), m);
    }
    F r = y + (v - x) * m;
    r = xsimd::select(v >= F(c.x[c.count - 1]), F(c.y[c.count - 1]), r);
    return xsimd::select(v > F(c.x[0]), r, F(c.y[0]));  // v <= x_0 or NaN: y_0
}

// Runs the program over slots whose coordinate slots hold `lanes` samples (a multiple of F::size).
// field(instr, coords, out, lanes) evaluates a field operation.
template <class Field>
void run_program(const graph::Program& prog, Slots s, std::size_t lanes, Field&& field) noexcept {
    const int dims = prog.dims;
    for (const Instr& in : prog.code) {
        float* out = s[in.out];
        const float* a = s[in.in[0]];
        const float* b = s[in.in[1]];
        const float* c = s[in.in[2]];
        const F k0(in.k[0]), k1(in.k[1]), k2(in.k[2]), k3(in.k[3]);
        auto ld = [](const float* p, std::size_t i) GRADNOISE_KERNEL_LAMBDA_INLINE { return F::load_aligned(p + i); };
        switch (in.op) {
            case Op::field: {
                const float* coords[4] = {s[in.in[0]], s[in.in[1]], dims > 2 ? s[in.in[2]] : nullptr,
                                          dims > 3 ? s[in.in[3]] : nullptr};
                field(in, coords, out, lanes);
                break;
            }
            case Op::constant: each_batch(out, lanes, [&](std::size_t) { return k0; }); break;
            case Op::add: each_batch(out, lanes, [&](std::size_t i) { return ld(a, i) + ld(b, i); }); break;
            case Op::subtract: each_batch(out, lanes, [&](std::size_t i) { return ld(a, i) - ld(b, i); }); break;
            case Op::multiply: each_batch(out, lanes, [&](std::size_t i) { return ld(a, i) * ld(b, i); }); break;
            case Op::min:
                each_batch(out, lanes, [&](std::size_t i) {
                    const F x = ld(a, i), y = ld(b, i);
                    return xsimd::select(y < x, y, x);
                });
                break;
            case Op::max:
                each_batch(out, lanes, [&](std::size_t i) {
                    const F x = ld(a, i), y = ld(b, i);
                    return xsimd::select(x < y, y, x);
                });
                break;
            case Op::abs: each_batch(out, lanes, [&](std::size_t i) { return graph_abs(ld(a, i)); }); break;
            case Op::negate: each_batch(out, lanes, [&](std::size_t i) { return negate(ld(a, i)); }); break;
            case Op::lerp:
                each_batch(out, lanes, [&](std::size_t i) {
                    const F x = ld(a, i), y = ld(b, i), t = ld(c, i);
                    return x + (y - x) * t;
                });
                break;
            case Op::select_hard:
                each_batch(out, lanes, [&](std::size_t i) {
                    const F x = ld(a, i), y = ld(b, i), t = ld(c, i);
                    return xsimd::select(t < k0, x, y);
                });
                break;
            case Op::select_soft:
                each_batch(out, lanes, [&](std::size_t i) {
                    const F x = ld(a, i), y = ld(b, i), t = ld(c, i);
                    const F u = graph_clamp01((t - k0) * k1);
                    const F w = (u * u) * (F(3.0f) - F(2.0f) * u);
                    return x + (y - x) * w;
                });
                break;
            case Op::remap: each_batch(out, lanes, [&](std::size_t i) { return (ld(a, i) - k0) * k1 + k2; }); break;
            case Op::clamp:
                each_batch(out, lanes, [&](std::size_t i) {
                    F r = ld(a, i);
                    r = xsimd::select(r < k0, k0, r);
                    return xsimd::select(k1 < r, k1, r);
                });
                break;
            case Op::power:
                each_batch(out, lanes, [&](std::size_t i) {
                    const F v = ld(a, i);
                    F r = v;
                    for (int k = 1; k < in.count; ++k) {
                        r = r * v;
                    }
                    return r;
                });
                break;
            case Op::sqrt:
                each_batch(out, lanes, [&](std::size_t i) {
                    const F v = ld(a, i);
                    return square_root(xsimd::select(v < F(0.0f), F(0.0f), v));
                });
                break;
            case Op::terrace:
                each_batch(out, lanes, [&](std::size_t i) {
                    const F t = ld(a, i) * k0;
                    const F f = floor(t);
                    F g = F(0.0f);
                    if (in.k[1] != 0.0f) {
                        g = graph_clamp01((t - f - k2) * k3);
                    }
                    return divide(f + g, k0);
                });
                break;
            case Op::curve: {
                const graph::CurveTable& table = prog.curves[static_cast<std::size_t>(in.index)];
                each_batch(out, lanes, [&](std::size_t i) { return graph_curve(table, ld(a, i)); });
                break;
            }
            case Op::scale: each_batch(out, lanes, [&](std::size_t i) { return ld(a, i) * k0; }); break;
            case Op::translate: each_batch(out, lanes, [&](std::size_t i) { return ld(a, i) + k0; }); break;
            case Op::affine: each_batch(out, lanes, [&](std::size_t i) { return ld(a, i) * k0 + k1; }); break;
            case Op::axpy: each_batch(out, lanes, [&](std::size_t i) { return ld(a, i) + k0 * ld(b, i); }); break;
            case Op::rotate: {
                float* out2 = s[in.out2];
                for (std::size_t i = 0; i < lanes; i += F::size) {
                    const F x = ld(a, i), y = ld(b, i);
                    const F u = k0 * x - k1 * y, v = k1 * x + k0 * y;
                    u.store_aligned(out + i);
                    v.store_aligned(out2 + i);
                }
                break;
            }
            case Op::accumulate: {
                const Fractal kind = static_cast<Fractal>(in.count);
                each_batch(out, lanes, [&](std::size_t i) {
                    const F sum = ld(a, i), n = ld(b, i);
                    F term = n;
                    if (kind == Fractal::turbulence) {
                        term = graph_abs(n);
                    } else if (kind == Fractal::billow) {
                        term = F(2.0f) * graph_abs(n) - F(1.0f);
                    }
                    return sum + k0 * term;
                });
                break;
            }
            case Op::accumulate_ridged: {
                float* out2 = s[in.out2];
                for (std::size_t i = 0; i < lanes; i += F::size) {
                    const F sum = ld(a, i), weight = ld(b, i), n = ld(c, i);
                    F t = F(1.0f) - graph_abs(n);
                    t = t * t;
                    t = t * weight;
                    F w = t * F(2.0f);
                    w = xsimd::select(w < F(0.0f), F(0.0f), xsimd::select(w > F(1.0f), F(1.0f), w));
                    const F r = sum + k0 * t;
                    r.store_aligned(out + i);
                    w.store_aligned(out2 + i);
                }
                break;
            }
            case Op::fractal_end:
                each_batch(out, lanes, [&](std::size_t i) {
                    auto finite = graph_abs(ld(b, i)) <= F(FLT_MAX);
                    for (int d = 1; d < dims; ++d) {
                        finite = finite && (graph_abs(ld(s[in.in[1 + d]], i)) <= F(FLT_MAX));
                    }
                    return xsimd::select(finite, divide(ld(a, i), k0), F(0.0f));
                });
                break;
            case Op::local: each_batch(out, lanes, [&](std::size_t i) { return ld(a, i); }); break;
            case Op::curvature:
            case Op::erode:
                // (A program with an erode node runs with gradients: GraphData::needs_gradient.)
                each_batch(out, lanes, [&](std::size_t) { return F(std::numeric_limits<float>::quiet_NaN()); });
                break;
        }
    }
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// [S 19.6] Slots with gradients: plane 0 the value, plane 1 + a the derivative along axis a.
using GradientSlots = float (*)[5][graph::graph_gradient_block];

// The program over slots with gradients (dual numbers), the operations of spec 19.6 in their
// order. field(instr, coords, planes, lanes) writes a field's value and gradient with respect to
// its own coordinates into planes[0 .. dims]; erode(instr, coords, input, curvature, planes, lanes)
// the erosion filter's of the input's planes and curvature (spec 19.9, 21.6).
template <class Field, class Erode>
void run_program_gradient(const graph::Program& prog, GradientSlots s, std::size_t lanes, Field&& field,
                          Erode&& erode) noexcept {
    const int dims = prog.dims;
    alignas(64) float g[5][graph::graph_gradient_block];
    auto ld = [](const float* p, std::size_t i) GRADNOISE_KERNEL_LAMBDA_INLINE { return F::load_aligned(p + i); };
    const F zero(0.0f), one(1.0f);
    for (const Instr& in : prog.code) {
        float(*out)[graph::graph_gradient_block] = s[in.out];
        float(*a)[graph::graph_gradient_block] = s[in.in[0]];
        float(*b)[graph::graph_gradient_block] = s[in.in[1]];
        float(*c)[graph::graph_gradient_block] = s[in.in[2]];
        const F k0(in.k[0]), k1(in.k[1]), k2(in.k[2]), k3(in.k[3]);
        for (std::size_t i = 0; i < lanes; i += F::size) {
            switch (in.op) {
                case Op::field:
                case Op::erode: break;  // below, for the whole block
                case Op::curvature: {
                    // [S 21.6] rows x and y of a column of the input's Hessian
                    const F h = ld(c[0], i) - ld(s[in.in[3]][0], i);
                    const auto moved = h > zero;
                    F r[5];
                    r[0] = zero;
                    for (int d = 1; d <= dims; ++d) {
                        r[d] = d <= 2 ? xsimd::select(moved, divide(ld(a[d], i) - ld(b[d], i), h), zero) : zero;
                    }
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::local:
                    ld(a[0], i).store_aligned(out[0] + i);
                    for (int d = 1; d <= dims; ++d) (d - 1 == in.count ? one : zero).store_aligned(out[d] + i);
                    break;
                case Op::constant:
                    k0.store_aligned(out[0] + i);
                    for (int d = 1; d <= dims; ++d) zero.store_aligned(out[d] + i);
                    break;
                case Op::add:
                case Op::subtract: {
                    const bool add = in.op == Op::add;
                    F r[5];
                    for (int d = 0; d <= dims; ++d) r[d] = add ? ld(a[d], i) + ld(b[d], i) : ld(a[d], i) - ld(b[d], i);
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::multiply: {
                    const F x = ld(a[0], i), y = ld(b[0], i);
                    F r[5];
                    r[0] = x * y;
                    for (int d = 1; d <= dims; ++d) r[d] = ld(a[d], i) * y + x * ld(b[d], i);
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::min:
                case Op::max: {
                    const F x = ld(a[0], i), y = ld(b[0], i);
                    const auto take = in.op == Op::min ? y < x : x < y;
                    F r[5];
                    for (int d = 0; d <= dims; ++d) r[d] = xsimd::select(take, ld(b[d], i), ld(a[d], i));
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::abs:
                case Op::negate: {
                    const F x = ld(a[0], i);
                    const auto flip = in.op == Op::negate ? (x == x) || !(x == x) : x < zero;
                    F r[5];
                    r[0] = in.op == Op::negate ? negate(x) : graph_abs(x);
                    for (int d = 1; d <= dims; ++d) {
                        const F v = ld(a[d], i);
                        r[d] = xsimd::select(flip, negate(v), v);
                    }
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::lerp: {
                    const F x = ld(a[0], i), y = ld(b[0], i), t = ld(c[0], i);
                    F r[5];
                    r[0] = x + (y - x) * t;
                    for (int d = 1; d <= dims; ++d) {
                        const F dx = ld(a[d], i);
                        r[d] = dx + ((ld(b[d], i) - dx) * t + (y - x) * ld(c[d], i));
                    }
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::select_hard: {
                    const auto below = ld(c[0], i) < k0;
                    F r[5];
                    for (int d = 0; d <= dims; ++d) r[d] = xsimd::select(below, ld(a[d], i), ld(b[d], i));
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::select_soft: {
                    const F x = ld(a[0], i), y = ld(b[0], i);
                    const F u0 = (ld(c[0], i) - k0) * k1;
                    const F u = graph_clamp01(u0);
                    const F w = (u * u) * (F(3.0f) - F(2.0f) * u);
                    const auto inside = (zero < u0) && (u0 < one);
                    const F slope = (F(6.0f) * u) * (one - u);
                    F r[5];
                    r[0] = x + (y - x) * w;
                    for (int d = 1; d <= dims; ++d) {
                        const F ds = xsimd::select(inside, slope * (ld(c[d], i) * k1), zero);
                        const F dx = ld(a[d], i);
                        r[d] = dx + ((ld(b[d], i) - dx) * w + (y - x) * ds);
                    }
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::remap: {
                    F r[5];
                    r[0] = (ld(a[0], i) - k0) * k1 + k2;
                    for (int d = 1; d <= dims; ++d) r[d] = ld(a[d], i) * k1;
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::clamp: {
                    const F x = ld(a[0], i);
                    const auto below = x < k0;
                    const F low = xsimd::select(below, k0, x);
                    const auto above = k1 < low;
                    F r[5];
                    r[0] = xsimd::select(above, k1, low);
                    for (int d = 1; d <= dims; ++d) r[d] = xsimd::select(below || above, zero, ld(a[d], i));
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::power: {
                    const F x = ld(a[0], i);
                    F r[5], dx[5];
                    r[0] = x;
                    for (int d = 1; d <= dims; ++d) r[d] = dx[d] = ld(a[d], i);
                    for (int k = 1; k < in.count; ++k) {
                        for (int d = 1; d <= dims; ++d) r[d] = r[d] * x + r[0] * dx[d];
                        r[0] = r[0] * x;
                    }
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::sqrt: {
                    const F x = ld(a[0], i);
                    F r[5];
                    r[0] = square_root(xsimd::select(x < zero, zero, x));
                    const auto positive = zero < x;
                    for (int d = 1; d <= dims; ++d) r[d] = xsimd::select(positive, divide(ld(a[d], i), r[0] + r[0]), zero);
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::terrace: {
                    const F t = ld(a[0], i) * k0;
                    const F f = floor(t);
                    F gg = zero;
                    auto inside = zero < zero;  // (false)
                    if (in.k[1] != 0.0f) {
                        const F g0 = (t - f - k2) * k3;
                        inside = (zero < g0) && (g0 < one);
                        gg = graph_clamp01(g0);
                    }
                    F r[5];
                    r[0] = divide(f + gg, k0);
                    for (int d = 1; d <= dims; ++d) r[d] = divide(xsimd::select(inside, (ld(a[d], i) * k0) * k3, zero), k0);
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::curve: {
                    const graph::CurveTable& t = prog.curves[static_cast<std::size_t>(in.index)];
                    const F v = ld(a[0], i);
                    F m(t.slope[0]);
                    for (int j = 1; j < t.count - 1; ++j) m = xsimd::select(v >= F(t.x[j]), F(t.slope[j]), m);
                    const auto interior = (F(t.x[0]) < v) && (v < F(t.x[t.count - 1]));
                    F r[5];
                    r[0] = graph_curve(t, v);
                    for (int d = 1; d <= dims; ++d) r[d] = xsimd::select(interior, ld(a[d], i) * m, zero);
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::scale:
                case Op::affine: {
                    F r[5];
                    r[0] = in.op == Op::scale ? ld(a[0], i) * k0 : ld(a[0], i) * k0 + k1;
                    for (int d = 1; d <= dims; ++d) r[d] = ld(a[d], i) * k0;
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::translate: {
                    F r[5];
                    r[0] = ld(a[0], i) + k0;
                    for (int d = 1; d <= dims; ++d) r[d] = ld(a[d], i);
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::axpy: {
                    F r[5];
                    for (int d = 0; d <= dims; ++d) r[d] = ld(a[d], i) + k0 * ld(b[d], i);
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::rotate: {
                    float(*out2)[graph::graph_gradient_block] = s[in.out2];
                    F u[5], v[5];
                    for (int d = 0; d <= dims; ++d) {
                        const F x = ld(a[d], i), y = ld(b[d], i);
                        u[d] = k0 * x - k1 * y;
                        v[d] = k1 * x + k0 * y;
                    }
                    for (int d = 0; d <= dims; ++d) {
                        u[d].store_aligned(out[d] + i);
                        v[d].store_aligned(out2[d] + i);
                    }
                    break;
                }
                case Op::accumulate: {
                    const Fractal kind = static_cast<Fractal>(in.count);
                    const F n = ld(b[0], i);
                    const auto negative = n < zero;
                    F r[5];
                    F term = n;
                    if (kind == Fractal::turbulence) {
                        term = graph_abs(n);
                    } else if (kind == Fractal::billow) {
                        term = F(2.0f) * graph_abs(n) - one;
                    }
                    r[0] = ld(a[0], i) + k0 * term;
                    for (int d = 1; d <= dims; ++d) {
                        const F gd = ld(b[d], i);
                        F dterm = gd;
                        if (kind != Fractal::fbm) {
                            dterm = xsimd::select(negative, negate(gd), gd);
                            if (kind == Fractal::billow) {
                                dterm = F(2.0f) * dterm;
                            }
                        }
                        r[d] = ld(a[d], i) + k0 * dterm;
                    }
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
                case Op::accumulate_ridged: {
                    float(*out2)[graph::graph_gradient_block] = s[in.out2];
                    const F weight = ld(b[0], i), n = ld(c[0], i);
                    const auto negative = n < zero;
                    const F rr = one - graph_abs(n);
                    const F square = rr * rr;
                    const F term = square * weight;
                    const F w = term * F(2.0f);
                    const auto inside = (w > zero) && (w < one);
                    F r[5], wn[5];
                    r[0] = ld(a[0], i) + k0 * term;
                    wn[0] = xsimd::select(w < zero, zero, xsimd::select(w > one, one, w));
                    for (int d = 1; d <= dims; ++d) {
                        const F gd = ld(c[d], i);
                        const F dr = xsimd::select(negative, gd, negate(gd));
                        const F dterm = ((rr + rr) * dr) * weight + square * ld(b[d], i);
                        r[d] = ld(a[d], i) + k0 * dterm;
                        wn[d] = xsimd::select(inside, dterm * F(2.0f), zero);
                    }
                    for (int d = 0; d <= dims; ++d) {
                        r[d].store_aligned(out[d] + i);
                        wn[d].store_aligned(out2[d] + i);
                    }
                    break;
                }
                case Op::fractal_end: {
                    auto finite = graph_abs(ld(b[0], i)) <= F(FLT_MAX);
                    for (int d = 1; d < dims; ++d) {
                        finite = finite && (graph_abs(ld(s[in.in[1 + d]][0], i)) <= F(FLT_MAX));
                    }
                    F r[5];
                    r[0] = xsimd::select(finite, divide(ld(a[0], i), k0), zero);
                    for (int d = 1; d <= dims; ++d) {
                        const F q = divide(ld(a[d], i), k0);
                        r[d] = xsimd::select(finite && (q == q), q, zero);  // a NaN component is +0 (18.3)
                    }
                    for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
                    break;
                }
            }
        }
        if (in.op == Op::field || in.op == Op::erode) {
            const float* coords[4] = {s[in.in[0]][0], s[in.in[1]][0], dims > 2 ? s[in.in[2]][0] : nullptr,
                                      dims > 3 ? s[in.in[3]][0] : nullptr};
            float* planes[5] = {g[0], g[1], g[2], g[3], g[4]};
            if (in.op == Op::field) {
                field(in, coords, planes, lanes);
            } else {
                const float* input[5] = {s[in.in[dims]][0], s[in.in[dims]][1], s[in.in[dims]][2], s[in.in[dims]][3],
                                         s[in.in[dims]][4]};
                // curvature[a][b]: row a of column b (the planes 1 and 2 of the column's slot)
                const float* curvature[2][4] = {};
                for (int b = 0; b < dims; ++b) {
                    curvature[0][b] = s[in.in[dims + 1 + b]][1];
                    curvature[1][b] = s[in.in[dims + 1 + b]][2];
                }
                erode(in, coords, input, curvature, planes, lanes);
            }
            // The chain rule: diagonal coordinates one product per axis, else the sum over the field's axes.
            for (std::size_t i = 0; i < lanes; i += F::size) {
                F r[5];
                r[0] = ld(g[0], i);
                for (int d = 1; d <= dims; ++d) {
                    if (in.count == 1) {
                        r[d] = ld(g[d], i) * F(in.k[d - 1]);
                    } else {
                        F t = ld(g[1], i) * ld(s[in.in[0]][d], i);
                        for (int e = 1; e < dims; ++e) t = t + ld(g[1 + e], i) * ld(s[in.in[e]][d], i);
                        r[d] = t;
                    }
                }
                for (int d = 0; d <= dims; ++d) r[d].store_aligned(out[d] + i);
            }
        }
    }
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
