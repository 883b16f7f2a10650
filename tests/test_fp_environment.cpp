// Cross-cutting, the floating-point environment: src/api/fp_environment.hpp (installed by every entry
// of src/api/entry.hpp around every kernel family), docs/spec.md section 1. The caller's environment
// (flush-to-zero, denormals-are-zero, rounding mode, unmasked exceptions) must not change a single
// bit on any ISA (each ISA's kernel table called directly, testing::IsaPath), and must be restored
// after every call.
#include <doctest/doctest.h>

#include <cfloat>
#include <cstdint>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "tables/noise_tables.hpp"
#include "test_support.hpp"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

using gradnoise::Noise;

namespace {

// A hostile environment: FTZ + DAZ (or FZ) and round toward zero. Returns false where unsupported.
struct HostileFpEnvironment {
#if defined(__SSE2__)
    unsigned saved = _mm_getcsr();
    unsigned hostile = saved | 0x8000u | 0x0040u | 0x6000u;
    HostileFpEnvironment() { _mm_setcsr(hostile); }
    ~HostileFpEnvironment() { _mm_setcsr(saved); }
    unsigned current() const { return _mm_getcsr(); }
    static constexpr bool supported = true;
#elif defined(__aarch64__)
    std::uint64_t saved = read();
    std::uint64_t hostile = saved | (1u << 24) | (3u << 22);
    HostileFpEnvironment() { asm volatile("msr fpcr, %0" : : "r"(hostile)); }
    ~HostileFpEnvironment() { asm volatile("msr fpcr, %0" : : "r"(saved)); }
    static std::uint64_t read() {
        std::uint64_t v;
        asm volatile("mrs %0, fpcr" : "=r"(v));
        return v;
    }
    std::uint64_t current() const { return read(); }
    static constexpr bool supported = true;
#else  // (WebAssembly has one environment: IEEE, round to nearest, subnormals kept)
    int hostile = 0;
    int current() const { return 0; }
    static constexpr bool supported = false;
#endif
};

testing::Points sensitive_points() {
    // Positions a subnormal distance from lattice planes: their gradients, products and lerps
    // are subnormal, which FTZ/DAZ would flush to zero.
    testing::Points p;
    const float tiny[] = {FLT_TRUE_MIN, 1e-40f, -1e-41f, 1e-39f, -FLT_MIN / 2, 0.0f};
    for (float a : tiny) {
        for (float b : tiny) {
            p.add(a, b, 0.0f);
            p.add(a, 0.5f, b);
            p.add(a, b, a);
        }
    }
    testing::Points r = testing::random_points(5000, -100.0f, 100.0f, 77);
    for (std::size_t i = 0; i < r.size(); ++i) p.add(r.x[i], r.y[i], r.z[i]);
    return p;
}

}  // namespace

TEST_SUITE("fp_environment") {

TEST_CASE("FTZ/DAZ and round-toward-zero in the caller change no bit, and are restored") {
    if (!HostileFpEnvironment::supported) {
        MESSAGE("no way to set the FP environment on this target; nothing to check");
        return;
    }
    testing::Points p = sensitive_points();
    for (const Noise& noise : {Noise(), Noise(6u, gradnoise::Fade::cubic, gradnoise::Hash::mix)}) {
        for (const testing::IsaPath& path : testing::isa_paths()) {
            const gradnoise::kernels::KernelTable* k = path.table;
            REQUIRE(k != nullptr);
            std::vector<float> ref2(p.size()), ref3(p.size()), got2(p.size()), got3(p.size()), raw3(p.size());
            REQUIRE(path.evaluate_2d(noise, p.x.data(), p.y.data(), ref2.data(), p.size()).ok());
            REQUIRE(path.evaluate_3d(noise, p.x.data(), p.y.data(), p.z.data(), ref3.data(), p.size()).ok());
            float single_ref = noise.noise3(p.x[0], p.y[0], p.z[0]);
            {
                HostileFpEnvironment hostile;
                volatile float denormal = FLT_TRUE_MIN;
                CHECK(denormal * 1.0f == 0.0f);  // the environment really is hostile
                // The kernels alone, unguarded, do see the difference (so the points are sensitive).
                k->points_3d(noise.tables(), p.x.data(), p.y.data(), p.z.data(), raw3.data(), p.size());
                REQUIRE(path.evaluate_2d(noise, p.x.data(), p.y.data(), got2.data(), p.size()).ok());
                CHECK(hostile.current() == hostile.hostile);  // restored after the call
                REQUIRE(path.evaluate_3d(noise, p.x.data(), p.y.data(), p.z.data(), got3.data(), p.size()).ok());
                CHECK(testing::bits(noise.noise3(p.x[0], p.y[0], p.z[0])) == testing::bits(single_ref));
                CHECK(hostile.current() == hostile.hostile);
            }
            INFO(testing::name(path) << " hash " << std::string(gradnoise::hash_name(noise.hash())));
            CHECK(testing::first_bit_difference(raw3, ref3) != -1);
            CHECK(testing::first_bit_difference(got2, ref2) == -1);
            CHECK(testing::first_bit_difference(got3, ref3) == -1);
        }
    }
}

}  // TEST_SUITE
