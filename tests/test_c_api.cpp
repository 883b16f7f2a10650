// Cross-cutting, the C API: include/gradnoise/gradnoise.h over src/api/c_api.cpp (and through it every
// kernel family). Its ISA tests go through the C API's own global choice (gradnoise_force_isa),
// the behaviour under test. Every function with valid and invalid arguments returns the
// documented code and message and changes nothing on failure; results equal the C++ API bit for
// bit (which the other suites check against the spec), and binary64 reproduces Ken Perlin's own
// values through the C entry points. Suite c_api_threads: many threads at once (CI runs it under
// ThreadSanitizer too).
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gradnoise/gradnoise.h"
#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

namespace {

std::string last() { return gradnoise_last_error_message(); }

// RAII for the tests only (the C API itself has no destructors).
struct Desc {
    gradnoise_desc* p = nullptr;
    Desc() { REQUIRE(gradnoise_desc_create(&p) == GRADNOISE_OK); }
    ~Desc() { gradnoise_desc_destroy(p); }
};

struct Field {
    gradnoise_noise* p = nullptr;
    explicit Field(const gradnoise_desc* d) {
        const gradnoise_status s = gradnoise_noise_create(d, &p);
        INFO(last());
        REQUIRE(s == GRADNOISE_OK);
    }
    ~Field() { gradnoise_noise_destroy(p); }
};

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

// A descriptor set through the C setters, and the same descriptor written in C++.
struct Case {
    const char* name;
    void (*set_c)(gradnoise_desc*);
    gradnoise::NoiseDesc cpp;
};

std::vector<Case> cases() {
    std::vector<Case> v;
    v.push_back({"default", [](gradnoise_desc*) {}, {}});
    {
        gradnoise::NoiseDesc d;
        d.has_seed = true;
        d.seed = 42;
        d.fade = gradnoise::Fade::cubic;
        d.hash = gradnoise::Hash::mix;
        v.push_back({"seed 42, cubic, mix",
                     [](gradnoise_desc* c) {
                         REQUIRE(gradnoise_desc_set_seed(c, 42) == GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_fade(c, GRADNOISE_FADE_CUBIC) == GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_hash(c, GRADNOISE_HASH_MIX) == GRADNOISE_OK);
                     },
                     d});
    }
    {
        gradnoise::NoiseDesc d;
        d.fractal = {gradnoise::Fractal::fbm, 6, 0.75f, 2.0f, 0.5f};
        d.basis = gradnoise::Basis::classic;
        d.period_x = 16;
        d.period_y = 32;
        v.push_back({"classic fbm with periods",
                     [](gradnoise_desc* c) {
                         REQUIRE(gradnoise_desc_set_fractal(c, GRADNOISE_FRACTAL_FBM, 6, 0.75f, 2.0f, 0.5f) ==
                                 GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_basis(c, GRADNOISE_BASIS_CLASSIC) == GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_period(c, 16, 32, 0, 0) == GRADNOISE_OK);
                     },
                     d});
    }
    {
        gradnoise::NoiseDesc d;
        d.has_seed = true;
        d.seed = 7;
        d.basis = gradnoise::Basis::value;
        d.fractal = {gradnoise::Fractal::ridged, 4, 1.5f, 2.5f, 0.6f};
        v.push_back({"value ridged",
                     [](gradnoise_desc* c) {
                         REQUIRE(gradnoise_desc_set_seed(c, 7) == GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_basis(c, GRADNOISE_BASIS_VALUE) == GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_fractal(c, GRADNOISE_FRACTAL_RIDGED, 4, 1.5f, 2.5f, 0.6f) ==
                                 GRADNOISE_OK);
                     },
                     d});
    }
    {
        gradnoise::NoiseDesc d;
        d.has_seed = true;
        d.seed = 0xFFFFFFFFFFFFFFFFull;
        d.basis = gradnoise::Basis::opensimplex2s;
        d.simplex = {gradnoise::Orientation2::improve_x, gradnoise::Orientation3::fallback,
                     gradnoise::Orientation4::improve_xy_improve_zw};
        d.fractal = {gradnoise::Fractal::fbm, 3, 0.5f, 2.0f, 0.5f};
        v.push_back({"opensimplex2s fbm, orientations",
                     [](gradnoise_desc* c) {
                         REQUIRE(gradnoise_desc_set_seed(c, 0xFFFFFFFFFFFFFFFFull) == GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_basis(c, GRADNOISE_BASIS_OPENSIMPLEX2S) == GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_simplex(c, GRADNOISE_ORIENTATION2_IMPROVE_X,
                                                            GRADNOISE_ORIENTATION3_FALLBACK,
                                                            GRADNOISE_ORIENTATION4_IMPROVE_XY_IMPROVE_ZW) == GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_fractal(c, GRADNOISE_FRACTAL_FBM, 3, 0.5f, 2.0f, 0.5f) ==
                                 GRADNOISE_OK);
                     },
                     d});
    }
    {
        gradnoise::NoiseDesc d;
        d.has_seed = true;
        d.seed = 21;
        d.basis = gradnoise::Basis::cellular;
        d.cellular = {gradnoise::CellularDistance::manhattan, gradnoise::CellularOutput::f2_minus_f1, 0.75f};
        v.push_back({"cellular manhattan f2 - f1",
                     [](gradnoise_desc* c) {
                         REQUIRE(gradnoise_desc_set_seed(c, 21) == GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_basis(c, GRADNOISE_BASIS_CELLULAR) == GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_cellular(c, GRADNOISE_CELLULAR_MANHATTAN,
                                                             GRADNOISE_CELLULAR_F2_MINUS_F1, 0.75f) == GRADNOISE_OK);
                     },
                     d});
    }
    {
        gradnoise::NoiseDesc d;
        d.warp = {1, 0.5f, 2.0f};
        d.pattern = {gradnoise::Pattern::marble, 3.0f, 2.0f};
        d.fractal = {gradnoise::Fractal::turbulence, 3, 1.0f, 2.0f, 0.5f};
        v.push_back({"warped marble",
                     [](gradnoise_desc* c) {
                         REQUIRE(gradnoise_desc_set_warp(c, 1, 0.5f, 2.0f) == GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_pattern(c, GRADNOISE_PATTERN_MARBLE, 3.0f, 2.0f) == GRADNOISE_OK);
                         REQUIRE(gradnoise_desc_set_fractal(c, GRADNOISE_FRACTAL_TURBULENCE, 3, 1.0f, 2.0f, 0.5f) ==
                                 GRADNOISE_OK);
                     },
                     d});
    }
    return v;
}

gradnoise::Noise cpp_noise(const gradnoise::NoiseDesc& d) {
    gradnoise::Noise n;
    REQUIRE(gradnoise::Noise::create(d, &n).ok());
    return n;
}

// The C layer reports the C++ layer's code and message for the same call.
#define CHECK_REPORTS(call, cpp_status)                  \
    do {                                                 \
        const gradnoise::Status expected_ = (cpp_status); \
        CHECK((call) == static_cast<int>(expected_.code())); \
        CHECK(last() == expected_.message());            \
    } while (0)

}  // namespace

TEST_SUITE("c_api") {

TEST_CASE("status names and the per-thread message") {
    const char* names[] = {"ok", "null_pointer", "invalid_argument", "size_overflow", "isa_unsupported",
                           "cancelled", "thread_pool", "out_of_memory"};
    for (int i = 0; i < 8; ++i) {
        CHECK(std::string(gradnoise_status_name(i)) == names[i]);
        // The C numbers are the C++ ones.
        CHECK(i == static_cast<int>(static_cast<gradnoise::ErrorCode>(i)));
    }
    CHECK(std::string(gradnoise_status_name(-1)) == "unknown");
    CHECK(std::string(gradnoise_status_name(8)) == "unknown");

    // A fresh thread starts at "ok"; a failure sets the message; a success sets "ok" again.
    if (!testing::have_threads) {
        return;
    }
    std::string fresh, after_fail, after_ok;
    std::thread t([&] {
        fresh = last();
        (void)gradnoise_desc_validate(nullptr);
        after_fail = last();
        int isa = -1;
        (void)gradnoise_parse_isa("scalar", &isa);
        after_ok = last();
    });
    t.join();
    CHECK(fresh == "ok");
    CHECK(after_fail == "gradnoise_desc_validate: desc is null");
    CHECK(after_ok == "ok");
}

TEST_CASE("version") {
    CHECK(gradnoise_version() == GRADNOISE_VERSION_NUMBER);
    CHECK(std::string(gradnoise_version_string()) == "0.15.0");
    CHECK(GRADNOISE_VERSION_NUMBER == ((0u << 16) | (15u << 8) | 0u));
}

TEST_CASE("ISA queries and overrides") {
    const int best = gradnoise_best_isa();
    CHECK(gradnoise_isa_supported(best) == 1);
    CHECK(gradnoise_isa_supported(GRADNOISE_ISA_SCALAR) == 1);
    CHECK(gradnoise_isa_supported(-1) == 0);
    CHECK(gradnoise_isa_supported(GRADNOISE_ISA_COUNT) == 0);
    CHECK(gradnoise_isa_supported(1 << 30) == 0);
    const char* names[] = {"scalar", "sse2", "avx2", "avx512", "neon", "simd128"};
    static_assert(sizeof names / sizeof names[0] == GRADNOISE_ISA_COUNT);
    for (int i = 0; i < GRADNOISE_ISA_COUNT; ++i) {
        CHECK(std::string(gradnoise_isa_name(i)) == names[i]);
        CHECK(gradnoise_isa_supported(i) == (gradnoise::isa_supported(static_cast<gradnoise::Isa>(i)) ? 1 : 0));
        int parsed = -1;
        CHECK(gradnoise_parse_isa(names[i], &parsed) == GRADNOISE_OK);
        CHECK(parsed == i);
        CHECK(last() == "ok");
    }
    CHECK(std::string(gradnoise_isa_name(-1)) == "unknown");
    CHECK(std::string(gradnoise_isa_name(GRADNOISE_ISA_COUNT)) == "unknown");

    int isa = 99;
    CHECK(gradnoise_parse_isa("avx9", &isa) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last() == "gradnoise_parse_isa: name must be one of: scalar sse2 avx2 avx512 neon simd128");
    CHECK(isa == 99);
    CHECK(gradnoise_parse_isa(nullptr, &isa) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_parse_isa: name and isa must be non-null");
    CHECK(gradnoise_parse_isa("sse2", nullptr) == GRADNOISE_NULL_POINTER);

    const int before = gradnoise_active_isa();
    CHECK(gradnoise_force_isa(-1) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last() == "gradnoise_force_isa: isa must be a GRADNOISE_ISA_* value in 0..4");
    CHECK(gradnoise_force_isa(GRADNOISE_ISA_COUNT) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(gradnoise_active_isa() == before);
    for (int i = 0; i < GRADNOISE_ISA_COUNT; ++i) {
        if (gradnoise_isa_supported(i)) {
            CHECK(gradnoise_force_isa(i) == GRADNOISE_OK);
            CHECK(gradnoise_active_isa() == i);
        } else {
            CHECK_REPORTS(gradnoise_force_isa(i), gradnoise::force_isa(static_cast<gradnoise::Isa>(i)));
            CHECK(gradnoise_last_error_message() != std::string("ok"));
        }
    }
    gradnoise_reset_isa();
    CHECK(gradnoise_active_isa() == best);
}

TEST_CASE("descriptor handles: NULL, unknown enums and ranges") {
    CHECK(gradnoise_desc_create(nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_desc_create: out is null");
    gradnoise_desc_destroy(nullptr);  // ignored

    struct NullSetter {
        gradnoise_status (*call)();
        const char* message;
    };
    const NullSetter setters[] = {
        {[] { return gradnoise_desc_set_seed(nullptr, 1); }, "gradnoise_desc_set_seed: desc is null"},
        {[] { return gradnoise_desc_clear_seed(nullptr); }, "gradnoise_desc_clear_seed: desc is null"},
        {[] { return gradnoise_desc_set_fade(nullptr, 0); }, "gradnoise_desc_set_fade: desc is null"},
        {[] { return gradnoise_desc_set_hash(nullptr, 0); }, "gradnoise_desc_set_hash: desc is null"},
        {[] { return gradnoise_desc_set_basis(nullptr, 0); }, "gradnoise_desc_set_basis: desc is null"},
        {[] { return gradnoise_desc_set_simplex(nullptr, 0, 0, 0); }, "gradnoise_desc_set_simplex: desc is null"},
        {[] { return gradnoise_desc_set_cellular(nullptr, 0, 0, 1.0f); }, "gradnoise_desc_set_cellular: desc is null"},
        {[] { return gradnoise_desc_set_fractal(nullptr, 1, 6, 1.0f, 2.0f, 0.5f); },
         "gradnoise_desc_set_fractal: desc is null"},
        {[] { return gradnoise_desc_set_period(nullptr, 0, 0, 0, 0); }, "gradnoise_desc_set_period: desc is null"},
        {[] { return gradnoise_desc_set_warp(nullptr, 1, 1.0f, 1.0f); }, "gradnoise_desc_set_warp: desc is null"},
        {[] { return gradnoise_desc_set_pattern(nullptr, 1, 1.0f, 1.0f); },
         "gradnoise_desc_set_pattern: desc is null"},
        {[] { return gradnoise_desc_validate(nullptr); }, "gradnoise_desc_validate: desc is null"},
    };
    for (const NullSetter& s : setters) {
        CHECK(s.call() == GRADNOISE_NULL_POINTER);
        CHECK(last() == s.message);
    }

    Desc d;
    CHECK(gradnoise_desc_validate(d.p) == GRADNOISE_OK);
    CHECK(last() == "ok");
    for (int bad : {-1, 2, 1000}) {
        CHECK(gradnoise_desc_set_fade(d.p, bad) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() == "gradnoise_desc_set_fade: fade must be a GRADNOISE_FADE_* value in 0..1 (quintic, cubic)");
        CHECK(gradnoise_desc_set_hash(d.p, bad) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() ==
              "gradnoise_desc_set_hash: hash must be a GRADNOISE_HASH_* value in 0..1 (permutation, mix)");
    }
    for (int bad : {-1, 7}) {
        CHECK(gradnoise_desc_set_basis(d.p, bad) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() ==
              "gradnoise_desc_set_basis: basis must be a GRADNOISE_BASIS_* value in 0..6 (perlin, classic, value, "
              "isotropic, opensimplex2, opensimplex2s, cellular)");
        CHECK(gradnoise_desc_set_simplex(d.p, 0, bad, 0) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() == "gradnoise_desc_set_simplex: orientation3 must be a GRADNOISE_ORIENTATION3_* value in 0..2 (improve_xy, improve_xz, "
              "fallback)");
        CHECK(gradnoise_desc_set_cellular(d.p, bad, 0, 1.0f) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() ==
              "gradnoise_desc_set_cellular: distance must be a GRADNOISE_CELLULAR_* value in 0..3 (euclidean, "
              "euclidean_squared, manhattan, chebyshev)");
    }
    for (int bad : {-1, 3}) {
        CHECK(gradnoise_desc_set_pattern(d.p, bad, 1.0f, 1.0f) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() ==
              "gradnoise_desc_set_pattern: kind must be a GRADNOISE_PATTERN_* value in 0..2 (none, marble, wood)");
    }
    for (int bad : {-1, 6}) {
        CHECK(gradnoise_desc_set_fractal(d.p, bad, 6, 1.0f, 2.0f, 0.5f) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() ==
              "gradnoise_desc_set_fractal: kind must be a GRADNOISE_FRACTAL_* value in 0..5 (none, fbm, turbulence, "
              "ridged, billow, damped)");
    }
    // Rejected setters changed nothing: the field is still Perlin's reference noise.
    {
        Field f(d.p);
        float v = 0.0f;
        CHECK(gradnoise_noise3(f.p, 0.5f, 0.25f, 0.125f, &v) == GRADNOISE_OK);
        CHECK(testing::bits(v) == testing::bits(gradnoise::Noise().noise3(0.5f, 0.25f, 0.125f)));
        CHECK(gradnoise::Noise().noise3(0.5f, 0.25f, 0.125f) != 0.0f);
    }

    // Ranges are checked as a whole: the C layer reports NoiseDesc's own messages.
    struct RangeCase {
        void (*set)(gradnoise_desc*);
        const char* message;
    };
    const RangeCase ranges[] = {
        {[](gradnoise_desc* p) {
             (void)gradnoise_desc_set_basis(p, GRADNOISE_BASIS_CELLULAR);
             (void)gradnoise_desc_set_cellular(p, GRADNOISE_CELLULAR_EUCLIDEAN, GRADNOISE_CELLULAR_F1, 1.5f);
         },
         "NoiseDesc: cellular.jitter must be in [0, 1]"},
        {[](gradnoise_desc* p) {
             (void)gradnoise_desc_set_basis(p, GRADNOISE_BASIS_OPENSIMPLEX2);
             (void)gradnoise_desc_set_period(p, 8, 8, 0, 0);
         },
         "NoiseDesc: period_x must be 0 or three times a power of two in 3..768 for the simplex families (their "
         "tiling lattice repeats every 3 units)"},
        {[](gradnoise_desc* p) { (void)gradnoise_desc_set_fractal(p, GRADNOISE_FRACTAL_FBM, 0, 1.0f, 2.0f, 0.5f); },
         "NoiseDesc: fractal.octaves must be in 1..32"},
        {[](gradnoise_desc* p) { (void)gradnoise_desc_set_fractal(p, GRADNOISE_FRACTAL_FBM, 33, 1.0f, 2.0f, 0.5f); },
         "NoiseDesc: fractal.octaves must be in 1..32"},
        {[](gradnoise_desc* p) { (void)gradnoise_desc_set_fractal(p, GRADNOISE_FRACTAL_FBM, 6, NAN, 2.0f, 0.5f); },
         "NoiseDesc: fractal.frequency must be finite and > 0"},
        {[](gradnoise_desc* p) { (void)gradnoise_desc_set_fractal(p, GRADNOISE_FRACTAL_FBM, 6, 1.0f, -2.0f, 0.5f); },
         "NoiseDesc: fractal.lacunarity must be finite and > 0"},
        {[](gradnoise_desc* p) { (void)gradnoise_desc_set_fractal(p, GRADNOISE_FRACTAL_FBM, 6, 1.0f, 2.0f, 9.0f); },
         "NoiseDesc: fractal.persistence must be in (0, 8]"},
        {[](gradnoise_desc* p) { (void)gradnoise_desc_set_period(p, 3, 0, 0, 0); },
         "NoiseDesc: period_x must be 0 or a power of two in 1..256 for the lattice bases and cellular noise"},
        {[](gradnoise_desc* p) { (void)gradnoise_desc_set_period(p, 0, 0, 0, 512); },
         "NoiseDesc: period_w must be 0 (none), a power of two in 1..256 (the lattice bases, cellular) or three "
         "times one in 3..768 (the simplex families)"},
        {[](gradnoise_desc* p) { (void)gradnoise_desc_set_warp(p, 3, 1.0f, 1.0f); },
         "NoiseDesc: warp.levels must be 0, 1 or 2"},
        {[](gradnoise_desc* p) { (void)gradnoise_desc_set_warp(p, 1, INFINITY, 1.0f); },
         "NoiseDesc: warp.strength must be finite"},
        {[](gradnoise_desc* p) { (void)gradnoise_desc_set_pattern(p, GRADNOISE_PATTERN_WOOD, 0.0f, 1.0f); },
         "NoiseDesc: pattern.frequency must be finite and > 0"},
    };
    for (const RangeCase& r : ranges) {
        Desc bad;
        r.set(bad.p);
        CHECK(gradnoise_desc_validate(bad.p) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() == r.message);
        gradnoise_noise* n = reinterpret_cast<gradnoise_noise*>(&bad);  // must be overwritten with NULL
        CHECK(gradnoise_noise_create(bad.p, &n) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() == r.message);
        CHECK(n == nullptr);
    }
    // The tie between fields: setters in either order, one verdict at validation.
    {
        Desc a;
        REQUIRE(gradnoise_desc_set_period(a.p, 8, 8, 0, 0) == GRADNOISE_OK);
        REQUIRE(gradnoise_desc_set_fractal(a.p, GRADNOISE_FRACTAL_FBM, 4, 1.0f, 3.0f, 0.5f) == GRADNOISE_OK);
        CHECK(gradnoise_desc_validate(a.p) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() == "NoiseDesc: fractal.lacunarity must be a power of two in 1..256 when a period is set");
        // Beyond int's range (a fuzzer's find: the check once converted it to int first).
        for (float lacunarity : {1.87948e18f, 512.0f, 0.5f}) {
            REQUIRE(gradnoise_desc_set_fractal(a.p, GRADNOISE_FRACTAL_FBM, 4, 1.0f, lacunarity, 0.5f) == GRADNOISE_OK);
            CHECK(gradnoise_desc_validate(a.p) == GRADNOISE_INVALID_ARGUMENT);
            CHECK(last() == "NoiseDesc: fractal.lacunarity must be a power of two in 1..256 when a period is set");
        }
        REQUIRE(gradnoise_desc_set_fractal(a.p, GRADNOISE_FRACTAL_FBM, 4, 1.0f, 2.0f, 0.5f) == GRADNOISE_OK);
        CHECK(gradnoise_desc_validate(a.p) == GRADNOISE_OK);
    }
    // clear_seed goes back to Perlin's table.
    {
        Desc s;
        REQUIRE(gradnoise_desc_set_seed(s.p, 99) == GRADNOISE_OK);
        REQUIRE(gradnoise_desc_clear_seed(s.p) == GRADNOISE_OK);
        Field f(s.p);
        float v = 0.0f;
        REQUIRE(gradnoise_noise2(f.p, 3.7f, -1.2f, &v) == GRADNOISE_OK);
        CHECK(testing::bits(v) == testing::bits(gradnoise::Noise().noise2(3.7f, -1.2f)));
    }
}

TEST_CASE("noise handles: create, NULL, destroy") {
    Desc d;
    gradnoise_noise* n = nullptr;
    CHECK(gradnoise_noise_create(d.p, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_noise_create: out is null");
    n = reinterpret_cast<gradnoise_noise*>(&d);
    CHECK(gradnoise_noise_create(nullptr, &n) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_noise_create: desc is null");
    CHECK(n == nullptr);
    CHECK(gradnoise_noise_create(d.p, &n) == GRADNOISE_OK);
    CHECK(last() == "ok");
    REQUIRE(n != nullptr);
    // The noise is independent of its descriptor afterwards.
    REQUIRE(gradnoise_desc_set_fade(d.p, GRADNOISE_FADE_CUBIC) == GRADNOISE_OK);
    gradnoise_desc_destroy(d.p);
    d.p = nullptr;
    float v = 0.0f;
    CHECK(gradnoise_noise3(n, 1.25f, 2.5f, 3.75f, &v) == GRADNOISE_OK);
    CHECK(testing::bits(v) == testing::bits(gradnoise::Noise().noise3(1.25f, 2.5f, 3.75f)));
    gradnoise_noise_destroy(n);
    gradnoise_noise_destroy(nullptr);  // ignored

    float out = 123.0f;
    CHECK(gradnoise_noise2(nullptr, 0.5f, 0.5f, &out) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_noise2: noise and out must be non-null");
    CHECK(gradnoise_noise3(nullptr, 0.5f, 0.5f, 0.5f, &out) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_noise3: noise and out must be non-null");
    CHECK(gradnoise_noise4(nullptr, 0.5f, 0.5f, 0.5f, 0.5f, &out) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_noise4: noise and out must be non-null");
    CHECK(out == 123.0f);
    Desc d2;
    Field f(d2.p);
    CHECK(gradnoise_noise2(f.p, 0.5f, 0.5f, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(gradnoise_noise3(f.p, 0.5f, 0.5f, 0.5f, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(gradnoise_noise4(f.p, 0.5f, 0.5f, 0.5f, 0.5f, nullptr) == GRADNOISE_NULL_POINTER);
}

TEST_CASE("points: the C entry points equal the C++ API bit for bit on every ISA") {
    const testing::Points p = testing::random_points(1003, -300.0f, 300.0f, 0xC0FFEE);
    const std::vector<float> w = testing::w_of(p);
    const std::size_t n = p.size();
    for (const Case& c : cases()) {
        CAPTURE(c.name);
        Desc d;
        c.set_c(d.p);
        Field f(d.p);
        const gradnoise::Noise ref = cpp_noise(c.cpp);
        for (gradnoise::Isa isa : testing::supported_isas()) {
            CAPTURE(testing::name(isa));
            REQUIRE(gradnoise_force_isa(static_cast<int>(isa)) == GRADNOISE_OK);
            std::vector<float> a(n), b(n);
            CHECK(gradnoise_evaluate_2d(f.p, p.x.data(), p.y.data(), a.data(), n) == GRADNOISE_OK);
            CHECK(last() == "ok");
            REQUIRE(ref.evaluate_2d(p.x.data(), p.y.data(), b.data(), n).ok());
            CHECK(same_bits(a, b));
            CHECK(gradnoise_evaluate_3d(f.p, p.x.data(), p.y.data(), p.z.data(), a.data(), n) == GRADNOISE_OK);
            REQUIRE(ref.evaluate_3d(p.x.data(), p.y.data(), p.z.data(), b.data(), n).ok());
            CHECK(same_bits(a, b));
            if (c.cpp.basis == gradnoise::Basis::cellular) {  // 2D and 3D only
                CHECK(gradnoise_evaluate_4d(f.p, p.x.data(), p.y.data(), p.z.data(), w.data(), a.data(), n) ==
                      GRADNOISE_INVALID_ARGUMENT);
                CHECK(last() == "evaluate_4d: cellular noise is 2D and 3D only");
                continue;
            }
            CHECK(gradnoise_evaluate_4d(f.p, p.x.data(), p.y.data(), p.z.data(), w.data(), a.data(), n) ==
                  GRADNOISE_OK);
            REQUIRE(ref.evaluate_4d(p.x.data(), p.y.data(), p.z.data(), w.data(), b.data(), n).ok());
            CHECK(same_bits(a, b));
        }
        gradnoise_reset_isa();
        // Single points through the reference path.
        for (std::size_t i = 0; i < 50; ++i) {
            float v2 = 0, v3 = 0, v4 = 0;
            REQUIRE(gradnoise_noise2(f.p, p.x[i], p.y[i], &v2) == GRADNOISE_OK);
            REQUIRE(gradnoise_noise3(f.p, p.x[i], p.y[i], p.z[i], &v3) == GRADNOISE_OK);
            REQUIRE(gradnoise_noise4(f.p, p.x[i], p.y[i], p.z[i], w[i], &v4) == GRADNOISE_OK);
            if (c.cpp.basis == gradnoise::Basis::cellular) {
                CHECK(std::isnan(v4));
                v4 = ref.noise4(p.x[i], p.y[i], p.z[i], w[i]);
            }
            CHECK(testing::bits(v2) == testing::bits(ref.noise2(p.x[i], p.y[i])));
            CHECK(testing::bits(v3) == testing::bits(ref.noise3(p.x[i], p.y[i], p.z[i])));
            CHECK(testing::bits(v4) == testing::bits(ref.noise4(p.x[i], p.y[i], p.z[i], w[i])));
        }
    }
}

TEST_CASE("gradients and curl: the C entry points equal the C++ API bit for bit") {
    const testing::Points p = testing::random_points(517, -300.0f, 300.0f, 0xC0FFEF);
    const std::vector<float> w = testing::w_of(p);
    const std::size_t n = p.size();
    for (const Case& c : cases()) {
        CAPTURE(c.name);
        Desc d;
        c.set_c(d.p);
        Field f(d.p);
        const gradnoise::Noise ref = cpp_noise(c.cpp);
        const bool cellular = c.cpp.basis == gradnoise::Basis::cellular;
        if (c.cpp.pattern.kind != gradnoise::Pattern::none) {  // patterns have no gradient
            float x = 1, y = 2, out[3];
            const gradnoise_gradient_out o{out, out + 1, out + 2, nullptr, nullptr};
            CHECK(gradnoise_evaluate_gradient_2d(f.p, &x, &y, &o, 1) == GRADNOISE_INVALID_ARGUMENT);
            continue;
        }
        std::vector<std::vector<float>> a(5, std::vector<float>(n)), b(5, std::vector<float>(n));
        const gradnoise_gradient_out ca{a[0].data(), a[1].data(), a[2].data(), a[3].data(), a[4].data()};
        const gradnoise::GradientOut cb{b[0].data(), b[1].data(), b[2].data(), b[3].data(), b[4].data()};
        for (int dims = 2; dims <= 4; ++dims) {
            CAPTURE(dims);
            gradnoise_status s = dims == 2 ? gradnoise_evaluate_gradient_2d(f.p, p.x.data(), p.y.data(), &ca, n)
                                 : dims == 3
                                     ? gradnoise_evaluate_gradient_3d(f.p, p.x.data(), p.y.data(), p.z.data(), &ca, n)
                                     : gradnoise_evaluate_gradient_4d(f.p, p.x.data(), p.y.data(), p.z.data(), w.data(),
                                                                      &ca, n);
            if (dims == 4 && cellular) {
                CHECK(s == GRADNOISE_INVALID_ARGUMENT);
                float one[5];
                CHECK(gradnoise_gradient4(f.p, 1, 2, 3, 4, one) == GRADNOISE_INVALID_ARGUMENT);
                continue;
            }
            REQUIRE(s == GRADNOISE_OK);
            gradnoise::Status r = dims == 2 ? ref.evaluate_gradient_2d(p.x.data(), p.y.data(), cb, n)
                                  : dims == 3 ? ref.evaluate_gradient_3d(p.x.data(), p.y.data(), p.z.data(), cb, n)
                                              : ref.evaluate_gradient_4d(p.x.data(), p.y.data(), p.z.data(), w.data(), cb, n);
            REQUIRE(r.ok());
            for (int plane = 0; plane <= dims; ++plane) {
                CHECK(same_bits(a[plane], b[plane]));
            }
            float one[5];
            const float q[4] = {p.x[3], p.y[3], p.z[3], w[3]};
            REQUIRE((dims == 2 ? gradnoise_gradient2(f.p, q[0], q[1], one)
                     : dims == 3 ? gradnoise_gradient3(f.p, q[0], q[1], q[2], one)
                                 : gradnoise_gradient4(f.p, q[0], q[1], q[2], q[3], one)) == GRADNOISE_OK);
            for (int plane = 0; plane <= dims; ++plane) {
                CHECK(testing::bits(one[plane]) == testing::bits(b[plane][3]));
            }
        }
        // Grids and chunks.
        const gradnoise_grid_2d grid{-3.5f, 2.25f, 0.5f, 0.75f, 19, 7};
        const gradnoise::Grid2d cgrid{-3.5f, 2.25f, 0.5f, 0.75f, 19, 7};
        REQUIRE(gradnoise_fill_grid_gradient_2d(f.p, &grid, &ca, 0, nullptr) == GRADNOISE_OK);
        REQUIRE(ref.fill_grid_gradient_2d(cgrid, cb).ok());
        for (int plane = 0; plane < 3; ++plane) {
            CHECK(std::memcmp(a[plane].data(), b[plane].data(), 19 * 7 * sizeof(float)) == 0);
        }
        const gradnoise_chunk_2d chunk{1000000007LL, -5, 21, 4, 0.125f, 0};
        const gradnoise::Chunk2d cchunk{1000000007LL, -5, 21, 4, 0.125f};
        const bool chunkable = c.cpp.warp.levels == 0 && c.cpp.pattern.kind == gradnoise::Pattern::none;
        const gradnoise_status cs = gradnoise_fill_chunk_gradient_2d(f.p, &chunk, &ca, 0, nullptr);
        CHECK(cs == (chunkable ? GRADNOISE_OK : GRADNOISE_INVALID_ARGUMENT));
        if (cs == GRADNOISE_OK) {
            REQUIRE(ref.fill_chunk_gradient_2d(cchunk, cb).ok());
            for (int plane = 0; plane < 3; ++plane) {
                CHECK(std::memcmp(a[plane].data(), b[plane].data(), 21 * 4 * sizeof(float)) == 0);
            }
        }
        // Curl.
        REQUIRE(gradnoise_evaluate_curl_2d(f.p, p.x.data(), p.y.data(), a[0].data(), a[1].data(), n) == GRADNOISE_OK);
        REQUIRE(ref.evaluate_curl_2d(p.x.data(), p.y.data(), b[0].data(), b[1].data(), n).ok());
        CHECK(same_bits(a[0], b[0]));
        CHECK(same_bits(a[1], b[1]));
    }
    // Patterns have no gradient; NULL planes are named.
    Desc d;
    REQUIRE(gradnoise_desc_set_pattern(d.p, GRADNOISE_PATTERN_WOOD, 1.0f, 0.2f) == GRADNOISE_OK);
    Field f(d.p);
    float x = 1, y = 2, out[3];
    const gradnoise_gradient_out o{out, out + 1, out + 2, nullptr, nullptr};
    CHECK(gradnoise_evaluate_gradient_2d(f.p, &x, &y, &o, 1) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last().find("pattern") != std::string::npos);
    CHECK(gradnoise_gradient2(f.p, 1, 2, out) == GRADNOISE_INVALID_ARGUMENT);
    Desc plain;
    Field g(plain.p);
    const gradnoise_gradient_out missing{out, nullptr, out + 2, nullptr, nullptr};
    CHECK(gradnoise_evaluate_gradient_2d(g.p, &x, &y, &missing, 1) == GRADNOISE_NULL_POINTER);
    CHECK(gradnoise_evaluate_gradient_2d(g.p, &x, &y, nullptr, 1) == GRADNOISE_NULL_POINTER);
    CHECK(gradnoise_desc_set_fractal(plain.p, GRADNOISE_FRACTAL_DAMPED, 6, 1.0f, 2.0f, 0.5f) == GRADNOISE_OK);
    CHECK(gradnoise_desc_set_fractal(plain.p, 6, 6, 1.0f, 2.0f, 0.5f) == GRADNOISE_INVALID_ARGUMENT);
}

TEST_CASE("points: NULL handles and arrays") {
    Desc d;
    Field f(d.p);
    float x[4] = {0.1f, 0.2f, 0.3f, 0.4f};
    double xd[4] = {0.1, 0.2, 0.3, 0.4};
    std::vector<float> out(4, 7.0f);
    std::vector<double> outd(4, 7.0);
    CHECK(gradnoise_evaluate_2d(nullptr, x, x, out.data(), 4) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_evaluate_2d: noise is null");
    CHECK(gradnoise_evaluate_3d(nullptr, x, x, x, out.data(), 4) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_evaluate_3d: noise is null");
    CHECK(gradnoise_evaluate_4d(nullptr, x, x, x, x, out.data(), 4) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_evaluate_4d: noise is null");
    CHECK(gradnoise_evaluate_2d_f64(nullptr, xd, xd, outd.data(), 4) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_evaluate_2d_f64: noise is null");
    CHECK(gradnoise_evaluate_3d_f64(nullptr, xd, xd, xd, outd.data(), 4) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_evaluate_3d_f64: noise is null");
    const gradnoise::Noise ref;
    CHECK_REPORTS(gradnoise_evaluate_2d(f.p, x, nullptr, out.data(), 4), ref.evaluate_2d(x, nullptr, out.data(), 4));
    CHECK_REPORTS(gradnoise_evaluate_3d(f.p, x, x, nullptr, out.data(), 4),
                  ref.evaluate_3d(x, x, nullptr, out.data(), 4));
    CHECK_REPORTS(gradnoise_evaluate_4d(f.p, x, x, x, nullptr, out.data(), 4),
                  ref.evaluate_4d(x, x, x, nullptr, out.data(), 4));
    CHECK_REPORTS(gradnoise_evaluate_2d(f.p, x, x, nullptr, 4), ref.evaluate_2d(x, x, nullptr, 4));
    CHECK_REPORTS(gradnoise_evaluate_2d_f64(f.p, xd, nullptr, outd.data(), 4),
                  ref.evaluate_2d_f64(xd, nullptr, outd.data(), 4));
    CHECK_REPORTS(gradnoise_evaluate_3d_f64(f.p, xd, xd, xd, nullptr, 4), ref.evaluate_3d_f64(xd, xd, xd, nullptr, 4));
    CHECK(gradnoise_last_error_message() != std::string("ok"));
    CHECK(out == std::vector<float>(4, 7.0f));
    CHECK(outd == std::vector<double>(4, 7.0));
    // Zero points need no arrays.
    CHECK(gradnoise_evaluate_2d(f.p, nullptr, nullptr, nullptr, 0) == GRADNOISE_OK);
    CHECK(gradnoise_evaluate_4d(f.p, nullptr, nullptr, nullptr, nullptr, nullptr, 0) == GRADNOISE_OK);
    CHECK(gradnoise_evaluate_3d_f64(f.p, nullptr, nullptr, nullptr, nullptr, 0) == GRADNOISE_OK);
}

TEST_CASE("binary64: Ken Perlin's values through the C API, and the descriptors it covers") {
    std::vector<double> x, y, z, expect;
    for (const testing::PerlinSample& s : testing::perlin_samples()) {
        x.push_back(s.x);
        y.push_back(s.y);
        z.push_back(s.z);
        expect.push_back(s.value);
    }
    REQUIRE(x.size() == 150);
    Desc d;
    Field f(d.p);
    for (gradnoise::Isa isa : testing::supported_isas()) {
        CAPTURE(testing::name(isa));
        REQUIRE(gradnoise_force_isa(static_cast<int>(isa)) == GRADNOISE_OK);
        std::vector<double> out(x.size());
        CHECK(gradnoise_evaluate_3d_f64(f.p, x.data(), y.data(), z.data(), out.data(), x.size()) == GRADNOISE_OK);
        CHECK(same_bits(out, expect));
        std::vector<double> out2(x.size()), ref2(x.size());
        CHECK(gradnoise_evaluate_2d_f64(f.p, x.data(), y.data(), out2.data(), x.size()) == GRADNOISE_OK);
        REQUIRE(gradnoise::Noise().evaluate_2d_f64(x.data(), y.data(), ref2.data(), x.size()).ok());
        CHECK(same_bits(out2, ref2));
    }
    gradnoise_reset_isa();
    // Outside binary64's coverage: the C++ layer's invalid_argument and message.
    Desc mix;
    REQUIRE(gradnoise_desc_set_hash(mix.p, GRADNOISE_HASH_MIX) == GRADNOISE_OK);
    Field fm(mix.p);
    gradnoise::NoiseDesc cd;
    cd.hash = gradnoise::Hash::mix;
    const gradnoise::Noise ref = cpp_noise(cd);
    std::vector<double> out(3, 5.0);
    CHECK_REPORTS(gradnoise_evaluate_3d_f64(fm.p, x.data(), y.data(), z.data(), out.data(), 3),
                  ref.evaluate_3d_f64(x.data(), y.data(), z.data(), out.data(), 3));
    CHECK(gradnoise_evaluate_2d_f64(fm.p, x.data(), y.data(), out.data(), 3) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(out == std::vector<double>(3, 5.0));
}

TEST_CASE("grids: equal to the C++ API; every invalid argument") {
    for (const Case& c : cases()) {
        CAPTURE(c.name);
        Desc d;
        c.set_c(d.p);
        Field f(d.p);
        const gradnoise::Noise ref = cpp_noise(c.cpp);
        const gradnoise_grid_2d g2{-3.25f, 100.5f, 0.037f, -0.051f, 77, 41};
        std::vector<float> a(80 * 41, -9.0f), b(80 * 41, -9.0f);
        CHECK(gradnoise_fill_grid_2d(f.p, &g2, a.data(), 80, nullptr) == GRADNOISE_OK);
        REQUIRE(ref.fill_grid_2d({-3.25f, 100.5f, 0.037f, -0.051f, 77, 41}, b.data(), 80).ok());
        CHECK(same_bits(a, b));
        const gradnoise_grid_3d g3{0.5f, -7.0f, 1e4f, 0.11f, 0.13f, -0.17f, 19, 9, 5};
        std::vector<float> a3(19 * 9 * 5), b3(19 * 9 * 5);
        CHECK(gradnoise_fill_grid_3d(f.p, &g3, a3.data(), 0, 0, nullptr) == GRADNOISE_OK);
        REQUIRE(ref.fill_grid_3d({0.5f, -7.0f, 1e4f, 0.11f, 0.13f, -0.17f, 19, 9, 5}, b3.data()).ok());
        CHECK(same_bits(a3, b3));
    }

    Desc d;
    Field f(d.p);
    const gradnoise::Noise ref;
    std::vector<float> out(64, 3.0f);
    const gradnoise_grid_2d g2{0.0f, 0.0f, 0.1f, 0.1f, 8, 8};
    const gradnoise_grid_3d g3{0.0f, 0.0f, 0.0f, 0.1f, 0.1f, 0.1f, 4, 4, 4};
    CHECK(gradnoise_fill_grid_2d(nullptr, &g2, out.data(), 0, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_fill_grid_2d: noise and grid must be non-null");
    CHECK(gradnoise_fill_grid_2d(f.p, nullptr, out.data(), 0, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(gradnoise_fill_grid_3d(nullptr, &g3, out.data(), 0, 0, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_fill_grid_3d: noise and grid must be non-null");
    CHECK(gradnoise_fill_grid_3d(f.p, nullptr, out.data(), 0, 0, nullptr) == GRADNOISE_NULL_POINTER);

    struct Bad2 {
        gradnoise_grid_2d g;
        std::size_t stride;
        bool null_out;
    };
    const Bad2 bad2[] = {
        {{0, 0, 0.1f, 0.1f, 8, 8}, 0, true},                 // null out
        {{NAN, 0, 0.1f, 0.1f, 8, 8}, 0, false},              // origin
        {{0, INFINITY, 0.1f, 0.1f, 8, 8}, 0, false},         // origin
        {{0, 0, 0.0f, 0.1f, 8, 8}, 0, false},                // step
        {{0, 0, 0.1f, NAN, 8, 8}, 0, false},                 // step
        {{0, 0, 0.1f, 0.1f, (1u << 24) + 1, 1}, 0, false},   // side
        {{0, 0, 0.1f, 0.1f, 8, 8}, 7, false},                // stride < size_x
        {{0, 0, 0.1f, 0.1f, 8, 3}, SIZE_MAX / 2, false},     // extent overflows
    };
    for (const Bad2& b : bad2) {
        float* o = b.null_out ? nullptr : out.data();
        const gradnoise::Grid2d cg{b.g.origin_x, b.g.origin_y, b.g.step_x, b.g.step_y, b.g.size_x, b.g.size_y};
        CHECK_REPORTS(gradnoise_fill_grid_2d(f.p, &b.g, o, b.stride, nullptr), ref.fill_grid_2d(cg, o, b.stride));
        CHECK(gradnoise_last_error_message() != std::string("ok"));
    }
    struct Bad3 {
        gradnoise_grid_3d g;
        std::size_t row, slice;
    };
    const Bad3 bad3[] = {
        {{0, 0, NAN, 0.1f, 0.1f, 0.1f, 4, 4, 4}, 0, 0},
        {{0, 0, 0, 0.1f, 0.1f, -INFINITY, 4, 4, 4}, 0, 0},
        {{0, 0, 0, 0.1f, 0.1f, 0.1f, 4, 4, (1u << 24) + 1}, 0, 0},
        {{0, 0, 0, 0.1f, 0.1f, 0.1f, 4, 4, 4}, 4, 15},  // slice stride < 4 rows
    };
    for (const Bad3& b : bad3) {
        const gradnoise::Grid3d cg{b.g.origin_x, b.g.origin_y, b.g.origin_z, b.g.step_x, b.g.step_y,
                                   b.g.step_z,   b.g.size_x,   b.g.size_y,   b.g.size_z};
        CHECK_REPORTS(gradnoise_fill_grid_3d(f.p, &b.g, out.data(), b.row, b.slice, nullptr),
                      ref.fill_grid_3d(cg, out.data(), b.row, b.slice));
        CHECK(gradnoise_last_error_message() != std::string("ok"));
    }
    CHECK(out == std::vector<float>(64, 3.0f));  // nothing written by any rejected call
}

namespace {
struct ProgressLog {
    std::size_t calls = 0, last_done = 0, total = 0, stop_after = 0;
    bool monotonic = true;
};
int log_progress(void* user, size_t done, size_t total) {
    ProgressLog* log = static_cast<ProgressLog*>(user);
    log->monotonic = log->monotonic && done >= log->last_done;
    log->last_done = done;
    log->total = total;
    ++log->calls;
    return log->stop_after == 0 || log->calls < log->stop_after ? 1 : 0;
}
}  // namespace

TEST_CASE("fill options: threads, progress, cancel") {
    Desc d;
    REQUIRE(gradnoise_desc_set_fractal(d.p, GRADNOISE_FRACTAL_FBM, 5, 1.0f, 2.0f, 0.5f) == GRADNOISE_OK);
    Field f(d.p);
    const gradnoise_grid_2d g{1.0f, 2.0f, 0.01f, 0.01f, 300, 2000};
    std::vector<float> one(300 * 2000);
    gradnoise_fill_options zero{};  // zero-initialised = the calling thread
    REQUIRE(gradnoise_fill_grid_2d(f.p, &g, one.data(), 0, &zero) == GRADNOISE_OK);
    for (unsigned threads : {1u, 2u, 3u, 64u, GRADNOISE_ALL_THREADS}) {
        CAPTURE(threads);
        std::vector<float> many(one.size(), -1.0f);
        ProgressLog log;
        gradnoise_fill_options o{threads, log_progress, &log};
        CHECK(gradnoise_fill_grid_2d(f.p, &g, many.data(), 0, &o) == GRADNOISE_OK);
        CHECK(same_bits(one, many));
        CHECK(log.calls > 0);
        CHECK(log.monotonic);
        CHECK(log.last_done == 2000);
        CHECK(log.total == 2000);
    }
    gradnoise_fill_options too_many{2000u, nullptr, nullptr};
    std::vector<float> untouched(one.size(), 4.0f);
    CHECK(gradnoise_fill_grid_2d(f.p, &g, untouched.data(), 0, &too_many) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last() == "fill_grid_2d: options.threads must be at most 1024");
    CHECK(untouched == std::vector<float>(one.size(), 4.0f));

    // Cancel after the first block: CANCELLED, and the rows reported done are complete.
    ProgressLog stop;
    stop.stop_after = 1;
    gradnoise_fill_options o{1, log_progress, &stop};
    std::vector<float> part(one.size(), 4.0f);
    CHECK(gradnoise_fill_grid_2d(f.p, &g, part.data(), 0, &o) == GRADNOISE_CANCELLED);
    CHECK(last().find("stopped by the progress callback") != std::string::npos);
    REQUIRE(stop.last_done > 0);
    REQUIRE(stop.last_done < 2000);
    CHECK(std::memcmp(part.data(), one.data(), stop.last_done * 300 * sizeof(float)) == 0);
    CHECK(part.back() == 4.0f);
    // 3D fills take the options too.
    const gradnoise_grid_3d g3{0, 0, 0, 0.05f, 0.05f, 0.05f, 40, 30, 20};
    std::vector<float> a(40 * 30 * 20), b(40 * 30 * 20);
    gradnoise_fill_options two{2, nullptr, nullptr};
    CHECK(gradnoise_fill_grid_3d(f.p, &g3, a.data(), 0, 0, nullptr) == GRADNOISE_OK);
    CHECK(gradnoise_fill_grid_3d(f.p, &g3, b.data(), 0, 0, &two) == GRADNOISE_OK);
    CHECK(same_bits(a, b));
}

TEST_CASE("chunks: equal to the C++ API and to per-sample evaluation; every invalid argument") {
    for (const Case& c : cases()) {
        if (std::string(c.name) == "warped marble") continue;  // chunks reject warps/patterns (below)
        CAPTURE(c.name);
        Desc d;
        c.set_c(d.p);
        Field f(d.p);
        const gradnoise::Noise ref = cpp_noise(c.cpp);
        const std::int64_t far = std::int64_t(1) << 40;
        const gradnoise_chunk_2d c2{far + 5, -far, 70, 33, 1.0f / 64.0f, 0};
        std::vector<float> a(70 * 33), b(70 * 33);
        CHECK(gradnoise_fill_chunk_2d(f.p, &c2, a.data(), 0, nullptr) == GRADNOISE_OK);
        REQUIRE(ref.fill_chunk_2d({far + 5, -far, 70, 33, 1.0f / 64.0f}, b.data()).ok());
        CHECK(same_bits(a, b));
        for (std::size_t j = 0; j < 33; j += 8) {
            for (std::size_t i = 0; i < 70; i += 9) {
                float v = 0.0f;
                REQUIRE(gradnoise_chunk_sample_2d(f.p, far + 5 + std::int64_t(i), -far + std::int64_t(j),
                                                  1.0f / 64.0f, &v) == GRADNOISE_OK);
                CHECK(testing::bits(v) == testing::bits(a[j * 70 + i]));
            }
        }
        const gradnoise_chunk_3d c3{-1000, 7, far, 17, 6, 5, 0.37f, 0};
        std::vector<float> a3(17 * 6 * 5), b3(17 * 6 * 5);
        CHECK(gradnoise_fill_chunk_3d(f.p, &c3, a3.data(), 0, 0, nullptr) == GRADNOISE_OK);
        REQUIRE(ref.fill_chunk_3d({-1000, 7, far, 17, 6, 5, 0.37f}, b3.data()).ok());
        CHECK(same_bits(a3, b3));
        float v3 = 0.0f;
        REQUIRE(gradnoise_chunk_sample_3d(f.p, -1000 + 16, 7 + 5, far + 4, 0.37f, &v3) == GRADNOISE_OK);
        CHECK(testing::bits(v3) == testing::bits(a3[(4 * 6 + 5) * 17 + 16]));
    }

    Desc d;
    Field f(d.p);
    const gradnoise::Noise ref;
    std::vector<float> out(64, 2.0f);
    float v = 2.0f;
    const gradnoise_chunk_2d c2{0, 0, 8, 8, 0.5f, 0};
    const gradnoise_chunk_3d c3{0, 0, 0, 4, 4, 4, 0.5f, 0};
    CHECK(gradnoise_fill_chunk_2d(nullptr, &c2, out.data(), 0, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_fill_chunk_2d: noise and chunk must be non-null");
    CHECK(gradnoise_fill_chunk_2d(f.p, nullptr, out.data(), 0, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(gradnoise_fill_chunk_3d(nullptr, &c3, out.data(), 0, 0, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_fill_chunk_3d: noise and chunk must be non-null");
    CHECK(gradnoise_fill_chunk_3d(f.p, nullptr, out.data(), 0, 0, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(gradnoise_chunk_sample_2d(nullptr, 0, 0, 1.0f, &v) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_chunk_sample_2d: noise and out must be non-null");
    CHECK(gradnoise_chunk_sample_2d(f.p, 0, 0, 1.0f, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(gradnoise_chunk_sample_3d(nullptr, 0, 0, 0, 1.0f, &v) == GRADNOISE_NULL_POINTER);
    CHECK(last() == "gradnoise_chunk_sample_3d: noise and out must be non-null");
    CHECK(gradnoise_chunk_sample_3d(f.p, 0, 0, 0, 1.0f, nullptr) == GRADNOISE_NULL_POINTER);
    for (float spacing : {0.0f, -1.0f, NAN, INFINITY}) {
        gradnoise_chunk_2d b2 = c2;
        b2.spacing = spacing;
        CHECK_REPORTS(gradnoise_fill_chunk_2d(f.p, &b2, out.data(), 0, nullptr),
                      ref.fill_chunk_2d({0, 0, 8, 8, spacing}, out.data()));
        CHECK(last() == "fill_chunk_2d: spacing must be finite, > 0 and small enough that spacing * f_k is finite for every octave");
        gradnoise_chunk_3d b3 = c3;
        b3.spacing = spacing;
        CHECK(gradnoise_fill_chunk_3d(f.p, &b3, out.data(), 0, 0, nullptr) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() == "fill_chunk_3d: spacing must be finite, > 0 and small enough that spacing * f_k is finite for every octave");
        CHECK(gradnoise_chunk_sample_2d(f.p, 0, 0, spacing, &v) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() == "gradnoise_chunk_sample_2d: spacing must be finite, > 0 and small enough that spacing * f_k is finite for every octave");
        CHECK(gradnoise_chunk_sample_3d(f.p, 0, 0, 0, spacing, &v) == GRADNOISE_INVALID_ARGUMENT);
        CHECK(last() == "gradnoise_chunk_sample_3d: spacing must be finite, > 0 and small enough that spacing * f_k is finite for every octave");
    }
    const gradnoise_chunk_2d edge{INT64_MAX - 3, 0, 8, 8, 1.0f, 0};
    CHECK_REPORTS(gradnoise_fill_chunk_2d(f.p, &edge, out.data(), 0, nullptr),
                  ref.fill_chunk_2d({INT64_MAX - 3, 0, 8, 8, 1.0f}, out.data()));
    CHECK(gradnoise_fill_chunk_2d(f.p, &edge, out.data(), 0, nullptr) == GRADNOISE_SIZE_OVERFLOW);
    const gradnoise_chunk_3d big{0, 0, 0, 4, (1u << 24) + 1, 1, 1.0f, 0};
    CHECK(gradnoise_fill_chunk_3d(f.p, &big, out.data(), 0, 0, nullptr) == GRADNOISE_SIZE_OVERFLOW);
    CHECK(last() == "fill_chunk_3d: size_x, size_y and size_z must be at most 2^24 (16777216)");
    CHECK(gradnoise_fill_chunk_2d(f.p, &c2, nullptr, 0, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(gradnoise_fill_chunk_2d(f.p, &c2, out.data(), 5, nullptr) == GRADNOISE_SIZE_OVERFLOW);
    // A warped or patterned field has no chunks.
    Desc w;
    REQUIRE(gradnoise_desc_set_warp(w.p, 1, 1.0f, 1.0f) == GRADNOISE_OK);
    Field fw(w.p);
    CHECK(gradnoise_fill_chunk_2d(fw.p, &c2, out.data(), 0, nullptr) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last().rfind("fill_chunk_2d: warps and patterns depend on absolute coordinates", 0) == 0);
    CHECK(gradnoise_fill_chunk_3d(fw.p, &c3, out.data(), 0, 0, nullptr) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(gradnoise_chunk_sample_2d(fw.p, 0, 0, 1.0f, &v) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last().rfind("gradnoise_chunk_sample_2d: warps and patterns", 0) == 0);
    CHECK(gradnoise_chunk_sample_3d(fw.p, 0, 0, 0, 1.0f, &v) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(out == std::vector<float>(64, 2.0f));
    CHECK(v == 2.0f);
    // Chunk options: 2 threads, the same bits.
    const gradnoise_chunk_2d wide{-5000, 123456789, 500, 600, 0.01f, 0};
    std::vector<float> a(500 * 600), b(500 * 600);
    gradnoise_fill_options two{2, nullptr, nullptr};
    CHECK(gradnoise_fill_chunk_2d(f.p, &wide, a.data(), 0, nullptr) == GRADNOISE_OK);
    CHECK(gradnoise_fill_chunk_2d(f.p, &wide, b.data(), 0, &two) == GRADNOISE_OK);
    CHECK(same_bits(a, b));
}

TEST_CASE("gradnoise_shader_source: the C++ text, sized and copied; refusals named") {
    gradnoise_desc* desc = nullptr;
    REQUIRE(gradnoise_desc_create(&desc) == GRADNOISE_OK);
    REQUIRE(gradnoise_desc_set_parameter(desc, "basis", "classic") == GRADNOISE_OK);
    REQUIRE(gradnoise_desc_set_parameter(desc, "seed", "11") == GRADNOISE_OK);
    std::size_t length = 0;
    REQUIRE(gradnoise_shader_source(desc, 2, "terrain", nullptr, 0, &length) == GRADNOISE_OK);
    std::vector<char> text(length + 1);
    CHECK(gradnoise_shader_source(desc, 2, "terrain", text.data(), length, &length) == GRADNOISE_SIZE_OVERFLOW);
    CHECK(last() == "gradnoise_shader_source: capacity must exceed *length");
    REQUIRE(gradnoise_shader_source(desc, 2, "terrain", text.data(), text.size(), &length) == GRADNOISE_OK);
    gradnoise::NoiseDesc d;
    d.basis = gradnoise::Basis::classic;
    d.has_seed = true;
    d.seed = 11;
    gradnoise::ShaderOptions options;
    options.dimensions = 2;
    options.function_name = "terrain";
    std::string expected;
    REQUIRE(gradnoise::shader_source(d, options, &expected).ok());
    CHECK(std::string(text.data()) == expected);
    CHECK(expected.find("float terrain(vec2 p) {") != std::string::npos);
    // With the gradient form: the C++ text with options.gradient.
    REQUIRE(gradnoise_shader_gradient_source(desc, 4, "terrain", nullptr, 0, &length) == GRADNOISE_OK);
    text.assign(length + 1, '\0');
    REQUIRE(gradnoise_shader_gradient_source(desc, 4, "terrain", text.data(), text.size(), &length) == GRADNOISE_OK);
    options.dimensions = 4;
    options.gradient = true;
    REQUIRE(gradnoise::shader_source(d, options, &expected).ok());
    CHECK(std::string(text.data()) == expected);
    CHECK(expected.find("float terrain_gradient(vec4 p, out vec4 d) {") != std::string::npos);
    CHECK(gradnoise_shader_source(desc, 5, nullptr, nullptr, 0, &length) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last() == "shader_source: options.dimensions must be 2, 3 or 4");
    REQUIRE(gradnoise_desc_set_parameter(desc, "pattern", "wood") == GRADNOISE_OK);
    CHECK(gradnoise_shader_gradient_source(desc, 2, nullptr, nullptr, 0, &length) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last() == "shader_source: options.gradient: a pattern has no gradient (docs/spec.md section 18)");
    REQUIRE(gradnoise_desc_set_parameter(desc, "pattern", "none") == GRADNOISE_OK);
    REQUIRE(gradnoise_desc_set_parameter(desc, "basis", "cellular") == GRADNOISE_OK);
    CHECK(gradnoise_shader_source(desc, 4, nullptr, nullptr, 0, &length) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last() == "shader_source: cellular noise has no 4D (docs/spec.md section 17)");
    CHECK(gradnoise_shader_source(nullptr, 3, nullptr, nullptr, 0, &length) == GRADNOISE_NULL_POINTER);
    gradnoise_desc_destroy(desc);
}

TEST_CASE("gradnoise_graph_shader_source: the C++ text of a graph, in its dimensions; a missing gradient refused") {
    const std::string json = R"({"gradnoise_graph": 1, "dimensions": 3, "output": "o", "nodes": {
        "o": {"type": "multiply", "inputs": [{"type": "field", "basis": "value"}, 0.5]}}})";
    gradnoise_graph* graph = nullptr;
    REQUIRE(gradnoise_graph_create_from_json(json.data(), json.size(), &graph, nullptr, 0) == GRADNOISE_OK);
    std::size_t length = 0;
    REQUIRE(gradnoise_graph_shader_source(graph, 1, "rocks", nullptr, 0, &length) == GRADNOISE_OK);
    std::vector<char> text(length + 1);
    CHECK(gradnoise_graph_shader_source(graph, 1, "rocks", text.data(), length, &length) == GRADNOISE_SIZE_OVERFLOW);
    REQUIRE(gradnoise_graph_shader_source(graph, 1, "rocks", text.data(), text.size(), &length) == GRADNOISE_OK);
    gradnoise::Graph g;
    REQUIRE(gradnoise::Graph::from_json(json, &g).ok());
    gradnoise::ShaderOptions options;
    options.dimensions = 3;
    options.function_name = "rocks";
    options.gradient = true;
    std::string expected;
    REQUIRE(gradnoise::shader_source(g, options, &expected).ok());
    CHECK(std::string(text.data()) == expected);
    CHECK(expected.find("float rocks_gradient(vec3 p, out vec3 d) {") != std::string::npos);
    CHECK(gradnoise_graph_shader_source(nullptr, 0, nullptr, nullptr, 0, &length) == GRADNOISE_NULL_POINTER);
    gradnoise_graph_destroy(graph);
    const std::string marble = R"({"gradnoise_graph": 1, "dimensions": 2, "output": "m", "nodes": {
        "m": {"type": "field", "pattern": "marble"}}})";
    REQUIRE(gradnoise_graph_create_from_json(marble.data(), marble.size(), &graph, nullptr, 0) == GRADNOISE_OK);
    CHECK(gradnoise_graph_shader_source(graph, 1, nullptr, nullptr, 0, &length) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(std::string(gradnoise_last_error_message()) == "shader_source: options.gradient: the graph has no gradient");
    CHECK(gradnoise_graph_shader_source(graph, 0, nullptr, nullptr, 0, &length) == GRADNOISE_OK);
    gradnoise_graph_destroy(graph);
}

TEST_CASE("gradnoise_chunk_octave_coordinates: the C++ coordinates; refusals named") {
    gradnoise_desc* desc = nullptr;
    REQUIRE(gradnoise_desc_create(&desc) == GRADNOISE_OK);
    REQUIRE(gradnoise_desc_set_parameter(desc, "fractal", "fbm") == GRADNOISE_OK);
    REQUIRE(gradnoise_desc_set_parameter(desc, "octaves", "3") == GRADNOISE_OK);
    gradnoise_noise* noise = nullptr;
    REQUIRE(gradnoise_noise_create(desc, &noise) == GRADNOISE_OK);
    float c[3 * 5], cpp[3 * 5];
    const std::int64_t first = (std::int64_t{1} << 40) + 7;
    REQUIRE(gradnoise_chunk_octave_coordinates(noise, 1, first, 5, 1.0f / 64.0f, c) == GRADNOISE_OK);
    gradnoise::NoiseDesc d;
    d.fractal.kind = gradnoise::Fractal::fbm;
    d.fractal.octaves = 3;
    gradnoise::Noise n;
    REQUIRE(gradnoise::Noise::create(d, &n).ok());
    REQUIRE(gradnoise::chunk_octave_coordinates(n, 1, first, 5, 1.0f / 64.0f, cpp).ok());
    CHECK(std::memcmp(c, cpp, sizeof c) == 0);
    CHECK(c[0] == 0.109375f);                 // (2^40 + 7) / 64 mod 256 = 7/64, octave 0 (no offset)
    CHECK(c[5] == 0.21875f + 29.8125f);       // octave 1: at frequency 2, plus its y offset
    CHECK(gradnoise_chunk_octave_coordinates(noise, 3, 0, 5, 1.0f, c) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last() == "chunk_octave_coordinates: axis must be 0, 1 or 2");
    CHECK(gradnoise_chunk_octave_coordinates(nullptr, 0, 0, 5, 1.0f, c) == GRADNOISE_NULL_POINTER);
    // The simplex bases' binary64 coordinates: s * step + k * offset (spec 13.4); the float call refuses them.
    double c64[3 * 5];
    CHECK(gradnoise_chunk_octave_coordinates_f64(noise, 1, first, 5, 1.0f / 64.0f, c64) == GRADNOISE_INVALID_ARGUMENT);
    gradnoise_noise_destroy(noise);
    REQUIRE(gradnoise_desc_set_parameter(desc, "basis", "opensimplex2") == GRADNOISE_OK);
    REQUIRE(gradnoise_noise_create(desc, &noise) == GRADNOISE_OK);
    CHECK(gradnoise_chunk_octave_coordinates(noise, 1, first, 5, 1.0f / 64.0f, c) == GRADNOISE_INVALID_ARGUMENT);
    REQUIRE(gradnoise_chunk_octave_coordinates_f64(noise, 1, first, 5, 1.0f / 64.0f, c64) == GRADNOISE_OK);
    CHECK(c64[0] == static_cast<double>(first) / 64.0);
    CHECK(c64[5 + 2] == static_cast<double>(first + 2) / 32.0 + 29.8125);
    gradnoise_noise_destroy(noise);
    gradnoise_desc_destroy(desc);
}

TEST_CASE("band limit and chunk levels through the C API: set_parameter footprint, chunk.level") {
    gradnoise_desc* desc = nullptr;
    REQUIRE(gradnoise_desc_create(&desc) == GRADNOISE_OK);
    REQUIRE(gradnoise_desc_set_parameter(desc, "fractal", "ridged") == GRADNOISE_OK);
    REQUIRE(gradnoise_desc_set_parameter(desc, "octaves", "9") == GRADNOISE_OK);
    REQUIRE(gradnoise_desc_set_parameter(desc, "footprint", "0.03125") == GRADNOISE_OK);
    CHECK(gradnoise_desc_set_parameter(desc, "footprint", "-1") == GRADNOISE_INVALID_ARGUMENT);
    CHECK(std::string(gradnoise_last_error_message()).find("footprint") != std::string::npos);
    CHECK(gradnoise_desc_validate(desc) == GRADNOISE_OK);  // (unchanged by the refusal)
    gradnoise_noise* noise = nullptr;
    REQUIRE(gradnoise_noise_create(desc, &noise) == GRADNOISE_OK);
    gradnoise_desc_destroy(desc);
    // The C++ field with the level's footprint, at the level's spacing.
    gradnoise::NoiseDesc d;
    d.fractal = {gradnoise::Fractal::ridged, 9, 1.0f, 2.0f, 0.5f, 0.03125f * 8.0f};
    gradnoise::Noise level3;
    REQUIRE(gradnoise::Noise::create(d, &level3).ok());
    std::vector<float> a(9 * 7), b(9 * 7);
    const gradnoise_chunk_2d chunk{-50, 1 << 30, 9, 7, 0.0625f, 3};
    REQUIRE(gradnoise_fill_chunk_2d(noise, &chunk, a.data(), 0, nullptr) == GRADNOISE_OK);
    REQUIRE(level3.fill_chunk_2d({-50, 1 << 30, 9, 7, 0.5f, 0}, b.data()).ok());
    CHECK(testing::first_bit_difference(a, b) == -1);
    const gradnoise_chunk_2d bad{0, 0, 2, 2, 1.0f, 63};
    CHECK(gradnoise_fill_chunk_2d(noise, &bad, a.data(), 0, nullptr) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(std::string(gradnoise_last_error_message()) == "fill_chunk_2d: level must be in 0..62 (max_chunk_level)");
    gradnoise_noise_destroy(noise);
}

}  // TEST_SUITE

// Many threads through the C API at once: one shared field evaluated and filled by every thread,
// each thread also making and destroying its own descriptors and fields, failing on purpose and
// reading back its own message. Run under ThreadSanitizer in CI (scripts/test.sh).
TEST_SUITE("c_api_threads") {

TEST_CASE("many threads at once: same bits as one thread, messages stay per thread" * doctest::skip(!testing::have_threads)) {
    Desc d;
    REQUIRE(gradnoise_desc_set_fractal(d.p, GRADNOISE_FRACTAL_FBM, 4, 0.5f, 2.0f, 0.5f) == GRADNOISE_OK);
    Field shared(d.p);
    const testing::Points p = testing::random_points(4096, -100.0f, 100.0f, 77);
    std::vector<float> expect_points(p.size());
    REQUIRE(gradnoise_evaluate_3d(shared.p, p.x.data(), p.y.data(), p.z.data(), expect_points.data(), p.size()) ==
            GRADNOISE_OK);
    const gradnoise_chunk_2d chunk{-77, 1 << 20, 64, 64, 1.0f / 32.0f, 0};
    std::vector<float> expect_chunk(64 * 64);
    REQUIRE(gradnoise_fill_chunk_2d(shared.p, &chunk, expect_chunk.data(), 0, nullptr) == GRADNOISE_OK);

    const unsigned thread_count = 16;
    const int rounds = 20;
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < thread_count; ++t) {
        threads.emplace_back([&, t] {
            auto expect = [&](bool ok) {
                if (!ok) failures.fetch_add(1);
            };
            std::vector<float> out(p.size()), chunk_out(64 * 64);
            for (int r = 0; r < rounds; ++r) {
                // The shared field, from every thread.
                expect(gradnoise_evaluate_3d(shared.p, p.x.data(), p.y.data(), p.z.data(), out.data(), p.size()) ==
                       GRADNOISE_OK);
                expect(std::memcmp(out.data(), expect_points.data(), out.size() * sizeof(float)) == 0);
                expect(gradnoise_fill_chunk_2d(shared.p, &chunk, chunk_out.data(), 0, nullptr) == GRADNOISE_OK);
                expect(std::memcmp(chunk_out.data(), expect_chunk.data(), chunk_out.size() * sizeof(float)) == 0);
                float v = 0.0f;
                expect(gradnoise_noise4(shared.p, 0.1f * float(t), 0.2f, 0.3f, 0.4f * float(r), &v) == GRADNOISE_OK);
                // Own handles, made and destroyed while the others work.
                gradnoise_desc* own = nullptr;
                expect(gradnoise_desc_create(&own) == GRADNOISE_OK);
                expect(gradnoise_desc_set_seed(own, t * 1000u + static_cast<unsigned>(r)) == GRADNOISE_OK);
                expect(gradnoise_desc_set_hash(own, static_cast<int>(t % 2)) == GRADNOISE_OK);
                gradnoise_noise* n = nullptr;
                expect(gradnoise_noise_create(own, &n) == GRADNOISE_OK);
                const gradnoise_grid_2d g{float(t), float(r), 0.1f, 0.1f, 32, 8};
                expect(gradnoise_fill_grid_2d(n, &g, out.data(), 0, nullptr) == GRADNOISE_OK);
                gradnoise_noise_destroy(n);
                // Errors: each thread a different one, then its own message.
                switch ((t + static_cast<unsigned>(r)) % 4) {
                    case 0:
                        expect(gradnoise_desc_set_fade(own, 7) == GRADNOISE_INVALID_ARGUMENT);
                        expect(last().rfind("gradnoise_desc_set_fade:", 0) == 0);
                        break;
                    case 1:
                        expect(gradnoise_evaluate_2d(nullptr, nullptr, nullptr, nullptr, 1) == GRADNOISE_NULL_POINTER);
                        expect(last() == "gradnoise_evaluate_2d: noise is null");
                        break;
                    case 2:
                        expect(gradnoise_desc_set_period(own, 3, 0, 0, 0) == GRADNOISE_OK);
                        expect(gradnoise_noise_create(own, &n) == GRADNOISE_INVALID_ARGUMENT);
                        expect(n == nullptr);
                        expect(last() == "NoiseDesc: period_x must be 0 or a power of two in 1..256 for the lattice "
                                         "bases and cellular noise");
                        break;
                    default:
                        expect(gradnoise_force_isa(-3) == GRADNOISE_INVALID_ARGUMENT);
                        expect(last() == "gradnoise_force_isa: isa must be a GRADNOISE_ISA_* value in 0..4");
                        break;
                }
                gradnoise_desc_destroy(own);
                expect(gradnoise_active_isa() == gradnoise_best_isa());
                expect(std::string(gradnoise_isa_name(gradnoise_active_isa())) != "unknown");
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(failures.load() == 0);
}

TEST_CASE("parallel fills started from several threads at once" * doctest::skip(!testing::have_threads)) {
    Desc d;
    REQUIRE(gradnoise_desc_set_fractal(d.p, GRADNOISE_FRACTAL_RIDGED, 3, 1.0f, 2.0f, 0.5f) == GRADNOISE_OK);
    Field shared(d.p);
    const gradnoise_grid_2d g{-1.0f, 1.0f, 0.013f, 0.017f, 256, 256};
    std::vector<float> expect(256 * 256);
    REQUIRE(gradnoise_fill_grid_2d(shared.p, &g, expect.data(), 0, nullptr) == GRADNOISE_OK);
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            std::vector<float> out(256 * 256);
            for (int r = 0; r < 3; ++r) {
                gradnoise_fill_options o{2, nullptr, nullptr};
                if (gradnoise_fill_grid_2d(shared.p, &g, out.data(), 0, &o) != GRADNOISE_OK ||
                    std::memcmp(out.data(), expect.data(), out.size() * sizeof(float)) != 0) {
                    failures.fetch_add(1);
                }
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(failures.load() == 0);
}

}  // TEST_SUITE
