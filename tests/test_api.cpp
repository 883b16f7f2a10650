// Cross-cutting, the public C++ surface: include/gradnoise/*.hpp over src/api/noise.cpp, src/api/fills.cpp
// and src/api/dispatch.cpp (every kernel family through src/api/entry.hpp). Argument checking, ISA
// control (force_isa, reset_isa and GRADNOISE_ISA: the only tests that change the process-wide
// ISA choice), thread safety.
#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <thread>
#include <vector>

#include "api/cpu_features.hpp"
#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

using gradnoise::ErrorCode;
using gradnoise::Grid2d;
using gradnoise::Grid3d;
using gradnoise::Isa;
using gradnoise::Noise;

namespace {
bool mentions(const gradnoise::Status& s, const char* word) { return std::strstr(s.message(), word) != nullptr; }
}  // namespace

TEST_SUITE("api") {

TEST_CASE("null buffers with a non-zero count are reported; count 0 is fine") {
    Noise noise;
    float v[4] = {};
    CHECK(noise.evaluate_2d(nullptr, nullptr, nullptr, 0).ok());
    CHECK(noise.evaluate_3d(nullptr, nullptr, nullptr, nullptr, 0).ok());
    gradnoise::Status s = noise.evaluate_2d(v, nullptr, v, 4);
    CHECK(s.code() == ErrorCode::null_pointer);
    CHECK(mentions(s, "evaluate_2d"));
    CHECK(noise.evaluate_3d(v, v, nullptr, v, 1).code() == ErrorCode::null_pointer);
    CHECK(noise.evaluate_3d(v, v, v, nullptr, 1).code() == ErrorCode::null_pointer);
    CHECK(noise.fill_grid_2d(Grid2d{0, 0, 1, 1, 4, 4}, nullptr).code() == ErrorCode::null_pointer);
    CHECK(noise.fill_grid_3d(Grid3d{0, 0, 0, 1, 1, 1, 2, 2, 2}, nullptr).code() == ErrorCode::null_pointer);
    CHECK(noise.fill_grid_2d(Grid2d{0, 0, 1, 1, 0, 4}, nullptr).ok());  // empty grid
}

TEST_CASE("grid parameters outside their ranges are rejected with a message naming them") {
    Noise noise;
    std::vector<float> buf(64, 5.0f);
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();

    gradnoise::Status s = noise.fill_grid_2d(Grid2d{0, 0, 0.0f, 1, 4, 4}, buf.data());
    CHECK(s.code() == ErrorCode::invalid_argument);
    CHECK(mentions(s, "step_x"));
    CHECK(noise.fill_grid_2d(Grid2d{0, 0, 1, nan, 4, 4}, buf.data()).code() == ErrorCode::invalid_argument);
    s = noise.fill_grid_2d(Grid2d{inf, 0, 1, 1, 4, 4}, buf.data());
    CHECK(s.code() == ErrorCode::invalid_argument);
    CHECK(mentions(s, "origin"));
    CHECK(noise.fill_grid_3d(Grid3d{0, 0, 0, 1, 1, -inf, 2, 2, 2}, buf.data()).code() == ErrorCode::invalid_argument);
    CHECK(noise.fill_grid_3d(Grid3d{0, 0, nan, 1, 1, 1, 2, 2, 2}, buf.data()).code() == ErrorCode::invalid_argument);

    s = noise.fill_grid_2d(Grid2d{0, 0, 1, 1, gradnoise::max_grid_side + 1, 1}, buf.data());
    CHECK(s.code() == ErrorCode::size_overflow);
    CHECK(mentions(s, "2^24"));
    s = noise.fill_grid_2d(Grid2d{0, 0, 1, 1, 8, 2}, buf.data(), 7);
    CHECK(s.code() == ErrorCode::size_overflow);
    CHECK(mentions(s, "row_stride"));
    s = noise.fill_grid_2d(Grid2d{0, 0, 1, 1, 8, 3}, buf.data(), std::numeric_limits<std::size_t>::max() / 2);
    CHECK(s.code() == ErrorCode::size_overflow);
    s = noise.fill_grid_3d(Grid3d{0, 0, 0, 1, 1, 1, 4, 4, 2}, buf.data(), 4, 15);
    CHECK(s.code() == ErrorCode::size_overflow);
    CHECK(mentions(s, "slice_stride"));
    s = noise.fill_grid_3d(Grid3d{0, 0, 0, 1, 1, 1, 4, 4, 3}, buf.data(), 0,
                           std::numeric_limits<std::size_t>::max() / 2);
    CHECK(s.code() == ErrorCode::size_overflow);

    // Nothing was written by any rejected call.
    for (float v : buf) {
        CHECK(v == 5.0f);
    }
}

TEST_CASE("negative steps are valid and mirror the grid") {
    Noise noise;
    float fwd[16], back[16];
    REQUIRE(noise.fill_grid_2d(Grid2d{0.1f, 0.2f, 0.25f, 1, 16, 1}, fwd).ok());
    REQUIRE(noise.fill_grid_2d(Grid2d{3.85f, 0.2f, -0.25f, 1, 16, 1}, back).ok());
    for (int i = 0; i < 16; ++i) {
        CHECK(back[i] == doctest::Approx(fwd[15 - i]).epsilon(1e-5));
    }
}

TEST_CASE("ISA names, parsing and forcing") {
    for (int i = 0; i < gradnoise::isa_count; ++i) {
        Isa isa = static_cast<Isa>(i), back{};
        REQUIRE(gradnoise::parse_isa(gradnoise::isa_name(isa), &back));
        CHECK(back == isa);
    }
    Isa untouched = Isa::avx2;
    CHECK_FALSE(gradnoise::parse_isa("avx1024", &untouched));
    CHECK_FALSE(gradnoise::parse_isa(nullptr, &untouched));
    CHECK(untouched == Isa::avx2);
    CHECK(std::string(gradnoise::isa_name(static_cast<Isa>(99))) == "unknown");

    CHECK(gradnoise::isa_supported(Isa::scalar));
    CHECK(gradnoise::isa_supported(gradnoise::best_isa()));
    Isa before = gradnoise::active_isa();
#if defined(__x86_64__)
    Isa missing = Isa::neon;
#else
    Isa missing = Isa::avx2;
#endif
    gradnoise::Status s = gradnoise::force_isa(missing);
    CHECK(s.code() == ErrorCode::isa_unsupported);
    CHECK(gradnoise::active_isa() == before);  // a failed force changes nothing
    CHECK(gradnoise::force_isa(Isa::scalar).ok());
    CHECK(gradnoise::active_isa() == Isa::scalar);
    gradnoise::reset_isa();
    CHECK(gradnoise::active_isa() == gradnoise::best_isa());
}

TEST_CASE("many threads on one Noise get the single-threaded answer" * doctest::skip(!testing::have_threads)) {
    Noise noise(77u);
    testing::Points p = testing::random_points(4096, -100.0f, 100.0f, 9);
    std::vector<float> expect(p.size());
    REQUIRE(noise.evaluate_3d(p.x.data(), p.y.data(), p.z.data(), expect.data(), p.size()).ok());
    std::atomic<int> mismatches{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&] {
            std::vector<float> out(p.size());
            for (int round = 0; round < 20; ++round) {
                if (!noise.evaluate_3d(p.x.data(), p.y.data(), p.z.data(), out.data(), p.size()).ok() ||
                    testing::first_bit_difference(out, expect) != -1) {
                    ++mismatches;
                }
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(mismatches.load() == 0);
}

TEST_CASE("version") {
    CHECK(std::string(gradnoise::version_string()) == "0.24.0");
    // The build's version (CMake reads it from gradnoise/version.h) is the one the library reports.
    CHECK(std::string(gradnoise::version_string()) == GRADNOISE_PROJECT_VERSION);
}

}  // TEST_SUITE

TEST_SUITE("env_override") {

TEST_CASE("GRADNOISE_ISA forces the path, or is reported and ignored") {
    const char* env = std::getenv("GRADNOISE_ISA");
    if (env == nullptr) {
        CHECK(gradnoise::environment_isa_status().ok());
        CHECK(gradnoise::active_isa() == gradnoise::best_isa());
        return;
    }
    Isa isa{};
    Isa active = gradnoise::active_isa();  // first use: reads the environment
    if (gradnoise::parse_isa(env, &isa) && gradnoise::isa_supported(isa)) {
        MESSAGE("GRADNOISE_ISA=" << env << " -> " << testing::name(active));
        CHECK(active == isa);
        CHECK(gradnoise::environment_isa_status().ok());
        Noise noise;
        testing::Points p = testing::random_points(1000, -20.0f, 20.0f, 1);
        std::vector<float> out(p.size());
        REQUIRE(noise.evaluate_3d(p.x.data(), p.y.data(), p.z.data(), out.data(), p.size()).ok());
        for (std::size_t i = 0; i < p.size(); ++i) {
            CHECK(testing::bits(out[i]) == testing::bits(noise.noise3(p.x[i], p.y[i], p.z[i])));
        }
    } else {
        MESSAGE("GRADNOISE_ISA=" << env << " unavailable here -> " << testing::name(active));
        CHECK_FALSE(gradnoise::environment_isa_status().ok());
        CHECK(active == gradnoise::best_isa());
    }
}

}  // TEST_SUITE

TEST_SUITE("api") {

TEST_CASE("ignored_parameter: a parameter changed from the base that the rest of the field ignores") {
    using gradnoise::Basis;
    using gradnoise::Fractal;
    using gradnoise::NoiseDesc;
    using gradnoise::Pattern;
    const NoiseDesc defaults;
    CHECK_FALSE(gradnoise::ignored_parameter(defaults));
    NoiseDesc d;
    d.fractal.octaves = 3;  // without a fractal: named, with what it needs
    gradnoise::IgnoredParameter r = gradnoise::ignored_parameter(d);
    REQUIRE(r);
    CHECK(std::string(r.field) == "fractal.octaves");
    CHECK(std::string(r.needs).find("a fractal") == 0);
    d.fractal.kind = Fractal::fbm;  // now it counts
    CHECK_FALSE(gradnoise::ignored_parameter(d));
    // Against a base that has the same value (a preset's), it was not changed: nothing to refuse.
    NoiseDesc base = d;
    d.fractal.kind = Fractal::none;
    CHECK_FALSE(gradnoise::ignored_parameter(d, base));
    CHECK(gradnoise::ignored_parameter(d, defaults));
    // One case per rule: each field is named as NoiseDesc spells it.
    const std::pair<void (*)(NoiseDesc&), const char*> cases[] = {
        {[](NoiseDesc& x) { x.warp.strength = 2; }, "warp.strength"},
        {[](NoiseDesc& x) { x.pattern.frequency = 2; }, "pattern.frequency"},
        {[](NoiseDesc& x) { x.cellular.jitter = 0.5f; }, "cellular.jitter"},
        {[](NoiseDesc& x) { x.simplex.orientation2 = gradnoise::Orientation2::improve_x; }, "simplex.orientation2"},
        {[](NoiseDesc& x) { x.basis = Basis::opensimplex2; x.fade = gradnoise::Fade::cubic; }, "fade"},
        {[](NoiseDesc& x) { x.basis = Basis::cellular; x.hash = gradnoise::Hash::mix; }, "hash"},
    };
    for (const auto& c : cases) {  // (not a structured binding: clang 14 cannot capture one in doctest's lambdas)
        const std::string field = c.second;
        NoiseDesc x;
        c.first(x);
        r = gradnoise::ignored_parameter(x);
        REQUIRE_MESSAGE(r, field);
        CHECK(std::string(r.field) == field);
    }
    NoiseDesc marble;  // a pattern in effect: its strength counts
    marble.pattern.kind = Pattern::marble;
    marble.pattern.strength = 1;
    CHECK_FALSE(gradnoise::ignored_parameter(marble));
}

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
// The dispatcher reads CPUID and XGETBV itself (every compiler has them; MSVC has no
// __builtin_cpu_supports). GCC's and clang's runtime checks are an independent reading of the same CPU.
TEST_CASE("CPU features: CPUID/XGETBV agree with the compiler's __builtin_cpu_supports") {
    const gradnoise::detail::X86Features f = gradnoise::detail::x86_features();
    CHECK(f.sse2 == (__builtin_cpu_supports("sse2") != 0));
    CHECK(f.avx2 == (__builtin_cpu_supports("avx2") != 0));
    const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
                        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw") &&
                        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi");
    CHECK(f.avx512 == avx512);
    MESSAGE("sse2 " << f.sse2 << ", avx2 " << f.avx2 << ", avx512 " << f.avx512);
}
#endif

}  // TEST_SUITE
