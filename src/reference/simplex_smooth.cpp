// [S 16] K.jpg's OpenSimplex2S ("smooth", SuperSimplex) noise, 2D, 3D and 4D, every orientation:
// his Java reference (KdotJPG/OpenSimplex2, java/OpenSimplex2S.java, CC0) operation for operation.
// The orientation and the cell split are binary64, everything after them binary32, integers
// wrap modulo 2^64. Spec sections are cited as [S n]; see docs/spec.md.
//
// Where the arithmetic needs care (the kernels mirror each point):
// - a float meets a double constant in two places: 2D's `t < unskew` compares in double, and
//   4D's float skew multiplies the double coordinate sum in double;
// - constants written (float)(expression) are the expression in double, rounded once;
// - integer lattice steps (+-1, +-2) enter float sums converted exactly, on the same side of the
//   operation as in the reference (a + b == b + a in IEEE, but the association is kept).
#include <cfloat>
#include <type_traits>

#include "reference/simplex_common.hpp"
#include "reference/simplex_smooth_vertex_codes.hpp"

namespace gradnoise::reference {

namespace {

using simplex::U64;

// The mask of a 0 / -1 integer as an Int pattern (the reference's int & long promotion).
template <class Int>
inline Int wide(int v) {
    return static_cast<Int>(static_cast<std::int64_t>(v));
}

// [S 16.1] Falloff radii, squared: float divisions, as the reference's float constants.
constexpr float radius2_2d = 2.0f / 3.0f;
constexpr float radius2_3d = 3.0f / 4.0f;
constexpr float radius2_4d = 4.0f / 5.0f;

// ---------------------------------------------------------------------------------------------
// 2D
// ---------------------------------------------------------------------------------------------

constexpr double unskew2 = detail::simplex_unskew_2d;

// The unskewed offset of lattice vertex (i, j) from the cell base, component x: i + (i + j) * U,
// in double, rounded once to float. Every (float)(...) offset of the reference is this value
// (e.g. (float)(3 * UNSKEW_2D + 2) for (2, 1); its dx0 + (float)(1 + U) is dx0 - offset(-1, 0),
// since a + b == a - (-b) exactly and the rounding is symmetric).
constexpr float offset2(int i, int j) { return static_cast<float>(i + (i + j) * unskew2); }

// [S 16.3] The A2* lattice: the cell's two fixed vertices, then two of four more chosen by the
// point's place in the cell. Every offset is (dx0, dy0) minus a constant: the offsets' Jacobian
// with respect to (xs, ys) is I + float(UNSKEW_2D) J, as in the fast variant.
template <bool with_gradient, class L>
simplex::Sums<2> smooth2(const L& g, typename L::Int seed, typename L::Coord xs, typename L::Coord ys) {
    using Int = typename L::Int;
    using Coord = typename L::Coord;
    std::int32_t xsb = simplex::floor_cell(xs), ysb = simplex::floor_cell(ys);
    float xi = simplex::cell_offset(xs, xsb), yi = simplex::cell_offset(ys, ysb);
    Int xsbp = simplex::times(xsb, L::prime_x), ysbp = simplex::times(ysb, L::prime_y);

    float t = (xi + yi) * static_cast<float>(unskew2);
    float dx0 = xi + t, dy0 = yi + t;

    // Vertex (0, 0).
    simplex::Sums<2> sum;
    float a0 = radius2_2d - dx0 * dx0 - dy0 * dy0;
    sum.value = simplex::vertex2<with_gradient>(g, seed, xsbp, ysbp, a0, dx0, dy0, sum.d);

    // Vertex (1, 1): its falloff from a0 and t by the reference's shortcut (the difference of the
    // two polynomials), with both coefficients rounded once from double.
    constexpr float slope1 = static_cast<float>(2 * (1 + 2 * unskew2) * (1 / unskew2 + 2));
    constexpr float shift1 = static_cast<float>(-2 * (1 + 2 * unskew2) * (1 + 2 * unskew2));
    float a1 = slope1 * t + (shift1 + a0);
    float dx1 = dx0 - offset2(1, 1);
    float dy1 = dy0 - offset2(1, 1);
    sum.value += simplex::vertex2<with_gradient>(g, seed, xsbp + L::prime_x, ysbp + L::prime_y, a1, dx1, dy1, sum.d);

    // The remaining vertices contribute only inside their radius.
    auto vertex = [&](int i, int j) {
        float dx = dx0 - offset2(i, j);
        float dy = dy0 - offset2(j, i);
        float a = radius2_2d - dx * dx - dy * dy;
        if (a > 0) {
            Int xp = xsbp + simplex::times(i, L::prime_x);
            Int yp = ysbp + simplex::times(j, L::prime_y);
            sum.value += simplex::vertex2<with_gradient>(g, seed, xp, yp, a, dx, dy, sum.d);
        }
    };
    float xmyi = xi - yi;
    // The float t against the double constant: compared in Coord (double, as the reference; the
    // mix variant's float).
    if (static_cast<Coord>(t) < static_cast<Coord>(unskew2)) {
        if (xi + xmyi > 1) {
            vertex(2, 1);
        } else {
            vertex(0, 1);
        }
        if (yi - xmyi > 1) {
            vertex(1, 2);
        } else {
            vertex(1, 0);
        }
    } else {
        if (xi + xmyi < 0) {
            vertex(-1, 0);
        } else {
            vertex(1, 0);
        }
        if (yi < xmyi) {
            vertex(0, -1);
        } else {
            vertex(0, 1);
        }
    }
    return sum;
}

// ---------------------------------------------------------------------------------------------
// 3D
// ---------------------------------------------------------------------------------------------

// [S 16.4] Two interleaved cubic lattices (BCC): the nearer corner of each lattice's cube
// (lattice 0 at the cell base, lattice 1 offset by half a cell and hashed with the flipped
// seed), then the vertices one step from each, in the reference's order with its skips. Every
// offset is the rotated point minus its vertex (xi + n, x0 - sx, sx + x1, ...: the cell offset
// plus constants), so the offsets' Jacobian with respect to (xr, yr, zr) is the identity.
template <bool with_gradient, class L>
simplex::Sums<3> smooth3(const L& g, typename L::Int seed, typename L::Coord xr, typename L::Coord yr,
                         typename L::Coord zr) {
    using Int = typename L::Int;
    constexpr Int px = L::prime_x, py = L::prime_y, pz = L::prime_z;
    std::int32_t xrb = simplex::floor_cell(xr), yrb = simplex::floor_cell(yr), zrb = simplex::floor_cell(zr);
    float xi = simplex::cell_offset(xr, xrb), yi = simplex::cell_offset(yr, yrb), zi = simplex::cell_offset(zr, zrb);
    Int xrbp = simplex::times(xrb, px), yrbp = simplex::times(yrb, py), zrbp = simplex::times(zrb, pz);
    Int seed2 = seed ^ L::seed_flip_3d;

    // -1 where the offset is at least one half (the far corner is nearer), else 0: float
    // subtraction, truncated toward zero as Java's (int).
    int nx = static_cast<int>(-0.5f - xi), ny = static_cast<int>(-0.5f - yi), nz = static_cast<int>(-0.5f - zi);
    // The direction back toward the cell (-1 or +1); masks of the near corner as 64-bit patterns.
    int sx = nx | 1, sy = ny | 1, sz = nz | 1;
    Int mx = wide<Int>(nx), my = wide<Int>(ny), mz = wide<Int>(nz);

    simplex::Sums<3> sum;
    auto add = [&](float a, Int s, Int xp, Int yp, Int zp, float dx, float dy, float dz) {
        return simplex::vertex3<with_gradient>(g, s, xp, yp, zp, a, dx, dy, dz, sum.d);
    };

    // Lattice 0's nearest corner.
    float x0 = xi + static_cast<float>(nx);
    float y0 = yi + static_cast<float>(ny);
    float z0 = zi + static_cast<float>(nz);
    float a0 = radius2_3d - x0 * x0 - y0 * y0 - z0 * z0;
    sum.value = add(a0, seed, xrbp + (mx & px), yrbp + (my & py), zrbp + (mz & pz), x0, y0, z0);

    // Lattice 1's only corner inside the cell.
    float x1 = xi - 0.5f;
    float y1 = yi - 0.5f;
    float z1 = zi - 0.5f;
    float a1 = radius2_3d - x1 * x1 - y1 * y1 - z1 * z1;
    sum.value += add(a1, seed2, xrbp + px, yrbp + py, zrbp + pz, x1, y1, z1);

    // The reference's shortcuts: the change of each falloff when one coordinate steps to the
    // neighbouring vertex (int factors converted to float; Java's << on a negative int written as
    // a product, which C++17 defines).
    float fx0 = static_cast<float>(sx * 2) * x1;
    float fy0 = static_cast<float>(sy * 2) * y1;
    float fz0 = static_cast<float>(sz * 2) * z1;
    float fx1 = static_cast<float>(-2 - nx * 4) * x1 - 1.0f;
    float fy1 = static_cast<float>(-2 - ny * 4) * y1 - 1.0f;
    float fz1 = static_cast<float>(-2 - nz * 4) * z1 - 1.0f;
    float fsx = static_cast<float>(sx), fsy = static_cast<float>(sy), fsz = static_cast<float>(sz);

    // Per axis: lattice 0's neighbour across that axis, or else its neighbour across the other
    // two and lattice 1's across this one; a lattice-1 vertex taken here skips the matching
    // two-axis vertex below.
    bool skip_yz = false;
    float a = fx0 + a0;
    if (a > 0) {
        sum.value += add(a, seed, xrbp + (~mx & px), yrbp + (my & py), zrbp + (mz & pz), x0 - fsx, y0, z0);
    } else {
        float b = fy0 + fz0 + a0;
        if (b > 0) {
            sum.value += add(b, seed, xrbp + (mx & px), yrbp + (~my & py), zrbp + (~mz & pz), x0, y0 - fsy, z0 - fsz);
        }
        float c = fx1 + a1;
        if (c > 0) {
            sum.value += add(c, seed2, xrbp + (mx & (px * 2)), yrbp + py, zrbp + pz, fsx + x1, y1, z1);
            skip_yz = true;
        }
    }

    bool skip_xz = false;
    a = fy0 + a0;
    if (a > 0) {
        sum.value += add(a, seed, xrbp + (mx & px), yrbp + (~my & py), zrbp + (mz & pz), x0, y0 - fsy, z0);
    } else {
        float b = fx0 + fz0 + a0;
        if (b > 0) {
            sum.value += add(b, seed, xrbp + (~mx & px), yrbp + (my & py), zrbp + (~mz & pz), x0 - fsx, y0, z0 - fsz);
        }
        float c = fy1 + a1;
        if (c > 0) {
            sum.value += add(c, seed2, xrbp + px, yrbp + (my & (py * 2)), zrbp + pz, x1, fsy + y1, z1);
            skip_xz = true;
        }
    }

    bool skip_xy = false;
    a = fz0 + a0;
    if (a > 0) {
        sum.value += add(a, seed, xrbp + (mx & px), yrbp + (my & py), zrbp + (~mz & pz), x0, y0, z0 - fsz);
    } else {
        float b = fx0 + fy0 + a0;
        if (b > 0) {
            sum.value += add(b, seed, xrbp + (~mx & px), yrbp + (~my & py), zrbp + (mz & pz), x0 - fsx, y0 - fsy, z0);
        }
        float c = fz1 + a1;
        if (c > 0) {
            sum.value += add(c, seed2, xrbp + px, yrbp + py, zrbp + (mz & (pz * 2)), x1, y1, fsz + z1);
            skip_xy = true;
        }
    }

    // Lattice 1's neighbours across two axes.
    if (!skip_yz) {
        float b = fy1 + fz1 + a1;
        if (b > 0) {
            sum.value += add(b, seed2, xrbp + px, yrbp + (my & (py * 2)), zrbp + (mz & (pz * 2)), x1, fsy + y1, fsz + z1);
        }
    }
    if (!skip_xz) {
        float b = fx1 + fz1 + a1;
        if (b > 0) {
            sum.value += add(b, seed2, xrbp + (mx & (px * 2)), yrbp + py, zrbp + (mz & (pz * 2)), fsx + x1, y1, fsz + z1);
        }
    }
    if (!skip_xy) {
        float b = fx1 + fy1 + a1;
        if (b > 0) {
            sum.value += add(b, seed2, xrbp + (mx & (px * 2)), yrbp + (my & (py * 2)), zrbp + pz, fsx + x1, fsy + y1, z1);
        }
    }
    return sum;
}

// ---------------------------------------------------------------------------------------------
// 4D
// ---------------------------------------------------------------------------------------------

// The reference's UNSKEW_4D, a float constant.
constexpr float unskew4 = -0.138196601125011f;

}  // namespace
}  // namespace gradnoise::reference

namespace gradnoise::detail {

// [S 16.5] The vertices near each sub-cell (simplex_smooth_vertex_codes.hpp), built once, as the
// reference's static initializer builds LOOKUP_4D_A / LOOKUP_4D_B.
const SmoothLattice4& smooth_lattice_4d() noexcept {
    static const SmoothLattice4 table = [] {
        SmoothLattice4 t{};
        int j = 0;
        for (int k = 0; k < 256; ++k) {
            t.begin[k] = static_cast<std::uint16_t>(j);
            t.count[k] = reference::smooth_vertex_code_counts[k];
            for (int n = 0; n < reference::smooth_vertex_code_counts[k]; ++n, ++j) {
                const int code = reference::smooth_vertex_codes[j];
                const int c[4] = {((code >> 0) & 3) - 1, ((code >> 2) & 3) - 1, ((code >> 4) & 3) - 1,
                                  ((code >> 6) & 3) - 1};
                const std::uint64_t prime[4] = {simplex_prime_x, simplex_prime_y, simplex_prime_z, simplex_prime_w};
                for (int a = 0; a < 4; ++a) {
                    const std::uint64_t p = reference::simplex::times(c[a], prime[a]);
                    t.prime_low[a][j] = static_cast<std::int32_t>(static_cast<std::uint32_t>(p));
                    t.prime_high[a][j] = static_cast<std::int32_t>(static_cast<std::uint32_t>(p >> 32));
                    t.prime_mix[a][j] = static_cast<std::int32_t>(static_cast<std::uint32_t>(c[a]) * simplex_mix_primes[a]);
                }
                // The int sum converted to float, times the float unskew; then -c - s in float.
                const float s = static_cast<float>(c[0] + c[1] + c[2] + c[3]) * reference::unskew4;
                t.offset[0][j] = static_cast<float>(-c[0]) - s;
                t.offset[1][j] = static_cast<float>(-c[1]) - s;
                t.offset[2][j] = static_cast<float>(-c[2]) - s;
                t.offset[3][j] = static_cast<float>(-c[3]) - s;
            }
        }
        return t;
    }();
    return table;
}

}  // namespace gradnoise::detail

namespace gradnoise::reference {
namespace {

// [S 16.5] The A4 lattice: the vertices listed for the point's sub-cell, each inside its radius.
// Every offset is (xi, yi, zi, wi) plus a table constant, xi = xsi + ssi with ssi unskew4 times
// the offsets' sum: the Jacobian with respect to (xs, ys, zs, ws) is I + unskew4 J. The falloff
// R^2 - |d|^2 is radius2_4d - a (the reference's a - radius2_4d negated, exactly).
template <bool with_gradient, class L>
simplex::Sums<4> smooth4(const L& g, typename L::Int seed, typename L::Coord xs, typename L::Coord ys,
                         typename L::Coord zs, typename L::Coord ws) {
    using Int = typename L::Int;
    using Coord = typename L::Coord;
    const detail::SmoothLattice4& table = detail::smooth_lattice_4d();
    std::int32_t xsb = simplex::floor_cell(xs), ysb = simplex::floor_cell(ys);
    std::int32_t zsb = simplex::floor_cell(zs), wsb = simplex::floor_cell(ws);
    float xsi = simplex::cell_offset(xs, xsb), ysi = simplex::cell_offset(ys, ysb);
    float zsi = simplex::cell_offset(zs, zsb), wsi = simplex::cell_offset(ws, wsb);

    float ssi = (xsi + ysi + zsi + wsi) * unskew4;
    float xi = xsi + ssi, yi = ysi + ssi, zi = zsi + ssi, wi = wsi + ssi;

    Int xsvp = simplex::times(xsb, L::prime_x), ysvp = simplex::times(ysb, L::prime_y);
    Int zsvp = simplex::times(zsb, L::prime_z), wsvp = simplex::times(wsb, L::prime_w);

    // The sub-cell: floor of 4 * the skewed coordinate (the product in Coord), low two bits.
    auto quarter = [](Coord v) {
        return static_cast<int>(static_cast<std::uint32_t>(simplex::floor_cell(v * Coord(4))) & 3u);
    };
    int k = quarter(xs) | (quarter(ys) << 2) | (quarter(zs) << 4) | (quarter(ws) << 6);

    simplex::Sums<4> sum;
    for (int i = table.begin[k]; i < table.begin[k] + table.count[k]; ++i) {
        float dx = xi + table.offset[0][i], dy = yi + table.offset[1][i], dz = zi + table.offset[2][i],
              dw = wi + table.offset[3][i];
        float a = (dx * dx + dy * dy) + (dz * dz + dw * dw);
        if (a < radius2_4d) {
            Int xp = xsvp + L::smooth_prime(table, 0, i), yp = ysvp + L::smooth_prime(table, 1, i),
                zp = zsvp + L::smooth_prime(table, 2, i), wp = wsvp + L::smooth_prime(table, 3, i);
            sum.value += simplex::vertex4<with_gradient>(g, seed, xp, yp, zp, wp, radius2_4d - a, dx, dy, dz, dw,
                                                         sum.d);
        }
    }
    return sum;
}

}  // namespace

float opensimplex2s_2d(const SimplexVariant& v, Orientation2 o, double x, double y) noexcept {
    if (o == Orientation2::fallback) {
        return opensimplex2s_3d(simplex::slice_variant(v), Orientation3::fallback, x, y, 0.0);  // [S 16.8] the z = 0 slice
    }
    const double q[2] = {x, y};
    return simplex::with_lattice<2>(v, q, 0.0f, [&](const auto& lat, const auto* c) {
        std::decay_t<decltype(c[0])> s[2];
        simplex::orient2(o, c[0], c[1], s);
        return smooth2<false>(lat, lat.base_seed, s[0], s[1]).value;
    });
}

float opensimplex2s_3d(const SimplexVariant& v, Orientation3 o, double x, double y, double z) noexcept {
    const double q[3] = {x, y, z};
    return simplex::with_lattice<3>(v, q, 0.0f, [&](const auto& lat, const auto* c) {
        std::decay_t<decltype(c[0])> r[3];
        simplex::orient3(o, detail::opensimplex2s_orientation, c[0], c[1], c[2], r);
        return smooth3<false>(lat, lat.base_seed, r[0], r[1], r[2]).value;
    });
}

float opensimplex2s_4d(const SimplexVariant& v, Orientation4 o, double x, double y, double z, double w) noexcept {
    const double q[4] = {x, y, z, w};
    return simplex::with_lattice<4>(v, q, 0.0f, [&](const auto& lat, const auto* c) {
        std::decay_t<decltype(c[0])> s[4];
        simplex::orient4(o, detail::opensimplex2s_orientation, c[0], c[1], c[2], c[3], s);
        return smooth4<false>(lat, lat.base_seed, s[0], s[1], s[2], s[3]).value;
    });
}

// [S 18.4] The value (the same operations as above) and its gradient: the offset-frame sums
// taken to the input coordinates by the orientation's Jacobian. Off the lattice: +0 throughout.
Gradient opensimplex2s_2d_gradient(const SimplexVariant& v, Orientation2 o, double x, double y) noexcept {
    if (o == Orientation2::fallback) {
        return simplex::slice_gradient(opensimplex2s_3d_gradient(simplex::slice_variant(v), Orientation3::fallback, x, y, 0.0));
    }
    const double q[2] = {x, y};
    return simplex::with_lattice<2>(v, q, Gradient{}, [&](const auto& lat, const auto* c) {
        std::decay_t<decltype(c[0])> s[2];
        simplex::orient2(o, c[0], c[1], s);
        const simplex::Sums<2> sum = smooth2<true>(lat, lat.base_seed, s[0], s[1]);
        Gradient r;
        r.value = sum.value;
        simplex::to_input<2>(simplex::jacobian_of(o), sum.d, r.d);
        return r;
    });
}

Gradient opensimplex2s_3d_gradient(const SimplexVariant& v, Orientation3 o, double x, double y, double z) noexcept {
    const double q[3] = {x, y, z};
    return simplex::with_lattice<3>(v, q, Gradient{}, [&](const auto& lat, const auto* c) {
        std::decay_t<decltype(c[0])> s[3];
        simplex::orient3(o, detail::opensimplex2s_orientation, c[0], c[1], c[2], s);
        const simplex::Sums<3> sum = smooth3<true>(lat, lat.base_seed, s[0], s[1], s[2]);
        Gradient r;
        r.value = sum.value;
        simplex::to_input<3>(simplex::jacobian_of(o), sum.d, r.d);
        return r;
    });
}

Gradient opensimplex2s_4d_gradient(const SimplexVariant& v, Orientation4 o, double x, double y, double z,
                                   double w) noexcept {
    const double q[4] = {x, y, z, w};
    return simplex::with_lattice<4>(v, q, Gradient{}, [&](const auto& lat, const auto* c) {
        std::decay_t<decltype(c[0])> s[4];
        simplex::orient4(o, detail::opensimplex2s_orientation, c[0], c[1], c[2], c[3], s);
        const simplex::Sums<4> sum = smooth4<true>(lat, lat.base_seed, s[0], s[1], s[2], s[3]);
        Gradient r;
        r.value = sum.value;
        simplex::to_input<4>(simplex::jacobian_of(true, o), sum.d, r.d);
        return r;
    });
}

}  // namespace gradnoise::reference
