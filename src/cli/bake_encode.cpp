#include "bake_encode.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

#include "../parallel/parallel.hpp"

namespace gradnoise::cli {
namespace {

// [S 18] The unit normal of the surface z = strength * v(x, y) from v's gradient: (-s gx, -s gy, 1)
// normalised; in tangent space x runs right and y up (OpenGL: +noise y runs down the picture, so
// green = -n_y) or down (DirectX: green = n_y); each component c maps to (c + 1) / 2 of full scale.
// The unit vector along (x, y, 1) for any finite x, y: binary64 (products of floats stay finite) and
// scaled by the largest component first, so no square overflows. (In float, a --normal-strength of
// 1e30 overflowed to (0, 0, 0): mid-grey everywhere, not a normal.)
std::array<double, 3> unit_along(double x, double y) {
    // (An infinite slope -- a frequency times a gradient beyond float -- is the largest finite one: the
    // normal lies flat instead of becoming NaN, whose conversion to a sample would be undefined.)
    x = std::isfinite(x) ? x : std::copysign(std::numeric_limits<double>::max(), x);
    y = std::isfinite(y) ? y : std::copysign(std::numeric_limits<double>::max(), y);
    const double m = std::max({std::fabs(x), std::fabs(y), 1.0});
    x = x / m;
    y = y / m;
    const double z = 1.0 / m;
    const double len = std::sqrt(x * x + y * y + z * z);
    return {x / len, y / len, z / len};
}

std::array<float, 3> normal_colour(const Bake& b, float gx, float gy) {
    const auto [nx, ny, nz] = unit_along(-double(b.normal_strength) * gx, -double(b.normal_strength) * gy);
    const double green = b.normal_convention == "directx" ? ny : -ny;
    return {float(0.5 * (nx + 1.0)), float(0.5 * (green + 1.0)), float(0.5 * (nz + 1.0))};
}

}  // namespace

void encode(const Bake& b, const Floats& values, const Floats& gx, const Floats& gy, float lo, float hi, Encoded* e) {
    const bool colour = b.colour();
    const float inv_span = inverse_span(lo, hi);
    const std::size_t n = values.size();
    // Rows in parallel (independent per value: the bytes do not depend on the split).
    auto each = [n](auto&& body) {
        parallel::for_blocks(n, std::size_t(1) << 16, 0, [&](std::size_t first, std::size_t last) {
            for (std::size_t i = first; i < last; ++i) body(i);
        });
    };
    if (b.normal_map) {
        if (b.depth == 16) {
            e->grey16.resize(n * 3);
        } else {
            e->rgb_or_grey8.resize(n * 3);
        }
        each([&](std::size_t i) {
            const std::array<float, 3> c = normal_colour(b, gx[i], gy[i]);
            for (int k = 0; k < 3; ++k) {
                if (b.depth == 16) {
                    e->grey16[3 * i + k] = static_cast<std::uint16_t>(c[k] * 65535.0f + 0.5f);
                } else {
                    e->rgb_or_grey8[3 * i + k] = static_cast<std::uint8_t>(c[k] * 255.0f + 0.5f);
                }
            }
        });
    } else if (colour) {
        const RampTable ramp(b.ramp);
        e->rgb_or_grey8.resize(n * 3);
        each([&](std::size_t i) { std::memcpy(&e->rgb_or_grey8[3 * i], ramp.colour(values[i], lo, inv_span).data(), 3); });
        if (b.hillshade) {
            // Lambert shading of the height surface (t * relief * picture width over a unit pixel
            // grid), its slope from the analytic gradient (so tiles shade like the whole picture):
            // dt/dpixel = g * (scale / width) / (hi - lo); light from the north-west at 45 degrees;
            // shade = 0.35 + 0.85 * max(0, n . l), colours scaled and clamped.
            // (The surface normal through unit_along, as the normal maps': any finite relief and scale.)
            const double height_scale = double(b.relief) * double(*b.scale) * inv_span;
            const double lx = -0.5, ly = -0.5, lz = 0.70710678;
            // (Below the preset's dry_from -- the sea -- the surface lies flat.)
            const float dry_from = b.recipe->dry_from;
            each([&](std::size_t i) {
                const bool wet = unit_value(values[i], lo, inv_span) < dry_from;
                const auto [nx, ny, nz] = unit_along(wet ? 0.0 : -gx[i] * height_scale, wet ? 0.0 : -gy[i] * height_scale);
                const double lambert = nx * lx + ny * ly + nz * lz;
                const float shade = float(0.35 + 0.85 * (lambert > 0.0 ? lambert : 0.0));
                for (int c = 0; c < 3; ++c) {
                    float v = static_cast<float>(e->rgb_or_grey8[3 * i + c]) * shade + 0.5f;
                    e->rgb_or_grey8[3 * i + c] = static_cast<std::uint8_t>(v > 255.0f ? 255.0f : v);
                }
            });
        }
    } else if (b.depth == 16) {
        e->grey16.resize(n);
        each([&](std::size_t i) {
            e->grey16[i] = static_cast<std::uint16_t>(unit_value(values[i], lo, inv_span) * 65535.0f + 0.5f);
        });
    } else {
        e->rgb_or_grey8.resize(n);
        each([&](std::size_t i) {
            e->rgb_or_grey8[i] = static_cast<std::uint8_t>(unit_value(values[i], lo, inv_span) * 255.0f + 0.5f);
        });
    }
}

std::pair<float, float> value_range(const Bake& b, const Floats& values) {
    auto [lo, hi] = fixed_range(*b.recipe, b.desc);
    if (b.normalize == "measured") {
        auto [mn, mx] = std::minmax_element(values.begin(), values.end());
        lo = *mn;
        hi = *mx;
    }
    return {lo, hi};
}

}  // namespace gradnoise::cli
