// [S 3, 4, 5, 10, 15] The GLSL that shader_source writes (src/shader/glsl.cpp), run as a compute shader
// on Mesa's software OpenGL (llvmpipe, through EGL without a display: docs/gpu.md), against the CPU:
// every value bit for bit, on random points and on every awkward, non-finite and far-away point.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>

#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "gradnoise/shader.hpp"
#include "../test_support.hpp"

using gradnoise::NoiseDesc;

namespace {

// One surfaceless EGL display and OpenGL 4.3 core context for the process.
struct GlContext {
    bool ok = false;
    std::string why;
    GlContext() {
        auto get_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
        if (get_display == nullptr) {
            why = "no eglGetPlatformDisplayEXT";
            return;
        }
        EGLDisplay d = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
        if (d == EGL_NO_DISPLAY || !eglInitialize(d, nullptr, nullptr) || !eglBindAPI(EGL_OPENGL_API)) {
            why = "no surfaceless EGL display (Mesa: libegl-mesa0, libgl1-mesa-dri)";
            return;
        }
        const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                                     EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
        EGLContext c = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
        if (c == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
            why = "no OpenGL 4.3 core context";
            return;
        }
        ok = true;
    }
};

const GlContext& gl() {
    static const GlContext context;
    return context;
}

// Runs `function` (shader_source's text, named gn_field) over the points; the GPU's values.
std::vector<float> run(const std::string& function, int dims, const std::vector<float>& coords) {
    const std::size_t n = coords.size() / static_cast<std::size_t>(dims);
    const std::string source = "#version 430\nlayout(local_size_x = 64) in;\n"
                               "layout(std430, binding = 0) readonly buffer In { float coords[]; };\n"
                               "layout(std430, binding = 1) writeonly buffer Out { float result[]; };\n"
                               "uniform uint count;\n" +
                               function +
                               "void main() {\n    uint i = gl_GlobalInvocationID.x;\n    if (i >= count) return;\n" +
                               (dims == 2 ? "    result[i] = gn_field(vec2(coords[2 * i], coords[2 * i + 1]));\n"
                                          : "    result[i] = gn_field(vec3(coords[3 * i], coords[3 * i + 1], coords[3 * i + 2]));\n") +
                               "}\n";
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
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(coords.size() * 4), coords.data(), GL_STATIC_DRAW);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, buffers[1]);
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(n * 4), nullptr, GL_DYNAMIC_READ);
    glUniform1ui(glGetUniformLocation(program, "count"), static_cast<GLuint>(n));
    glDispatchCompute(static_cast<GLuint>((n + 63) / 64), 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<float> out(n);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(n * 4), out.data());
    glDeleteBuffers(2, buffers);
    glDeleteProgram(program);
    glDeleteShader(shader);
    return out;
}

// Random points in a few ranges, and every combination of the awkward values per axis.
std::vector<float> points(int dims, std::size_t random) {
    testing::Points r = testing::random_points(random, -300.0f, 300.0f, 31);
    std::vector<float> c;
    for (std::size_t i = 0; i < r.size(); ++i) {
        const float scale = i % 4 == 0 ? 1.0f / 128.0f : 1.0f;  // a quarter of them within +-2.3
        c.push_back(r.x[i] * scale);
        c.push_back(r.y[i] * scale);
        if (dims == 3) c.push_back(r.z[i] * scale);
    }
    const float awkward[] = {0.0f, -0.0f, 1e-40f, -1e-40f, 0.5f, 255.5f, -256.25f, 1e7f + 0.5f, 3e38f, -3e38f,
                             16777216.0f, 2147483648.0f, NAN, INFINITY};
    for (float a : awkward) {
        for (float b : awkward) {
            if (dims == 2) {
                c.insert(c.end(), {a, b});
            } else {
                for (float d : awkward) c.insert(c.end(), {a, b, d});
            }
        }
    }
    return c;
}

}  // namespace

TEST_SUITE("gpu") {

TEST_CASE("the lattice bases' GLSL on Mesa llvmpipe equals the CPU bit for bit") {
    REQUIRE_MESSAGE(gl().ok, gl().why);
    struct Case {
        const char* name;
        NoiseDesc desc;
    };
    std::vector<Case> cases;
    auto add = [&](const char* name, auto change) {
        NoiseDesc d;
        change(d);
        cases.push_back({name, d});
    };
    add("perlin (Ken Perlin's table, quintic)", [](NoiseDesc&) {});
    add("perlin seeded, cubic", [](NoiseDesc& d) { d.seed = 7; d.has_seed = true; d.fade = gradnoise::Fade::cubic; });
    add("perlin mix hash, seeded", [](NoiseDesc& d) { d.hash = gradnoise::Hash::mix; d.seed = 99; d.has_seed = true; });
    add("classic seeded, periods 8 x 4 x 16", [](NoiseDesc& d) {
        d.basis = gradnoise::Basis::classic; d.seed = 3; d.has_seed = true; d.period_x = 8; d.period_y = 4; d.period_z = 16;
    });
    add("value, mix hash", [](NoiseDesc& d) { d.basis = gradnoise::Basis::value; d.hash = gradnoise::Hash::mix; });
    add("isotropic", [](NoiseDesc& d) { d.basis = gradnoise::Basis::isotropic; });
    add("perlin fbm, 6 octaves", [](NoiseDesc& d) { d.fractal.kind = gradnoise::Fractal::fbm; });
    add("classic ridged, 5 octaves, lacunarity 2, periods 4 x 8", [](NoiseDesc& d) {
        d.basis = gradnoise::Basis::classic; d.fractal.kind = gradnoise::Fractal::ridged; d.fractal.octaves = 5;
        d.period_x = 4; d.period_y = 8;
    });
    add("value turbulence, mix hash, lacunarity 2.1, persistence 0.45", [](NoiseDesc& d) {
        d.basis = gradnoise::Basis::value; d.hash = gradnoise::Hash::mix; d.fractal.kind = gradnoise::Fractal::turbulence;
        d.fractal.octaves = 4; d.fractal.lacunarity = 2.1f; d.fractal.persistence = 0.45f;
    });
    add("isotropic billow, frequency 0.7, 3 octaves", [](NoiseDesc& d) {
        d.basis = gradnoise::Basis::isotropic; d.fractal.kind = gradnoise::Fractal::billow; d.fractal.octaves = 3;
        d.fractal.frequency = 0.7f;
    });
    std::size_t compared = 0;
    for (const Case& c : cases) {
        for (int dims : {2, 3}) {
            INFO(c.name << ", " << dims << "D");
            std::string function;
            gradnoise::ShaderOptions options;
            options.dimensions = dims;
            REQUIRE(gradnoise::shader_source(c.desc, options, &function).ok());
            const std::vector<float> coords = points(dims, 100000);
            const std::vector<float> gpu = run(function, dims, coords);
            gradnoise::Noise noise;
            REQUIRE(gradnoise::Noise::create(c.desc, &noise).ok());
            int differ = 0;
            for (std::size_t i = 0; i < gpu.size(); ++i) {
                const float* p = &coords[i * static_cast<std::size_t>(dims)];
                const float cpu = dims == 2 ? noise.noise2(p[0], p[1]) : noise.noise3(p[0], p[1], p[2]);
                if (testing::bits(cpu) != testing::bits(gpu[i]) && differ++ < 3) {
                    CHECK_MESSAGE(testing::bits(cpu) == testing::bits(gpu[i]),
                                  "at (" << p[0] << ", " << p[1] << (dims == 3 ? ", " + std::to_string(p[2]) : "")
                                         << "): the CPU gives " << cpu << ", the GPU " << gpu[i]);
                }
            }
            CHECK(differ == 0);
            compared += gpu.size();
        }
    }
    MESSAGE(compared << " values compared with the CPU, bit for bit");
}

TEST_CASE("shader_source refuses what it does not cover, naming it") {
    std::string out = "untouched";
    gradnoise::ShaderOptions options;
    NoiseDesc d;
    d.basis = gradnoise::Basis::opensimplex2;
    CHECK(std::string(gradnoise::shader_source(d, options, &out).message()) ==
          "shader_source: the GPU form covers the lattice bases so far (perlin, classic, value, isotropic)");
    d = NoiseDesc{};
    d.fractal.kind = gradnoise::Fractal::damped;
    CHECK(std::string(gradnoise::shader_source(d, options, &out).message()) ==
          "shader_source: the GPU form has no damped fractal, warp or pattern yet");
    options.dimensions = 4;
    CHECK(std::string(gradnoise::shader_source(NoiseDesc{}, options, &out).message()) ==
          "shader_source: options.dimensions must be 2 or 3");
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
}

}  // TEST_SUITE
