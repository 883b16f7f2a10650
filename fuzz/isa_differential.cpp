// Fuzz target, differential: arbitrary float bit patterns (NaN, infinities, denormals, huge and
// lattice-exact values among them) through every ISA this CPU has against the scalar reference,
// for a field the input also chooses (basis, fade, hash, seed, fractal, periods, warp, pattern).
// Values and analytic gradients, in 2D, 3D and 4D, and chunks at arbitrary 64-bit sample numbers,
// must be bit-equal to the scalar path's (docs/spec.md: every path gives the same bits).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "gradnoise/gradnoise.hpp"

using namespace gradnoise;

namespace {

constexpr Isa simd_isas[] = {Isa::sse2, Isa::avx2, Isa::avx512, Isa::neon};

NoiseDesc fuzzed_desc(FuzzedDataProvider& in) {
    NoiseDesc d;
    d.basis = static_cast<Basis>(in.ConsumeIntegralInRange<int>(0, 6));
    d.fade = static_cast<Fade>(in.ConsumeIntegralInRange<int>(0, 1));
    d.hash = static_cast<Hash>(in.ConsumeIntegralInRange<int>(0, 1));
    if (in.ConsumeBool()) d.has_seed = true, d.seed = in.ConsumeIntegral<std::uint64_t>();
    d.fractal.kind = static_cast<Fractal>(in.ConsumeIntegralInRange<int>(0, 5));
    d.fractal.octaves = in.ConsumeIntegralInRange<int>(1, 6);
    d.fractal.frequency = in.ConsumeFloatingPointInRange<float>(0.01f, 8.0f);
    d.fractal.lacunarity = in.ConsumeBool() ? 2.0f : in.ConsumeFloatingPointInRange<float>(0.5f, 4.0f);
    d.fractal.persistence = in.ConsumeFloatingPointInRange<float>(0.05f, 1.0f);
    if (in.ConsumeBool()) {
        const int p = 1 << in.ConsumeIntegralInRange<int>(0, 8);
        d.period_x = d.period_y = d.period_z = d.period_w = p;
    }
    if (in.ConsumeBool()) {
        d.warp.levels = in.ConsumeIntegralInRange<int>(1, 2);
        d.warp.strength = in.ConsumeFloatingPointInRange<float>(-4.0f, 4.0f);
        d.warp.frequency = in.ConsumeFloatingPointInRange<float>(0.05f, 4.0f);
    } else if (in.ConsumeBool()) {
        d.pattern.kind = static_cast<Pattern>(in.ConsumeIntegralInRange<int>(1, 2));
        d.pattern.frequency = in.ConsumeFloatingPointInRange<float>(0.05f, 4.0f);
        d.pattern.strength = in.ConsumeFloatingPointInRange<float>(-8.0f, 8.0f);
    }
    d.cellular.distance = static_cast<CellularDistance>(in.ConsumeIntegralInRange<int>(0, 3));
    d.cellular.output = static_cast<CellularOutput>(in.ConsumeIntegralInRange<int>(0, 8));  // (edge refuses two distances)
    d.cellular.jitter = in.ConsumeFloatingPointInRange<float>(0.0f, 1.0f);
    return d;
}

void same_bits(const std::vector<float>& a, const std::vector<float>& b, const char* what, Isa isa) {
    if (a.size() != b.size() || (!a.empty() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) != 0)) {
        for (std::size_t i = 0; i < a.size(); ++i) {
            std::uint32_t x, y;
            std::memcpy(&x, &a[i], 4);
            std::memcpy(&y, &b[i], 4);
            if (x != y) {
                std::fprintf(stderr, "%s: %s gives 0x%08x at %zu, the scalar path 0x%08x\n", what, isa_name(isa), y, i, x);
                break;
            }
        }
        std::abort();
    }
}

// Every output of one field on the active ISA, appended plane after plane.
std::vector<float> outputs(const Noise& noise, const std::vector<float>* c, std::size_t n, const Chunk2d& chunk,
                           const Chunk3d& chunk3, bool chunks_ok) {
    std::vector<float> all, out(n), planes(5 * n);
    auto append = [&](const std::vector<float>& v) { all.insert(all.end(), v.begin(), v.end()); };
    const GradientOut g{planes.data(), planes.data() + n, planes.data() + 2 * n, planes.data() + 3 * n,
                        planes.data() + 4 * n};
    const bool cellular = noise.desc().basis == Basis::cellular;
    if (noise.evaluate_2d(c[0].data(), c[1].data(), out.data(), n)) append(out);
    if (noise.evaluate_3d(c[0].data(), c[1].data(), c[2].data(), out.data(), n)) append(out);
    if (!cellular && noise.evaluate_4d(c[0].data(), c[1].data(), c[2].data(), c[3].data(), out.data(), n)) append(out);
    if (noise.evaluate_gradient_2d(c[0].data(), c[1].data(), g, n)) append(planes);
    if (noise.evaluate_gradient_3d(c[0].data(), c[1].data(), c[2].data(), g, n)) append(planes);
    if (!cellular && noise.evaluate_gradient_4d(c[0].data(), c[1].data(), c[2].data(), c[3].data(), g, n)) append(planes);
    if (chunks_ok) {
        std::vector<float> v(chunk.size_x * chunk.size_y), v3(chunk3.size_x * chunk3.size_y * chunk3.size_z);
        if (noise.fill_chunk_2d(chunk, v.data())) append(v);
        if (noise.fill_chunk_3d(chunk3, v3.data())) append(v3);
    }
    return all;
}

// Fields made once (a field's tables take ~0.5 MiB and most of an input's time): each family, fade,
// hash, fractal kind, period, warp and pattern at least once.
const std::vector<Noise>& made_fields() {
    static const std::vector<Noise> fields = [] {
        std::vector<NoiseDesc> descs(14);
        descs[1].fade = Fade::cubic, descs[1].hash = Hash::mix, descs[1].has_seed = true, descs[1].seed = 77;
        descs[2].basis = Basis::classic, descs[2].period_x = descs[2].period_y = descs[2].period_z = descs[2].period_w = 8;
        descs[3].basis = Basis::value, descs[3].fractal = {Fractal::billow, 3, 1.5f, 2.0f, 0.5f};
        descs[4].basis = Basis::isotropic, descs[4].fractal = {Fractal::damped, 4, 0.8f, 2.0f, 0.5f};
        descs[5].fractal = {Fractal::fbm, 5, 1.0f, 2.0f, 0.5f}, descs[5].period_x = descs[5].period_y = 4;
        descs[6].fractal = {Fractal::ridged, 4, 0.7f, 2.1f, 0.55f};
        descs[7].fractal = {Fractal::turbulence, 3, 1.0f, 2.0f, 0.5f}, descs[7].pattern = {Pattern::marble, 0.9f, 4.0f};
        descs[8].pattern = {Pattern::wood, 0.9f, 0.2f};
        descs[9].warp = {2, 0.8f, 0.5f}, descs[9].fractal = {Fractal::fbm, 2, 1.0f, 2.0f, 0.5f};
        descs[10].basis = Basis::opensimplex2, descs[10].has_seed = true, descs[10].seed = 1337;
        descs[11].basis = Basis::opensimplex2s, descs[11].fractal = {Fractal::fbm, 3, 0.6f, 2.0f, 0.5f};
        descs[12].basis = Basis::cellular, descs[12].cellular = {CellularDistance::euclidean, CellularOutput::f1, 1.0f};
        descs[13].basis = Basis::cellular, descs[13].cellular = {CellularDistance::chebyshev, CellularOutput::f2_minus_f1, 0.6f};
        // Issue 26: the simplex families' mix variant (picked by inputs 240..247, below).
        descs.resize(16);
        descs[14].basis = Basis::opensimplex2, descs[14].hash = Hash::mix, descs[14].has_seed = true, descs[14].seed = 9;
        descs[15].basis = Basis::opensimplex2s, descs[15].hash = Hash::mix, descs[15].fractal = {Fractal::ridged, 3, 0.7f, 2.0f, 0.5f};
        std::vector<Noise> made(descs.size());
        for (std::size_t i = 0; i < descs.size(); ++i) {
            if (!Noise::create(descs[i], &made[i])) std::abort();
        }
        return made;
    }();
    return fields;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    // Mostly the fields made once; one input in 32 describes a field of its own.
    const std::uint8_t pick = in.ConsumeIntegral<std::uint8_t>();
    Noise noise;
    if (pick < 240) {
        noise = made_fields()[pick % 14];  // (14: the corpus's picks keep their fields)
    } else if (pick < 248) {
        noise = made_fields()[14 + pick % 2];
    } else if (!Noise::create(fuzzed_desc(in), &noise)) {
        return 0;
    }
    Chunk2d chunk{in.ConsumeIntegral<std::int64_t>(), in.ConsumeIntegral<std::int64_t>(),
                  in.ConsumeIntegralInRange<std::size_t>(1, 19), in.ConsumeIntegralInRange<std::size_t>(1, 3), 1.0f};
    Chunk3d chunk3{in.ConsumeIntegral<std::int64_t>(), in.ConsumeIntegral<std::int64_t>(), in.ConsumeIntegral<std::int64_t>(),
                   in.ConsumeIntegralInRange<std::size_t>(1, 11), 2, 2, 1.0f};
    {
        const std::uint32_t bits = in.ConsumeIntegral<std::uint32_t>();
        float spacing;
        std::memcpy(&spacing, &bits, 4);
        chunk.spacing = chunk3.spacing = spacing;  // any bits: invalid ones must be refused alike
    }
    // The rest: points, four float bit patterns each (up to 64 points: the SIMD bodies and tails).
    std::vector<float> c[4];
    while (in.remaining_bytes() >= 16 && c[0].size() < 64) {
        for (auto& v : c) {
            const std::uint32_t bits = in.ConsumeIntegral<std::uint32_t>();
            float f;
            std::memcpy(&f, &bits, 4);
            v.push_back(f);
        }
    }
    const std::size_t n = c[0].size();
    if (!force_isa(Isa::scalar)) std::abort();
    const std::vector<float> reference = outputs(noise, c, n, chunk, chunk3, true);
    // The scalar array path against the one-point reference functions.
    for (std::size_t i = 0; i < n; ++i) {
        float v = noise.noise2(c[0][i], c[1][i]), a;
        if (noise.evaluate_2d(&c[0][i], &c[1][i], &a, 1) && std::memcmp(&v, &a, 4) != 0) std::abort();
    }
    for (Isa isa : simd_isas) {
        if (!isa_supported(isa) || !force_isa(isa)) continue;
        same_bits(reference, outputs(noise, c, n, chunk, chunk3, true), "values, gradients and chunks", isa);
    }
    reset_isa();
    return 0;
}
