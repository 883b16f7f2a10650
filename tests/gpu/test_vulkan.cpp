// The Vulkan form (docs/gpu.md): the text shader_source writes, in a Vulkan GLSL compute shader, compiled
// to SPIR-V by glslang (the library of Debian's glslang-tools), validated by SPIRV-Tools, and run on
// Mesa's lavapipe (software Vulkan, Debian mesa-vulkan-drivers) against the CPU, bit for bit.
#include <vulkan/vulkan.h>

#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>
#include <glslang/SPIRV/GlslangToSpv.h>
#include <spirv-tools/libspirv.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "gradnoise/shader.hpp"
#include "../test_support.hpp"

namespace {

// GLSL -> SPIR-V through glslang; an empty vector and the log on failure.
std::vector<std::uint32_t> compile(const std::string& source, std::string* log) {
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

// lavapipe (or, on request, a GPU): the physical device of a Vulkan 1.0 instance, its compute queue, and one run of
// a compute shader with two storage buffers (binding 0 in, 1 out) and a push constant (count).
struct Lavapipe {
    VkInstance instance = VK_NULL_HANDLE;
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    std::uint32_t family = 0;
    bool float64 = false;  // shaderFloat64 (K.jpg's OpenSimplex2)
    std::string why, name;

    Lavapipe() {
        VkApplicationInfo app{};
        app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
        app.pApplicationName = "gradnoise_tests";
        app.apiVersion = VK_API_VERSION_1_0;
        VkInstanceCreateInfo ici{};
        ici.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
        ici.pApplicationInfo = &app;
        if (vkCreateInstance(&ici, nullptr, &instance) != VK_SUCCESS) {
            why = "no Vulkan instance (libvulkan1 and an ICD: mesa-vulkan-drivers)";
            return;
        }
        std::uint32_t n = 0;
        vkEnumeratePhysicalDevices(instance, &n, nullptr);
        std::vector<VkPhysicalDevice> all(n);
        vkEnumeratePhysicalDevices(instance, &n, all.data());
        // lavapipe (the CPU device) by default; GRADNOISE_VULKAN_DEVICE=gpu takes a real GPU instead.
        const char* want = std::getenv("GRADNOISE_VULKAN_DEVICE");
        const bool gpu = want != nullptr && std::strcmp(want, "gpu") == 0;
        for (VkPhysicalDevice d : all) {
            VkPhysicalDeviceProperties p;
            vkGetPhysicalDeviceProperties(d, &p);
            const bool is_gpu = p.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU ||
                                p.deviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU;
            if (physical == VK_NULL_HANDLE && (gpu ? is_gpu : p.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU)) {
                physical = d;
                name = p.deviceName;
            }
        }
        if (physical == VK_NULL_HANDLE) {
            why = gpu ? "no Vulkan GPU (GRADNOISE_VULKAN_DEVICE=gpu)" : "no CPU Vulkan device (lavapipe: mesa-vulkan-drivers)";
            return;
        }
        std::uint32_t qn = 0;
        vkGetPhysicalDeviceQueueFamilyProperties(physical, &qn, nullptr);
        std::vector<VkQueueFamilyProperties> qs(qn);
        vkGetPhysicalDeviceQueueFamilyProperties(physical, &qn, qs.data());
        while (family < qn && !(qs[family].queueFlags & VK_QUEUE_COMPUTE_BIT)) ++family;
        const float priority = 1.0f;
        VkDeviceQueueCreateInfo qci{};
        qci.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
        qci.queueFamilyIndex = family;
        qci.queueCount = 1;
        qci.pQueuePriorities = &priority;
        // K.jpg's OpenSimplex2 computes in binary64: the shaderFloat64 feature, where the device has it.
        VkPhysicalDeviceFeatures supported{}, enabled{};
        vkGetPhysicalDeviceFeatures(physical, &supported);
        enabled.shaderFloat64 = supported.shaderFloat64;
        float64 = supported.shaderFloat64 == VK_TRUE;
        VkDeviceCreateInfo dci{};
        dci.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
        dci.pEnabledFeatures = &enabled;
        dci.queueCreateInfoCount = 1;
        dci.pQueueCreateInfos = &qci;
        if (family == qn || vkCreateDevice(physical, &dci, nullptr, &device) != VK_SUCCESS) {
            why = "no Vulkan compute device";
            return;
        }
        vkGetDeviceQueue(device, family, 0, &queue);
    }
    ~Lavapipe() {
        if (device != VK_NULL_HANDLE) vkDestroyDevice(device, nullptr);
        if (instance != VK_NULL_HANDLE) vkDestroyInstance(instance, nullptr);
    }

    // A host-visible, coherent storage buffer of `bytes`, mapped.
    struct Buffer {
        VkBuffer buffer = VK_NULL_HANDLE;
        VkDeviceMemory memory = VK_NULL_HANDLE;
        void* data = nullptr;
    };
    Buffer buffer(VkDeviceSize bytes) const {
        Buffer b;
        VkBufferCreateInfo bci{};
        bci.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
        bci.size = bytes;
        bci.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
        REQUIRE(vkCreateBuffer(device, &bci, nullptr, &b.buffer) == VK_SUCCESS);
        VkMemoryRequirements req;
        vkGetBufferMemoryRequirements(device, b.buffer, &req);
        VkPhysicalDeviceMemoryProperties mp;
        vkGetPhysicalDeviceMemoryProperties(physical, &mp);
        const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        std::uint32_t type = 0;
        while (type < mp.memoryTypeCount &&
               !((req.memoryTypeBits & (1u << type)) && (mp.memoryTypes[type].propertyFlags & want) == want)) {
            ++type;
        }
        REQUIRE(type < mp.memoryTypeCount);
        VkMemoryAllocateInfo mai{};
        mai.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
        mai.allocationSize = req.size;
        mai.memoryTypeIndex = type;
        REQUIRE(vkAllocateMemory(device, &mai, nullptr, &b.memory) == VK_SUCCESS);
        REQUIRE(vkBindBufferMemory(device, b.buffer, b.memory, 0) == VK_SUCCESS);
        REQUIRE(vkMapMemory(device, b.memory, 0, bytes, 0, &b.data) == VK_SUCCESS);
        return b;
    }
    void release(Buffer& b) const {
        vkUnmapMemory(device, b.memory);
        vkDestroyBuffer(device, b.buffer, nullptr);
        vkFreeMemory(device, b.memory, nullptr);
    }

    std::vector<float> run(const std::vector<std::uint32_t>& spirv, const std::vector<float>& input, std::uint32_t count,
                           std::size_t per_item) const {
        Buffer in = buffer(input.size() * 4), out = buffer(count * per_item * 4);
        std::memcpy(in.data, input.data(), input.size() * 4);
        VkShaderModuleCreateInfo smi{};
        smi.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
        smi.codeSize = spirv.size() * 4;
        smi.pCode = spirv.data();
        VkShaderModule module;
        REQUIRE(vkCreateShaderModule(device, &smi, nullptr, &module) == VK_SUCCESS);
        VkDescriptorSetLayoutBinding bindings[2] = {};
        for (std::uint32_t i = 0; i < 2; ++i) {
            bindings[i].binding = i;
            bindings[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            bindings[i].descriptorCount = 1;
            bindings[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
        }
        VkDescriptorSetLayoutCreateInfo dli{};
        dli.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
        dli.bindingCount = 2;
        dli.pBindings = bindings;
        VkDescriptorSetLayout set_layout;
        REQUIRE(vkCreateDescriptorSetLayout(device, &dli, nullptr, &set_layout) == VK_SUCCESS);
        VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, 4};
        VkPipelineLayoutCreateInfo pli{};
        pli.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
        pli.setLayoutCount = 1;
        pli.pSetLayouts = &set_layout;
        pli.pushConstantRangeCount = 1;
        pli.pPushConstantRanges = &push;
        VkPipelineLayout layout;
        REQUIRE(vkCreatePipelineLayout(device, &pli, nullptr, &layout) == VK_SUCCESS);
        VkComputePipelineCreateInfo cpi{};
        cpi.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
        cpi.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
        cpi.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
        cpi.stage.module = module;
        cpi.stage.pName = "main";
        cpi.layout = layout;
        VkPipeline pipeline;
        REQUIRE(vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &cpi, nullptr, &pipeline) == VK_SUCCESS);
        VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2};
        VkDescriptorPoolCreateInfo dpi{};
        dpi.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
        dpi.maxSets = 1;
        dpi.poolSizeCount = 1;
        dpi.pPoolSizes = &size;
        VkDescriptorPool pool;
        REQUIRE(vkCreateDescriptorPool(device, &dpi, nullptr, &pool) == VK_SUCCESS);
        VkDescriptorSetAllocateInfo dai{};
        dai.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
        dai.descriptorPool = pool;
        dai.descriptorSetCount = 1;
        dai.pSetLayouts = &set_layout;
        VkDescriptorSet set;
        REQUIRE(vkAllocateDescriptorSets(device, &dai, &set) == VK_SUCCESS);
        VkDescriptorBufferInfo infos[2] = {{in.buffer, 0, VK_WHOLE_SIZE}, {out.buffer, 0, VK_WHOLE_SIZE}};
        VkWriteDescriptorSet writes[2] = {};
        for (std::uint32_t i = 0; i < 2; ++i) {
            writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
            writes[i].dstSet = set;
            writes[i].dstBinding = i;
            writes[i].descriptorCount = 1;
            writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            writes[i].pBufferInfo = &infos[i];
        }
        vkUpdateDescriptorSets(device, 2, writes, 0, nullptr);
        VkCommandPoolCreateInfo cpci{};
        cpci.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
        cpci.queueFamilyIndex = family;
        VkCommandPool commands;
        REQUIRE(vkCreateCommandPool(device, &cpci, nullptr, &commands) == VK_SUCCESS);
        VkCommandBufferAllocateInfo cbi{};
        cbi.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
        cbi.commandPool = commands;
        cbi.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        cbi.commandBufferCount = 1;
        VkCommandBuffer cb;
        REQUIRE(vkAllocateCommandBuffers(device, &cbi, &cb) == VK_SUCCESS);
        VkCommandBufferBeginInfo begin{};
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
        vkBeginCommandBuffer(cb, &begin);
        vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
        vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, nullptr);
        vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &count);
        vkCmdDispatch(cb, (count + 63) / 64, 1, 1);
        VkMemoryBarrier barrier{};
        barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
        barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
        barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr,
                             0, nullptr);
        vkEndCommandBuffer(cb);
        VkSubmitInfo submit{};
        submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &cb;
        REQUIRE(vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE) == VK_SUCCESS);
        REQUIRE(vkQueueWaitIdle(queue) == VK_SUCCESS);
        std::vector<float> result(count * per_item);
        std::memcpy(result.data(), out.data, result.size() * 4);
        vkDestroyCommandPool(device, commands, nullptr);
        vkDestroyDescriptorPool(device, pool, nullptr);
        vkDestroyPipeline(device, pipeline, nullptr);
        vkDestroyPipelineLayout(device, layout, nullptr);
        vkDestroyDescriptorSetLayout(device, set_layout, nullptr);
        vkDestroyShaderModule(device, module, nullptr);
        release(in);
        release(out);
        return result;
    }
};

const Lavapipe& vulkan() {
    static const Lavapipe device;
    return device;
}

}  // namespace

TEST_SUITE("gpu") {

TEST_CASE("the Vulkan form: SPIR-V from glslang, valid for SPIRV-Tools, bit for bit on lavapipe") {
    REQUIRE_MESSAGE(vulkan().why.empty(), vulkan().why);
    struct Case {
        const char* name;
        gradnoise::NoiseDesc desc;
    };
    std::vector<Case> cases;
    auto add = [&](const char* name, auto change) {
        gradnoise::NoiseDesc d;
        change(d);
        cases.push_back({name, d});
    };
    using gradnoise::Basis;
    using gradnoise::Fractal;
    add("perlin", [](gradnoise::NoiseDesc&) {});
    add("classic, mix hash, periods 8 x 4 x 16 x 2", [](gradnoise::NoiseDesc& d) {
        d.basis = Basis::classic; d.hash = gradnoise::Hash::mix; d.period_x = 8; d.period_y = 4; d.period_z = 16; d.period_w = 2;
    });
    add("value ridged, cubic, 5 octaves", [](gradnoise::NoiseDesc& d) {
        d.basis = Basis::value; d.fade = gradnoise::Fade::cubic; d.fractal.kind = Fractal::ridged; d.fractal.octaves = 5;
    });
    add("isotropic damped, 3 octaves", [](gradnoise::NoiseDesc& d) {
        d.basis = Basis::isotropic; d.fractal.kind = Fractal::damped; d.fractal.octaves = 3;
    });
    add("perlin fbm 3 octaves, warp 1 level", [](gradnoise::NoiseDesc& d) {
        d.fractal.kind = Fractal::fbm; d.fractal.octaves = 3; d.warp.levels = 1; d.warp.strength = 0.75f;
    });
    add("cellular F1, Euclidean, fbm 2 octaves", [](gradnoise::NoiseDesc& d) {
        d.basis = Basis::cellular; d.fractal.kind = Fractal::fbm; d.fractal.octaves = 2;
    });
    add("opensimplex2 (K.jpg's: binary64, 64-bit hashes emulated)", [](gradnoise::NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.seed = 77; d.has_seed = true;
    });
    add("opensimplex2 mix hash", [](gradnoise::NoiseDesc& d) { d.basis = Basis::opensimplex2; d.hash = gradnoise::Hash::mix; });
    add("opensimplex2s (K.jpg's)", [](gradnoise::NoiseDesc& d) { d.basis = Basis::opensimplex2s; d.seed = 5; d.has_seed = true; });
    add("opensimplex2s mix hash", [](gradnoise::NoiseDesc& d) { d.basis = Basis::opensimplex2s; d.hash = gradnoise::Hash::mix; });
    const spvtools::SpirvTools validator(SPV_ENV_VULKAN_1_0);
    std::size_t compared = 0;
    // One form: the functions in a #version 450 compute shader, to SPIR-V, validated, run on random and
    // awkward points; cpu_of(q, out) writes the value, then the value and gradient, at q.
    auto check_form = [&](const std::string& functions, int dims, auto&& cpu_of) {
        const std::string D = std::to_string(dims), per = std::to_string(dims + 2);
        std::string p = "vec" + D + "(";
        for (int a = 0; a < dims; ++a) p += (a ? ", coords[" : "coords[") + D + " * i + " + std::to_string(a) + "]";
        p += ")";
        std::string source = "#version 450\nlayout(local_size_x = 64) in;\n"
                             "layout(std430, set = 0, binding = 0) readonly buffer In { float coords[]; };\n"
                             "layout(std430, set = 0, binding = 1) writeonly buffer Out { float result[]; };\n"
                             "layout(push_constant) uniform Count { uint count; };\n" +
                             functions + "void main() {\n    uint i = gl_GlobalInvocationID.x;\n    if (i >= count) return;\n" +
                             "    vec" + D + " d;\n    result[" + per + " * i] = gn_field(" + p + ");\n" +
                             "    result[" + per + " * i + 1] = gn_field_gradient(" + p + ", d);\n";
        for (int a = 0; a < dims; ++a) {
            source += "    result[" + per + " * i + " + std::to_string(a + 2) + "] = d[" + std::to_string(a) + "];\n";
        }
        source += "}\n";
        std::string log;
        const std::vector<std::uint32_t> spirv = compile(source, &log);
        REQUIRE_MESSAGE(!spirv.empty(), "glslang: " << log);
        CHECK_MESSAGE(validator.Validate(spirv), "SPIRV-Tools rejects the module");
        // Random points, and the awkward ones (±0, subnormal, 2^31, ±3e38, NaN, ∞) on every axis.
        // (GRADNOISE_GPU_POINTS: the random points per field and dimension, default 4,000)
        const char* env = std::getenv("GRADNOISE_GPU_POINTS");
        const std::size_t random = env != nullptr ? static_cast<std::size_t>(std::strtoull(env, nullptr, 10)) : 4000;
        const testing::Points r = testing::random_points(random, -300.0f, 300.0f, 47);
        std::vector<float> coords;
        for (std::size_t i = 0; i < r.size(); ++i) {
            const float v[4] = {r.x[i], r.y[i], r.z[i], r.x[(i * 31) % r.size()] * 0.01f};
            coords.insert(coords.end(), v, v + dims);
        }
        const float awkward[] = {0.0f, -0.0f, 1e-40f, 255.5f, 2147483648.0f, 3e38f, -3e38f, NAN, INFINITY};
        for (float a : awkward) {
            for (float b : awkward) {
                const float v[4] = {a, b, 0.5f, -a};
                coords.insert(coords.end(), v, v + dims);
            }
        }
        const std::uint32_t n = static_cast<std::uint32_t>(coords.size() / static_cast<std::size_t>(dims));
        const std::vector<float> gpu = vulkan().run(spirv, coords, n, static_cast<std::size_t>(dims) + 2);
        int differ = 0;
        for (std::uint32_t i = 0; i < n; ++i) {
            const float* q = &coords[i * static_cast<std::size_t>(dims)];
            float cpu[6];
            cpu_of(q, cpu);
            for (int k = 0; k < dims + 2; ++k) {
                const float g = gpu[i * static_cast<std::size_t>(dims + 2) + static_cast<std::size_t>(k)];
                if (testing::bits(cpu[k]) != testing::bits(g) && differ++ < 3) {
                    CHECK_MESSAGE(false, "point " << i << ", output " << k << ": the CPU gives " << cpu[k] << ", lavapipe " << g);
                }
            }
        }
        CHECK(differ == 0);
        compared += n * static_cast<std::size_t>(dims + 2);
    };
    for (const Case& c : cases) {
        gradnoise::Noise noise;
        REQUIRE(gradnoise::Noise::create(c.desc, &noise).ok());
        for (int dims : {2, 3, 4}) {
            // (lavapipe takes 12 s to compile the 4D warped gradient and 68 s K.jpg's 4D OpenSimplex2 with its
            // emulated 64-bit hashes: tests/gpu/test_shader.cpp has them on OpenGL; cellular has no 4D)
            const bool kjpg_simplex = gradnoise::basis_family(c.desc.basis) == gradnoise::BasisFamily::simplex &&
                                      c.desc.hash == gradnoise::Hash::permutation;
            if (dims == 4 && (c.desc.warp.levels > 0 || c.desc.basis == Basis::cellular || kjpg_simplex)) continue;
            if (kjpg_simplex && !vulkan().float64) continue;  // (a device without binary64: not its form)
            INFO(std::string(c.name) << ", " << dims << "D");
            gradnoise::ShaderOptions options;
            options.dimensions = dims;
            options.gradient = true;
            std::string functions;
            REQUIRE(gradnoise::shader_source(c.desc, options, &functions).ok());
            check_form(functions, dims, [&](const float* q, float* cpu) {
                if (dims == 2) {
                    const gradnoise::Gradient2 g = noise.gradient2(q[0], q[1]);
                    const float v[] = {noise.noise2(q[0], q[1]), g.value, g.dx, g.dy};
                    std::memcpy(cpu, v, sizeof v);
                } else if (dims == 3) {
                    const gradnoise::Gradient3 g = noise.gradient3(q[0], q[1], q[2]);
                    const float v[] = {noise.noise3(q[0], q[1], q[2]), g.value, g.dx, g.dy, g.dz};
                    std::memcpy(cpu, v, sizeof v);
                } else {
                    const gradnoise::Gradient4 g = noise.gradient4(q[0], q[1], q[2], q[3]);
                    const float v[] = {noise.noise4(q[0], q[1], q[2], q[3]), g.value, g.dx, g.dy, g.dz, g.dw};
                    std::memcpy(cpu, v, sizeof v);
                }
            });
        }
    }
    // Graphs: the program over the fields' functions (src/shader/glsl_graph.cpp), against the reference.
    for (const char* name : {"arithmetic_2d", "volume_3d"}) {
        INFO("graph " << name);
        std::FILE* file = std::fopen((std::string(GRADNOISE_TEST_GRAPH_DIR) + "/" + name + ".json").c_str(), "rb");
        REQUIRE(file != nullptr);
        std::string text;
        char buf[4096];
        for (std::size_t got; (got = std::fread(buf, 1, sizeof buf, file)) > 0;) text.append(buf, got);
        std::fclose(file);
        gradnoise::Graph graph;
        REQUIRE(gradnoise::Graph::from_json(text, &graph).ok());
        const int dims = graph.dimensions();
        gradnoise::ShaderOptions options;
        options.dimensions = dims;
        options.gradient = true;
        std::string functions;
        REQUIRE(gradnoise::shader_source(graph, options, &functions).ok());
        check_form(functions, dims, [&](const float* q, float* cpu) {
            if (dims == 2) {
                const gradnoise::Gradient2 g = graph.gradient2(q[0], q[1]);
                const float v[] = {graph.sample2(q[0], q[1]), g.value, g.dx, g.dy};
                std::memcpy(cpu, v, sizeof v);
            } else {
                const gradnoise::Gradient3 g = graph.gradient3(q[0], q[1], q[2]);
                const float v[] = {graph.sample3(q[0], q[1], q[2]), g.value, g.dx, g.dy, g.dz};
                std::memcpy(cpu, v, sizeof v);
            }
        });
    }
    MESSAGE(compared << " values and derivatives compared on " << vulkan().name << ", bit for bit");
}

}  // TEST_SUITE
