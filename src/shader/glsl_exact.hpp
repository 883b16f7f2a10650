// Internal: the constants of the exact division and square root the GLSL carries (glsl_exact.cpp,
// docs/spec.md section 20), declared once for the text and for the CPU test that proves their bound
// exhaustively (tests/test_gpu_estimates.cpp).
#ifndef GRADNOISE_SRC_SHADER_GLSL_EXACT_HPP
#define GRADNOISE_SRC_SHADER_GLSL_EXACT_HPP

#include <cstdint>

namespace gradnoise::glsl::exact {

// How far (in units of 2^-24 on a quotient or root in [1, 2)) an estimate may be from the truncated
// true value and still be corrected by the steps -16, +8, +4, +2, +1.
constexpr int reach = 16;

// The fallback reciprocal of x in [1, 2) in + - * alone: y0 = 24/17 - (8/17) x (the minimax line,
// relative error below 1/17), then `newton_steps` steps y += y (1 - x y).
constexpr std::uint32_t reciprocal_line_a = 0x3FB4B4B5u;  // RN(24/17)
constexpr std::uint32_t reciprocal_line_b = 0x3EF0F0F1u;  // RN(8/17)
// The fallback 1/sqrt(v) of v in [1, 4): the bit trick's first guess, then `newton_steps` steps
// y *= 1.5 - (v / 2) y^2.
constexpr std::uint32_t inverse_root_magic = 0x5F3759DFu;
constexpr int newton_steps = 3;

}  // namespace gradnoise::glsl::exact

#endif
