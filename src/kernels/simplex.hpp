// [S 16] OpenSimplex2 over batches, 2D/3D/4D, and SimplexBase: the base noise both simplex
// families run through in the selector (select.hpp), grids (simplex_grid.hpp) and chunks. Mirrors
// src/reference/simplex.cpp; OpenSimplex2S is simplex_smooth.hpp, what both share
// simplex_common.hpp; tests/test_simplex.cpp.
#pragma once

#include "kernels/simplex_common.hpp"
#include "kernels/simplex_smooth.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// [S 16.3] The triangle's three vertices, after the cell split: (0, 0), (1, 1), and (0, 1) or
// (1, 0) by the point's side of the diagonal. `vertices` gives their gradients (LaneVertices2 or
// a cell's table); xi, yi the offsets in the cell.
template <bool with_gradient, class Vertices>
GRADNOISE_KERNEL_INLINE SimplexResult<2, with_gradient> opensimplex2_cell2(const Vertices& vertices, F xi, F yi) noexcept {
    const F t = (xi + yi) * F(static_cast<float>(simplex_unskew_2d));
    const F dx0 = xi + t, dy0 = yi + t;
    const F zero(0.0f);
    ValueGradient<2> s = simplex_sums<2>();
    F g[2];

    const F a0 = F(0.5f) - dx0 * dx0 - dy0 * dy0;
    // (the reference assigns the first contribution: a -0 stays -0)
    const FMask in0 = a0 > zero;
    vertices.template fixed<Step2{0, 0}>(g);
    s.value = xsimd::select(in0, simplex_vertex2<with_gradient>(in0, a0, g, dx0, dy0, s.d), zero);

    const F a1 = F(static_cast<float>(2 * (1 + 2 * simplex_unskew_2d) * (1 / simplex_unskew_2d + 2))) * t +
                 (F(static_cast<float>(-2 * (1 + 2 * simplex_unskew_2d) * (1 + 2 * simplex_unskew_2d))) + a0);
    const F step1(static_cast<float>(1 + 2 * simplex_unskew_2d));
    const FMask in1 = a1 > zero;
    vertices.template fixed<Step2{1, 1}>(g);
    s.value = xsimd::select(in1, s.value + simplex_vertex2<with_gradient>(in1, a1, g, dx0 - step1, dy0 - step1, s.d),
                            s.value);

    const auto upper = dy0 > dx0;
    const F u(static_cast<float>(simplex_unskew_2d)), u1(static_cast<float>(simplex_unskew_2d + 1));
    const F dx2 = xsimd::select(upper, dx0 - u, dx0 - u1);
    const F dy2 = xsimd::select(upper, dy0 - u1, dy0 - u);
    const F a2 = F(0.5f) - dx2 * dx2 - dy2 * dy2;
    const FMask in2 = a2 > zero;
    vertices.template either<Step2{0, 1}, Step2{1, 0}>(upper, g);
    s.value = xsimd::select(in2, s.value + simplex_vertex2<with_gradient>(in2, a2, g, dx2, dy2, s.d), s.value);
    return simplex_result<with_gradient>(s);
}

// The vertices OpenSimplex2's 2D kernel reads, for a cell's table (kernels/simplex_grid.hpp).
constexpr Step2 opensimplex2_vertices2[] = {{0, 0}, {1, 1}, {0, 1}, {1, 0}};

// [S 16.3] The cell split, then the triangle with gradients hashed per lane.
template <bool with_gradient, class P>
GRADNOISE_KERNEL_INLINE SimplexResult<2, with_gradient> opensimplex2_base2(const P& p, typename P::Int seed, typename P::Coord xs, typename P::Coord ys) noexcept {
    const SimplexCell cx = P::template cell<false>(xs), cy = P::template cell<false>(ys);
    const LaneVertices2<P> vertices{p, seed, P::primed(cx.cell, 0), P::primed(cy.cell, 1)};
    return opensimplex2_cell2<with_gradient>(vertices, cx.frac, cy.frac);
}

// [S 16.4] Two interleaved cubic lattices; on each the nearest vertex and the next along the
// axis of largest offset. (Every offset is the rotated point minus its vertex: Jacobian I.)
// The second vertex by three compares per lattice, not the reference's four: for ordered
// (non-NaN) offsets !(ax >= ay) is ay > ax, so his y test is !(ax >= ay) & (ay >= az), and his
// "else" is neither (lanes off the lattice, whose offsets may be NaN, are +0 whatever is chosen).
// Not one set of compares for both lattices (the Kuhn tetrahedron's walk): the other lattice's
// offsets are 0.5 - ax rounded, which can tie where ax and ay do not, and a tie picks x there
// (spec 16.3-16.5; tests/test_simplex.cpp tests such points).
template <bool with_gradient, class P>
GRADNOISE_KERNEL_OUTLINE SimplexResult<3, with_gradient> opensimplex2_base3(const P& p, typename P::Int seed, typename P::Coord xr, typename P::Coord yr, typename P::Coord zr) noexcept {
    using Int = typename P::Int;
    const SimplexCell cx = P::template cell<true>(xr), cy = P::template cell<true>(yr), cz = P::template cell<true>(zr);
    F xri = cx.frac, yri = cy.frac, zri = cz.frac;
    const F zero(0.0f), one(1.0f);
    // The reference's xNSign = (int)(-1.0f - xri) | 1, the difference rounded in float: -1 where it
    // reaches -1 (offsets >= 0, and negative ones down to -2^-25), else 1.
    const FMask nx = (-one - xri) <= -one, ny = (-one - yri) <= -one, nz = (-one - zri) <= -one;
    const F sx = xsimd::select(nx, -one, one), sy = xsimd::select(ny, -one, one), sz = xsimd::select(nz, -one, one);
    F ax = sx * negate(xri), ay = sy * negate(yri), az = sz * negate(zri);
    Int xp = P::primed(cx.cell, 0), yp = P::primed(cy.cell, 1), zp = P::primed(cz.cell, 2);
    const Int px = P::prime(0), py = P::prime(1), pz = P::prime(2);
    // The second vertex's label on the first lattice: -sign * prime added (wrapping); on the
    // second, where the sign is flipped, subtracted.
    const Int zero_i = P::constant(0);
    const Int stepx = select(int_mask(nx), px, zero_i - px), stepy = select(int_mask(ny), py, zero_i - py),
              stepz = select(int_mask(nz), pz, zero_i - pz);

    ValueGradient<3> s = simplex_sums<3>();
    F a = (F(0.6f) - xri * xri) - (yri * yri + zri * zri);
    // A vertex outside its radius (falloff <= 0) is evaluated at falloff max(a, 0): its value and
    // derivative terms are then zeros, which leave the sums (+0 at the start, only added to: never
    // -0) as skipping it would (spec 18.4), without a compare and selects per vertex.
    auto lattice = [&](auto flipped) GRADNOISE_KERNEL_LAMBDA_INLINE {
        constexpr bool second = decltype(flipped)::value;
        s.value = s.value + simplex_vertex3<with_gradient>(p, Always{}, xsimd::max(a, zero), seed, xp, yp, zp, xri, yri,
                                                           zri, s.d);
        const FMask x_ge_y = ax >= ay, x_ge_z = ax >= az, y_ge_z = ay >= az;
        const FMask on_x = x_ge_y & x_ge_z, on_y = y_ge_z & ~x_ge_y, on_x_or_y = on_x | on_y;
        const F largest = xsimd::select(on_x, ax, xsimd::select(on_y, ay, az));
        // (b > 1 exactly where b - 1 > 0: the difference is exact near 1 and rounds monotonically.)
        const F b = xsimd::max((a + largest + largest) - one, zero);
        // The label one step toward the point, the offset one unit away (his xri + xNSign).
        auto label = [](Int l, Int step) GRADNOISE_KERNEL_LAMBDA_INLINE { return second ? l - step : l + step; };
        auto offset = [](F d, F sign) GRADNOISE_KERNEL_LAMBDA_INLINE { return second ? d - sign : d + sign; };
        const Int xp2 = select(int_mask(on_x), label(xp, stepx), xp);
        const Int yp2 = select(int_mask(on_y), label(yp, stepy), yp);
        const Int zp2 = select(int_mask(on_x_or_y), zp, label(zp, stepz));
        const F dx = xsimd::select(on_x, offset(xri, sx), xri);
        const F dy = xsimd::select(on_y, offset(yri, sy), yri);
        const F dz = xsimd::select(on_x_or_y, zri, offset(zri, sz));
        s.value = s.value + simplex_vertex3<with_gradient>(p, Always{}, b, seed, xp2, yp2, zp2, dx, dy, dz, s.d);
    };
    lattice(std::false_type{});
    // The other lattice: offsets by half a cell toward the sample (his sign then flips).
    ax = F(0.5f) - ax;
    ay = F(0.5f) - ay;
    az = F(0.5f) - az;
    xri = sx * ax;
    yri = sy * ay;
    zri = sz * az;
    a = a + ((F(0.75f) - ax) - (ay + az));
    xp = select(int_mask(nx), xp + px, xp);
    yp = select(int_mask(ny), yp + py, yp);
    zp = select(int_mask(nz), zp + pz, zp);
    seed = seed ^ P::constant(P::seed_flip_3d);
    lattice(std::true_type{});
    return simplex_result<with_gradient>(s);
}

// [S 16.5] 4D: five copies of the A4 lattice, one vertex from each. (Offsets xsi + ssi:
// Jacobian I + unskew_4d J; the falloff R^2 - |d|^2 as 0.6 - a, the value's a - 0.6 negated.)
template <bool with_gradient, class P>
GRADNOISE_KERNEL_OUTLINE SimplexResult<4, with_gradient> opensimplex2_base4(const P& p, typename P::Int seed, typename P::Coord xs, typename P::Coord ys, typename P::Coord zs, typename P::Coord ws) noexcept {
    using Int = typename P::Int;
    constexpr float unskew_4d = 0.309016994374947f, step = 0.2f;
    const SimplexCell cx = P::template cell<false>(xs), cy = P::template cell<false>(ys), cz = P::template cell<false>(zs),
                      cw = P::template cell<false>(ws);
    F xsi = cx.frac, ysi = cy.frac, zsi = cz.frac, wsi = cw.frac;
    const F zero(0.0f), one(1.0f);

    const F si_sum = (xsi + ysi) + (zsi + wsi);
    // (int)(si_sum * 1.25), the product in the arithmetic's precision.
    const I start = P::start4(si_sum);
    Int lane_seed = seed + P::times_constant(start, P::seed_offset_4d);
    const F start_offset = xsimd::to_float(start) * F(-step);
    xsi = xsi + start_offset;
    ysi = ysi + start_offset;
    zsi = zsi + start_offset;
    wsi = wsi + start_offset;
    F ssi = (si_sum + start_offset * F(4.0f)) * F(unskew_4d);

    Int xp = P::primed(cx.cell, 0), yp = P::primed(cy.cell, 1),
         zp = P::primed(cz.cell, 2), wp = P::primed(cw.cell, 3);
    const Int px = P::prime(0), py = P::prime(1),
               pz = P::prime(2), pw = P::prime(3);

    ValueGradient<4> sum = simplex_sums<4>();
    for (int i = 0;; ++i) {
        const auto score0 = P::score4(ssi, unskew_4d);
        const auto on_x = (xsi >= ysi) & (xsi >= zsi) & (xsi >= wsi) & P::reaches(xsi, score0);
        const auto on_y = ~on_x & (ysi > xsi) & (ysi >= zsi) & (ysi >= wsi) & P::reaches(ysi, score0);
        const auto on_z = ~on_x & ~on_y & (zsi > xsi) & (zsi > ysi) & (zsi >= wsi) & P::reaches(zsi, score0);
        const auto on_w = ~on_x & ~on_y & ~on_z & (wsi > xsi) & (wsi > ysi) & (wsi > zsi) & P::reaches(wsi, score0);
        xp = select(int_mask(on_x), xp + px, xp);
        yp = select(int_mask(on_y), yp + py, yp);
        zp = select(int_mask(on_z), zp + pz, zp);
        wp = select(int_mask(on_w), wp + pw, wp);
        xsi = xsimd::select(on_x, xsi - one, xsi);
        ysi = xsimd::select(on_y, ysi - one, ysi);
        zsi = xsimd::select(on_z, zsi - one, zsi);
        wsi = xsimd::select(on_w, wsi - one, wsi);
        ssi = xsimd::select(on_x | on_y | on_z | on_w, ssi - F(unskew_4d), ssi);

        const F dx = xsi + ssi, dy = ysi + ssi, dz = zsi + ssi, dw = wsi + ssi;
        const F a = (dx * dx + dy * dy) + (dz * dz + dw * dw);
        const FMask inside = a < F(0.6f);
        sum.value = sum.value + xsimd::select(inside,
                                              simplex_vertex4<with_gradient>(p, inside, F(0.6f) - a, lane_seed, xp, yp,
                                                                             zp, wp, dx, dy, dz, dw, sum.d),
                                              zero);
        if (i == 4) {
            break;
        }
        xsi = xsi + F(step);
        ysi = ysi + F(step);
        zsi = zsi + F(step);
        wsi = wsi + F(step);
        ssi = ssi + F(step * 4 * unskew_4d);
        lane_seed = lane_seed - P::constant(P::seed_offset_4d);
        const auto reset = start == I(i);
        xp = select(reset, xp - px, xp);
        yp = select(reset, yp - py, yp);
        zp = select(reset, zp - pz, zp);
        wp = select(reset, wp - pw, wp);
        lane_seed = select(reset, lane_seed + P::constant(P::seed_offset_4d * 5), lane_seed);
    }
    return simplex_result<with_gradient>(sum);
}

// The base noise of a simplex family for the selector (kernels/select.hpp): octave k at q, or at
// binary64 coordinates (chunks, spec 13.4). Lanes off the lattice are evaluated at 0 and give +0.
template <int dims, bool smooth, class P = KjpgArith>
struct SimplexBase {
    static constexpr bool has_hessian = false;  // [S 18.3] (the damped fractal's gradient refuses it)
    static constexpr bool mix = std::is_same_v<P, MixArith>;
    using Coord = typename P::Coord;
    P arith;
    typename P::Int seed;
    SimplexParams orientation;
    // [S 16.8] Per octave, the periods' wrap (NoiseTables::simplex_tiling), or null: untiled.
    const detail::SimplexTiling* tiling = nullptr;

    // [S 16.1] The lattice's extent: every coordinate of magnitude below 2^27.
    static constexpr float extent = 134217728.0f;

    static constexpr const detail::SimplexOrientation& constants =
        smooth ? detail::opensimplex2s_orientation : detail::opensimplex2_orientation;

    // A float batch as the arithmetic's coordinates: two binary64 halves (K.jpg's) or itself.
    GRADNOISE_KERNEL_INLINE static Coord coordinate(F v) noexcept {
        if constexpr (mix) {
            return v;
        } else {
            return halves(v);
        }
    }

    // [S 16.8] 2D fallback: the z = 0 slice of the 3D fallback lattice.
    GRADNOISE_KERNEL_INLINE bool slice() const noexcept {
        return dims == 2 && orientation.orientation2 == Orientation2::fallback;
    }

    // [S 16.8] A coordinate reduced to [0, P] in binary64: v - P floor(v / P) (the mix variant's
    // float converted exactly, the result rounded back to float).
    GRADNOISE_KERNEL_INLINE static Halves reduced(const Halves& v, double period) noexcept {
        const D p(period);
        return {v.low - p * xsimd::floor(v.low / p), v.high - p * xsimd::floor(v.high / p)};
    }
    GRADNOISE_KERNEL_INLINE static F reduced(F v, double period) noexcept {
        const Halves r = reduced(halves(v), period);
        return narrow(r.low, r.high);
    }
    static constexpr double tile_margin = 4.0;
    GRADNOISE_KERNEL_INLINE static bool all_within(const Halves& v, double lo, double hi) noexcept {
        return xsimd::all((v.low >= D(lo)) & (v.low <= D(hi))) && xsimd::all((v.high >= D(lo)) & (v.high <= D(hi)));
    }
    GRADNOISE_KERNEL_INLINE static bool all_within(F v, double lo, double hi) noexcept {
        return xsimd::all((v >= F(static_cast<float>(lo))) & (v <= F(static_cast<float>(hi))));
    }

    // [S 16.4, 16.8] The 3D base at the oriented coordinates of q (x, y, z), octave k's periods
    // reducing q and wrapping the lattice's labels where the field tiles.
    template <bool with_gradient, class A>
    GRADNOISE_KERNEL_INLINE static SimplexResult<3, with_gradient> base3(const A& a, typename P::Int seed, const Coord* s) noexcept {
        if constexpr (smooth) {
            return opensimplex2s_base3<with_gradient>(a, seed, s[0], s[1], s[2]);
        } else {
            return opensimplex2_base3<with_gradient>(a, seed, s[0], s[1], s[2]);
        }
    }
    template <bool with_gradient>
    GRADNOISE_KERNEL_INLINE SimplexResult<3, with_gradient> evaluate3(int k, Orientation3 o, const Coord* q) const noexcept {
        Coord s[3];
        if (tiling == nullptr) {
            P::orient(o, constants, q, s);
            return base3<with_gradient>(arith, seed, s);
        }
        detail::SimplexTiling w = tiling[k];
        if (dims == 2) {  // the slice has no z period
            w.period[2] = 0.0;
            w.three_period[2] = 0;
        }
        Coord c[3] = {q[0], q[1], q[2]};
        bool interior = true;
        for (int axis = 0; axis < 3; ++axis) {
            if (w.period[axis] != 0) {
                c[axis] = reduced(c[axis], w.period[axis]);
                interior = interior && all_within(c[axis], tile_margin, w.period[axis] - tile_margin);
            }
        }
        P::orient(o, constants, c, s);
        // Every vertex a sample reaches lies within 2.6 units of it (each rotated component within
        // 1.5), its label half a unit further: samples 4 units inside the tile's faces wrap no label,
        // and a batch of them takes the untiled kernel -- the same bits, without the wrap's work.
        if (interior) {
            return base3<with_gradient>(arith, seed, s);
        }
        return base3<with_gradient>(TiledArith<P>{arith, &w}, seed, s);
    }

    // [S 16.8] 2D fallback: the 3D fallback at (x, y, 0); with_gradient, its derivatives taken to
    // the input frame by the 3D fallback's Jacobian (d/dz dropped), which to_input keeps as they are.
    template <bool with_gradient>
    GRADNOISE_KERNEL_INLINE SimplexResult<2, with_gradient> evaluate_slice(int k, const Coord* q) const noexcept {
        Coord zero;
        if constexpr (mix) {
            zero = F(0.0f);
        } else {
            zero = Halves{D(0.0), D(0.0)};
        }
        const Coord c[3] = {q[0], q[1], zero};
        const SimplexResult<3, with_gradient> r = evaluate3<with_gradient>(k, Orientation3::fallback, c);
        if constexpr (with_gradient) {
            const reference::simplex::SimplexJacobian& m = simplex_jacobians.three[2];
            ValueGradient<2> out;
            out.value = r.value;
            for (int j = 0; j < 2; ++j) {
                out.d[j] = (F(m.m[0][j]) * r.d[0] + F(m.m[1][j]) * r.d[1]) + F(m.m[2][j]) * r.d[2];
            }
            return out;
        } else {
            return r;
        }
    }

    // The base kernel at the oriented lattice coordinates of q (octave k: its periods).
    template <bool with_gradient>
    GRADNOISE_KERNEL_INLINE SimplexResult<dims, with_gradient> evaluate(int k, const Coord* q) const noexcept {
        Coord s[dims];
        if constexpr (dims == 2) {
            if (slice()) {
                return evaluate_slice<with_gradient>(k, q);
            }
            P::orient(orientation.orientation2, constants, q, s);
            if constexpr (smooth) {
                return opensimplex2s_base2<with_gradient>(arith, seed, s[0], s[1]);
            } else {
                return opensimplex2_base2<with_gradient>(arith, seed, s[0], s[1]);
            }
        } else if constexpr (dims == 3) {
            return evaluate3<with_gradient>(k, orientation.orientation3, q);
        } else {
            P::orient(orientation.orientation4, constants, q, s);
            if constexpr (smooth) {
                return opensimplex2s_base4<with_gradient>(arith, seed, s[0], s[1], s[2], s[3]);
            } else {
                return opensimplex2_base4<with_gradient>(arith, seed, s[0], s[1], s[2], s[3]);
            }
        }
    }

    // Lanes inside the extent; the coordinates of the others become 0 (xsimd's SSE2 floor
    // converts through int64).
    GRADNOISE_KERNEL_INLINE static FMask inside(const F* q, Coord* c) noexcept {
        auto ok = xsimd::abs(q[0]) < F(extent);
        for (int a = 1; a < dims; ++a) {
            ok = ok & (xsimd::abs(q[a]) < F(extent));
        }
        for (int a = 0; a < dims; ++a) {
            c[a] = coordinate(xsimd::select(ok, q[a], F(0.0f)));
        }
        return ok;
    }

    GRADNOISE_KERNEL_INLINE F operator()(int k, const F* q) const noexcept {
        if constexpr (mix && dims == 2) {
            return value_inline(k, q);
        } else {
            return value(k, q);
        }
    }
    // The value at q: called (K.jpg's and the larger kernels), or inlined into the loops (the mix
    // variant's 2D kernels, ~200 operations, whose small tables and constants then stay in registers:
    // measured 1.4x on AVX2).
    GRADNOISE_KERNEL_INLINE F value_inline(int k, const F* q) const noexcept {
        Coord c[dims];
        const FMask ok = inside(q, c);
        return xsimd::select(ok, evaluate<false>(k, c), F(0.0f));
    }
    GRADNOISE_KERNEL_OUTLINE F value(int k, const F* q) const noexcept { return value_inline(k, q); }

    // Lanes off the lattice in binary64: their mask, 0 where inside; their coordinates become 0.
    GRADNOISE_KERNEL_INLINE static F off_lattice(const Halves* q, Halves* in) noexcept {
        D out_lo(0.0), out_hi(0.0);
        for (int a = 0; a < dims; ++a) {
            out_lo = out_lo + xsimd::select(xsimd::abs(q[a].low) < D(extent), D(0.0), D(1.0));
            out_hi = out_hi + xsimd::select(xsimd::abs(q[a].high) < D(extent), D(0.0), D(1.0));
        }
        for (int a = 0; a < dims; ++a) {
            in[a] = {xsimd::select(out_lo == D(0.0), q[a].low, D(0.0)), xsimd::select(out_hi == D(0.0), q[a].high, D(0.0))};
        }
        return narrow(out_lo, out_hi);
    }

    // [S 13.4, 16.7] The field at binary64 coordinates (chunks): K.jpg's takes them as they are, the
    // mix variant their nearest floats.
    GRADNOISE_KERNEL_INLINE F at(int k, const Halves* q) const noexcept {
        if constexpr (mix) {
            F f[dims];
            for (int a = 0; a < dims; ++a) {
                f[a] = narrow(q[a].low, q[a].high);
            }
            return (*this)(k, f);
        } else {
            Halves in[dims];
            const F out = off_lattice(q, in);
            return xsimd::select(out == F(0.0f), evaluate<false>(k, in), F(0.0f));
        }
    }

    // [S 18.4] The orientation's Jacobian, chosen as reference::simplex::jacobian_of chooses it.
    GRADNOISE_KERNEL_INLINE const reference::simplex::SimplexJacobian& jacobian() const noexcept {
        if constexpr (dims == 2) {
            return simplex_jacobians.two[orientation.orientation2 == Orientation2::improve_x ? 1 : 0];
        } else if constexpr (dims == 3) {
            const Orientation3 o = orientation.orientation3;
            return simplex_jacobians.three[o == Orientation3::fallback ? 2 : o == Orientation3::improve_xz ? 1 : 0];
        } else {
            const int i = static_cast<int>(orientation.orientation4);
            return simplex_jacobians.four[smooth ? 1 : 0][i >= 0 && i < 4 ? i : 4];
        }
    }

    // [S 18.4] The offset-frame sums to the input coordinates (out_j = sum over i ascending of
    // m[i][j] d_i), then the lanes of ok kept and the rest +0.
    GRADNOISE_KERNEL_INLINE ValueGradient<dims> to_input(FMask ok, const ValueGradient<dims>& s) const noexcept {
        ValueGradient<dims> r;
        r.value = xsimd::select(ok, s.value, F(0.0f));
        if (slice()) {  // already in the input frame (evaluate_slice)
            for (int j = 0; j < dims; ++j) {
                r.d[j] = xsimd::select(ok, s.d[j], F(0.0f));
            }
            return r;
        }
        const reference::simplex::SimplexJacobian& m = jacobian();
        for (int j = 0; j < dims; ++j) {
            F sum = F(m.m[0][j]) * s.d[0];
            for (int i = 1; i < dims; ++i) {
                sum = sum + F(m.m[i][j]) * s.d[i];
            }
            r.d[j] = xsimd::select(ok, sum, F(0.0f));
        }
        return r;
    }

    // [S 18.4] The value (bit for bit operator() / at()) and its gradient with respect to q.
    ValueGradient<dims> gradient(int k, const F* q) const noexcept {
        Coord c[dims];
        const FMask ok = inside(q, c);
        return to_input(ok, evaluate<true>(k, c));
    }
    ValueGradient<dims> gradient_at(int k, const Halves* q) const noexcept {
        if constexpr (mix) {
            F f[dims];
            for (int a = 0; a < dims; ++a) {
                f[a] = narrow(q[a].low, q[a].high);
            }
            return gradient(k, f);
        } else {
            Halves in[dims];
            const F out = off_lattice(q, in);
            return to_input(out == F(0.0f), evaluate<true>(k, in));
        }
    }
};

template <class Base>
struct is_simplex_base : std::false_type {};
template <int dims, bool smooth, class P>
struct is_simplex_base<SimplexBase<dims, smooth, P>> : std::true_type {};

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
