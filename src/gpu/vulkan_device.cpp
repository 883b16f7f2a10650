// The Vulkan device (device.hpp): the program as a #version 450 compute shader, compiled to SPIR-V by
// glslang (Debian glslang-dev), on a GPU or on a CPU device (Mesa's lavapipe in CI). Where the device
// has Vulkan's float controls, the programs ask for subnormals kept and for signed zeros, infinities
// and NaNs preserved (GRADNOISE_DENORM_PRESERVE, GRADNOISE_SIGNED_ZERO_INF_NAN_PRESERVE: the text's
// preamble, docs/gpu.md).
#include <vulkan/vulkan.h>

#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>
#include <glslang/SPIRV/GlslangToSpv.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpu/device.hpp"
#include "gpu/vulkan_spirv.hpp"

namespace gradnoise::gpu {

std::vector<std::uint32_t> compile_spirv(const std::string& source, std::string* log) {
    static const bool initialised = glslang::InitializeProcess();
    (void)initialised;
    glslang::TShader shader(EShLangCompute);
    const char* text = source.c_str();
    shader.setStrings(&text, 1);
    shader.setEnvInput(glslang::EShSourceGlsl, EShLangCompute, glslang::EShClientVulkan, 100);
    shader.setEnvClient(glslang::EShClientVulkan, glslang::EShTargetVulkan_1_0);
    shader.setEnvTarget(glslang::EShTargetSpv, glslang::EShTargetSpv_1_0);
    if (!shader.parse(GetDefaultResources(), 450, false, EShMsgDefault)) {
        *log = shader.getInfoLog();
        return {};
    }
    glslang::TProgram program;
    program.addShader(&shader);
    if (!program.link(EShMsgDefault)) {
        *log = program.getInfoLog();
        return {};
    }
    std::vector<std::uint32_t> spirv;
    glslang::GlslangToSpv(*program.getIntermediate(EShLangCompute), spirv);
    return spirv;
}

namespace {

class VulkanDevice final : public Device {
public:
    bool open(std::string* why) {
        std::uint32_t loader = VK_API_VERSION_1_0;
        auto enumerate_version =
            reinterpret_cast<PFN_vkEnumerateInstanceVersion>(vkGetInstanceProcAddr(nullptr, "vkEnumerateInstanceVersion"));
        if (enumerate_version != nullptr) enumerate_version(&loader);
        VkApplicationInfo app{};
        app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
        app.pApplicationName = "gradnoise";
        app.apiVersion = loader >= VK_API_VERSION_1_2 ? VK_API_VERSION_1_2 : VK_API_VERSION_1_0;
        VkInstanceCreateInfo ici{};
        ici.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
        ici.pApplicationInfo = &app;
        if (vkCreateInstance(&ici, nullptr, &instance_) != VK_SUCCESS) {
            *why = "no Vulkan instance (libvulkan1 and a driver: a GPU's, or Mesa's mesa-vulkan-drivers)";
            return false;
        }
        std::uint32_t n = 0;
        vkEnumeratePhysicalDevices(instance_, &n, nullptr);
        std::vector<VkPhysicalDevice> all(n);
        vkEnumeratePhysicalDevices(instance_, &n, all.data());
        const char* want = std::getenv("GRADNOISE_VULKAN_DEVICE");
        const std::string wanted = want != nullptr ? want : "";
        if (!wanted.empty() && wanted != "gpu" && wanted != "cpu") {
            *why = "GRADNOISE_VULKAN_DEVICE must be gpu or cpu (got '" + wanted + "')";
            return false;
        }
        VkPhysicalDeviceProperties chosen{};
        for (int pass = 0; pass < 2 && physical_ == VK_NULL_HANDLE; ++pass) {
            for (VkPhysicalDevice d : all) {
                VkPhysicalDeviceProperties p;
                vkGetPhysicalDeviceProperties(d, &p);
                const bool gpu = p.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU ||
                                 p.deviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU;
                const bool cpu = p.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
                const bool take = wanted == "gpu" ? gpu : wanted == "cpu" ? cpu : (pass == 0 ? gpu : cpu);
                if (take && physical_ == VK_NULL_HANDLE) {
                    physical_ = d;
                    chosen = p;
                }
            }
        }
        if (physical_ == VK_NULL_HANDLE) {
            *why = wanted == "gpu" ? "no Vulkan GPU (GRADNOISE_VULKAN_DEVICE=gpu)" : "no Vulkan device";
            return false;
        }
        software_ = chosen.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
        renderer_ = std::string(chosen.deviceName) + ", Vulkan " + std::to_string(VK_VERSION_MAJOR(chosen.apiVersion)) + "." +
                    std::to_string(VK_VERSION_MINOR(chosen.apiVersion)) + "." + std::to_string(VK_VERSION_PATCH(chosen.apiVersion)) +
                    ", driver " + std::to_string(chosen.driverVersion);
        // Float controls: core in Vulkan 1.2, else VK_KHR_shader_float_controls.
        std::vector<const char*> extensions;
        bool controls = app.apiVersion >= VK_API_VERSION_1_2 && chosen.apiVersion >= VK_API_VERSION_1_2;
        if (!controls) {
            std::uint32_t en = 0;
            vkEnumerateDeviceExtensionProperties(physical_, nullptr, &en, nullptr);
            std::vector<VkExtensionProperties> ext(en);
            vkEnumerateDeviceExtensionProperties(physical_, nullptr, &en, ext.data());
            for (const VkExtensionProperties& e : ext) {
                if (std::strcmp(e.extensionName, VK_KHR_SHADER_FLOAT_CONTROLS_EXTENSION_NAME) == 0 && app.apiVersion >= VK_API_VERSION_1_1) {
                    extensions.push_back(VK_KHR_SHADER_FLOAT_CONTROLS_EXTENSION_NAME);
                    controls = true;
                }
            }
        }
        if (controls) {
            VkPhysicalDeviceFloatControlsProperties fc{};
            fc.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES;
            VkPhysicalDeviceProperties2 p2{};
            p2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
            p2.pNext = &fc;
            vkGetPhysicalDeviceProperties2(physical_, &p2);
            denorm_preserve_ = fc.shaderDenormPreserveFloat32 == VK_TRUE;
            nan_preserve_ = fc.shaderSignedZeroInfNanPreserveFloat32 == VK_TRUE;
        }
        std::uint32_t qn = 0;
        vkGetPhysicalDeviceQueueFamilyProperties(physical_, &qn, nullptr);
        std::vector<VkQueueFamilyProperties> qs(qn);
        vkGetPhysicalDeviceQueueFamilyProperties(physical_, &qn, qs.data());
        while (family_ < qn && !(qs[family_].queueFlags & VK_QUEUE_COMPUTE_BIT)) ++family_;
        const float priority = 1.0f;
        VkDeviceQueueCreateInfo qci{};
        qci.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
        qci.queueFamilyIndex = family_;
        qci.queueCount = 1;
        qci.pQueuePriorities = &priority;
        VkPhysicalDeviceFeatures supported{}, enabled{};
        vkGetPhysicalDeviceFeatures(physical_, &supported);
        enabled.shaderFloat64 = supported.shaderFloat64;
        float64_ = supported.shaderFloat64 == VK_TRUE;
        VkDeviceCreateInfo dci{};
        dci.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
        dci.pEnabledFeatures = &enabled;
        dci.queueCreateInfoCount = 1;
        dci.pQueueCreateInfos = &qci;
        dci.enabledExtensionCount = static_cast<std::uint32_t>(extensions.size());
        dci.ppEnabledExtensionNames = extensions.data();
        if (family_ == qn || vkCreateDevice(physical_, &dci, nullptr, &device_) != VK_SUCCESS) {
            *why = "no Vulkan compute queue on " + renderer_;
            return false;
        }
        vkGetDeviceQueue(device_, family_, 0, &queue_);
        return true;
    }
    ~VulkanDevice() override {
        if (device_ != VK_NULL_HANDLE) {
            for (Pipeline& p : pipelines_) {
                vkDestroyPipeline(device_, p.pipeline, nullptr);
                vkDestroyPipelineLayout(device_, p.layout, nullptr);
                vkDestroyDescriptorSetLayout(device_, p.set_layout, nullptr);
                vkDestroyShaderModule(device_, p.module, nullptr);
            }
            vkDestroyDevice(device_, nullptr);
        }
        if (instance_ != VK_NULL_HANDLE) vkDestroyInstance(instance_, nullptr);
    }

    Api api() const override { return Api::vulkan; }
    std::string renderer() const override { return renderer_; }
    bool float64() const override { return float64_; }
    bool software() const override { return software_; }
    std::string float_controls() const override {
        return std::string(denorm_preserve_ ? "subnormals kept (DenormPreserve)" : "subnormals: the driver's choice (no DenormPreserve)") +
               (nan_preserve_ ? ", signed zeros, infinities and NaNs preserved" : "");
    }

    int compile(const std::string& prefix, const std::string& functions, const std::string& main_body,
                std::string* error) override {
        std::string defines, offsets;
        if (denorm_preserve_) defines += "#define GRADNOISE_DENORM_PRESERVE\n";
        if (nan_preserve_) defines += "#define GRADNOISE_SIGNED_ZERO_INF_NAN_PRESERVE\n";
        // The tables in a storage buffer (binding 2), read by every invocation: as initialised globals
        // each invocation has its own copy, which a GPU keeps in slow memory and lavapipe compiles
        // for minutes (docs/gpu.md, "Tables").
        Pipeline p;
        if (!table_words(functions, &p.tables, &offsets, error)) return -1;
        defines += "#define GRADNOISE_TABLES gradnoise_tables\n" + offsets +
                   "layout(std430, binding = 2) readonly buffer GradnoiseTables { uint gradnoise_tables[]; };\n";
        std::string log;
        const std::vector<std::uint32_t> spirv = compile_spirv(program_text("#version 450\n", defines + prefix, functions, main_body), &log);
        if (spirv.empty()) {
            *error = "glslang: the GLSL does not compile: " + log;
            return -1;
        }
        VkShaderModuleCreateInfo smi{};
        smi.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
        smi.codeSize = spirv.size() * 4;
        smi.pCode = spirv.data();
        VkDescriptorSetLayoutBinding bindings[3] = {};
        for (std::uint32_t i = 0; i < 3; ++i) {
            bindings[i].binding = i;
            bindings[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            bindings[i].descriptorCount = 1;
            bindings[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
        }
        VkDescriptorSetLayoutCreateInfo dli{};
        dli.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
        dli.bindingCount = 3;
        dli.pBindings = bindings;
        VkPipelineLayoutCreateInfo pli{};
        pli.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
        pli.setLayoutCount = 1;
        if (vkCreateShaderModule(device_, &smi, nullptr, &p.module) != VK_SUCCESS ||
            vkCreateDescriptorSetLayout(device_, &dli, nullptr, &p.set_layout) != VK_SUCCESS) {
            *error = "the driver refuses the SPIR-V module";
            return -1;
        }
        pli.pSetLayouts = &p.set_layout;
        VkComputePipelineCreateInfo cpi{};
        cpi.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
        cpi.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
        cpi.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
        cpi.stage.module = p.module;
        cpi.stage.pName = "main";
        if (vkCreatePipelineLayout(device_, &pli, nullptr, &p.layout) != VK_SUCCESS ||
            (cpi.layout = p.layout, vkCreateComputePipelines(device_, VK_NULL_HANDLE, 1, &cpi, nullptr, &p.pipeline)) != VK_SUCCESS) {
            *error = "the driver cannot make a compute pipeline of the program";
            pipelines_.push_back(p);  // (destroyed with the device)
            return -1;
        }
        pipelines_.push_back(p);
        return static_cast<int>(pipelines_.size() - 1);
    }

    void release(int program) override {
        Pipeline& p = pipelines_.at(static_cast<std::size_t>(program));
        vkDestroyPipeline(device_, p.pipeline, nullptr);
        vkDestroyPipelineLayout(device_, p.layout, nullptr);
        vkDestroyDescriptorSetLayout(device_, p.set_layout, nullptr);
        vkDestroyShaderModule(device_, p.module, nullptr);
        p = Pipeline{};
    }

    bool run(int program, std::vector<std::uint32_t>& input, std::size_t items, std::uint32_t* out, std::size_t out_words,
             std::string* error, double* seconds) override {
        input[0] = static_cast<std::uint32_t>(items);
        const Pipeline& p = pipelines_.at(static_cast<std::size_t>(program));
        Buffer in, result, tables;
        if (!buffer(input.size() * 4, &in) || !buffer(out_words * 4, &result) || !buffer(p.tables.size() * 4, &tables)) {
            release(in);
            release(result);
            release(tables);
            *error = "Vulkan: no host-visible memory for the buffers";
            return false;
        }
        std::memcpy(in.data, input.data(), input.size() * 4);
        if (!p.tables.empty()) std::memcpy(tables.data, p.tables.data(), p.tables.size() * 4);
        VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 3};
        VkDescriptorPoolCreateInfo dpi{};
        dpi.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
        dpi.maxSets = 1;
        dpi.poolSizeCount = 1;
        dpi.pPoolSizes = &size;
        VkDescriptorPool pool = VK_NULL_HANDLE;
        vkCreateDescriptorPool(device_, &dpi, nullptr, &pool);
        VkDescriptorSetAllocateInfo dai{};
        dai.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
        dai.descriptorPool = pool;
        dai.descriptorSetCount = 1;
        dai.pSetLayouts = &p.set_layout;
        VkDescriptorSet set = VK_NULL_HANDLE;
        vkAllocateDescriptorSets(device_, &dai, &set);
        VkDescriptorBufferInfo infos[3] = {{in.buffer, 0, VK_WHOLE_SIZE}, {result.buffer, 0, VK_WHOLE_SIZE}, {tables.buffer, 0, VK_WHOLE_SIZE}};
        VkWriteDescriptorSet writes[3] = {};
        for (std::uint32_t i = 0; i < 3; ++i) {
            writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
            writes[i].dstSet = set;
            writes[i].dstBinding = i;
            writes[i].descriptorCount = 1;
            writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            writes[i].pBufferInfo = &infos[i];
        }
        vkUpdateDescriptorSets(device_, 3, writes, 0, nullptr);
        VkCommandPoolCreateInfo cpci{};
        cpci.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
        cpci.queueFamilyIndex = family_;
        VkCommandPool commands = VK_NULL_HANDLE;
        vkCreateCommandPool(device_, &cpci, nullptr, &commands);
        VkCommandBufferAllocateInfo cbi{};
        cbi.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
        cbi.commandPool = commands;
        cbi.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        cbi.commandBufferCount = 1;
        VkCommandBuffer cb = VK_NULL_HANDLE;
        vkAllocateCommandBuffers(device_, &cbi, &cb);
        VkCommandBufferBeginInfo begin{};
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
        vkBeginCommandBuffer(cb, &begin);
        vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
        vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, 1, &set, 0, nullptr);
        const std::uint32_t groups = static_cast<std::uint32_t>((items + 63) / 64), x = groups < 65535 ? groups : 65535;
        if (groups > 0) vkCmdDispatch(cb, x, (groups + x - 1) / x, 1);
        VkMemoryBarrier barrier{};
        barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
        barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
        barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr, 0,
                             nullptr);
        vkEndCommandBuffer(cb);
        VkSubmitInfo submit{};
        submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &cb;
        const auto t0 = std::chrono::steady_clock::now();
        const bool ok = vkQueueSubmit(queue_, 1, &submit, VK_NULL_HANDLE) == VK_SUCCESS && vkQueueWaitIdle(queue_) == VK_SUCCESS;
        if (seconds != nullptr) *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (ok) std::memcpy(out, result.data, out_words * 4);
        vkDestroyCommandPool(device_, commands, nullptr);
        vkDestroyDescriptorPool(device_, pool, nullptr);
        release(in);
        release(result);
        release(tables);
        if (!ok) *error = "Vulkan: the dispatch failed (device lost?)";
        return ok;
    }

private:
    struct Pipeline {
        VkShaderModule module = VK_NULL_HANDLE;
        VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
        VkPipelineLayout layout = VK_NULL_HANDLE;
        VkPipeline pipeline = VK_NULL_HANDLE;
        std::vector<std::uint32_t> tables;  // binding 2's words (table_words)
    };
    struct Buffer {
        VkBuffer buffer = VK_NULL_HANDLE;
        VkDeviceMemory memory = VK_NULL_HANDLE;
        void* data = nullptr;
    };
    bool buffer(std::size_t bytes, Buffer* b) {
        VkBufferCreateInfo bci{};
        bci.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
        bci.size = bytes > 0 ? bytes : 4;
        bci.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
        if (vkCreateBuffer(device_, &bci, nullptr, &b->buffer) != VK_SUCCESS) return false;
        VkMemoryRequirements req;
        vkGetBufferMemoryRequirements(device_, b->buffer, &req);
        VkPhysicalDeviceMemoryProperties mp;
        vkGetPhysicalDeviceMemoryProperties(physical_, &mp);
        const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        std::uint32_t type = 0;
        while (type < mp.memoryTypeCount &&
               !((req.memoryTypeBits & (1u << type)) && (mp.memoryTypes[type].propertyFlags & want) == want)) {
            ++type;
        }
        VkMemoryAllocateInfo mai{};
        mai.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
        mai.allocationSize = req.size;
        mai.memoryTypeIndex = type;
        return type < mp.memoryTypeCount && vkAllocateMemory(device_, &mai, nullptr, &b->memory) == VK_SUCCESS &&
               vkBindBufferMemory(device_, b->buffer, b->memory, 0) == VK_SUCCESS &&
               vkMapMemory(device_, b->memory, 0, bci.size, 0, &b->data) == VK_SUCCESS;
    }
    void release(Buffer& b) {
        if (b.data != nullptr) vkUnmapMemory(device_, b.memory);
        if (b.buffer != VK_NULL_HANDLE) vkDestroyBuffer(device_, b.buffer, nullptr);
        if (b.memory != VK_NULL_HANDLE) vkFreeMemory(device_, b.memory, nullptr);
        b = Buffer{};
    }

    VkInstance instance_ = VK_NULL_HANDLE;
    VkPhysicalDevice physical_ = VK_NULL_HANDLE;
    VkDevice device_ = VK_NULL_HANDLE;
    VkQueue queue_ = VK_NULL_HANDLE;
    std::uint32_t family_ = 0;
    bool float64_ = false, software_ = false, denorm_preserve_ = false, nan_preserve_ = false;
    std::string renderer_;
    std::vector<Pipeline> pipelines_;
};

}  // namespace

std::unique_ptr<Device> open_vulkan(std::string* why) {
    auto device = std::make_unique<VulkanDevice>();
    if (!device->open(why)) return nullptr;
    return device;
}

}  // namespace gradnoise::gpu
