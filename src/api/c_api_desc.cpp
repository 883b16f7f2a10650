// The C API's descriptors (include/gradnoise/gradnoise.h, "descriptors"): a NoiseDesc made, set
// member by member or by parameter name, and validated; C enumerations checked against the
// parameter table's names.
#include <cstdio>
#include <string>

#include "api/c_api_bridge.hpp"

using namespace gradnoise::c_api;

namespace {

// "gradnoise_desc_set_basis: basis must be a GRADNOISE_BASIS_* value in 0..6 (perlin, ..., cellular)",
// from the parameter table's names (enumerations.h).
std::string enum_refusal(const char* function, const char* what, const char* constants, const char* parameter) {
    const gradnoise::Parameter* p = gradnoise::find_parameter(parameter);
    std::string names;
    int count = 0;
    for (; p->choices[count] != nullptr; ++count) {
        names += (count == 0 ? "" : ", ") + std::string(p->choices[count]);
    }
    char last[16];
    std::snprintf(last, sizeof last, "%d", count - 1);
    return std::string(function) + ": " + what + " must be a " + constants + "_* value in 0.." + last + " (" + names +
           ")";
}

}  // namespace

// A C enumeration's value out of range: refused with the message above (made once: a status's
// message is static text).
#define GRADNOISE_CHECK_ENUM(value, count, function, what, constants, parameter)                   \
    if (!in_range(value, (count)-1)) {                                                           \
        static const std::string message = enum_refusal(function, what, constants, parameter); \
        return bad_enum(message.c_str());                                                        \
    }

extern "C" {

gradnoise_status gradnoise_desc_create(gradnoise_desc** out) {
    if (out == nullptr) {
        return null_handle("gradnoise_desc_create: out is null");
    }
    // Plain new (not the nothrow form), so an engine that replaces operator new/delete pairs
    // them consistently.
    try {
        *out = new gradnoise_desc{};
    } catch (...) {
        *out = nullptr;
        return fail(gradnoise::ErrorCode::out_of_memory, "gradnoise_desc_create: out of memory");
    }
    return ok();
}

void gradnoise_desc_destroy(gradnoise_desc* desc) { delete desc; }

gradnoise_status gradnoise_desc_set_seed(gradnoise_desc* desc, uint64_t seed) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_seed: desc is null");
    }
    desc->desc.has_seed = true;
    desc->desc.seed = seed;
    return ok();
}

gradnoise_status gradnoise_desc_clear_seed(gradnoise_desc* desc) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_clear_seed: desc is null");
    }
    desc->desc.has_seed = false;
    desc->desc.seed = 0;
    return ok();
}

gradnoise_status gradnoise_desc_set_fade(gradnoise_desc* desc, int fade) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_fade: desc is null");
    }
    GRADNOISE_CHECK_ENUM(fade, GRADNOISE_FADE_COUNT, "gradnoise_desc_set_fade", "fade", "GRADNOISE_FADE", "fade")
    desc->desc.fade = static_cast<gradnoise::Fade>(fade);
    return ok();
}

gradnoise_status gradnoise_desc_set_hash(gradnoise_desc* desc, int hash) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_hash: desc is null");
    }
    GRADNOISE_CHECK_ENUM(hash, GRADNOISE_HASH_COUNT, "gradnoise_desc_set_hash", "hash", "GRADNOISE_HASH", "hash")
    desc->desc.hash = static_cast<gradnoise::Hash>(hash);
    return ok();
}

gradnoise_status gradnoise_desc_set_basis(gradnoise_desc* desc, int basis) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_basis: desc is null");
    }
    GRADNOISE_CHECK_ENUM(basis, GRADNOISE_BASIS_COUNT, "gradnoise_desc_set_basis", "basis", "GRADNOISE_BASIS", "basis")
    desc->desc.basis = static_cast<gradnoise::Basis>(basis);
    return ok();
}

gradnoise_status gradnoise_desc_set_simplex(gradnoise_desc* desc, int orientation2, int orientation3,
                                            int orientation4) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_simplex: desc is null");
    }
    GRADNOISE_CHECK_ENUM(orientation2, GRADNOISE_ORIENTATION2_COUNT, "gradnoise_desc_set_simplex", "orientation2",
                         "GRADNOISE_ORIENTATION2", "orientation2")
    GRADNOISE_CHECK_ENUM(orientation3, GRADNOISE_ORIENTATION3_COUNT, "gradnoise_desc_set_simplex", "orientation3",
                         "GRADNOISE_ORIENTATION3", "orientation3")
    GRADNOISE_CHECK_ENUM(orientation4, GRADNOISE_ORIENTATION4_COUNT, "gradnoise_desc_set_simplex", "orientation4",
                         "GRADNOISE_ORIENTATION4", "orientation4")
    desc->desc.simplex = {static_cast<gradnoise::Orientation2>(orientation2),
                          static_cast<gradnoise::Orientation3>(orientation3),
                          static_cast<gradnoise::Orientation4>(orientation4)};
    return ok();
}

gradnoise_status gradnoise_desc_set_cellular(gradnoise_desc* desc, int distance, int output, float jitter) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_cellular: desc is null");
    }
    GRADNOISE_CHECK_ENUM(distance, GRADNOISE_CELLULAR_DISTANCE_COUNT, "gradnoise_desc_set_cellular", "distance",
                         "GRADNOISE_CELLULAR", "cellular_distance")
    GRADNOISE_CHECK_ENUM(output, GRADNOISE_CELLULAR_OUTPUT_COUNT, "gradnoise_desc_set_cellular", "output",
                         "GRADNOISE_CELLULAR", "cellular_output")
    desc->desc.cellular = {static_cast<gradnoise::CellularDistance>(distance),
                           static_cast<gradnoise::CellularOutput>(output), jitter};
    return ok();
}

gradnoise_status gradnoise_desc_set_fractal(gradnoise_desc* desc, int kind, int octaves, float frequency,
                                            float lacunarity, float persistence) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_fractal: desc is null");
    }
    GRADNOISE_CHECK_ENUM(kind, GRADNOISE_FRACTAL_COUNT, "gradnoise_desc_set_fractal", "kind", "GRADNOISE_FRACTAL",
                         "fractal")
    desc->desc.fractal = {static_cast<gradnoise::Fractal>(kind), octaves, frequency, lacunarity, persistence};
    return ok();
}

gradnoise_status gradnoise_desc_set_parameter(gradnoise_desc* desc, const char* name, const char* value) {
    if (desc == nullptr || name == nullptr || value == nullptr) {
        return null_handle("gradnoise_desc_set_parameter: desc, name and value must be non-null");
    }
    return report(gradnoise::set_parameter(desc->desc, name, value));
}

gradnoise_status gradnoise_desc_set_period(gradnoise_desc* desc, int period_x, int period_y, int period_z,
                                           int period_w) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_period: desc is null");
    }
    desc->desc.period_x = period_x;
    desc->desc.period_y = period_y;
    desc->desc.period_z = period_z;
    desc->desc.period_w = period_w;
    return ok();
}

gradnoise_status gradnoise_desc_set_warp(gradnoise_desc* desc, int levels, float strength, float frequency) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_warp: desc is null");
    }
    desc->desc.warp = {levels, strength, frequency};
    return ok();
}

gradnoise_status gradnoise_desc_set_pattern(gradnoise_desc* desc, int kind, float frequency, float strength) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_pattern: desc is null");
    }
    GRADNOISE_CHECK_ENUM(kind, GRADNOISE_PATTERN_COUNT, "gradnoise_desc_set_pattern", "kind", "GRADNOISE_PATTERN",
                         "pattern")
    desc->desc.pattern = {static_cast<gradnoise::Pattern>(kind), frequency, strength};
    return ok();
}

gradnoise_status gradnoise_desc_validate(const gradnoise_desc* desc) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_validate: desc is null");
    }
    return report(gradnoise::Noise::validate(desc->desc));
}

}  // extern "C"
