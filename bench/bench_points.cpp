// gradnoise's point benchmarks (bench_points.hpp).
#include "bench_points.hpp"

#include <vector>

namespace bench {

void points2(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) { return noise.evaluate_2d(p.x.data(), p.y.data(), out, kPoints).ok(); });
}

void points3(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    const PointSet& p = random_points();
    fill_loop(state, kPoints,
              [&](float* out) { return noise.evaluate_3d(p.x.data(), p.y.data(), p.z.data(), out, kPoints).ok(); });
}

void points4(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        return noise.evaluate_4d(p.x.data(), p.y.data(), p.z.data(), p.w.data(), out, kPoints).ok();
    });
}

void points2_resident(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const PointSet& p = random_points();
    fill_loop(state, kResident,
              [&](float* out) { return c.noise->evaluate_2d(p.x.data(), p.y.data(), out, kResident).ok(); });
}

void points3_resident(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const PointSet& p = random_points();
    fill_loop(state, kResident, [&](float* out) {
        return c.noise->evaluate_3d(p.x.data(), p.y.data(), p.z.data(), out, kResident).ok();
    });
}

void points3_f64(benchmark::State& state, gradnoise::Isa isa) {
    use_isa(state, isa);
    const PointSet& p = random_points();
    static const std::vector<double> x(p.x.begin(), p.x.end()), y(p.y.begin(), p.y.end()), z(p.z.begin(), p.z.end());
    std::vector<double> out(kPoints);
    sample_loop(state, kPoints, [&] {
        return perlin_noise().evaluate_3d_f64(x.data(), y.data(), z.data(), out.data(), kPoints).ok();
    });
}

void points2_gradient(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const PointSet& p = random_points();
    GradientPlanes o(kPoints);
    sample_loop(state, kPoints,
                [&] { return c.noise->evaluate_gradient_2d(p.x.data(), p.y.data(), o.out(), kPoints).ok(); });
}

void points3_gradient(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const PointSet& p = random_points();
    GradientPlanes o(kPoints);
    sample_loop(state, kPoints, [&] {
        return c.noise->evaluate_gradient_3d(p.x.data(), p.y.data(), p.z.data(), o.out(), kPoints).ok();
    });
}

void curl3_points(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const PointSet& p = random_points();
    std::vector<float> vx(kPoints), vy(kPoints), vz(kPoints);
    sample_loop(state, kPoints, [&] {
        return c.noise->evaluate_curl_3d(p.x.data(), p.y.data(), p.z.data(), vx.data(), vy.data(), vz.data(), kPoints)
            .ok();
    });
}

// The finite-difference alternative, done as well as a user would: blocks of kFdBlock points, the
// shifted coordinates and the shifted values in L1-resident scratch, the differences written to
// the same planes as the analytic workloads. h = 2^-8: |p| <= 500, so p + h is exact in float.
constexpr std::size_t kFdBlock = 2048;
constexpr float kFdStep = 1.0f / 256.0f;

// Forward differences in `dims` dimensions: value at p, then p + h e_a per axis (1 + dims evaluations).
template <int dims>
void points_fd_forward(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    const PointSet& p = random_points();
    GradientPlanes o(kPoints);
    float* d[3] = {o.dx.data(), o.dy.data(), o.dz.data()};
    std::vector<float> shifted(kFdBlock), f(kFdBlock);
    const float inv_h = 1.0f / kFdStep;
    sample_loop(state, kPoints, [&] {
        bool ok = true;
        for (std::size_t i = 0; i < kPoints; i += kFdBlock) {
            const std::size_t n = kPoints - i < kFdBlock ? kPoints - i : kFdBlock;
            const float* q[3] = {p.x.data() + i, p.y.data() + i, p.z.data() + i};
            float* v = o.value.data() + i;
            ok &= (dims == 2 ? noise.evaluate_2d(q[0], q[1], v, n) : noise.evaluate_3d(q[0], q[1], q[2], v, n)).ok();
            for (int a = 0; a < dims; ++a) {
                for (std::size_t j = 0; j < n; ++j) shifted[j] = q[a][j] + kFdStep;
                const float* s[3] = {q[0], q[1], q[2]};
                s[a] = shifted.data();
                ok &= (dims == 2 ? noise.evaluate_2d(s[0], s[1], f.data(), n)
                                 : noise.evaluate_3d(s[0], s[1], s[2], f.data(), n))
                          .ok();
                for (std::size_t j = 0; j < n; ++j) d[a][i + j] = (f[j] - v[j]) * inv_h;
            }
        }
        return ok;
    });
}

template void points_fd_forward<2>(benchmark::State&, Config);
template void points_fd_forward<3>(benchmark::State&, Config);

// Central differences in 2D: p +- h e_x, p +- h e_y (4 evaluations), the gradient only.
void points2_fd_central(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    const PointSet& p = random_points();
    GradientPlanes o(kPoints);
    float* d[2] = {o.dx.data(), o.dy.data()};
    std::vector<float> shifted(kFdBlock), plus(kFdBlock), minus(kFdBlock);
    const float inv_2h = 0.5f / kFdStep;
    sample_loop(state, kPoints, [&] {
        bool ok = true;
        for (std::size_t i = 0; i < kPoints; i += kFdBlock) {
            const std::size_t n = kPoints - i < kFdBlock ? kPoints - i : kFdBlock;
            const float* q[2] = {p.x.data() + i, p.y.data() + i};
            for (int a = 0; a < 2; ++a) {
                const float* s[2] = {q[0], q[1]};
                s[a] = shifted.data();
                for (std::size_t j = 0; j < n; ++j) shifted[j] = q[a][j] + kFdStep;
                ok &= noise.evaluate_2d(s[0], s[1], plus.data(), n).ok();
                for (std::size_t j = 0; j < n; ++j) shifted[j] = q[a][j] - kFdStep;
                ok &= noise.evaluate_2d(s[0], s[1], minus.data(), n).ok();
                for (std::size_t j = 0; j < n; ++j) d[a][i + j] = (plus[j] - minus[j]) * inv_2h;
            }
        }
        return ok;
    });
}

}  // namespace bench
