// Fuzz target: the C API as an engine's binding layer drives it -- any sequence of descriptor
// setters with arbitrary values, then validate, create and small fills with arbitrary grids, chunks,
// strides and points. Every call must return a status of the enum, with a message on error; a
// field that is created must give the same value through gradnoise_noise2 as through
// gradnoise_evaluate_2d; nothing may crash, leak or invoke undefined behaviour.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "gradnoise/gradnoise.h"

namespace {

float any_float(FuzzedDataProvider& in) {
    const std::uint32_t bits = in.ConsumeIntegral<std::uint32_t>();
    float f;
    std::memcpy(&f, &bits, 4);
    return in.ConsumeBool() ? f : in.ConsumeFloatingPointInRange<float>(-4.0f, 4.0f);
}

gradnoise_status checked(gradnoise_status s) {
    if (static_cast<int>(s) < 0 || static_cast<int>(s) > GRADNOISE_OUT_OF_MEMORY) std::abort();
    if (s != GRADNOISE_OK) {
        const char* m = gradnoise_last_error_message();
        if (m == nullptr || m[0] == '\0') std::abort();
    }
    return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    gradnoise_desc* desc = nullptr;
    if (checked(gradnoise_desc_create(&desc)) != GRADNOISE_OK) return 0;
    const int calls = in.ConsumeIntegralInRange<int>(0, 12);
    for (int i = 0; i < calls; ++i) {
        switch (in.ConsumeIntegralInRange<int>(0, 10)) {
            case 0: checked(gradnoise_desc_set_seed(desc, in.ConsumeIntegral<std::uint64_t>())); break;
            case 1: checked(gradnoise_desc_clear_seed(desc)); break;
            case 2: checked(gradnoise_desc_set_fade(desc, in.ConsumeIntegralInRange<int>(-2, 3))); break;
            case 3: checked(gradnoise_desc_set_hash(desc, in.ConsumeIntegralInRange<int>(-2, 3))); break;
            case 4: checked(gradnoise_desc_set_basis(desc, in.ConsumeIntegral<int>() % 9)); break;
            case 5:
                checked(gradnoise_desc_set_simplex(desc, in.ConsumeIntegralInRange<int>(-1, 3),
                                                   in.ConsumeIntegralInRange<int>(-1, 4), in.ConsumeIntegralInRange<int>(-1, 5)));
                break;
            case 6: {
                const int distance = in.ConsumeIntegralInRange<int>(-1, 4), output = in.ConsumeIntegralInRange<int>(-1, 6);
                checked(gradnoise_desc_set_cellular(desc, distance, output, any_float(in)));
                break;
            }
            case 7: {
                const int kind = in.ConsumeIntegralInRange<int>(-1, 7), octaves = in.ConsumeIntegralInRange<int>(-1, 40);
                const float f = any_float(in), l = any_float(in), p = any_float(in);
                checked(gradnoise_desc_set_fractal(desc, kind, octaves, f, l, p));
                break;
            }
            case 8: {
                int p[4];
                for (int& v : p) v = in.ConsumeBool() ? 1 << in.ConsumeIntegralInRange<int>(0, 9) : in.ConsumeIntegral<int>();
                checked(gradnoise_desc_set_period(desc, p[0], p[1], p[2], p[3]));
                break;
            }
            case 9: {
                const int levels = in.ConsumeIntegralInRange<int>(-1, 4);
                const float s = any_float(in), f = any_float(in);
                checked(gradnoise_desc_set_warp(desc, levels, s, f));
                break;
            }
            default: {
                const int kind = in.ConsumeIntegralInRange<int>(-1, 4);
                const float f = any_float(in), s = any_float(in);
                checked(gradnoise_desc_set_pattern(desc, kind, f, s));
                break;
            }
        }
    }
    const gradnoise_status valid = checked(gradnoise_desc_validate(desc));
    gradnoise_noise* noise = nullptr;
    const gradnoise_status created = checked(gradnoise_noise_create(desc, &noise));
    gradnoise_desc_destroy(desc);
    if ((valid == GRADNOISE_OK) != (created == GRADNOISE_OK)) std::abort();  // validate predicts create
    if (created != GRADNOISE_OK) {
        if (noise != nullptr) std::abort();
        return 0;
    }
    // Points.
    const std::size_t n = in.ConsumeIntegralInRange<std::size_t>(0, 40);
    std::vector<float> x(n), y(n), z(n), w(n), out(n + 1);
    for (std::size_t i = 0; i < n; ++i) x[i] = any_float(in), y[i] = any_float(in), z[i] = any_float(in), w[i] = any_float(in);
    if (checked(gradnoise_evaluate_2d(noise, x.data(), y.data(), out.data(), n)) == GRADNOISE_OK) {
        for (std::size_t i = 0; i < n; ++i) {
            float one = 0;
            if (checked(gradnoise_noise2(noise, x[i], y[i], &one)) == GRADNOISE_OK && std::memcmp(&one, &out[i], 4) != 0) std::abort();
        }
    }
    checked(gradnoise_evaluate_3d(noise, x.data(), y.data(), z.data(), out.data(), n));
    checked(gradnoise_evaluate_4d(noise, x.data(), y.data(), z.data(), w.data(), out.data(), n));
    std::vector<float> planes(5 * (n + 1));
    gradnoise_gradient_out g{planes.data(), planes.data() + n + 1, planes.data() + 2 * (n + 1), planes.data() + 3 * (n + 1),
                             planes.data() + 4 * (n + 1)};
    checked(gradnoise_evaluate_gradient_3d(noise, x.data(), y.data(), z.data(), &g, n));
    // A small grid and chunk with arbitrary parameters; the buffer holds what the strides ask for.
    gradnoise_grid_2d grid{any_float(in), any_float(in), any_float(in), any_float(in),
                           in.ConsumeIntegralInRange<std::size_t>(0, 17), in.ConsumeIntegralInRange<std::size_t>(0, 9)};
    const std::size_t stride = in.ConsumeBool() ? 0 : in.ConsumeIntegralInRange<std::size_t>(0, 24);
    const std::size_t row = stride == 0 ? grid.size_x : stride;
    std::vector<float> buffer(row * grid.size_y + grid.size_x + 1);
    gradnoise_fill_options options{in.ConsumeIntegralInRange<unsigned>(0, 3), nullptr, nullptr};
    checked(gradnoise_fill_grid_2d(noise, &grid, buffer.data(), stride, in.ConsumeBool() ? &options : nullptr));
    gradnoise_chunk_2d chunk{in.ConsumeIntegral<std::int64_t>(), in.ConsumeIntegral<std::int64_t>(),
                             in.ConsumeIntegralInRange<std::size_t>(0, 13), in.ConsumeIntegralInRange<std::size_t>(0, 5),
                             any_float(in), 0};
    std::vector<float> cb(chunk.size_x * chunk.size_y + 1), cdx(cb.size()), cdy(cb.size());
    if (checked(gradnoise_fill_chunk_2d(noise, &chunk, cb.data(), 0, nullptr)) == GRADNOISE_OK && chunk.size_x > 0 &&
        chunk.size_y > 0) {
        float one = 0;
        if (checked(gradnoise_chunk_sample_2d(noise, chunk.first_x, chunk.first_y, chunk.spacing, &one)) == GRADNOISE_OK &&
            std::memcmp(&one, &cb[0], 4) != 0)
            std::abort();  // the chunk's first sample is the reference's
    }
    gradnoise_gradient_out cg{cb.data(), cdx.data(), cdy.data(), nullptr, nullptr};
    checked(gradnoise_fill_chunk_gradient_2d(noise, &chunk, &cg, 0, nullptr));
    // Null handles and buffers are refused, not dereferenced.
    if (checked(gradnoise_evaluate_2d(noise, nullptr, y.data(), out.data(), 1)) != GRADNOISE_NULL_POINTER) std::abort();
    if (checked(gradnoise_fill_grid_2d(nullptr, &grid, buffer.data(), 0, nullptr)) != GRADNOISE_NULL_POINTER) std::abort();
    gradnoise_noise_destroy(noise);
    return 0;
}
