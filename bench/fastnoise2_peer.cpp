// FastNoise2 built and called as its users do (its own CMake build, Release, its default flags; this
// TU with the compiler's default FP flags): see fastnoise2_peer.hpp.
#include "fastnoise2_peer.hpp"

#include <FastNoise/FastNoise.h>

#include <cstring>
#include <limits>
#include <thread>
#include <vector>

namespace peer {
namespace {

constexpr int kSeed = 1337;

FastSIMD::FeatureSet level_of(const char* isa) {
    if (std::strcmp(isa, "sse2") == 0) return FastSIMD::FeatureSet::SSE2;
    if (std::strcmp(isa, "avx2") == 0) return FastSIMD::FeatureSet::AVX2;
    if (std::strcmp(isa, "avx512") == 0) return FastSIMD::FeatureSet::AVX512;
    return FastSIMD::FeatureSet::Invalid;
}

FastNoise::SmartNode<> make_node(Fn2Field field, FastSIMD::FeatureSet level) {
    switch (field) {
        case Fn2Field::perlin: {
            auto n = FastNoise::New<FastNoise::Perlin>(level);
            n->SetScale(1.0f);
            return n;
        }
        case Fn2Field::fbm_perlin: {
            auto source = FastNoise::New<FastNoise::Perlin>(level);
            source->SetScale(1.0f);
            auto n = FastNoise::New<FastNoise::FractalFBm>(level);
            n->SetSource(source);
            n->SetOctaveCount(6);
            n->SetLacunarity(2.0f);
            n->SetGain(0.5f);
            return n;
        }
        case Fn2Field::simplex: {
            auto n = FastNoise::New<FastNoise::Simplex>(level);
            n->SetScale(1.0f);
            return n;
        }
        case Fn2Field::supersimplex: {
            auto n = FastNoise::New<FastNoise::SuperSimplex>(level);
            n->SetScale(1.0f);
            return n;
        }
        case Fn2Field::cellular_f1: {
            auto n = FastNoise::New<FastNoise::CellularDistance>(level);
            n->SetScale(1.0f);
            n->SetDistanceFunction(FastNoise::DistanceFunction::Euclidean);
            n->SetGridJitter(1.0f);
            n->SetDistanceIndex0(0);
            n->SetReturnType(FastNoise::CellularDistance::ReturnType::Index0);
            return n;
        }
    }
    return {};
}

// Batch calls take int counts: split anything larger (the workloads are 2^20 samples).
constexpr std::size_t kMaxBatch = static_cast<std::size_t>(std::numeric_limits<int>::max());

class Node final : public Fn2 {
public:
    explicit Node(FastNoise::SmartNode<> n) : node_(std::move(n)) {}
    void grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out) const override {
        node_->GenUniformGrid2D(out, ox, oy, static_cast<int>(nx), static_cast<int>(ny), step, step, kSeed);
    }
    void grid3(float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny, std::size_t nz,
               float* out) const override {
        node_->GenUniformGrid3D(out, ox, oy, oz, static_cast<int>(nx), static_cast<int>(ny), static_cast<int>(nz), step,
                                step, step, kSeed);
    }
    void points2(const float* x, const float* y, float* out, std::size_t n) const override {
        for (std::size_t i = 0; i < n; i += kMaxBatch) {
            const std::size_t m = n - i < kMaxBatch ? n - i : kMaxBatch;
            node_->GenPositionArray2D(out + i, static_cast<int>(m), x + i, y + i, 0.0f, 0.0f, kSeed);
        }
    }
    void points3(const float* x, const float* y, const float* z, float* out, std::size_t n) const override {
        for (std::size_t i = 0; i < n; i += kMaxBatch) {
            const std::size_t m = n - i < kMaxBatch ? n - i : kMaxBatch;
            node_->GenPositionArray3D(out + i, static_cast<int>(m), x + i, y + i, z + i, 0.0f, 0.0f, 0.0f, kSeed);
        }
    }

private:
    FastNoise::SmartNode<> node_;
};

}  // namespace

namespace {

// band(first, last) for `threads` contiguous bands of 0 .. n, each on its own std::thread.
template <class Band>
void on_threads(std::size_t n, unsigned threads, Band&& band) {
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) {
        pool.emplace_back(band, n * t / threads, n * (t + 1) / threads);
    }
    for (std::thread& t : pool) {
        t.join();
    }
}

}  // namespace

void Fn2::grid2_threads(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out,
                        unsigned threads) const {
    on_threads(ny, threads, [=](std::size_t first, std::size_t last) {
        grid2(ox, oy + static_cast<float>(first) * step, step, nx, last - first, out + first * nx);
    });
}

void Fn2::grid3_threads(float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny, std::size_t nz,
                        float* out, unsigned threads) const {
    on_threads(nz, threads, [=](std::size_t first, std::size_t last) {
        grid3(ox, oy, oz + static_cast<float>(first) * step, step, nx, ny, last - first, out + first * nx * ny);
    });
}

std::unique_ptr<Fn2> make_fastnoise2(Fn2Field field, const char* isa) {
    const FastSIMD::FeatureSet level = level_of(isa);
    if (level == FastSIMD::FeatureSet::Invalid) {
        return nullptr;
    }
    FastNoise::SmartNode<> node = make_node(field, level);
    // FastSIMD falls back to the best level it has below the cap: insist on the level itself.
    if (!node || node->GetActiveFeatureSet() != level) {
        return nullptr;
    }
    return std::make_unique<Node>(std::move(node));
}

const char* fastnoise2_version() {
#ifdef FASTNOISE2_VERSION
    return FASTNOISE2_VERSION;
#else
    return "unknown";
#endif
}

}  // namespace peer
