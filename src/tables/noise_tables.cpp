// What a Noise owns (tables/noise_tables.hpp), built once when it is made: the descriptor as
// normalised, the octave constants (float32 and binary64), the Perlin chain tables, the classic
// gradients and the value-noise corners. Every table encodes exactly the integers and floats the
// spec's per-sample recurrences produce, so building them once changes speed only.
#include "tables/noise_tables.hpp"

#include <cmath>
#include <memory>

#include "reference/reference.hpp"
#include "tables/band_limit.hpp"
#include "tables/simplex_constants.hpp"
#include "tables/simplex_tiling.hpp"
#include "tables/splitmix64.hpp"

namespace gradnoise::detail {
namespace {

// [S 10.1, 10.2] A float in [-1, 1) from the top 24 bits of a SplitMix64 output (exact).
float signed_unit(SplitMix64& rng) noexcept {
    std::int32_t v = static_cast<std::int32_t>(rng.next() >> 40) - (1 << 23);
    return static_cast<float>(v) * 0x1p-23f;
}

}  // namespace

void build_chain_tables(const PermutationTable& p, PermutationChainTables& t) noexcept {
    auto byte = [](int v, int at) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(v) << (8 * at)); };
    for (int n = 0; n < 256; ++n) {
        t.index_p[n] = static_cast<std::uint8_t>(p[n] & 15);
        t.index_pp[n] = static_cast<std::uint8_t>(p[p[n]] & 15);
        t.code_z[n] = byte(gradient_code(p[n]), 0) | byte(gradient_code(p[n + 1]), 1);
    }
    for (int Y = 0; Y < 256; ++Y) {
        for (int X = 0; X < 256; ++X) {
            // [S 3] A = p[X] + Y, B = p[X+1] + Y; level two is p[A], p[B], p[A+1], p[B+1].
            int A = p[X] + Y, B = p[X + 1] + Y;
            int a00 = p[A], a10 = p[B], a01 = p[A + 1], a11 = p[B + 1];
            const int at = PermutationChainTables::chain_index(X, Y);
            t.hash_xy[at] = byte(a00, 0) | byte(a10, 1) | byte(a01, 2) | byte(a11, 3);
            // [S 5] 2D: Z = 0, so the corner hash is p[a_ij].
            t.corner_code_2d[at] = byte(gradient_code(p[a00]), 0) | byte(gradient_code(p[a10]), 1) |
                                   byte(gradient_code(p[a01]), 2) | byte(gradient_code(p[a11]), 3);
        }
    }
}

void build_octaves(NoiseTables& t) noexcept {
    // [S 8] the same recurrences the reference runs per sample, once.
    OctaveTable& o = t.octaves;
    const FractalParams& p = t.fractal;
    const NoiseDesc& d = t.desc;
    const int periods[4] = {d.period_x, d.period_y, d.period_z, d.period_w};
    const float offsets[4] = {octave_offset_x, octave_offset_y, octave_offset_z, octave_offset_w};
    o.kind = p.kind;
    o.octaves = p.kind == Fractal::none ? 1 : p.octaves;
    OctaveConstants<double>& w = t.octaves_f64;
    for (int dims = 0; dims <= 4; ++dims) {
        o.bias[dims] = 0.0f;
        w.bias[dims] = 0.0;
    }
    // [S 8.1] the band limit: weights w_k, the faded share (a_k - a_k w_k) summed per dimension
    // count into the bias, the octaves of weight 0 (the last ones) not evaluated.
    const float footprint = p.kind == Fractal::none ? 0.0f : p.footprint, scale = band_scale(d.basis);
    int evaluated = 0;
    float frequency = p.frequency, amplitude = 1.0f, amplitude_sum = 0.0f;
    int period[4] = {periods[0], periods[1], periods[2], periods[3]};
    const bool simplex = basis_family(d.basis) == BasisFamily::simplex;
    const long long cap = simplex ? simplex_max_period : 256;
    for (int k = 0; k < max_octaves; ++k) {
        float kf = static_cast<float>(k);
        const float w = band_weight(frequency, footprint, scale);
        o.frequency[k] = frequency;
        o.amplitude[k] = amplitude * w;
        if (k < o.octaves && (k == 0 || w != 0.0f)) {
            evaluated = k + 1;
        }
        if (k < o.octaves && footprint != 0.0f) {
            for (int dims = 2; dims <= 4; ++dims) {
                o.bias[dims] = o.bias[dims] + (amplitude - o.amplitude[k]) * t.band_mean[dims];
            }
        }
        // [S 16.8] the simplex families' wrap of octave k (their periods, capped at 768)
        if (simplex) {
            t.simplex_tiling[k] = simplex_tiling(period);
        }
        for (int a = 0; a < 4; ++a) {
            o.offset[a][k] = kf * offsets[a];
            // [S 10.3] octave k wraps at min(P * lacunarity^k, 256); no period: 256.
            o.mask[k][a] = period[a] == 0 ? 255 : period[a] - 1;
            if (period[a] != 0 && p.kind != Fractal::none) {
                long long next = static_cast<long long>(period[a]) * static_cast<long long>(p.lacunarity);
                period[a] = next > cap ? cap : static_cast<int>(next);
            }
        }
        if (k < o.octaves) {
            amplitude_sum = amplitude_sum + amplitude;
        }
        frequency = frequency * p.lacunarity;
        amplitude = amplitude * p.persistence;
    }
    o.amplitude_sum = amplitude_sum;
    o.octaves = evaluated;

    // [S 14.3] binary64: the same recurrences in double from the float parameters.
    w.kind = o.kind;
    w.octaves = o.octaves;
    double frequency64 = p.frequency, amplitude64 = 1.0, amplitude_sum64 = 0.0;
    float band_frequency = p.frequency;  // [S 14.3] the weights are section 8.1's, from the float f_k
    for (int k = 0; k < max_octaves; ++k) {
        const double kd = static_cast<double>(k);
        const double weight = band_weight(band_frequency, footprint, scale);
        band_frequency = band_frequency * p.lacunarity;
        w.frequency[k] = frequency64;
        w.amplitude[k] = amplitude64 * weight;
        if (k < p.octaves && p.kind != Fractal::none && footprint != 0.0f) {
            for (int dims = 2; dims <= 4; ++dims) {
                w.bias[dims] = w.bias[dims] + (amplitude64 - w.amplitude[k]) * static_cast<double>(t.band_mean[dims]);
            }
        }
        for (int a = 0; a < 4; ++a) {
            w.offset[a][k] = kd * static_cast<double>(offsets[a]);
        }
        if (k < (p.kind == Fractal::none ? 1 : p.octaves)) {
            amplitude_sum64 = amplitude_sum64 + amplitude64;
        }
        frequency64 = frequency64 * static_cast<double>(p.lacunarity);
        amplitude64 = amplitude64 * static_cast<double>(p.persistence);
    }
    w.amplitude_sum = amplitude_sum64;
}

void build_lattice_values(NoiseTables& t, std::uint64_t seed) noexcept {
    for (int n = 0; n < 256; ++n) {
        t.perm32[n] = t.permutation[static_cast<std::size_t>(n)];
    }
    // [S 10.1] per dimension d = 2, 3, 4 in turn, 256 gradients: draw d coordinates until their
    // squared length (summed in axis order) is in (0, 1], then divide each by its square root.
    SplitMix64 rng(seed ^ classic_stream);
    float* tables[3][4] = {{t.classic2[0], t.classic2[1], nullptr, nullptr},
                           {t.classic3[0], t.classic3[1], t.classic3[2], nullptr},
                           {t.classic4[0], t.classic4[1], t.classic4[2], t.classic4[3]}};
    for (int dims = 2; dims <= 4; ++dims) {
        for (int n = 0; n < 256; ++n) {
            float c[4];
            float length2;
            do {
                length2 = 0.0f;
                for (int a = 0; a < dims; ++a) {
                    c[a] = signed_unit(rng);
                    length2 = length2 + c[a] * c[a];
                }
            } while (!(length2 > 0.0f && length2 <= 1.0f));
            float length = std::sqrt(length2);
            for (int a = 0; a < dims; ++a) {
                tables[dims - 2][a][n] = c[a] / length;
            }
        }
    }
    // [S 10.2] 256 corner values.
    SplitMix64 values(seed ^ value_stream);
    for (int n = 0; n < 256; ++n) {
        t.values[n] = signed_unit(values);
    }
}

std::shared_ptr<const NoiseTables> make_tables(const NoiseDesc& desc, const PermutationTable& perm, std::uint32_t mix_key) {
    auto t = std::make_shared<NoiseTables>();
    t->desc = desc;
    t->desc.fade = (desc.fade == Fade::cubic) ? Fade::cubic : Fade::quintic;
    t->desc.hash = (desc.hash == Hash::mix) ? Hash::mix : Hash::permutation;
    t->fractal = desc.fractal;
    t->permutation = perm;
    t->fade = t->desc.fade;
    t->hash = t->desc.hash;
    t->mix_key = mix_key;
    t->erosion = make_erosion_table(t->desc, mix_key);
    t->general_path = desc.basis != Basis::perlin || desc.period_x != 0 || desc.period_y != 0 ||
                      desc.period_z != 0 || desc.period_w != 0;
    // [S 16] the seed as a two's-complement long; [S 17.1] jitter * R for the distance.
    t->simplex_seed = static_cast<std::int64_t>(desc.has_seed ? desc.seed : 0);
    if (desc.basis == Basis::opensimplex2 || desc.basis == Basis::opensimplex2s) {
        t->simplex = &simplex_gradients(desc.basis == Basis::opensimplex2s);
    }
    const int distance = static_cast<int>(desc.cellular.distance) & 3;
    t->cellular_reach[0] = desc.cellular.jitter * cellular_reach_2d[distance];
    t->cellular_reach[1] = desc.cellular.jitter * cellular_reach_3d[distance];
    build_lattice_values(*t, desc.has_seed ? desc.seed : 0);
    if (t->hash == Hash::permutation && !t->general_path) {
        auto chain = std::make_shared<PermutationChainTables>();
        build_chain_tables(t->permutation, *chain);
        t->chain = std::move(chain);
    }
    const bool band_limited = desc.fractal.kind != Fractal::none && desc.fractal.footprint != 0.0f;
    build_octaves(*t);
    if (band_limited) {
        // [S 8.1] the term's mean over the base noise (octave 0's lattice), then the weights' bias.
        for (int dims = 2; dims <= 4; ++dims) {
            t->band_mean[dims] = reference::band_mean(*t, dims);
        }
    }
    build_octaves(*t);
    if (band_limited) {
        // [S 13.5] the chunk levels: the footprint doubled per level until every octave has faded.
        bool faded = false;
        for (int level = 1; level <= max_chunk_level && !faded; ++level) {
            auto at = std::make_shared<NoiseTables>(*t);
            at->levels.clear();
            at->fractal.footprint = std::ldexp(desc.fractal.footprint, level);
            at->desc.fractal.footprint = at->fractal.footprint;
            build_octaves(*at);
            at->erosion = make_erosion_table(at->desc, mix_key);
            faded = at->octaves.amplitude[0] == 0.0f || !std::isfinite(at->fractal.footprint);
            t->levels.push_back(std::move(at));
        }
    }
    return t;
}

}  // namespace gradnoise::detail
