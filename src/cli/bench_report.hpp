// gradnoise bench — its JSON report's schema (docs/bench-report.schema.json), figures as the
// tables print them, and --compare of two reports.
#ifndef GRADNOISE_CLI_BENCH_REPORT_HPP
#define GRADNOISE_CLI_BENCH_REPORT_HPP

#include <string>

#include <nlohmann/json.hpp>

namespace gradnoise::cli {

inline constexpr const char* report_schema = "gradnoise-bench/1";

// Reports keep their members in the order written (the schema's order).
using Json = nlohmann::ordered_json;

// "1.23 G/s", "456.7 M/s", "89.0 k/s"; "-" for NaN.
std::string rate_text(double v);
// "1.23x"; "-" for NaN.
std::string ratio_text(double v);

// --compare A B: the two reports' rates side by side (fails with the file's name on a bad report).
int run_compare(const std::string& a_path, const std::string& b_path);

}  // namespace gradnoise::cli

#endif
