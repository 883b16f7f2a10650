// [S 16] What OpenSimplex2 (simplex.hpp) and OpenSimplex2S (simplex_smooth.hpp) share over
// batches: the orientation and the cell split in binary64 (each float batch as two double
// batches), the rest in float and in 64-bit integers kept as 32-bit lane pairs (wide.hpp); the
// two arithmetics (K.jpg's, and the mix variant's of spec 16.7), the gradient hashes, the vertex
// contributions and the Jacobians of the offsets. Where the reference branches (a vertex inside its
// radius, which vertex comes next) the kernels compute every candidate and select, which gives the
// reference's bits: a skipped contribution is an added +0, and the sums start at +0 and so are never
// -0 (x + (+0) = x then). Mirrors src/reference/simplex_common.hpp; tests/test_simplex.cpp.
#pragma once

#include "kernels/fractal.hpp"
#include "kernels/gradient.hpp"
#include "kernels/wide.hpp"
#include "reference/simplex_common.hpp"
#include "tables/simplex_constants.hpp"

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

// [S 16.8] The tiled fallback lattice's label wrap (reference::simplex::wrap_label): each label
// recovered from its primed coordinates (the low 32 bits times the prime's inverse), m_a =
// floor(U_a / 3P_a) by comparisons -- every vertex within reach of a reduced sample has U_a in
// [-6P_a, 9P_a), so m_a is in -2..2 -- and the shifted label primed again.
GRADNOISE_KERNEL_INLINE I low_half(Wide v) noexcept { return v.low; }
GRADNOISE_KERNEL_INLINE I low_half(I v) noexcept { return v; }
GRADNOISE_KERNEL_INLINE I ones(IMask m) noexcept { return xsimd::select(m, I(1), I(0)); }

template <class P, class Int>
GRADNOISE_KERNEL_INLINE void wrap_labels(const detail::SimplexTiling& w, const std::uint32_t* inverse, Int* p) noexcept {
    I l[3];
    for (int b = 0; b < 3; ++b) {
        l[b] = mul_wrap(low_half(p[b]), I(static_cast<std::int32_t>(inverse[b])));
    }
    const I sum = (l[0] + l[1]) + l[2];
    I shift[3] = {I(0), I(0), I(0)};
    for (int a = 0; a < 3; ++a) {
        if (w.three_period[a] == 0) {
            continue;
        }
        const I u = (sum + sum) - ((l[a] + l[a]) + l[a]);
        const I bound(w.three_period[a]);
        const I m = (ones(u >= bound) + ones(u >= bound + bound)) - (ones(u < I(0)) + ones(u < I(0) - bound));
        const std::int32_t k = w.three_period[a] / 9;  // P_a / 3
        for (int b = 0; b < 3; ++b) {
            shift[b] = shift[b] + mul_wrap(m, I(a == b ? -k : 2 * k));
        }
    }
    if (!xsimd::any((shift[0] | shift[1] | shift[2]) != I(0))) {
        return;  // no lane's label moves (most vertices: only those beyond a face do)
    }
    for (int b = 0; b < 3; ++b) {
        p[b] = P::primed(l[b] - shift[b], b);
    }
}

// [S 16] K.jpg's arithmetic over batches (Hash::permutation): each float batch's lattice
// coordinates as two binary64 halves, 64-bit integers as 32-bit lane pairs (wide.hpp: Wide), his
// hashes (SimplexGrad). The base kernels below are written over this and MixArith alike.
struct KjpgArith {
    using Int = Wide;
    using Coord = Halves;
    SimplexGrad grad;
    static constexpr const std::uint32_t* prime_inverse = detail::simplex_prime_inverse;  // [S 16.8]
    static constexpr std::uint64_t primes[4] = {detail::simplex_prime_x, detail::simplex_prime_y,
                                                detail::simplex_prime_z, detail::simplex_prime_w};
    static constexpr std::uint64_t seed_flip_3d = detail::simplex_seed_flip_3d;
    static constexpr std::uint64_t seed_offset_4d = detail::simplex_seed_offset_4d;
    // Whether two candidate vertices that no lane takes both of are one evaluation at each lane's
    // choice (OpenSimplex2S 3D): not here. A first trial merged measured 10-20 % slower on AVX2 with
    // this hash (each choice selects both halves of three 64-bit labels); not yet re-measured in
    // the merged form the mix arithmetic runs.
    static constexpr bool merges_exclusive_vertices = false;

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
    static constexpr const std::uint32_t* prime_inverse = detail::simplex_mix_prime_inverse;  // [S 16.8]
    static constexpr std::uint64_t seed_flip_3d = detail::simplex_mix_seed_flip_3d;
    static constexpr std::uint64_t seed_offset_4d = detail::simplex_mix_seed_offset_4d;
    // (KjpgArith says what this is.) A vertex's hash is its own multiply: choosing one label per lane
    // costs three selects, less than the vertex it saves.
    static constexpr bool merges_exclusive_vertices = true;

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
            c = xsimd::select(v < F(0.0f), truncate(v - F(0.5f)), truncate(v + F(0.5f)));
        } else {
            c = floor(v);
        }
        c = c + F(0.0f);
        return {truncate_to_int(c), v - c};
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
    // The variant's gradient n (simplex_constants.hpp: g2mx ...): from the tables in registers
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
    GRADNOISE_KERNEL_INLINE static I start4(F s) noexcept { return truncate_to_int(s * F(1.25f)); }
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
// [S 16.8] An arithmetic whose 3D vertices hash as their labels wrapped into the tile: the base
// kernels instantiated over it are the tiled fields' (the untiled ones never test for a wrap).
template <class P>
struct TiledArith : P {
    const detail::SimplexTiling* wrap;
    GRADNOISE_KERNEL_INLINE void three(typename P::Int seed, typename P::Int xp, typename P::Int yp, typename P::Int zp,
                                       F* v) const noexcept {
        typename P::Int p[3] = {xp, yp, zp};
        wrap_labels<P>(*wrap, P::prime_inverse, p);
        P::three(seed, p[0], p[1], p[2], v);
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

// [S 16.3-16.5, 18.4] One vertex's share (reference::simplex::contribution): its value (a a)(a a) gd,
// gd = v . o, and with_gradient its derivative terms a4 v_i - ((aa a)(8 gd)) o_i.
template <bool with_gradient, int dims>
struct SimplexShare {
    F value;
    F d[with_gradient ? dims : 1];
    // The reference's "sum += share" in the lanes of m (where not, the sums stay, -0 included).
    template <class Mask>
    GRADNOISE_KERNEL_INLINE void add_to(Mask m, ValueGradient<dims>& s) const noexcept {
        add_derivatives(m, s.d);
        s.value = xsimd::select(m, s.value + value, s.value);
    }
    template <class Mask>
    GRADNOISE_KERNEL_INLINE void add_derivatives(Mask m, F* sum) const noexcept {
        if constexpr (with_gradient) {
            for (int i = 0; i < dims; ++i) {
                const F next = sum[i] + d[i];
                if constexpr (std::is_same_v<Mask, Always>) {
                    sum[i] = next;
                } else {
                    sum[i] = xsimd::select(m, next, sum[i]);
                }
            }
        } else {
            (void)m, (void)sum;
        }
    }
};
template <bool with_gradient, int dims>
GRADNOISE_KERNEL_INLINE SimplexShare<with_gradient, dims> simplex_share_of(F a, const F* v, F gd, const F* o) noexcept {
    const F aa = a * a;
    const F a4 = aa * aa;
    SimplexShare<with_gradient, dims> share;
    share.value = a4 * gd;
    if constexpr (with_gradient) {
        const F t = (aa * a) * (F(8.0f) * gd);
        for (int i = 0; i < dims; ++i) {
            share.d[i] = a4 * v[i] - t * o[i];
        }
    } else {
        (void)v, (void)o;
    }
    return share;
}

// One vertex: adds its derivative terms to sum[i] in the lanes of m and returns its value.
template <bool with_gradient, int dims, class Mask>
GRADNOISE_KERNEL_INLINE F simplex_share(Mask m, F a, const F* v, F gd, const F* o, F* sum) noexcept {
    const SimplexShare<with_gradient, dims> share = simplex_share_of<with_gradient, dims>(a, v, gd, o);
    share.add_derivatives(m, sum);
    return share.value;
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

// A 3D vertex's share, its gradient hashed from the primed labels.
template <bool with_gradient, class P, class Int>
GRADNOISE_KERNEL_INLINE SimplexShare<with_gradient, 3> simplex_share3(const P& p, F a, Int seed, Int xp, Int yp, Int zp,
                                                                      F dx, F dy, F dz) noexcept {
    F v[3];
    p.three(seed, xp, yp, zp, v);
    const F o[3] = {dx, dy, dz};
    return simplex_share_of<with_gradient, 3>(a, v, v[0] * dx + v[1] * dy + v[2] * dz, o);
}

template <bool with_gradient, class P, class Mask, class Int>
GRADNOISE_KERNEL_INLINE F simplex_vertex3(const P& p, Mask m, F a, Int seed, Int xp, Int yp, Int zp, F dx, F dy, F dz,
                                          F* sum) noexcept {
    const SimplexShare<with_gradient, 3> share = simplex_share3<with_gradient>(p, a, seed, xp, yp, zp, dx, dy, dz);
    share.add_derivatives(m, sum);
    return share.value;
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

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
