// Internal to gradnoise_gpu: a compute device that runs gradnoise's generated GLSL -- OpenGL through
// EGL (gl_device.cpp) or Vulkan through glslang's SPIR-V (vulkan_device.cpp) -- behind one interface,
// so the check (gpu_check.cpp), the bake's GPU fill (fill.cpp), the tests and the benchmark share it.
//
// Every program has the same interface, whatever the API: a compute shader of 64 invocations per
// group, binding 0 a read-only buffer of uints (`data`: words 0 .. 15 the parameters -- word 0 the
// item count -- then the payload), binding 1 a write-only buffer of uints (`result`). The program's
// functions are given as GLSL text, and main's body runs once per item `i` below the count.
#ifndef GRADNOISE_SRC_GPU_DEVICE_HPP
#define GRADNOISE_SRC_GPU_DEVICE_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gradnoise::gpu {

enum class Api { opengl, vulkan };

inline const char* api_name(Api api) { return api == Api::opengl ? "OpenGL" : "Vulkan"; }

// The payload starts after the parameters.
constexpr std::size_t parameter_words = 16;

class Device {
public:
    virtual ~Device() = default;
    Device() = default;
    Device(const Device&) = delete;
    Device& operator=(const Device&) = delete;

    virtual Api api() const = 0;
    // What the driver calls itself: renderer, version, driver.
    virtual std::string renderer() const = 0;
    // The device executes binary64 (K.jpg's simplex variant needs it).
    virtual bool float64() const = 0;
    // A software renderer (Mesa's llvmpipe or lavapipe): a check there checks Mesa, not a GPU.
    virtual bool software() const = 0;
    // What the device keeps of IEEE arithmetic where GLSL lets it choose (docs/gpu.md): "subnormals
    // kept (float controls)", "subnormals: the driver's choice (OpenGL has no control)", ...
    virtual std::string float_controls() const = 0;

    // Compiles `prefix` (text before the preamble: the tests' adversary), `functions` and main's body into
    // a program; its handle (>= 0), or -1 with the compiler's or linker's log in *error.
    virtual int compile(const std::string& prefix, const std::string& functions, const std::string& main_body,
                        std::string* error) = 0;
    // Runs `program` over `items` invocations with `input` (parameters, then the payload: word 0 is set to
    // items here) into out[0 .. out_words). *seconds, when given, receives the dispatch's time alone.
    // False with *error when the driver fails.
    virtual bool run(int program, std::vector<std::uint32_t>& input, std::size_t items, std::uint32_t* out,
                     std::size_t out_words, std::string* error, double* seconds = nullptr) = 0;
    // Frees `program` once nothing will run it again (a software renderer's compiled code is large:
    // the known-answer set would otherwise hold every field's at once).
    virtual void release(int program) = 0;
};

// The OpenGL 4.3 (or later) device: GRADNOISE_EGL_PLATFORM=device takes EGL's device platform (a GPU
// driver's, NVIDIA's with no display), =surfaceless Mesa's; unset, a hardware EGL device if there is
// one, else Mesa's surfaceless platform (llvmpipe). Null with *why when there is none.
std::unique_ptr<Device> open_opengl(std::string* why);
// The Vulkan device: GRADNOISE_VULKAN_DEVICE=gpu a discrete or integrated GPU, =cpu a CPU device
// (lavapipe); unset, a GPU if there is one, else the CPU device. Null with *why when there is none.
std::unique_ptr<Device> open_vulkan(std::string* why);

// The GLSL every program starts with (after the API's #version line and the prefix): the buffers and
// the index; main's body follows "uint i = ...; if (i >= count) return;".
std::string program_text(const std::string& version_line, const std::string& prefix, const std::string& functions,
                         const std::string& main_body);

// The tables of a program's functions (gradnoise's texts declare each as GRADNOISE_TABLE uint
// <name>_table[n] = uint[n](...)), in order: their words, and in *offsets a line
// "#define <name>_offset <k>u" per table -- what a program that defines GRADNOISE_TABLES (the tables
// read from a buffer, not copied per invocation: docs/gpu.md, "Tables") needs. False with *error
// on a declaration it cannot read.
bool table_words(const std::string& functions, std::vector<std::uint32_t>* words, std::string* offsets, std::string* error);

}  // namespace gradnoise::gpu

#endif
