// Fuzz target: graph files (issue #29) as a hostile user writes them -- any bytes through the reader,
// the validation and the compiler; a graph that loads is evaluated (values, and gradients where it has
// them) on a small grid and a few points on the active ISA and must equal the scalar reference (node
// by node) bit for bit, and its canonical
// text must read back to the same bits. Every refusal must carry a message; nothing may crash, leak,
// hang or invoke undefined behaviour (the limits bound the work: graph.hpp).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "gradnoise/graph.hpp"

namespace {

void same(float a, float b) {
    std::uint32_t x, y;
    std::memcpy(&x, &a, 4);
    std::memcpy(&y, &b, 4);
    if (x != y) std::abort();
}

// The graph at 16 grid points and 4 odd points, by the kernels and by the reference.
void check(const gradnoise::Graph& g) {
    const int dims = g.dimensions();
    const float odd[4][4] = {{0.0f, -0.0f, 1e30f, -3.5f}, {255.5f, 1e-40f, -7.25f, 0.125f},
                             {NAN, 2.0f, INFINITY, -1.0f}, {16777216.0f, -2.5f, 0.75f, 3.0f}};
    std::vector<float> c[4];
    for (int i = 0; i < 16; ++i) {
        for (int a = 0; a < 4; ++a) c[a].push_back(static_cast<float>((i * (a + 3)) % 7) * 0.37f - 1.1f);
    }
    for (const auto& p : odd) {
        for (int a = 0; a < 4; ++a) c[a].push_back(p[a]);
    }
    const std::size_t n = c[0].size();
    std::vector<float> out(n);
    gradnoise::Status s = dims == 2   ? g.evaluate_2d(c[0].data(), c[1].data(), out.data(), n)
                          : dims == 3 ? g.evaluate_3d(c[0].data(), c[1].data(), c[2].data(), out.data(), n)
                                      : g.evaluate_4d(c[0].data(), c[1].data(), c[2].data(), c[3].data(), out.data(), n);
    if (!s.ok()) std::abort();
    for (std::size_t i = 0; i < n; ++i) {
        const float r = dims == 2   ? g.sample2(c[0][i], c[1][i])
                        : dims == 3 ? g.sample3(c[0][i], c[1][i], c[2][i])
                                    : g.sample4(c[0][i], c[1][i], c[2][i], c[3][i]);
        same(out[i], r);
    }
    if (dims == 2) {
        std::vector<float> grid(4 * 3);
        if (!g.fill_grid_2d(gradnoise::Grid2d{-1.5f, 0.25f, 0.7f, 0.3f, 4, 3}, grid.data()).ok()) std::abort();
        for (std::size_t j = 0; j < 3; ++j) {
            for (std::size_t i = 0; i < 4; ++i) {
                same(grid[j * 4 + i], g.sample2(-1.5f + static_cast<float>(i) * 0.7f, 0.25f + static_cast<float>(j) * 0.3f));
            }
        }
    }
    // Gradients, where the graph has them: the kernels' equal the reference's.
    if (g.gradient_refusal().empty()) {
        std::vector<float> v(n), d[4] = {std::vector<float>(n), std::vector<float>(n), std::vector<float>(n),
                                         std::vector<float>(n)};
        const gradnoise::GradientOut planes{v.data(), d[0].data(), d[1].data(), d[2].data(), d[3].data()};
        s = dims == 2   ? g.evaluate_gradient_2d(c[0].data(), c[1].data(), planes, n)
            : dims == 3 ? g.evaluate_gradient_3d(c[0].data(), c[1].data(), c[2].data(), planes, n)
                        : g.evaluate_gradient_4d(c[0].data(), c[1].data(), c[2].data(), c[3].data(), planes, n);
        if (!s.ok()) std::abort();
        for (std::size_t i = 0; i < n; ++i) {
            float r[5];
            if (dims == 2) {
                const gradnoise::Gradient2 q = g.gradient2(c[0][i], c[1][i]);
                r[0] = q.value, r[1] = q.dx, r[2] = q.dy;
            } else if (dims == 3) {
                const gradnoise::Gradient3 q = g.gradient3(c[0][i], c[1][i], c[2][i]);
                r[0] = q.value, r[1] = q.dx, r[2] = q.dy, r[3] = q.dz;
            } else {
                const gradnoise::Gradient4 q = g.gradient4(c[0][i], c[1][i], c[2][i], c[3][i]);
                r[0] = q.value, r[1] = q.dx, r[2] = q.dy, r[3] = q.dz, r[4] = q.dw;
            }
            same(v[i], r[0]);
            same(v[i], out[i]);
            for (int a = 0; a < dims; ++a) same(d[a][i], r[1 + a]);
        }
    }
    // The canonical text reads back to the same graph.
    gradnoise::Graph back;
    std::string error;
    if (!gradnoise::Graph::from_json(g.to_json(), &back, &error).ok()) std::abort();
    if (back.to_json() != g.to_json()) std::abort();
    std::vector<float> again(n);
    s = dims == 2   ? back.evaluate_2d(c[0].data(), c[1].data(), again.data(), n)
        : dims == 3 ? back.evaluate_3d(c[0].data(), c[1].data(), c[2].data(), again.data(), n)
                    : back.evaluate_4d(c[0].data(), c[1].data(), c[2].data(), c[3].data(), again.data(), n);
    if (!s.ok()) std::abort();
    for (std::size_t i = 0; i < n; ++i) same(out[i], again[i]);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    gradnoise::Graph g;
    std::string error;
    const gradnoise::Status s =
        gradnoise::Graph::from_json(std::string_view(reinterpret_cast<const char*>(data), size), &g, &error);
    if (!s.ok()) {
        if (error.empty() || s.message()[0] == '\0') std::abort();  // a refusal says why
        return 0;
    }
    // Bounded work: a graph at the limits runs up to ~2^20 reference node evaluations per sample.
    if (g.program_size() > 4096) return 0;
    check(g);
    return 0;
}
