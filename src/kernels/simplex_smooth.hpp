// [S 16.3-16.5] OpenSimplex2S ("smooth") over batches, 2D/3D/4D, on simplex_common.hpp's
// building blocks. Mirrors src/reference/simplex_smooth.cpp; tests/test_simplex.cpp.
#pragma once

#include "kernels/simplex_common.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// The unskewed offset of 2D lattice vertex (i, j): i + (i + j) U in double, rounded once.
constexpr float smooth_offset2(int i, int j) noexcept {
    return static_cast<float>(i + (i + j) * simplex_unskew_2d);
}

// [S 16.3] The cell's two fixed vertices, then two of four more chosen by the point's place, after
// the cell split (`vertices` and xi, yi as opensimplex2_cell2's). (Every offset is (dx0, dy0) minus
// a constant: Jacobian I + float(UNSKEW_2D) J.)
template <bool with_gradient, class Vertices>
GRADNOISE_KERNEL_INLINE SimplexResult<2, with_gradient> opensimplex2s_cell2(const Vertices& vertices, F xi, F yi) noexcept {
    using P = typename Vertices::Arith;
    const float radius2 = 2.0f / 3.0f;
    const F t = (xi + yi) * F(static_cast<float>(simplex_unskew_2d));
    const F dx0 = xi + t, dy0 = yi + t;
    const F zero(0.0f);
    ValueGradient<2> s = simplex_sums<2>();
    F g[2];

    const F a0 = F(radius2) - dx0 * dx0 - dy0 * dy0;
    vertices.template fixed<Step2{0, 0}>(g);
    s.value = simplex_vertex2<with_gradient>(Always{}, a0, g, dx0, dy0, s.d);
    constexpr float slope1 = static_cast<float>(2 * (1 + 2 * simplex_unskew_2d) * (1 / simplex_unskew_2d + 2));
    constexpr float shift1 = static_cast<float>(-2 * (1 + 2 * simplex_unskew_2d) * (1 + 2 * simplex_unskew_2d));
    const F a1 = F(slope1) * t + (F(shift1) + a0);
    vertices.template fixed<Step2{1, 1}>(g);
    s.value = s.value + simplex_vertex2<with_gradient>(Always{}, a1, g, dx0 - F(smooth_offset2(1, 1)),
                                                       dy0 - F(smooth_offset2(1, 1)), s.d);

    // The reference's `t < UNSKEW_2D` (K.jpg's: against the double constant; the mix variant's: its float).
    const FMask lower = P::below_unskew(t);
    const F xmyi = xi - yi;
    // The one vertex each lane takes: lower ? (pick_low ? la : lb) : (pick_high ? ha : hb).
    auto vertex = [&]<Step2 la, Step2 lb, Step2 ha, Step2 hb>(FMask pick_low, FMask pick_high)
                      GRADNOISE_KERNEL_LAMBDA_INLINE {
        auto choose = [&](float vla, float vlb, float vha, float vhb) GRADNOISE_KERNEL_LAMBDA_INLINE {
            return xsimd::select(lower, xsimd::select(pick_low, F(vla), F(vlb)), xsimd::select(pick_high, F(vha), F(vhb)));
        };
        const F dx = dx0 - choose(smooth_offset2(la.i, la.j), smooth_offset2(lb.i, lb.j), smooth_offset2(ha.i, ha.j),
                                  smooth_offset2(hb.i, hb.j));
        const F dy = dy0 - choose(smooth_offset2(la.j, la.i), smooth_offset2(lb.j, lb.i), smooth_offset2(ha.j, ha.i),
                                  smooth_offset2(hb.j, hb.i));
        const F a = F(radius2) - dx * dx - dy * dy;
        const FMask inside = a > zero;
        F v[2];
        vertices.template either4<la, lb, ha, hb>(lower, pick_low, pick_high, v);
        s.value = xsimd::select(inside, s.value + simplex_vertex2<with_gradient>(inside, a, v, dx, dy, s.d), s.value);
    };
    // Third vertex: lower ? (xi + xmyi > 1 ? (2, 1) : (0, 1)) : (xi + xmyi < 0 ? (-1, 0) : (1, 0)).
    vertex.template operator()<Step2{2, 1}, Step2{0, 1}, Step2{-1, 0}, Step2{1, 0}>(xi + xmyi > F(1.0f), xi + xmyi < zero);
    // Fourth: lower ? (yi - xmyi > 1 ? (1, 2) : (1, 0)) : (yi < xmyi ? (0, -1) : (0, 1)).
    vertex.template operator()<Step2{1, 2}, Step2{1, 0}, Step2{0, -1}, Step2{0, 1}>(yi - xmyi > F(1.0f), yi < xmyi);
    return simplex_result<with_gradient>(s);
}

// The vertices OpenSimplex2S's 2D kernel reads, for a cell's table (kernels/simplex_grid.hpp).
constexpr Step2 opensimplex2s_vertices2[] = {{0, 0}, {1, 1}, {2, 1}, {0, 1}, {-1, 0}, {1, 0}, {1, 2}, {0, -1}};

// [S 16.3] The cell split, then the four vertices with gradients hashed per lane.
template <bool with_gradient, class P>
GRADNOISE_KERNEL_OUTLINE SimplexResult<2, with_gradient> opensimplex2s_base2(const P& p, typename P::Int seed, typename P::Coord xs, typename P::Coord ys) noexcept {
    const SimplexCell cx = P::template cell<false>(xs), cy = P::template cell<false>(ys);
    const LaneVertices2<P> vertices{p, seed, P::primed(cx.cell, 0), P::primed(cy.cell, 1)};
    return opensimplex2s_cell2<with_gradient>(vertices, cx.frac, cy.frac);
}

// [S 16.4] The BCC lattice's nearer corner of each cubic lattice, then their neighbours in the
// reference's order, its skips as masks. (Every offset is the rotated point minus its vertex:
// Jacobian I.)
template <bool with_gradient, class P>
GRADNOISE_KERNEL_OUTLINE SimplexResult<3, with_gradient> opensimplex2s_base3(const P& p, typename P::Int seed, typename P::Coord xr, typename P::Coord yr, typename P::Coord zr) noexcept {
    using Int = typename P::Int;
    const float radius2 = 3.0f / 4.0f;
    const SimplexCell cx = P::template cell<false>(xr), cy = P::template cell<false>(yr), cz = P::template cell<false>(zr);
    const F xi = cx.frac, yi = cy.frac, zi = cz.frac;
    const Int xp = P::primed(cx.cell, 0), yp = P::primed(cy.cell, 1),
               zp = P::primed(cz.cell, 2);
    const Int px = P::prime(0), py = P::prime(1),
               pz = P::prime(2);
    const Int px2 = P::step_prime(2, 0), py2 = P::step_prime(2, 1),
               pz2 = P::step_prime(2, 2);
    const Int seed2 = seed ^ P::constant(P::seed_flip_3d);
    const F zero(0.0f), one(1.0f);

    // The reference's (int)(-0.5f - xi): -1 where the float difference reaches -1, else 0.
    const auto far_x = (F(-0.5f) - xi) <= -one, far_y = (F(-0.5f) - yi) <= -one, far_z = (F(-0.5f) - zi) <= -one;
    const IMask fx = int_mask(far_x), fy = int_mask(far_y), fz = int_mask(far_z);
    const F nx = xsimd::select(far_x, -one, zero), ny = xsimd::select(far_y, -one, zero),
            nz = xsimd::select(far_z, -one, zero);
    const F sx = xsimd::select(far_x, -one, one), sy = xsimd::select(far_y, -one, one),
            sz = xsimd::select(far_z, -one, one);
    // Prime sums: (n & P) = P where far; (~n & P) = P where near; (n & 2P) = 2P where far.
    const Int xn = select(fx, xp + px, xp), yn = select(fy, yp + py, yp), zn = select(fz, zp + pz, zp);
    const Int xf = select(fx, xp, xp + px), yf = select(fy, yp, yp + py), zf = select(fz, zp, zp + pz);
    const Int x2 = select(fx, xp + px2, xp), y2 = select(fy, yp + py2, yp), z2 = select(fz, zp + pz2, zp);
    const Int x1p = xp + px, y1p = yp + py, z1p = zp + pz;

    ValueGradient<3> s = simplex_sums<3>();
    const F x0 = xi + nx, y0 = yi + ny, z0 = zi + nz;
    const F a0 = F(radius2) - x0 * x0 - y0 * y0 - z0 * z0;
    s.value = simplex_vertex3<with_gradient>(p, Always{}, a0, seed, xn, yn, zn, x0, y0, z0, s.d);
    const F x1 = xi - F(0.5f), y1 = yi - F(0.5f), z1 = zi - F(0.5f);
    const F a1 = F(radius2) - x1 * x1 - y1 * y1 - z1 * z1;
    s.value = s.value + simplex_vertex3<with_gradient>(p, Always{}, a1, seed2, x1p, y1p, z1p, x1, y1, z1, s.d);

    // float(sx * 2) * x1 and float(-2 - 4 nx) * x1 - 1 (the second factor is -2 near, 2 far).
    const F gx0 = (sx + sx) * x1, gy0 = (sy + sy) * y1, gz0 = (sz + sz) * z1;
    const F two(2.0f);
    const F gx1 = xsimd::select(far_x, two, -two) * x1 - one, gy1 = xsimd::select(far_y, two, -two) * y1 - one,
            gz1 = xsimd::select(far_z, two, -two) * z1 - one;

    if constexpr (!P::merges_exclusive_vertices) {
        // The vertex of falloff a where m (where not, the sums stay, -0 included).
        auto add_if = [&](FMask m, F a, Int sd, Int x, Int y, Int z, F dx, F dy, F dz) GRADNOISE_KERNEL_LAMBDA_INLINE {
            s.value = xsimd::select(m, s.value + simplex_vertex3<with_gradient>(p, m, a, sd, x, y, z, dx, dy, dz, s.d),
                                    s.value);
        };
        // x axis
        F a = gx0 + a0;
        const auto ax = a > zero;
        add_if(ax, a, seed, xf, yn, zn, x0 - sx, y0, z0);
        F b = gy0 + gz0 + a0;
        add_if(~ax & (b > zero), b, seed, xn, yf, zf, x0, y0 - sy, z0 - sz);
        F c = gx1 + a1;
        const auto skip_yz = ~ax & (c > zero);
        add_if(skip_yz, c, seed2, x2, y1p, z1p, sx + x1, y1, z1);
        // y axis
        a = gy0 + a0;
        const auto ay = a > zero;
        add_if(ay, a, seed, xn, yf, zn, x0, y0 - sy, z0);
        b = gx0 + gz0 + a0;
        add_if(~ay & (b > zero), b, seed, xf, yn, zf, x0 - sx, y0, z0 - sz);
        c = gy1 + a1;
        const auto skip_xz = ~ay & (c > zero);
        add_if(skip_xz, c, seed2, x1p, y2, z1p, x1, sy + y1, z1);
        // z axis
        a = gz0 + a0;
        const auto az = a > zero;
        add_if(az, a, seed, xn, yn, zf, x0, y0, z0 - sz);
        b = gx0 + gy0 + a0;
        add_if(~az & (b > zero), b, seed, xf, yf, zn, x0 - sx, y0 - sy, z0);
        c = gz1 + a1;
        const auto skip_xy = ~az & (c > zero);
        add_if(skip_xy, c, seed2, x1p, y1p, z2, x1, y1, sz + z1);
        // Lattice 1's neighbours across two axes.
        b = gy1 + gz1 + a1;
        add_if(~skip_yz & (b > zero), b, seed2, x1p, y2, z2, x1, sy + y1, sz + z1);
        b = gx1 + gz1 + a1;
        add_if(~skip_xz & (b > zero), b, seed2, x2, y1p, z2, sx + x1, y1, sz + z1);
        b = gx1 + gy1 + a1;
        add_if(~skip_xy & (b > zero), b, seed2, x2, y2, z1p, sx + x1, sy + y1, z1);
    } else {
        // The twelve neighbours in the reference's order, its skips as masks, in eight evaluations: on
        // each axis the first two candidates exclude each other (the second needs the first's falloff
        // <= 0), as do the third and lattice 1's neighbour across the other two axes (the third is that
        // neighbour's skip). So each pair is one vertex at each lane's choice of the two, its share
        // added where the reference adds either (where neither is taken the sums stay, -0 included).
        struct Pick {
            Int x, y, z;
            F dx, dy, dz;
        };
        auto either = [&](FMask pick_u, F a_u, const Pick& u, F a_w, const Pick& w, Int sd) GRADNOISE_KERNEL_LAMBDA_INLINE {
            const IMask mi = int_mask(pick_u);
            return simplex_share3<with_gradient>(
                p, xsimd::select(pick_u, a_u, a_w), sd, select(mi, u.x, w.x), select(mi, u.y, w.y), select(mi, u.z, w.z),
                xsimd::select(pick_u, u.dx, w.dx), xsimd::select(pick_u, u.dy, w.dy), xsimd::select(pick_u, u.dz, w.dz));
        };
        const Pick first[3] = {
            {xf, yn, zn, x0 - sx, y0, z0}, {xn, yf, zn, x0, y0 - sy, z0}, {xn, yn, zf, x0, y0, z0 - sz}};
        const Pick second[3] = {{xn, yf, zf, x0, y0 - sy, z0 - sz},
                                {xf, yn, zf, x0 - sx, y0, z0 - sz},
                                {xf, yf, zn, x0 - sx, y0 - sy, z0}};
        const Pick third[3] = {
            {x2, y1p, z1p, sx + x1, y1, z1}, {x1p, y2, z1p, x1, sy + y1, z1}, {x1p, y1p, z2, x1, y1, sz + z1}};
        const Pick cross[3] = {{x1p, y2, z2, x1, sy + y1, sz + z1},
                               {x2, y1p, z2, sx + x1, y1, sz + z1},
                               {x2, y2, z1p, sx + x1, sy + y1, z1}};
        const F g0[3] = {gx0, gy0, gz0}, g1[3] = {gx1, gy1, gz1};
        const F second_a[3] = {gy0 + gz0 + a0, gx0 + gz0 + a0, gx0 + gy0 + a0};
        const F cross_a[3] = {gy1 + gz1 + a1, gx1 + gz1 + a1, gx1 + gy1 + a1};
        FMask skip[3];
        SimplexShare<with_gradient, 3> third_or_cross[3];
        for (int axis = 0; axis < 3; ++axis) {
            const F a = g0[axis] + a0;
            const auto taken = a > zero;
            either(taken, a, first[axis], second_a[axis], second[axis], seed).add_to(taken | (second_a[axis] > zero), s);
            const F c = g1[axis] + a1;
            skip[axis] = ~taken & (c > zero);
            third_or_cross[axis] = either(skip[axis], c, third[axis], cross_a[axis], cross[axis], seed2);
            third_or_cross[axis].add_to(skip[axis], s);
        }
        // Lattice 1's neighbours across two axes.
        for (int axis = 0; axis < 3; ++axis) {
            third_or_cross[axis].add_to(~skip[axis] & (cross_a[axis] > zero), s);
        }
    }
    return simplex_result<with_gradient>(s);
}

// [S 16.5] The A4 lattice: each lane walks its sub-cell's vertex list (up to 20 entries, in the
// reference's order); entries past a lane's list contribute +0. (Offsets xi + table constant:
// Jacobian I + unskew4 J; the falloff R^2 - |d|^2 as radius2 - a, the value's a - radius2 negated.)
template <bool with_gradient, class P>
GRADNOISE_KERNEL_OUTLINE SimplexResult<4, with_gradient> opensimplex2s_base4(const P& p, typename P::Int seed, typename P::Coord xs, typename P::Coord ys, typename P::Coord zs, typename P::Coord ws) noexcept {
    using Int = typename P::Int;
    const float radius2 = 4.0f / 5.0f;
    constexpr float unskew4 = -0.138196601125011f;
    const detail::SmoothLattice4& table = detail::smooth_lattice_4d();
    const SimplexCell cx = P::template cell<false>(xs), cy = P::template cell<false>(ys), cz = P::template cell<false>(zs),
                      cw = P::template cell<false>(ws);
    const F ssi = (cx.frac + cy.frac + cz.frac + cw.frac) * F(unskew4);
    const F xi = cx.frac + ssi, yi = cy.frac + ssi, zi = cz.frac + ssi, wi = cw.frac + ssi;
    const Int xp = P::primed(cx.cell, 0), yp = P::primed(cy.cell, 1),
               zp = P::primed(cz.cell, 2), wp = P::primed(cw.cell, 3);
    // The sub-cell: floor(4 v) (product in double), clamped, low two bits.
    auto quarter = [](const typename P::Coord& v) GRADNOISE_KERNEL_LAMBDA_INLINE {
        return P::template cell<false>(P::scaled(v, 4.0)).cell & I(3);
    };
    const I k = quarter(xs) | shl(quarter(ys), 2) | shl(quarter(zs), 4) | shl(quarter(ws), 6);
    I begin, count;
    {
        alignas(64) std::int32_t kk[lanes], b[lanes], n[lanes];
        k.store_aligned(kk);
        for (std::size_t i = 0; i < lanes; ++i) {
            b[i] = table.begin[kk[i]];
            n[i] = table.count[kk[i]];
        }
        begin = I::load_aligned(b);
        count = I::load_aligned(n);
    }
    ValueGradient<4> s = simplex_sums<4>();
    for (int n = 0; n < detail::SmoothLattice4::most; ++n) {
        const auto listed = I(n) < count;
        const I at = xsimd::select(listed, begin + I(n), I(0));
        const F dx = xi + gather(table.offset[0], at), dy = yi + gather(table.offset[1], at),
                dz = zi + gather(table.offset[2], at), dw = wi + gather(table.offset[3], at);
        const F a = (dx * dx + dy * dy) + (dz * dz + dw * dw);
        const FMask inside = (a < F(radius2)) & float_mask(listed);
        auto prime = [&](int axis) GRADNOISE_KERNEL_LAMBDA_INLINE {
            return P::table_prime(table, axis, at);
        };
        s.value = xsimd::select(inside,
                                s.value + simplex_vertex4<with_gradient>(p, inside, F(radius2) - a, seed, xp + prime(0),
                                                                         yp + prime(1), zp + prime(2), wp + prime(3), dx,
                                                                         dy, dz, dw, s.d),
                                s.value);
    }
    return simplex_result<with_gradient>(s);
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
