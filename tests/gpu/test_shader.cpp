// [S 20] The GLSL that shader_source writes (src/shader/), on Mesa's OpenGL (llvmpipe, through EGL with no
// display: docs/gpu.md) through gradnoise_gpu's device: every known-answer case -- every basis, fade,
// hash, period, fractal, band limit, warp and pattern, value, gradient and chunk forms -- and every
// corpus and example graph, equal to the CPU bit for bit, honestly and under the adversary
// (adversary.hpp: the division and square root estimates off by ulps or far off); the exact division
// and square root alone over a million inputs; a text that does not compile, reported per case; and
// what shader_source refuses.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../test_support.hpp"
#include "adversary.hpp"
#include "gpu/check.hpp"
#include "gradnoise/gradnoise.hpp"
#include "gradnoise/shader.hpp"

using gradnoise::NoiseDesc;

namespace {

gradnoise::gpu::Device& opengl() {
    static std::string why;
    static const std::unique_ptr<gradnoise::gpu::Device> device = gradnoise::gpu::open(gradnoise::GpuApi::opengl, &why);
    REQUIRE_MESSAGE(device != nullptr, why);
    return *device;
}

}  // namespace

TEST_SUITE("gpu") {

TEST_CASE("OpenGL: every known-answer case and corpus graph equals the CPU bit for bit, honest and adversarial") {
    gradnoise::gpu::Device& device = opengl();
    std::vector<gradnoise::gpu::Subject> subjects = gradnoise::gpu::fields();
    for (const auto& g : gradnoise::gpu::graphs()) subjects.push_back(g);
    for (const auto& g : gradnoise::testing::corpus_graphs()) {
        REQUIRE_MESSAGE(!g.graph.empty(), g.name << ": not found");
        subjects.push_back(g);
    }
    const std::vector<gradnoise::gpu::Case> cases = gradnoise::gpu::cases_of(subjects, true, true, true);
    gradnoise::gpu::RunOptions options;
    options.random = gradnoise::testing::gpu_points(256);
    options.prefix = gradnoise::testing::adversary_prefix();
    options.passes = 2;
    gradnoise::testing::check_exact(cases, gradnoise::gpu::run_cases(device, cases, options), device.renderer());
}

TEST_CASE("OpenGL: the conformance vectors' value and gradient lines, bit for bit") {
    // conformance/vectors.txt's own points and bits (not the CPU's evaluation): the GLSL is held to the
    // published file as every binding is (docs/conformance.md).
    std::vector<gradnoise::gpu::Case> cases;
    std::size_t lines = 0;
    for (const ::testing::VectorField& f : ::testing::read_vectors()) {
        gradnoise::gpu::Subject subject{f.head, ::testing::vector_field(f).desc(), ""};
        for (const auto& [kind, samples] : f.samples) {
            const bool gradient = kind.rfind("gradient", 0) == 0;
            if (!gradient && kind.rfind("value", 0) != 0) continue;  // chunks and binary64: not GLSL calls
            gradnoise::gpu::Case c;
            c.subject = subject;
            c.dims = kind.back() - '0';
            c.form = gradient ? gradnoise::gpu::Form::gradient : gradnoise::gpu::Form::value;
            for (const auto& t : samples) {
                for (int d = 0; d < c.dims; ++d) c.points.push_back(::testing::vector_float(t[d]));
                for (std::size_t k = c.dims; k < t.size(); ++k) {
                    c.expected.push_back(static_cast<std::uint32_t>(std::stoul(t[k], nullptr, 16)));
                }
            }
            lines += samples.size();
            cases.push_back(c);
        }
    }
    REQUIRE(lines > 3000);
    gradnoise::testing::check_exact(cases, gradnoise::gpu::run_cases(opengl(), cases, gradnoise::gpu::RunOptions{}),
                                    opengl().renderer());
}

TEST_CASE("OpenGL: the exact division and square root over a million inputs, honest and adversarial") {
    gradnoise::testing::check_exact_arithmetic(opengl(), gradnoise::testing::gpu_points(256) >= 256 ? 1u << 20 : 1u << 14);
}

TEST_CASE("a text that does not compile is reported per case, with the compiler's message") {
    std::vector<gradnoise::gpu::Subject> subjects = gradnoise::gpu::fields();
    subjects.resize(2);
    const std::vector<gradnoise::gpu::Case> cases = gradnoise::gpu::cases_of(subjects, true, false, false);
    gradnoise::gpu::RunOptions options;
    options.random = 4;
    options.batch = 2;
    options.prefix = "#define GRADNOISE_ESTIMATE_SQRT(a) gn_no_such_function(a)\n";
    const std::vector<gradnoise::GpuCaseResult> results = gradnoise::gpu::run_cases(opengl(), cases, options);
    REQUIRE(results.size() == cases.size());
    for (std::size_t k = 0; k < results.size(); ++k) {
        INFO(results[k].name);
        CHECK(results[k].name == cases[k].name());
        CHECK_FALSE(results[k].exact());
        CHECK(results[k].error.find("gn_no_such_function") != std::string::npos);
    }
}

TEST_CASE("shader_source and chunk_octave_coordinates refuse what they do not cover, naming it") {
    std::string out = "untouched";
    gradnoise::ShaderOptions options;
    NoiseDesc d;
    d.basis = gradnoise::Basis::cellular;
    options.dimensions = 4;
    CHECK(std::string(gradnoise::shader_source(d, options, &out).message()) ==
          "shader_source: cellular noise has no 4D (docs/spec.md section 17)");
    options.dimensions = 3;
    options.gradient = true;
    d.fractal.kind = gradnoise::Fractal::damped;
    CHECK(gradnoise::shader_source(d, options, &out).code() == gradnoise::ErrorCode::invalid_argument);
    options.gradient = false;
    d = NoiseDesc{};
    d.pattern.kind = gradnoise::Pattern::wood;
    options.gradient = true;
    CHECK(std::string(gradnoise::shader_source(d, options, &out).message()) ==
          "shader_source: options.gradient: a pattern has no gradient (docs/spec.md section 18)");
    options.gradient = false;
    options.dimensions = 5;
    CHECK(std::string(gradnoise::shader_source(NoiseDesc{}, options, &out).message()) ==
          "shader_source: options.dimensions must be 2, 3 or 4");
    options.dimensions = 3;
    options.function_name = "gl_noise";
    CHECK(gradnoise::shader_source(NoiseDesc{}, options, &out).code() == gradnoise::ErrorCode::invalid_argument);
    options.function_name = "2d";
    CHECK(gradnoise::shader_source(NoiseDesc{}, options, &out).code() == gradnoise::ErrorCode::invalid_argument);
    d = NoiseDesc{};
    d.period_x = 3;  // (a descriptor the library refuses: its own message)
    options.function_name = "gn_field";
    CHECK(std::string(gradnoise::shader_source(d, options, &out).message()).find("period_x") != std::string::npos);
    CHECK(out == "untouched");
    CHECK(gradnoise::shader_source(NoiseDesc{}, options, nullptr).code() == gradnoise::ErrorCode::null_pointer);

    gradnoise::Noise noise;
    float q[4] = {};
    CHECK(std::string(gradnoise::chunk_octave_coordinates(noise, 3, 0, 4, 1.0f, q).message()) ==
          "chunk_octave_coordinates: axis must be 0, 1 or 2");
    CHECK(gradnoise::chunk_octave_coordinates(noise, 0, 0, 4, 0.0f, q).code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(gradnoise::chunk_octave_coordinates(noise, 0, 0, 4, NAN, q).code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(gradnoise::chunk_octave_coordinates(noise, 0, INT64_MAX - 2, 4, 1.0f, q).code() == gradnoise::ErrorCode::size_overflow);
    CHECK(gradnoise::chunk_octave_coordinates(noise, 0, 0, 4, 1.0f, static_cast<float*>(nullptr)).code() == gradnoise::ErrorCode::null_pointer);
    d = NoiseDesc{};
    d.basis = gradnoise::Basis::opensimplex2s;
    REQUIRE(gradnoise::Noise::create(d, &noise).ok());
    CHECK(gradnoise::chunk_octave_coordinates(noise, 0, 0, 4, 1.0f, q).code() == gradnoise::ErrorCode::invalid_argument);
    // The coordinates are the spec's: sample s at spacing 1/4 sits at s / 4 mod 256.
    REQUIRE(gradnoise::Noise::create(NoiseDesc{}, &noise).ok());
    CHECK(gradnoise::chunk_octave_coordinates(noise, 1, 1023, 4, 0.25f, q).ok());
    CHECK(q[0] == 255.75f);
    CHECK(q[1] == 0.0f);
    CHECK(q[3] == 0.5f);
}


TEST_CASE("graphs: shader_source refuses another dimension count and a gradient the graph lacks, naming them") {
    gradnoise::Graph graph;
    std::string error, out = "untouched";
    REQUIRE(gradnoise::Graph::from_json(gradnoise::gpu::graphs()[0].graph, &graph, &error).ok());
    gradnoise::ShaderOptions options;
    options.dimensions = 3;
    CHECK(std::string(gradnoise::shader_source(graph, options, &out, &error).message()) ==
          "shader_source: options.dimensions must be the graph's");
    CHECK(error == "shader_source: options.dimensions must be the graph's: 2 (got 3)");
    REQUIRE(gradnoise::Graph::from_json(R"({"gradnoise_graph": 1, "dimensions": 2, "output": "m", "nodes": {
        "m": {"type": "field", "pattern": "marble"}}})", &graph, &error).ok());
    options.dimensions = 2;
    options.gradient = true;
    CHECK(gradnoise::shader_source(graph, options, &out, &error).code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(error.find("shader_source: options.gradient: graph node 'm'") == 0);
    CHECK(gradnoise::shader_source(graph, options, nullptr).code() == gradnoise::ErrorCode::null_pointer);
    CHECK(out == "untouched");
    options.gradient = false;
    CHECK(gradnoise::shader_source(graph, options, &out).ok());
    CHECK(out.find("float gn_field(vec2 p) {") != std::string::npos);
}


}  // TEST_SUITE
