// gradnoise_vectors: writes conformance/vectors.txt, the language-neutral test vectors every binding
// and every third-party port checks (docs/conformance.md). Each field is made the way a port makes it
// -- its parameters set by name and text, as gradnoise_desc_set_parameter takes them -- and every
// sample comes from the scalar reference (the ISA forced to scalar: the executable spec). A form a
// field does not have (cellular 4D, a pattern's gradient, a warped field's chunks, binary64 beyond the
// perlin basis with the permutation hash) is whatever the library refuses: no line is written for it, so the rules are not said twice.
//
// Ken Perlin's field also gets his own Java reference's 150 points (tests/data/improved_noise_sample.txt,
// the first argument) as binary64 lines: there the file's bits are anchored to an independent source,
// which tests/test_vectors.cpp checks.
//
//   scripts/generate_vectors.sh    (builds this and writes conformance/vectors.txt)
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "gradnoise/parameters.hpp"

namespace {

using Setting = std::pair<const char*, const char*>;  // a parameter's name and its value as text
struct FieldSpec {
    std::vector<Setting> settings;
};

// The fields: every basis, fade, hash, fractal, warp level, pattern, period kind, simplex orientation,
// cellular distance and output (tests/test_vectors.cpp checks against the parameter table that every
// choice of every choice parameter is here).
std::vector<FieldSpec> fields() {
    return {
        {{}},  // Ken Perlin's: perlin, quintic, his permutation
        {{{"seed", "12345"}, {"fade", "cubic"}}},
        {{{"seed", "7"}, {"hash", "mix"}}},
        {{{"basis", "classic"}, {"seed", "3"}}},
        {{{"basis", "value"}, {"seed", "9"}, {"hash", "mix"}, {"fade", "cubic"}}},
        {{{"basis", "isotropic"}, {"seed", "11"}}},
        {{{"basis", "classic"}, {"period_x", "16"}, {"period_y", "8"}, {"period_z", "4"}, {"period_w", "32"}}},
        {{{"basis", "perlin"}, {"period_x", "1"}, {"period_y", "256"}, {"period_z", "2"}, {"period_w", "0"}}},
        {{{"fractal", "fbm"}, {"octaves", "6"}}},
        {{{"fractal", "turbulence"}, {"octaves", "4"}, {"frequency", "0.7"}, {"lacunarity", "2.5"},
          {"persistence", "0.6"}}},
        {{{"fractal", "ridged"}, {"octaves", "5"}, {"hash", "mix"}, {"seed", "-5"}}},
        {{{"fractal", "billow"}, {"octaves", "3"}, {"basis", "value"}}},
        {{{"fractal", "damped"}, {"octaves", "6"}, {"seed", "42"}}},
        {{{"fractal", "fbm"}, {"octaves", "8"}, {"footprint", "0.25"}}},
        {{{"fractal", "fbm"}, {"octaves", "4"}, {"basis", "classic"}, {"period_x", "8"}, {"period_y", "8"},
          {"period_z", "8"}, {"period_w", "8"}, {"lacunarity", "2"}}},
        {{{"warp", "1"}, {"warp_strength", "0.8"}, {"warp_frequency", "0.5"}}},
        {{{"warp", "2"}, {"warp_strength", "-1.5"}, {"warp_frequency", "0.25"}, {"fractal", "fbm"}, {"octaves", "3"}}},
        {{{"pattern", "marble"}, {"fractal", "turbulence"}, {"octaves", "4"}, {"pattern_frequency", "0.9"}}},
        {{{"pattern", "wood"}, {"fractal", "billow"}, {"octaves", "2"}, {"pattern_strength", "0.3"}}},
        {{{"basis", "opensimplex2"}, {"seed", "1337"}}},
        {{{"basis", "opensimplex2"}, {"seed", "0"}, {"orientation2", "improve_x"}, {"orientation3", "improve_xz"},
          {"orientation4", "improve_xyz"}}},
        {{{"basis", "opensimplex2"}, {"seed", "77"}, {"hash", "mix"}, {"orientation4", "improve_xy_improve_zw"}}},
        {{{"basis", "opensimplex2"}, {"seed", "0x8000000000000000"}, {"orientation3", "fallback"},
          {"orientation4", "fallback"}, {"fractal", "ridged"}, {"octaves", "3"}}},
        {{{"basis", "opensimplex2s"}, {"seed", "-1"}, {"fractal", "fbm"}, {"octaves", "3"}, {"frequency", "0.6"}}},
        {{{"basis", "opensimplex2s"}, {"seed", "2024"}, {"orientation2", "improve_x"},
          {"orientation4", "improve_xyz_improve_xz"}}},
        {{{"basis", "opensimplex2s"}, {"seed", "5"}, {"hash", "mix"}, {"orientation4", "improve_xyz_improve_xy"}}},
        {{{"basis", "opensimplex2s"}, {"seed", "8"}, {"orientation2", "fallback"}, {"orientation3", "fallback"},
          {"period_x", "6"}, {"period_y", "12"}, {"period_z", "24"}}},
        {{{"basis", "opensimplex2"}, {"seed", "8"}, {"orientation2", "fallback"}, {"orientation3", "fallback"},
          {"period_x", "3"}, {"period_y", "3"}, {"period_z", "0"}, {"fractal", "fbm"}, {"octaves", "3"}}},
        {{{"basis", "opensimplex2"}, {"seed", "4"}, {"warp", "1"}, {"warp_strength", "0.5"}}},
        {{{"basis", "cellular"}}},
        {{{"basis", "cellular"}, {"seed", "1"}, {"cellular_distance", "euclidean_squared"}, {"cellular_output", "f2"}}},
        {{{"basis", "cellular"}, {"seed", "2"}, {"cellular_distance", "manhattan"},
          {"cellular_output", "f2_minus_f1"}, {"jitter", "0.5"}}},
        {{{"basis", "cellular"}, {"seed", "3"}, {"cellular_distance", "chebyshev"}, {"cellular_output", "cell_value"}}},
        {{{"basis", "cellular"}, {"seed", "4"}, {"cellular_output", "cell_id"}, {"jitter", "0"}}},
        {{{"basis", "cellular"}, {"seed", "5"}, {"cellular_output", "feature_x"}}},
        {{{"basis", "cellular"}, {"seed", "6"}, {"cellular_output", "feature_y"}, {"cellular_distance", "manhattan"}}},
        {{{"basis", "cellular"}, {"seed", "7"}, {"cellular_output", "feature_z"}}},
        {{{"basis", "cellular"}, {"seed", "8"}, {"cellular_output", "edge"}, {"jitter", "0.8"}}},
        {{{"basis", "cellular"}, {"seed", "9"}, {"fractal", "fbm"}, {"octaves", "3"}, {"period_x", "4"},
          {"period_y", "8"}, {"period_z", "16"}}},
        // [S 21] the erosion filter: defaults over fBm, and every parameter over a tiled ridged cellular sum
        {{{"basis", "perlin"}, {"seed", "21"}, {"fractal", "fbm"}, {"octaves", "4"}, {"frequency", "0.5"}, {"erosion", "4"}}},
        {{{"basis", "cellular"}, {"seed", "22"}, {"fractal", "ridged"}, {"octaves", "3"}, {"period_x", "8"},
          {"period_y", "4"}, {"erosion", "3"}, {"erosion_strength", "0.4"}, {"erosion_scale", "0.25"},
          {"erosion_detail", "0.6"}, {"erosion_ridge_rounding", "0.5"}, {"erosion_crease_rounding", "0.2"}}},
    };
}

// xorshift64*: the points' source (they are written into the file, so no port needs it).
struct Random {
    std::uint64_t s = 0x9E3779B97F4A7C15ull;
    double next() {  // in [0, 1)
        s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
        return static_cast<double>((s * 2685821657736338717ull) >> 11) * 0x1.0p-53;
    }
    float uniform(float lo, float hi) { return static_cast<float>(lo + (hi - lo) * next()); }
};

// The awkward coordinates: signed zeros, subnormals, where float spacing reaches 1 and 2 (2^23, 2^24),
// 2^31 (an int32's edge), huge, the largest float, the non-finite, and lattice-aligned halves.
const std::vector<float>& awkward() {
    static const std::vector<float> a = {0.0f,          -0.0f,         1e-40f,
                                         -1.4e-45f,     0.5f,          -0.25f,
                                         255.75f,       -256.5f,       8388608.5f,
                                         16777216.0f,   -16777218.0f,  2147483648.0f,
                                         -2147483648.0f, 1e20f,        -std::numeric_limits<float>::max(),
                                         std::numeric_limits<float>::quiet_NaN(),
                                         std::numeric_limits<float>::infinity(),
                                         -std::numeric_limits<float>::infinity()};
    return a;
}

// The points of one dimension count: each awkward value on a rotating axis (the others random near
// the origin), then random points near and far.
std::vector<std::vector<float>> points(int dims, Random& r, std::size_t awkward_count, std::size_t random_count) {
    std::vector<std::vector<float>> p;
    const std::vector<float>& a = awkward();
    for (std::size_t i = 0; i < awkward_count; ++i) {
        std::vector<float> q(dims);
        for (int d = 0; d < dims; ++d) q[d] = r.uniform(-8.0f, 8.0f);
        q[i % dims] = a[i % a.size()];
        p.push_back(q);
    }
    for (std::size_t i = 0; i < random_count; ++i) {
        std::vector<float> q(dims);
        const float reach = i % 3 == 0 ? 3.0f : 300.0f;
        for (int d = 0; d < dims; ++d) q[d] = r.uniform(-reach, reach);
        p.push_back(q);
    }
    return p;
}

std::string hex(float v) {
    std::uint32_t b;
    std::memcpy(&b, &v, 4);
    char s[16];
    std::snprintf(s, sizeof s, "%08" PRIx32, b);
    return s;
}

std::string hex(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, 8);
    char s[24];
    std::snprintf(s, sizeof s, "%016" PRIx64, b);
    return s;
}

void line(const std::string& kind, const std::vector<std::string>& tokens) {
    std::string s = kind;
    for (const std::string& t : tokens) s += ' ' + t;
    std::puts(s.c_str());
}

int fail(const std::string& what) {
    std::fprintf(stderr, "gradnoise_vectors: %s\n", what.c_str());
    return 1;
}

void values(const gradnoise::Noise& n, int dims, Random& r) {
    for (const std::vector<float>& q : points(dims, r, awkward().size(), 10)) {
        float v = 0.0f;
        gradnoise::Status s = dims == 2   ? n.evaluate_2d(&q[0], &q[1], &v, 1)
                              : dims == 3 ? n.evaluate_3d(&q[0], &q[1], &q[2], &v, 1)
                                          : n.evaluate_4d(&q[0], &q[1], &q[2], &q[3], &v, 1);
        if (!s.ok()) return;  // the field has no such form (cellular 4D, a tiled simplex field's 4D)
        std::vector<std::string> t;
        for (float c : q) t.push_back(hex(c));
        t.push_back(hex(v));
        line("value" + std::to_string(dims), t);
    }
}

void gradients(const gradnoise::Noise& n, int dims, Random& r) {
    for (const std::vector<float>& q : points(dims, r, 5, 5)) {
        float g[5] = {};
        gradnoise::GradientOut out{&g[0], &g[1], &g[2], &g[3], &g[4]};
        gradnoise::Status s = dims == 2   ? n.evaluate_gradient_2d(&q[0], &q[1], out, 1)
                              : dims == 3 ? n.evaluate_gradient_3d(&q[0], &q[1], &q[2], out, 1)
                                          : n.evaluate_gradient_4d(&q[0], &q[1], &q[2], &q[3], out, 1);
        if (!s.ok()) return;  // a pattern, or a form the field lacks
        std::vector<std::string> t;
        for (float c : q) t.push_back(hex(c));
        for (int k = 0; k <= dims; ++k) t.push_back(hex(g[k]));
        line("gradient" + std::to_string(dims), t);
    }
}

void chunks(const gradnoise::Noise& n, int dims) {
    struct ChunkCase {
        std::int64_t s[3];
        float spacing;
        int level;
    };
    const ChunkCase cases[] = {
        {{0, 0, 0}, 1.0f, 0},
        {{-1, -1, 5}, 0.25f, 0},
        {{1099511627776LL, -1099511627773LL, 3}, 1.0f / 64, 0},
        {{123456789, -987654321, 42}, 0.01f, 2},
        {{4611686018427387903LL, -4611686018427387904LL, 1}, 0.5f, 3},
        {{-5, 7, -9}, 3.0f, 1},
    };
    for (const ChunkCase& c : cases) {
        float v = 0.0f;
        gradnoise::Status s;
        if (dims == 2) {
            gradnoise::Chunk2d k{c.s[0], c.s[1], 1, 1, c.spacing, c.level};
            s = n.fill_chunk_2d(k, &v);
        } else {
            gradnoise::Chunk3d k{c.s[0], c.s[1], c.s[2], 1, 1, 1, c.spacing, c.level};
            s = n.fill_chunk_3d(k, &v);
        }
        if (!s.ok()) return;  // a warp or a pattern: no chunks
        std::vector<std::string> t;
        for (int d = 0; d < dims; ++d) t.push_back(std::to_string(c.s[d]));
        t.push_back(hex(c.spacing));
        t.push_back(std::to_string(c.level));
        t.push_back(hex(v));
        line("chunk" + std::to_string(dims), t);
    }
}

void binary64(const gradnoise::Noise& n, int dims, Random& r) {
    const double special[] = {0.0, -0.0, 4.9e-324, 9007199254740992.0, 1e300,
                              std::numeric_limits<double>::quiet_NaN()};
    for (int i = 0; i < 12; ++i) {
        double q[3];
        for (double& c : q) c = (r.next() - 0.5) * (i % 2 == 0 ? 16.0 : 1000.0);
        if (i < 6) q[i % dims] = special[i];
        double v = 0.0;
        gradnoise::Status s = dims == 2 ? n.evaluate_2d_f64(&q[0], &q[1], &v, 1)
                                        : n.evaluate_3d_f64(&q[0], &q[1], &q[2], &v, 1);
        if (!s.ok()) return;  // binary64: a perlin basis, the permutation hash, no period, warp or pattern
        std::vector<std::string> t;
        for (int d = 0; d < dims; ++d) t.push_back(hex(q[d]));
        t.push_back(hex(v));
        line("double" + std::to_string(dims), t);
    }
}

// Ken Perlin's points, "x y z value" in C99 hex floats (his values are not copied: the reference's are written).
void perlin_points(const gradnoise::Noise& n, const char* path) {
    std::FILE* f = std::fopen(path, "r");
    if (f == nullptr) return;
    char buf[512];
    while (std::fgets(buf, sizeof buf, f) != nullptr) {
        if (buf[0] == '#' || buf[0] == '\n') continue;
        double q[4];
        if (std::sscanf(buf, "%la %la %la %la", &q[0], &q[1], &q[2], &q[3]) != 4) continue;
        double v = 0.0;
        if (!n.evaluate_3d_f64(&q[0], &q[1], &q[2], &v, 1).ok()) break;
        line("double3", {hex(q[0]), hex(q[1]), hex(q[2]), hex(v)});
    }
    std::fclose(f);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) return fail("usage: gradnoise_vectors tests/data/improved_noise_sample.txt > conformance/vectors.txt");
    // Every sample through the scalar reference.
    if (!gradnoise::force_isa(gradnoise::Isa::scalar).ok()) return fail("the scalar path is missing");
    std::printf(
        "# gradnoise conformance vectors (docs/conformance.md), made by scripts/generate_vectors.sh from the\n"
        "# scalar reference. They are the output contract: a changed line is a changed bit, a new major version.\n"
        "# Lines, tokens separated by one space; floats are their IEEE-754 bits in hex (binary32: 8 digits,\n"
        "# binary64: 16), integers decimal:\n"
        "#   field NAME=TEXT ...            a new field: the defaults, then each parameter set by name from its\n"
        "#                                  text (gradnoise_desc_set_parameter); the lines below are its samples\n"
        "#   value2 X Y V                   V = the field at (X, Y); value3 X Y Z V; value4 X Y Z W V\n"
        "#   gradient2 X Y V DX DY          the value and its partial derivatives; gradient3, gradient4 likewise\n"
        "#   chunk2 SX SY SPACING LEVEL V   world sample (SX, SY) of a chunk at SPACING and LEVEL; chunk3 SX SY SZ ...\n"
        "#   double2 X Y V                  binary64 (a perlin basis, the permutation hash, no period, warp or\n"
        "#                                  pattern); double3 X Y Z V\n");
    Random r;
    for (const FieldSpec& f : fields()) {
        gradnoise::NoiseDesc d;
        std::string head = "field";
        for (const Setting& s : f.settings) {
            gradnoise::Status st = gradnoise::set_parameter(d, s.first, s.second);
            if (!st.ok()) return fail(std::string(s.first) + "=" + s.second + ": " + st.message());
            head += std::string(" ") + s.first + "=" + s.second;
        }
        gradnoise::Noise n;
        const gradnoise::Status st = gradnoise::Noise::create(d, &n);
        if (!st.ok()) return fail(head + ": " + st.message());
        // A setting its part of the field ignores would be refused by the tool and Python: every field
        // here must be one every front end makes.
        if (const gradnoise::IgnoredParameter ignored = gradnoise::ignored_parameter(d)) {
            return fail(head + ": " + ignored.field + " has no effect");
        }
        std::puts(head.c_str());
        for (int dims = 2; dims <= 4; ++dims) values(n, dims, r);
        for (int dims = 2; dims <= 4; ++dims) gradients(n, dims, r);
        for (int dims = 2; dims <= 3; ++dims) chunks(n, dims);
        for (int dims = 2; dims <= 3; ++dims) binary64(n, dims, r);
        if (f.settings.empty()) perlin_points(n, argv[1]);
    }
    return std::ferror(stdout) ? fail("writing failed") : 0;
}
