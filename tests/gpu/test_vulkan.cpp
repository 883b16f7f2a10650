// [S 20] The Vulkan form (docs/gpu.md): the text shader_source writes, in gradnoise_gpu's Vulkan
// program, compiled to SPIR-V by glslang, valid for SPIRV-Tools, and exact by construction in its
// structure -- for every known-answer subject and corpus graph: no float division outside the exact
// division, no square root outside the exact square root, no binary64 -> binary32 conversion, no
// NaN or infinity test, no fmod, mix, dot, length, fma, transcendental or signed remainder, and
// every float + - * marked NoContraction (`precise`) -- and run on lavapipe (or a GPU) against the
// CPU, honest and adversarial.
#include <spirv-tools/libspirv.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "adversary.hpp"
#include "gpu/check.hpp"
#include "gpu/device.hpp"
#include "gpu/vulkan_spirv.hpp"
#include "gradnoise/gradnoise.hpp"

namespace {

namespace gpu = gradnoise::gpu;

gpu::Device& vulkan() {
    static std::string why;
    static const std::unique_ptr<gpu::Device> device = gpu::open(gradnoise::GpuApi::vulkan, &why);
    REQUIRE_MESSAGE(device != nullptr, why);
    return *device;
}

std::vector<gpu::Subject> every_subject() {
    std::vector<gpu::Subject> subjects = gpu::fields();
    for (const auto& g : gpu::graphs()) subjects.push_back(g);
    for (const auto& g : gradnoise::testing::corpus_graphs()) subjects.push_back(g);
    return subjects;
}

// What a SPIR-V module does that the exact form must not (empty: nothing), by function.
std::string scan(const std::vector<std::uint32_t>& spirv) {
    enum : std::uint32_t {
        OpName = 5, OpExtInstImport = 11, OpExtInst = 12, OpTypeFloat = 22, OpTypeVector = 23, OpFunction = 54,
        OpFunctionEnd = 56, OpDecorate = 71, OpFConvert = 115, OpQuantizeToF16 = 116, OpFAdd = 129, OpFSub = 131,
        OpFMul = 133, OpFDiv = 136, OpSRem = 138, OpSMod = 139, OpFRem = 140, OpFMod = 141, OpDot = 148, OpIsNan = 156, OpIsInf = 157
    };
    const std::uint32_t NoContraction = 42;
    // GLSL.std.450: Sqrt is the exact square root's estimate; the rest round as the driver likes.
    const std::uint32_t Sqrt = 31;
    const std::set<std::uint32_t> forbidden_ext = {13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
                                                   32, 46, 48, 49, 50, 66, 67, 68, 69};  // trig, exp, log, pow, InverseSqrt, FMix, Step, SmoothStep, Fma, Length, Distance, Cross, Normalize
    std::map<std::uint32_t, std::string> names;
    std::set<std::uint32_t> no_contraction, float32_types;
    std::uint32_t glsl_std = 0;
    for (std::size_t at = 5; at < spirv.size();) {  // first pass: names, decorations, types
        const std::uint32_t op = spirv[at] & 0xFFFFu, n = spirv[at] >> 16u;
        if (n == 0) return "a malformed instruction";
        if (op == OpName) names[spirv[at + 1]] = reinterpret_cast<const char*>(&spirv[at + 2]);
        if (op == OpExtInstImport && std::string(reinterpret_cast<const char*>(&spirv[at + 2])) == "GLSL.std.450") glsl_std = spirv[at + 1];
        if (op == OpDecorate && spirv[at + 2] == NoContraction) no_contraction.insert(spirv[at + 1]);
        if (op == OpTypeFloat && spirv[at + 2] == 32) float32_types.insert(spirv[at + 1]);
        if (op == OpTypeVector && float32_types.count(spirv[at + 2]) != 0) float32_types.insert(spirv[at + 1]);
        at += n;
    }
    std::string found, function;
    std::map<std::string, int> counted;
    auto report = [&](const std::string& what) {
        if (counted[what + function]++ == 0 && found.size() < 2000) found += what + " in " + function + "; ";
    };
    for (std::size_t at = 5; at < spirv.size();) {
        const std::uint32_t op = spirv[at] & 0xFFFFu, n = spirv[at] >> 16u;
        if (op == OpFunction) function = names.count(spirv[at + 2]) ? names[spirv[at + 2]] : "an unnamed function";
        if (op == OpFunctionEnd) function.clear();
        const bool divide = function.find("_divide(") != std::string::npos, root = function.find("_sqrt(") != std::string::npos;
        if (op == OpFDiv && !divide) report("a float division");
        if (op == OpExtInst && spirv[at + 3] == glsl_std) {
            const std::uint32_t inst = spirv[at + 4];
            if (inst == Sqrt && !root) report("a square root");
            if (forbidden_ext.count(inst) != 0) report("GLSL.std.450 instruction " + std::to_string(inst));
        }
        if (op == OpFConvert && float32_types.count(spirv[at + 1]) != 0) report("a conversion to binary32");
        if (op == OpIsNan || op == OpIsInf) report("isnan or isinf");
        if (op == OpFRem || op == OpFMod || op == OpDot || op == OpQuantizeToF16) report("fmod, frem, dot or a half-float quantize");
        if (op == OpSRem || op == OpSMod) report("a signed remainder (GLSL: undefined for negative operands)");
        if ((op == OpFAdd || op == OpFSub || op == OpFMul) && no_contraction.count(spirv[at + 2]) == 0) {
            report("a float + - * without NoContraction (not precise)");
        }
        at += n;
    }
    return found;
}

}  // namespace

TEST_SUITE("gpu") {

TEST_CASE("Vulkan: every subject's SPIR-V is valid and has only the operations that are exact by construction") {
    const spvtools::SpirvTools validator(SPV_ENV_VULKAN_1_0);
    const std::vector<gpu::Subject> subjects = every_subject();
    const std::vector<gpu::Case> cases = gpu::cases_of(subjects, true, true, true);
    std::size_t scanned = 0;
    for (std::size_t k = 0; k < cases.size(); ++k) {
        if (k > 0 && cases[k].subject.name == cases[k - 1].subject.name && cases[k].dims == cases[k - 1].dims) continue;
        INFO(cases[k].name());
        gpu::Prepared p = gpu::prepare(cases[k], "gn_s", 4, true);
        if (!p.error.empty()) p = gpu::prepare(cases[k], "gn_s", 4, false);  // (a field without a gradient)
        REQUIRE_MESSAGE(p.error.empty(), p.error);
        std::string log;
        const std::vector<std::uint32_t> spirv = gpu::compile_spirv(
            gpu::program_text("#version 450\n", "", p.functions, "    result[i] = data[i];\n"), &log);
        REQUIRE_MESSAGE(!spirv.empty(), "glslang: " << log);
        CHECK_MESSAGE(validator.Validate(spirv), "SPIRV-Tools rejects the module");
        CHECK_MESSAGE(scan(spirv).empty(), scan(spirv));
        ++scanned;
    }
    MESSAGE(scanned << " texts (every subject and dimension count, with gradients) scanned");
    // The scan can fail: a text with each thing it looks for.
    std::string log;
    const std::vector<std::uint32_t> bad = gpu::compile_spirv(
        gpu::program_text("#version 450\n", "",
                          "float f(float a, double d) { return a / 3.0 + float(d) + (isnan(a) ? sqrt(a) : mod(a, 2.0)) + a * a + float(int(d) % 3); }\n",
                          "    result[i] = floatBitsToUint(f(uintBitsToFloat(data[i]), double(i)));\n"),
        &log);
    REQUIRE_MESSAGE(!bad.empty(), log);
    const std::string found = scan(bad);
    for (const char* what : {"a float division", "a square root", "a conversion to binary32", "isnan or isinf", "not precise", "a signed remainder"}) {
        CHECK_MESSAGE(found.find(what) != std::string::npos, what << " not found in: " << found);
    }
}

// The function bodies are the OpenGL text's, and the OpenGL test runs every case on llvmpipe; what Vulkan
// adds is glslang's SPIR-V (every text scanned above) and the tables in a buffer. So lavapipe runs each
// basis's first subject and the first graph of each list, in every dimension and form (value, gradient,
// chunk): each kind of table and buffer offset, each family's code through glslang. (Every case: 336
// programs, 5 min of lavapipe's compiler on 2 cores; `gradnoise gpu-check --api vulkan` runs them all.)
TEST_CASE("Vulkan: each basis and graph list, every dimension and form, equals the CPU bit for bit, honest and adversarial") {
    gpu::Device& device = vulkan();
    std::vector<gpu::Subject> subjects;
    std::vector<gradnoise::Basis> seen;
    for (const gpu::Subject& s : gpu::fields()) {
        if (std::find(seen.begin(), seen.end(), s.desc.basis) != seen.end()) continue;
        seen.push_back(s.desc.basis);
        subjects.push_back(s);
    }
    REQUIRE(seen.size() == 7);  // perlin, classic, value, isotropic, cellular, opensimplex2, opensimplex2s
    subjects.push_back(gpu::graphs().front());
    subjects.push_back(gradnoise::testing::corpus_graphs().front());
    const std::vector<gpu::Case> cases = gpu::cases_of(subjects, true, true, true);
    gpu::RunOptions options;
    options.random = gradnoise::testing::gpu_points(256);
    options.prefix = gradnoise::testing::adversary_prefix();
    options.passes = 2;
    gradnoise::testing::check_exact(cases, gpu::run_cases(device, cases, options), device.renderer());
}

TEST_CASE("Vulkan: the self-contained form (tables as initialised globals, no buffer) equals the CPU too") {
    // The device reads the tables from a buffer (GRADNOISE_TABLES); a text compiled as it is, as an
    // engine may, copies them per invocation -- slow to compile on lavapipe, so a few fields: each
    // kind of table (Perlin's permutation, classic gradients, value noise's values, the simplex mix
    // gradients, OpenSimplex2S's 4D lattice), honest and adversarial.
    gpu::Device& device = vulkan();
    std::vector<gpu::Subject> subjects;
    for (const gpu::Subject& s : gpu::fields()) {
        const gradnoise::NoiseDesc& d = s.desc;
        const bool wanted = s.name == gpu::fields()[0].name || (d.basis == gradnoise::Basis::classic && d.fractal.kind == gradnoise::Fractal::none) ||
                            (d.basis == gradnoise::Basis::value && d.pattern.kind != gradnoise::Pattern::none) ||
                            (d.basis == gradnoise::Basis::opensimplex2s && d.hash == gradnoise::Hash::mix && d.fractal.kind == gradnoise::Fractal::none);
        if (wanted) subjects.push_back(s);
    }
    REQUIRE(subjects.size() >= 4);
    std::vector<gpu::Case> cases;
    for (const gpu::Case& c : gpu::cases_of(subjects, true, false, false)) {
        if (c.dims == 2 || c.subject.desc.basis == gradnoise::Basis::opensimplex2s) cases.push_back(c);
    }
    gpu::RunOptions options;
    options.random = gradnoise::testing::gpu_points(256);
    options.prefix = "#undef GRADNOISE_TABLES\n" + gradnoise::testing::adversary_prefix();
    options.passes = 2;
    gradnoise::testing::check_exact(cases, gpu::run_cases(device, cases, options), device.renderer() + ", tables in the text");
}

TEST_CASE("Vulkan: the exact division and square root over a million inputs, honest and adversarial") {
    gradnoise::testing::check_exact_arithmetic(vulkan(), gradnoise::testing::gpu_points(256) >= 256 ? 1u << 20 : 1u << 14);
}

}  // TEST_SUITE
