// Internal: what the C API's files share (c_api.cpp: statuses, version, ISA; c_api_desc.cpp,
// c_api_noise.cpp, c_api_graph.cpp, c_api_shader.cpp): the handles, a status with this thread's
// last message, and the C structs in C++ form.
#ifndef GRADNOISE_SRC_API_C_API_BRIDGE_HPP
#define GRADNOISE_SRC_API_C_API_BRIDGE_HPP

#include <cstddef>
#include <string>

#include "gradnoise/gradnoise.h"
#include "gradnoise/gradnoise.hpp"

struct gradnoise_desc {
    gradnoise::NoiseDesc desc;
};

struct gradnoise_noise {
    gradnoise::Noise noise;
};

struct gradnoise_graph {
    gradnoise::Graph graph;
};

namespace gradnoise::c_api {

// s for the caller: its code, its message kept as this thread's last (gradnoise_last_error_message).
gradnoise_status report(Status s) noexcept;
gradnoise_status ok() noexcept;
gradnoise_status fail(ErrorCode code, const char* message) noexcept;
gradnoise_status null_handle(const char* message) noexcept;  // ErrorCode::null_pointer
gradnoise_status bad_enum(const char* message) noexcept;     // ErrorCode::invalid_argument

// v in 0..last (a C enumeration's value).
inline bool in_range(int v, int last) noexcept { return v >= 0 && v <= last; }

// A text for the caller: *length its size; copied with its NUL when buffer is given and large enough.
gradnoise_status copy_text(const std::string& text, char* buffer, size_t capacity, size_t* length,
                           const char* overflow_message);

// The C options in C++ form; the C callback is reached through a trampoline.
struct OptionsBridge {
    const gradnoise_fill_options* c = nullptr;
    FillOptions cpp;

    explicit OptionsBridge(const gradnoise_fill_options* options) noexcept : c(options) {
        if (options == nullptr) {
            return;
        }
        // C: 0 and 1 mean the calling thread (a zero-initialised struct is the safe default);
        // GRADNOISE_ALL_THREADS is C++'s 0 (every hardware thread).
        cpp.threads = options->threads == GRADNOISE_ALL_THREADS ? 0u : (options->threads == 0 ? 1u : options->threads);
        if (options->progress != nullptr) {
            cpp.progress = [](void* user, std::size_t done, std::size_t total) -> bool {
                const gradnoise_fill_options* o = static_cast<const gradnoise_fill_options*>(user);
                return o->progress(o->user, done, total) != 0;
            };
            cpp.user = const_cast<gradnoise_fill_options*>(options);
        }
    }
};

// The C grids and chunks in C++ form.
inline Grid2d cpp_form(const gradnoise_grid_2d& g) {
    return {g.origin_x, g.origin_y, g.step_x, g.step_y, g.size_x, g.size_y};
}
inline Grid3d cpp_form(const gradnoise_grid_3d& g) {
    return {g.origin_x, g.origin_y, g.origin_z, g.step_x, g.step_y, g.step_z, g.size_x, g.size_y, g.size_z};
}
inline Chunk2d cpp_form(const gradnoise_chunk_2d& c) {
    return {c.first_x, c.first_y, c.size_x, c.size_y, c.spacing, c.level};
}
inline Chunk3d cpp_form(const gradnoise_chunk_3d& c) {
    return {c.first_x, c.first_y, c.first_z, c.size_x, c.size_y, c.size_z, c.spacing, c.level};
}

// The C gradient planes in C++ form (none for a null pointer).
inline GradientOut planes(const gradnoise_gradient_out* o) {
    return o == nullptr ? GradientOut{} : GradientOut{o->value, o->dx, o->dy, o->dz, o->dw};
}

}  // namespace gradnoise::c_api

#endif
