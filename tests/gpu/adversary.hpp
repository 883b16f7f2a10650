// The GPU tests' shared parts: the adversary (docs/gpu.md, "Adversarial mode") -- GLSL before the
// generated text that makes the division and square root estimates, on a program's second run, what a
// driver may give: within GLSL's bounds (up to 3 ulps off either way) and, one time in 16, far outside
// them (NaN, 0, infinity, half as much again), so the text's corrections and fallbacks are what gives
// the CPU's bits -- the subjects (the known-answer set and the graph corpus), and the report of a run.
#ifndef GRADNOISE_TESTS_GPU_ADVERSARY_HPP
#define GRADNOISE_TESTS_GPU_ADVERSARY_HPP

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpu/check.hpp"
#include "gpu/known_answers.hpp"
#include "gradnoise/shader.hpp"

namespace gradnoise::testing {

// Run 0 is the honest text; run 1 (parameter word gpu::pass_word = 1) the adversary's estimates.
inline std::string adversary_prefix() {
    return "uint gn_adversary_hash(uint a, uint b) {\n"
           "    uint h = (a * 0x9E3779B1u) ^ (b + 0x7F4A7C15u);\n"
           "    h ^= h >> 15u;\n    h *= 0x2C1B3C6Du;\n    h ^= h >> 12u;\n    return h;\n}\n"
           "float gn_adversary_skew(float estimate, uint h) {\n"
           "    if ((h & 15u) == 0u) {\n"
           "        uint w = (h >> 4u) & 3u;\n"
           "        return w == 0u ? uintBitsToFloat(0x7FC00000u) : w == 1u ? 0.0 : w == 2u ? uintBitsToFloat(0x7F800000u) : estimate * 1.5;\n"
           "    }\n"
           "    return uintBitsToFloat(uint(int(floatBitsToUint(estimate)) + int((h >> 4u) % 7u) - 3));\n"
           "}\n"
           "float gn_adversary_divide(float a, float b, uint run) {\n"
           "    precise float q = a / b;\n"
           "    return run == 0u ? q : gn_adversary_skew(q, gn_adversary_hash(floatBitsToUint(a), floatBitsToUint(b)));\n"
           "}\n"
           "float gn_adversary_sqrt(float v, uint run) {\n"
           "    precise float s = sqrt(v);\n"
           "    return run == 0u ? s : gn_adversary_skew(s, gn_adversary_hash(floatBitsToUint(v), 0x5BD1E995u));\n"
           "}\n"
           "#define GRADNOISE_ESTIMATE_DIVIDE(a, b) gn_adversary_divide(a, b, data[" +
           std::to_string(gpu::pass_word) +
           "])\n"
           "#define GRADNOISE_ESTIMATE_SQRT(a) gn_adversary_sqrt(a, data[" +
           std::to_string(gpu::pass_word) + "])\n";
}

// GRADNOISE_GPU_POINTS: random points per value and gradient case (default `fallback`).
inline std::size_t gpu_points(std::size_t fallback) {
    const char* env = std::getenv("GRADNOISE_GPU_POINTS");
    return env != nullptr ? static_cast<std::size_t>(std::strtoull(env, nullptr, 10)) : fallback;
}

inline std::string read_text(const std::string& path) {
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) return std::string();
    std::string text;
    char buf[4096];
    for (std::size_t got; (got = std::fread(buf, 1, sizeof buf, file)) > 0;) text.append(buf, got);
    std::fclose(file);
    return text;
}

// The graph corpus: tests/graphs and the examples.
inline std::vector<gpu::Subject> corpus_graphs() {
    std::vector<gpu::Subject> s;
    for (const char* name : {"arithmetic_2d", "coordinates_2d", "shaping_2d", "volume_3d", "loop_4d", "erode_2d", "erode_3d"}) {
        s.push_back({std::string("graph ") + name, {}, read_text(std::string(GRADNOISE_TEST_GRAPH_DIR) + "/" + name + ".json")});
    }
    for (const char* name : {"clouds", "continent", "lava", "eroded_continent"}) {
        s.push_back({std::string("example ") + name, {}, read_text(std::string(GRADNOISE_PROJECT_DIR) + "/examples/graphs/" + name + ".json")});
    }
    return s;
}

// Every case exact, else a failure per case that names it, with the first difference or the error.
inline void check_exact(const std::vector<gpu::Case>& cases, const std::vector<GpuCaseResult>& results, const std::string& device) {
    REQUIRE(results.size() == cases.size());
    std::size_t compared = 0, exact = 0;
    for (const GpuCaseResult& r : results) {
        CHECK_MESSAGE(r.error.empty(), r.name << ": " << r.error);
        CHECK_MESSAGE(r.differ == 0, r.name << ": " << r.differ << " of " << r.compared << " outputs differ, by up to " << r.worst_ulps
                                            << " ulps; " << r.example);
        compared += r.compared;
        exact += r.exact() ? 1 : 0;
    }
    CHECK(compared > 0);
    MESSAGE(exact << " of " << results.size() << " cases exact, " << compared << " outputs compared (honest and adversarial runs) on "
                  << device);
}

// [S 20] The exact division and square root alone, on `device`: a / b and sqrt(a) over `count` inputs --
// random bit patterns (every class: subnormals, NaN, infinities), the special values crossed, and
// random normal pairs whose quotients fall subnormal, overflow and tie -- against the CPU's IEEE results,
// honest and adversarial; and the adversary checked to be active (its raw estimates do differ).
inline void check_exact_arithmetic(gpu::Device& device, std::size_t count) {
    std::string text;
    gradnoise::ShaderOptions options;
    options.dimensions = 2;
    REQUIRE(gradnoise::shader_source(NoiseDesc{}, options, &text).ok());
    const std::string body =
        "    float a = uintBitsToFloat(data[16u + 2u * i]), b = uintBitsToFloat(data[17u + 2u * i]);\n"
        "    result[4u * i] = floatBitsToUint(gn_field_divide(a, b));\n"
        "    result[4u * i + 1u] = floatBitsToUint(gn_field_sqrt(a));\n"
        "    result[4u * i + 2u] = floatBitsToUint(GRADNOISE_ESTIMATE_DIVIDE(1.0 + abs(fract(a)), 1.0 + abs(fract(b))));\n"
        "    result[4u * i + 3u] = floatBitsToUint(GRADNOISE_ESTIMATE_SQRT(1.0 + abs(fract(a))));\n";
    std::string error;
    const int program = device.compile(adversary_prefix(), text, body, &error);
    REQUIRE_MESSAGE(program >= 0, error);
    std::vector<std::uint32_t> input(gpu::parameter_words + 2 * count);
    std::uint64_t state = 0x243F6A8885A308D3u;
    auto next = [&] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return static_cast<std::uint32_t>(state >> 16);
    };
    const std::uint32_t special[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x007FFFFFu, 0x00800000u, 0x3F800000u, 0x3FFFFFFFu,
                                     0x7F7FFFFFu, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x7F800001u, 0xBF800000u, 0x4B800000u};
    const std::size_t ns = sizeof special / sizeof special[0];
    for (std::size_t k = 0; k < count; ++k) {
        std::uint32_t a = next(), b = next();
        if (k < ns * ns) {
            a = special[k / ns];
            b = special[k % ns];
        } else if (k % 3 == 1) {  // normal operands, exponents apart by up to 2 x 160: subnormal and overflowing quotients
            a = (a & 0x807FFFFFu) | ((next() % 254u + 1u) << 23u);
            b = (b & 0x807FFFFFu) | ((next() % 254u + 1u) << 23u);
        } else if (k % 3 == 2) {  // small integers: exact quotients and ties at the rounding
            const float fa = static_cast<float>(next() % 4096u), fb = static_cast<float>(next() % 64u + 1u);
            std::memcpy(&a, &fa, 4);
            std::memcpy(&b, &fb, 4);
        }
        input[gpu::parameter_words + 2 * k] = a;
        input[gpu::parameter_words + 2 * k + 1] = b;
    }
    auto same = [](std::uint32_t x, std::uint32_t y) {  // (NaNs as a class: the CPU's payloads are its own)
        const bool nx = (x & 0x7FFFFFFFu) > 0x7F800000u, ny = (y & 0x7FFFFFFFu) > 0x7F800000u;
        return nx || ny ? nx && ny : x == y;
    };
    for (std::uint32_t run = 0; run < 2; ++run) {
        input[gpu::pass_word] = run;
        std::vector<std::uint32_t> out(4 * count, 0xDEADBEEFu);
        REQUIRE_MESSAGE(device.run(program, input, count, out.data(), out.size(), &error), error);
        std::size_t differ = 0, skewed = 0;
        for (std::size_t k = 0; k < count; ++k) {
            float a, b;
            std::memcpy(&a, &input[gpu::parameter_words + 2 * k], 4);
            std::memcpy(&b, &input[gpu::parameter_words + 2 * k + 1], 4);
            const float q = a / b, s = std::sqrt(a);
            std::uint32_t qb, sb;
            std::memcpy(&qb, &q, 4);
            std::memcpy(&sb, &s, 4);
            for (int op = 0; op < 2; ++op) {
                const std::uint32_t want = op == 0 ? qb : sb, got = out[4 * k + static_cast<std::size_t>(op)];
                if (!same(want, got) && differ++ < 4) {
                    CHECK_MESSAGE(false, (op == 0 ? "divide(" : "sqrt(") << a << (op == 0 ? ", " : "") << (op == 0 ? std::to_string(b) : "")
                                                                       << "), run " << run << ": the CPU gives " << want << ", the GPU " << got);
                }
            }
            const float ea = 1.0f + std::fabs(a - std::floor(a)), eb = 1.0f + std::fabs(b - std::floor(b));
            const float eq = ea / eb, es = std::sqrt(ea);
            std::uint32_t eqb, esb;
            std::memcpy(&eqb, &eq, 4);
            std::memcpy(&esb, &es, 4);
            skewed += (out[4 * k + 2] != eqb ? 1 : 0) + (out[4 * k + 3] != esb ? 1 : 0);
        }
        CHECK(differ == 0);
        MESSAGE("run " << run << ": " << count << " divisions and square roots, " << differ << " differ; the estimates off in " << skewed
                       << " of " << 2 * count);
        if (run == 1) CHECK(skewed > count / 2);  // the adversary does disturb the estimates
    }
}

}  // namespace gradnoise::testing

#endif
