// An OpenGL 4.3 core context without a window, through EGL: Mesa's surfaceless platform (llvmpipe
// in CI), else the EGL device platform (a GPU driver's, e.g. NVIDIA's, with no display). Shared by
// tests/gpu/test_shader.cpp and bench/gpu_throughput.cpp. GRADNOISE_EGL_PLATFORM=device skips Mesa's.
#ifndef GRADNOISE_TESTS_GPU_GL_CONTEXT_HPP
#define GRADNOISE_TESTS_GPU_GL_CONTEXT_HPP

#include <EGL/egl.h>
#include <EGL/eglext.h>
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>

#include <cstdlib>
#include <cstring>
#include <string>

struct GlContext {
    bool ok = false;
    std::string why, renderer;

    GlContext() {
        auto get_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
        if (get_display == nullptr) {
            why = "no eglGetPlatformDisplayEXT";
            return;
        }
        const char* forced = std::getenv("GRADNOISE_EGL_PLATFORM");
        const bool device_only = forced != nullptr && std::strcmp(forced, "device") == 0;
        if (!device_only && make(get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr))) return;
        // The device platform: the first EGL device that gives a context.
        auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
        EGLDeviceEXT devices[8];
        EGLint count = 0;
        if (query_devices != nullptr && query_devices(8, devices, &count)) {
            for (EGLint i = 0; i < count; ++i) {
                if (make(get_display(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr))) return;
            }
        }
        why = "no OpenGL 4.3 core context through EGL (Mesa: libegl-mesa0, libgl1-mesa-dri; or a GPU driver's EGL)";
    }

private:
    bool make(EGLDisplay d) {
        if (d == EGL_NO_DISPLAY || !eglInitialize(d, nullptr, nullptr) || !eglBindAPI(EGL_OPENGL_API)) return false;
        const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                                     EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
        EGLContext c = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
        if (c == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) return false;
        renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
        ok = true;
        return true;
    }
};

inline const GlContext& gl() {
    static const GlContext context;
    return context;
}

#endif
