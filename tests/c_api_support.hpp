// What the C API's tests share (tests/test_c_api*.cpp): handles that destroy themselves (the tests'
// RAII; the C API itself has no destructors), bit comparison, the descriptors set through the C
// setters beside the same descriptors written in C++, and CHECK_REPORTS.
#ifndef GRADNOISE_TESTS_C_API_SUPPORT_HPP
#define GRADNOISE_TESTS_C_API_SUPPORT_HPP

#include <doctest/doctest.h>

#include <cstring>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "gradnoise/gradnoise.h"
#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

namespace c_api_testing {

inline std::string last() { return gradnoise_last_error_message(); }

struct Desc {
    gradnoise_desc* p = nullptr;
    Desc() { REQUIRE(gradnoise_desc_create(&p) == GRADNOISE_OK); }
    ~Desc() { gradnoise_desc_destroy(p); }
    Desc(const Desc&) = delete;
    Desc& operator=(const Desc&) = delete;
};

struct Field {
    gradnoise_noise* p = nullptr;
    explicit Field(const gradnoise_desc* d) {
        const gradnoise_status s = gradnoise_noise_create(d, &p);
        INFO(last());
        REQUIRE(s == GRADNOISE_OK);
    }
    ~Field() { gradnoise_noise_destroy(p); }
    Field(const Field&) = delete;
    Field& operator=(const Field&) = delete;
};

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// Sets each (name, value) through gradnoise_desc_set_parameter, REQUIRE-ing that each is accepted.
inline void set_parameters(gradnoise_desc* d, std::initializer_list<std::pair<const char*, const char*>> values) {
    for (const auto& parameter : values) {  // not a structured binding: clang 14's INFO cannot capture one
        INFO(parameter.first << " = " << parameter.second);
        REQUIRE(gradnoise_desc_set_parameter(d, parameter.first, parameter.second) == GRADNOISE_OK);
    }
}

// A descriptor set through the C setters, and the same descriptor written in C++.
struct Case {
    const char* name;
    void (*set_c)(gradnoise_desc*);
    gradnoise::NoiseDesc cpp;
};

inline std::vector<Case> cases() {
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

// Runs body(c, field, ref) for every case c (CAPTUREd by name): field made through the C setters,
// ref the C++ field of the same descriptor.
template <class Body>
void for_each_case(Body&& body) {
    for (const Case& c : cases()) {
        CAPTURE(c.name);
        Desc d;
        c.set_c(d.p);
        const Field f(d.p);
        body(c, f, testing::make(c.cpp));
    }
}

}  // namespace c_api_testing

// The C layer reports the C++ layer's code and message for the same call.
#define CHECK_REPORTS(call, cpp_status)                               \
    do {                                                              \
        const gradnoise::Status expected_ = (cpp_status);             \
        CHECK((call) == static_cast<int>(expected_.code()));          \
        CHECK(c_api_testing::last() == expected_.message());          \
    } while (0)

#endif
