// gradnoise_digest: one FNV-1a hash of the output bits per field, workload and ISA. scripts/test.sh
// runs it from the GCC and the clang build and requires the two listings to be identical: the
// spec's promise that the bits do not depend on the compiler, checked on every kernel (points,
// grids and chunks, float32 and binary64) and every ISA this CPU has, not only where golden
// values exist. Each line: field workload isa hash. --quick: the same fields, kernels and awkward
// values on 1/16 of the random points and smaller grids (odd sides, so SIMD tails stay covered),
// for the unoptimised (-O0) builds, which run it ten times slower; both builds of a comparison must
// be given the same flag.
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"

namespace {

using gradnoise::Basis;
using gradnoise::Fade;
using gradnoise::Fractal;
using gradnoise::Hash;
using gradnoise::Isa;
using gradnoise::NoiseDesc;
using gradnoise::Pattern;

template <class T>
std::uint64_t fnv1a(const std::vector<T>& v) {
    std::uint64_t h = 1469598103934665603ull;
    const unsigned char* p = reinterpret_cast<const unsigned char*>(v.data());
    for (std::size_t i = 0; i < v.size() * sizeof(T); ++i) {
        h = (h ^ p[i]) * 1099511628211ull;
    }
    return h;
}

struct Field {
    const char* name;
    NoiseDesc desc;
};

std::vector<Field> fields() {
    std::vector<Field> f;
    NoiseDesc d;
    f.push_back({"perlin", d});
    d.fade = Fade::cubic;
    f.push_back({"perlin-cubic", d});
    d = NoiseDesc{};
    d.hash = Hash::mix, d.has_seed = true, d.seed = 12345;
    f.push_back({"perlin-mix", d});
    d = NoiseDesc{};
    d.basis = Basis::classic, d.period_x = d.period_y = d.period_z = d.period_w = 16;
    f.push_back({"classic-period16", d});
    d = NoiseDesc{};
    d.basis = Basis::value, d.hash = Hash::mix, d.has_seed = true, d.seed = 9;
    f.push_back({"value-mix", d});
    d = NoiseDesc{};
    d.fractal = {Fractal::fbm, 6, 1.0f, 2.0f, 0.5f};
    f.push_back({"fbm6", d});
    d.fractal = {Fractal::ridged, 5, 0.7f, 2.1f, 0.55f}, d.hash = Hash::mix;
    f.push_back({"ridged5-mix", d});
    d = NoiseDesc{};
    d.fractal = {Fractal::turbulence, 4, 1.0f, 2.0f, 0.5f}, d.pattern = {Pattern::marble, 0.9f, 4.0f};
    f.push_back({"marble", d});
    d.pattern = {Pattern::wood, 0.9f, 0.2f}, d.fractal.kind = Fractal::billow;
    f.push_back({"wood-billow", d});
    d = NoiseDesc{};
    d.warp = {2, 0.8f, 0.5f}, d.fractal = {Fractal::fbm, 3, 1.0f, 2.0f, 0.5f};
    f.push_back({"warp2-fbm3", d});
    // Issue 13's families.
    d = NoiseDesc{};
    d.basis = Basis::opensimplex2, d.has_seed = true, d.seed = 1337;
    f.push_back({"opensimplex2", d});
    d.basis = Basis::opensimplex2s, d.seed = ~0ull, d.fractal = {Fractal::fbm, 3, 0.6f, 2.0f, 0.5f};
    d.simplex = {gradnoise::Orientation2::improve_x, gradnoise::Orientation3::improve_xz,
                 gradnoise::Orientation4::improve_xy_improve_zw};
    f.push_back({"opensimplex2s-fbm3", d});
    d = NoiseDesc{};
    d.basis = Basis::cellular, d.has_seed = true, d.seed = 5;
    d.cellular = {gradnoise::CellularDistance::manhattan, gradnoise::CellularOutput::f2_minus_f1, 0.75f};
    d.fractal = {Fractal::ridged, 3, 1.0f, 2.0f, 0.5f};
    f.push_back({"cellular-ridged3", d});
    d = NoiseDesc{};
    d.basis = Basis::isotropic, d.fractal = {Fractal::fbm, 4, 1.0f, 2.0f, 0.5f};
    f.push_back({"isotropic-fbm4", d});
    // Issue 14: the damped fractal (its gradient carries Hessians).
    d = NoiseDesc{};
    d.basis = Basis::isotropic, d.fractal = {Fractal::damped, 5, 0.8f, 2.0f, 0.5f};
    f.push_back({"isotropic-damped5", d});
    // Issue 26: the simplex families' mix variant (spec 16.7), and cellular F1 (its grid rows).
    d = NoiseDesc{};
    d.basis = Basis::opensimplex2, d.hash = Hash::mix, d.has_seed = true, d.seed = 1337;
    f.push_back({"opensimplex2-mix", d});
    d.basis = Basis::opensimplex2s, d.seed = 99, d.fractal = {Fractal::fbm, 3, 0.6f, 2.0f, 0.5f};
    d.simplex = {gradnoise::Orientation2::improve_x, gradnoise::Orientation3::fallback,
                 gradnoise::Orientation4::improve_xyz};
    f.push_back({"opensimplex2s-mix-fbm3", d});
    d = NoiseDesc{};
    d.basis = Basis::cellular, d.has_seed = true, d.seed = 5;
    f.push_back({"cellular-f1", d});
    // Issue 32: the cellular outputs edge (a second pass of divisions and roots), id and feature point.
    d.cellular = {gradnoise::CellularDistance::euclidean, gradnoise::CellularOutput::edge, 0.9f};
    f.push_back({"cellular-edge", d});
    d.cellular = {gradnoise::CellularDistance::chebyshev, gradnoise::CellularOutput::feature_y, 1.0f};
    d.period_x = 16, d.period_y = 8, d.period_z = 4;
    f.push_back({"cellular-feature-y-periods", d});
    // Issue 32: band-limited fractals (spec 8.1) -- a fully kept, a partly faded and faded octaves on
    // Perlin's grid fast path, the damped kind's Hessians, binary64, cellular and simplex bases.
    d = NoiseDesc{};
    d.fractal = {Fractal::fbm, 8, 1.0f, 2.0f, 0.5f, 0.05f};
    f.push_back({"perlin-fbm8-band", d});
    d.fractal.kind = Fractal::ridged;
    f.push_back({"perlin-ridged-band", d});
    d.fractal.kind = Fractal::damped;
    f.push_back({"perlin-damped-band", d});
    d = NoiseDesc{};
    d.basis = Basis::cellular, d.has_seed = true, d.seed = 77;
    d.fractal = {Fractal::turbulence, 5, 1.0f, 2.0f, 0.6f, 0.1f};
    f.push_back({"cellular-turbulence-band", d});
    d = NoiseDesc{};
    d.basis = Basis::opensimplex2, d.hash = Hash::mix, d.has_seed = true, d.seed = 3;
    d.fractal = {Fractal::billow, 6, 0.7f, 2.5f, 0.5f, 0.1f};
    f.push_back({"opensimplex2-billow-band", d});
    // Issue 32: the simplex families' periods (spec 16.8) on the fallback lattices, both arithmetics.
    d = NoiseDesc{};
    d.basis = Basis::opensimplex2s, d.has_seed = true, d.seed = 11;
    d.simplex.orientation2 = gradnoise::Orientation2::fallback, d.simplex.orientation3 = gradnoise::Orientation3::fallback;
    d.period_x = 6, d.period_y = 12, d.period_z = 3;
    d.fractal = {Fractal::fbm, 3, 0.5f, 2.0f, 0.5f};
    f.push_back({"opensimplex2s-tiled-fbm3", d});
    d.basis = Basis::opensimplex2, d.hash = Hash::mix, d.fractal = gradnoise::FractalParams{};
    d.period_x = 24, d.period_y = 3, d.period_z = 0;
    f.push_back({"opensimplex2-mix-tiled", d});
    return f;
}

struct Points {
    std::vector<float> x, y, z, w;
};

// Cellular noise and the tiled simplex fields are 2D and 3D only (spec 16.8, 17).
bool has_4d(const NoiseDesc& d) {
    const bool tiled = d.period_x != 0 || d.period_y != 0 || d.period_z != 0;
    return d.basis != Basis::cellular &&
           !(tiled && (d.basis == Basis::opensimplex2 || d.basis == Basis::opensimplex2s));
}

// Random points over many cells, then awkward values: lattice boundaries, huge, tiny, non-finite.
Points make_points(int random_points) {
    Points p;
    std::uint32_t s = 2463534242u;
    auto next = [&] {
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        return static_cast<float>(s >> 8) * (1.0f / 16777216.0f) * 1000.0f - 500.0f;
    };
    for (int i = 0; i < random_points; ++i) {
        p.x.push_back(next()), p.y.push_back(next()), p.z.push_back(next()), p.w.push_back(next());
    }
    const float awkward[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 255.0f, 256.0f, -256.0f, 16777216.0f, 1e30f,
                             -1e30f, std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min(),
                             std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                             std::numeric_limits<float>::quiet_NaN(), 255.999f, -0.001f};
    for (float a : awkward) {
        for (float b : awkward) {
            p.x.push_back(a), p.y.push_back(b), p.z.push_back(a * 0.5f), p.w.push_back(b);
        }
    }
    return p;
}

int mismatches = 0;

// Prints the line; every ISA's hash must also equal the scalar path's (which runs first).
void line(const char* field, const char* workload, Isa isa, std::uint64_t h) {
    static std::map<std::string, std::uint64_t> scalar;
    std::printf("%s %s %s %016" PRIx64 "\n", field, workload, gradnoise::isa_name(isa), h);
    const std::string key = std::string(field) + " " + workload;
    if (isa == Isa::scalar) {
        scalar[key] = h;
    } else if (scalar.at(key) != h) {
        std::fprintf(stderr, "gradnoise_digest: %s on %s differs from the scalar path\n", key.c_str(),
                     gradnoise::isa_name(isa));
        ++mismatches;
    }
}

}  // namespace

int main(int argc, char** argv) {
    const bool quick = argc == 2 && std::strcmp(argv[1], "--quick") == 0;
    if (argc > 1 && !quick) {
        std::fprintf(stderr, "usage: gradnoise_digest [--quick]\n");
        return 2;
    }
    // Grid and chunk sides: odd, so every SIMD width leaves a tail.
    const std::size_t gx = quick ? 133 : 517, gy = quick ? 33 : 129, cx = quick ? 69 : 261, cy = quick ? 17 : 65;
    const Points p = make_points(quick ? 1 << 12 : 1 << 16);
    const std::size_t n = p.x.size();
    std::vector<double> xd(p.x.begin(), p.x.end()), yd(p.y.begin(), p.y.end()), zd(p.z.begin(), p.z.end());
    for (std::size_t i = 0; i < n; ++i) {  // binary64 coordinates with bits float32 cannot hold
        xd[i] += 1.0 / 3.0, yd[i] -= 1.0 / 7.0;
    }
    int failures = 0;
    for (const Field& f : fields()) {
        gradnoise::Noise noise;
        if (gradnoise::Status s = gradnoise::Noise::create(f.desc, &noise); !s) {
            std::fprintf(stderr, "%s: %s\n", f.name, s.message());
            return 1;
        }
        for (int i = 0; i < gradnoise::isa_count; ++i) {
            const Isa isa = static_cast<Isa>(i);
            if (!gradnoise::isa_supported(isa) || !gradnoise::force_isa(isa)) {
                continue;
            }
            std::vector<float> out(n);
            auto check = [&](gradnoise::Status s, const char* what) {
                if (!s) {
                    std::fprintf(stderr, "%s %s: %s\n", f.name, what, s.message());
                    ++failures;
                }
            };
            check(noise.evaluate_2d(p.x.data(), p.y.data(), out.data(), n), "points2");
            line(f.name, "points2", isa, fnv1a(out));
            check(noise.evaluate_3d(p.x.data(), p.y.data(), p.z.data(), out.data(), n), "points3");
            line(f.name, "points3", isa, fnv1a(out));
            if (has_4d(f.desc)) {
                check(noise.evaluate_4d(p.x.data(), p.y.data(), p.z.data(), p.w.data(), out.data(), n), "points4");
                line(f.name, "points4", isa, fnv1a(out));
            }
            std::vector<float> grid(gx * gy);
            check(noise.fill_grid_2d({-3.3f, 200.7f, 0.013f, 0.027f, gx, gy}, grid.data()), "grid2");
            line(f.name, "grid2", isa, fnv1a(grid));
            std::vector<float> grid3(67 * 31 * 9);
            check(noise.fill_grid_3d({0.3f, -0.7f, 255.5f, 0.05f, 0.07f, 0.11f, 67, 31, 9}, grid3.data()), "grid3");
            line(f.name, "grid3", isa, fnv1a(grid3));
            if (f.desc.warp.levels == 0 && f.desc.pattern.kind == Pattern::none) {  // chunks: no warps or patterns
                std::vector<float> chunk(cx * cy);
                check(noise.fill_chunk_2d({(std::int64_t(1) << 40) + 3, -77, cx, cy, 1.0f / 64.0f}, chunk.data()),
                      "chunk2");
                line(f.name, "chunk2", isa, fnv1a(chunk));
                std::vector<float> chunk3(37 * 9 * 5);
                check(noise.fill_chunk_3d({-5, 1000, std::int64_t(1) << 50, 37, 9, 5, 0.37f}, chunk3.data()), "chunk3");
                line(f.name, "chunk3", isa, fnv1a(chunk3));
                if (f.desc.fractal.footprint != 0.0f) {  // [S 13.5] a level's own band limit
                    check(noise.fill_chunk_2d({-1000, 5, cx, cy, 1.0f / 64.0f, 3}, chunk.data()), "chunk2-level3");
                    line(f.name, "chunk2-level3", isa, fnv1a(chunk));
                }
            }
            // [S 18] values with gradients (fields that have them): every plane in one hash.
            const bool has_gradient = f.desc.pattern.kind == Pattern::none;
            if (has_gradient) {
                std::vector<float> planes(5 * n);
                auto plane = [&](int a) { return planes.data() + static_cast<std::size_t>(a) * n; };
                const gradnoise::GradientOut g{plane(0), plane(1), plane(2), plane(3), plane(4)};
                check(noise.evaluate_gradient_2d(p.x.data(), p.y.data(), g, n), "gradient2");
                line(f.name, "gradient2", isa, fnv1a(planes));
                check(noise.evaluate_gradient_3d(p.x.data(), p.y.data(), p.z.data(), g, n), "gradient3");
                line(f.name, "gradient3", isa, fnv1a(planes));
                if (has_4d(f.desc)) {
                    check(noise.evaluate_gradient_4d(p.x.data(), p.y.data(), p.z.data(), p.w.data(), g, n), "gradient4");
                    line(f.name, "gradient4", isa, fnv1a(planes));
                }
                std::vector<float> gp(4 * gx * gy);
                const std::size_t m = gx * gy;
                check(noise.fill_grid_gradient_2d({-3.3f, 200.7f, 0.013f, 0.027f, gx, gy},
                                                  {gp.data(), gp.data() + m, gp.data() + 2 * m}),
                      "grid-gradient2");
                line(f.name, "grid-gradient2", isa, fnv1a(gp));
                if (f.desc.warp.levels == 0) {
                    const std::size_t c = cx * cy;
                    std::vector<float> cp(3 * c);
                    check(noise.fill_chunk_gradient_2d({(std::int64_t(1) << 40) + 3, -77, cx, cy, 1.0f / 64.0f},
                                                       {cp.data(), cp.data() + c, cp.data() + 2 * c}),
                          "chunk-gradient2");
                    line(f.name, "chunk-gradient2", isa, fnv1a(cp));
                }
            }
            std::vector<double> outd(n);
            if (noise.evaluate_3d_f64(xd.data(), yd.data(), zd.data(), outd.data(), n)) {  // perlin basis only
                line(f.name, "points3-f64", isa, fnv1a(outd));
            }
        }
    }
    gradnoise::reset_isa();
    return failures == 0 && mismatches == 0 ? 0 : 1;
}
