// [S 20] The operations whose result GLSL leaves to the driver, written so that every driver returns the
// CPU's bits (docs/gpu.md, "Exact by construction"):
// - division and sqrt: GLSL allows 2.5 ulps (and an inherited bound for sqrt). Here the hardware's
//   quotient or root of two normalised mantissas is only an estimate; the exact remainder in 32- and
//   64-bit integer arithmetic (umulExtended: exact on every driver) corrects it, and the result is
//   rounded to nearest even by integer operations, subnormal results included. An estimate far off
//   (a driver outside GLSL's bounds) falls back to long division: slower, still exact.
// - binary64 -> binary32: GLSL does not fix the conversion's rounding; it is done on the double's
//   bits.
// - floor(v / P) in binary64 (the simplex periods, spec 16.8): the quotient estimated by a product
//   with the reciprocal (no division), then made the IEEE quotient's floor by exact comparisons.
// - NaN and infinity tests: GLSL's isnan "always returns false if NaNs are not implemented"; these
//   read the bits.
// The estimates go through GRADNOISE_ESTIMATE_DIVIDE and GRADNOISE_ESTIMATE_SQRT, which the tests'
// adversarial mode replaces with estimates a permitted driver might give (off by ulps, subnormals
// flushed, some far off).
#include <cstdint>
#include <string>
#include <vector>

#include "shader/glsl_exact.hpp"
#include "shader/glsl_simplex.hpp"
#include "shader/glsl_text.hpp"

namespace gradnoise::glsl {
namespace {

// The float nearest (ties to even) to q 2^(e - 151) (q in [2^24, 2^25); sticky: more below), with
// `sign`: e the biased exponent it has if normal; subnormal, zero and infinite results included.
const char* round_float =
    "float $L_round(uint sign, int e, uint q, bool sticky) {\n"
    "    if (e >= 255) return uintBitsToFloat(sign | 0x7F800000u);\n"
    "    int s = e >= 1 ? 1 : 2 - e;\n"
    "    if (s > 25) return uintBitsToFloat(sign);\n"
    "    uint m = q >> uint(s), low = q & ((1u << uint(s)) - 1u), half_ulp = 1u << uint(s - 1);\n"
    "    bool up = low > half_ulp || (low == half_ulp && (sticky || (m & 1u) != 0u));\n"
    "    uint base = e >= 1 ? uint(e - 1) << 23u : 0u;\n"
    "    return uintBitsToFloat(sign | (base + m + (up ? 1u : 0u)));\n"
    "}\n";

// A finite nonzero float's significand in [2^23, 2^24) and its biased exponent (subnormals normalised).
const char* unpack_float =
    "uint $L_significand(uint x, out int e) {\n"
    "    e = int(x >> 23u);\n"
    "    uint m = x & 0x7FFFFFu;\n"
    "    if (e != 0) return m | 0x800000u;\n"
    "    int s = 23 - findMSB(m);\n"
    "    e = 1 - s;\n"
    "    return m << uint(s);\n"
    "}\n";

// q = floor(ma 2^24 / mb) in [2^24, 2^25) and the remainder r = ma 2^24 - q mb in [0, mb) from an
// estimate of ma / mb in [1, 2) within 16 of q (8 ulps): the 64-bit remainder of the estimate (exact
// products), then steps of 16, 8, 4, 2 and 1. False if the estimate was further off.
const char* quotient =
    "bool $L_quotient(float estimate, uint ma, uint mb, out uint q, out int r) {\n"
    "    q = estimate >= 2.0 ? 0x1FFFFFFu : estimate >= 1.0 ? uint(estimate * 16777216.0) : 16777216u;\n"
    "    uint hi, lo, borrow;\n"
    "    umulExtended(q, mb, hi, lo);\n"
    "    r = int(usubBorrow(ma << 24u, lo, borrow));\n"
    "    if ((ma >> 8u) - hi - borrow != (r < 0 ? 0xFFFFFFFFu : 0u)) return false;\n"
    "    int m = int(mb);\n"
    "    if (r < 0) {\n        r += 16 * m;\n        q -= 16u;\n    }\n"
    "    if (r >= 8 * m) {\n        r -= 8 * m;\n        q += 8u;\n    }\n"
    "    if (r >= 4 * m) {\n        r -= 4 * m;\n        q += 4u;\n    }\n"
    "    if (r >= 2 * m) {\n        r -= 2 * m;\n        q += 2u;\n    }\n"
    "    if (r >= m) {\n        r -= m;\n        q += 1u;\n    }\n"
    "    return r >= 0 && r < m;\n"
    "}\n";

// a / b: IEEE's special cases by the bits; else the significands' quotient and remainder from the
// driver's estimate (GLSL: within 2.5 ulps), or, were it further off, from Newton's reciprocal in
// + - * alone (within reach: tests/test_gpu_estimates.cpp tries every divisor), then rounded.
const char* divide =
    "float $L_divide(float a, float b) {\n"
    "    uint ua = floatBitsToUint(a), ub = floatBitsToUint(b);\n"
    "    uint sign = (ua ^ ub) & 0x80000000u, xa = ua & 0x7FFFFFFFu, xb = ub & 0x7FFFFFFFu;\n"
    "    if (xa > 0x7F800000u || xb > 0x7F800000u || (xa == xb && (xa == 0u || xa == 0x7F800000u))) {\n"
    "        return uintBitsToFloat(0x7FC00000u);\n"
    "    }\n"
    "    if (xa == 0x7F800000u || xb == 0u) return uintBitsToFloat(sign | 0x7F800000u);\n"
    "    if (xa == 0u || xb == 0x7F800000u) return uintBitsToFloat(sign);\n"
    "    int ea, eb;\n"
    "    uint ma = $L_significand(xa, ea), mb = $L_significand(xb, eb);\n"
    "    int e = ea - eb + 127;\n"
    "    if (ma < mb) {\n        ma <<= 1u;\n        e -= 1;\n    }\n"
    "    uint q;\n    int r;\n"
    "    if (!$L_quotient(GRADNOISE_ESTIMATE_DIVIDE(float(ma), float(mb)), ma, mb, q, r)) {\n"
    "        precise float x = float(mb) * uintBitsToFloat(0x34000000u);\n"
    "        precise float y = uintBitsToFloat($LINE_A) - uintBitsToFloat($LINE_B) * x;\n"
    "        precise float t;\n"
    "$RECIPROCAL_STEPS"
    "        precise float estimate = (float(ma) * uintBitsToFloat(0x34000000u)) * y;\n"
    "        $L_quotient(estimate, ma, mb, q, r);\n"
    "    }\n"
    "    return $L_round(sign, e, q, r != 0);\n"
    "}\n"
    "vec2 $L_divide(vec2 a, float b) { return vec2($L_divide(a.x, b), $L_divide(a.y, b)); }\n"
    "vec3 $L_divide(vec3 a, float b) { return vec3($L_divide(a.x, b), $L_divide(a.y, b), $L_divide(a.z, b)); }\n"
    "vec4 $L_divide(vec4 a, float b) {\n"
    "    return vec4($L_divide(a.x, b), $L_divide(a.y, b), $L_divide(a.z, b), $L_divide(a.w, b));\n}\n";

// s = floor(sqrt(n)) for n = m 2^25 in [2^48, 2^50) (nlo, nhi) and r = n - s^2 in [0, 2 s] from an estimate of
// sqrt(m 2^-23) in [1, 2) within 16 of s: steps of -16, then 8, 4, 2 and 1. False if further off.
const char* root =
    "bool $L_root(float estimate, uint nlo, uint nhi, out uint s, out int r) {\n"
    "    s = estimate >= 2.0 ? 0x1FFFFFFu : estimate >= 1.0 ? uint(estimate * 16777216.0) : 16777216u;\n"
    "    uint hi, lo, borrow;\n"
    "    umulExtended(s, s, hi, lo);\n"
    "    r = int(usubBorrow(nlo, lo, borrow));\n"
    "    if (nhi - hi - borrow != (r < 0 ? 0xFFFFFFFFu : 0u)) return false;\n"
    "    if (r < 0) {\n        r += int(32u * s) - 256;\n        s -= 16u;\n    }\n"
    "    if (r >= int(16u * s) + 64) {\n        r -= int(16u * s) + 64;\n        s += 8u;\n    }\n"
    "    if (r >= int(8u * s) + 16) {\n        r -= int(8u * s) + 16;\n        s += 4u;\n    }\n"
    "    if (r >= int(4u * s) + 4) {\n        r -= int(4u * s) + 4;\n        s += 2u;\n    }\n"
    "    if (r >= int(2u * s) + 1) {\n        r -= int(2u * s) + 1;\n        s += 1u;\n    }\n"
    "    return r >= 0 && r <= int(2u * s);\n"
    "}\n";

// sqrt(x): the significand made even-exponent, s and r from the driver's estimate or Newton's inverse
// root in + - * alone, then rounded (a square root is never halfway).
const char* square_root =
    "float $L_sqrt(float x) {\n"
    "    uint u = floatBitsToUint(x);\n"
    "    if ((u & 0x7FFFFFFFu) == 0u || u == 0x7F800000u) return x;\n"
    "    if (u > 0x7F800000u) return uintBitsToFloat(0x7FC00000u);\n"
    "    int e;\n"
    "    uint m = $L_significand(u, e);\n"
    "    if (((e - 127) & 1) != 0) {\n        m <<= 1u;\n        e -= 1;\n    }\n"
    "    precise float v = float(m) * uintBitsToFloat(0x34000000u);\n"
    "    uint s;\n    int r;\n"
    "    if (!$L_root(GRADNOISE_ESTIMATE_SQRT(v), m << 25u, m >> 7u, s, r)) {\n"
    "        precise float y = uintBitsToFloat($MAGIC - (floatBitsToUint(v) >> 1u));\n"
    "        precise float t;\n"
    "$ROOT_STEPS"
    "        precise float estimate = v * y;\n"
    "        $L_root(estimate, m << 25u, m >> 7u, s, r);\n"
    "    }\n"
    "    return $L_round(0u, ((e - 127) >> 1) + 127, s, r != 0);\n"
    "}\n";

const char* tests =
    "bool $L_isnan(float x) { return (floatBitsToUint(x) & 0x7FFFFFFFu) > 0x7F800000u; }\n"
    "bool $L_nonfinite(float x) { return (floatBitsToUint(x) & 0x7F800000u) == 0x7F800000u; }\n"
    "bool $L_nonfinite(vec2 p) { return $L_nonfinite(p.x) || $L_nonfinite(p.y); }\n"
    "bool $L_nonfinite(vec3 p) { return $L_nonfinite(p.x) || $L_nonfinite(p.y) || $L_nonfinite(p.z); }\n"
    "bool $L_nonfinite(vec4 p) { return $L_nonfinite(p.x) || $L_nonfinite(p.y) || $L_nonfinite(p.z) || $L_nonfinite(p.w); }\n";

// binary64 -> binary32 on the bits: the top 25 bits of the significand, the rest as sticky.
const char* narrow =
    "bool $L_isnan(double x) {\n"
    "    uvec2 w = unpackDouble2x32(x);\n"
    "    uint hi = w.y & 0x7FFFFFFFu;\n"
    "    return hi > 0x7FF00000u || (hi == 0x7FF00000u && w.x != 0u);\n}\n"
    "float $L_narrow(double d) {\n"
    "    uvec2 w = unpackDouble2x32(d);\n"
    "    uint sign = w.y & 0x80000000u, hi = w.y & 0x7FFFFFFFu;\n"
    "    int e = int(hi >> 20u);\n"
    "    if (e == 2047) return uintBitsToFloat((hi & 0xFFFFFu) != 0u || w.x != 0u ? 0x7FC00000u : (sign | 0x7F800000u));\n"
    "    if (e == 0) return uintBitsToFloat(sign);\n"
    "    uint q = 0x1000000u | ((hi & 0xFFFFFu) << 4u) | (w.x >> 28u);\n"
    "    return $L_round(sign, e - 896, q, (w.x & 0x0FFFFFFFu) != 0u);\n"
    "}\n"
    "vec2 $L_narrow(dvec2 d) { return vec2($L_narrow(d.x), $L_narrow(d.y)); }\n"
    "vec3 $L_narrow(dvec3 d) { return vec3($L_narrow(d.x), $L_narrow(d.y), $L_narrow(d.z)); }\n"
    "vec4 $L_narrow(dvec4 d) { return vec4($L_narrow(d.x), $L_narrow(d.y), $L_narrow(d.z), $L_narrow(d.w)); }\n";

// floor(v / p) as binary64 rounds v / p, for a period p = 3 2^k (spec 16.8) and |v| < 2^28: n within
// one of the quotient's floor from the product with the reciprocal RN(1/3) 2^-k (relative error below
// 2^-51, so off by one only within 2^-23 of an integer), made the true floor (n p <= v < (n + 1) p: exact products), then n + 1 where the rounded quotient reaches it: v - (n + 1) p >=
// -(u / 2) p, u the spacing of doubles just below n + 1 (a tie rounds to n + 1, whose last bit is 0).
// Every operation here is exact.
const char* floor_quotient =
    "double $L_floor_quotient(double v, int period) {\n"
    "    precise double p = double(period);\n"
    "    int k = findMSB(period) - 1;\n"
    "    precise double reciprocal = $THIRD * packDouble2x32(uvec2(0u, uint(1023 - k) << 20u));\n"
    "    precise double n = floor(v * reciprocal);\n"
    "    if (n * p > v) n -= 1.0LF;\n"
    "    if ((n + 1.0LF) * p <= v) n += 1.0LF;\n"
    "    precise double up = n + 1.0LF;\n"
    "    if (up == 0.0LF) return n;\n"
    "    uvec2 w = unpackDouble2x32(up);\n"
    "    int exponent = int((w.y >> 20u) & 0x7FFu) - 1023;\n"
    "    bool power = (w.y & 0xFFFFFu) == 0u && w.x == 0u;\n"
    "    int spacing = exponent - 52 - (up > 0.0LF && power ? 1 : 0);\n"
    "    precise double half_spacing = packDouble2x32(uvec2(0u, uint(spacing - 1 + 1023) << 20u)) * p;\n"
    "    precise double below = v - up * p;\n"
    "    return below >= -half_spacing ? up : n;\n"
    "}\n";

}  // namespace

std::string preamble() {
    return "#ifndef GRADNOISE_PREAMBLE\n#define GRADNOISE_PREAMBLE\n"
           // The estimates the exact division and square root correct (the tests' adversarial mode
           // defines its own first).
           "#ifndef GRADNOISE_ESTIMATE_DIVIDE\n#define GRADNOISE_ESTIMATE_DIVIDE(a, b) ((a) / (b))\n#endif\n"
           "#ifndef GRADNOISE_ESTIMATE_SQRT\n#define GRADNOISE_ESTIMATE_SQRT(a) sqrt(a)\n#endif\n"
           // Tables: `const` arrays for OpenGL (NVIDIA's OpenGL cannot place large initialised
           // globals: measured); initialised globals for Vulkan (glslang copies a const array at each
           // dynamic index: lavapipe then takes minutes to compile one octave).
           "#ifndef GRADNOISE_TABLE\n#ifdef VULKAN\n#define GRADNOISE_TABLE\n#else\n#define GRADNOISE_TABLE const\n#endif\n#endif\n"
           // Vulkan's float controls, where the device has them and the application asks (docs/gpu.md):
           // subnormals kept, signed zeros, infinities and NaNs preserved.
           "#if defined(VULKAN) && defined(GRADNOISE_DENORM_PRESERVE)\n#extension GL_EXT_spirv_intrinsics : require\n"
           "spirv_execution_mode(extensions = [\"SPV_KHR_float_controls\"], capabilities = [4464], 4459, 32);\n#endif\n"
           "#if defined(VULKAN) && defined(GRADNOISE_SIGNED_ZERO_INF_NAN_PRESERVE)\n#extension GL_EXT_spirv_intrinsics : require\n"
           "spirv_execution_mode(extensions = [\"SPV_KHR_float_controls\"], capabilities = [4466], 4461, 32);\n#endif\n"
           "#endif\n";
}

std::string table(const std::string& name, const std::vector<std::uint32_t>& words, bool as_hex) {
    const std::string n = std::to_string(words.size());
    std::string s = "#ifdef GRADNOISE_TABLES\nuint " + name + "(uint i) { return GRADNOISE_TABLES[" + name + "_offset + i]; }\n#else\n" +
                    "GRADNOISE_TABLE uint " + name + "_table[" + n + "] = uint[" + n + "](";
    for (std::size_t i = 0; i < words.size(); ++i) {
        s += (i % (as_hex ? 8 : 16) == 0 ? "\n    " : " ") + (as_hex ? hex(words[i]) : std::to_string(words[i]) + "u") +
             (i + 1 < words.size() ? "," : "");
    }
    return s + ");\nuint " + name + "(uint i) { return " + name + "_table[i]; }\n#endif\n";
}

std::string exact_helpers(const std::string& lib, bool binary64) {
    std::string s = std::string(round_float) + unpack_float + quotient + divide + root + square_root + tests;
    if (binary64) {
        s += narrow;
        s += floor_quotient;
    }
    // Newton's steps unrolled (a loop here made LLVM's loop analysis take half a minute: measured).
    std::string reciprocal_steps, root_steps;
    for (int k = 0; k < exact::newton_steps; ++k) {
        reciprocal_steps += "        t = 1.0 - x * y;\n        y = y + y * t;\n";
        root_steps += "        t = 1.5 - (0.5 * v) * (y * y);\n        y = y * t;\n";
    }
    return expand(s, {{"$RECIPROCAL_STEPS", reciprocal_steps},
                      {"$ROOT_STEPS", root_steps},
                      {"$LINE_A", hex(exact::reciprocal_line_a)},
                      {"$LINE_B", hex(exact::reciprocal_line_b)},
                      {"$MAGIC", hex(exact::inverse_root_magic)},
                      {"$THIRD", double_bits(1.0 / 3.0)},
                      {"$L", lib}});
}

}  // namespace gradnoise::glsl
