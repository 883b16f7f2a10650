// Lattice variants: src/kernels/lattice.hpp, src/reference/lattice.cpp, docs/spec.md section 10.
// The classic and value bases, tiling periods and 4D. Every path equals the scalar reference bit
// for bit (each ISA's kernel table called directly, testing::IsaPath); the reference equals
// definitions written here independently in binary64 (from the spec's text, not from src/);
// properties and ranges are measured. Fractals, warps and patterns around these bases:
// tests/test_fractal.cpp; grids of every variant: tests/test_grid.cpp.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "tables/splitmix64.hpp"
#include "test_support.hpp"

using gradnoise::Basis;
using gradnoise::Fade;
using gradnoise::Fractal;
using gradnoise::Hash;
using gradnoise::Noise;
using gradnoise::NoiseDesc;

namespace {

using testing::make;

NoiseDesc desc(Basis basis, Hash hash = Hash::permutation, bool seeded = false, std::uint64_t seed = 0) {
    NoiseDesc d;
    d.basis = basis;
    d.hash = hash;
    d.has_seed = seeded;
    d.seed = seed;
    return d;
}

// ---- the spec, written again in binary64 ----

double fade(Fade f, double t) {
    return f == Fade::cubic ? t * t * (3 - 2 * t) : t * t * t * (t * (t * 6 - 15) + 10);
}

// Spec 10.1: SplitMix64(seed xor "classic"), 24-bit signed units, rejection into the unit ball.
struct Lattice {
    double classic[3][256][4];  // [dims - 2][hash][axis]
    double value[256];

    explicit Lattice(std::uint64_t seed) {
        gradnoise::detail::SplitMix64 rng(seed ^ 0x636C6173736963ull);
        auto unit = [](gradnoise::detail::SplitMix64& r) {
            return (static_cast<double>(r.next() >> 40) - 8388608.0) / 8388608.0;
        };
        for (int dims = 2; dims <= 4; ++dims) {
            for (int n = 0; n < 256; ++n) {
                double c[4], len2;
                do {
                    len2 = 0;
                    for (int a = 0; a < dims; ++a) {
                        c[a] = unit(rng);
                        // squared length as the spec sums it: float32 roundings included
                        len2 = static_cast<float>(len2 + static_cast<float>(c[a] * c[a]));
                    }
                } while (!(len2 > 0 && len2 <= 1));
                double len = std::sqrt(len2);
                for (int a = 0; a < dims; ++a) {
                    classic[dims - 2][n][a] = c[a] / len;
                }
            }
        }
        gradnoise::detail::SplitMix64 values(seed ^ 0x76616C7565ull);
        for (double& v : value) {
            v = unit(values);
        }
    }
};

// Perlin's 4D gradients (spec 10.4) as vectors: three of the four axes with signs from bits 0-2.
void gradient4(int h, double g[4]) {
    h &= 31;
    int a = h < 24 ? 0 : 1, b = h < 16 ? 1 : 2, c = h < 8 ? 2 : 3;
    g[0] = g[1] = g[2] = g[3] = 0;
    g[a] += (h & 1) ? -1 : 1;
    g[b] += (h & 2) ? -1 : 1;
    g[c] += (h & 4) ? -1 : 1;
}

const int kGradients3[16][3] = {{1, 1, 0}, {-1, 1, 0}, {1, -1, 0}, {-1, -1, 0}, {1, 0, 1},  {-1, 0, 1},
                                {1, 0, -1}, {-1, 0, -1}, {0, 1, 1}, {0, -1, 1}, {0, 1, -1}, {0, -1, -1},
                                {1, 1, 0}, {0, -1, 1}, {-1, 1, 0}, {0, -1, -1}};

// Lattice noise in binary64: d-linear interpolation of corner values with fade weights.
// corner(hash, offset) gives a corner's value; hash of corner indices through Perlin's chain
// (2D: with the z = 0 level), indices wrapped by `period` (0 = 256).
double independent(const gradnoise::PermutationTable& p, Fade f, Basis basis, const Lattice& lat, int dims,
                   const double* x, const int* period = nullptr) {
    long cell[4];
    double frac[4];
    for (int a = 0; a < dims; ++a) {
        double fl = std::floor(x[a]);
        cell[a] = static_cast<long>(fl);
        frac[a] = x[a] - fl;
    }
    double total = 0;
    for (int c = 0; c < (1 << dims); ++c) {
        double weight = 1, offset[4] = {0, 0, 0, 0};
        long idx[4] = {0, 0, 0, 0};
        for (int a = 0; a < dims; ++a) {
            int bit = (c >> a) & 1;
            double s = fade(f, frac[a]);
            weight *= bit ? s : 1 - s;
            offset[a] = frac[a] - bit;
            long m = period && period[a] ? period[a] : 256;
            idx[a] = (((cell[a] + bit) % m) + m) % m;
        }
        int h = p[static_cast<std::size_t>(idx[0])];
        h = p[static_cast<std::size_t>((h + idx[1]) & 255)];
        h = p[static_cast<std::size_t>((h + idx[2]) & 255)];  // 2D: idx[2] = 0
        if (dims == 4) {
            h = p[static_cast<std::size_t>((h + idx[3]) & 255)];
        }
        double v = 0;
        if (basis == Basis::value) {
            v = lat.value[h];
        } else if (basis == Basis::classic) {
            for (int a = 0; a < dims; ++a) {
                v += lat.classic[dims - 2][h][a] * offset[a];
            }
        } else if (basis == Basis::isotropic && dims == 2) {
            // Spec 15: 16 directions (k + 1/2) pi / 8, length sqrt 2 (libm here: test code only).
            const double angle = ((h & 15) + 0.5) * 3.14159265358979323846 / 8;
            v = std::sqrt(2.0) * (std::cos(angle) * offset[0] + std::sin(angle) * offset[1]);
        } else if (dims == 4) {
            double g[4];
            gradient4(h, g);
            for (int a = 0; a < 4; ++a) {
                v += g[a] * offset[a];
            }
        } else {
            for (int a = 0; a < dims; ++a) {
                v += kGradients3[h & 15][a] * offset[a];
            }
        }
        total += weight * v;
    }
    return total;
}

float eval1(const Noise& n, int dims, const float* q) {
    switch (dims) {
        case 2: return n.noise2(q[0], q[1]);
        case 3: return n.noise3(q[0], q[1], q[2]);
        default: return n.noise4(q[0], q[1], q[2], q[3]);
    }
}

const Basis kBases[] = {Basis::perlin, Basis::classic, Basis::value, Basis::isotropic};

// The mean squared increment of a 2D field along direction theta, E[(n(p + h u) - n(p))^2]: a
// directional spectrum at one scale. An isotropic field has the same value in every direction.
double increment_energy(const Noise& n, double theta, const testing::Points& p) {
    const float h = 0.0625f;
    const float ux = static_cast<float>(std::cos(theta)) * h, uy = static_cast<float>(std::sin(theta)) * h;
    double sum = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const double d = static_cast<double>(n.noise2(p.x[i] + ux, p.y[i] + uy)) - n.noise2(p.x[i], p.y[i]);
        sum += d * d;
    }
    return sum / static_cast<double>(p.size());
}

}  // namespace

TEST_SUITE("lattice") {

TEST_CASE("the isotropic basis has no streaks: equal energy along x and y; Perlin's 2D slice has more along y") {
    // Perlin's 2D field is the z = 0 slice of his 3D gradients: of the 16 hash codes, 6 give
    // (0, +-1), 4 give (+-1, 0) and 6 a diagonal, so it varies more along y than along x
    // (horizontal streaks). The isotropic set's 16 directions form a tight frame: E[(g.u)^2] is
    // the same for every direction u. Measured: the mean squared increment over h = 1/16 along
    // y over that along x, eight seeds, 10^5 points each.
    const testing::Points p = testing::random_points(100000, -200.0f, 200.0f, 59);
    for (Basis basis : {Basis::perlin, Basis::isotropic}) {
        double along_x = 0, along_y = 0;
        for (std::uint64_t seed = 3; seed < 11; ++seed) {
            const Noise n = make(desc(basis, Hash::permutation, true, seed));
            along_x += increment_energy(n, 0.0, p);
            along_y += increment_energy(n, 3.14159265358979323846 / 2, p);
        }
        MESSAGE(std::string(gradnoise::basis_name(basis)) << " 2D: increment energy y / x = " << along_y / along_x);
        if (basis == Basis::isotropic) {
            CHECK(std::fabs(along_y / along_x - 1) < 0.03);
        } else {
            CHECK(along_y / along_x > 1.05);
        }
    }
}

TEST_CASE("every basis, hash and dimension: scalar == every ISA, bit for bit") {
    testing::Points random = testing::random_points(testing::random_point_count() / 50 + 5, -300.0f, 300.0f, 41);
    testing::Points awkward = testing::awkward_points();
    testing::Points bits = testing::random_bit_patterns(20000, 43);
    for (Basis basis : kBases) {
        for (Hash hash : {Hash::permutation, Hash::mix}) {
            for (Fade f : {Fade::quintic, Fade::cubic}) {
                NoiseDesc d = desc(basis, hash, true, 77);
                d.fade = f;
                Noise n = make(d);
                std::string what = std::string(gradnoise::basis_name(basis)) + " / " + gradnoise::hash_name(hash);
                testing::check_points(n, random, what.c_str(), {2, 3, 4});
                testing::check_points(n, awkward, what.c_str(), {2, 3, 4});
                testing::check_points(n, bits, what.c_str(), {2, 3, 4});
            }
        }
    }
}

TEST_CASE("periods: scalar == every ISA, bit for bit") {
    testing::Points random = testing::random_points(testing::random_point_count() / 1000 + 2000, -70.0f, 70.0f, 47);
    testing::Points awkward = testing::awkward_points();
    std::vector<NoiseDesc> descs;
    {
        NoiseDesc d;  // tiling, single octave, every axis a different period
        d.period_x = 4, d.period_y = 8, d.period_z = 1, d.period_w = 256;
        descs.push_back(d);
        d.fractal = {Fractal::fbm, 5, 0.75f, 2.0f, 0.5f};  // octave periods 4, 8, 16, ... capped at 256
        descs.push_back(d);
        d.hash = Hash::mix;
        d.fractal = {Fractal::ridged, 4, 1.0f, 4.0f, 0.6f};
        descs.push_back(d);
    }
    // Warps, patterns and 4D fractals: tests/test_fractal.cpp (descriptors 3.. of the same list).
    for (std::size_t i = 0; i < descs.size(); ++i) {
        Noise n = make(descs[i]);
        std::string what = "descriptor " + std::to_string(i);
        testing::check_points(n, random, what.c_str(), {2, 3, 4});
        testing::check_points(n, awkward, what.c_str(), {2, 3, 4});
    }
}

TEST_CASE("classic, value and 4D noise equal their definitions in binary64") {
    testing::Points p = testing::random_points(20000, -40.0f, 40.0f, 53);
    std::vector<float> w = testing::w_of(p);
    for (std::uint64_t seed : {0ull, 99ull}) {
        Lattice lat(seed);
        const gradnoise::PermutationTable perm =
            seed ? gradnoise::PermutationTable::from_seed(seed) : gradnoise::PermutationTable::reference();
        for (Basis basis : kBases) {
            for (Fade f : {Fade::quintic, Fade::cubic}) {
                NoiseDesc d = desc(basis, Hash::permutation, seed != 0, seed);
                d.fade = f;
                Noise n = make(d);
                for (int dims : {2, 3, 4}) {
                    if (basis == Basis::perlin && dims != 4) {
                        continue;  // 2D/3D perlin: tests/test_perlin.cpp
                    }
                    double worst = 0;
                    for (std::size_t i = 0; i < p.size(); ++i) {
                        float q[4] = {p.x[i], p.y[i], dims > 2 ? p.z[i] : 0.0f, w[i]};
                        double x[4] = {q[0], q[1], q[2], q[3]};
                        worst = std::fmax(worst, std::fabs(eval1(n, dims, q) - independent(perm, f, basis, lat, dims, x)));
                    }
                    INFO(std::string(gradnoise::basis_name(basis)) << " " << dims << "D " << testing::name(f) << " seed " << seed);
                    MESSAGE(std::string(gradnoise::basis_name(basis)) << " " << dims << "D " << testing::name(f) << " seed " << seed
                                                         << ": largest |float32 - binary64| = " << worst);
                    CHECK(worst <= 2e-5);
                }
            }
        }
    }
}

TEST_CASE("classic gradients are unit vectors, different per seed; value noise is the corner value at lattice points") {
    Lattice a(0), b(12345);
    int same = 0;
    for (int dims = 2; dims <= 4; ++dims) {
        for (int n = 0; n < 256; ++n) {
            double len2 = 0;
            for (int k = 0; k < dims; ++k) {
                len2 += a.classic[dims - 2][n][k] * a.classic[dims - 2][n][k];
            }
            CHECK(std::fabs(len2 - 1) < 1e-6);
            same += a.classic[dims - 2][n][0] == b.classic[dims - 2][n][0];
        }
    }
    CHECK(same < 3);
    // At a lattice point every fade weight is 0: the value is exactly the corner's value.
    const gradnoise::PermutationTable perm = gradnoise::PermutationTable::reference();
    Noise v = make(desc(Basis::value));
    int distinct = 0;
    float previous = 2;
    for (int X = -300; X <= 300; X += 7) {
        for (int Y = -20; Y <= 20; Y += 3) {
            int h = perm[perm[(perm[static_cast<std::size_t>(X & 255)] + (Y & 255)) & 255]];
            float want = static_cast<float>(a.value[h]);  // 24-bit values: exact in float
            float got = v.noise2(static_cast<float>(X), static_cast<float>(Y));
            CHECK(testing::bits(got) == testing::bits(want));
            distinct += got != previous;
            previous = got;
            int Z = X / 3;
            int h3 = perm[(perm[(perm[static_cast<std::size_t>(X & 255)] + (Y & 255)) & 255] + (Z & 255)) & 255];
            CHECK(testing::bits(v.noise3(static_cast<float>(X), static_cast<float>(Y), static_cast<float>(Z))) ==
                  testing::bits(static_cast<float>(a.value[h3])));
        }
    }
    CHECK(distinct > 100);
    // Gradient noise is zero at lattice points; value noise is not (the tutorials' pitfall).
    Noise classic = make(desc(Basis::classic)), perlin;
    CHECK(classic.noise2(3.0f, -7.0f) == 0.0f);
    CHECK(perlin.noise4(3.0f, -7.0f, 2.0f, 9.0f) == 0.0f);
}

TEST_CASE("tileable: the field at x and at x + period / frequency is bit-identical") {
    struct Case {
        const char* what;
        NoiseDesc d;
        float tile;  // period / frequency
    };
    std::vector<Case> cases;
    NoiseDesc d;
    d.period_x = d.period_y = d.period_z = d.period_w = 4;
    cases.push_back({"perlin P=4", d, 4.0f});
    d.basis = Basis::classic, d.hash = Hash::mix, d.has_seed = true, d.seed = 3;
    cases.push_back({"classic mix P=4", d, 4.0f});
    d = NoiseDesc{};
    d.period_x = d.period_y = d.period_z = d.period_w = 16;
    d.fractal = {Fractal::fbm, 6, 0.25f, 2.0f, 0.5f};  // octave periods 16..256 (capped)
    cases.push_back({"fbm P=16 f=1/4 (tile 64)", d, 64.0f});
    d.fractal = {Fractal::ridged, 3, 2.0f, 4.0f, 0.5f};
    d.basis = Basis::value;
    cases.push_back({"value ridged P=16 f=2 L=4 (tile 8)", d, 8.0f});
    for (const Case& c : cases) {
        Noise n = make(c.d);
        for (const testing::IsaPath& path : testing::isa_paths()) {
            for (int dims : {2, 3, 4}) {
                for (int axis = 0; axis < dims; ++axis) {
                    // Dyadic coordinates (multiples of 1/64): x and x + tile are both exact.
                    testing::Points a, b;
                    for (int i = 0; i < 512; ++i) {
                        float q[4] = {static_cast<float>((i * 37) % 640 - 320) / 64.0f,
                                      static_cast<float>((i * 53) % 768 - 384) / 64.0f,
                                      static_cast<float>((i * 29) % 512 - 256) / 64.0f,
                                      static_cast<float>((i * 61) % 896 - 448) / 64.0f};
                        a.add(q[0], q[1], q[2]);
                        a.w.push_back(q[3]);
                        q[axis] += c.tile * static_cast<float>(1 + i % 3);
                        b.add(q[0], q[1], q[2]);
                        b.w.push_back(q[3]);
                    }
                    std::vector<float> va = testing::eval(n, path, dims, a), vb = testing::eval(n, path, dims, b);
                    INFO(std::string(c.what) << " " << testing::name(path) << " " << dims << "D axis " << axis);
                    CHECK(testing::first_bit_difference(va, vb) == -1);
                    bool varies = false;
                    for (float v : va) varies = varies || v != va[0];
                    CHECK(varies);
                }
            }
        }
    }
}

TEST_CASE("4D: continuous at fixed w, different per seed and in w; a loop in (z, w) closes") {
    Noise n, seeded = make(desc(Basis::perlin, Hash::permutation, true, 8));
    double largest_step = 0;
    int differ = 0, moves = 0;
    for (int i = 0; i < 4000; ++i) {
        float x = -20.0f + 0.01f * static_cast<float>(i), y = 3.3f, z = 0.7f, w = 5.25f;
        float a = n.noise4(x, y, z, w), b = n.noise4(x + 0.001f, y, z, w);
        largest_step = std::fmax(largest_step, std::fabs(a - b));
        differ += a != seeded.noise4(x, y, z, w);
        moves += a != n.noise4(x, y, z, w + 0.37f);
    }
    MESSAGE("largest change over a 0.001 step: " << largest_step);
    CHECK(largest_step < 0.01);  // gradient bounded by ~ 3 * 1.875 (fade slope) per unit
    CHECK(differ > 3900);
    CHECK(moves > 3900);
    // Walking a circle of radius r in (z, w) over N frames: the step from the last frame back to
    // the first is no larger than the steps between neighbouring frames (a seamless loop).
    const int frames = 64;
    const double r = 1.5, pi = 3.14159265358979323846;
    double wrap = 0, others = 0;
    for (int i = 0; i < 300; ++i) {
        float x = 0.173f * static_cast<float>(i), y = 0.6f - 0.091f * static_cast<float>(i);
        auto frame = [&](int k) {
            double a = 2 * pi * k / frames;
            return n.noise4(x, y, static_cast<float>(r * std::cos(a)), static_cast<float>(r * std::sin(a)));
        };
        for (int k = 0; k + 1 < frames; ++k) {
            others = std::fmax(others, std::fabs(frame(k + 1) - frame(k)));
        }
        wrap = std::fmax(wrap, std::fabs(frame(0) - frame(frames - 1)));
    }
    MESSAGE("loop of " << frames << " frames: largest step " << others << ", last -> first " << wrap);
    CHECK(wrap <= others);
    CHECK(others < 0.5);
}

TEST_CASE("ranges of classic, value and 4D perlin over 10^7 samples (docs/spec.md section 10.5 records them)") {
    const std::size_t count = testing::range_sample_count();
    testing::Points p = testing::random_points(count, -1000.0f, 1000.0f, 67);
    std::vector<testing::RangeBound> bounds;  // proven bounds
    for (int dims : {2, 3, 4}) {
        // classic: a convex combination of dot products with unit vectors, each <= |offset| <= sqrt(dims)
        const float classic = std::sqrt(static_cast<float>(dims));
        bounds.push_back({"classic", desc(Basis::classic), dims, -classic, classic});
        bounds.push_back({"value", desc(Basis::value), dims, -1.0f, 1.0f});
    }
    // 4D perlin: a convex combination of corner dots, each |a| + |b| + |c| <= 3.
    bounds.push_back({"perlin", desc(Basis::perlin), 4, -3.0f, 3.0f});
    // Marble, wood and warps (sections 11-12): tests/test_fractal.cpp.
    testing::check_ranges(p, bounds);
}

TEST_CASE("non-finite coordinates give +0 for the classic and value bases, on every path") {
    std::vector<NoiseDesc> descs(2);
    descs[0].basis = Basis::classic;
    descs[1].basis = Basis::value;
    // Warps and patterns: tests/test_fractal.cpp.
    testing::check_nonfinite_gives_zero(descs);
}

TEST_CASE("invalid lattice parameters (basis, periods) are rejected with a message naming them") {
    std::vector<std::pair<NoiseDesc, const char*>> bad;
    auto add = [&](const char* names, const std::function<void(NoiseDesc&)>& change) {
        NoiseDesc d;
        change(d);
        bad.emplace_back(d, names);
    };
    add("basis", [](NoiseDesc& d) { d.basis = static_cast<Basis>(7); });
    add("period_x", [](NoiseDesc& d) { d.period_x = 3; });
    add("period_y", [](NoiseDesc& d) { d.period_y = 512; });
    add("period_z", [](NoiseDesc& d) { d.period_z = -4; });
    add("period_w", [](NoiseDesc& d) { d.period_w = 100; });
    // A fractal over a tiled lattice needs a power-of-two lacunarity (section 10.3).
    add("fractal.lacunarity", [](NoiseDesc& d) {
        d.period_x = 4;
        d.fractal = {Fractal::fbm, 4, 1.0f, 2.5f, 0.5f};
    });
    add("fractal.lacunarity", [](NoiseDesc& d) {
        d.period_w = 4;
        d.fractal = {Fractal::fbm, 4, 1.0f, 3.0f, 0.5f};
    });
    // Warp and pattern parameters: tests/test_fractal.cpp.
    testing::check_refusals(bad);
    // 4D: null arrays are reported, count 0 needs none.
    Noise n;
    float x = 1, y = 2, z = 3, w = 4, out = 5;
    CHECK(n.evaluate_4d(&x, &y, &z, nullptr, &out, 1).code() == gradnoise::ErrorCode::null_pointer);
    CHECK(n.evaluate_4d(nullptr, nullptr, nullptr, nullptr, nullptr, 0).ok());
    CHECK(n.evaluate_4d(&x, &y, &z, &w, &out, 1).ok());
    CHECK(testing::bits(out) == testing::bits(n.noise4(1, 2, 3, 4)));
}

}  // TEST_SUITE
