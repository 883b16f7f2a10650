#include "test_support.hpp"

#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <limits>
#include <string>

#include "api/dispatch.hpp"
#include "gradnoise/parameters.hpp"
#include "tables/splitmix64.hpp"

namespace testing {

std::size_t random_point_count() {
    if (const char* env = std::getenv("GRADNOISE_TEST_POINTS")) {
        long long n = std::atoll(env);
        if (n > 0) {
            return static_cast<std::size_t>(n);
        }
    }
    return 10000000;
}

std::size_t range_sample_count() {
    if (const char* env = std::getenv("GRADNOISE_RANGE_SAMPLES")) {
        long long v = std::atoll(env);
        if (v > 0) {
            return static_cast<std::size_t>(v);
        }
    }
    return 10000000;
}

Points random_points(std::size_t n, float lo, float hi, std::uint64_t seed) {
    gradnoise::detail::SplitMix64 rng(seed);
    Points p;
    p.x.resize(n);
    p.y.resize(n);
    p.z.resize(n);
    auto next = [&] {
        // 24 random bits -> [0, 1) exactly, then scaled: deterministic float arithmetic.
        float u = static_cast<float>(rng.next() >> 40) * (1.0f / 16777216.0f);
        return lo + (hi - lo) * u;
    };
    for (std::size_t i = 0; i < n; ++i) {
        p.x[i] = next();
        p.y[i] = next();
        p.z[i] = next();
    }
    return p;
}

Points random_bit_patterns(std::size_t n, std::uint64_t seed) {
    gradnoise::detail::SplitMix64 rng(seed);
    Points p;
    auto next = [&] {
        std::uint32_t u = static_cast<std::uint32_t>(rng.next() >> 32);
        float f;
        std::memcpy(&f, &u, sizeof f);
        return f;
    };
    for (std::size_t i = 0; i < n; ++i) {
        float a = next(), b = next(), c = next();
        p.add(a, b, c);
    }
    return p;
}

Points awkward_points() {
    std::vector<float> base = {0.0f, 1.0f, -1.0f, 2.0f, -2.0f, 0.5f, -0.5f, 3.75f, 17.0f, -255.0f, 255.0f,
                               256.0f, -256.0f, 512.0f, -512.0f, 65536.0f, 1e4f, -1e4f, 8388608.0f,
                               16777216.0f, -16777216.0f, 16777218.0f, 2147483648.0f, -2147483648.0f,
                               2147483520.0f, -2147483520.0f, 1099511627776.0f, -1099511627776.0f, 1e30f,
                               -1e30f, FLT_MAX, -FLT_MAX, FLT_MIN, FLT_TRUE_MIN, -FLT_TRUE_MIN};
    std::vector<float> values;
    for (float v : base) {
        values.push_back(v);
        values.push_back(std::nextafter(v, std::numeric_limits<float>::infinity()));
        values.push_back(std::nextafter(v, -std::numeric_limits<float>::infinity()));
    }
    values.push_back(-0.0f);
    for (int k = -4; k <= 4; ++k) {  // cell boundaries at multiples of 256, and nearby fractions
        float c = 256.0f * static_cast<float>(k);
        for (float d : {-0.5f, -1e-3f, 1e-3f, 0.25f, 0.999f}) {
            values.push_back(c + d);
        }
    }
    Points all;
    // All pairs in (x, y) with a few z values, and all values along z: ~ 13k points.
    const float zs[] = {0.0f, -0.0f, 0.5f, -1.0f, 1e-7f, 300.25f};
    for (float a : values) {
        for (float b : values) {
            all.add(a, b, zs[(all.size()) % 6]);
        }
        for (float c : values) {
            all.add(a, 0.375f, c);
        }
    }
    // GRADNOISE_TEST_AWKWARD_STRIDE=k keeps every k-th point (and always the first): the sanitizer
    // run, which looks for memory errors and undefined behaviour, not for a value's bits (the
    // release and aarch64 runs test every point).
    std::size_t stride = 1;
    if (const char* env = std::getenv("GRADNOISE_TEST_AWKWARD_STRIDE")) {
        long long k = std::atoll(env);
        stride = k > 1 ? static_cast<std::size_t>(k) : 1;
    }
    if (stride == 1) {
        return all;
    }
    Points p;
    for (std::size_t i = 0; i < all.size(); i += stride) {
        p.add(all.x[i], all.y[i], all.z[i]);
    }
    return p;
}

Points nonfinite_points() {
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float neg_nan = -std::numeric_limits<float>::quiet_NaN();
    const float specials[] = {nan, neg_nan, inf, -inf};
    const float ordinary[] = {0.25f, -3.5f, 1e6f};
    Points p;
    for (float s : specials) {
        for (float o : ordinary) {
            p.add(s, o, o);
            p.add(o, s, o);
            p.add(o, o, s);
            p.add(s, s, s);
        }
    }
    return p;
}

std::uint32_t bits(float v) {
    std::uint32_t u;
    std::memcpy(&u, &v, sizeof u);
    return u;
}

std::uint64_t double_bits(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}

std::string describe(float v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%a (%.9g)", static_cast<double>(v), static_cast<double>(v));
    return buf;
}

long first_bit_difference(const std::vector<float>& a, const std::vector<float>& b) {
    if (a.size() != b.size()) {
        return 0;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (bits(a[i]) != bits(b[i])) {
            return static_cast<long>(i);
        }
    }
    return -1;
}

std::vector<gradnoise::Isa> supported_isas() {
    std::vector<gradnoise::Isa> out;
    for (int i = 0; i < gradnoise::isa_count; ++i) {
        auto isa = static_cast<gradnoise::Isa>(i);
        if (gradnoise::isa_supported(isa)) {
            out.push_back(isa);
        }
    }
    return out;
}

using gradnoise::Status;

Status IsaPath::evaluate_2d(const gradnoise::Noise& noise, const float* x, const float* y, float* out,
                            std::size_t n) const {
    return gradnoise::detail::evaluate_2d(*table, noise.tables(), x, y, out, n);
}

Status IsaPath::evaluate_3d(const gradnoise::Noise& noise, const float* x, const float* y, const float* z,
                            float* out, std::size_t n) const {
    return gradnoise::detail::evaluate_3d(*table, noise.tables(), x, y, z, out, n);
}

Status IsaPath::evaluate_4d(const gradnoise::Noise& noise, const float* x, const float* y, const float* z,
                            const float* w, float* out, std::size_t n) const {
    return gradnoise::detail::evaluate_4d(*table, noise.tables(), x, y, z, w, out, n);
}

Status IsaPath::evaluate_2d_f64(const gradnoise::Noise& noise, const double* x, const double* y, double* out,
                                std::size_t n) const {
    return gradnoise::detail::evaluate_2d_f64(*table, noise.tables(), x, y, out, n);
}

Status IsaPath::evaluate_3d_f64(const gradnoise::Noise& noise, const double* x, const double* y, const double* z,
                                double* out, std::size_t n) const {
    return gradnoise::detail::evaluate_3d_f64(*table, noise.tables(), x, y, z, out, n);
}

Status IsaPath::fill_grid_2d(const gradnoise::Noise& noise, const gradnoise::Grid2d& grid, float* out,
                             std::size_t row_stride) const {
    return fill_grid_2d(noise, grid, out, row_stride, gradnoise::FillOptions{});
}

Status IsaPath::fill_grid_2d(const gradnoise::Noise& noise, const gradnoise::Grid2d& grid, float* out,
                             std::size_t row_stride, const gradnoise::FillOptions& options) const {
    return gradnoise::detail::fill_grid_2d(*table, noise.tables(), grid, out, row_stride, options);
}

Status IsaPath::fill_grid_3d(const gradnoise::Noise& noise, const gradnoise::Grid3d& grid, float* out,
                             std::size_t row_stride, std::size_t slice_stride) const {
    return fill_grid_3d(noise, grid, out, row_stride, slice_stride, gradnoise::FillOptions{});
}

Status IsaPath::fill_grid_3d(const gradnoise::Noise& noise, const gradnoise::Grid3d& grid, float* out,
                             std::size_t row_stride, std::size_t slice_stride,
                             const gradnoise::FillOptions& options) const {
    return gradnoise::detail::fill_grid_3d(*table, noise.tables(), grid, out, row_stride, slice_stride, options);
}

Status IsaPath::fill_chunk_2d(const gradnoise::Noise& noise, const gradnoise::Chunk2d& chunk, float* out,
                              std::size_t row_stride, const gradnoise::FillOptions& options) const {
    return gradnoise::detail::fill_chunk_2d(*table, noise.tables(), chunk, out, row_stride, options);
}

Status IsaPath::fill_chunk_3d(const gradnoise::Noise& noise, const gradnoise::Chunk3d& chunk, float* out,
                              std::size_t row_stride, std::size_t slice_stride,
                              const gradnoise::FillOptions& options) const {
    return gradnoise::detail::fill_chunk_3d(*table, noise.tables(), chunk, out, row_stride, slice_stride, options);
}

Status IsaPath::evaluate_gradient_2d(const gradnoise::Noise& noise, const float* x, const float* y,
                                     const gradnoise::GradientOut& out, std::size_t n) const {
    return gradnoise::detail::evaluate_gradient_2d(*table, noise.tables(), x, y, out, n);
}

Status IsaPath::evaluate_gradient_3d(const gradnoise::Noise& noise, const float* x, const float* y, const float* z,
                                     const gradnoise::GradientOut& out, std::size_t n) const {
    return gradnoise::detail::evaluate_gradient_3d(*table, noise.tables(), x, y, z, out, n);
}

Status IsaPath::evaluate_gradient_4d(const gradnoise::Noise& noise, const float* x, const float* y, const float* z,
                                     const float* w, const gradnoise::GradientOut& out, std::size_t n) const {
    return gradnoise::detail::evaluate_gradient_4d(*table, noise.tables(), x, y, z, w, out, n);
}

Status IsaPath::evaluate_curl_2d(const gradnoise::Noise& noise, const float* x, const float* y, float* vx, float* vy,
                                 std::size_t n) const {
    return gradnoise::detail::evaluate_curl_2d(*table, noise.tables(), x, y, vx, vy, n);
}

Status IsaPath::evaluate_curl_3d(const gradnoise::Noise& noise, const float* x, const float* y, const float* z,
                                 float* vx, float* vy, float* vz, std::size_t n) const {
    return gradnoise::detail::evaluate_curl_3d(*table, noise.tables(), x, y, z, vx, vy, vz, n);
}

Status IsaPath::fill_grid_gradient_2d(const gradnoise::Noise& noise, const gradnoise::Grid2d& grid,
                                      const gradnoise::GradientOut& out, std::size_t row_stride,
                                      const gradnoise::FillOptions& options) const {
    return gradnoise::detail::fill_grid_gradient_2d(*table, noise.tables(), grid, out, row_stride, options);
}

Status IsaPath::fill_grid_gradient_3d(const gradnoise::Noise& noise, const gradnoise::Grid3d& grid,
                                      const gradnoise::GradientOut& out, std::size_t row_stride,
                                      std::size_t slice_stride, const gradnoise::FillOptions& options) const {
    return gradnoise::detail::fill_grid_gradient_3d(*table, noise.tables(), grid, out, row_stride, slice_stride, options);
}

Status IsaPath::fill_chunk_gradient_2d(const gradnoise::Noise& noise, const gradnoise::Chunk2d& chunk,
                                       const gradnoise::GradientOut& out, std::size_t row_stride,
                                       const gradnoise::FillOptions& options) const {
    return gradnoise::detail::fill_chunk_gradient_2d(*table, noise.tables(), chunk, out, row_stride, options);
}

Status IsaPath::fill_chunk_gradient_3d(const gradnoise::Noise& noise, const gradnoise::Chunk3d& chunk,
                                       const gradnoise::GradientOut& out, std::size_t row_stride,
                                       std::size_t slice_stride, const gradnoise::FillOptions& options) const {
    return gradnoise::detail::fill_chunk_gradient_3d(*table, noise.tables(), chunk, out, row_stride, slice_stride,
                                                     options);
}

IsaPath isa_path(gradnoise::Isa isa) {
    const gradnoise::kernels::KernelTable* table = gradnoise::detail::kernels_for(isa);
    INFO("isa " << name(isa));
    REQUIRE(gradnoise::isa_supported(isa));
    REQUIRE(table != nullptr);
    REQUIRE(table->isa == isa);  // the table is the one of the ISA it is listed under
    return IsaPath{isa, table};
}

std::vector<IsaPath> isa_paths() {
    std::vector<IsaPath> out;
    for (int i = 0; i < gradnoise::isa_count; ++i) {
        auto isa = static_cast<gradnoise::Isa>(i);
        INFO("isa " << name(isa));
        // The library's answer and its table agree: a table exactly for the supported ISAs.
        REQUIRE(gradnoise::isa_supported(isa) == (gradnoise::detail::kernels_for(isa) != nullptr));
        if (gradnoise::isa_supported(isa)) {
            out.push_back(isa_path(isa));
        }
    }
    REQUIRE(!out.empty());
    REQUIRE(out.front().isa == gradnoise::Isa::scalar);
    return out;
}

std::vector<float> w_of(const Points& p) {
    if (p.w.size() == p.size()) {
        return p.w;
    }
    std::vector<float> w(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) {
        w[i] = p.z[(7 * i + 3) % p.size()];
    }
    return w;
}

std::vector<float> eval(const gradnoise::Noise& noise, const IsaPath& path, int dims, const Points& p) {
    std::vector<float> out(p.size(), 12345.0f);
    Status s;
    if (dims == 4) {
        std::vector<float> w = w_of(p);
        s = path.evaluate_4d(noise, p.x.data(), p.y.data(), p.z.data(), w.data(), out.data(), p.size());
    } else {
        s = dims == 2 ? path.evaluate_2d(noise, p.x.data(), p.y.data(), out.data(), p.size())
                      : path.evaluate_3d(noise, p.x.data(), p.y.data(), p.z.data(), out.data(), p.size());
    }
    REQUIRE(s.ok());
    return out;
}

void check_points(const gradnoise::Noise& noise, const Points& p, const char* what, std::initializer_list<int> dim_list) {
    const std::vector<IsaPath> paths = isa_paths();
    for (int dims : dim_list) {
        std::vector<float> ref = eval(noise, paths.front(), dims, p);  // scalar
        for (const IsaPath& path : paths) {
            if (path.isa == gradnoise::Isa::scalar) {
                continue;
            }
            std::vector<float> got = eval(noise, path, dims, p);
            long at = first_bit_difference(ref, got);
            INFO(std::string(what) << ": " << dims << "D, isa " << name(path) << ", fade "
                      << name(noise.fade()) << ", " << p.size() << " points");
            if (at >= 0) {
                INFO("first difference at " << at << ": (" << describe(p.x[at]) << ", "
                     << describe(p.y[at]) << ", " << describe(p.z[at]) << ", w " << describe(w_of(p)[at]) << ") scalar "
                     << describe(ref[at]) << " vs " << describe(got[at]));
                CHECK(at == -1);
            } else {
                CHECK(at == -1);
            }
        }
    }
}

// Perlin 2002's gradient set indexed by hash & 15 (12 cube edges + 4 repeats), as listed in
// "Improving Noise"; written as vectors, not as his bit tests.
const int kGradients[16][3] = {{1, 1, 0}, {-1, 1, 0}, {1, -1, 0}, {-1, -1, 0}, {1, 0, 1},  {-1, 0, 1},
                               {1, 0, -1}, {-1, 0, -1}, {0, 1, 1}, {0, -1, 1}, {0, 1, -1}, {0, -1, -1},
                               {1, 1, 0}, {0, -1, 1}, {-1, 1, 0}, {0, -1, -1}};

// docs/spec.md section 3.2, written out again here: the mixing hash's gradient index.
int independent_mix_hash(std::uint32_t key, long X, long Y, long Z) {
    std::uint32_t h = (static_cast<std::uint32_t>(X & 255) * 0x9E3779B1u) ^
                      (static_cast<std::uint32_t>(Y & 255) * 0x85EBCA77u) ^
                      (static_cast<std::uint32_t>(Z & 255) * 0xC2B2AE3Du) ^ key;
    return static_cast<int>((h * 0x27D4EB2Du) >> 28);
}

double independent_noise3(const gradnoise::PermutationTable& p, gradnoise::Fade fade, double x, double y, double z,
                          bool mix, std::uint32_t key) {
    double fx = std::floor(x), fy = std::floor(y), fz = std::floor(z);
    long X = static_cast<long>(fx), Y = static_cast<long>(fy), Z = static_cast<long>(fz);
    double dx = x - fx, dy = y - fy, dz = z - fz;
    auto ease = [fade](double t) {
        return fade == gradnoise::Fade::cubic ? t * t * (3 - 2 * t) : t * t * t * (t * (t * 6 - 15) + 10);
    };
    auto P = [&p](long n) { return static_cast<long>(p[static_cast<std::size_t>(n & 255)]); };
    double sum = 0;
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 2; ++j) {
            for (int k = 0; k < 2; ++k) {
                long h = mix ? independent_mix_hash(key, X + i, Y + j, Z + k) : P(P(P(X + i) + Y + j) + Z + k) & 15;
                double dot = kGradients[h][0] * (dx - i) + kGradients[h][1] * (dy - j) + kGradients[h][2] * (dz - k);
                double weight = (i ? ease(dx) : 1 - ease(dx)) * (j ? ease(dy) : 1 - ease(dy)) *
                                (k ? ease(dz) : 1 - ease(dz));
                sum += weight * dot;
            }
        }
    }
    return sum;
}

std::vector<std::string> data_lines(const std::string& path) {
    std::ifstream in(path);
    REQUIRE_MESSAGE(in.good(), path << " must be readable");
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line[0] != '#') {
            lines.push_back(line);
        }
    }
    return lines;
}

std::vector<PerlinSample> perlin_samples() {
    std::vector<PerlinSample> out;
    for (const std::string& line : data_lines(GRADNOISE_TEST_DATA_DIR "/improved_noise_sample.txt")) {
        std::istringstream fields(line);
        std::string a, b, c, d;
        fields >> a >> b >> c >> d;
        out.push_back({std::strtod(a.c_str(), nullptr), std::strtod(b.c_str(), nullptr),
                       std::strtod(c.c_str(), nullptr), std::strtod(d.c_str(), nullptr)});
    }
    return out;
}

void check_ranges(const Points& p, const std::vector<RangeBound>& bounds) {
    const IsaPath best = isa_path(gradnoise::best_isa());
    for (const RangeBound& b : bounds) {
        const gradnoise::Noise n = make(b.desc);
        std::vector<float> out = eval(n, best, b.dims, p);
        float lo = out[0], hi = out[0];
        for (float v : out) {
            lo = std::fmin(lo, v);
            hi = std::fmax(hi, v);
        }
        MESSAGE(std::string(b.what) << " " << b.dims << "D over " << out.size() << " samples: [" << lo << ", " << hi << "]");
        CHECK(lo >= b.lo);
        CHECK(hi <= b.hi);
        CHECK(hi > lo);
    }
}

Points grid_points(const gradnoise::Grid2d& g) {
    Points p;
    for (std::size_t j = 0; j < g.size_y; ++j) {
        for (std::size_t i = 0; i < g.size_x; ++i) {
            p.add(g.origin_x + static_cast<float>(i) * g.step_x, g.origin_y + static_cast<float>(j) * g.step_y, 0.0f);
        }
    }
    return p;
}

Points grid_points(const gradnoise::Grid3d& g) {
    Points p;
    for (std::size_t k = 0; k < g.size_z; ++k) {
        for (std::size_t j = 0; j < g.size_y; ++j) {
            for (std::size_t i = 0; i < g.size_x; ++i) {
                p.add(g.origin_x + static_cast<float>(i) * g.step_x, g.origin_y + static_cast<float>(j) * g.step_y,
                      g.origin_z + static_cast<float>(k) * g.step_z);
            }
        }
    }
    return p;
}

void check_nonfinite_gives_zero(const std::vector<gradnoise::NoiseDesc>& descs) {
    const Points p = nonfinite_points();
    const std::vector<float> w = w_of(p);
    for (const gradnoise::NoiseDesc& d : descs) {
        const gradnoise::Noise n = make(d);
        for (const IsaPath& path : isa_paths()) {
            for (int dims : {2, 3, 4}) {
                const std::vector<float> out = eval(n, path, dims, p);
                for (std::size_t i = 0; i < out.size(); ++i) {
                    const bool bad = !std::isfinite(p.x[i]) || !std::isfinite(p.y[i]) ||
                                     (dims >= 3 && !std::isfinite(p.z[i])) || (dims == 4 && !std::isfinite(w[i]));
                    if (bad) {
                        INFO(name(path) << " " << dims << "D point " << i);
                        CHECK(bits(out[i]) == 0u);
                    }
                }
            }
        }
    }
}

void check_refusals(const std::vector<std::pair<gradnoise::NoiseDesc, const char*>>& bad) {
    for (const auto& entry : bad) {  // (no structured binding: INFO captures it, which clang 14 rejects)
        const auto& d = entry.first;
        const char* names = entry.second;
        gradnoise::Noise untouched(3u);
        gradnoise::Status s = gradnoise::Noise::create(d, &untouched);
        INFO(std::string(names) << ": " << s.message());
        CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
        CHECK(std::strstr(s.message(), names) != nullptr);
        CHECK(untouched.permutation() == gradnoise::PermutationTable::from_seed(3u));
    }
}

gradnoise::NoiseDesc lattice_desc(gradnoise::Basis basis, gradnoise::Fade fade, gradnoise::Hash hash, int period) {
    gradnoise::NoiseDesc d;
    d.basis = basis;
    d.fade = fade;
    d.hash = hash;
    if (hash == gradnoise::Hash::mix || basis == gradnoise::Basis::classic || basis == gradnoise::Basis::value) {
        d.has_seed = true;
        d.seed = 1234;
    }
    d.period_x = d.period_y = d.period_z = d.period_w = period;
    return d;
}

std::string label(const gradnoise::NoiseDesc& d) {
    return std::string(gradnoise::basis_name(d.basis)) + "/" + gradnoise::fade_name(d.fade) + "/" +
           gradnoise::hash_name(d.hash) + (d.period_x ? "/period" + std::to_string(d.period_x) : "") + "/" +
           gradnoise::fractal_name(d.fractal.kind) + (d.warp.levels ? "/warp" + std::to_string(d.warp.levels) : "");
}

gradnoise::NoiseDesc simplex_desc(bool smooth, std::uint64_t seed) {
    gradnoise::NoiseDesc d;
    d.basis = smooth ? gradnoise::Basis::opensimplex2s : gradnoise::Basis::opensimplex2;
    d.has_seed = true;
    d.seed = seed;
    return d;
}

Points simplex_boundary_points(int dims, std::size_t n, std::uint64_t seed) {
    gradnoise::detail::SplitMix64 rng(seed);
    auto unit = [&] { return static_cast<double>(rng.next() >> 11) * 0x1p-53; };
    const double r3 = 0.577350269189626, u2 = -0.21132486540518713;
    Points p;
    for (std::size_t i = 0; i < n; ++i) {
        double s[3];
        for (double& v : s) {
            const double cell = std::floor(unit() * 600.0 - 300.0);
            const int kind = static_cast<int>(rng.next() % 4);
            v = kind == 0 ? cell : kind == 1 ? cell + 0.5 : kind == 2 ? cell + unit() : cell + 0.25;
        }
        double x, y, z = s[2];
        if (dims == 2) {
            // Inverse of the standard skew: x = xs + (xs + ys) * unskew.
            const double t = (s[0] + s[1]) * u2;
            x = s[0] + t;
            y = s[1] + t;
        } else {
            // Transpose of ImproveXY's orthonormal rotation (rows (1+u, u, 1/sqrt3), (u, 1+u, 1/sqrt3),
            // (-1/sqrt3, -1/sqrt3, 1/sqrt3), u = -0.2113...).
            x = (1 + u2) * s[0] + u2 * s[1] - r3 * s[2];
            y = u2 * s[0] + (1 + u2) * s[1] - r3 * s[2];
            z = r3 * (s[0] + s[1] + s[2]);
        }
        auto nudge = [&](double v) {
            float f = static_cast<float>(v);
            const int k = static_cast<int>(rng.next() % 5) - 2;
            for (int j = 0; j < (k < 0 ? -k : k); ++j) {
                f = std::nextafter(f, k < 0 ? -INFINITY : INFINITY);
            }
            return f;
        };
        p.add(nudge(x), nudge(y), nudge(z));
    }
    return p;
}

gradnoise::Noise make(const gradnoise::NoiseDesc& d) {
    gradnoise::Noise n;
    const gradnoise::Status s = gradnoise::Noise::create(d, &n);
    REQUIRE_MESSAGE(s.ok(), s.message());
    return n;
}

std::vector<VectorField> read_vectors() {
    std::ifstream in(GRADNOISE_PROJECT_DIR "/conformance/vectors.txt");
    REQUIRE_MESSAGE(in.good(), "conformance/vectors.txt must be readable");
    std::vector<VectorField> fields;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream s(line);
        std::string kind, token;
        s >> kind;
        std::vector<std::string> tokens;
        while (s >> token) tokens.push_back(token);
        if (kind == "field") {
            fields.push_back({line, {}, {}});
            for (const std::string& t : tokens) {
                const std::size_t eq = t.find('=');
                REQUIRE(eq != std::string::npos);
                fields.back().settings.emplace_back(t.substr(0, eq), t.substr(eq + 1));
            }
        } else {
            REQUIRE_MESSAGE(!fields.empty(), line);
            fields.back().samples[kind].push_back(tokens);
        }
    }
    return fields;
}

gradnoise::Noise vector_field(const VectorField& f) {
    gradnoise::NoiseDesc d;
    for (const auto& [name, text] : f.settings) {
        const gradnoise::Status s = gradnoise::set_parameter(d, name.c_str(), text.c_str());
        REQUIRE_MESSAGE(s.ok(), f.head << ": " << s.message());
    }
    gradnoise::Noise n;
    const gradnoise::Status s = gradnoise::Noise::create(d, &n);
    REQUIRE_MESSAGE(s.ok(), f.head << ": " << s.message());
    return n;
}

float vector_float(const std::string& hex) {
    const std::uint32_t b = static_cast<std::uint32_t>(std::stoul(hex, nullptr, 16));
    float v;
    std::memcpy(&v, &b, 4);
    return v;
}

double vector_double(const std::string& hex) {
    const std::uint64_t b = std::stoull(hex, nullptr, 16);
    double v;
    std::memcpy(&v, &b, 8);
    return v;
}

}  // namespace testing
