// Small OpenGL core helpers for the viewer: entry points, shader compilation (3.3; compute: 4.3), 4x4 matrices.
#ifndef GRADNOISE_VIEWER_GL_UTIL_HPP
#define GRADNOISE_VIEWER_GL_UTIL_HPP

// Core-profile prototypes straight from libOpenGL (GLVND); no loader library is needed on Linux.
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>

#include <cmath>
#include <cstdio>
#include <initializer_list>

namespace viewer {

// Compiles one shader stage; prints the driver's log and returns 0 on failure.
inline GLuint compile_shader(const char* name, GLenum type, const char* src) {
    const GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048];
        glGetShaderInfoLog(s, sizeof log, nullptr, log);
        std::fprintf(stderr, "gradnoise_viewer: %s %s shader: %s\n", name,
                     type == GL_VERTEX_SHADER ? "vertex" : type == GL_FRAGMENT_SHADER ? "fragment" : "compute", log);
        glDeleteShader(s);
        return 0;
    }
    return s;
}

// Links the compiled stages (0: a failed stage) into a program, deleting them; prints the driver's log
// and returns 0 on failure.
inline GLuint link_program(const char* name, std::initializer_list<GLuint> stages) {
    bool compiled = true;
    for (GLuint stage : stages) compiled = compiled && stage != 0;
    GLuint p = 0;
    if (compiled) {
        p = glCreateProgram();
        for (GLuint stage : stages) glAttachShader(p, stage);
        glLinkProgram(p);
    }
    for (GLuint stage : stages) {
        if (stage) glDeleteShader(stage);
    }
    if (!compiled) return 0;
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048];
        glGetProgramInfoLog(p, sizeof log, nullptr, log);
        std::fprintf(stderr, "gradnoise_viewer: %s program: %s\n", name, log);
        glDeleteProgram(p);
        return 0;
    }
    return p;
}

// A vertex + fragment program, or 0.
inline GLuint build_program(const char* name, const char* vs_src, const char* fs_src) {
    return link_program(name, {compile_shader(name, GL_VERTEX_SHADER, vs_src), compile_shader(name, GL_FRAGMENT_SHADER, fs_src)});
}

// A compute program (OpenGL 4.3), or 0.
inline GLuint build_compute_program(const char* name, const char* src) {
    return link_program(name, {compile_shader(name, GL_COMPUTE_SHADER, src)});
}

// Column-major 4x4 matrices, as OpenGL takes them (m[column * 4 + row]).
struct Mat4 {
    float m[16] = {};
};

inline Mat4 multiply(const Mat4& a, const Mat4& b) {
    Mat4 r;
    for (int c = 0; c < 4; ++c)
        for (int row = 0; row < 4; ++row) {
            float s = 0.0f;
            for (int k = 0; k < 4; ++k) s += a.m[k * 4 + row] * b.m[c * 4 + k];
            r.m[c * 4 + row] = s;
        }
    return r;
}

inline Mat4 perspective(float fovy_radians, float aspect, float near_z, float far_z) {
    const float f = 1.0f / std::tan(fovy_radians * 0.5f);
    Mat4 r;
    r.m[0] = f / aspect;
    r.m[5] = f;
    r.m[10] = (far_z + near_z) / (near_z - far_z);
    r.m[11] = -1.0f;
    r.m[14] = 2.0f * far_z * near_z / (near_z - far_z);
    return r;
}

// The rotation of a camera at the origin looking along (yaw, pitch), z up. There is no translation:
// everything is drawn relative to the camera (see the terrain vertex shader's u_offset).
inline Mat4 look_rotation(float yaw, float pitch) {
    const float fx = std::cos(pitch) * std::cos(yaw), fy = std::cos(pitch) * std::sin(yaw), fz = std::sin(pitch);
    // right = normalize(forward x up), up' = right x forward
    float rx = fy, ry = -fx;
    const float rl = std::sqrt(rx * rx + ry * ry);
    rx /= rl;
    ry /= rl;
    const float ux = ry * fz, uy = -rx * fz, uz = rx * fy - ry * fx;
    Mat4 r;
    // clang-format off
    r.m[0] = rx;  r.m[4] = ry;  r.m[8] = 0.0f;
    r.m[1] = ux;  r.m[5] = uy;  r.m[9] = uz;
    r.m[2] = -fx; r.m[6] = -fy; r.m[10] = -fz;
    // clang-format on
    r.m[15] = 1.0f;
    return r;
}

// The six clip planes (a, b, c, d: inside where a x + b y + c z + d >= 0) of a view-projection.
struct Frustum {
    float p[6][4];
};

inline Frustum frustum_of(const Mat4& vp) {
    Frustum f;
    auto row = [&](int i, int j) { return vp.m[j * 4 + i]; };
    for (int plane = 0; plane < 6; ++plane) {
        const int axis = plane / 2;
        const float sign = (plane % 2 == 0) ? 1.0f : -1.0f;
        for (int j = 0; j < 4; ++j) f.p[plane][j] = row(3, j) + sign * row(axis, j);
    }
    return f;
}

// False when the box lies wholly outside one plane (conservative: may keep a few unseen boxes).
inline bool box_visible(const Frustum& f, const float lo[3], const float hi[3]) {
    for (const auto& p : f.p) {
        const float x = p[0] > 0 ? hi[0] : lo[0], y = p[1] > 0 ? hi[1] : lo[1], z = p[2] > 0 ? hi[2] : lo[2];
        if (p[0] * x + p[1] * y + p[2] * z + p[3] < 0.0f) return false;
    }
    return true;
}

}  // namespace viewer

#endif
