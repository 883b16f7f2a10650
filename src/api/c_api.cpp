// The C API (include/gradnoise/gradnoise.h): a thin layer over the C++ API. Every entry point is
// noexcept; the only calls that can throw (allocation in the create functions) are caught here.
// This file: statuses and this thread's last message, the version, instruction sets. The rest by
// the header's sections: c_api_desc.cpp (descriptors), c_api_noise.cpp (fields, grids and chunks,
// gradients), c_api_shader.cpp (the field on the GPU), c_api_graph.cpp (graphs); what they share:
// c_api_bridge.hpp.
#include <cstring>
#include <string>

#include "api/c_api_bridge.hpp"
#include "kernels/kernel_list.hpp"

namespace gradnoise::c_api {
namespace {

// The message of this thread's last status-returning call. A pointer to static storage, so a
// thread's first use needs no constructor and nothing is ever freed.
thread_local const char* last_message = "ok";

static_assert(GRADNOISE_OK == static_cast<int>(gradnoise::ErrorCode::ok));
static_assert(GRADNOISE_NULL_POINTER == static_cast<int>(gradnoise::ErrorCode::null_pointer));
static_assert(GRADNOISE_INVALID_ARGUMENT == static_cast<int>(gradnoise::ErrorCode::invalid_argument));
static_assert(GRADNOISE_SIZE_OVERFLOW == static_cast<int>(gradnoise::ErrorCode::size_overflow));
static_assert(GRADNOISE_ISA_UNSUPPORTED == static_cast<int>(gradnoise::ErrorCode::isa_unsupported));
static_assert(GRADNOISE_CANCELLED == static_cast<int>(gradnoise::ErrorCode::cancelled));
static_assert(GRADNOISE_THREAD_POOL == static_cast<int>(gradnoise::ErrorCode::thread_pool));
static_assert(GRADNOISE_OUT_OF_MEMORY == static_cast<int>(gradnoise::ErrorCode::out_of_memory));
static_assert(GRADNOISE_ISA_COUNT == gradnoise::isa_count);
// " scalar sse2 ...": kernel_list.hpp's ISA list, for messages.
#define GRADNOISE_C_ISA_WORD(name) " " #name
#define GRADNOISE_C_ISA_NAMES GRADNOISE_ISA_LIST(GRADNOISE_C_ISA_WORD)

}  // namespace

gradnoise_status report(gradnoise::Status s) noexcept {
    last_message = s.message();
    return static_cast<gradnoise_status>(s.code());
}

gradnoise_status ok() noexcept { return report(gradnoise::Status::success()); }

gradnoise_status fail(gradnoise::ErrorCode code, const char* message) noexcept {
    return report(gradnoise::Status(code, message));
}

gradnoise_status null_handle(const char* message) noexcept {
    return fail(gradnoise::ErrorCode::null_pointer, message);
}

gradnoise_status bad_enum(const char* message) noexcept {
    return fail(gradnoise::ErrorCode::invalid_argument, message);
}

gradnoise_status copy_text(const std::string& text, char* buffer, size_t capacity, size_t* length,
                           const char* overflow_message) {
    *length = text.size();
    if (buffer == nullptr) {
        return ok();
    }
    if (capacity <= text.size()) {
        return fail(gradnoise::ErrorCode::size_overflow, overflow_message);
    }
    std::memcpy(buffer, text.c_str(), text.size() + 1);
    return ok();
}

}  // namespace gradnoise::c_api

using namespace gradnoise::c_api;

extern "C" {

const char* gradnoise_status_name(gradnoise_status status) {
    switch (status) {
        case GRADNOISE_OK: return "ok";
        case GRADNOISE_NULL_POINTER: return "null_pointer";
        case GRADNOISE_INVALID_ARGUMENT: return "invalid_argument";
        case GRADNOISE_SIZE_OVERFLOW: return "size_overflow";
        case GRADNOISE_ISA_UNSUPPORTED: return "isa_unsupported";
        case GRADNOISE_CANCELLED: return "cancelled";
        case GRADNOISE_THREAD_POOL: return "thread_pool";
        case GRADNOISE_OUT_OF_MEMORY: return "out_of_memory";
        default: return "unknown";
    }
}

const char* gradnoise_last_error_message(void) { return last_message; }

uint32_t gradnoise_version(void) { return GRADNOISE_VERSION_NUMBER; }

const char* gradnoise_version_string(void) { return gradnoise::version_string(); }

// ---- ISA ----

int gradnoise_active_isa(void) { return static_cast<int>(gradnoise::active_isa()); }

int gradnoise_best_isa(void) { return static_cast<int>(gradnoise::best_isa()); }

int gradnoise_isa_supported(int isa) {
    return in_range(isa, GRADNOISE_ISA_COUNT - 1) && gradnoise::isa_supported(static_cast<gradnoise::Isa>(isa)) ? 1 : 0;
}

const char* gradnoise_isa_name(int isa) {
    return in_range(isa, GRADNOISE_ISA_COUNT - 1) ? gradnoise::isa_name(static_cast<gradnoise::Isa>(isa)) : "unknown";
}

gradnoise_status gradnoise_parse_isa(const char* name, int* isa) {
    if (name == nullptr || isa == nullptr) {
        return null_handle("gradnoise_parse_isa: name and isa must be non-null");
    }
    gradnoise::Isa parsed;
    if (!gradnoise::parse_isa(name, &parsed)) {
        return fail(gradnoise::ErrorCode::invalid_argument,
                    "gradnoise_parse_isa: name must be one of:" GRADNOISE_C_ISA_NAMES);
    }
    *isa = static_cast<int>(parsed);
    return ok();
}

gradnoise_status gradnoise_force_isa(int isa) {
    if (!in_range(isa, GRADNOISE_ISA_COUNT - 1)) {
        return bad_enum("gradnoise_force_isa: isa must be a GRADNOISE_ISA_* value in 0..4");
    }
    return report(gradnoise::force_isa(static_cast<gradnoise::Isa>(isa)));
}

void gradnoise_reset_isa(void) { gradnoise::reset_isa(); }

}  // extern "C"
