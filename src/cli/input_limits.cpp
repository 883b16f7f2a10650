#include "input_limits.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace gradnoise::cli {

namespace {
std::string limit_text(std::uint64_t bytes) {
    return bytes % (std::uint64_t(1) << 20) == 0 ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes) + " bytes";
}
}  // namespace

bool read_bounded_file(const std::string& path, std::uint64_t limit, const char* what, std::string* text,
                       std::string* error) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), std::fclose);
    if (!f) {
        *error = path + ": cannot open (" + std::strerror(errno) + ")";
        return false;
    }
    text->clear();
    char buf[65536];
    for (;;) {
        const std::size_t got = std::fread(buf, 1, sizeof buf, f.get());
        if (text->size() + got > limit) {
            *error = path + ": larger than " + limit_text(limit) + ", the most " + what + " may be";
            text->clear();
            return false;
        }
        text->append(buf, got);
        if (got < sizeof buf) {
            if (std::ferror(f.get())) {
                *error = path + ": " + std::strerror(errno);
                return false;
            }
            return true;
        }
    }
}

std::optional<nlohmann::json> parse_bounded_json(const std::string& text, std::string* error) {
    // Nesting is measured before parsing: nlohmann's parser keeps an explicit stack (no recursion),
    // but that stack, and comparing or printing the result, grow with the depth.
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') {
                ++i;  // the escaped character
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max_json_depth) {
                *error = "nested deeper than " + std::to_string(max_json_depth) + " levels";
                return std::nullopt;
            }
        } else if (c == ']' || c == '}') {
            --depth;  // (unbalanced text is the parser's to reject)
        }
    }
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        // "[json.exception.parse_error.101] parse error at line 1, column 32: syntax error ..."
        const std::string what = e.what();
        const std::size_t at = what.find("at line ");
        *error = "not JSON: " + (at == std::string::npos ? what : what.substr(at + 3));
        return std::nullopt;
    }
}

}  // namespace gradnoise::cli
