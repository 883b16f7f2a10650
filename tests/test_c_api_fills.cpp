// The C API's fills (suite c_api): grids, fill options (threads, progress, cancel), chunks, their
// octave coordinates and chunk levels, each equal to the C++ API bit for bit, and every invalid
// argument refused with the C++ layer's code and message, writing nothing.
#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "c_api_support.hpp"
#include "gradnoise/gradnoise.h"
#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

using namespace c_api_testing;

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

TEST_SUITE("c_api") {

TEST_CASE("grids: equal to the C++ API; every invalid argument") {
    for_each_case([&](const Case&, const Field& f, const gradnoise::Noise& ref) {
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
    });

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
    for_each_case([&](const Case& c, const Field& f, const gradnoise::Noise& ref) {
        if (std::string(c.name) == "warped marble") return;  // chunks reject warps/patterns (below)
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
    });

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

TEST_CASE("gradnoise_chunk_erosion_coordinates: the filter's cells per gully octave; refusals named") {
    gradnoise_desc* desc = nullptr;
    REQUIRE(gradnoise_desc_create(&desc) == GRADNOISE_OK);
    set_parameters(desc, {{"fractal", "fbm"}, {"octaves", "3"}, {"erosion", "2"}});  // E_k = 1 / (1/8) * 2^k
    gradnoise_noise* noise = nullptr;
    REQUIRE(gradnoise_noise_create(desc, &noise) == GRADNOISE_OK);
    CHECK(gradnoise_erosion_octave_count(noise) == 2);
    CHECK(gradnoise_erosion_octave_count(nullptr) == 0);
    float e[2 * 3];
    const std::int64_t first = (std::int64_t{1} << 40) + 7;
    REQUIRE(gradnoise_chunk_erosion_coordinates(noise, first, 3, 1.0f / 64.0f, e) == GRADNOISE_OK);
    CHECK(e[0] == 0.875f);  // (2^40 + 7) * 8 / 64 = 2^37 + 7/8, mod 256
    CHECK(e[1] == 1.0f);    // (2^40 + 8) / 8 mod 256
    CHECK(e[3] == 1.75f);   // octave 1, 16 cells per unit: (2^40 + 7) / 4 mod 256
    CHECK(gradnoise_chunk_erosion_coordinates(noise, 0, 3, 0.0f, e) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last() == "chunk_erosion_coordinates: spacing must be finite and > 0, and spacing * each octave's frequency finite");
    CHECK(gradnoise_chunk_erosion_coordinates(noise, 0, 3, 1.0f, nullptr) == GRADNOISE_NULL_POINTER);
    CHECK(gradnoise_chunk_erosion_coordinates(nullptr, 0, 3, 1.0f, e) == GRADNOISE_NULL_POINTER);
    CHECK(gradnoise_chunk_erosion_coordinates(noise, INT64_MAX - 1, 3, 1.0f, e) == GRADNOISE_SIZE_OVERFLOW);
    gradnoise_noise_destroy(noise);
    gradnoise_desc_destroy(desc);
}

TEST_CASE("gradnoise_chunk_octave_coordinates: the C++ coordinates; refusals named") {
    gradnoise_desc* desc = nullptr;
    REQUIRE(gradnoise_desc_create(&desc) == GRADNOISE_OK);
    set_parameters(desc, {{"fractal", "fbm"}, {"octaves", "3"}});
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
    set_parameters(desc, {{"fractal", "ridged"}, {"octaves", "9"}, {"footprint", "0.03125"}});
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
