// Grids: src/kernels/grid_rows.hpp (and kernels/loops.hpp), src/api/fills.cpp (checks, threads, progress),
// docs/spec.md section 6; the reference is the per-point path (src/reference/perlin.cpp and the
// other families). The grid fast path against the reference point by point on every ISA (each
// ISA's kernel table called directly, testing::IsaPath): cell edges, negatives, tails, tiles,
// awkward sizes, strides and unaligned buffers, every variant; thread counts and arenas giving
// identical buffers, progress and cancellation, and no allocation in the fill.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#if !defined(GRADNOISE_NO_TBB)
#include <tbb/task_arena.h>
#endif

#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

// Counts every operator new in the process (the fill must not call it on the calling thread).
namespace {
std::atomic<long> g_news{0};
}
void* operator new(std::size_t n) {
    g_news.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(n ? n : 1)) {
        return p;
    }
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

using gradnoise::Basis;
using gradnoise::Fade;
using gradnoise::FillOptions;
using gradnoise::Fractal;
using gradnoise::Grid2d;
using gradnoise::Grid3d;
using gradnoise::Hash;
using gradnoise::Noise;
using gradnoise::NoiseDesc;
using gradnoise::Pattern;

namespace {

const float kGuard = -12345.5f;

using testing::make;

Noise make_fbm(int octaves) {
    gradnoise::NoiseDesc d;
    d.fractal = {gradnoise::Fractal::fbm, octaves, 1.0f, 2.0f, 0.5f};
    Noise n;
    REQUIRE(Noise::create(d, &n).ok());
    return n;
}

}  // namespace

TEST_SUITE("grid") {

TEST_CASE("the grid fast path equals the reference at every sample: cell edges, negatives, tails, tiles") {
    const float origins[] = {0.0f, -3.5f, 255.75f, -256.0001f, 1000000.5f, 16777216.0f, -0.0f};
    const float steps[] = {0.01f, 1.0f / 64.0f, 1.0f, 0.999f, 3.7f, -0.013f, 256.0f, 1e-5f, 0.25f};
    const std::size_t widths[] = {1, 7, 16, 17, 513, 1030};
    std::vector<Noise> noises = {Noise(), Noise(5u, Fade::cubic), Noise(9u, Fade::quintic, Hash::mix)};
    long compared = 0;
    for (const Noise& noise : noises) {
        for (const testing::IsaPath& path : testing::isa_paths()) {
            for (float ox : origins) {
                for (float step : steps) {
                    for (std::size_t w : widths) {
                        Grid2d g{ox, -ox * 0.5f + 0.3f, step, step * 0.75f + 0.002f, w, 3};
                        std::size_t stride = w + 3;
                        std::vector<float> out(stride * g.size_y + 3, kGuard);
                        REQUIRE(path.fill_grid_2d(noise, g, out.data(), stride).ok());
                        for (std::size_t j = 0; j < g.size_y; ++j) {
                            float y = g.origin_y + static_cast<float>(j) * g.step_y;
                            for (std::size_t i = 0; i < w; ++i) {
                                float x = g.origin_x + static_cast<float>(i) * g.step_x;
                                float want = noise.noise2(x, y);
                                if (testing::bits(out[j * stride + i]) != testing::bits(want)) {
                                    INFO(testing::name(path) << " origin " << ox << " step " << step << " width " << w
                                                            << " sample (" << i << ", " << j << ")");
                                    CHECK(testing::bits(out[j * stride + i]) == testing::bits(want));
                                }
                                ++compared;
                            }
                            for (std::size_t i = w; i < stride && j * stride + i < out.size(); ++i) {
                                CHECK(out[j * stride + i] == kGuard);  // padding untouched
                            }
                        }
                    }
                }
            }
            // 3D: rows are (y, z) pairs; a width that crosses the 512-column tile.
            for (float step : {0.01f, 0.7f, -1.0f / 32.0f}) {
                Grid3d g{-2.25f, 7.5f, 255.5f, step, 0.37f, 0.5f, 515, 3, 4};
                std::vector<float> out(515 * 3 * 4, kGuard);
                REQUIRE(path.fill_grid_3d(noise, g, out.data()).ok());
                const testing::Points at = testing::grid_points(g);
                for (std::size_t s = 0; s < at.size(); ++s) {
                    const float want = noise.noise3(at.x[s], at.y[s], at.z[s]);
                    if (testing::bits(out[s]) != testing::bits(want)) {
                        INFO(testing::name(path) << " 3D step " << step << " (" << s % g.size_x << ", "
                                                 << s / g.size_x % g.size_y << ", " << s / (g.size_x * g.size_y) << ")");
                        CHECK(testing::bits(out[s]) == testing::bits(want));
                    }
                    ++compared;
                }
            }
        }
    }
    MESSAGE(compared << " grid samples compared with the reference");
    // (about 950,000 per path: every ISA's path, the scalar one included, was compared)
    CHECK(compared > 900000 * testing::isa_paths().size());
}

TEST_CASE("grids with awkward sizes, origins and strides, into unaligned buffers") {
    struct Case {
        float ox, oy, oz, sx, sy, sz;
    };
    const Case cases[] = {
        {0.3f, 0.7f, 0.5f, 0.01f, 0.01f, 0.01f},          // the benchmark grid
        {-3.3f, 255.9f, -0.25f, 0.37f, -0.05f, 0.5f},     // negative origin, negative step, cell 255/256
        {-1024.0f, -1.0f, 16777216.0f, 1.0f, 0.25f, 3.0f},  // lattice-aligned samples, huge z
        {1e6f, -2e5f, 7.5f, 0.125f, 1.5f, -0.75f},
    };
    const std::size_t widths[] = {1, 7, 8, 9, 15, 17, 1023};
    const std::vector<testing::IsaPath> paths = testing::isa_paths();
    for (const Noise& noise : {Noise(2024u), Noise(2024u, Fade::quintic, gradnoise::Hash::mix)})
    for (const Case& c : cases) {
        for (std::size_t w : widths) {
            const std::size_t h = 5, d = 3, stride = w + 3, slice = stride * h + 2;
            for (int dims : {2, 3}) {
                std::size_t total = dims == 2 ? stride * h : slice * d;
                std::vector<float> ref(total + 1, -9.0f), got(total + 1, -9.0f);
                auto fill = [&](const testing::IsaPath& path, std::vector<float>& buf) {
                    float* out = buf.data() + 1;  // unaligned
                    if (dims == 2) {
                        gradnoise::Grid2d g{c.ox, c.oy, c.sx, c.sy, w, h};
                        REQUIRE(path.fill_grid_2d(noise, g, out, stride).ok());
                    } else {
                        gradnoise::Grid3d g{c.ox, c.oy, c.oz, c.sx, c.sy, c.sz, w, h, d};
                        REQUIRE(path.fill_grid_3d(noise, g, out, stride, slice).ok());
                    }
                };
                fill(paths.front(), ref);  // scalar
                for (const testing::IsaPath& path : paths) {
                    std::fill(got.begin(), got.end(), -9.0f);
                    fill(path, got);
                    INFO(testing::name(path) << " " << dims << "D width " << w << " origin " << c.ox);
                    long at = testing::first_bit_difference(ref, got);
                    CHECK(at == -1);
                    CHECK(testing::bits(got[0]) == testing::bits(-9.0f));  // before the buffer
                    CHECK(testing::bits(got[1 + w]) == testing::bits(-9.0f));  // row padding untouched
                }
                // The grid equals the per-point path (the scalar reference) at x_i = ox + float(i) * sx.
                float x2 = c.ox + static_cast<float>(w - 1) * c.sx;
                float y1 = c.oy + 1.0f * c.sy;
                float expect = dims == 2 ? noise.noise2(x2, y1) : noise.noise3(x2, y1, c.oz);
                CHECK(testing::bits(ref[1 + stride + (w - 1)]) == testing::bits(expect));
            }
        }
    }
}

TEST_CASE("grids of every variant equal the per-point reference") {
    NoiseDesc tiled;
    tiled.period_x = 8, tiled.period_y = 8, tiled.basis = Basis::classic;
    NoiseDesc warped;
    warped.warp = {2, 1.5f, 1.0f};
    NoiseDesc marble;
    marble.pattern = {Pattern::marble, 1.0f, 4.0f};
    marble.fractal = {Fractal::turbulence, 5, 1.0f, 2.0f, 0.5f};
    NoiseDesc value;
    value.basis = Basis::value, value.hash = Hash::mix, value.has_seed = true, value.seed = 5;
    for (const NoiseDesc& d : {tiled, warped, marble, value}) {
        Noise n = make(d);
        gradnoise::Grid2d g{-3.3f, 1.7f, 0.173f, 0.251f, 37, 5};
        gradnoise::Grid3d g3{-3.3f, 1.7f, 0.5f, 0.173f, 0.251f, 0.77f, 23, 3, 2};
        for (const testing::IsaPath& path : testing::isa_paths()) {
            std::vector<float> out(g.size_x * g.size_y), out3(g3.size_x * g3.size_y * g3.size_z);
            REQUIRE(path.fill_grid_2d(n, g, out.data()).ok());
            REQUIRE(path.fill_grid_3d(n, g3, out3.data()).ok());
            const testing::Points at = testing::grid_points(g), at3 = testing::grid_points(g3);
            for (std::size_t s = 0; s < at.size(); ++s) {
                INFO(testing::name(path) << " (" << s % g.size_x << ", " << s / g.size_x << ")");
                CHECK(testing::bits(out[s]) == testing::bits(n.noise2(at.x[s], at.y[s])));
            }
            for (std::size_t s = 0; s < at3.size(); ++s) {
                CHECK(testing::bits(out3[s]) == testing::bits(n.noise3(at3.x[s], at3.y[s], at3.z[s])));
            }
        }
    }
}

TEST_CASE("fractal and pattern grids take the fast path and equal the per-point reference at every sample") {
    // Every fractal kind, both fades and hashes, 1 to 32 octaves (the tile width shrinks with the
    // octave count: tiles and tails differ per case), the patterns, and grids whose far samples or
    // high octaves overflow to infinity (fractal() gives +0 where a coordinate is not finite).
    struct GridCase {
        float ox, oy, oz, sx, sy, sz;
        std::size_t w, h, d;
    };
    const GridCase grids[] = {
        {0.3f, 0.7f, 0.5f, 0.01f, 0.01f, 0.01f, 1030, 2, 2},            // the benchmark grid, tiles and a tail
        {-3.3f, 255.9f, -0.25f, 0.37f, -0.05f, 0.5f, 37, 3, 2},          // negative step, cell 255/256
        {-1024.0f, -1.0f, 16777216.0f, 1.0f, 0.25f, 3.0f, 67, 2, 2},     // lattice-aligned samples, huge z
        {3.0e38f, -3.0e38f, 1.0e38f, 1.0e37f, -2.0e37f, 1.0e37f, 45, 2, 2}  // overflow to +-inf
    };
    struct FieldCase {
        Fractal kind;
        int octaves;
        Fade fade;
        Hash hash;
        Pattern pattern;
    };
    const FieldCase fields[] = {
        {Fractal::fbm, 6, Fade::quintic, Hash::permutation, Pattern::none},
        {Fractal::fbm, 1, Fade::cubic, Hash::mix, Pattern::none},
        {Fractal::turbulence, 7, Fade::cubic, Hash::permutation, Pattern::none},
        {Fractal::ridged, 32, Fade::quintic, Hash::permutation, Pattern::none},
        {Fractal::ridged, 5, Fade::cubic, Hash::mix, Pattern::none},
        {Fractal::billow, 3, Fade::quintic, Hash::mix, Pattern::none},
        {Fractal::turbulence, 5, Fade::quintic, Hash::permutation, Pattern::marble},
        {Fractal::fbm, 4, Fade::cubic, Hash::mix, Pattern::wood},
        {Fractal::none, 1, Fade::quintic, Hash::permutation, Pattern::wood},
    };
    long compared = 0;
    for (const FieldCase& f : fields) {
        NoiseDesc d;
        d.fade = f.fade;
        d.hash = f.hash;
        d.has_seed = true, d.seed = 77;
        d.fractal = {f.kind, f.octaves, 1.3f, 2.0f, 0.5f};
        if (f.pattern != Pattern::none) {
            d.pattern = {f.pattern, 0.7f, 3.0f};
        }
        const Noise n = make(d);
        for (const GridCase& c : grids) {
            const Grid2d g{c.ox, c.oy, c.sx, c.sy, c.w, c.h};
            const Grid3d g3{c.ox, c.oy, c.oz, c.sx, c.sy, c.sz, c.w, c.h, c.d};
            std::vector<float> want(c.w * c.h), want3(c.w * c.h * c.d);
            for (std::size_t k = 0; k < c.d; ++k) {
                for (std::size_t j = 0; j < c.h; ++j) {
                    for (std::size_t i = 0; i < c.w; ++i) {
                        const float x = c.ox + static_cast<float>(i) * c.sx;
                        const float y = c.oy + static_cast<float>(j) * c.sy;
                        const float z = c.oz + static_cast<float>(k) * c.sz;
                        want3[(k * c.h + j) * c.w + i] = n.noise3(x, y, z);
                        if (k == 0) {
                            want[j * c.w + i] = n.noise2(x, y);
                        }
                    }
                }
            }
            for (const testing::IsaPath& path : testing::isa_paths()) {
                std::vector<float> got(want.size(), kGuard), got3(want3.size(), kGuard);
                REQUIRE(path.fill_grid_2d(n, g, got.data()).ok());
                REQUIRE(path.fill_grid_3d(n, g3, got3.data()).ok());
                INFO(testing::name(path) << " " << gradnoise::fractal_name(f.kind) << " " << f.octaves
                                         << " octaves, grid origin " << c.ox);
                CHECK(testing::first_bit_difference(want, got) == -1);
                CHECK(testing::first_bit_difference(want3, got3) == -1);
                compared += static_cast<long>(want.size() + want3.size());
            }
        }
    }
    MESSAGE(compared << " fractal grid samples compared with the reference");
}

TEST_CASE("any thread count, or the caller's arena, fills the same bits") {
    const Grid2d g{-13.3f, 7.1f, 0.0173f, 0.0211f, 301, 157};
    const Grid3d g3{0.3f, -0.7f, 0.5f, 0.05f, 0.07f, 0.11f, 67, 23, 9};
    for (const Noise& noise : {Noise(), make_fbm(5)}) {
        std::vector<float> want(g.size_x * g.size_y), want3(g3.size_x * g3.size_y * g3.size_z);
        REQUIRE(noise.fill_grid_2d(g, want.data()).ok());
        REQUIRE(noise.fill_grid_3d(g3, want3.data()).ok());
#if defined(GRADNOISE_NO_TBB)
        // A build without oneTBB spreads fills over std::threads, and refuses an arena by name.
        const bool arenas[] = {false};
        FillOptions with_arena;
        int not_an_arena = 0;
        with_arena.tbb_arena = &not_an_arena;
        std::vector<float> untouched(want.size(), kGuard);
        const gradnoise::Status refused = noise.fill_grid_2d(g, untouched.data(), 0, with_arena);
        CHECK(refused.code() == gradnoise::ErrorCode::invalid_argument);
        CHECK(std::string(refused.message()).find("options.tbb_arena needs a build with oneTBB") != std::string::npos);
        CHECK(untouched[0] == kGuard);
        void* engine_arena = nullptr;
#else
        const bool arenas[] = {false, true};
        tbb::task_arena arena(2);
        void* engine_arena = &arena;
#endif
        for (unsigned threads : {0u, 1u, 2u, 3u, 8u, 100u}) {
            for (bool use_arena : arenas) {
                FillOptions o;
                o.threads = threads;
                o.tbb_arena = use_arena ? engine_arena : nullptr;
                std::vector<float> got(want.size(), kGuard), got3(want3.size(), kGuard);
                REQUIRE(noise.fill_grid_2d(g, got.data(), 0, o).ok());
                REQUIRE(noise.fill_grid_3d(g3, got3.data(), 0, 0, o).ok());
                INFO("threads " << threads << (use_arena ? " in the caller's arena" : ""));
                CHECK(testing::first_bit_difference(want, got) == -1);
                CHECK(testing::first_bit_difference(want3, got3) == -1);
            }
        }
    }
    FillOptions too_many;
    too_many.threads = 5000;
    std::vector<float> out(g.size_x * g.size_y);
    CHECK(Noise().fill_grid_2d(g, out.data(), 0, too_many).code() == gradnoise::ErrorCode::invalid_argument);
}

TEST_CASE("progress reaches the total; stopping leaves done rows complete and memory intact") {
    struct Log {
        std::vector<std::size_t> done;
        std::size_t total = 0;
        std::size_t stop_after = ~std::size_t(0);
    };
    auto report = [](void* user, std::size_t done, std::size_t total) {
        Log& log = *static_cast<Log*>(user);
        log.done.push_back(done);
        log.total = total;
        return log.done.size() < log.stop_after;
    };
    const Grid2d g{0.5f, 0.25f, 0.01f, 0.01f, 200, 500};
    const Noise noise = make_fbm(3);
    std::vector<float> want(g.size_x * g.size_y);
    REQUIRE(noise.fill_grid_2d(g, want.data()).ok());
    for (unsigned threads : {1u, 2u, 4u}) {
        Log log;
        FillOptions o;
        o.threads = threads;
        o.progress = report;
        o.user = &log;
        std::vector<float> got(want.size());
        REQUIRE(noise.fill_grid_2d(g, got.data(), 0, o).ok());
        REQUIRE(!log.done.empty());
        CHECK(log.total == g.size_y);
        CHECK(log.done.back() == g.size_y);
        for (std::size_t i = 1; i < log.done.size(); ++i) {
            CHECK(log.done[i] > log.done[i - 1]);
        }
        CHECK(testing::first_bit_difference(want, got) == -1);

        Log stop;
        stop.stop_after = 1;
        o.user = &stop;
        std::vector<float> part(want.size() + 64, kGuard);
        gradnoise::Status s = noise.fill_grid_2d(g, part.data() + 32, 0, o);
        INFO("threads " << threads << ": " << s.message());
        CHECK(s.code() == gradnoise::ErrorCode::cancelled);
        REQUIRE(stop.done.size() >= 1);
        CHECK(stop.done.front() < g.size_y);
        std::size_t unwritten_rows = 0;
        for (std::size_t j = 0; j < g.size_y; ++j) {
            bool any_guard = false;
            for (std::size_t i = 0; i < g.size_x; ++i) {
                float v = part[32 + j * g.size_x + i];
                any_guard = any_guard || v == kGuard;
                if (v != kGuard) {
                    CHECK(testing::bits(v) == testing::bits(want[j * g.size_x + i]));  // written rows are right
                }
            }
            unwritten_rows += any_guard;
        }
        CHECK(unwritten_rows > 0);  // it did stop
        for (int i = 0; i < 32; ++i) {
            CHECK(part[i] == kGuard);
            CHECK(part[part.size() - 1 - i] == kGuard);
        }
    }
}

TEST_CASE("a single-threaded fill allocates nothing") {
    const Grid2d g{0.3f, 0.7f, 0.01f, 0.01f, 1024, 256};
    std::vector<float> out(g.size_x * g.size_y);
    for (const Noise& noise : {Noise(), make_fbm(8), Noise(3u, Fade::quintic, Hash::mix)}) {
        REQUIRE(noise.fill_grid_2d(g, out.data()).ok());  // first call: resolves the ISA
        long before = g_news.load();
        gradnoise::Status s = noise.fill_grid_2d(g, out.data());
        long after = g_news.load();
        CHECK(s.ok());
        CHECK(after - before == 0);
        FillOptions two;
        two.threads = 2;
        before = g_news.load();
        s = noise.fill_grid_2d(g, out.data(), 0, two);
        after = g_news.load();
        CHECK(s.ok());
        MESSAGE("operator new calls in a 2-thread fill (oneTBB's arena and tasks): " << after - before);
        const gradnoise::Chunk2d chunk{(std::int64_t(1) << 40) + 7, -3, 1024, 256, 1.0f / 64.0f};
        REQUIRE(noise.fill_chunk_2d(chunk, out.data()).ok());
        before = g_news.load();
        s = noise.fill_chunk_2d(chunk, out.data());
        after = g_news.load();
        CHECK(s.ok());
        CHECK(after - before == 0);  // chunk coordinates live on the stack
    }
}

}  // TEST_SUITE
