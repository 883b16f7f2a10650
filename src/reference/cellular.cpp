// [S 17] Cellular (Worley) noise: one feature point per unit cell, the distances to the nearest
// two by a fixed 3x3 (3x3x3) search in a fixed order. Spec sections are cited as [S n]; see
// docs/spec.md.
#include "reference/common.hpp"

namespace gradnoise::reference {

using namespace spec;

namespace {

// [S 17.1] The cell's value in [-1, 1): 24 bits of a second mix.
float cell_value(std::uint32_t h) {
    std::uint32_t v = (h ^ (h >> 16)) * detail::cellular_value_multiplier;
    return static_cast<float>(v >> 8) * 1.1920928955078125e-07f + -1.0f;
}

}  // namespace

namespace spec {

// [S 17.1] The 32-bit hash of a (wrapped) cell.
std::uint32_t cell_hash(std::uint32_t key, int dims, const int* cell) {
    const std::uint32_t prime[3] = {detail::mix_prime_x, detail::mix_prime_y, detail::mix_prime_z};
    std::uint32_t h = key;
    for (int a = 0; a < dims; ++a) {
        h ^= static_cast<std::uint32_t>(cell[a]) * prime[a];
    }
    h *= detail::mix_multiplier;
    h ^= h >> 15;
    h *= detail::cellular_multiplier;
    h ^= h >> 13;
    return h;
}

// [S 17.1] Axis a's feature offset in (-1, 1): 10 hash bits b as (b + 1/2) / 512 - 1 (exact).
float feature_offset(std::uint32_t h, int a) {
    return static_cast<float>((h >> (10 * a)) & 1023u) * 0.001953125f + -0.9990234375f;
}

CellularSearch cellular_search(const detail::NoiseTables& t, int dims, int k, const float* q) {
    CellularSearch r;
    const Lattice l = octave_lattice(t, k);
    const CellularParams& c = t.desc.cellular;
    const float reach = t.cellular_reach[dims - 2];  // jitter * R (tables/noise_tables.cpp)
    int cell[3] = {0, 0, 0};
    float frac[3] = {0, 0, 0}, floored[3] = {0, 0, 0};
    for (int a = 0; a < dims; ++a) {
        const float v = q[a] + 0.0f;
        floored[a] = std::floor(v);
        cell[a] = lattice_index(floored[a]);
        frac[a] = v - floored[a];
    }

    // [S 17.1, 17.2] The neighbour at `step`: its wrapped indices, its hash, and its feature point's
    // offset d = feature - q.
    auto neighbour = [&](const int* step, int* wrapped, float* d) {
        for (int a = 0; a < dims; ++a) {
            wrapped[a] = (cell[a] + step[a]) & l.mask[a];
        }
        const std::uint32_t h = cell_hash(t.mix_key, dims, wrapped);
        for (int a = 0; a < dims; ++a) {
            d[a] = ((static_cast<float>(step[a]) + 0.5f) + reach * feature_offset(h, a)) - frac[a];
        }
        return h;
    };
    // [S 17.2] The cells within `radius` of the sample's, in order: z (outer), y, x (inner).
    auto visit = [&](int radius, auto&& body) {
        const int kz = dims == 3 ? radius : 0;
        for (int dz = -kz; dz <= kz; ++dz) {
            for (int dy = -radius; dy <= radius; ++dy) {
                for (int dx = -radius; dx <= radius; ++dx) {
                    const int step[3] = {dx, dy, dz};
                    body(step);
                }
            }
        }
    };

    // [S 17.2] Neighbours each -1, 0, 1. Strict comparisons: on a tie the earlier cell stays nearest.
    float f1 = INFINITY, f2 = INFINITY;
    visit(1, [&](const int* step) {
        int wrapped[3] = {0, 0, 0};
        float d[3] = {0.0f, 0.0f, 0.0f};
        const std::uint32_t h = neighbour(step, wrapped, d);
        float dist;
        switch (c.distance) {
            case CellularDistance::manhattan:
                dist = std::fabs(d[0]) + std::fabs(d[1]);
                if (dims == 3) dist = dist + std::fabs(d[2]);
                break;
            case CellularDistance::chebyshev:
                dist = std::fmax(std::fabs(d[0]), std::fabs(d[1]));
                if (dims == 3) dist = std::fmax(dist, std::fabs(d[2]));
                break;
            default:  // Euclidean: squared until the end
                dist = d[0] * d[0] + d[1] * d[1];
                if (dims == 3) dist = dist + d[2] * d[2];
                break;
        }
        if (dist < f1) {
            f2 = f1;
            f1 = dist;
            r.value = cell_value(h);
            // [S 17.2] the cell's id from its wrapped indices (exact: below 2^24), and its
            // feature point: the unwrapped cell's corner, then the point's place in it
            r.id = static_cast<float>(wrapped[0] + 256 * wrapped[1] + 65536 * wrapped[2]);
            for (int a = 0; a < dims; ++a) {
                r.position[a] = (floored[a] + static_cast<float>(step[a])) + (0.5f + reach * feature_offset(h, a));
            }
            // [S 18.6] the offsets move with their distances
            for (int a = 0; a < 3; ++a) {
                r.d2[a] = r.d1[a];
                r.d1[a] = d[a];
            }
        } else if (dist < f2) {
            f2 = dist;
            for (int a = 0; a < 3; ++a) {
                r.d2[a] = d[a];
            }
        }
    });
    // [S 17.2] The distance to the nearest cell edge: the least distance to a bisector of the nearest
    // point and another, over the 5x5 (5x5x5) cells around the sample's, in the search's order.
    if (c.output == CellularOutput::edge) {
        r.edge = INFINITY;
        visit(2, [&](const int* step) {
            int wrapped[3] = {0, 0, 0};
            float d[3] = {0.0f, 0.0f, 0.0f}, e[3] = {0.0f, 0.0f, 0.0f};
            neighbour(step, wrapped, d);
            for (int a = 0; a < dims; ++a) {
                e[a] = d[a] - r.d1[a];
            }
            float s = d[0] * d[0] + d[1] * d[1];
            float m = e[0] * e[0] + e[1] * e[1];
            if (dims == 3) {
                s = s + d[2] * d[2];
                m = m + e[2] * e[2];
            }
            if (m == 0.0f) {
                return;  // the nearest point itself (every other point differs from it)
            }
            const float root = std::sqrt(m);
            const float b = (s - f1) / (2.0f * root);  // (f1: squared, before the roots below)
            if (b < r.edge) {
                r.edge = b;
                for (int a = 0; a < dims; ++a) {
                    r.edge_gradient[a] = -(e[a] / root);  // [S 18.6]
                }
            }
        });
    }
    if (c.distance == CellularDistance::euclidean) {
        f1 = std::sqrt(f1);
        f2 = std::sqrt(f2);
    }
    r.f1 = f1;
    r.f2 = f2;
    return r;
}

float cellular_output(const CellularSearch& r, CellularOutput output) {
    switch (output) {
        case CellularOutput::f2: return r.f2;
        case CellularOutput::f2_minus_f1: return r.f2 - r.f1;
        case CellularOutput::cell_value: return r.value;
        case CellularOutput::cell_id: return r.id;
        case CellularOutput::feature_x: return r.position[0];
        case CellularOutput::feature_y: return r.position[1];
        case CellularOutput::feature_z: return r.position[2];
        case CellularOutput::edge: return r.edge;
        default: return r.f1;
    }
}

}  // namespace spec

float cellular(const detail::NoiseTables& t, int dims, int k, const float* q) noexcept {
    for (int a = 0; a < dims; ++a) {
        if (!is_finite(q[a])) {
            return 0.0f;
        }
    }
    return cellular_output(cellular_search(t, dims, k, q), t.desc.cellular.output);
}

}  // namespace gradnoise::reference
