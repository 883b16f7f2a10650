// [S 18.4] The analytic gradients of the simplex families: src/kernels/simplex.hpp and
// simplex_smooth.hpp (their gradient members), src/reference/simplex.cpp, simplex_smooth.cpp and
// simplex_common.hpp. Each orientation's Jacobian is the float rounding of its binary64 derivative;
// the reference against central differences of its own values (K.jpg's dropped vertices excused and
// counted) and continuous where a vertex's contribution vanishes; +0 off the lattice; every ISA equal
// to the reference bit for bit, the value part equal to the value functions. The values themselves:
// tests/test_simplex.cpp.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "reference/reference.hpp"
#include "reference/simplex_common.hpp"
#include "tables/simplex_constants.hpp"
#include "tables/splitmix64.hpp"
#include "test_support.hpp"

using namespace gradnoise;

namespace {

using reference::Gradient;
using testing::make;

// The reference's functions of one kind per dimension, for OpenSimplex2 and OpenSimplex2S ([smooth]).
template <class R>
struct SimplexFunctions {
    using V = gradnoise::reference::SimplexVariant;
    R (*two[2])(const V&, Orientation2, double, double) noexcept;
    R (*three[2])(const V&, Orientation3, double, double, double) noexcept;
    R (*four[2])(const V&, Orientation4, double, double, double, double) noexcept;
};
namespace r = gradnoise::reference;
const SimplexFunctions<float> kValue{{r::opensimplex2_2d, r::opensimplex2s_2d},
                                     {r::opensimplex2_3d, r::opensimplex2s_3d},
                                     {r::opensimplex2_4d, r::opensimplex2s_4d}};
const SimplexFunctions<Gradient> kGradient{{r::opensimplex2_2d_gradient, r::opensimplex2s_2d_gradient},
                                           {r::opensimplex2_3d_gradient, r::opensimplex2s_3d_gradient},
                                           {r::opensimplex2_4d_gradient, r::opensimplex2s_4d_gradient}};

// One family, variant, dimension and orientation of the reference, at binary64 coordinates.
struct SimplexCase {
    bool smooth;
    int dims, o;
    std::int64_t seed;
    bool mix = false;  // [S 16.7] the mix variant (Hash::mix), keyed by the seed's mix key

    gradnoise::reference::SimplexVariant g() const {
        const auto key = static_cast<std::uint32_t>(gradnoise::detail::SplitMix64(static_cast<std::uint64_t>(seed)).next());
        return {&gradnoise::detail::simplex_gradients(smooth), seed, mix, key};
    }
    // The smoothness tests' cells: [-span, span). The mix variant evaluates at float coordinates,
    // whose spacing there must stay far below the tests' steps (2e-5): 2^-22 within |x| < 4.
    double span() const { return mix ? 2.0 : 40.0; }
    std::string name() const {
        return std::string(smooth ? "opensimplex2s" : "opensimplex2") + (mix ? " (mix)" : "") + " " +
               std::to_string(dims) + "D orientation " + std::to_string(o);
    }
    // The reference's function of this family and dimension at p.
    template <class R>
    R call(const SimplexFunctions<R>& f, const double* p) const {
        if (dims == 2) {
            return f.two[smooth](g(), static_cast<Orientation2>(o), p[0], p[1]);
        }
        if (dims == 3) {
            return f.three[smooth](g(), static_cast<Orientation3>(o), p[0], p[1], p[2]);
        }
        return f.four[smooth](g(), static_cast<Orientation4>(o), p[0], p[1], p[2], p[3]);
    }
    float value(const double* p) const { return call(kValue, p); }
    Gradient gradient(const double* p) const { return call(kGradient, p); }
};

std::vector<SimplexCase> simplex_cases() {
    std::vector<SimplexCase> cases;
    for (bool smooth : {false, true}) {
        for (int dims : {2, 3, 4}) {
            const int orientations = dims == 2 ? 2 : dims == 3 ? 3 : 5;
            for (int o = 0; o < orientations; ++o) {
                for (bool mix : {false, true}) {
                    cases.push_back({smooth, dims, o, o % 2 ? std::int64_t(-7) : std::int64_t(1337), mix});
                }
            }
        }
    }
    return cases;
}

using Matrix = std::vector<std::vector<double>>;  // [row][column]

// The orientation's map to the skewed / rotated lattice coordinates, probed in binary64: column j
// is the image of unit vector j (the maps are linear, no constant term).
Matrix orientation_matrix(const SimplexCase& c) {
    namespace s = gradnoise::reference::simplex;
    const auto& k = c.smooth ? gradnoise::detail::opensimplex2s_orientation : gradnoise::detail::opensimplex2_orientation;
    Matrix a(c.dims, std::vector<double>(c.dims));
    for (int j = 0; j < c.dims; ++j) {
        double e[4] = {0, 0, 0, 0}, out[4];
        e[j] = 1;
        if (c.dims == 2) {
            s::orient2(static_cast<Orientation2>(c.o), e[0], e[1], out);
        } else if (c.dims == 3) {
            s::orient3(static_cast<Orientation3>(c.o), k, e[0], e[1], e[2], out);
        } else {
            s::orient4(static_cast<Orientation4>(c.o), k, e[0], e[1], e[2], e[3], out);
        }
        for (int i = 0; i < c.dims; ++i) {
            a[i][j] = out[i];
        }
    }
    return a;
}

// The frame's unskew factor u (offsets = (I + u J) times the cell offsets; J all ones): the
// reference's float constants (spec 16.3-16.5), 3D none.
double unskew_of(const SimplexCase& c) {
    if (c.dims == 2) {
        return static_cast<double>(static_cast<float>(-0.21132486540518713));
    }
    if (c.dims == 3) {
        return 0.0;
    }
    return c.smooth ? static_cast<double>(-0.138196601125011f) : static_cast<double>(0.309016994374947f);
}

// d(offsets) / d(input): (I + u J) A, in binary64.
Matrix offset_jacobian(const SimplexCase& c) {
    const Matrix a = orientation_matrix(c);
    const double u = unskew_of(c);
    Matrix m = a;
    for (int j = 0; j < c.dims; ++j) {
        double column = 0;
        for (int i = 0; i < c.dims; ++i) {
            column += a[i][j];
        }
        for (int i = 0; i < c.dims; ++i) {
            m[i][j] = a[i][j] + u * column;
        }
    }
    return m;
}

Matrix inverse(Matrix m) {
    const int n = static_cast<int>(m.size());
    Matrix inv(n, std::vector<double>(n, 0.0));
    for (int i = 0; i < n; ++i) {
        inv[i][i] = 1;
    }
    for (int col = 0; col < n; ++col) {
        int pivot = col;
        for (int r = col + 1; r < n; ++r) {
            if (std::fabs(m[r][col]) > std::fabs(m[pivot][col])) {
                pivot = r;
            }
        }
        std::swap(m[col], m[pivot]);
        std::swap(inv[col], inv[pivot]);
        const double d = m[col][col];
        REQUIRE(std::fabs(d) > 1e-6);
        for (int j = 0; j < n; ++j) {
            m[col][j] /= d;
            inv[col][j] /= d;
        }
        for (int r = 0; r < n; ++r) {
            if (r != col && m[r][col] != 0) {
                const double f = m[r][col];
                for (int j = 0; j < n; ++j) {
                    m[r][j] -= f * m[col][j];
                    inv[r][j] -= f * inv[col][j];
                }
            }
        }
    }
    return inv;
}

std::vector<double> mat_vec(const Matrix& m, const std::vector<double>& v) {
    std::vector<double> out(m.size(), 0.0);
    for (std::size_t i = 0; i < m.size(); ++i) {
        for (std::size_t j = 0; j < v.size(); ++j) {
            out[i] += m[i][j] * v[j];
        }
    }
    return out;
}

// Points (as floats, in binary64) where the falloff of some lattice vertex nearly vanishes: at
// distance R (1 + e), |e| <= 3e-3, from a vertex in the offset frame (where the falloff is
// R^2 - |offset|^2), mapped back to the input coordinates.
std::vector<std::vector<double>> radius_points(const SimplexCase& c, std::size_t n, std::uint64_t seed) {
    gradnoise::detail::SplitMix64 rng(seed);
    auto unit = [&] { return static_cast<double>(rng.next() >> 11) * 0x1p-53; };
    const double r2 = c.dims == 2 ? (c.smooth ? 2.0 / 3.0 : 0.5) : c.dims == 3 ? (c.smooth ? 0.75 : 0.6) : (c.smooth ? 0.8 : 0.6);
    const Matrix to_input = inverse(offset_jacobian(c));
    const double u = unskew_of(c);
    std::vector<std::vector<double>> points;
    while (points.size() < n) {
        // A vertex: integer cells (3D also the second lattice's half-integers; 4D fast five
        // copies 0.2 (1, 1, 1, 1) apart), unskewed.
        std::vector<double> v(c.dims);
        const double shift = c.dims == 3 ? 0.5 * static_cast<double>(rng.next() % 2)
                                         : (c.dims == 4 && !c.smooth ? 0.2 * static_cast<double>(rng.next() % 5) : 0.0);
        double sum = 0;
        for (double& x : v) {
            x = std::floor((unit() * 2.0 - 1.0) * c.span()) + shift;
            sum += x;
        }
        for (double& x : v) {
            x += u * sum;
        }
        // A direction, uniform on the sphere (rejection from the cube).
        std::vector<double> e(c.dims);
        double norm2 = 0;
        do {
            norm2 = 0;
            for (double& x : e) {
                x = unit() * 2.0 - 1.0;
                norm2 += x * x;
            }
        } while (norm2 > 1.0 || norm2 < 1e-3);
        const double rho = std::sqrt(r2) * (1.0 + (unit() * 2.0 - 1.0) * 3e-3) / std::sqrt(norm2);
        for (int i = 0; i < c.dims; ++i) {
            v[i] += rho * e[i];
        }
        std::vector<double> p = mat_vec(to_input, v);
        for (double& x : p) {
            x = static_cast<double>(static_cast<float>(x));
        }
        points.push_back(p);
    }
    return points;
}

// Points (as floats) beside the lattice's cell and sub-cell borders: skewed / rotated
// coordinates at integers, quarters, halves and fifths, 0..1e-4 off, mapped back.
std::vector<std::vector<double>> border_points(const SimplexCase& c, std::size_t n, std::uint64_t seed) {
    gradnoise::detail::SplitMix64 rng(seed);
    auto unit = [&] { return static_cast<double>(rng.next() >> 11) * 0x1p-53; };
    const Matrix to_input = inverse(orientation_matrix(c));
    const double fractions[] = {0.0, 0.25, 0.5, 0.75, 0.2, 0.4, 0.6, 0.8};
    std::vector<std::vector<double>> points;
    while (points.size() < n) {
        std::vector<double> s(c.dims);
        for (double& x : s) {
            const std::uint64_t kind = rng.next() % 10;
            x = std::floor((unit() * 2.0 - 1.0) * c.span()) +
                (kind < 8 ? fractions[kind] + (unit() * 2.0 - 1.0) * 1e-4 : unit());
        }
        std::vector<double> p = mat_vec(to_input, s);
        for (double& x : p) {
            x = static_cast<double>(static_cast<float>(x));
        }
        points.push_back(p);
    }
    return points;
}

}  // namespace

TEST_SUITE("simplex") {

TEST_CASE("gradients: each orientation's Jacobian is the float rounding of its binary64 derivative") {
    // Derived here from the orientation maps (probed) and the frame's unskew, by the spec's rule:
    // round to nearest float; entries below 2^-24 (residues of constants that cancel) are 0.
    for (const SimplexCase& c : simplex_cases()) {
        namespace s = gradnoise::reference::simplex;
        const s::SimplexJacobian& table = c.dims == 2   ? s::jacobian_of(static_cast<Orientation2>(c.o))
                                          : c.dims == 3 ? s::jacobian_of(static_cast<Orientation3>(c.o))
                                                        : s::jacobian_of(c.smooth, static_cast<Orientation4>(c.o));
        const Matrix m = offset_jacobian(c);
        for (int i = 0; i < c.dims; ++i) {
            for (int j = 0; j < c.dims; ++j) {
                const float expect = std::fabs(m[i][j]) < 0x1p-24 ? 0.0f : static_cast<float>(m[i][j]);
                INFO(c.name() << " m[" << i << "][" << j << "] = " << m[i][j]);
                CHECK(testing::bits(table.m[i][j]) == testing::bits(expect));
            }
        }
        // The maps are rotations (3D, 4D, 2D improve_x) or the identity (2D standard, 4D
        // fallback): orthonormal to float precision.
        for (int i = 0; i < c.dims; ++i) {
            for (int j = 0; j < c.dims; ++j) {
                double dot = 0;
                for (int r = 0; r < c.dims; ++r) {
                    dot += m[r][i] * m[r][j];
                }
                CHECK(std::fabs(dot - (i == j ? 1.0 : 0.0)) < 1e-7);
            }
        }
    }
}

// The largest jump of f(t) on [lo, hi], sampled every 2e-5: the largest |increment - the mean of
// its neighbours| (a smooth f gives |f''| 4e-10 plus the float value's rounding, a few 1e-6 at
// most; a jump J gives ~J).
template <class Fn>
double largest_jump(Fn&& f, double lo, double hi) {
    std::vector<double> v;
    for (double t = lo; t <= hi + 1e-12; t += 2e-5) {
        v.push_back(static_cast<double>(f(t)));
    }
    double worst = 0;
    for (std::size_t k = 2; k + 1 < v.size(); ++k) {
        const double before = v[k - 1] - v[k - 2], step = v[k] - v[k - 1], after = v[k + 1] - v[k];
        worst = std::fmax(worst, std::fabs(step - 0.5 * (before + after)));
    }
    return worst;
}

TEST_CASE("gradients: the reference against central differences of the reference value") {
    // The estimate: Richardson's extrapolation of central differences, (4 D(h/2) - D(h)) / 3 with
    // D(s) = (f(p + s) - f(p - s)) / 2s, h = 1e-2, in binary64 coordinates (the value functions
    // take doubles). Its error: truncation O(h^4 f^(5)) (small: f^(3) ~ 20 makes plain D(h) err
    // by ~3e-4, the extrapolation removes that), and the float value's rounding, ~1e-6 absolute
    // (the vertex terms, up to ~4, are larger than their sum), giving ~(5/3) 2e-6 / h ~ 3e-4.
    // The worst measured (printed below) is under the tolerance 2e-3 by the factor printed; 2e-3 is
    // < 3e-4 of the largest gradients (~7): a wrong Jacobian entry, sign or falloff term errs by
    // >= 1e-1.
    //
    // K.jpg's OpenSimplex2 3D and 4D and OpenSimplex2S 3D (his reference, which the value
    // reproduces bit for bit -- checked against his Java during this work) drop vertices whose
    // falloff is still positive where their vertex choice changes: the value jumps there (by up
    // to ~5e-3) or, where the dropped falloff is small, only its gradient does. Where the
    // estimate disagrees, the point is excused (and counted) if the gradient integrates to the
    // value's change -- the mean of the analytic gradient at 41 points of [p - h, p + h]
    // (trapezoid rule) against (f(p + h) - f(p - h)) / 2h, within twice the tolerance (the rule
    // errs by ~5e-4 across a kink): a kink, where the gradient is each side's -- or if the value
    // jumps by more than 1e-5 within the stencil.
    // A disagreement anywhere else fails; the 2D families and OpenSimplex2S 4D excuse none.
    // The mix variant evaluates at float coordinates: its points are floats and h a power of two,
    // so p +- h and p +- h/2 are exact (|p| < 64).
    const double tolerance = 2e-3, jump_threshold = 1e-5;
    std::map<std::string, double> worst_by_family;
    for (const SimplexCase& c : simplex_cases()) {
        const double h = c.mix ? 0x1p-7 : 1e-2;
        std::vector<std::vector<double>> points;
        {
            const float span = static_cast<float>(c.span());
            testing::Points r = testing::random_points(10000, -span, span, 101 + static_cast<std::uint64_t>(c.o));
            const std::vector<float> w = testing::w_of(r);
            for (std::size_t i = 0; i < r.size(); ++i) {
                points.push_back({r.x[i], r.y[i], r.z[i], w[i]});
                points.back().resize(c.dims);
            }
        }
        const std::size_t random_count = points.size();
        for (auto& p : radius_points(c, 3000, 211 + static_cast<std::uint64_t>(c.o))) {
            points.push_back(p);
        }
        for (auto& p : border_points(c, 3000, 223 + static_cast<std::uint64_t>(c.o))) {
            points.push_back(p);
        }
        if (c.mix) {
            for (std::vector<double>& p : points) {
                for (double& v : p) {
                    v = static_cast<double>(static_cast<float>(v));
                }
            }
        }
        double worst = 0, worst_special = 0, largest = 0, largest_excused_jump = 0;
        std::size_t excused_jump = 0, excused_kink = 0, checked = 0;
        int reported = 0;
        for (std::size_t n = 0; n < points.size(); ++n) {
            const std::vector<double>& p = points[n];
            const Gradient g = c.gradient(p.data());
            REQUIRE(testing::bits(g.value) == testing::bits(c.value(p.data())));
            for (int a = 0; a < c.dims; ++a) {
                auto at = [&](double t) {
                    std::vector<double> q = p;
                    q[a] += t;
                    return q;
                };
                auto f = [&](double t) { return static_cast<double>(c.value(at(t).data())); };
                const double d_h = (f(h) - f(-h)) / (2 * h), d_half = (f(h / 2) - f(-h / 2)) / h;
                const double estimate = (4 * d_half - d_h) / 3;
                const double err = std::fabs(static_cast<double>(g.d[a]) - estimate);
                largest = std::fmax(largest, std::fabs(estimate));
                ++checked;
                if (err > tolerance) {
                    double mean = 0;
                    for (int k = 0; k <= 40; ++k) {
                        const double gk = static_cast<double>(c.gradient(at(-h + k * (h / 20)).data()).d[a]);
                        mean += (k == 0 || k == 40 ? 0.5 : 1.0) * gk / 40;
                    }
                    if (std::fabs(mean - d_h) <= 2 * tolerance) {
                        ++excused_kink;
                        continue;
                    }
                    const double jump = largest_jump(f, -h - 4e-5, h + 4e-5);  // (past the ends: a jump at p +- h counts)
                    if (jump > jump_threshold) {
                        ++excused_jump;
                        largest_excused_jump = std::fmax(largest_excused_jump, jump);
                        continue;
                    }
                    if (reported++ < 5) {
                        INFO(c.name() << " at (" << p[0] << ", " << p[1] << (c.dims > 2 ? ", " + std::to_string(p[2]) : "")
                                      << (c.dims > 3 ? ", " + std::to_string(p[3]) : "") << ") axis " << a << ": analytic "
                                      << g.d[a] << " vs estimate " << estimate << ", mean gradient " << mean
                                      << " vs mean slope " << d_h << ", largest jump " << jump);
                        CHECK(err <= tolerance);
                    }
                }
                (n < random_count ? worst : worst_special) = std::fmax(n < random_count ? worst : worst_special, err);
            }
        }
        CHECK(reported == 0);
        CHECK(largest > 1.0);  // the gradients are not trivially small
        // Only the families that drop live vertices excuse points, and few.
        const bool jumps = c.dims == 3 || (c.dims == 4 && !c.smooth);
        CHECK(static_cast<double>(excused_jump + excused_kink) <= (jumps ? 0.15 : 0.0) * static_cast<double>(checked));
        const std::string key = std::string(c.smooth ? "opensimplex2s" : "opensimplex2") + " " + std::to_string(c.dims) + "D";
        worst_by_family[key] = std::fmax(worst_by_family[key], std::fmax(worst, worst_special));
        MESSAGE(c.name() << ": worst |analytic - estimate| " << worst << " over " << random_count << " random points, "
                         << worst_special << " at radius/border points; largest |gradient| " << largest << "; of "
                         << checked << " excused " << excused_kink << " at kinks, " << excused_jump
                         << " at value jumps (largest " << largest_excused_jump << ")");
    }
    for (const auto& [key, worst] : worst_by_family) {
        MESSAGE("gradient vs central differences, " << key << ": worst " << worst << " (tolerance " << tolerance << ")");
    }
}

TEST_CASE("gradients: continuity where a vertex's contribution vanishes") {
    // At the radius and border points the gradient 1e-5 either side along each axis differs by
    // little: |f''| 2e-5 with |f''| < ~150 (2D fast's largest) gives < 3e-3, where a missing or
    // extra vertex term makes it jump. That holds for the 2D families and OpenSimplex2S 4D; K.jpg's
    // 3D and fast 4D drop live vertices (see above), so there the gradient jumps at some of these
    // points: the test only counts them (they must stay rare), excluding points where the value
    // itself jumps (the step over 2e-5 beyond slope * 2e-5 by more than 5e-6, 5x the rounding).
    for (const SimplexCase& c : simplex_cases()) {
        std::vector<std::vector<double>> points = radius_points(c, 2000, 307 + static_cast<std::uint64_t>(c.o));
        for (auto& p : border_points(c, 2000, 311 + static_cast<std::uint64_t>(c.o))) {
            points.push_back(p);
        }
        const bool jumps = c.dims == 3 || (c.dims == 4 && !c.smooth);
        double worst = 0;
        std::size_t value_jumps = 0, gradient_jumps = 0;
        for (const auto& p : points) {
            const Gradient g = c.gradient(p.data());
            for (int a = 0; a < c.dims; ++a) {
                std::vector<double> hi = p, lo = p;
                hi[a] += 1e-5;
                lo[a] -= 1e-5;
                const double step = static_cast<double>(c.value(hi.data())) - static_cast<double>(c.value(lo.data()));
                if (std::fabs(step - 2e-5 * static_cast<double>(g.d[a])) > 5e-6) {
                    ++value_jumps;
                    continue;
                }
                const Gradient gh = c.gradient(hi.data()), gl = c.gradient(lo.data());
                double change = 0;
                for (int b = 0; b < c.dims; ++b) {
                    change = std::fmax(change, std::fabs(static_cast<double>(gh.d[b]) - static_cast<double>(gl.d[b])));
                }
                if (change >= 3e-3) {
                    ++gradient_jumps;
                } else {
                    worst = std::fmax(worst, change);
                }
            }
        }
        INFO(c.name());
        const double samples = static_cast<double>(points.size() * c.dims);
        CHECK(static_cast<double>(value_jumps) <= (jumps ? 0.05 : 0.0) * samples);
        CHECK(static_cast<double>(gradient_jumps) <= (jumps ? 0.02 : 0.0) * samples);
        MESSAGE(c.name() << ": largest gradient change over 2e-5 at radius/border points " << worst << "; of "
                         << samples << " samples, " << gradient_jumps << " gradient jumps >= 3e-3 and " << value_jumps
                         << " value jumps (K.jpg's)");
    }
}

TEST_CASE("gradients: off the lattice and non-finite give +0 with a +0 gradient") {
    for (const SimplexCase& c : simplex_cases()) {
        const double bad[] = {NAN, INFINITY, -INFINITY, 134217728.0, -134217728.0, 1e10, -FLT_MAX};
        for (double b : bad) {
            for (int a = 0; a < c.dims; ++a) {
                double p[4] = {0.25, -3.5, 7.0, 1.5};
                p[a] = b;
                const Gradient g = c.gradient(p);
                INFO(c.name() << " coordinate " << a << " = " << b);
                CHECK(testing::bits(g.value) == 0u);
                for (int k = 0; k < 4; ++k) {
                    CHECK(testing::bits(g.d[k]) == 0u);
                }
            }
        }
        double inside[4] = {134217720.0, 3.0, -5.0, 2.0};
        const Gradient g = c.gradient(inside);
        CHECK(testing::bits(g.value) == testing::bits(c.value(inside)));
    }
}

TEST_CASE("gradients: the value part equals the value functions, and every ISA equals the reference, bit for bit") {
    const std::size_t per_dim = testing::random_point_count();
    const testing::Points awkward = testing::awkward_points();
    const testing::Points nonfinite = testing::nonfinite_points();
    const testing::Points patterns = testing::random_bit_patterns(std::min<std::size_t>(20000, per_dim / 100 + 1000), 67);
    const std::vector<testing::IsaPath> paths = testing::isa_paths();
    std::vector<std::string> isa_names;
    for (const testing::IsaPath& path : paths) {
        isa_names.push_back(path.name());
    }
    std::size_t compared = 0;
    for (const SimplexCase& c : simplex_cases()) {
        const int dims = c.dims;
        const int orientations = dims == 2 ? 2 : dims == 3 ? 3 : 5;
        NoiseDesc d = testing::simplex_desc(c.smooth, static_cast<std::uint64_t>(c.seed));
        d.hash = c.mix ? gradnoise::Hash::mix : gradnoise::Hash::permutation;
        d.simplex.orientation2 = static_cast<Orientation2>(c.o % 2);
        d.simplex.orientation3 = static_cast<Orientation3>(c.o % 3);
        d.simplex.orientation4 = static_cast<Orientation4>(c.o);
        const Noise n = make(d);
        const std::size_t count = per_dim / static_cast<std::size_t>(orientations) + 1;
        std::vector<testing::Points> sets = {testing::random_points(count * 3 / 4, -300.0f, 300.0f, 131 + c.o),
                                             testing::random_points(count / 8, -1e5f, 1e5f, 137 + c.o),
                                             testing::simplex_boundary_points(dims == 2 ? 2 : 3, count / 8, 139 + c.o),
                                             awkward, nonfinite, patterns};
        for (const testing::Points& p : sets) {
            const std::size_t size = p.size();
            const std::vector<float> w = testing::w_of(p);
            // The reference (the scalar API) and the value functions.
            std::vector<std::vector<float>> ref(dims + 1, std::vector<float>(size));
            std::size_t value_mismatch = 0;
            for (std::size_t i = 0; i < size; ++i) {
                float g[5], v;
                if (dims == 2) {
                    const gradnoise::Gradient2 r = n.gradient2(p.x[i], p.y[i]);
                    g[0] = r.value, g[1] = r.dx, g[2] = r.dy;
                    v = n.noise2(p.x[i], p.y[i]);
                } else if (dims == 3) {
                    const gradnoise::Gradient3 r = n.gradient3(p.x[i], p.y[i], p.z[i]);
                    g[0] = r.value, g[1] = r.dx, g[2] = r.dy, g[3] = r.dz;
                    v = n.noise3(p.x[i], p.y[i], p.z[i]);
                } else {
                    const gradnoise::Gradient4 r = n.gradient4(p.x[i], p.y[i], p.z[i], w[i]);
                    g[0] = r.value, g[1] = r.dx, g[2] = r.dy, g[3] = r.dz, g[4] = r.dw;
                    v = n.noise4(p.x[i], p.y[i], p.z[i], w[i]);
                }
                for (int a = 0; a <= dims; ++a) {
                    ref[a][i] = g[a];
                }
                if (testing::bits(v) != testing::bits(g[0]) && value_mismatch++ == 0) {
                    INFO(c.name() << " at (" << testing::describe(p.x[i]) << ", " << testing::describe(p.y[i]) << ", "
                                  << testing::describe(p.z[i]) << ", " << testing::describe(w[i]) << "): value "
                                  << testing::describe(v) << ", gradient's value " << testing::describe(g[0]));
                    CHECK(testing::bits(v) == testing::bits(g[0]));
                }
            }
            CHECK(value_mismatch == 0);
            for (const testing::IsaPath& path : paths) {
                std::vector<std::vector<float>> got(dims + 1, std::vector<float>(size, 12345.0f));
                gradnoise::GradientOut out;
                out.value = got[0].data();
                out.dx = got[1].data();
                out.dy = got[2].data();
                out.dz = dims > 2 ? got[3].data() : nullptr;
                out.dw = dims > 3 ? got[4].data() : nullptr;
                gradnoise::Status s = dims == 2   ? path.evaluate_gradient_2d(n, p.x.data(), p.y.data(), out, size)
                                      : dims == 3 ? path.evaluate_gradient_3d(n, p.x.data(), p.y.data(), p.z.data(), out, size)
                                                  : path.evaluate_gradient_4d(n, p.x.data(), p.y.data(), p.z.data(),
                                                                              w.data(), out, size);
                REQUIRE_MESSAGE(s.ok(), s.message());
                for (int a = 0; a <= dims; ++a) {
                    const long at = testing::first_bit_difference(ref[a], got[a]);
                    INFO(c.name() << ", isa " << path.name() << ", " << (a == 0 ? "value" : "d/d coordinate ")
                                  << (a == 0 ? "" : std::to_string(a - 1)) << ", " << size << " points");
                    if (at >= 0) {
                        INFO("first difference at " << at << ": (" << testing::describe(p.x[at]) << ", "
                                                    << testing::describe(p.y[at]) << ", " << testing::describe(p.z[at])
                                                    << ", " << testing::describe(w[at]) << ") reference "
                                                    << testing::describe(ref[a][at]) << " vs " << testing::describe(got[a][at]));
                        CHECK(at == -1);
                    } else {
                        CHECK(at == -1);
                    }
                }
                compared += size;
            }
        }
    }
    std::string names;
    for (const std::string& s : isa_names) {
        names += " " + s;
    }
    MESSAGE("simplex gradients: " << compared << " point evaluations compared with the reference on ISAs" << names);
}

}  // TEST_SUITE
