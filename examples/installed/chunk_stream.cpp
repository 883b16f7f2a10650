// Streams terrain chunks around a moving camera, as an engine would: each frame the camera moves,
// the chunks that came into view are filled (on the calling thread: no allocation, no thread,
// no lock in the fill), and chunks that left are dropped. One camera path runs near the origin,
// one 60 million units out; both must produce smooth terrain, and a chunk refilled later must come
// back bit for bit. Built against the installed package (find_package(gradnoise CONFIG)).
#include <gradnoise/gradnoise.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <utility>
#include <vector>

namespace {

constexpr int chunk = 64;               // samples per chunk side
constexpr float spacing = 1.0f / 32.0f; // noise units between samples (1 world unit per sample)
constexpr int view = 2;                 // chunks loaded around the camera's chunk, each way

struct World {
    gradnoise::Noise noise;
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<float>> loaded;
    int fills = 0;

    bool ensure(std::int64_t cx, std::int64_t cy) {
        auto key = std::make_pair(cx, cy);
        if (loaded.count(key)) return true;
        std::vector<float> samples(chunk * chunk);
        gradnoise::Chunk2d c{cx * chunk, cy * chunk, chunk, chunk, spacing};
        gradnoise::Status s = noise.fill_chunk_2d(c, samples.data());
        if (!s) {
            std::fprintf(stderr, "fill_chunk_2d: %s\n", s.message());
            return false;
        }
        loaded.emplace(key, std::move(samples));
        ++fills;
        return true;
    }

    // Loads the chunks around sample (x, y) and unloads the far ones.
    bool move_to(std::int64_t x, std::int64_t y) {
        std::int64_t cx = x >= 0 ? x / chunk : -((-x + chunk - 1) / chunk), cy = y >= 0 ? y / chunk : -((-y + chunk - 1) / chunk);
        for (auto it = loaded.begin(); it != loaded.end();) {
            bool far = std::llabs(it->first.first - cx) > view || std::llabs(it->first.second - cy) > view;
            it = far ? loaded.erase(it) : std::next(it);
        }
        for (std::int64_t dy = -view; dy <= view; ++dy)
            for (std::int64_t dx = -view; dx <= view; ++dx)
                if (!ensure(cx + dx, cy + dy)) return false;
        return true;
    }

    // Largest difference between neighbouring samples across every loaded chunk's rows.
    double roughness() const {
        double m = 0;
        for (const auto& [key, v] : loaded)
            for (int j = 0; j < chunk; ++j)
                for (int i = 0; i + 1 < chunk; ++i) m = std::fmax(m, std::fabs(v[j * chunk + i + 1] - v[j * chunk + i]));
        return m;
    }
};

}  // namespace

int main() {
    gradnoise::NoiseDesc desc;
    desc.fractal = {gradnoise::Fractal::fbm, 6, 1.0f, 2.0f, 0.5f};
    World near, far;
    if (!gradnoise::Noise::create(desc, &near.noise) || !gradnoise::Noise::create(desc, &far.noise)) return 1;
    const std::int64_t far_origin = static_cast<std::int64_t>(60000000.0 / spacing);  // 60 million units out
    std::vector<float> first_near;
    for (int frame = 0; frame < 40; ++frame) {
        std::int64_t x = frame * 37, y = frame * 11;  // the camera moves 37 and 11 samples per frame
        if (!near.move_to(x, y) || !far.move_to(far_origin + x, y)) return 1;
        if (frame == 0) first_near = near.loaded.begin()->second;
    }
    // Come back to the start: the chunk is refilled and must be identical.
    near.move_to(0, 0);
    const std::vector<float>& again = near.loaded.begin()->second;
    int failures = 0;
    failures += std::memcmp(again.data(), first_near.data(), first_near.size() * sizeof(float)) != 0;
    double rn = near.roughness(), rf = far.roughness();
    failures += !(rf < 1.5 * rn && rf > 0.5 * rn);  // as smooth 60 million units out
    std::printf("chunks filled: %d near, %d far; largest neighbour step %.4f near, %.4f at 6e7; isa %s; %s\n",
                near.fills, far.fills, rn, rf, gradnoise::isa_name(gradnoise::active_isa()),
                failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
