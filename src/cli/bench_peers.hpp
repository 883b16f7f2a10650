// gradnoise CLI — the peer library `gradnoise bench` measures beside gradnoise (stb_perlin).
#ifndef GRADNOISE_CLI_BENCH_PEERS_HPP
#define GRADNOISE_CLI_BENCH_PEERS_HPP

#include <cstddef>

namespace gradnoise::cli::peers {

// stb_perlin_noise3(x, y, 0) / (x, y, z) and stb_perlin_fbm_noise3(x, y, z, 2, 0.5, 6) per point.
void stb_points2(const float* x, const float* y, float* out, std::size_t n);
void stb_points3(const float* x, const float* y, const float* z, float* out, std::size_t n);
void stb_fbm_points3(const float* x, const float* y, const float* z, float* out, std::size_t n);

// Rows [first_row, last_row) of a grid (3D: row r is (j = r % ny, k = r / ny)); sample i of a row at
// x = ox + float(i) * step, likewise y and z (z = 0 in 2D); out is the whole packed grid.
struct GridRows {
    int dims;
    float ox, oy, oz, step;
    std::size_t nx, ny, first_row, last_row;
};
void stb_grid_rows(bool fbm, const GridRows& g, float* out);

}  // namespace gradnoise::cli::peers

#endif
