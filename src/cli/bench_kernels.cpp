// gradnoise bench — the kernels' workloads: the fields (issue 13's families among them), the random
// points and grids, each kernel's call on gradnoise and on stb_perlin, split over the library's threads.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "../parallel/parallel.hpp"

#include "bench_kernels.hpp"
#include "options.hpp"
#include "stb_yardstick.hpp"

namespace gradnoise::cli {
namespace {

// 2^k uniform points in [-500, 500)^4 from a fixed xorshift64* sequence (the benchmark suite's).
struct PointSet {
    std::vector<float> x, y, z, w;
    explicit PointSet(std::size_t n) {
        std::uint64_t s = 0x9E3779B97F4A7C15ull;
        auto next = [&] {
            s ^= s >> 12;
            s ^= s << 25;
            s ^= s >> 27;
            const std::uint64_t r = s * 0x2545F4914F6CDD1Dull;
            return -500.0f + 1000.0f * (static_cast<float>(r >> 40) * (1.0f / 16777216.0f));
        };
        for (std::vector<float>* v : {&x, &y, &z, &w}) {
            v->resize(n);
            for (float& f : *v) f = next();
        }
    }
};

// Runs part(first, last) over [0, n) split into `threads` contiguous parts on the threads the
// library's fills use (parallel.hpp). With oneTBB, in an arena of that many threads made once per count
// (its start-up is not what is measured); without it, on std::threads started per call, as the fills do.
class Splitter {
public:
    void operator()(std::size_t n, unsigned threads, const std::function<void(std::size_t, std::size_t)>& part) {
        if (threads <= 1 || n < 2) {
            part(0, n);
            return;
        }
        const std::size_t t = std::min<std::size_t>(threads, n);
        auto each = [&](std::size_t first, std::size_t last) {
            for (std::size_t i = first; i < last; ++i) {
                part(n * i / t, n * (i + 1) / t);
            }
        };
#if defined(GRADNOISE_NO_TBB)
        parallel::for_blocks(t, 1, static_cast<unsigned>(t), each);
#else
        auto& arena = arenas_[t];
        if (!arena) {
            arena = std::make_unique<tbb::task_arena>(static_cast<int>(t));
        }
        parallel::for_blocks(t, 1, static_cast<unsigned>(t), each, arena.get());
#endif
    }

private:
#if !defined(GRADNOISE_NO_TBB)
    std::map<std::size_t, std::unique_ptr<tbb::task_arena>> arenas_;
#endif
};

void check(Status s, const char* what) {
    if (!s) fail(std::string(what) + ": " + s.message());
}

}  // namespace

struct Workloads::Data {
    Noise perlin, fbm, simplex, smooth, cellular;
    PointSet points;
    std::vector<float> out;
    std::size_t side2, side3;  // grids: side2^2 and (2 side3) x (2 side3) x side3
    std::vector<Kernel> kernels;
    Splitter split;

    explicit Data(std::size_t samples) : points(samples) {
        NoiseDesc d;
        d.fractal = {Fractal::fbm, 6, 1.0f, 2.0f, 0.5f};
        check(Noise::create(d, &fbm), "fbm");
        // Issue 13's families: OpenSimplex2 (2D standard, 3D ImproveXY) and OpenSimplex2S with
        // seed 1337, cellular F1 (Euclidean, jitter 1).
        NoiseDesc family;
        family.has_seed = true;
        family.seed = 1337;
        family.basis = Basis::opensimplex2;
        check(Noise::create(family, &simplex), "opensimplex2");
        family.basis = Basis::opensimplex2s;
        check(Noise::create(family, &smooth), "opensimplex2s");
        family.basis = Basis::cellular;
        check(Noise::create(family, &cellular), "cellular");
        side2 = std::max<std::size_t>(8, static_cast<std::size_t>(std::sqrt(static_cast<double>(samples))));
        side3 = std::max<std::size_t>(4, static_cast<std::size_t>(std::cbrt(static_cast<double>(samples) / 4.0) + 1e-9));
        const std::size_t n = samples, n2 = side2 * side2, n3 = 4 * side3 * side3 * side3;
        out.resize(std::max({n, n2, n3}));
        const std::string pts = std::to_string(n) + " uniform random points in [-500, 500)";
        const std::string g2 = std::to_string(side2) + "x" + std::to_string(side2) + " grid, origin (0.3, 0.7), step 0.01";
        const std::string g3 = std::to_string(2 * side3) + "x" + std::to_string(2 * side3) + "x" + std::to_string(side3) +
                               " grid, origin (0.3, 0.7, 0.5), step 0.01";
        // The stb_perlin peer of a workload: plain noise, or fBm for the fractal workloads.
        auto stb_kind = [](bool fbm_peer) { return fbm_peer ? yardstick::Fractal::fbm : yardstick::Fractal::none; };
        auto points3 = [this, n, stb_kind](const Noise& noise, bool fbm_peer) {
            return [this, n, &noise, fbm_peer, stb_kind](Impl impl, unsigned t) {
                split(n, t, [&](std::size_t a, std::size_t b) {
                    if (impl == Impl::stb) {
                        yardstick::stb_points3(stb_kind(fbm_peer), &points.x[a], &points.y[a], &points.z[a], &out[a], b - a);
                    } else {
                        (void)noise.evaluate_3d(&points.x[a], &points.y[a], &points.z[a], &out[a], b - a);
                    }
                });
            };
        };
        kernels.push_back({"perlin2/points", "noise2 at " + pts, n, true, [this, n](Impl impl, unsigned t) {
                               split(n, t, [&](std::size_t a, std::size_t b) {
                                   if (impl == Impl::stb) {
                                       yardstick::stb_points2(&points.x[a], &points.y[a], &out[a], b - a);
                                   } else {
                                       (void)perlin.evaluate_2d(&points.x[a], &points.y[a], &out[a], b - a);
                                   }
                               });
                           }});
        kernels.push_back({"perlin3/points", "noise3 at " + pts, n, true, points3(perlin, false)});
        kernels.push_back({"perlin4/points", "noise4 at " + pts + " (stb_perlin has no 4D)", n, false,
                           [this, n](Impl, unsigned t) {
                               split(n, t, [&](std::size_t a, std::size_t b) {
                                   (void)perlin.evaluate_4d(&points.x[a], &points.y[a], &points.z[a], &points.w[a],
                                                            &out[a], b - a);
                               });
                           }});
        kernels.push_back({"fbm3_6oct/points",
                           "fBm, 6 octaves, lacunarity 2, persistence 0.5, 3D, at " + pts +
                               " (stb: stb_perlin_fbm_noise3, same octaves)",
                           n, true, points3(fbm, true)});
        auto grid2 = [this, stb_kind](const Noise& noise, bool fbm_peer) {
            return [this, &noise, fbm_peer, stb_kind](Impl impl, unsigned t) {
                if (impl == Impl::stb) {
                    split(side2, t, [&](std::size_t a, std::size_t b) {
                        yardstick::stb_grid_rows(stb_kind(fbm_peer), {2, 0.3f, 0.7f, 0.0f, 0.01f, side2, side2, a, b}, out.data());
                    });
                    return;
                }
                FillOptions o;
                o.threads = t;
                (void)noise.fill_grid_2d({0.3f, 0.7f, 0.01f, 0.01f, side2, side2}, out.data(), 0, o);
            };
        };
        auto grid3 = [this, stb_kind](const Noise& noise, bool fbm_peer) {
            return [this, &noise, fbm_peer, stb_kind](Impl impl, unsigned t) {
                const std::size_t nx = 2 * side3, ny = 2 * side3, nz = side3;
                if (impl == Impl::stb) {
                    split(ny * nz, t, [&](std::size_t a, std::size_t b) {
                        yardstick::stb_grid_rows(stb_kind(fbm_peer), {3, 0.3f, 0.7f, 0.5f, 0.01f, nx, ny, a, b}, out.data());
                    });
                    return;
                }
                FillOptions o;
                o.threads = t;
                (void)noise.fill_grid_3d({0.3f, 0.7f, 0.5f, 0.01f, 0.01f, 0.01f, nx, ny, nz}, out.data(), 0, 0, o);
            };
        };
        kernels.push_back({"perlin2/grid", "noise2 on a " + g2, n2, true, grid2(perlin, false)});
        kernels.push_back({"perlin3/grid", "noise3 on a " + g3, n3, true, grid3(perlin, false)});
        kernels.push_back({"fbm2_6oct/grid", "fBm, 6 octaves, 2D, on a " + g2 + " (stb: fbm_noise3 at z = 0)", n2,
                           true, grid2(fbm, true)});
        kernels.push_back({"fbm3_6oct/grid", "fBm, 6 octaves, 3D, on a " + g3, n3, true, grid3(fbm, true)});
        // The other families; stb_perlin's Perlin noise on the same samples is their yardstick.
        kernels.push_back({"simplex2/grid", "OpenSimplex2 2D on a " + g2 + " (stb: perlin noise, same grid)", n2, true,
                           grid2(simplex, false)});
        kernels.push_back({"simplex3/points", "OpenSimplex2 3D (ImproveXY) at " + pts + " (stb: perlin noise3)", n, true,
                           points3(simplex, false)});
        kernels.push_back({"opensimplex2s2/grid", "OpenSimplex2S 2D on a " + g2 + " (stb: perlin noise, same grid)", n2,
                           true, grid2(smooth, false)});
        kernels.push_back({"cellular2/grid", "cellular F1, Euclidean, 2D on a " + g2 + " (stb: perlin noise, same grid)",
                           n2, true, grid2(cellular, false)});
        kernels.push_back({"cellular3/grid", "cellular F1, Euclidean, 3D on a " + g3 + " (stb: perlin noise3, same grid)",
                           n3, true, grid3(cellular, false)});
    }
};

Workloads::Workloads(std::size_t samples) : data_(std::make_unique<Data>(samples)) {}

Workloads::~Workloads() = default;

const std::vector<Kernel>& Workloads::kernels() const { return data_->kernels; }

}  // namespace gradnoise::cli
