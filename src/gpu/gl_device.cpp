// The OpenGL device (device.hpp): an OpenGL 4.3 core context without a window, through EGL -- a GPU
// driver's EGL device (NVIDIA's needs no display) or Mesa's surfaceless platform (llvmpipe in CI).
#include <EGL/egl.h>
#include <EGL/eglext.h>
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpu/device.hpp"

namespace gradnoise::gpu {
namespace {

class GlDevice final : public Device {
public:
    bool open(std::string* why) {
        auto get_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
        if (get_display == nullptr) {
            *why = "EGL has no eglGetPlatformDisplayEXT";
            return false;
        }
        const char* forced = std::getenv("GRADNOISE_EGL_PLATFORM");
        const std::string platform = forced != nullptr ? forced : "";
        if (!platform.empty() && platform != "device" && platform != "surfaceless") {
            *why = "GRADNOISE_EGL_PLATFORM must be device or surfaceless (got '" + platform + "')";
            return false;
        }
        // The EGL devices, hardware first (Mesa marks its software one EGL_MESA_device_software).
        auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
        auto device_string = reinterpret_cast<PFNEGLQUERYDEVICESTRINGEXTPROC>(eglGetProcAddress("eglQueryDeviceStringEXT"));
        EGLDeviceEXT devices[16];
        EGLint count = 0;
        if (platform != "surfaceless" && query_devices != nullptr && query_devices(16, devices, &count)) {
            for (int pass = 0; pass < 2; ++pass) {
                for (EGLint i = 0; i < count; ++i) {
                    const char* ext = device_string != nullptr ? device_string(devices[i], EGL_EXTENSIONS) : nullptr;
                    const bool soft = ext != nullptr && std::strstr(ext, "EGL_MESA_device_software") != nullptr;
                    if (soft != (pass == 1)) continue;
                    if (make(get_display(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr))) return true;
                }
            }
        }
        if (platform != "device" && make(get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr))) {
            return true;
        }
        *why = "no OpenGL 4.3 core context through EGL (a GPU driver's EGL, or Mesa's: libegl-mesa0, libgl1-mesa-dri)";
        return false;
    }
    ~GlDevice() override {
        for (GLuint p : programs_) {
            if (p != 0) glDeleteProgram(p);
        }
        if (display_ != EGL_NO_DISPLAY) {
            eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
            if (context_ != EGL_NO_CONTEXT) eglDestroyContext(display_, context_);
        }
    }

    Api api() const override { return Api::opengl; }
    std::string renderer() const override { return renderer_; }
    bool float64() const override { return true; }  // (core since OpenGL 4.0)
    bool software() const override {
        return renderer_.find("llvmpipe") != std::string::npos || renderer_.find("softpipe") != std::string::npos;
    }
    std::string float_controls() const override {
        return "none: OpenGL has no way to ask for subnormals (the driver keeps or flushes them)";
    }

    int compile(const std::string& prefix, const std::string& functions, const std::string& main_body,
                std::string* error) override {
        const std::string source = program_text("#version 430\n", prefix, functions, main_body);
        const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
        const char* text = source.c_str();
        glShaderSource(shader, 1, &text, nullptr);
        glCompileShader(shader);
        GLint ok = 0;
        glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
        if (!ok) {
            *error = "the GLSL does not compile: " + shader_log(shader);
            glDeleteShader(shader);
            return -1;
        }
        const GLuint program = glCreateProgram();
        glAttachShader(program, shader);
        glLinkProgram(program);
        glDeleteShader(shader);
        glGetProgramiv(program, GL_LINK_STATUS, &ok);
        if (!ok) {
            GLint length = 0;
            glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
            std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
            glGetProgramInfoLog(program, static_cast<GLsizei>(log.size()), nullptr, log.data());
            *error = "the program does not link: " + std::string(log.c_str());
            glDeleteProgram(program);
            return -1;
        }
        programs_.push_back(program);
        return static_cast<int>(programs_.size() - 1);
    }

    void release(int program) override {
        GLuint& p = programs_.at(static_cast<std::size_t>(program));
        if (p != 0) glDeleteProgram(p);
        p = 0;
    }

    bool run(int program, std::vector<std::uint32_t>& input, std::size_t items, std::uint32_t* out, std::size_t out_words,
             std::string* error, double* seconds) override {
        input[0] = static_cast<std::uint32_t>(items);
        while (glGetError() != GL_NO_ERROR) {
        }
        glUseProgram(programs_.at(static_cast<std::size_t>(program)));
        GLuint buffers[2];
        glGenBuffers(2, buffers);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffers[0]);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(input.size() * 4), input.data(), GL_STATIC_DRAW);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, buffers[1]);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(out_words * 4), nullptr, GL_DYNAMIC_READ);
        const GLuint groups = static_cast<GLuint>((items + 63) / 64), x = groups < 65535 ? groups : 65535;
        glFinish();
        const auto t0 = std::chrono::steady_clock::now();
        if (groups > 0) glDispatchCompute(x, (groups + x - 1) / x, 1);
        glFinish();
        if (seconds != nullptr) *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(out_words * 4), out);
        glDeleteBuffers(2, buffers);
        if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
            *error = "OpenGL error " + std::to_string(e) + " running the program (out of memory?)";
            return false;
        }
        return true;
    }

private:
    bool make(EGLDisplay d) {
        if (d == EGL_NO_DISPLAY || !eglInitialize(d, nullptr, nullptr) || !eglBindAPI(EGL_OPENGL_API)) return false;
        const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                                     EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
        EGLContext c = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
        if (c == EGL_NO_CONTEXT) return false;
        if (!eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
            eglDestroyContext(d, c);
            return false;
        }
        display_ = d;
        context_ = c;
        renderer_ = std::string(reinterpret_cast<const char*>(glGetString(GL_RENDERER))) + ", OpenGL " +
                    reinterpret_cast<const char*>(glGetString(GL_VERSION));
        return true;
    }
    static std::string shader_log(GLuint shader) {
        GLint length = 0;
        glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
        std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
        glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
        return log.c_str();
    }

    EGLDisplay display_ = EGL_NO_DISPLAY;
    EGLContext context_ = EGL_NO_CONTEXT;
    std::string renderer_;
    std::vector<GLuint> programs_;
};

}  // namespace

std::unique_ptr<Device> open_opengl(std::string* why) {
    auto device = std::make_unique<GlDevice>();
    if (!device->open(why)) return nullptr;
    return device;
}

}  // namespace gradnoise::gpu
