// [S 16.2] The gradient tables of both simplex variants, built once from the directions.
#include "tables/simplex_constants.hpp"

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
    // [S 16.7] The mix variant's order (simplex_constants.hpp), from the magnitudes of K.jpg's
    // directions (his literals, normalised as above; tests/test_simplex.cpp checks that the two
    // orders hold the same vectors).
    auto normal = [](float literal, double normalizer) { return static_cast<float>(static_cast<double>(literal) / normalizer); };
    const float pairs[3][2] = {{0.38268343236509f, 0.923879532511287f},
                               {0.130526192220052f, 0.99144486137381f},
                               {0.608761429008721f, 0.793353340291235f}};
    for (int m = 0; m < 3; ++m) {
        g.mix_pair[0][m] = normal(pairs[m][0], normalizer_2d);
        g.mix_pair[1][m] = normal(pairs[m][1], normalizer_2d);
    }
    for (int n = 0; n < 24; ++n) {
        const int m = n >> 3, s = n & 7;
        const float a = g.mix_pair[(s & 1) ? 1 : 0][m], b = g.mix_pair[(s & 1) ? 0 : 1][m];
        g.g2mx[n] = (s & 2) ? -a : a;
        g.g2my[n] = (s & 4) ? -b : b;
    }
    const float big = normal(2.22474487139f, normalizer_3d), one = normal(1.0f, normalizer_3d);
    const float b3 = normal(3.0862664687972017f, normalizer_3d), c3 = normal(1.1721513422464978f, normalizer_3d);
    for (int k = 0; k < 12; ++k) {
        const int m = k >> 1, order = k & 1;
        for (int c = 0; c < 3; ++c) {
            float v;
            if (m < 3) {
                v = c == m ? one : big;
            } else {
                const int z = m - 3;
                v = c == z ? 0.0f : ((c == (z + 1) % 3) != (order != 0) ? b3 : c3);
            }
            g.mix_magnitude[c][k] = v;
        }
    }
    float* const mix3[3] = {g.g3mx, g.g3my, g.g3mz};
    for (int n = 0; n < 48; ++n) {
        const int m = n >> 3, s = n & 7;
        const int order = m < 3 ? 0 : (s >> (m - 3)) & 1;
        for (int c = 0; c < 3; ++c) {
            const float v = g.mix_magnitude[c][2 * m + order];
            mix3[c][n] = ((s >> c) & 1) ? -v : v;
        }
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
