// [S 3, 4, 5, 10, 15] The GLSL that shader_source writes (src/shader/glsl.cpp), run as a compute shader
// on Mesa's software OpenGL (llvmpipe, through EGL without a display: docs/gpu.md), against the CPU:
// every value bit for bit, on random points and on every awkward, non-finite and far-away point.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "gradnoise/shader.hpp"
#include "tables/simplex_tiling.hpp"
#include "../test_support.hpp"
#include "gl_context.hpp"

using gradnoise::NoiseDesc;

namespace {

// Compiles a compute shader of `source` (the generated functions, then `main_body`, run once per
// item with uint i < count) and runs it over `input`; `per_item` floats out per item.
std::vector<float> run(const std::string& functions, const std::string& main_body, const std::vector<float>& input,
                       std::size_t count, std::size_t per_item) {
    const std::string source = "#version 430\nlayout(local_size_x = 64) in;\n"
                               "layout(std430, binding = 0) readonly buffer In { float coords[]; };\n"
                               "layout(std430, binding = 1) writeonly buffer Out { float result[]; };\n"
                               "uniform uint count;\n" +
                               functions +
                               "void main() {\n    uint i = gl_GlobalInvocationID.x;\n    if (i >= count) return;\n" +
                               main_body + "}\n";
    GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
    const char* text = source.c_str();
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint compiled = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
    if (!compiled) {
        char log[4096] = {};
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        FAIL("the generated GLSL does not compile: " << log << "\n" << source);
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, shader);
    glLinkProgram(program);
    glUseProgram(program);
    GLuint buffers[2];
    glGenBuffers(2, buffers);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffers[0]);
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(input.size() * 4), input.data(), GL_STATIC_DRAW);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, buffers[1]);
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(count * per_item * 4), nullptr, GL_DYNAMIC_READ);
    glUniform1ui(glGetUniformLocation(program, "count"), static_cast<GLuint>(count));
    glDispatchCompute(static_cast<GLuint>((count + 63) / 64), 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<float> out(count * per_item);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(out.size() * 4), out.data());
    glDeleteBuffers(2, buffers);
    glDeleteProgram(program);
    glDeleteShader(shader);
    return out;
}

// vecN(coords[N * i], ..., coords[N * i + N - 1]).
std::string point_at(int dims) {
    std::string s = "vec" + std::to_string(dims) + "(";
    for (int a = 0; a < dims; ++a) s += (a ? ", coords[" : "coords[") + std::to_string(dims) + " * i + " + std::to_string(a) + "]";
    return s + ")";
}

// Random points in a few ranges, and every combination of the awkward values per axis.
std::vector<float> points(int dims, std::size_t random) {
    testing::Points r = testing::random_points(random, -300.0f, 300.0f, 31);
    std::vector<float> c;
    for (std::size_t i = 0; i < r.size(); ++i) {
        const float scale = i % 4 == 0 ? 1.0f / 128.0f : 1.0f;  // a quarter of them within +-2.3
        c.push_back(r.x[i] * scale);
        c.push_back(r.y[i] * scale);
        if (dims >= 3) c.push_back(r.z[i] * scale);
        if (dims == 4) c.push_back(r.x[(i * 7919) % r.size()] * scale);
    }
    const float awkward[] = {0.0f, -0.0f, 1e-40f, -1e-40f, 0.5f, 255.5f, -256.25f, 1e7f + 0.5f, 3e38f, -3e38f,
                             16777216.0f, 2147483648.0f, NAN, INFINITY};
    for (float a : awkward) {
        for (float b : awkward) {
            if (dims == 2) {
                c.insert(c.end(), {a, b});
            } else if (dims == 3) {
                for (float d : awkward) c.insert(c.end(), {a, b, d});
            } else {
                for (float d : awkward) {
                    for (float e : {0.0f, -0.0f, 1e-40f, 255.5f, 3e38f, NAN}) c.insert(c.end(), {a, b, d, e});
                }
            }
        }
    }
    return c;
}

// Random points per field and dimension: GRADNOISE_GPU_POINTS, default 20,000 (plus the awkward ones).
std::size_t gpu_points() {
    const char* v = std::getenv("GRADNOISE_GPU_POINTS");
    return v != nullptr ? static_cast<std::size_t>(std::strtoull(v, nullptr, 10)) : 20000;
}

struct Case {
    const char* name;
    NoiseDesc desc;
};

// The fields the GLSL is checked on: every lattice basis, fade, hash, period, fractal kind, warp
// level and pattern.
std::vector<Case> fields() {
    std::vector<Case> cases;
    auto add = [&](const char* name, auto change) {
        NoiseDesc d;
        change(d);
        cases.push_back({name, d});
    };
    using gradnoise::Basis;
    using gradnoise::Fractal;
    add("perlin (Ken Perlin's table, quintic)", [](NoiseDesc&) {});
    add("perlin seeded, cubic", [](NoiseDesc& d) { d.seed = 7; d.has_seed = true; d.fade = gradnoise::Fade::cubic; });
    add("perlin mix hash, seeded", [](NoiseDesc& d) { d.hash = gradnoise::Hash::mix; d.seed = 99; d.has_seed = true; });
    add("classic seeded, periods 8 x 4 x 16 x 2", [](NoiseDesc& d) {
        d.basis = Basis::classic; d.seed = 3; d.has_seed = true; d.period_x = 8; d.period_y = 4; d.period_z = 16; d.period_w = 2;
    });
    add("value, mix hash", [](NoiseDesc& d) { d.basis = Basis::value; d.hash = gradnoise::Hash::mix; });
    add("isotropic", [](NoiseDesc& d) { d.basis = Basis::isotropic; });
    add("perlin fbm, 6 octaves", [](NoiseDesc& d) { d.fractal.kind = Fractal::fbm; });
    add("classic ridged, 5 octaves, periods 4 x 8", [](NoiseDesc& d) {
        d.basis = Basis::classic; d.fractal.kind = Fractal::ridged; d.fractal.octaves = 5; d.period_x = 4; d.period_y = 8;
    });
    add("value turbulence, mix hash, lacunarity 2.1, persistence 0.45, 4 octaves", [](NoiseDesc& d) {
        d.basis = Basis::value; d.hash = gradnoise::Hash::mix; d.fractal.kind = Fractal::turbulence;
        d.fractal.octaves = 4; d.fractal.lacunarity = 2.1f; d.fractal.persistence = 0.45f;
    });
    add("isotropic billow, frequency 0.7, 3 octaves", [](NoiseDesc& d) {
        d.basis = Basis::isotropic; d.fractal.kind = Fractal::billow; d.fractal.octaves = 3; d.fractal.frequency = 0.7f;
    });
    add("perlin damped, cubic, 4 octaves", [](NoiseDesc& d) {
        d.fractal.kind = Fractal::damped; d.fractal.octaves = 4; d.fade = gradnoise::Fade::cubic;
    });
    add("perlin fbm 3 octaves, warp 2 levels, strength 1.5, frequency 0.8", [](NoiseDesc& d) {
        d.fractal.kind = Fractal::fbm; d.fractal.octaves = 3; d.warp.levels = 2; d.warp.strength = 1.5f; d.warp.frequency = 0.8f;
    });
    add("classic marble: turbulence 3 octaves, warp 1 level", [](NoiseDesc& d) {
        d.basis = Basis::classic; d.fractal.kind = Fractal::turbulence; d.fractal.octaves = 3; d.warp.levels = 1;
        d.pattern.kind = gradnoise::Pattern::marble; d.pattern.frequency = 0.9f;
    });
    add("value wood, strength 0.2, frequency 0.3", [](NoiseDesc& d) {
        d.basis = Basis::value; d.pattern.kind = gradnoise::Pattern::wood; d.pattern.strength = 0.2f; d.pattern.frequency = 0.3f;
    });
    // [S 8.1] band limits: octaves kept, one partly faded, the rest faded (the sum from the bias).
    add("perlin fbm 8 octaves, band limit 0.05", [](NoiseDesc& d) {
        d.fractal.kind = Fractal::fbm; d.fractal.octaves = 8; d.fractal.footprint = 0.05f;
    });
    add("perlin damped 6 octaves, band limit 0.07", [](NoiseDesc& d) {
        d.fractal.kind = Fractal::damped; d.fractal.footprint = 0.07f;
    });
    add("value ridged, mix hash, 7 octaves, band limit 0.3", [](NoiseDesc& d) {
        d.basis = Basis::value; d.hash = gradnoise::Hash::mix; d.fractal.kind = Fractal::ridged; d.fractal.octaves = 7;
        d.fractal.footprint = 0.3f;
    });
    using gradnoise::CellularDistance;
    using gradnoise::CellularOutput;
    add("cellular turbulence 5 octaves, band limit 0.1", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.fractal.kind = Fractal::turbulence; d.fractal.octaves = 5; d.fractal.footprint = 0.1f;
    });
    add("cellular F1, Euclidean, seed 11", [](NoiseDesc& d) { d.basis = Basis::cellular; d.seed = 11; d.has_seed = true; });
    add("cellular F2 - F1, Manhattan, jitter 0.6, fbm 3 octaves, periods 8 x 4", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.distance = CellularDistance::manhattan;
        d.cellular.output = CellularOutput::f2_minus_f1; d.cellular.jitter = 0.6f; d.fractal.kind = Fractal::fbm;
        d.fractal.octaves = 3; d.period_x = 8; d.period_y = 4;
    });
    add("cellular F2, squared Euclidean, ridged 2 octaves", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.distance = CellularDistance::euclidean_squared;
        d.cellular.output = CellularOutput::f2; d.fractal.kind = Fractal::ridged; d.fractal.octaves = 2;
    });
    add("cellular cell value, Chebyshev, jitter 0", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.distance = CellularDistance::chebyshev;
        d.cellular.output = CellularOutput::cell_value; d.cellular.jitter = 0.0f;
    });
    add("cellular damped, 3 octaves (value only)", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.fractal.kind = Fractal::damped; d.fractal.octaves = 3;
    });
    add("cellular cell id, periods 8 x 4 x 2", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.output = CellularOutput::cell_id; d.period_x = 8; d.period_y = 4; d.period_z = 2;
    });
    add("cellular feature x, jitter 0.6, Manhattan", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.output = CellularOutput::feature_x; d.cellular.jitter = 0.6f;
        d.cellular.distance = CellularDistance::manhattan;
    });
    add("cellular feature z, jitter 0 (the cell centres)", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.output = CellularOutput::feature_z; d.cellular.jitter = 0.0f;
    });
    add("cellular feature y", [](NoiseDesc& d) { d.basis = Basis::cellular; d.cellular.output = CellularOutput::feature_y; });
    add("cellular edge distance", [](NoiseDesc& d) { d.basis = Basis::cellular; d.cellular.output = CellularOutput::edge; });
    add("cellular edge distance, squared, jitter 0.8, fbm 2 octaves, periods 8 x 8 x 4", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.output = CellularOutput::edge; d.cellular.jitter = 0.8f;
        d.cellular.distance = CellularDistance::euclidean_squared; d.fractal.kind = Fractal::fbm; d.fractal.octaves = 2;
        d.period_x = 8; d.period_y = 8; d.period_z = 4;
    });
    using gradnoise::Orientation2;
    using gradnoise::Orientation3;
    using gradnoise::Orientation4;
    add("opensimplex2 (K.jpg's), default orientations", [](NoiseDesc& d) { d.basis = Basis::opensimplex2; });
    add("opensimplex2 seeded -5, improve_x / improve_xz / improve_xyz_improve_xz", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.seed = static_cast<std::uint64_t>(-5); d.has_seed = true;
        d.simplex.orientation2 = Orientation2::improve_x; d.simplex.orientation3 = Orientation3::improve_xz;
        d.simplex.orientation4 = Orientation4::improve_xyz_improve_xz;
    });
    add("opensimplex2 fallback / improve_xyz, fbm 3 octaves", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.simplex.orientation3 = Orientation3::fallback;
        d.simplex.orientation4 = Orientation4::improve_xyz; d.fractal.kind = Fractal::fbm; d.fractal.octaves = 3;
    });
    add("opensimplex2 mix hash, seeded, improve_xy_improve_zw", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.hash = gradnoise::Hash::mix; d.seed = 1234; d.has_seed = true;
        d.simplex.orientation4 = Orientation4::improve_xy_improve_zw;
    });
    add("opensimplex2 mix hash, 4D fallback, ridged 2 octaves", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.hash = gradnoise::Hash::mix; d.simplex.orientation4 = Orientation4::fallback;
        d.fractal.kind = Fractal::ridged; d.fractal.octaves = 2;
    });
    add("opensimplex2 damped, 3 octaves (value only)", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.fractal.kind = Fractal::damped; d.fractal.octaves = 3;
    });
    add("opensimplex2s (K.jpg's), default orientations", [](NoiseDesc& d) { d.basis = Basis::opensimplex2s; });
    add("opensimplex2s seeded -9, improve_x / improve_xz / improve_xyz_improve_xy, fbm 2 octaves", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.seed = static_cast<std::uint64_t>(-9); d.has_seed = true;
        d.simplex.orientation2 = Orientation2::improve_x; d.simplex.orientation3 = Orientation3::improve_xz;
        d.simplex.orientation4 = Orientation4::improve_xyz_improve_xy; d.fractal.kind = Fractal::fbm; d.fractal.octaves = 2;
    });
    add("opensimplex2s fallback / improve_xyz / improve_xy_improve_zw, warped", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.simplex.orientation3 = Orientation3::fallback;
        d.simplex.orientation4 = Orientation4::improve_xy_improve_zw; d.warp.levels = 1; d.warp.strength = 0.8f;
    });
    add("opensimplex2s mix hash, seeded, 4D fallback, turbulence 2 octaves", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.hash = gradnoise::Hash::mix; d.seed = 99; d.has_seed = true;
        d.simplex.orientation4 = Orientation4::fallback; d.fractal.kind = Fractal::turbulence; d.fractal.octaves = 2;
    });
    add("opensimplex2s mix hash, improve_xyz", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.hash = gradnoise::Hash::mix; d.simplex.orientation4 = Orientation4::improve_xyz;
    });
    // [S 16.8] The fallback lattices with periods (2D: the z = 0 slice), both arithmetics.
    add("opensimplex2 tiled 6 x 12 x 3, fallback, fbm 3 octaves", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.simplex.orientation2 = Orientation2::fallback;
        d.simplex.orientation3 = Orientation3::fallback; d.period_x = 6; d.period_y = 12; d.period_z = 3;
        d.fractal.kind = Fractal::fbm; d.fractal.octaves = 3;
    });
    add("opensimplex2 mix hash tiled 12 x 3, fallback", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.hash = gradnoise::Hash::mix; d.simplex.orientation2 = Orientation2::fallback;
        d.simplex.orientation3 = Orientation3::fallback; d.period_x = 12; d.period_y = 3;
    });
    add("opensimplex2s tiled 3 x 6 x 24, fallback, ridged 2 octaves", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.simplex.orientation2 = Orientation2::fallback;
        d.simplex.orientation3 = Orientation3::fallback; d.period_x = 3; d.period_y = 6; d.period_z = 24;
        d.fractal.kind = Fractal::ridged; d.fractal.octaves = 2;
    });
    add("opensimplex2s mix hash tiled 24 x 24 x 6, fallback", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.hash = gradnoise::Hash::mix; d.simplex.orientation2 = Orientation2::fallback;
        d.simplex.orientation3 = Orientation3::fallback; d.period_x = 24; d.period_y = 24; d.period_z = 6;
    });
    add("opensimplex2 mix hash, billow 6 octaves, lacunarity 2.5, band limit 0.1", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.hash = gradnoise::Hash::mix; d.fractal.kind = Fractal::billow;
        d.fractal.lacunarity = 2.5f; d.fractal.footprint = 0.1f;
    });
    return cases;
}

// Which forms a field has: cellular noise and tiled simplex fields have no 4D (detail::has_4d); the
// damped fractal of the cellular and simplex bases has a value only.
bool covers(const NoiseDesc& d, int dims, bool gradient) {
    const bool lattice = gradnoise::basis_family(d.basis) == gradnoise::BasisFamily::lattice;
    return !(dims == 4 && !gradnoise::detail::has_4d(d)) &&
           !(gradient && (d.pattern.kind != gradnoise::Pattern::none ||
                          (!lattice && d.fractal.kind == gradnoise::Fractal::damped)));
}

std::string shader(const NoiseDesc& desc, int dims, bool gradient) {
    std::string text;
    gradnoise::ShaderOptions options;
    options.dimensions = dims;
    options.gradient = gradient;
    const gradnoise::Status st = gradnoise::shader_source(desc, options, &text);
    REQUIRE_MESSAGE(st.ok(), st.message());
    return text;
}

// The CPU's value (and gradient) at p: the scalar reference.
void cpu_gradient(const gradnoise::Noise& noise, int dims, const float* p, float* out) {
    if (dims == 2) {
        const gradnoise::Gradient2 g = noise.gradient2(p[0], p[1]);
        const float v[] = {g.value, g.dx, g.dy};
        std::copy(v, v + 3, out);
    } else if (dims == 3) {
        const gradnoise::Gradient3 g = noise.gradient3(p[0], p[1], p[2]);
        const float v[] = {g.value, g.dx, g.dy, g.dz};
        std::copy(v, v + 4, out);
    } else {
        const gradnoise::Gradient4 g = noise.gradient4(p[0], p[1], p[2], p[3]);
        const float v[] = {g.value, g.dx, g.dy, g.dz, g.dw};
        std::copy(v, v + 5, out);
    }
}

// Counts the values whose bits differ, reporting the first three and the largest difference in
// ulps (the figure to publish for a driver that approximates: docs/gpu.md).
template <class Where>
std::size_t compare(const std::vector<float>& cpu, const std::vector<float>& gpu, Where&& where) {
    std::size_t differ = 0;
    std::int64_t worst = 0;
    auto ordered = [](float v) {  // the float's place on the number line, as an integer
        const std::int64_t b = testing::bits(v);
        return b & 0x80000000 ? -(b & 0x7FFFFFFF) : b;
    };
    for (std::size_t i = 0; i < cpu.size(); ++i) {
        if (testing::bits(cpu[i]) != testing::bits(gpu[i])) {
            const std::int64_t d = std::llabs(ordered(cpu[i]) - ordered(gpu[i]));
            worst = std::max(worst, d);
            if (differ++ < 3) CHECK_MESSAGE(false, where(i) << ": the CPU gives " << cpu[i] << ", the GPU " << gpu[i]);
        }
    }
    if (differ > 0) MESSAGE(differ << " of " << cpu.size() << " differ; the largest difference is " << worst << " ulps");
    return differ;
}

std::string point_text(const std::vector<float>& coords, std::size_t i, int dims) {
    std::string s = "(";
    for (int a = 0; a < dims; ++a) s += (a ? ", " : "") + std::to_string(coords[i * static_cast<std::size_t>(dims) + a]);
    return s + ")";
}

}  // namespace

namespace {

std::string read_file(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    REQUIRE_MESSAGE(f != nullptr, "cannot read " << path);
    std::string text;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
    std::fclose(f);
    return text;
}

// A graph whose constants are zeros where a compiler would fold them (x + 0, x * 0, lerp at t = 0,
// a quarter turn, a curve and remap through 0), and every node type in 2D with a gradient.
const char* zeros_graph = R"({"gradnoise_graph": 1, "dimensions": 2, "output": "out", "nodes": {
  "a": {"type": "field", "basis": "perlin", "seed": 4},
  "b": {"type": "field", "basis": "value", "fractal": "fbm", "octaves": 2},
  "plus0": {"type": "add", "inputs": ["a", 0]},
  "times0": {"type": "multiply", "inputs": ["a", 0, "b"]},
  "lerp0": {"type": "lerp", "a": "a", "b": "b", "t": 0},
  "quarter": {"type": "rotate", "input": "a", "degrees": 90},
  "half": {"type": "rotate", "input": "b", "degrees": -180},
  "moved0": {"type": "translate", "input": "a", "offset": 0},
  "scaled": {"type": "scale", "input": "b", "factor": [1, 0.5]},
  "curve0": {"type": "curve", "input": "a", "points": [[-1, 0], [0, 0], [0.25, -0.5], [1, 1]]},
  "remap0": {"type": "remap", "input": "b", "from": [-1, 1], "to": [0, 2]},
  "clamp0": {"type": "clamp", "input": "a", "min": 0, "max": 0.25},
  "select0": {"type": "select", "a": "a", "b": "b", "control": "a", "threshold": 0, "falloff": 0},
  "soft": {"type": "select", "a": "b", "b": "quarter", "control": "b", "threshold": 0.1, "falloff": 0.2},
  "steps": {"type": "terrace", "input": "a", "steps": 4, "smoothness": 0.3},
  "cliffs": {"type": "terrace", "input": "b", "steps": 3, "smoothness": 0},
  "cube": {"type": "power", "input": "a", "exponent": 3},
  "root": {"type": "sqrt", "input": "b"},
  "least": {"type": "min", "inputs": ["a", 0, "b"]},
  "most": {"type": "max", "inputs": ["a", 0]},
  "mag": {"type": "abs", "input": "a"},
  "neg": {"type": "negate", "input": "plus0"},
  "diff": {"type": "subtract", "a": "a", "b": 0},
  "warped": {"type": "warp", "input": "a", "by": "b", "strength": 0},
  "out": {"type": "add", "inputs": ["plus0", "times0", "lerp0", "half", "moved0", "scaled", "curve0", "remap0",
                                     "clamp0", "select0", "soft", "steps", "cliffs", "cube", "root", "least"]},
  "out2": {"type": "add", "inputs": ["most", "mag", "neg", "diff", "warped", "out"]}
}})";

std::string shader_of(const gradnoise::Graph& graph) {
    gradnoise::ShaderOptions options;
    options.dimensions = graph.dimensions();
    std::string text;
    REQUIRE(gradnoise::shader_source(graph, options, &text).ok());
    return text;
}

}  // namespace


TEST_SUITE("gpu") {

TEST_CASE("the GLSL of every lattice field on Mesa llvmpipe equals the CPU bit for bit, 2D, 3D and 4D") {
    REQUIRE_MESSAGE(gl().ok, gl().why);
    const std::size_t random = gpu_points();
    std::size_t compared = 0;
    for (const Case& c : fields()) {
        gradnoise::Noise noise;
        REQUIRE(gradnoise::Noise::create(c.desc, &noise).ok());
        for (int dims : {2, 3, 4}) {
            if (!covers(c.desc, dims, false)) continue;
            INFO(std::string(c.name) << ", " << dims << "D");
            const std::vector<float> coords = points(dims, random);
            const std::size_t n = coords.size() / static_cast<std::size_t>(dims);
            const std::vector<float> gpu =
                run(shader(c.desc, dims, false), "    result[i] = gn_field(" + point_at(dims) + ");\n", coords, n, 1);
            std::vector<float> cpu(n);
            for (std::size_t i = 0; i < n; ++i) {
                const float* p = &coords[i * static_cast<std::size_t>(dims)];
                cpu[i] = dims == 2 ? noise.noise2(p[0], p[1]) : dims == 3 ? noise.noise3(p[0], p[1], p[2])
                                                                           : noise.noise4(p[0], p[1], p[2], p[3]);
            }
            CHECK(compare(cpu, gpu, [&](std::size_t i) { return "at " + point_text(coords, i, dims); }) == 0);
            compared += n;
        }
    }
    MESSAGE(compared << " values compared with the CPU on " << gl().renderer << ", bit for bit");
}

TEST_CASE("the GLSL gradient form equals the CPU's value and gradient bit for bit, 2D, 3D and 4D") {
    REQUIRE_MESSAGE(gl().ok, gl().why);
    const std::size_t random = gpu_points() / 2;
    std::size_t compared = 0;
    for (const Case& c : fields()) {
        gradnoise::Noise noise;
        REQUIRE(gradnoise::Noise::create(c.desc, &noise).ok());
        for (int dims : {2, 3, 4}) {
            if (!covers(c.desc, dims, true)) continue;
            INFO(std::string(c.name) << ", " << dims << "D, gradient");
            const std::vector<float> coords = points(dims, random);
            const std::size_t n = coords.size() / static_cast<std::size_t>(dims), per = static_cast<std::size_t>(dims) + 1;
            std::string body = "    vec" + std::to_string(dims) + " d;\n    result[" + std::to_string(per) +
                               " * i] = gn_field_gradient(" + point_at(dims) + ", d);\n";
            for (int a = 0; a < dims; ++a) {
                body += "    result[" + std::to_string(per) + " * i + " + std::to_string(a + 1) + "] = d[" + std::to_string(a) + "];\n";
            }
            const std::vector<float> gpu = run(shader(c.desc, dims, true), body, coords, n, per);
            std::vector<float> cpu(n * per);
            for (std::size_t i = 0; i < n; ++i) cpu_gradient(noise, dims, &coords[i * static_cast<std::size_t>(dims)], &cpu[i * per]);
            CHECK(compare(cpu, gpu, [&](std::size_t i) {
                      return "at " + point_text(coords, i / per, dims) + ", component " + std::to_string(i % per);
                  }) == 0);
            compared += n * per;
        }
    }
    MESSAGE(compared << " values and derivatives compared with the CPU on " << gl().renderer << ", bit for bit");
}

TEST_CASE("chunks: the GLSL octave sums at chunk_octave_coordinates equal fill_chunk, near and 2^40 out") {
    REQUIRE_MESSAGE(gl().ok, gl().why);
    std::vector<Case> cases;
    for (const Case& c : fields()) {
        if (c.desc.warp.levels == 0 && covers(c.desc, 3, true)) {
            cases.push_back(c);
        }
    }
    std::size_t compared = 0;
    for (const Case& c : cases) {
        gradnoise::Noise noise;
        REQUIRE(gradnoise::Noise::create(c.desc, &noise).ok());
        const int K = c.desc.fractal.kind == gradnoise::Fractal::none ? 1 : c.desc.fractal.octaves;
        for (int dims : {2, 3}) {
            for (const std::int64_t first : {std::int64_t{-40}, (std::int64_t{1} << 40) + 3, std::int64_t{-3600000000}}) {
                const float spacing = first < 0 ? 1.0f / 60.0f : 1.0f / 256.0f;
                INFO(std::string(c.name) << ", " << dims << "D chunk at " << first << ", spacing " << spacing);
                const std::size_t side = dims == 2 ? 65 : 17, count = dims == 2 ? side * side : side * side * side;
                // The coordinates: axis a's K rows of `side` floats, one after another. (The simplex
                // bases': doubles, [S 13.4], each passed as two floats' bits and joined again.)
                const bool f64 = gradnoise::basis_family(c.desc.basis) == gradnoise::BasisFamily::simplex;
                const std::size_t rows = static_cast<std::size_t>(dims * K) * side;
                std::vector<float> q(f64 ? 2 * rows : rows);
                std::vector<double> q64(f64 ? rows : 0);
                for (int a = 0; a < dims; ++a) {
                    const std::int64_t start = first + 1000 * a;
                    const std::size_t at = static_cast<std::size_t>(a * K) * side;
                    REQUIRE((f64 ? gradnoise::chunk_octave_coordinates(noise, a, start, side, spacing, &q64[at])
                                 : gradnoise::chunk_octave_coordinates(noise, a, start, side, spacing, &q[at])).ok());
                }
                if (f64) std::memcpy(q.data(), q64.data(), rows * sizeof(double));
                const std::string S = std::to_string(side), vec = std::string(f64 ? "dvec" : "vec") + std::to_string(dims);
                std::string body = "    uint at[3] = uint[3](i % " + S + "u, (i / " + S + "u) % " + S + "u, i / (" + S + "u * " + S + "u));\n";
                body += "    " + vec + " q[" + std::to_string(K) + "];\n";
                body += "    for (int k = 0; k < " + std::to_string(K) + "; ++k) {\n        q[k] = " + vec + "(";
                for (int a = 0; a < dims; ++a) {
                    std::string j = "(";
                    j += std::to_string(a * K) + " + k) * " + S + " + int(at[" + std::to_string(a) + "])";
                    body += (a ? ", " : "") + (f64 ? "packDouble2x32(uvec2(floatBitsToUint(coords[2 * (" + j + ")]), floatBitsToUint(coords[2 * (" +
                                                         j + ") + 1])))"
                                                   : "coords[" + j + "]");
                }
                body += ");\n    }\n    vec" + std::to_string(dims) + " d;\n    result[" + std::to_string(dims + 2) + " * i] = gn_field_octaves(q);\n";
                body += "    result[" + std::to_string(dims + 2) + " * i + 1] = gn_field_octaves_gradient(q, d);\n";
                for (int a = 0; a < dims; ++a) {
                    body += "    result[" + std::to_string(dims + 2) + " * i + " + std::to_string(a + 2) + "] = d[" + std::to_string(a) + "];\n";
                }
                const std::vector<float> gpu = run(shader(c.desc, dims, true), body, q, count, static_cast<std::size_t>(dims) + 2);
                // The CPU: fill_chunk_* and fill_chunk_gradient_* over the same samples.
                std::vector<float> value(count), g[5];
                for (auto& v : g) v.resize(count);
                gradnoise::GradientOut out{g[0].data(), g[1].data(), g[2].data(), dims == 3 ? g[3].data() : nullptr, nullptr};
                if (dims == 2) {
                    const gradnoise::Chunk2d chunk{first, first + 1000, side, side, spacing};
                    REQUIRE(noise.fill_chunk_2d(chunk, value.data()).ok());
                    REQUIRE(noise.fill_chunk_gradient_2d(chunk, out).ok());
                } else {
                    const gradnoise::Chunk3d chunk{first, first + 1000, first + 2000, side, side, side, spacing};
                    REQUIRE(noise.fill_chunk_3d(chunk, value.data()).ok());
                    REQUIRE(noise.fill_chunk_gradient_3d(chunk, out).ok());
                }
                std::vector<float> cpu(gpu.size());
                const std::size_t per = static_cast<std::size_t>(dims) + 2;
                for (std::size_t i = 0; i < count; ++i) {
                    cpu[i * per] = value[i];
                    for (int a = 0; a <= dims; ++a) cpu[i * per + 1 + static_cast<std::size_t>(a)] = g[a][i];
                }
                CHECK(compare(cpu, gpu, [&](std::size_t i) {
                          return "sample " + std::to_string(i / per) + ", output " + std::to_string(i % per);
                      }) == 0);
                compared += cpu.size();
            }
        }
    }
    MESSAGE(compared << " chunk values and derivatives compared with the CPU on " << gl().renderer << ", bit for bit");
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


TEST_CASE("graphs: the GLSL of every corpus and example graph equals Graph's values and gradients bit for bit") {
    REQUIRE_MESSAGE(gl().ok, gl().why);
    std::vector<std::pair<std::string, std::string>> graphs;
    for (const char* name : {"arithmetic_2d", "coordinates_2d", "shaping_2d", "volume_3d", "loop_4d"}) {
        graphs.emplace_back(name, read_file(std::string(GRADNOISE_TEST_GRAPH_DIR) + "/" + name + ".json"));
    }
    for (const char* name : {"clouds", "continent", "lava"}) {
        graphs.emplace_back(name, read_file(std::string(GRADNOISE_TEST_GRAPH_DIR) + "/../../examples/graphs/" + name + ".json"));
    }
    std::string zeros = zeros_graph;
    graphs.emplace_back("zeros", zeros);
    // (the zeros graph's output is "out"; a second graph takes out2, which reads every node)
    graphs.emplace_back("zeros, every node", zeros.replace(zeros.find("\"output\": \"out\""), 15, "\"output\": \"out2\""));
    const std::size_t random = gpu_points();
    std::size_t compared = 0, with_gradient = 0;
    for (const auto& entry : graphs) {
        const std::string& name = entry.first;  // (not a structured binding: clang 14 cannot capture one in INFO)
        const std::string& text = entry.second;
        gradnoise::Graph graph;
        std::string error;
        REQUIRE_MESSAGE(gradnoise::Graph::from_json(text, &graph, &error).ok(), name << ": " << error);
        const int dims = graph.dimensions();
        const bool gradient = graph.gradient_refusal().empty();
        INFO("graph " << name << ", " << dims << "D" << std::string(gradient ? " with its gradient" : ""));
        gradnoise::ShaderOptions options;
        options.dimensions = dims;
        options.gradient = gradient;
        std::string source;
        const gradnoise::Status st = gradnoise::shader_source(graph, options, &source, &error);
        REQUIRE_MESSAGE(st.ok(), error);
        const std::vector<float> coords = points(dims, random);
        const std::size_t n = coords.size() / static_cast<std::size_t>(dims), per = gradient ? dims + 2 : 1;
        std::string body = "    result[" + std::to_string(per) + " * i] = gn_field(" + point_at(dims) + ");\n";
        if (gradient) {
            body += "    vec" + std::to_string(dims) + " d;\n    result[" + std::to_string(per) + " * i + 1] = gn_field_gradient(" +
                    point_at(dims) + ", d);\n";
            for (int a = 0; a < dims; ++a) {
                body += "    result[" + std::to_string(per) + " * i + " + std::to_string(2 + a) + "] = d[" + std::to_string(a) + "];\n";
            }
        }
        const std::vector<float> gpu = run(source, body, coords, n, per);
        std::vector<float> cpu(n * per);
        for (std::size_t i = 0; i < n; ++i) {
            const float* p = &coords[i * static_cast<std::size_t>(dims)];
            float* c = &cpu[i * per];
            // The scalar reference: docs/spec.md section 19, node by node.
            c[0] = dims == 2 ? graph.sample2(p[0], p[1]) : dims == 3 ? graph.sample3(p[0], p[1], p[2])
                                                                     : graph.sample4(p[0], p[1], p[2], p[3]);
            if (gradient) {
                if (dims == 2) {
                    const gradnoise::Gradient2 g = graph.gradient2(p[0], p[1]);
                    const float v[] = {g.value, g.dx, g.dy};
                    std::copy(v, v + 3, c + 1);
                } else if (dims == 3) {
                    const gradnoise::Gradient3 g = graph.gradient3(p[0], p[1], p[2]);
                    const float v[] = {g.value, g.dx, g.dy, g.dz};
                    std::copy(v, v + 4, c + 1);
                } else {
                    const gradnoise::Gradient4 g = graph.gradient4(p[0], p[1], p[2], p[3]);
                    const float v[] = {g.value, g.dx, g.dy, g.dz, g.dw};
                    std::copy(v, v + 5, c + 1);
                }
            }
        }
        CHECK(compare(cpu, gpu, [&](std::size_t i) {
                  return "at " + point_text(coords, i / per, dims) + ", output " + std::to_string(i % per);
              }) == 0);
        compared += n * per;
        with_gradient += gradient ? 1 : 0;
    }
    MESSAGE(compared << " graph values and derivatives (" << graphs.size() << " graphs, " << with_gradient
                     << " with gradients) compared with the reference on " << gl().renderer << ", bit for bit");

    // [S 19.8] A graph's chunk: the point form at float(double(s) * double(spacing)) per axis, computed on
    // the CPU, equals Graph::fill_chunk_2d far from the origin too.
    gradnoise::Graph graph;
    REQUIRE(gradnoise::Graph::from_json(graphs[1].second, &graph).ok());  // coordinates_2d
    const std::int64_t first = (std::int64_t{1} << 40) + 5;
    const std::size_t side = 33;
    const float spacing = 1.0f / 64.0f;
    std::vector<float> coords;
    for (std::size_t j = 0; j < side; ++j) {
        for (std::size_t i = 0; i < side; ++i) {
            coords.push_back(static_cast<float>(static_cast<double>(first + static_cast<std::int64_t>(i)) * double(spacing)));
            coords.push_back(static_cast<float>(static_cast<double>(-first + static_cast<std::int64_t>(j)) * double(spacing)));
        }
    }
    const std::vector<float> gpu = run(shader_of(graph), "    result[i] = gn_field(" + point_at(2) + ");\n", coords, side * side, 1);
    std::vector<float> cpu(side * side);
    REQUIRE(graph.fill_chunk_2d(gradnoise::Chunk2d{first, -first, side, side, spacing}, cpu.data()).ok());
    CHECK(compare(cpu, gpu, [&](std::size_t i) { return "chunk sample " + std::to_string(i); }) == 0);
}

TEST_CASE("graphs: shader_source refuses another dimension count and a gradient the graph lacks, naming them") {
    gradnoise::Graph graph;
    std::string error, out = "untouched";
    REQUIRE(gradnoise::Graph::from_json(zeros_graph, &graph, &error).ok());
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
