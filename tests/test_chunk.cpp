// Chunks of an unbounded world: src/kernels/chunk.hpp, src/reference/chunk.cpp, src/api/fills.cpp
// (checks, threads), docs/spec.md section 13. Exact reduction of sample coordinates, chunks that
// join without seams, the same bits 2^40 samples away, smoothness 60 million units out, and every
// ISA (each ISA's kernel table called directly, testing::IsaPath) equal to the reference.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "reference/int128.hpp"
#include "reference/reference.hpp"
#include "test_support.hpp"
#include "xorshift64.hpp"

using gradnoise::Chunk2d;
using gradnoise::Chunk3d;
using gradnoise::Fractal;
using gradnoise::Noise;
using gradnoise::NoiseDesc;

namespace {

Noise chunk_noise(Fractal kind, gradnoise::Hash hash = gradnoise::Hash::permutation,
           gradnoise::Basis basis = gradnoise::Basis::perlin, int period = 0, float frequency = 1.0f,
           int octaves = 5, gradnoise::Fade fade = gradnoise::Fade::quintic) {
    NoiseDesc d;
    d.fractal = {kind, octaves, frequency, 2.0f, 0.5f};
    d.fade = fade;
    d.hash = hash;
    d.basis = basis;
    d.period_x = d.period_y = d.period_z = period;
    if (hash == gradnoise::Hash::mix) {
        d.has_seed = true;
        d.seed = 17;
    }
    Noise n;
    REQUIRE(Noise::create(d, &n).ok());
    return n;
}

std::vector<Noise> fields() {
    return {chunk_noise(Fractal::none), chunk_noise(Fractal::fbm), chunk_noise(Fractal::ridged, gradnoise::Hash::mix),
            chunk_noise(Fractal::fbm, gradnoise::Hash::permutation, gradnoise::Basis::classic, 16, 0.5f),
            chunk_noise(Fractal::none, gradnoise::Hash::mix, gradnoise::Basis::value),
            // the Perlin fast path's tile width depends on the octave count: 1, 3 and 32 octaves
            chunk_noise(Fractal::turbulence, gradnoise::Hash::permutation, gradnoise::Basis::perlin, 0, 1.0f, 3,
                 gradnoise::Fade::cubic),
            chunk_noise(Fractal::billow, gradnoise::Hash::mix, gradnoise::Basis::perlin, 0, 0.7f, 32),
            chunk_noise(Fractal::ridged, gradnoise::Hash::permutation, gradnoise::Basis::perlin, 0, 1.0f, 1,
                 gradnoise::Fade::cubic)};
}

std::vector<float> fill(const Noise& n, const Chunk2d& c) {
    std::vector<float> out(c.size_x * c.size_y, -7.0f);
    gradnoise::Status s = n.fill_chunk_2d(c, out.data());
    REQUIRE_MESSAGE(s.ok(), s.message());
    return out;
}

// The same on one ISA's kernels.
std::vector<float> fill(const testing::IsaPath& path, const Noise& n, const Chunk2d& c) {
    std::vector<float> out(c.size_x * c.size_y, -7.0f);
    gradnoise::Status s = path.fill_chunk_2d(n, c, out.data());
    REQUIRE_MESSAGE(s.ok(), s.message());
    return out;
}

double largest_step(const std::vector<float>& v, std::size_t w) {
    double m = 0;
    for (std::size_t i = 0; i + 1 < v.size(); ++i) {
        if ((i + 1) % w != 0) {
            m = std::fmax(m, std::fabs(double(v[i + 1]) - v[i]));
        }
    }
    return m;
}

}  // namespace

TEST_SUITE("chunk") {

TEST_CASE("chunk_coordinate is (s * g) mod 256, exactly reduced") {
    // Where s * g is exact in binary64, fmod gives the residue directly.
    const float steps[] = {1.0f, 0.5f, 1.0f / 64.0f, 0.375f, 3.0f, 0.0173f, 1e-6f, 37.25f, 256.0f, 1024.0f};
    for (float g : steps) {
        for (std::int64_t s = -300000; s <= 300000; s += 997) {
            double exact = std::fmod(static_cast<double>(s) * static_cast<double>(g), 256.0);  // |s g| < 2^53
            if (exact < 0) exact += 256.0;
            exact = exact + 0.0;  // fmod keeps the sign of a zero
            float want = static_cast<float>(exact);
            float got = gradnoise::reference::chunk_coordinate(s, g);
            INFO("s = " << s << ", g = " << g);
            CHECK((testing::bits(got) == testing::bits(want) || (exact > 255.9999 && got == 256.0f)));
        }
    }
    // Far from the origin: the residue of s * 2^-6 depends on s mod 2^14 only.
    for (std::int64_t far : {std::int64_t(1) << 40, std::int64_t(1) << 62, -(std::int64_t(1) << 61)}) {
        for (std::int64_t s0 : {0, 1, 77, 16383}) {
            CHECK(testing::bits(gradnoise::reference::chunk_coordinate(far + s0, 1.0f / 64.0f)) ==
                  testing::bits(gradnoise::reference::chunk_coordinate(s0, 1.0f / 64.0f)));
        }
    }
    // A non-dyadic step 2^40 samples out keeps its fraction (naive float would round it away).
    const std::int64_t s = (std::int64_t(1) << 40) + 3;
    float r = gradnoise::reference::chunk_coordinate(s, 0.1f);
    long double exact = std::fmod(static_cast<long double>(s) * static_cast<long double>(0.1f), 256.0L);
    CHECK(std::fabs(static_cast<long double>(r) - exact) < 1e-4L);
}

#if defined(__SIZEOF_INT128__)
// The portable 128-bit operations (MSVC has no __int128) against the compiler's own, on products of
// random 64-bit numbers and 24-bit mantissas (chunk_coordinate's) and on the extremes.
TEST_CASE("chunk_coordinate's 128-bit arithmetic equals __int128's") {
    namespace reference = gradnoise::reference;
    using reference::Int128;
    auto wide = [](Int128 v) { return static_cast<__int128>((static_cast<unsigned __int128>(v.hi) << 64) | v.lo); };
    testing::XorShift64 next;
    const std::int64_t extremes[] = {0, 1, -1, 255, -256, std::numeric_limits<std::int64_t>::max(),
                                     std::numeric_limits<std::int64_t>::min(), (std::int64_t(1) << 40) + 7};
    int checked = 0;
    for (int i = 0; i < 200000; ++i) {
        const std::int64_t s = i < 64 ? extremes[i % 8] : static_cast<std::int64_t>(next()) >> (next() % 64);
        const std::int64_t m = i < 64 ? extremes[i / 8] >> 40 : static_cast<std::int64_t>(next() % (1u << 24)) *
                                                                     (next() % 2 ? 1 : -1);
        const Int128 p = reference::multiply(s, m);
        const __int128 want = static_cast<__int128>(s) * m;
        REQUIRE(wide(p) == want);
        CHECK(reference::mod256(p) == static_cast<int>(((want % 256) + 256) % 256));
        const int shift = 1 + static_cast<int>(next() % 118);
        const __int128 I = want >> shift;
        CHECK(wide(reference::shift_right(p, shift)) == I);
        const __int128 F = want - (I << shift);
        CHECK(wide(reference::low_bits(p, shift)) == F);
        const int byte = static_cast<int>(((I % 256) + 256) % 256);
        const Int128 total = reference::join(byte, shift, reference::low_bits(p, shift));
        const __int128 want_total = (static_cast<__int128>(byte) << shift) + F;
        CHECK(wide(total) == want_total);
        const float got = reference::to_float(total), expected = static_cast<float>(want_total);
        CHECK(std::memcmp(&got, &expected, sizeof got) == 0);
        ++checked;
    }
    // Rounding ties and sticky bits in the conversion: 2^64 + 2^40 (a tie: to even), + 1 (above it).
    for (const std::uint64_t lo : {std::uint64_t(1) << 40, (std::uint64_t(1) << 40) + 1, (std::uint64_t(3) << 40)}) {
        const Int128 v{1, lo};
        const float got = reference::to_float(v), expected = static_cast<float>(wide(v));
        CHECK(std::memcmp(&got, &expected, sizeof got) == 0);
    }
    MESSAGE(checked << " products checked");
}
#endif

TEST_CASE("chunk fills equal the reference on every ISA, 2D and 3D") {
    const std::int64_t firsts[] = {0, -1000, (std::int64_t(1) << 40) + 5, -(std::int64_t(1) << 62),
                                   std::numeric_limits<std::int64_t>::max() - 600};
    const float spacings[] = {1.0f, 1.0f / 64.0f, 0.37f, 3.0f};
    for (const Noise& n : fields()) {
        for (const testing::IsaPath& path : testing::isa_paths()) {
            for (std::int64_t first : firsts) {
                for (float spacing : spacings) {
                    Chunk2d c{first, -first / 3, 261, 3, spacing};  // 261: a tile of 256 and a tail
                    std::vector<float> out = fill(path, n, c);
                    for (std::size_t j = 0; j < c.size_y; ++j) {
                        for (std::size_t i = 0; i < c.size_x; ++i) {
                            float want = n.chunk_sample_2d(c.first_x + std::int64_t(i), c.first_y + std::int64_t(j), spacing);
                            if (testing::bits(out[j * c.size_x + i]) != testing::bits(want)) {
                                INFO(testing::name(path) << " first " << first << " spacing " << spacing << " (" << i
                                                        << ", " << j << ")");
                                CHECK(testing::bits(out[j * c.size_x + i]) == testing::bits(want));
                            }
                        }
                    }
                    Chunk3d c3{first, 5, -first / 7, 19, 2, 3, spacing};
                    std::vector<float> out3(19 * 2 * 3);
                    REQUIRE(path.fill_chunk_3d(n, c3, out3.data()).ok());
                    for (std::size_t k = 0; k < 3; ++k) {
                        for (std::size_t j = 0; j < 2; ++j) {
                            for (std::size_t i = 0; i < 19; ++i) {
                                float want = n.chunk_sample_3d(c3.first_x + std::int64_t(i), c3.first_y + std::int64_t(j),
                                                               c3.first_z + std::int64_t(k), spacing);
                                CHECK(testing::bits(out3[(k * 2 + j) * 19 + i]) == testing::bits(want));
                            }
                        }
                    }
                }
            }
        }
    }
}

TEST_CASE("a 2x2 block of chunks is one chunk covering the same area, bit for bit") {
    for (const Noise& n : fields()) {
        for (float spacing : {1.0f, 0.0173f, 1.0f / 60.0f}) {
            const std::int64_t x0 = 123456789012LL, y0 = -98765;
            Chunk2d big{x0, y0, 128, 96, spacing};
            std::vector<float> whole = fill(n, big);
            for (int cy = 0; cy < 2; ++cy) {
                for (int cx = 0; cx < 2; ++cx) {
                    Chunk2d part{x0 + 64 * cx, y0 + 48 * cy, 64, 48, spacing};
                    gradnoise::FillOptions two;
                    two.threads = 2;
                    std::vector<float> got(64 * 48);
                    REQUIRE(n.fill_chunk_2d(part, got.data(), 0, two).ok());
                    for (std::size_t j = 0; j < 48; ++j) {
                        CHECK(std::memcmp(&got[j * 64], &whole[(48 * cy + j) * 128 + 64 * cx], 64 * sizeof(float)) == 0);
                    }
                }
            }
        }
    }
}

TEST_CASE("frequency 1: a chunk at 2^40 + x0 equals the chunk at x0; far chunks are as smooth as near ones") {
    for (const Noise& n : fields()) {
        for (float spacing : {1.0f, 1.0f / 64.0f}) {
            const std::int64_t x0 = 300, y0 = -41;
            Chunk2d near{x0, y0, 200, 20, spacing}, far{(std::int64_t(1) << 40) + x0, y0, 200, 20, spacing};
            std::vector<float> a = fill(n, near), b = fill(n, far);
            CHECK(testing::first_bit_difference(a, b) == -1);
        }
    }
    // 60 million world units out with a non-dyadic spacing (1/60 unit per sample): the largest
    // step between neighbouring samples is what it is near the origin; sampling the same place
    // with float coordinates (fill_grid_2d at x = 6e7) is a staircase.
    Noise fbm = chunk_noise(Fractal::fbm);
    const float spacing = 1.0f / 60.0f;
    const std::int64_t far_sample = static_cast<std::int64_t>(60000000.0 / spacing);
    Chunk2d near{0, 0, 600, 60, spacing}, far{far_sample, 0, 600, 60, spacing};
    double near_step = largest_step(fill(fbm, near), 600), far_step = largest_step(fill(fbm, far), 600);
    std::vector<float> naive(600 * 60);
    REQUIRE(fbm.fill_grid_2d({60000000.0f, 0.0f, spacing, spacing, 600, 60}, naive.data()).ok());
    std::size_t flat = 0;
    for (std::size_t i = 0; i + 1 < naive.size(); ++i) flat += ((i + 1) % 600 != 0) && naive[i] == naive[i + 1];
    double naive_step = largest_step(naive, 600);
    MESSAGE("largest neighbour step: near " << near_step << ", chunk 6e7 out " << far_step << ", naive float grid "
                                            << naive_step << " with " << flat << " flat steps of " << 599 * 60);
    CHECK(far_step <= 1.25 * near_step);
    CHECK(far_step > 0.5 * near_step);
    CHECK(flat > 599 * 60 / 2);  // float coordinates at 6e7 move in steps of 4 units: mostly flat
}

TEST_CASE("chunk parameters are checked") {
    Noise n;
    std::vector<float> out(64);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    CHECK(n.fill_chunk_2d({0, 0, 8, 8, 0.0f}, out.data()).code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(n.fill_chunk_2d({0, 0, 8, 8, nan}, out.data()).code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(std::strstr(n.fill_chunk_2d({0, 0, 8, 8, -1.0f}, out.data()).message(), "spacing") != nullptr);
    CHECK(n.fill_chunk_2d({std::numeric_limits<std::int64_t>::max() - 3, 0, 8, 8, 1.0f}, out.data()).code() ==
          gradnoise::ErrorCode::size_overflow);
    CHECK(n.fill_chunk_2d({0, 0, 8, 8, 1.0f}, nullptr).code() == gradnoise::ErrorCode::null_pointer);
    CHECK(n.fill_chunk_2d({0, 0, 0, 8, 1.0f}, nullptr).ok());
    CHECK(n.fill_chunk_3d({0, 0, 0, 4, 4, 4, 1.0f}, out.data()).ok());
    NoiseDesc warped;
    warped.warp = {1, 1.0f, 1.0f};
    Noise w;
    REQUIRE(Noise::create(warped, &w).ok());
    gradnoise::Status s = w.fill_chunk_2d({0, 0, 8, 8, 1.0f}, out.data());
    CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(std::strstr(s.message(), "warps and patterns") != nullptr);
}

// Found by fuzz/isa_differential (fuzz/regressions/isa_differential/): a spacing near FLT_MAX times
// an octave frequency above 1 overflows to infinity, and the exact reduction then converted inf to a
// 128-bit integer (undefined behaviour; garbage coordinates). Fills now refuse such a spacing,
// naming the octave rule, and the reference's octave at a non-finite step is +0 (a NaN coordinate).
TEST_CASE("a spacing whose octave steps overflow float is refused, and the reference stays defined") {
    NoiseDesc d;
    d.fractal = {gradnoise::Fractal::fbm, 4, 1.0f, 2.0f, 0.5f};
    Noise n;
    REQUIRE(Noise::create(d, &n).ok());
    std::vector<float> out(64), dx(64), dy(64);
    const float huge = 2.0e38f;  // finite; 2 * huge (octave 1) is not
    gradnoise::Status s = n.fill_chunk_2d({0, 0, 8, 8, huge}, out.data());
    CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(std::strstr(s.message(), "spacing * f_k is finite for every octave") != nullptr);
    CHECK(n.fill_chunk_3d({0, 0, 0, 4, 4, 4, huge}, out.data()).code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(n.fill_chunk_gradient_2d({0, 0, 8, 8, huge}, {out.data(), dx.data(), dy.data()}).code() ==
          gradnoise::ErrorCode::invalid_argument);
    CHECK(n.fill_chunk_2d({5, -7, 8, 8, 4.0e37f}, out.data()).ok());  // f_3 = 8: 3.2e38 is still finite
    CHECK(testing::bits(gradnoise::reference::chunk_coordinate(12345, std::numeric_limits<float>::infinity())) ==
          testing::bits(std::numeric_limits<float>::quiet_NaN()));
    // The reference's sample: octave 0 as usual, octaves 1-3 at NaN coordinates contribute +0.
    const float v = n.chunk_sample_2d(3, 4, huge);
    CHECK(std::isfinite(v));
    CHECK(std::fabs(v) <= 1.0f);
    CHECK(testing::bits(v) == testing::bits(n.chunk_sample_2d(3, 4, huge)));
    // Plain noise has one octave at step = spacing: any finite spacing is accepted.
    Noise plain;
    CHECK(plain.fill_chunk_2d({0, 0, 8, 8, std::numeric_limits<float>::max()}, out.data()).ok());
}

}  // TEST_SUITE
