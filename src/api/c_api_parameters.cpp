// The C API's parameter table (include/gradnoise/gradnoise.h, "the parameter table"): the C++ table
// (gradnoise/parameters.hpp) in C form, for bindings and editors, and a descriptor's parameter as text.
#include <string>
#include <vector>

#include "api/c_api_bridge.hpp"

using namespace gradnoise::c_api;

// The C kinds are ParameterKind's values.
static_assert(static_cast<int>(gradnoise::ParameterKind::choice) == GRADNOISE_PARAMETER_CHOICE);
static_assert(static_cast<int>(gradnoise::ParameterKind::integer) == GRADNOISE_PARAMETER_INTEGER);
static_assert(static_cast<int>(gradnoise::ParameterKind::number) == GRADNOISE_PARAMETER_NUMBER);
static_assert(static_cast<int>(gradnoise::ParameterKind::seed) == GRADNOISE_PARAMETER_SEED);

namespace {

const gradnoise::Parameter* table(std::size_t* count) noexcept { return gradnoise::parameters(count); }

std::size_t choice_count(const gradnoise::Parameter& p) noexcept {
    std::size_t n = 0;
    if (p.kind == gradnoise::ParameterKind::choice) {
        while (p.choices[n] != nullptr) {
            ++n;
        }
    }
    return n;
}

// The defaults as text, made once (static storage, as every other text the table hands out).
const std::vector<std::string>& default_texts() {
    static const std::vector<std::string> texts = [] {
        std::size_t count = 0;
        const gradnoise::Parameter* t = table(&count);
        std::vector<std::string> v;
        for (std::size_t i = 0; i < count; ++i) {
            v.push_back(gradnoise::parameter_text(gradnoise::NoiseDesc{}, t[i]));
        }
        return v;
    }();
    return texts;
}

}  // namespace

extern "C" {

size_t gradnoise_parameter_count(void) {
    std::size_t count = 0;
    table(&count);
    return count;
}

gradnoise_status gradnoise_parameter(size_t index, gradnoise_parameter_info* out) {
    if (out == nullptr) {
        return null_handle("gradnoise_parameter: out is null");
    }
    std::size_t count = 0;
    const gradnoise::Parameter* t = table(&count);
    if (index >= count) {
        return fail(gradnoise::ErrorCode::invalid_argument,
                    "gradnoise_parameter: index must be below gradnoise_parameter_count()");
    }
    const gradnoise::Parameter& p = t[index];
    const std::vector<std::string>* defaults = nullptr;
    try {
        defaults = &default_texts();
    } catch (...) {
        return fail(gradnoise::ErrorCode::out_of_memory, "gradnoise_parameter: out of memory");
    }
    gradnoise_parameter_info info{};
    info.name = p.name;
    info.member = p.member;
    info.kind = static_cast<int>(p.kind);
    info.choice_count = choice_count(p);
    info.lo = p.kind == gradnoise::ParameterKind::choice ? 0.0 : p.lo;
    info.hi = p.kind == gradnoise::ParameterKind::choice ? static_cast<double>(info.choice_count) - 1 : p.hi;
    info.lo_open = p.lo_open ? 1 : 0;
    info.allowed = p.allowed;
    info.expects = p.expects;
    info.help = p.help;
    info.needs = p.needs;
    info.axis_of = p.axis_of;
    info.default_text = (*defaults)[index].c_str();
    *out = info;
    return ok();
}

gradnoise_status gradnoise_parameter_choice(size_t index, size_t choice, const char** name, const char** help) {
    std::size_t count = 0;
    const gradnoise::Parameter* t = table(&count);
    if (index >= count || choice >= choice_count(t[index])) {
        return fail(gradnoise::ErrorCode::invalid_argument,
                    "gradnoise_parameter_choice: index must be a choice parameter's and choice below its choice_count");
    }
    if (name != nullptr) {
        *name = t[index].choices[choice];
    }
    if (help != nullptr) {
        *help = t[index].choice_help[choice];
    }
    return ok();
}

gradnoise_status gradnoise_desc_get_parameter(const gradnoise_desc* desc, const char* name, char* buffer,
                                              size_t capacity, size_t* length) {
    if (desc == nullptr || name == nullptr || length == nullptr) {
        return null_handle("gradnoise_desc_get_parameter: desc, name and length must be non-null");
    }
    const gradnoise::Parameter* p = gradnoise::find_parameter(name);
    if (p == nullptr) {
        return fail(gradnoise::ErrorCode::invalid_argument,
                    "gradnoise_desc_get_parameter: name must be a parameter's (gradnoise_parameter)");
    }
    try {
        return copy_text(gradnoise::parameter_text(desc->desc, *p), buffer, capacity, length,
                         "gradnoise_desc_get_parameter: capacity must exceed the text's length");
    } catch (...) {
        return fail(gradnoise::ErrorCode::out_of_memory, "gradnoise_desc_get_parameter: out of memory");
    }
}

}  // extern "C"
