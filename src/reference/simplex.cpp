// [S 16] OpenSimplex2 ("fast"), K.jpg's algorithm as his Java reference computes it: the
// orientation's skew or rotation and the cell split in binary64, every falloff and gradient in
// float, in the same order; integers wrap modulo 2^64. The kernels (src/kernels/simplex.hpp)
// select where this code branches. Spec sections are cited as [S n]; see docs/spec.md.
#include "reference/common.hpp"
#include "reference/simplex_common.hpp"

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
template <bool with_gradient>
Sums<2> base2(const detail::SimplexGradients& g, U64 seed, double xs, double ys) {
    std::int32_t xsb = floor_cell(xs), ysb = floor_cell(ys);
    float xi = static_cast<float>(xs - xsb), yi = static_cast<float>(ys - ysb);
    U64 xp = times(xsb, detail::simplex_prime_x), yp = times(ysb, detail::simplex_prime_y);

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
        sum.value += vertex2<with_gradient>(g, seed, xp + detail::simplex_prime_x, yp + detail::simplex_prime_y, a1,
                                            dx1, dy1, sum.d);
    }

    if (dy0 > dx0) {
        float dx2 = dx0 - static_cast<float>(unskew_2d);
        float dy2 = dy0 - static_cast<float>(unskew_2d + 1);
        float a2 = rsquared_2d - dx2 * dx2 - dy2 * dy2;
        if (a2 > 0) {
            sum.value += vertex2<with_gradient>(g, seed, xp, yp + detail::simplex_prime_y, a2, dx2, dy2, sum.d);
        }
    } else {
        float dx2 = dx0 - static_cast<float>(unskew_2d + 1);
        float dy2 = dy0 - static_cast<float>(unskew_2d);
        float a2 = rsquared_2d - dx2 * dx2 - dy2 * dy2;
        if (a2 > 0) {
            sum.value += vertex2<with_gradient>(g, seed, xp + detail::simplex_prime_x, yp, a2, dx2, dy2, sum.d);
        }
    }
    return sum;
}

// [S 16.4] 3D: two interleaved cubic lattices (a BCC lattice); on each, the nearest vertex and
// the second nearest along the axis of largest offset. Every offset passed on is the rotated
// point minus its vertex ((xri, yri, zri) steps by constants: xri + xs, and xs * (0.5 - xs * -xri)
// = xri + 0.5 xs on the second lattice), so the offsets' Jacobian with respect to (xr, yr, zr)
// is the identity; the mirrored ax0.. only choose vertices and update the falloff.
template <bool with_gradient>
Sums<3> base3(const detail::SimplexGradients& g, U64 seed, double xr, double yr, double zr) {
    std::int32_t xrb = round_cell(xr), yrb = round_cell(yr), zrb = round_cell(zr);
    float xri = static_cast<float>(xr - xrb), yri = static_cast<float>(yr - yrb), zri = static_cast<float>(zr - zrb);

    // The reference's (int)(-1.0f - v) | 1, the difference rounded in float: -1 where the offset is
    // >= 0 or negative but at most 2^-25 in magnitude (-1.0f - v rounds to -1), else 1.
    int xs = static_cast<int>(-1.0f - xri) | 1, ys = static_cast<int>(-1.0f - yri) | 1,
        zs = static_cast<int>(-1.0f - zri) | 1;
    float ax0 = static_cast<float>(xs) * -xri, ay0 = static_cast<float>(ys) * -yri, az0 = static_cast<float>(zs) * -zri;

    U64 xp = times(xrb, detail::simplex_prime_x), yp = times(yrb, detail::simplex_prime_y),
        zp = times(zrb, detail::simplex_prime_z);

    Sums<3> sum;
    float a = (rsquared_3d - xri * xri) - (yri * yri + zri * zri);
    for (int l = 0;; ++l) {
        if (a > 0) {
            sum.value += vertex3<with_gradient>(g, seed, xp, yp, zp, a, xri, yri, zri, sum.d);
        }
        // xs * prime as the reference's long product: -1 -> -prime, 1 -> prime (mod 2^64).
        auto signed_prime = [](int sign, U64 prime) { return sign < 0 ? U64(0) - prime : prime; };
        if (ax0 >= ay0 && ax0 >= az0) {
            float b = a + ax0 + ax0;
            if (b > 1) {
                b -= 1;
                sum.value += vertex3<with_gradient>(g, seed, xp - signed_prime(xs, detail::simplex_prime_x), yp, zp,
                                                    b, xri + static_cast<float>(xs), yri, zri, sum.d);
            }
        } else if (ay0 > ax0 && ay0 >= az0) {
            float b = a + ay0 + ay0;
            if (b > 1) {
                b -= 1;
                sum.value += vertex3<with_gradient>(g, seed, xp, yp - signed_prime(ys, detail::simplex_prime_y), zp,
                                                    b, xri, yri + static_cast<float>(ys), zri, sum.d);
            }
        } else {
            float b = a + az0 + az0;
            if (b > 1) {
                b -= 1;
                sum.value += vertex3<with_gradient>(g, seed, xp, yp, zp - signed_prime(zs, detail::simplex_prime_z),
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
        xp += xs < 0 ? detail::simplex_prime_x : 0;
        yp += ys < 0 ? detail::simplex_prime_y : 0;
        zp += zs < 0 ? detail::simplex_prime_z : 0;
        xs = -xs;
        ys = -ys;
        zs = -zs;
        seed ^= detail::simplex_seed_flip_3d;
    }
    return sum;
}

// [S 16.5] 4D: five copies of the A4 lattice, one vertex from each. Every offset is
// (xsi + ssi, ...), xsi the cell offset plus constants (the start, the lattice steps, the -1 of a
// vertex step) and ssi unskew_4d times their sum plus constants: the Jacobian with respect to
// (xs, ys, zs, ws) is I + unskew_4d J. The falloff R^2 - |d|^2 is 0.6f - a (the reference's
// a - 0.6f negated, exactly: the square it takes is the same).
template <bool with_gradient>
Sums<4> base4(const detail::SimplexGradients& g, U64 seed, double xs, double ys, double zs, double ws) {
    std::int32_t xsb = floor_cell(xs), ysb = floor_cell(ys), zsb = floor_cell(zs), wsb = floor_cell(ws);
    float xsi = static_cast<float>(xs - xsb), ysi = static_cast<float>(ys - ysb), zsi = static_cast<float>(zs - zsb),
          wsi = static_cast<float>(ws - wsb);

    float si_sum = (xsi + ysi) + (zsi + wsi);
    int starting = static_cast<int>(static_cast<double>(si_sum) * 1.25);  // the product in double, truncated
    seed += static_cast<U64>(starting) * detail::simplex_seed_offset_4d;

    float starting_offset = static_cast<float>(starting) * -lattice_step_4d;
    xsi += starting_offset;
    ysi += starting_offset;
    zsi += starting_offset;
    wsi += starting_offset;
    float ssi = (si_sum + starting_offset * 4) * unskew_4d;

    U64 xp = times(xsb, detail::simplex_prime_x), yp = times(ysb, detail::simplex_prime_y),
        zp = times(zsb, detail::simplex_prime_z), wp = times(wsb, detail::simplex_prime_w);

    Sums<4> sum;
    for (int i = 0;; ++i) {
        // The next vertex: the closest one of the simplex above the base vertex (score in double).
        double score0 = 1.0 + static_cast<double>(ssi) * (-1.0 / static_cast<double>(unskew_4d));
        if (xsi >= ysi && xsi >= zsi && xsi >= wsi && xsi >= score0) {
            xp += detail::simplex_prime_x;
            xsi -= 1;
            ssi -= unskew_4d;
        } else if (ysi > xsi && ysi >= zsi && ysi >= wsi && ysi >= score0) {
            yp += detail::simplex_prime_y;
            ysi -= 1;
            ssi -= unskew_4d;
        } else if (zsi > xsi && zsi > ysi && zsi >= wsi && zsi >= score0) {
            zp += detail::simplex_prime_z;
            zsi -= 1;
            ssi -= unskew_4d;
        } else if (wsi > xsi && wsi > ysi && wsi > zsi && wsi >= score0) {
            wp += detail::simplex_prime_w;
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
        seed -= detail::simplex_seed_offset_4d;
        if (i == starting) {
            xp -= detail::simplex_prime_x;
            yp -= detail::simplex_prime_y;
            zp -= detail::simplex_prime_z;
            wp -= detail::simplex_prime_w;
            seed += detail::simplex_seed_offset_4d * 5;
        }
    }
    return sum;
}

}  // namespace

float opensimplex2_2d(const detail::SimplexGradients& g, std::int64_t seed, Orientation2 o, double x,
                      double y) noexcept {
    if (!simplex::in_extent(x) || !simplex::in_extent(y)) {
        return 0.0f;
    }
    double s[2];
    orient2(o, x, y, s);
    return base2<false>(g, static_cast<U64>(seed), s[0], s[1]).value;
}

float opensimplex2_3d(const detail::SimplexGradients& g, std::int64_t seed, Orientation3 o, double x, double y,
                      double z) noexcept {
    if (!simplex::in_extent(x) || !simplex::in_extent(y) || !simplex::in_extent(z)) {
        return 0.0f;
    }
    double r[3];
    orient3(o, detail::opensimplex2_orientation, x, y, z, r);
    return base3<false>(g, static_cast<U64>(seed), r[0], r[1], r[2]).value;
}

float opensimplex2_4d(const detail::SimplexGradients& g, std::int64_t seed, Orientation4 o, double x, double y,
                      double z, double w) noexcept {
    if (!simplex::in_extent(x) || !simplex::in_extent(y) || !simplex::in_extent(z) || !simplex::in_extent(w)) {
        return 0.0f;
    }
    double s[4];
    orient4(o, detail::opensimplex2_orientation, x, y, z, w, s);
    return base4<false>(g, static_cast<U64>(seed), s[0], s[1], s[2], s[3]).value;
}

// [S 18.4] The value (the same operations as above) and its gradient: the offset-frame sums
// taken to the input coordinates by the orientation's Jacobian. Off the lattice: +0 throughout.
Gradient opensimplex2_2d_gradient(const detail::SimplexGradients& g, std::int64_t seed, Orientation2 o, double x,
                                  double y) noexcept {
    Gradient r;
    if (!simplex::in_extent(x) || !simplex::in_extent(y)) {
        return r;
    }
    double s[2];
    orient2(o, x, y, s);
    const Sums<2> sum = base2<true>(g, static_cast<U64>(seed), s[0], s[1]);
    r.value = sum.value;
    to_input<2>(jacobian_of(o), sum.d, r.d);
    return r;
}

Gradient opensimplex2_3d_gradient(const detail::SimplexGradients& g, std::int64_t seed, Orientation3 o, double x,
                                  double y, double z) noexcept {
    Gradient r;
    if (!simplex::in_extent(x) || !simplex::in_extent(y) || !simplex::in_extent(z)) {
        return r;
    }
    double s[3];
    orient3(o, detail::opensimplex2_orientation, x, y, z, s);
    const Sums<3> sum = base3<true>(g, static_cast<U64>(seed), s[0], s[1], s[2]);
    r.value = sum.value;
    to_input<3>(jacobian_of(o), sum.d, r.d);
    return r;
}

Gradient opensimplex2_4d_gradient(const detail::SimplexGradients& g, std::int64_t seed, Orientation4 o, double x,
                                  double y, double z, double w) noexcept {
    Gradient r;
    if (!simplex::in_extent(x) || !simplex::in_extent(y) || !simplex::in_extent(z) || !simplex::in_extent(w)) {
        return r;
    }
    double s[4];
    orient4(o, detail::opensimplex2_orientation, x, y, z, w, s);
    const Sums<4> sum = base4<true>(g, static_cast<U64>(seed), s[0], s[1], s[2], s[3]);
    r.value = sum.value;
    to_input<4>(jacobian_of(false, o), sum.d, r.d);
    return r;
}

}  // namespace gradnoise::reference
