// [S 16] OpenSimplex2 ("fast"), K.jpg's algorithm as his Java reference computes it: the
// orientation's skew or rotation and the cell split in binary64, every falloff and gradient in
// float, in the same order; integers wrap modulo 2^64. The kernels (src/kernels/simplex.hpp)
// select where this code branches. Spec sections are cited as [S n]; see docs/spec.md.
#include "reference/common.hpp"
#include "reference/simplex_common.hpp"

#include <type_traits>

namespace gradnoise::reference {

using namespace simplex;

namespace {

constexpr double unskew_2d = detail::simplex_unskew_2d;
constexpr float rsquared_2d = 0.5f;
constexpr float rsquared_3d = 0.6f;
constexpr float rsquared_4d = 0.6f;
constexpr float unskew_4d = 0.309016994374947f;
constexpr float lattice_step_4d = 0.2f;

// [S 16.3] 2D: the three vertices of the triangle holding (xs, ys). With with_gradient, also
// the value's derivatives with respect to the offsets (dx0, dy0), whose Jacobian with respect to
// (xs, ys) is I + float(UNSKEW_2D) J (every vertex's offset is (dx0, dy0) minus a constant).
template <bool with_gradient, class L>
Sums<2> base2(const L& g, typename L::Int seed, typename L::Coord xs, typename L::Coord ys) {
    using Int = typename L::Int;
    std::int32_t xsb = floor_cell(xs), ysb = floor_cell(ys);
    float xi = cell_offset(xs, xsb), yi = cell_offset(ys, ysb);
    Int xp = times(xsb, L::prime_x), yp = times(ysb, L::prime_y);

    float t = (xi + yi) * static_cast<float>(unskew_2d);
    float dx0 = xi + t, dy0 = yi + t;

    Sums<2> sum;
    float a0 = rsquared_2d - dx0 * dx0 - dy0 * dy0;
    if (a0 > 0) {
        // (the reference assigns the first contribution: a -0 stays -0)
        sum.value = vertex2<with_gradient>(g, seed, xp, yp, a0, dx0, dy0, sum.d);
    }

    // The opposite vertex's falloff from a0 and t (the reference's shortcut, constants folded in double).
    float a1 = static_cast<float>(2 * (1 + 2 * unskew_2d) * (1 / unskew_2d + 2)) * t +
               (static_cast<float>(-2 * (1 + 2 * unskew_2d) * (1 + 2 * unskew_2d)) + a0);
    if (a1 > 0) {
        float dx1 = dx0 - static_cast<float>(1 + 2 * unskew_2d);
        float dy1 = dy0 - static_cast<float>(1 + 2 * unskew_2d);
        sum.value += vertex2<with_gradient>(g, seed, xp + L::prime_x, yp + L::prime_y, a1, dx1, dy1, sum.d);
    }

    if (dy0 > dx0) {
        float dx2 = dx0 - static_cast<float>(unskew_2d);
        float dy2 = dy0 - static_cast<float>(unskew_2d + 1);
        float a2 = rsquared_2d - dx2 * dx2 - dy2 * dy2;
        if (a2 > 0) {
            sum.value += vertex2<with_gradient>(g, seed, xp, yp + L::prime_y, a2, dx2, dy2, sum.d);
        }
    } else {
        float dx2 = dx0 - static_cast<float>(unskew_2d + 1);
        float dy2 = dy0 - static_cast<float>(unskew_2d);
        float a2 = rsquared_2d - dx2 * dx2 - dy2 * dy2;
        if (a2 > 0) {
            sum.value += vertex2<with_gradient>(g, seed, xp + L::prime_x, yp, a2, dx2, dy2, sum.d);
        }
    }
    return sum;
}

// [S 16.4] 3D: two interleaved cubic lattices (a BCC lattice); on each, the nearest vertex and
// the second nearest along the axis of largest offset. Every offset passed on is the rotated
// point minus its vertex ((xri, yri, zri) steps by constants: xri + xs, and xs * (0.5 - xs * -xri)
// = xri + 0.5 xs on the second lattice), so the offsets' Jacobian with respect to (xr, yr, zr)
// is the identity; the mirrored ax0.. only choose vertices and update the falloff.
template <bool with_gradient, class L>
Sums<3> base3(const L& g, typename L::Int seed, typename L::Coord xr, typename L::Coord yr, typename L::Coord zr) {
    using Int = typename L::Int;
    std::int32_t xrb = round_cell(xr), yrb = round_cell(yr), zrb = round_cell(zr);
    float xri = cell_offset(xr, xrb), yri = cell_offset(yr, yrb), zri = cell_offset(zr, zrb);

    // The reference's (int)(-1.0f - v) | 1, the difference rounded in float: -1 where the offset is
    // >= 0 or negative but at most 2^-25 in magnitude (-1.0f - v rounds to -1), else 1.
    int xs = static_cast<int>(-1.0f - xri) | 1, ys = static_cast<int>(-1.0f - yri) | 1,
        zs = static_cast<int>(-1.0f - zri) | 1;
    float ax0 = static_cast<float>(xs) * -xri, ay0 = static_cast<float>(ys) * -yri, az0 = static_cast<float>(zs) * -zri;

    Int xp = times(xrb, L::prime_x), yp = times(yrb, L::prime_y), zp = times(zrb, L::prime_z);

    Sums<3> sum;
    float a = (rsquared_3d - xri * xri) - (yri * yri + zri * zri);
    for (int l = 0;; ++l) {
        if (a > 0) {
            sum.value += vertex3<with_gradient>(g, seed, xp, yp, zp, a, xri, yri, zri, sum.d);
        }
        // xs * prime as the reference's long product: -1 -> -prime, 1 -> prime (wrapping).
        auto signed_prime = [](int sign, Int prime) { return sign < 0 ? Int(0) - prime : prime; };
        if (ax0 >= ay0 && ax0 >= az0) {
            float b = a + ax0 + ax0;
            if (b > 1) {
                b -= 1;
                sum.value += vertex3<with_gradient>(g, seed, xp - signed_prime(xs, L::prime_x), yp, zp,
                                                    b, xri + static_cast<float>(xs), yri, zri, sum.d);
            }
        } else if (ay0 > ax0 && ay0 >= az0) {
            float b = a + ay0 + ay0;
            if (b > 1) {
                b -= 1;
                sum.value += vertex3<with_gradient>(g, seed, xp, yp - signed_prime(ys, L::prime_y), zp,
                                                    b, xri, yri + static_cast<float>(ys), zri, sum.d);
            }
        } else {
            float b = a + az0 + az0;
            if (b > 1) {
                b -= 1;
                sum.value += vertex3<with_gradient>(g, seed, xp, yp, zp - signed_prime(zs, L::prime_z),
                                                    b, xri, yri, zri + static_cast<float>(zs), sum.d);
            }
        }
        if (l == 1) {
            break;
        }
        // The other lattice: offsets by half a cell toward the sample.
        ax0 = 0.5f - ax0;
        ay0 = 0.5f - ay0;
        az0 = 0.5f - az0;
        xri = static_cast<float>(xs) * ax0;
        yri = static_cast<float>(ys) * ay0;
        zri = static_cast<float>(zs) * az0;
        a += (0.75f - ax0) - (ay0 + az0);
        xp += xs < 0 ? L::prime_x : Int(0);
        yp += ys < 0 ? L::prime_y : Int(0);
        zp += zs < 0 ? L::prime_z : Int(0);
        xs = -xs;
        ys = -ys;
        zs = -zs;
        seed ^= L::seed_flip_3d;
    }
    return sum;
}

// [S 16.5] 4D: five copies of the A4 lattice, one vertex from each. Every offset is
// (xsi + ssi, ...), xsi the cell offset plus constants (the start, the lattice steps, the -1 of a
// vertex step) and ssi unskew_4d times their sum plus constants: the Jacobian with respect to
// (xs, ys, zs, ws) is I + unskew_4d J. The falloff R^2 - |d|^2 is 0.6f - a (the reference's
// a - 0.6f negated, exactly: the square it takes is the same).
template <bool with_gradient, class L>
Sums<4> base4(const L& g, typename L::Int seed, typename L::Coord xs, typename L::Coord ys, typename L::Coord zs,
              typename L::Coord ws) {
    using Int = typename L::Int;
    using Coord = typename L::Coord;
    std::int32_t xsb = floor_cell(xs), ysb = floor_cell(ys), zsb = floor_cell(zs), wsb = floor_cell(ws);
    float xsi = cell_offset(xs, xsb), ysi = cell_offset(ys, ysb), zsi = cell_offset(zs, zsb), wsi = cell_offset(ws, wsb);

    float si_sum = (xsi + ysi) + (zsi + wsi);
    // The product in Coord (double: K.jpg's; float: the mix variant's), truncated.
    int starting = static_cast<int>(static_cast<Coord>(si_sum) * Coord(1.25));
    seed += static_cast<Int>(starting) * L::seed_offset_4d;

    float starting_offset = static_cast<float>(starting) * -lattice_step_4d;
    xsi += starting_offset;
    ysi += starting_offset;
    zsi += starting_offset;
    wsi += starting_offset;
    float ssi = (si_sum + starting_offset * 4) * unskew_4d;

    Int xp = times(xsb, L::prime_x), yp = times(ysb, L::prime_y), zp = times(zsb, L::prime_z), wp = times(wsb, L::prime_w);

    Sums<4> sum;
    for (int i = 0;; ++i) {
        // The next vertex: the closest one of the simplex above the base vertex (score in Coord).
        Coord score0 = Coord(1.0) + static_cast<Coord>(ssi) * Coord(-1.0 / static_cast<double>(unskew_4d));
        if (xsi >= ysi && xsi >= zsi && xsi >= wsi && xsi >= score0) {
            xp += L::prime_x;
            xsi -= 1;
            ssi -= unskew_4d;
        } else if (ysi > xsi && ysi >= zsi && ysi >= wsi && ysi >= score0) {
            yp += L::prime_y;
            ysi -= 1;
            ssi -= unskew_4d;
        } else if (zsi > xsi && zsi > ysi && zsi >= wsi && zsi >= score0) {
            zp += L::prime_z;
            zsi -= 1;
            ssi -= unskew_4d;
        } else if (wsi > xsi && wsi > ysi && wsi > zsi && wsi >= score0) {
            wp += L::prime_w;
            wsi -= 1;
            ssi -= unskew_4d;
        }

        float dx = xsi + ssi, dy = ysi + ssi, dz = zsi + ssi, dw = wsi + ssi;
        float a = (dx * dx + dy * dy) + (dz * dz + dw * dw);
        if (a < rsquared_4d) {
            sum.value += vertex4<with_gradient>(g, seed, xp, yp, zp, wp, rsquared_4d - a, dx, dy, dz, dw, sum.d);
        }
        if (i == 4) {
            break;
        }
        xsi += lattice_step_4d;
        ysi += lattice_step_4d;
        zsi += lattice_step_4d;
        wsi += lattice_step_4d;
        ssi += lattice_step_4d * 4 * unskew_4d;
        seed -= L::seed_offset_4d;
        if (i == starting) {
            xp -= L::prime_x;
            yp -= L::prime_y;
            zp -= L::prime_z;
            wp -= L::prime_w;
            seed += L::seed_offset_4d * 5;
        }
    }
    return sum;
}

}  // namespace

SimplexVariant simplex_variant(const detail::NoiseTables& t, int k) noexcept {
    SimplexVariant v{t.simplex, t.simplex_seed, t.hash == Hash::mix, t.mix_key, {0, 0, 0}};
    // [S 16.8] Octave k repeats at P * lacunarity^k (a power of two), capped at 768 = 3 * 256.
    constexpr int cap = detail::simplex_max_period;
    const NoiseDesc& d = t.desc;
    const int periods[3] = {d.period_x, d.period_y, d.period_z};
    for (int a = 0; a < 3; ++a) {
        int period = periods[a];
        for (int i = 0; i < k && period != 0 && d.fractal.kind != Fractal::none; ++i) {
            period = period * static_cast<int>(d.fractal.lacunarity);
            period = period > cap ? cap : period;
        }
        v.period[a] = period;
    }
    return v;
}

float opensimplex2_2d(const SimplexVariant& v, Orientation2 o, double x, double y) noexcept {
    if (o == Orientation2::fallback) {
        return opensimplex2_3d(simplex::slice_variant(v), Orientation3::fallback, x, y, 0.0);  // [S 16.8] the z = 0 slice
    }
    const double q[2] = {x, y};
    return with_lattice<2>(v, q, 0.0f, [&](const auto& lat, const auto* c) {
        std::decay_t<decltype(c[0])> s[2];
        orient2(o, c[0], c[1], s);
        return base2<false>(lat, lat.base_seed, s[0], s[1]).value;
    });
}

float opensimplex2_3d(const SimplexVariant& v, Orientation3 o, double x, double y, double z) noexcept {
    const double q[3] = {x, y, z};
    return with_lattice<3>(v, q, 0.0f, [&](const auto& lat, const auto* c) {
        std::decay_t<decltype(c[0])> r[3];
        orient3(o, detail::opensimplex2_orientation, c[0], c[1], c[2], r);
        return base3<false>(lat, lat.base_seed, r[0], r[1], r[2]).value;
    });
}

float opensimplex2_4d(const SimplexVariant& v, Orientation4 o, double x, double y, double z, double w) noexcept {
    const double q[4] = {x, y, z, w};
    return with_lattice<4>(v, q, 0.0f, [&](const auto& lat, const auto* c) {
        std::decay_t<decltype(c[0])> s[4];
        orient4(o, detail::opensimplex2_orientation, c[0], c[1], c[2], c[3], s);
        return base4<false>(lat, lat.base_seed, s[0], s[1], s[2], s[3]).value;
    });
}

// [S 18.4] The value (the same operations as above) and its gradient: the offset-frame sums
// taken to the input coordinates by the orientation's Jacobian. Off the lattice: +0 throughout.
Gradient opensimplex2_2d_gradient(const SimplexVariant& v, Orientation2 o, double x, double y) noexcept {
    if (o == Orientation2::fallback) {
        return slice_gradient(opensimplex2_3d_gradient(simplex::slice_variant(v), Orientation3::fallback, x, y, 0.0));
    }
    const double q[2] = {x, y};
    return with_lattice<2>(v, q, Gradient{}, [&](const auto& lat, const auto* c) {
        std::decay_t<decltype(c[0])> s[2];
        orient2(o, c[0], c[1], s);
        const Sums<2> sum = base2<true>(lat, lat.base_seed, s[0], s[1]);
        Gradient r;
        r.value = sum.value;
        to_input<2>(jacobian_of(o), sum.d, r.d);
        return r;
    });
}

Gradient opensimplex2_3d_gradient(const SimplexVariant& v, Orientation3 o, double x, double y, double z) noexcept {
    const double q[3] = {x, y, z};
    return with_lattice<3>(v, q, Gradient{}, [&](const auto& lat, const auto* c) {
        std::decay_t<decltype(c[0])> s[3];
        orient3(o, detail::opensimplex2_orientation, c[0], c[1], c[2], s);
        const Sums<3> sum = base3<true>(lat, lat.base_seed, s[0], s[1], s[2]);
        Gradient r;
        r.value = sum.value;
        to_input<3>(jacobian_of(o), sum.d, r.d);
        return r;
    });
}

Gradient opensimplex2_4d_gradient(const SimplexVariant& v, Orientation4 o, double x, double y, double z,
                                  double w) noexcept {
    const double q[4] = {x, y, z, w};
    return with_lattice<4>(v, q, Gradient{}, [&](const auto& lat, const auto* c) {
        std::decay_t<decltype(c[0])> s[4];
        orient4(o, detail::opensimplex2_orientation, c[0], c[1], c[2], c[3], s);
        const Sums<4> sum = base4<true>(lat, lat.base_seed, s[0], s[1], s[2], s[3]);
        Gradient r;
        r.value = sum.value;
        to_input<4>(jacobian_of(false, o), sum.d, r.d);
        return r;
    });
}

}  // namespace gradnoise::reference
