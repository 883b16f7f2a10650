// Many threads through the C API at once (suite c_api_threads): one shared field evaluated and filled
// by every thread, each thread also making and destroying its own descriptors and fields, failing on
// purpose and reading back its own message. Run under ThreadSanitizer in CI (scripts/test.sh).
#include <doctest/doctest.h>

#include <atomic>
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
