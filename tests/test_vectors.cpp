// Cross-cutting, the published bits: conformance/vectors.txt (docs/conformance.md), the test vectors
// every binding and port checks, held to every ISA's kernels (each field's samples in one call per
// kind, so SIMD batches and tails both run), to the reference's single-sample calls, and to an
// independent source where one exists (Ken Perlin's Java values). The file is made by
// conformance/generate_vectors.cpp; ctest's vectors_current checks it is what the generator writes.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "gradnoise/parameters.hpp"
#include "test_support.hpp"

namespace {

using Tokens = std::vector<std::string>;
using testing::read_vectors;
using testing::VectorField;
using testing::vector_double;
using testing::vector_float;

// Column c of each line, as floats.
std::vector<float> column(const std::vector<Tokens>& lines, std::size_t c) {
    std::vector<float> v;
    for (const Tokens& t : lines) v.push_back(vector_float(t.at(c)));
    return v;
}

// Expected vs got, bit for bit; the first difference named.
void check_bits(const VectorField& f, const std::string& what, const std::vector<float>& expect,
                const std::vector<float>& got) {
    const long first = testing::first_bit_difference(expect, got);
    CHECK_MESSAGE(first < 0, f.head << ": " << what << " line " << first << ": expected "
                                    << testing::describe(expect[first < 0 ? 0 : first]) << ", got "
                                    << testing::describe(got[first < 0 ? 0 : first]));
}

void check_path(const VectorField& f, const gradnoise::Noise& n, const testing::IsaPath& path) {
    const std::string isa = " (" + path.name() + ")";
    for (int dims = 2; dims <= 4; ++dims) {
        const auto it = f.samples.find("value" + std::to_string(dims));
        if (it == f.samples.end()) continue;
        const std::vector<Tokens>& lines = it->second;
        std::vector<std::vector<float>> c;
        for (int d = 0; d < dims; ++d) c.push_back(column(lines, d));
        std::vector<float> out(lines.size());
        const gradnoise::Status s =
            dims == 2 ? path.evaluate_2d(n, c[0].data(), c[1].data(), out.data(), out.size())
            : dims == 3 ? path.evaluate_3d(n, c[0].data(), c[1].data(), c[2].data(), out.data(), out.size())
                        : path.evaluate_4d(n, c[0].data(), c[1].data(), c[2].data(), c[3].data(), out.data(),
                                           out.size());
        REQUIRE_MESSAGE(s.ok(), f.head << isa << ": " << s.message());
        check_bits(f, it->first + isa, column(lines, dims), out);
    }
    for (int dims = 2; dims <= 4; ++dims) {
        const auto it = f.samples.find("gradient" + std::to_string(dims));
        if (it == f.samples.end()) continue;
        const std::vector<Tokens>& lines = it->second;
        std::vector<std::vector<float>> c;
        for (int d = 0; d < dims; ++d) c.push_back(column(lines, d));
        std::vector<std::vector<float>> g(5, std::vector<float>(lines.size()));
        const gradnoise::GradientOut out{g[0].data(), g[1].data(), g[2].data(), g[3].data(), g[4].data()};
        const gradnoise::Status s =
            dims == 2 ? path.evaluate_gradient_2d(n, c[0].data(), c[1].data(), out, lines.size())
            : dims == 3 ? path.evaluate_gradient_3d(n, c[0].data(), c[1].data(), c[2].data(), out, lines.size())
                        : path.evaluate_gradient_4d(n, c[0].data(), c[1].data(), c[2].data(), c[3].data(), out,
                                                    lines.size());
        REQUIRE_MESSAGE(s.ok(), f.head << isa << ": " << s.message());
        for (int k = 0; k <= dims; ++k) {
            check_bits(f, it->first + " output " + std::to_string(k) + isa, column(lines, dims + k), g[k]);
        }
    }
    for (int dims = 2; dims <= 3; ++dims) {
        const auto it = f.samples.find("chunk" + std::to_string(dims));
        if (it == f.samples.end()) continue;
        std::vector<float> got;
        for (const Tokens& t : it->second) {
            float v = 0.0f;
            const float spacing = vector_float(t[dims]);
            const int level = std::stoi(t[dims + 1]);
            gradnoise::Status s;
            if (dims == 2) {
                s = path.fill_chunk_2d(n, {std::stoll(t[0]), std::stoll(t[1]), 1, 1, spacing, level}, &v);
            } else {
                s = path.fill_chunk_3d(
                    n, {std::stoll(t[0]), std::stoll(t[1]), std::stoll(t[2]), 1, 1, 1, spacing, level}, &v);
            }
            REQUIRE_MESSAGE(s.ok(), f.head << isa << ": " << s.message());
            got.push_back(v);
        }
        check_bits(f, it->first + isa, column(it->second, dims + 2), got);
    }
    for (int dims = 2; dims <= 3; ++dims) {
        const auto it = f.samples.find("double" + std::to_string(dims));
        if (it == f.samples.end()) continue;
        for (const Tokens& t : it->second) {
            const double x = vector_double(t[0]), y = vector_double(t[1]), z = dims == 3 ? vector_double(t[2]) : 0.0;
            double v = 0.0;
            const gradnoise::Status s =
                dims == 2 ? path.evaluate_2d_f64(n, &x, &y, &v, 1) : path.evaluate_3d_f64(n, &x, &y, &z, &v, 1);
            REQUIRE_MESSAGE(s.ok(), f.head << isa << ": " << s.message());
            CHECK_MESSAGE(testing::double_bits(v) == testing::double_bits(vector_double(t[dims])),
                          f.head << ": " << it->first << isa << " at " << t[0]);
        }
    }
}

}  // namespace

TEST_SUITE("vectors") {

TEST_CASE("every ISA gives the conformance vectors' bits") {
    const std::vector<VectorField> fields = read_vectors();
    REQUIRE(fields.size() >= 30);
    for (const VectorField& f : fields) {
        const gradnoise::Noise n = testing::vector_field(f);
        for (const testing::IsaPath& path : testing::isa_paths()) {
            check_path(f, n, path);
        }
    }
}

TEST_CASE("the reference's one-sample calls give the conformance vectors' bits") {
    for (const VectorField& f : read_vectors()) {
        const gradnoise::Noise n = testing::vector_field(f);
        for (const auto& [kind, lines] : f.samples) {
            for (const Tokens& t : lines) {
                std::vector<float> expect, got;
                if (kind == "value2" || kind == "value3" || kind == "value4") {
                    const int dims = kind[5] - '0';
                    std::vector<float> p;
                    for (int d = 0; d < dims; ++d) p.push_back(vector_float(t[d]));
                    got.push_back(dims == 2   ? n.noise2(p[0], p[1])
                                  : dims == 3 ? n.noise3(p[0], p[1], p[2])
                                              : n.noise4(p[0], p[1], p[2], p[3]));
                    expect.push_back(vector_float(t[dims]));
                } else if (kind == "gradient2") {
                    const gradnoise::Gradient2 g = n.gradient2(vector_float(t[0]), vector_float(t[1]));
                    got = {g.value, g.dx, g.dy};
                    expect = {vector_float(t[2]), vector_float(t[3]), vector_float(t[4])};
                } else if (kind == "gradient3") {
                    const gradnoise::Gradient3 g = n.gradient3(vector_float(t[0]), vector_float(t[1]), vector_float(t[2]));
                    got = {g.value, g.dx, g.dy, g.dz};
                    expect = {vector_float(t[3]), vector_float(t[4]), vector_float(t[5]), vector_float(t[6])};
                } else if (kind == "gradient4") {
                    const gradnoise::Gradient4 g = n.gradient4(vector_float(t[0]), vector_float(t[1]), vector_float(t[2]), vector_float(t[3]));
                    got = {g.value, g.dx, g.dy, g.dz, g.dw};
                    expect = {vector_float(t[4]), vector_float(t[5]), vector_float(t[6]), vector_float(t[7]), vector_float(t[8])};
                } else if (kind == "chunk2" && t[3] == "0") {  // the one-sample call has no level
                    got.push_back(n.chunk_sample_2d(std::stoll(t[0]), std::stoll(t[1]), vector_float(t[2])));
                    expect.push_back(vector_float(t[4]));
                } else if (kind == "chunk3" && t[4] == "0") {
                    got.push_back(n.chunk_sample_3d(std::stoll(t[0]), std::stoll(t[1]), std::stoll(t[2]), vector_float(t[3])));
                    expect.push_back(vector_float(t[5]));
                }
                check_bits(f, kind + " at " + t[0] + " (reference)", expect, got);
            }
        }
    }
}

TEST_CASE("the vectors cover every choice of the parameter table, every kind of line and the awkward inputs") {
    const std::vector<VectorField> fields = read_vectors();
    std::set<std::string> kinds, set_pairs, defaults_in_effect;
    std::set<std::uint32_t> coordinates;  // of the value lines, every axis
    std::size_t count = 0;
    const gradnoise::Parameter* table = gradnoise::parameters(&count);
    for (const VectorField& f : fields) {
        std::set<std::string> here;
        for (const auto& [name, text] : f.settings) {
            set_pairs.insert(name + "=" + text);
            here.insert(name);
        }
        // A choice's default is covered by a field that leaves it unset where it takes effect.
        const gradnoise::NoiseDesc desc = testing::vector_field(f).desc();
        for (std::size_t i = 0; i < count; ++i) {
            if (here.count(table[i].name) == 0 && gradnoise::parameter_in_effect(table[i], desc)) {
                defaults_in_effect.insert(table[i].name);
            }
        }
        for (const auto& [kind, lines] : f.samples) {
            kinds.insert(kind);
            if (kind.rfind("value", 0) != 0) continue;
            for (const Tokens& t : lines) {
                for (std::size_t c = 0; c + 1 < t.size(); ++c) {
                    coordinates.insert(static_cast<std::uint32_t>(std::stoul(t[c], nullptr, 16)));
                }
            }
        }
    }
    for (std::size_t i = 0; i < count; ++i) {
        const gradnoise::Parameter& p = table[i];
        if (p.kind != gradnoise::ParameterKind::choice) continue;
        const std::string default_name = gradnoise::parameter_text(gradnoise::NoiseDesc{}, p);
        for (std::size_t c = 0; p.choices[c] != nullptr; ++c) {
            const bool covered = set_pairs.count(std::string(p.name) + "=" + p.choices[c]) > 0 ||
                                 (p.choices[c] == default_name && defaults_in_effect.count(p.name) > 0);
            CHECK_MESSAGE(covered, p.name << "=" << p.choices[c] << " is in no field of conformance/vectors.txt");
        }
    }
    for (const char* kind : {"value2", "value3", "value4", "gradient2", "gradient3", "gradient4", "chunk2", "chunk3",
                             "double2", "double3"}) {
        CHECK_MESSAGE(kinds.count(kind) == 1, "no " << kind << " line");
    }
    // +0, -0, a subnormal, 2^24, 2^31, the largest float, NaN, +inf, -inf.
    for (std::uint32_t b : {0x00000000u, 0x80000000u, 0x000116c2u, 0x4b800000u, 0x4f000000u, 0xff7fffffu, 0x7fc00000u,
                            0x7f800000u, 0xff800000u}) {
        CHECK_MESSAGE(coordinates.count(b) == 1, "no value line has a coordinate of bits " << std::hex << b);
    }
}

TEST_CASE("the vectors' binary64 Perlin lines hold Ken Perlin's own Java values") {
    // An independent source for the file's bits: tests/data/improved_noise_sample.txt (his reference,
    // compiled unmodified and run on OpenJDK).
    std::map<std::uint64_t, std::uint64_t> java;  // x's bits ^ y's rotated ^ z's: a key per point
    std::map<std::uint64_t, std::uint64_t> file;
    auto key = [](double x, double y, double z) {
        return testing::double_bits(x) ^ (testing::double_bits(y) * 3) ^ (testing::double_bits(z) * 7);
    };
    for (const std::string& line : testing::data_lines(GRADNOISE_TEST_DATA_DIR "/improved_noise_sample.txt")) {
        std::istringstream s(line);
        std::string x, y, z, v;
        s >> x >> y >> z >> v;
        java[key(std::stod(x), std::stod(y), std::stod(z))] = testing::double_bits(std::stod(v));
    }
    REQUIRE(java.size() == 150);
    const std::vector<VectorField> fields = read_vectors();
    const VectorField& perlin = fields.at(0);
    REQUIRE(perlin.settings.empty());
    for (const Tokens& t : perlin.samples.at("double3")) {
        file[key(vector_double(t[0]), vector_double(t[1]), vector_double(t[2]))] = testing::double_bits(vector_double(t[3]));
    }
    for (const auto& [point, value] : java) {
        REQUIRE_MESSAGE(file.count(point) == 1, "a point of Ken Perlin's is missing from the file");
        CHECK(file[point] == value);
    }
}

}  // TEST_SUITE
