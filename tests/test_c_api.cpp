// Cross-cutting, the C API: include/gradnoise/gradnoise.h over src/api/c_api.cpp (and through it every
// kernel family). Its ISA tests go through the C API's own global choice (gradnoise_force_isa),
// the behaviour under test. Every function with valid and invalid arguments returns the
// documented code and message and changes nothing on failure; results equal the C++ API bit for
// bit (which the other suites check against the spec), and binary64 reproduces Ken Perlin's own
// values through the C entry points. Here: status, version, ISAs, descriptor and noise handles,
// points, gradients and curl, binary64. Grids, fill options and chunks: test_c_api_fills.cpp; the
// GLSL: test_c_api_shader.cpp; many threads at once (suite c_api_threads): test_c_api_threads.cpp.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "c_api_support.hpp"
#include "gradnoise/gradnoise.h"
#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

using namespace c_api_testing;

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
    CHECK(std::string(gradnoise_version_string()) == "0.24.0");
    CHECK(GRADNOISE_VERSION_NUMBER == ((0u << 16) | (24u << 8) | 0u));
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

TEST_CASE("the parameter table through the C API: every entry as the C++ table has it; a descriptor's text") {
    std::size_t count = 0;
    const gradnoise::Parameter* table = gradnoise::parameters(&count);
    REQUIRE(gradnoise_parameter_count() == count);
    for (std::size_t i = 0; i < count; ++i) {
        gradnoise_parameter_info info;
        REQUIRE(gradnoise_parameter(i, &info) == GRADNOISE_OK);
        const gradnoise::Parameter& p = table[i];
        CHECK(std::string(info.name) == p.name);
        CHECK(std::string(info.member) == p.member);
        const int kind = p.kind == gradnoise::ParameterKind::choice    ? GRADNOISE_PARAMETER_CHOICE
                         : p.kind == gradnoise::ParameterKind::integer ? GRADNOISE_PARAMETER_INTEGER
                         : p.kind == gradnoise::ParameterKind::number  ? GRADNOISE_PARAMETER_NUMBER
                                                                       : GRADNOISE_PARAMETER_SEED;
        CHECK(info.kind == kind);
        CHECK(std::string(info.help) == p.help);
        CHECK(std::string(info.expects) == p.expects);
        CHECK(std::string(info.default_text) == gradnoise::parameter_text(gradnoise::NoiseDesc{}, p));
        CHECK((info.needs == nullptr) == (p.needs == nullptr));
        CHECK((info.axis_of == nullptr) == (p.axis_of == nullptr));
        if (p.kind == gradnoise::ParameterKind::choice) {
            std::size_t n = 0;
            while (p.choices[n] != nullptr) ++n;
            CHECK(info.choice_count == n);
            CHECK(info.lo == 0.0);
            CHECK(info.hi == static_cast<double>(n) - 1);
            for (std::size_t c = 0; c < n; ++c) {
                const char* name = nullptr;
                const char* help = nullptr;
                REQUIRE(gradnoise_parameter_choice(i, c, &name, &help) == GRADNOISE_OK);
                CHECK(std::string(name) == p.choices[c]);
                CHECK(std::string(help) == p.choice_help[c]);
            }
            CHECK(gradnoise_parameter_choice(i, n, nullptr, nullptr) == GRADNOISE_INVALID_ARGUMENT);
        } else {
            CHECK(info.choice_count == 0);
            CHECK(info.lo == p.lo);
            CHECK(info.hi == p.hi);
            CHECK(gradnoise_parameter_choice(i, 0, nullptr, nullptr) == GRADNOISE_INVALID_ARGUMENT);
        }
    }
    // The C constants are the choices' indices: the basis table's names in GRADNOISE_BASIS_* order.
    const char* name = nullptr;
    REQUIRE(gradnoise_parameter_choice(0, GRADNOISE_BASIS_CELLULAR, &name, nullptr) == GRADNOISE_OK);
    CHECK(std::string(name) == "cellular");
    gradnoise_parameter_info info;
    CHECK(gradnoise_parameter(count, &info) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(std::string(gradnoise_last_error_message()).find("gradnoise_parameter: index") == 0);
    CHECK(gradnoise_parameter(0, nullptr) == GRADNOISE_NULL_POINTER);

    Desc desc;
    REQUIRE(gradnoise_desc_set_parameter(desc.p, "octaves", "7") == GRADNOISE_OK);
    REQUIRE(gradnoise_desc_set_parameter(desc.p, "frequency", "0.7") == GRADNOISE_OK);
    REQUIRE(gradnoise_desc_set_parameter(desc.p, "seed", "-1") == GRADNOISE_OK);
    char buffer[64];
    std::size_t length = 0;
    const auto get = [&](const char* p) {
        REQUIRE(gradnoise_desc_get_parameter(desc.p, p, buffer, sizeof buffer, &length) == GRADNOISE_OK);
        CHECK(std::strlen(buffer) == length);
        return std::string(buffer);
    };
    CHECK(get("octaves") == "7");
    CHECK(get("frequency") == "0.7");
    CHECK(get("seed") == "18446744073709551615");
    CHECK(get("basis") == "perlin");
    CHECK(gradnoise_desc_get_parameter(desc.p, "octaves", nullptr, 0, &length) == GRADNOISE_OK);
    CHECK(length == 1);
    CHECK(gradnoise_desc_get_parameter(desc.p, "seed", buffer, 5, &length) == GRADNOISE_SIZE_OVERFLOW);
    CHECK(gradnoise_desc_get_parameter(desc.p, "octavez", buffer, sizeof buffer, &length) ==
          GRADNOISE_INVALID_ARGUMENT);
    CHECK(gradnoise_desc_get_parameter(nullptr, "octaves", buffer, sizeof buffer, &length) == GRADNOISE_NULL_POINTER);
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
    for_each_case([&](const Case& c, const Field& f, const gradnoise::Noise& ref) {
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
    });
}

TEST_CASE("gradients and curl: the C entry points equal the C++ API bit for bit") {
    const testing::Points p = testing::random_points(517, -300.0f, 300.0f, 0xC0FFEF);
    const std::vector<float> w = testing::w_of(p);
    const std::size_t n = p.size();
    for_each_case([&](const Case& c, const Field& f, const gradnoise::Noise& ref) {
        const bool cellular = c.cpp.basis == gradnoise::Basis::cellular;
        if (c.cpp.pattern.kind != gradnoise::Pattern::none) {  // patterns have no gradient
            float x = 1, y = 2, out[3];
            const gradnoise_gradient_out o{out, out + 1, out + 2, nullptr, nullptr};
            CHECK(gradnoise_evaluate_gradient_2d(f.p, &x, &y, &o, 1) == GRADNOISE_INVALID_ARGUMENT);
            return;
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
    });
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
    const gradnoise::Noise ref = testing::make(cd);
    std::vector<double> out(3, 5.0);
    CHECK_REPORTS(gradnoise_evaluate_3d_f64(fm.p, x.data(), y.data(), z.data(), out.data(), 3),
                  ref.evaluate_3d_f64(x.data(), y.data(), z.data(), out.data(), 3));
    CHECK(gradnoise_evaluate_2d_f64(fm.p, x.data(), y.data(), out.data(), 3) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(out == std::vector<double>(3, 5.0));
}

}  // TEST_SUITE
