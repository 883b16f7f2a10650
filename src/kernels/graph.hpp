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
        }
    }
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
