// Cross-cutting, the same bits on every CPU: every kernel family (src/kernels/perlin.hpp, hash.hpp)
// and its reference (src/reference/perlin.cpp, hash.cpp) against committed outputs, docs/spec.md
// sections 3-5. tests/data/golden_bits.txt holds exact outputs made once on x86-64 and confirmed
// identical on aarch64 (qemu) before it was committed (tests/data/make_golden.py). Every ISA of
// every platform that runs this test (each ISA's kernel table called directly, testing::IsaPath)
// must reproduce them.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

using gradnoise::Fade;
using gradnoise::Hash;
using gradnoise::Noise;

namespace {

Noise field(const std::string& name) {
    if (name == "reference-quintic-permutation") return Noise();
    if (name == "12345-cubic-permutation") return Noise(12345u, Fade::cubic);
    if (name == "7-quintic-mix") return Noise(7u, Fade::quintic, Hash::mix);
    if (name == "0-cubic-mix") return Noise(0u, Fade::cubic, Hash::mix);
    FAIL("unknown field " << name);
    return Noise();
}

struct GoldenCase {
    std::string field;
    int dims;
    testing::Points points;
    std::vector<float> expect;
};

}  // namespace

TEST_SUITE("golden") {

TEST_CASE("every ISA reproduces the committed bits of four fields in 2D and 3D") {
    std::ifstream in(GRADNOISE_TEST_DATA_DIR "/golden_bits.txt");
    REQUIRE(in.good());
    std::map<std::string, GoldenCase> cases;
    std::string line;
    std::size_t rows = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream f(line);
        std::string name, x, y, z, v;
        int dims = 0;
        f >> name >> dims >> x >> y >> z >> v;
        REQUIRE(!v.empty());
        GoldenCase& c = cases[name + "/" + std::to_string(dims)];
        c.field = name;
        c.dims = dims;
        c.points.add(std::strtof(x.c_str(), nullptr), std::strtof(y.c_str(), nullptr), std::strtof(z.c_str(), nullptr));
        c.expect.push_back(std::strtof(v.c_str(), nullptr));
        ++rows;
    }
    CHECK(cases.size() == 8);
    CHECK(rows >= 800);
    for (const testing::IsaPath& path : testing::isa_paths()) {
        for (auto& entry : cases) {  // (not a structured binding: doctest's INFO captures it, which clang rejects)
            const auto& key = entry.first;
            auto& c = entry.second;
            Noise noise = field(c.field);
            std::vector<float> got(c.points.size());
            const testing::Points& p = c.points;
            REQUIRE((c.dims == 2 ? path.evaluate_2d(noise, p.x.data(), p.y.data(), got.data(), p.size())
                                 : path.evaluate_3d(noise, p.x.data(), p.y.data(), p.z.data(), got.data(), p.size()))
                        .ok());
            long at = testing::first_bit_difference(c.expect, got);
            INFO(testing::name(path) << " " << key);
            if (at >= 0) {
                INFO("first difference at row " << at << ": expected " << testing::describe(c.expect[at]) << " got "
                                                << testing::describe(got[at]));
                CHECK(at == -1);
            } else {
                CHECK(at == -1);
            }
        }
    }
}

}  // TEST_SUITE
