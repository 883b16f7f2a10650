// Internal to gradnoise_gpu: GLSL to Vulkan SPIR-V through glslang (vulkan_device.cpp), for the Vulkan
// device and for the tests that validate and read the SPIR-V.
#ifndef GRADNOISE_SRC_GPU_VULKAN_SPIRV_HPP
#define GRADNOISE_SRC_GPU_VULKAN_SPIRV_HPP

#include <cstdint>
#include <string>
#include <vector>

namespace gradnoise::gpu {

// A #version 450 compute shader as SPIR-V 1.0 for Vulkan 1.0; empty, with glslang's log, on failure.
std::vector<std::uint32_t> compile_spirv(const std::string& source, std::string* log);

}  // namespace gradnoise::gpu

#endif
