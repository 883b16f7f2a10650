// Marsaglia's xorshift64 (shifts 13, 7, 17) from a fixed seed: the same arbitrary 64-bit numbers on
// every platform, for the tests that want many (the chunk arithmetic's, the GPU estimates', the bake
// plan's incompressible pixels). Header-only: the format tests' binary has no test_support.cpp.
#ifndef GRADNOISE_TESTS_XORSHIFT64_HPP
#define GRADNOISE_TESTS_XORSHIFT64_HPP

#include <cstdint>

namespace testing {

// next() gives the next number: XorShift64 next; ... next() ...
struct XorShift64 {
    std::uint64_t state = 0x9E3779B97F4A7C15u;
    std::uint64_t operator()() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    }
};

}  // namespace testing

#endif
