// gradnoise CLI — a small JSON reader and writer helpers for `gradnoise bench` reports (no JSON
// library is among the project's Debian dependencies; reports are small and machine-written).
#ifndef GRADNOISE_CLI_JSON_HPP
#define GRADNOISE_CLI_JSON_HPP

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gradnoise::cli::json {

struct Value {
    enum class Type { null, boolean, number, string, array, object } type = Type::null;
    bool boolean = false;
    double number = 0.0;
    std::string string;
    std::vector<Value> array;
    std::vector<std::pair<std::string, Value>> object;

    bool is_null() const { return type == Type::null; }
    // The member `key` of an object, or nullptr (also when this is not an object).
    const Value* find(std::string_view key) const;
};

// Parses a whole document (RFC 8259; numbers as double). On failure returns false and sets
// *error to "line L, column C: what".
bool parse(std::string_view text, Value* out, std::string* error);

// `s` as a JSON string literal, quotes included.
std::string quote(std::string_view s);
// A finite double as the shortest text that reads back the same; "null" when not finite.
std::string number(double v);

}  // namespace gradnoise::cli::json

#endif
