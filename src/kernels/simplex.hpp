// [S 16] OpenSimplex2 and OpenSimplex2S over batches: the orientation and the cell split in
// binary64 (each float batch as two double batches), the rest in float and in 64-bit integers
// kept as 32-bit lane pairs (ops.hpp: Wide). Where the reference branches (a vertex inside its
// radius, which vertex comes next) the kernels compute every candidate and select, which gives
// the reference's bits: a skipped contribution is an added +0, and the sums start at +0 and so
// are never -0 (x + (+0) = x then). Mirrors src/reference/simplex.cpp and simplex_smooth.cpp;
// tests/test_simplex.cpp.
#pragma once

#include "kernels/fractal.hpp"
#include "kernels/gradient.hpp"
#include "reference/simplex_common.hpp"
#include "simplex_tables.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// A double batch pair: lanes 0 .. D::size - 1 and the rest of one float batch.
struct Halves {
    D low, high;
};

GRADNOISE_KERNEL_INLINE Halves halves(F v) noexcept {
    Halves h;
    widen(v, h.low, h.high);
    return h;
}

struct SimplexCell {
    I cell;  // the cell index, int32
    F frac;  // the offset inside it, rounded to float
};

// [S 16.1] floor (or the reference's fastRound) of a skewed coordinate, clamped to the int32
// range; + 0.0 makes a -0 cell +0, as the reference's int is, so the offset keeps its sign.
// within_extent: the caller knows every lane came from coordinates inside the extent (2^27; after
// any orientation below 2^29), where the clamp changes nothing and is left out.
template <bool round, bool within_extent = false>
GRADNOISE_KERNEL_INLINE SimplexCell simplex_cell(Halves v) noexcept {
    auto cell_of = [](D x) GRADNOISE_KERNEL_LAMBDA_INLINE {
        D c;
        if constexpr (round) {
            c = xsimd::select(x < D(0.0), truncate(x - D(0.5)), truncate(x + D(0.5)));
        } else {
            c = floor(x);
        }
        if constexpr (within_extent) {
            return c + D(0.0);
        } else {
            return xsimd::min(xsimd::max(c, D(-2147483648.0)), D(2147483647.0)) + D(0.0);
        }
    };
    const D low = cell_of(v.low), high = cell_of(v.high);
    return {narrow_to_int(low, high), narrow(v.low - low, v.high - high)};
}

GRADNOISE_KERNEL_INLINE I low_bits_after_shift(Wide hash, int shift) noexcept {
    // (int)(hash ^ (hash >> shift)) for an arithmetic 64-bit shift by 32 < shift < 64.
    return hash.low ^ shr(hash.high, shift - 32);
}

// [S 16.2] The gradient hashes: each vertex's gradient components v[0 .. dims - 1] (the
// reference's grad functions before their dot product, which simplex_dot2/3/4 take in its order).
struct SimplexGrad {
    const detail::SimplexGradients* g;

    GRADNOISE_KERNEL_INLINE void two(Wide seed, Wide xp, Wide yp, F* v) const noexcept {
        const Wide hash = times(seed ^ xp ^ yp, detail::simplex_hash_multiplier);
        const I gi = low_bits_after_shift(hash, 64 - 7 + 1) & I(127 << 1);
        // g2[gi] = g2x[(gi / 2) mod 24]: n mod 24 = n - 24 floor(n * 171 / 4096) for n < 128
        // (exact there; tests/test_simplex.cpp), the product in 16-bit lanes.
        const I n = shr(gi, 1);
        using U16 = Batch<std::uint16_t>;
        const I q = shr(bits_as<std::int32_t>(bits_as<std::uint16_t>(n) * U16(171)), 12);
        const I entry = n - (shl(q, 4) + shl(q, 3));
        v[0] = FloatTable32(g->g2x)[entry];
        v[1] = FloatTable32(g->g2y)[entry];
    }
    GRADNOISE_KERNEL_INLINE void three(Wide seed, Wide xp, Wide yp, Wide zp, F* v) const noexcept {
        const Wide hash = times((seed ^ xp) ^ (yp ^ zp), detail::simplex_hash_multiplier);
        const I gi = low_bits_after_shift(hash, 64 - 8 + 2) & I(255 << 2);
        // g3[gi + c] = g3c[(gi / 4) mod 48]: n mod 48 = n - 48 floor(n * 171 / 8192) for n < 256.
        const I n = shr(gi, 2);
        using U16 = Batch<std::uint16_t>;
        const I q = shr(bits_as<std::int32_t>(bits_as<std::uint16_t>(n) * U16(171)), 13);
        const I entry = n - (shl(q, 5) + shl(q, 4));
        v[0] = FloatTable64(g->g3x)[entry];
        v[1] = FloatTable64(g->g3y)[entry];
        v[2] = FloatTable64(g->g3z)[entry];
    }
    GRADNOISE_KERNEL_INLINE void four(Wide seed, Wide xp, Wide yp, Wide zp, Wide wp, F* v) const noexcept {
        const Wide hash = times(seed ^ (xp ^ yp) ^ (zp ^ wp), detail::simplex_hash_multiplier);
        const I gi = low_bits_after_shift(hash, 64 - 9 + 2) & I(511 << 2);
        v[0] = gather(g->g4, gi);
        v[1] = gather(g->g4, gi | I(1));
        v[2] = gather(g->g4, gi | I(2));
        v[3] = gather(g->g4, gi | I(3));
    }
};


// v >= s for a float lane v and a binary64 s, exactly: the sign of (v - s) + 0, rounded to float
// (rounding keeps a sign, and + 0 makes an exact zero +0).
GRADNOISE_KERNEL_INLINE auto at_least(F v, Halves s) noexcept {
    const Halves w = halves(v);
    const F difference = narrow((w.low - s.low) + D(0.0), (w.high - s.high) + D(0.0));
    return float_mask((as_int(difference) & I(INT32_MIN)) == I(0));
}

// The orientations of [S 16.1] over a batch type B: double batches for K.jpg's arithmetic, float
// batches for the mix variant's (each constant rounded once to B's scalar, as the reference's T()).
template <class B>
GRADNOISE_KERNEL_INLINE B constant_of(double c) noexcept {
    return B(static_cast<ScalarOf<B>>(c));
}

template <class B>
GRADNOISE_KERNEL_INLINE void orient2(Orientation2 o, B x, B y, B* out) noexcept {
    if (o == Orientation2::improve_x) {
        const B xx = x * constant_of<B>(detail::simplex_root2over2);
        const B yy = y * constant_of<B>(detail::simplex_root2over2 * (1 + 2 * detail::simplex_skew_2d));
        out[0] = yy + xx;
        out[1] = yy - xx;
    } else {
        const B s = constant_of<B>(detail::simplex_skew_2d) * (x + y);
        out[0] = x + s;
        out[1] = y + s;
    }
}

// 3D rotations (the variants differ in ImproveXZ's orthogonaliser: detail::SimplexOrientation).
template <class B>
GRADNOISE_KERNEL_INLINE void orient3(Orientation3 o, const detail::SimplexOrientation& k, B x, B y, B z,
                                     B* out) noexcept {
    const B r3 = constant_of<B>(detail::simplex_root3over3), minus_r3 = constant_of<B>(-detail::simplex_root3over3);
    if (o == Orientation3::fallback) {
        const B r = constant_of<B>(detail::simplex_fallback_rotate_3d) * (x + y + z);
        out[0] = r - x;
        out[1] = r - y;
        out[2] = r - z;
    } else if (o == Orientation3::improve_xz) {
        const B xz = x + z;
        const B s2 = xz * constant_of<B>(k.xz_orthogonalizer);
        const B yy = y * r3;
        out[0] = x + s2 + yy;
        out[2] = z + s2 + yy;
        out[1] = xz * minus_r3 + yy;
    } else {
        const B xy = x + y;
        const B s2 = xy * constant_of<B>(detail::simplex_unskew_2d);
        const B zz = z * r3;
        out[0] = x + s2 + zz;
        out[1] = y + s2 + zz;
        out[2] = xy * minus_r3 + zz;
    }
}

// 4D front ends; the variants differ in their constants only (detail::SimplexOrientation).
template <class B>
GRADNOISE_KERNEL_INLINE void orient4(Orientation4 o, const detail::SimplexOrientation& k, B x, B y, B z, B w,
                                     B* out) noexcept {
    switch (o) {
        case Orientation4::improve_xyz_improve_xy: {
            const B xy = x + y;
            const B s2 = xy * constant_of<B>(-0.21132486540518699998);
            const B zz = z * constant_of<B>(0.28867513459481294226);
            const B ww = w * constant_of<B>(k.w_scale);
            out[0] = x + (zz + ww + s2);
            out[1] = y + (zz + ww + s2);
            out[2] = xy * constant_of<B>(-0.57735026918962599998) + (zz + ww);
            out[3] = z * constant_of<B>(-0.866025403784439) + ww;
            break;
        }
        case Orientation4::improve_xyz_improve_xz: {
            const B xz = x + z;
            const B s2 = xz * constant_of<B>(-0.21132486540518699998);
            const B yy = y * constant_of<B>(0.28867513459481294226);
            const B ww = w * constant_of<B>(k.w_scale);
            out[0] = x + (yy + ww + s2);
            out[2] = z + (yy + ww + s2);
            out[1] = xz * constant_of<B>(-0.57735026918962599998) + (yy + ww);
            out[3] = y * constant_of<B>(-0.866025403784439) + ww;
            break;
        }
        case Orientation4::improve_xyz: {
            const B xyz = x + y + z;
            const B ww = w * constant_of<B>(k.w_scale);
            const B s2 = xyz * constant_of<B>(-0.16666666666666666) + ww;
            out[0] = x + s2;
            out[1] = y + s2;
            out[2] = z + s2;
            out[3] = constant_of<B>(-0.5) * xyz + ww;
            break;
        }
        case Orientation4::improve_xy_improve_zw: {
            const B s2 = (x + y) * constant_of<B>(k.zw_s2[0]) + (z + w) * constant_of<B>(k.zw_s2[1]);
            const B t2 = (z + w) * constant_of<B>(k.zw_t2[0]) + (x + y) * constant_of<B>(k.zw_t2[1]);
            out[0] = x + s2;
            out[1] = y + s2;
            out[2] = z + t2;
            out[3] = w + t2;
            break;
        }
        default: {
            const B s = constant_of<B>(k.fallback_skew) * (x + y + z + w);
            out[0] = x + s;
            out[1] = y + s;
            out[2] = z + s;
            out[3] = w + s;
            break;
        }
    }
}

// The orientations by their coordinate arrays (the mix arithmetic's float batches).
template <class B>
GRADNOISE_KERNEL_INLINE void orient_batches(Orientation2 o, const detail::SimplexOrientation&, const B* q, B* out) noexcept {
    orient2(o, q[0], q[1], out);
}
template <class B>
GRADNOISE_KERNEL_INLINE void orient_batches(Orientation3 o, const detail::SimplexOrientation& k, const B* q, B* out) noexcept {
    orient3(o, k, q[0], q[1], q[2], out);
}
template <class B>
GRADNOISE_KERNEL_INLINE void orient_batches(Orientation4 o, const detail::SimplexOrientation& k, const B* q, B* out) noexcept {
    orient4(o, k, q[0], q[1], q[2], q[3], out);
}

// [S 16] K.jpg's arithmetic over batches (Hash::permutation): each float batch's lattice
// coordinates as two binary64 halves, 64-bit integers as 32-bit lane pairs (ops.hpp: Wide), his
// hashes (SimplexGrad). The base kernels below are written over this and MixArith alike.
struct KjpgArith {
    using Int = Wide;
    using Coord = Halves;
    SimplexGrad grad;
    static constexpr std::uint64_t primes[4] = {detail::simplex_prime_x, detail::simplex_prime_y,
                                                detail::simplex_prime_z, detail::simplex_prime_w};
    static constexpr std::uint64_t seed_flip_3d = detail::simplex_seed_flip_3d;
    static constexpr std::uint64_t seed_offset_4d = detail::simplex_seed_offset_4d;

    GRADNOISE_KERNEL_INLINE static Int constant(std::uint64_t c) noexcept { return wide(c); }
    GRADNOISE_KERNEL_INLINE static Int prime(int axis) noexcept { return wide(primes[axis]); }
    // step * the axis's prime, for a constant step
    GRADNOISE_KERNEL_INLINE static Int step_prime(int step, int axis) noexcept {
        return wide(static_cast<std::uint64_t>(static_cast<std::int64_t>(step)) * primes[axis]);
    }
    // cells (int32 lanes) times the axis's prime / times a constant
    GRADNOISE_KERNEL_INLINE static Int primed(I cell, int axis) noexcept { return times(cell, primes[axis]); }
    GRADNOISE_KERNEL_INLINE static Int times_constant(I v, std::uint64_t c) noexcept { return times(v, c); }
    // [S 16.1] floor or fastRound, the offset rounded to float
    template <bool round, bool within_extent = false>
    GRADNOISE_KERNEL_INLINE static SimplexCell cell(Halves v) noexcept { return simplex_cell<round, within_extent>(v); }
    GRADNOISE_KERNEL_INLINE static Halves scaled(Halves v, double c) noexcept { return {v.low * D(c), v.high * D(c)}; }

    GRADNOISE_KERNEL_INLINE void two(Int seed, Int xp, Int yp, F* v) const noexcept { grad.two(seed, xp, yp, v); }
    GRADNOISE_KERNEL_INLINE void three(Int seed, Int xp, Int yp, Int zp, F* v) const noexcept {
        grad.three(seed, xp, yp, zp, v);
    }
    GRADNOISE_KERNEL_INLINE void four(Int seed, Int xp, Int yp, Int zp, Int wp, F* v) const noexcept {
        grad.four(seed, xp, yp, zp, wp, v);
    }

    // [S 16.3] 2D smooth: the float t below the double UNSKEW_2D, i.e. t <= float(UNSKEW_2D) (which
    // rounds down; tests/test_simplex.cpp checks).
    GRADNOISE_KERNEL_INLINE static FMask below_unskew(F t) noexcept {
        return t <= F(static_cast<float>(detail::simplex_unskew_2d));
    }
    // [S 16.5] (int)(s * 1.25) with the product in double: the thresholds T_n that s reaches.
    GRADNOISE_KERNEL_INLINE static I start4(F s) noexcept {
        I start(0);
        for (float threshold : detail::simplex_start_thresholds) {
            start = start + xsimd::select(int_mask(s >= F(threshold)), I(1), I(0));
        }
        return start;
    }
    // [S 16.5] 1 + ssi * (-1 / unskew) in double, and v >= it exactly.
    GRADNOISE_KERNEL_INLINE static Halves score4(F ssi, float unskew) noexcept {
        const Halves s = halves(ssi);
        const D c(-1.0 / static_cast<double>(unskew));
        return {D(1.0) + s.low * c, D(1.0) + s.high * c};
    }
    GRADNOISE_KERNEL_INLINE static auto reaches(F v, const Halves& score) noexcept { return at_least(v, score); }
    // [S 16.5] 4D smooth: a listed vertex's step times the primes
    GRADNOISE_KERNEL_INLINE static Int table_prime(const detail::SmoothLattice4& t, int axis, I at) noexcept {
        return Wide{gather(t.prime_low[axis], at), gather(t.prime_high[axis], at)};
    }

    // [S 16.1] The orientation, on each double half. (Written out per dimension: copying the halves
    // into arrays for one generic form cost 1 instruction per sample on AVX2, 2 %.)
    GRADNOISE_KERNEL_INLINE static void orient(Orientation2 o, const detail::SimplexOrientation&, const Halves* q,
                                               Halves* out) noexcept {
        D lo[2], hi[2];
        orient2(o, q[0].low, q[1].low, lo);
        orient2(o, q[0].high, q[1].high, hi);
        for (int a = 0; a < 2; ++a) out[a] = {lo[a], hi[a]};
    }
    GRADNOISE_KERNEL_INLINE static void orient(Orientation3 o, const detail::SimplexOrientation& k, const Halves* q,
                                               Halves* out) noexcept {
        D lo[3], hi[3];
        orient3(o, k, q[0].low, q[1].low, q[2].low, lo);
        orient3(o, k, q[0].high, q[1].high, q[2].high, hi);
        for (int a = 0; a < 3; ++a) out[a] = {lo[a], hi[a]};
    }
    GRADNOISE_KERNEL_INLINE static void orient(Orientation4 o, const detail::SimplexOrientation& k, const Halves* q,
                                               Halves* out) noexcept {
        D lo[4], hi[4];
        orient4(o, k, q[0].low, q[1].low, q[2].low, q[3].low, lo);
        orient4(o, k, q[0].high, q[1].high, q[2].high, q[3].high, hi);
        for (int a = 0; a < 4; ++a) out[a] = {lo[a], hi[a]};
    }
};

// [S 16.7] The mix variant's arithmetic (Hash::mix): float lattice coordinates and 32-bit
// integers (wrapping) in the lanes themselves; a vertex's gradient is entry
// ((((key ^ primed cells) * 0x27D4EB2D) >> 8) * count) >> 24 of K.jpg's directions.
struct MixArith {
    using Int = I;
    using Coord = F;
    const detail::SimplexGradients* g;
    static constexpr std::uint64_t seed_flip_3d = detail::simplex_mix_seed_flip_3d;
    static constexpr std::uint64_t seed_offset_4d = detail::simplex_mix_seed_offset_4d;

    GRADNOISE_KERNEL_INLINE static Int constant(std::uint64_t c) noexcept {
        return I(static_cast<std::int32_t>(static_cast<std::uint32_t>(c)));
    }
    GRADNOISE_KERNEL_INLINE static Int prime(int axis) noexcept { return constant(detail::simplex_mix_primes[axis]); }
    GRADNOISE_KERNEL_INLINE static Int step_prime(int step, int axis) noexcept {
        return constant(static_cast<std::uint32_t>(step) * detail::simplex_mix_primes[axis]);
    }
    GRADNOISE_KERNEL_INLINE static Int primed(I cell, int axis) noexcept { return mul_wrap(cell, prime(axis)); }
    GRADNOISE_KERNEL_INLINE static Int times_constant(I v, std::uint64_t c) noexcept { return mul_wrap(v, constant(c)); }
    // [S 16.1, 16.7] floor, or v < 0 ? trunc(v - 0.5) : trunc(v + 0.5), in float; + 0 makes a -0
    // cell +0 (the reference's int), so the offset v - cell keeps v's sign. (No clamp to drop.)
    template <bool round, bool = false>
    GRADNOISE_KERNEL_INLINE static SimplexCell cell(F v) noexcept {
        F c;
        if constexpr (round) {
            c = xsimd::select(v < F(0.0f), xsimd::trunc(v - F(0.5f)), xsimd::trunc(v + F(0.5f)));
        } else {
            c = floor(v);
        }
        c = c + F(0.0f);
        return {xsimd::to_int(c), v - c};
    }
    GRADNOISE_KERNEL_INLINE static F scaled(F v, double c) noexcept { return v * F(static_cast<float>(c)); }

    // The gradient index ((h' >> 8) * count) >> 24 in [0, count), h' = h * 0x27D4EB2D: count = 3 * 8,
    // 3 * 16, 5 * 32, so it is ((h' >> 8) * 3) >> 21, ((h' >> 8) * 3) >> 20, ((h' >> 8) * 5) >> 19 --
    // the same integers (no product exceeds 2^27) -- by shifts and an add.
    template <int count>
    GRADNOISE_KERNEL_INLINE static I index(I h) noexcept {
        static_assert(count == 24 || count == 48 || count == 160, "a count the shifts below form");
        using U = Batch<std::uint32_t>;
        constexpr int shift = count == 24 ? 21 : count == 48 ? 20 : 19, times4 = count == 160;
        const U top = shr(bits_as<std::uint32_t>(mul_wrap(h, constant(detail::mix_multiplier))), 8);
        return bits_as<std::int32_t>(shr(shl(top, 1 + times4) + top, shift));
    }
    // Component c of entry n = 8 m + s: its sign is bit `bit` of s.
    GRADNOISE_KERNEL_INLINE static F signed_by(F magnitude, I n, int bit) noexcept {
        return magnitude ^ as_float(shl(n, 31 - bit) & I(INT32_MIN));
    }
    GRADNOISE_KERNEL_INLINE static F permute(const float* table, I index) noexcept {
        return as_float(permute_lanes(as_int(F::load_aligned(table)), index));
    }
    // The variant's gradient n (simplex_tables.hpp: g2mx ...): from the tables in registers
    // (AVX-512) or by gathers (4-lane ISAs); AVX2 decodes n with two permutes of 8-entry tables.
    GRADNOISE_KERNEL_INLINE void two(Int seed, Int xp, Int yp, F* v) const noexcept {
        const I n = index<24>(seed ^ xp ^ yp);
        if constexpr (has_register_float_tables || !has_lane_permute) {
            v[0] = FloatTable32(g->g2mx)[n];
            v[1] = FloatTable32(g->g2my)[n];
        } else {
            const I m = shr(n, 3);
            const F a = permute(g->mix_pair[0], m), b = permute(g->mix_pair[1], m);
            v[0] = signed_by(as_float(select_bit(n, 0, as_int(b), as_int(a))), n, 1);
            v[1] = signed_by(as_float(select_bit(n, 0, as_int(a), as_int(b))), n, 2);
        }
    }
    GRADNOISE_KERNEL_INLINE void three(Int seed, Int xp, Int yp, Int zp, F* v) const noexcept {
        const I n = index<48>((seed ^ xp) ^ (yp ^ zp));
        if constexpr (has_register_float_tables || !has_lane_permute) {
            v[0] = FloatTable64(g->g3mx)[n];
            v[1] = FloatTable64(g->g3my)[n];
            v[2] = FloatTable64(g->g3mz)[n];
        } else {
            // k = 2 m + the order bit: s bit (m - 3) for m >= 3; for m < 3 the shift count is
            // negative, i.e. >= 32 unsigned, and the shift gives 0.
            const I m = shr(n, 3);
            const I k = shl(m, 1) + (((n & I(7)) >> (m - I(3))) & I(1));
            for (int c = 0; c < 3; ++c) {
                const I low = as_int(permute(g->mix_magnitude[c], k)), high = as_int(permute(g->mix_magnitude[c] + 8, k));
                v[c] = signed_by(as_float(select_bit(k, 3, high, low)), n, c);
            }
        }
    }
    GRADNOISE_KERNEL_INLINE void four(Int seed, Int xp, Int yp, Int zp, Int wp, F* v) const noexcept {
        const I n = shl(index<160>(seed ^ (xp ^ yp) ^ (zp ^ wp)), 2);
        v[0] = gather(g->g4, n);
        v[1] = gather(g->g4, n | I(1));
        v[2] = gather(g->g4, n | I(2));
        v[3] = gather(g->g4, n | I(3));
    }

    GRADNOISE_KERNEL_INLINE static FMask below_unskew(F t) noexcept {
        return t < F(static_cast<float>(detail::simplex_unskew_2d));
    }
    // (int)(s * 1.25f): s >= 0, so truncation is the conversion
    GRADNOISE_KERNEL_INLINE static I start4(F s) noexcept { return xsimd::to_int(s * F(1.25f)); }
    GRADNOISE_KERNEL_INLINE static F score4(F ssi, float unskew) noexcept {
        return F(1.0f) + ssi * F(static_cast<float>(-1.0 / static_cast<double>(unskew)));
    }
    GRADNOISE_KERNEL_INLINE static auto reaches(F v, F score) noexcept { return v >= score; }
    GRADNOISE_KERNEL_INLINE static Int table_prime(const detail::SmoothLattice4& t, int axis, I at) noexcept {
        return gather(t.prime_mix[axis], at);
    }

    template <class O>
    GRADNOISE_KERNEL_INLINE static void orient(O o, const detail::SimplexOrientation& k, const F* q, F* out) noexcept {
        orient_batches(o, k, q, out);
    }
};
// The mask of a contribution every lane takes (the smooth variants' fixed vertices).
struct Always {};

// [S 16, 18.4] What a base kernel sums: the value and, with_gradient, its derivatives with respect
// to the vertex offsets (the offset frame), every sum starting at +0 (so never -0).
template <int dims>
GRADNOISE_KERNEL_INLINE ValueGradient<dims> simplex_sums() noexcept {
    ValueGradient<dims> s;
    s.value = F(0.0f);
    for (int i = 0; i < dims; ++i) {
        s.d[i] = F(0.0f);
    }
    return s;
}

// A base kernel's result: the value alone, or the value with its offset-frame derivatives.
template <int dims, bool with_gradient>
using SimplexResult = std::conditional_t<with_gradient, ValueGradient<dims>, F>;

template <bool with_gradient, int dims>
GRADNOISE_KERNEL_INLINE SimplexResult<dims, with_gradient> simplex_result(const ValueGradient<dims>& s) noexcept {
    if constexpr (with_gradient) {
        return s;
    } else {
        return s.value;
    }
}

// [S 16.3-16.5, 18.4] One vertex (reference::simplex::contribution): returns (a a)(a a) gd, gd =
// v . o; with_gradient, adds a4 v_i - ((aa a)(8 gd)) o_i to sum[i] in the lanes of m.
template <bool with_gradient, int dims, class Mask>
GRADNOISE_KERNEL_INLINE F simplex_share(Mask m, F a, const F* v, F gd, const F* o, F* sum) noexcept {
    const F aa = a * a;
    const F a4 = aa * aa;
    if constexpr (with_gradient) {
        const F t = (aa * a) * (F(8.0f) * gd);
        for (int i = 0; i < dims; ++i) {
            const F next = sum[i] + (a4 * v[i] - t * o[i]);
            if constexpr (std::is_same_v<Mask, Always>) {
                sum[i] = next;
            } else {
                sum[i] = xsimd::select(m, next, sum[i]);
            }
        }
    } else {
        (void)m, (void)v, (void)o, (void)sum;
    }
    return a4 * gd;
}

template <bool with_gradient, class Mask>
GRADNOISE_KERNEL_INLINE F simplex_vertex2(Mask m, F a, const F* v, F dx, F dy, F* sum) noexcept {
    const F o[2] = {dx, dy};
    return simplex_share<with_gradient, 2>(m, a, v, v[0] * dx + v[1] * dy, o, sum);
}

// A 2D vertex by its steps from the point's cell: vertex (X + i, Y + j).
struct Step2 {
    int i, j;
};

// [S 16.2] The gradients of a 2D cell's vertices as a 2D kernel body asks for them -- a vertex
// every lane takes, or one of two (four) by masks -- hashed per lane from the lanes' primed cells
// (the point path). CellVertices2 (kernels/simplex_grid.hpp) gives the same vectors from a table
// of one cell's gradients, for batches whose lanes share a cell.
template <class P>
struct LaneVertices2 {
    using Arith = P;
    using Int = typename P::Int;
    const P& p;
    Int seed, xp, yp;

    // the primed coordinate of a step on an axis: p + step * prime (p itself for step 0)
    GRADNOISE_KERNEL_INLINE static Int stepped(Int primed, int step, int axis) noexcept {
        return step == 0 ? primed : primed + P::step_prime(step, axis);
    }
    template <Step2 v>
    GRADNOISE_KERNEL_INLINE void fixed(F* g) const noexcept {
        p.two(seed, stepped(xp, v.i, 0), stepped(yp, v.j, 1), g);
    }
    // m ? a : b
    template <Step2 a, Step2 b>
    GRADNOISE_KERNEL_INLINE void either(FMask m, F* g) const noexcept {
        const auto mi = int_mask(m);
        p.two(seed, select(mi, stepped(xp, a.i, 0), stepped(xp, b.i, 0)), select(mi, stepped(yp, a.j, 1), stepped(yp, b.j, 1)),
              g);
    }
    // lower ? (pick_low ? la : lb) : (pick_high ? ha : hb)
    template <Step2 la, Step2 lb, Step2 ha, Step2 hb>
    GRADNOISE_KERNEL_INLINE void either4(FMask lower, FMask pick_low, FMask pick_high, F* g) const noexcept {
        auto step = [&](int vla, int vlb, int vha, int vhb, int axis) GRADNOISE_KERNEL_LAMBDA_INLINE {
            return select(int_mask(lower), select(int_mask(pick_low), P::step_prime(vla, axis), P::step_prime(vlb, axis)),
                          select(int_mask(pick_high), P::step_prime(vha, axis), P::step_prime(vhb, axis)));
        };
        p.two(seed, xp + step(la.i, lb.i, ha.i, hb.i, 0), yp + step(la.j, lb.j, ha.j, hb.j, 1), g);
    }
};

template <bool with_gradient, class P, class Mask, class Int>
GRADNOISE_KERNEL_INLINE F simplex_vertex3(const P& p, Mask m, F a, Int seed, Int xp, Int yp, Int zp, F dx, F dy, F dz,
                                          F* sum) noexcept {
    F v[3];
    p.three(seed, xp, yp, zp, v);
    const F o[3] = {dx, dy, dz};
    return simplex_share<with_gradient, 3>(m, a, v, v[0] * dx + v[1] * dy + v[2] * dz, o, sum);
}

template <bool with_gradient, class P, class Mask, class Int>
GRADNOISE_KERNEL_INLINE F simplex_vertex4(const P& p, Mask m, F a, Int seed, Int xp, Int yp, Int zp, Int wp, F dx,
                                          F dy, F dz, F dw, F* sum) noexcept {
    F v[4];
    p.four(seed, xp, yp, zp, wp, v);
    const F o[4] = {dx, dy, dz, dw};
    return simplex_share<with_gradient, 4>(m, a, v, (v[0] * dx + v[1] * dy) + (v[2] * dz + v[3] * dw), o, sum);
}

constexpr double simplex_unskew_2d = detail::simplex_unskew_2d;

// ---- OpenSimplex2 (fast) ----

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
template <bool with_gradient, class P>
GRADNOISE_KERNEL_OUTLINE SimplexResult<3, with_gradient> opensimplex2_base3(const P& p, typename P::Int seed, typename P::Coord xr, typename P::Coord yr, typename P::Coord zr) noexcept {
    using Int = typename P::Int;
    const SimplexCell cx = P::template cell<true>(xr), cy = P::template cell<true>(yr), cz = P::template cell<true>(zr);
    F xri = cx.frac, yri = cy.frac, zri = cz.frac;
    const F zero(0.0f), one(1.0f);
    // The reference's xNSign = (int)(-1.0f - xri) | 1, the difference rounded in float: -1 where it
    // reaches -1 (offsets >= 0, and negative ones down to -2^-25), else 1.
    auto sign_of = [&](F v) GRADNOISE_KERNEL_LAMBDA_INLINE { return xsimd::select((-one - v) <= -one, -one, one); };
    F sx = sign_of(xri), sy = sign_of(yri), sz = sign_of(zri);
    F ax0 = sx * negate(xri), ay0 = sy * negate(yri), az0 = sz * negate(zri);
    Int xp = P::primed(cx.cell, 0), yp = P::primed(cy.cell, 1),
         zp = P::primed(cz.cell, 2);
    const Int px = P::prime(0), py = P::prime(1),
               pz = P::prime(2);

    ValueGradient<3> s = simplex_sums<3>();
    F a = (F(0.6f) - xri * xri) - (yri * yri + zri * zri);
    for (int l = 0;; ++l) {
        const FMask in_a = a > zero;
        s.value = xsimd::select(
            in_a, s.value + simplex_vertex3<with_gradient>(p, in_a, a, seed, xp, yp, zp, xri, yri, zri, s.d), s.value);

        const auto on_x = (ax0 >= ay0) & (ax0 >= az0);
        const auto on_y = ~on_x & (ay0 > ax0) & (ay0 >= az0);
        const auto on_z = ~on_x & !on_y;
        const F largest = xsimd::select(on_x, ax0, xsimd::select(on_y, ay0, az0));
        F b = a + largest + largest;
        const FMask inside = b > one;
        b = b - one;
        // p - sign * prime: sign -1 adds the prime, sign 1 subtracts it.
        auto toward = [](F sign, Int p, Int prime) GRADNOISE_KERNEL_LAMBDA_INLINE {
            return select(int_mask(sign < F(0.0f)), p + prime, p - prime);
        };
        const auto on_x_i = int_mask(on_x);
        const auto on_y_i = int_mask(on_y);
        const auto on_z_i = int_mask(on_z);
        const Int xp2 = select(on_x_i, toward(sx, xp, px), xp);
        const Int yp2 = select(on_y_i, toward(sy, yp, py), yp);
        const Int zp2 = select(on_z_i, toward(sz, zp, pz), zp);
        const F dx = xsimd::select(on_x, xri + sx, xri);
        const F dy = xsimd::select(on_y, yri + sy, yri);
        const F dz = xsimd::select(on_z, zri + sz, zri);
        s.value = xsimd::select(
            inside, s.value + simplex_vertex3<with_gradient>(p, inside, b, seed, xp2, yp2, zp2, dx, dy, dz, s.d),
            s.value);
        if (l == 1) {
            break;
        }
        ax0 = F(0.5f) - ax0;
        ay0 = F(0.5f) - ay0;
        az0 = F(0.5f) - az0;
        xri = sx * ax0;
        yri = sy * ay0;
        zri = sz * az0;
        a = a + ((F(0.75f) - ax0) - (ay0 + az0));
        xp = select(int_mask(sx < zero), xp + px, xp);
        yp = select(int_mask(sy < zero), yp + py, yp);
        zp = select(int_mask(sz < zero), zp + pz, zp);
        sx = negate(sx);
        sy = negate(sy);
        sz = negate(sz);
        seed = seed ^ P::constant(P::seed_flip_3d);
    }
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

// ---- OpenSimplex2S (smooth) ----

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

// [S 18.4] The Jacobians of the offsets with respect to the input coordinates
// (reference/simplex_common.hpp), copied into this ISA's namespace (no shared symbol).
struct SimplexJacobians {
    reference::simplex::SimplexJacobian two[2], three[3], four[2][5];
};
constexpr SimplexJacobians simplex_jacobians{
    {reference::simplex::jacobian_2d[0], reference::simplex::jacobian_2d[1]},
    {reference::simplex::jacobian_3d[0], reference::simplex::jacobian_3d[1], reference::simplex::jacobian_3d[2]},
    {{reference::simplex::jacobian_4d[0][0], reference::simplex::jacobian_4d[0][1], reference::simplex::jacobian_4d[0][2],
      reference::simplex::jacobian_4d[0][3], reference::simplex::jacobian_4d[0][4]},
     {reference::simplex::jacobian_4d[1][0], reference::simplex::jacobian_4d[1][1], reference::simplex::jacobian_4d[1][2],
      reference::simplex::jacobian_4d[1][3], reference::simplex::jacobian_4d[1][4]}}};

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

    // The base kernel at the oriented lattice coordinates of q.
    template <bool with_gradient>
    GRADNOISE_KERNEL_INLINE SimplexResult<dims, with_gradient> evaluate(const Coord* q) const noexcept {
        Coord s[dims];
        if constexpr (dims == 2) {
            P::orient(orientation.orientation2, constants, q, s);
            if constexpr (smooth) {
                return opensimplex2s_base2<with_gradient>(arith, seed, s[0], s[1]);
            } else {
                return opensimplex2_base2<with_gradient>(arith, seed, s[0], s[1]);
            }
        } else if constexpr (dims == 3) {
            P::orient(orientation.orientation3, constants, q, s);
            if constexpr (smooth) {
                return opensimplex2s_base3<with_gradient>(arith, seed, s[0], s[1], s[2]);
            } else {
                return opensimplex2_base3<with_gradient>(arith, seed, s[0], s[1], s[2]);
            }
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

    GRADNOISE_KERNEL_INLINE F operator()(int, const F* q) const noexcept {
        if constexpr (mix && dims == 2) {
            return value_inline(q);
        } else {
            return value(q);
        }
    }
    // The value at q: called (K.jpg's and the larger kernels), or inlined into the loops (the mix
    // variant's 2D kernels, ~200 operations, whose small tables and constants then stay in registers:
    // measured 1.4x on AVX2).
    GRADNOISE_KERNEL_INLINE F value_inline(const F* q) const noexcept {
        Coord c[dims];
        const FMask ok = inside(q, c);
        return xsimd::select(ok, evaluate<false>(c), F(0.0f));
    }
    GRADNOISE_KERNEL_OUTLINE F value(const F* q) const noexcept { return value_inline(q); }

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
    GRADNOISE_KERNEL_INLINE F at(const Halves* q) const noexcept {
        if constexpr (mix) {
            F f[dims];
            for (int a = 0; a < dims; ++a) {
                f[a] = narrow(q[a].low, q[a].high);
            }
            return (*this)(0, f);
        } else {
            Halves in[dims];
            const F out = off_lattice(q, in);
            return xsimd::select(out == F(0.0f), evaluate<false>(in), F(0.0f));
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
        const reference::simplex::SimplexJacobian& m = jacobian();
        ValueGradient<dims> r;
        r.value = xsimd::select(ok, s.value, F(0.0f));
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
    ValueGradient<dims> gradient(int, const F* q) const noexcept {
        Coord c[dims];
        const FMask ok = inside(q, c);
        return to_input(ok, evaluate<true>(c));
    }
    ValueGradient<dims> gradient_at(const Halves* q) const noexcept {
        if constexpr (mix) {
            F f[dims];
            for (int a = 0; a < dims; ++a) {
                f[a] = narrow(q[a].low, q[a].high);
            }
            return gradient(0, f);
        } else {
            Halves in[dims];
            const F out = off_lattice(q, in);
            return to_input(out == F(0.0f), evaluate<true>(in));
        }
    }
};

template <class Base>
struct is_simplex_base : std::false_type {};
template <int dims, bool smooth, class P>
struct is_simplex_base<SimplexBase<dims, smooth, P>> : std::true_type {};

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
