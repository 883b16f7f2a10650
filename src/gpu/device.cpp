// What every device's program shares (device.hpp): the buffers, the invocation's index, main.
#include "gpu/device.hpp"

#include <cstdlib>

namespace gradnoise::gpu {

std::string program_text(const std::string& version_line, const std::string& prefix, const std::string& functions,
                         const std::string& main_body) {
    return version_line + prefix +
           "layout(local_size_x = 64) in;\n"
           "layout(std430, binding = 0) readonly buffer GradnoiseIn { uint data[]; };\n"
           "layout(std430, binding = 1) writeonly buffer GradnoiseOut { uint result[]; };\n" +
           functions +
           "void main() {\n"
           "    uint i = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * 64u + gl_LocalInvocationID.x;\n"
           "    if (i >= data[0]) return;\n" +
           main_body + "}\n";
}

bool table_words(const std::string& functions, std::vector<std::uint32_t>* words, std::string* offsets, std::string* error) {
    const std::string key = "GRADNOISE_TABLE uint ";
    words->clear();
    offsets->clear();
    for (std::size_t at = functions.find(key); at != std::string::npos; at = functions.find(key, at + 1)) {
        if (at > 0 && functions[at - 1] != '\n') continue;  // (a declaration starts a line)
        const std::size_t name = at + key.size(), bracket = functions.find("_table[", name);
        const std::size_t open = functions.find("](", bracket), close = functions.find(");", open);
        if (bracket == std::string::npos || open == std::string::npos || close == std::string::npos) {
            *error = "a table declaration that cannot be read, at character " + std::to_string(at);
            return false;
        }
        const std::size_t count = std::strtoul(functions.c_str() + bracket + 7, nullptr, 10), first = words->size();
        *offsets += "#define " + functions.substr(name, bracket - name) + "_offset " + std::to_string(first) + "u\n";
        const char* p = functions.c_str() + open + 2;
        const char* end = functions.c_str() + close;
        while (p < end) {
            char* next = nullptr;
            const unsigned long v = std::strtoul(p, &next, 0);
            if (next == p) break;
            words->push_back(static_cast<std::uint32_t>(v));
            p = next;
            while (p < end && (*p == 'u' || *p == ',' || *p == ' ' || *p == '\n')) ++p;
        }
        if (words->size() - first != count) {
            *error = "table " + functions.substr(name, bracket - name) + ": " + std::to_string(words->size() - first) + " words read, " +
                     std::to_string(count) + " declared";
            return false;
        }
    }
    return true;
}

}  // namespace gradnoise::gpu
