// [S 16.2] The gradient tables of both simplex variants, built once from the directions.
#include "simplex_tables.hpp"

namespace gradnoise::detail {
namespace {

SimplexGradients build(double normalizer_2d, double normalizer_3d, double normalizer_4d) noexcept {
    SimplexGradients g{};
    auto fill = [](float* out, int size, const float* directions, int count, double normalizer) {
        for (int i = 0; i < size; ++i) {
            out[i] = static_cast<float>(static_cast<double>(directions[i % count]) / normalizer);
        }
    };
    fill(g.g2, 256, simplex_directions_2d, 48, normalizer_2d);
    fill(g.g3, 1024, simplex_directions_3d, 192, normalizer_3d);
    fill(g.g4, 2048, simplex_directions_4d, 640, normalizer_4d);
    for (int n = 0; n < 24; ++n) {
        g.g2x[n] = g.g2[2 * n];
        g.g2y[n] = g.g2[2 * n + 1];
    }
    for (int n = 0; n < 48; ++n) {
        g.g3x[n] = g.g3[4 * n];
        g.g3y[n] = g.g3[4 * n + 1];
        g.g3z[n] = g.g3[4 * n + 2];
    }
    return g;
}

}  // namespace

const SimplexGradients& simplex_gradients(bool smooth) noexcept {
    static const SimplexGradients fast = build(0.01001634121365712, 0.07969837668935331, 0.0220065933241897);
    static const SimplexGradients smooth_tables =
        build(0.05481866495625118, 0.2781926117527186, 0.11127401889945551);
    return smooth ? smooth_tables : fast;
}

}  // namespace gradnoise::detail
