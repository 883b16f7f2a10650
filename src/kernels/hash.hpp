// [S 3] The corner hashes, three ways to the same integers. A hasher turns cell indices into the
// selection codes of the corner hashes; corner (i, j[, k])'s code is byte byte(i, j, k) of
// register reg(i, j, k). Mirrors src/reference/hash.cpp; tests/test_hash.cpp.
#pragma once

#include "kernels/ops.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// Perlin's chain from the packed tables of tables/noise_tables.hpp (PermutationChainTables) by gathers, on
// 32-bit lanes (float32) or 64-bit lanes (binary64).
template <class IB>
struct TableHasher {
    const detail::PermutationChainTables* t;

    struct Corners3 {
        IB r[4];  // r[i + 2j]: byte k = code of corner (i, j, k)
        GRADNOISE_KERNEL_INLINE IB reg(int i, int j, int) const noexcept { return r[i + 2 * j]; }
        static constexpr int byte(int, int, int k) noexcept { return k; }
    };
    struct Corners2 {
        IB r;  // byte i + 2j = code of corner (i, j)
        GRADNOISE_KERNEL_INLINE IB reg(int, int) const noexcept { return r; }
        static constexpr int byte(int i, int j) noexcept { return i + 2 * j; }
    };

    // (No gradient indices for the points' dot form: kernels/perlin.hpp, perlin_dot_form.)
    static constexpr bool has_dot_corners = false;

    // chain_index(X mod 256, Y mod 256) (tables/noise_tables.hpp)
    GRADNOISE_KERNEL_INLINE static IB column_index(IB X, IB Y) noexcept {
        const IB byte(255);
        return shl(Y & byte, 8) | (X & byte);
    }

    GRADNOISE_KERNEL_INLINE Corners3 corners3(IB X, IB Y, IB Z) const noexcept {
        return corners3_of(gather(t->hash_xy, column_index(X, Y)), Z);
    }
    GRADNOISE_KERNEL_INLINE Corners2 corners2(IB X, IB Y) const noexcept {
        return {gather(t->corner_code_2d, column_index(X, Y))};
    }

    // Grids (kernels/grid_rows.hpp): the corners of cells lo + offset[lane] (offsets 0 .. lanes - 1) of
    // row y, from one load of the row's window at lo and one permute -- the same table entries the
    // gathers above read. The window must not wrap: (lo mod 256) + lanes <= 256.
    GRADNOISE_KERNEL_INLINE static const std::int32_t* window(const std::int32_t* table, std::int32_t lo,
                                                              std::int32_t y) noexcept {
        return table + detail::PermutationChainTables::chain_index(lo & 255, y & 255);
    }
    GRADNOISE_KERNEL_INLINE Corners2 corners2_window(std::int32_t lo, IB offset, std::int32_t y) const noexcept {
        return {permute_lanes(IB::load_unaligned(window(t->corner_code_2d, lo, y)), offset)};
    }
    GRADNOISE_KERNEL_INLINE Corners3 corners3_window(std::int32_t lo, IB offset, std::int32_t y, IB Z) const noexcept {
        return corners3_of(permute_lanes(IB::load_unaligned(window(t->hash_xy, lo, y)), offset), Z);
    }

    // The last level of the 3D chain from a column's bytes a00, a10, a01, a11.
    GRADNOISE_KERNEL_INLINE Corners3 corners3_of(IB column, IB Z) const noexcept {
        const IB byte(255);
        Corners3 c;  // (a + Z) mod 256 needs only Z's low byte, so Z is used unmasked
        c.r[0] = gather(t->code_z, ((column & byte) + Z) & byte);
        c.r[1] = gather(t->code_z, ((shr(column, 8) & byte) + Z) & byte);
        c.r[2] = gather(t->code_z, ((shr(column, 16) & byte) + Z) & byte);
        c.r[3] = gather(t->code_z, (((column >> 24) & byte) + Z) & byte);
        return c;
    }
};

// Perlin's chain in registers (ops: ByteTable, where has_byte_lookup): every level is one
// 64-byte lookup, four lanes' bytes at a time; the "+ Y", "+ 1" and "mod 256" of the chain are
// byte additions, which wrap mod 256 by themselves.
struct ByteHasher {
    ByteTable p;     // the permutation, for the inner levels
    ByteTable last;  // 3D: p[n] & 15; 2D: p[p[n]] & 15, two levels in one (Z = 0): gradient indices

    ByteHasher(const std::uint8_t* perm, const std::uint8_t* last_level) noexcept : p(perm), last(last_level) {}

    struct Corners3 {
        I lo, hi;  // lo bytes: codes of corners 000 001 010 011; hi: 100 101 110 111
        GRADNOISE_KERNEL_INLINE I reg(int i, int, int) const noexcept { return i ? hi : lo; }
        static constexpr int byte(int, int j, int k) noexcept { return 2 * j + k; }
    };
    struct Corners2 {
        I r;  // bytes: codes of corners 00 01 10 11
        GRADNOISE_KERNEL_INLINE I reg(int, int) const noexcept { return r; }
        static constexpr int byte(int i, int j) noexcept { return 2 * i + j; }
    };

    // Bytes [A, A+1, B, B+1] with A = p[X] + Y, B = p[X+1] + Y (mod 256). Only the low byte of
    // each lane of X and Y is read.
    GRADNOISE_KERNEL_INLINE I level2_index(I X, I Y) const noexcept {
        I px = p[add_bytes(shuffle_lane_bytes(X, 0, 0, 0, 0), I(0x0100))];
        I y01 = add_bytes(shuffle_lane_bytes(Y, 0, 0, 0, 0), I(0x01000100));
        return add_bytes(shuffle_lane_bytes(px, 0, 0, 1, 1), y01);
    }

    // The corners' gradient indices (h & 15) in the bytes: the dot form of the points
    // (kernels/perlin.hpp: perlin_dot_cell) looks the gradients up by them.
    static constexpr bool has_dot_corners = true;
    GRADNOISE_KERNEL_INLINE Corners3 dot_corners3(I X, I Y, I Z) const noexcept {
        I a = p[level2_index(X, Y)];  // bytes: p[A] p[A+1] p[B] p[B+1] = a00 a01 a10 a11
        I zk = add_bytes(shuffle_lane_bytes(Z, 0, 0, 0, 0), I(0x01000100));
        I lo = last[add_bytes(shuffle_lane_bytes(a, 0, 0, 1, 1), zk)];
        I hi = last[add_bytes(shuffle_lane_bytes(a, 2, 2, 3, 3), zk)];
        return {lo, hi};
    }
    GRADNOISE_KERNEL_INLINE Corners2 dot_corners2(I X, I Y) const noexcept { return {last[level2_index(X, Y)]}; }

    // Their selection codes: one byte shuffle per register (ops: gradient_code maps every byte).
    GRADNOISE_KERNEL_INLINE Corners3 corners3(I X, I Y, I Z) const noexcept {
        const Corners3 c = dot_corners3(X, Y, Z);
        return {gradient_code(c.lo), gradient_code(c.hi)};
    }
    GRADNOISE_KERNEL_INLINE Corners2 corners2(I X, I Y) const noexcept { return {gradient_code(dot_corners2(X, Y).r)}; }
};

// The permutation hasher of this ISA for 2D or 3D (the byte hasher's last table depends on it).
template <int dims>
GRADNOISE_KERNEL_INLINE auto permutation_hasher(const detail::NoiseTables& t) noexcept {
    if constexpr (has_byte_lookup) {
        return ByteHasher(t.permutation.values().data(), dims == 3 ? t.chain->index_p : t.chain->index_pp);
    } else {
        return TableHasher<I>{t.chain.get()};
    }
}

// [S 3.2] Hash::mix: (X*px ^ Y*py ^ Z*pz ^ key) * m in 32-bit lanes (wrapping multiply, as the
// spec's uint32 arithmetic), gradient index = top four bits. No memory access at all.
struct MixHasher {
    I key;

    template <int at>
    struct Corners3At {
        I r[8];  // r[i + 2j + 4k], code in byte `at`
        GRADNOISE_KERNEL_INLINE I reg(int i, int j, int k) const noexcept { return r[i + 2 * j + 4 * k]; }
        static constexpr int byte(int, int, int) noexcept { return at; }
    };
    template <int at>
    struct Corners2At {
        I r[4];  // r[i + 2j], code in byte `at`
        GRADNOISE_KERNEL_INLINE I reg(int i, int j) const noexcept { return r[i + 2 * j]; }
        static constexpr int byte(int, int) noexcept { return at; }
    };
    using Corners3 = Corners3At<0>;
    using Corners2 = Corners2At<0>;

    GRADNOISE_KERNEL_INLINE static I constant(std::uint32_t v) noexcept { return I(static_cast<std::int32_t>(v)); }

    // The gradient index, h's top four bits: the dot form of the points (kernels/perlin.hpp:
    // perlin_dot_cell) looks the gradient up by it -- in byte 0 (h >> 28, logical) where the lookup
    // reads an index (AVX-512), in byte 3 (h >> 4: bytes 0 .. 2 are the key's to overwrite) where it
    // reads a byte shuffle's key.
    static constexpr bool has_dot_corners = true;
    static constexpr int dot_byte = has_byte_shuffle_tables ? 3 : 0;
    GRADNOISE_KERNEL_INLINE static I index(I h) noexcept { return bits_as<std::int32_t>(shr(bits_as<std::uint32_t>(h), 28)); }
    GRADNOISE_KERNEL_INLINE static I dot_index(I h) noexcept {
        return bits_as<std::int32_t>(shr(bits_as<std::uint32_t>(h), 28 - 8 * dot_byte));
    }
    // Byte 0 = gradient_code(index) (higher bytes: don't care).
    GRADNOISE_KERNEL_INLINE static I code(I h) noexcept { return gradient_code(index(h)); }

    GRADNOISE_KERNEL_INLINE Corners3 corners3(I X, I Y, I Z) const noexcept { return corners3_of<Corners3>(X, Y, Z, code); }
    GRADNOISE_KERNEL_INLINE Corners2 corners2(I X, I Y) const noexcept { return corners2_of<Corners2>(X, Y, code); }
    GRADNOISE_KERNEL_INLINE Corners3At<dot_byte> dot_corners3(I X, I Y, I Z) const noexcept {
        return corners3_of<Corners3At<dot_byte>>(X, Y, Z, dot_index);
    }
    GRADNOISE_KERNEL_INLINE Corners2At<dot_byte> dot_corners2(I X, I Y) const noexcept {
        return corners2_of<Corners2At<dot_byte>>(X, Y, dot_index);
    }

    template <class Corners, class Finish>
    GRADNOISE_KERNEL_INLINE Corners corners3_of(I X, I Y, I Z, Finish code) const noexcept {
        const I byte(255);
        const I px = constant(detail::mix_prime_x), py = constant(detail::mix_prime_y);
        const I pz = constant(detail::mix_prime_z), m = constant(detail::mix_multiplier);
        I hx[2] = {mul_wrap(X & byte, px), mul_wrap((X + I(1)) & byte, px)};
        I hy[2] = {mul_wrap(Y & byte, py), mul_wrap((Y + I(1)) & byte, py)};
        I hz[2] = {mul_wrap(Z & byte, pz) ^ key, mul_wrap((Z + I(1)) & byte, pz) ^ key};
        Corners c;
        for (int j = 0; j < 2; ++j) {
            for (int i = 0; i < 2; ++i) {
                I xy = hx[i] ^ hy[j];
                c.r[i + 2 * j] = code(mul_wrap(xy ^ hz[0], m));
                c.r[i + 2 * j + 4] = code(mul_wrap(xy ^ hz[1], m));
            }
        }
        return c;
    }

    template <class Corners, class Finish>
    GRADNOISE_KERNEL_INLINE Corners corners2_of(I X, I Y, Finish code) const noexcept {
        const I byte(255);
        const I px = constant(detail::mix_prime_x), py = constant(detail::mix_prime_y);
        const I m = constant(detail::mix_multiplier);
        // Z = 0: its term is 0 * pz = 0, leaving the key.
        I hx[2] = {mul_wrap(X & byte, px) ^ key, mul_wrap((X + I(1)) & byte, px) ^ key};
        I hy[2] = {mul_wrap(Y & byte, py), mul_wrap((Y + I(1)) & byte, py)};
        Corners c;
        for (int j = 0; j < 2; ++j) {
            for (int i = 0; i < 2; ++i) {
                c.r[i + 2 * j] = code(mul_wrap(hx[i] ^ hy[j], m));
            }
        }
        return c;
    }
};

inline MixHasher mix_hasher(const detail::NoiseTables& t) noexcept {
    return MixHasher{I(static_cast<std::int32_t>(t.mix_key))};
}

// p(n) for lanes holding n in 0..255 (the general lattice's chain, one level at a time): byte
// lookups where there are in-register tables (the low byte of each lane; the others masked
// off), else gathers of the 32-bit copy.
struct PermutationLookup {
    ByteTable bytes;
    const std::int32_t* words;
    explicit PermutationLookup(const detail::NoiseTables& t) noexcept
        : bytes(t.permutation.values().data()), words(t.perm32) {}
    GRADNOISE_KERNEL_INLINE I operator()(I n) const noexcept {
        if constexpr (has_byte_lookup) {
            return bytes[n] & I(255);
        } else {
            return gather(words, n);
        }
    }
};

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
