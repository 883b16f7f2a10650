// Fuzz target: one line of `gradnoise eval` input (the first byte picks 2, 3 or 4 dimensions).
// Properties: a point's coordinates, printed as hex floats and read back, give the same bits; a bad
// line always says why; a skipped line is blank or a comment.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "parsers.hpp"

using gradnoise::cli::parse_point_line;
using gradnoise::cli::PointLine;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const int dims = 2 + data[0] % 3;
    const std::string line(reinterpret_cast<const char*>(data) + 1, size - 1);
    float xyz[4] = {};
    std::string error;
    switch (parse_point_line(line, dims, xyz, &error)) {
        case PointLine::point: {
            std::string again;
            for (int d = 0; d < dims; ++d) {
                char hex[48];
                std::snprintf(hex, sizeof hex, "%a ", static_cast<double>(xyz[d]));
                again += hex;
            }
            float back[4] = {};
            if (parse_point_line(again, dims, back, &error) != PointLine::point) std::abort();
            for (int d = 0; d < dims; ++d) {
                std::uint32_t a, b;
                std::memcpy(&a, &xyz[d], 4);
                std::memcpy(&b, &back[d], 4);
                // (NaN payloads are not kept by printf; every other value must round-trip.)
                if (a != b && !(xyz[d] != xyz[d] && back[d] != back[d])) std::abort();
            }
            break;
        }
        case PointLine::bad:
            if (error.empty()) std::abort();
            break;
        case PointLine::skip: {
            const std::size_t first = line.find_first_not_of(" \t\r\v\f");
            if (first != std::string::npos && line[first] != '#') std::abort();
            break;
        }
    }
    return 0;
}
