#include "bench_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "input_limits.hpp"
#include "options.hpp"
#include "parsers.hpp"

namespace gradnoise::cli {

std::string rate_text(double v) {
    if (!std::isfinite(v) || v <= 0) return "-";
    char buf[32];
    if (v >= 1e9) {
        std::snprintf(buf, sizeof buf, "%.2f G/s", v / 1e9);
    } else if (v >= 1e6) {
        std::snprintf(buf, sizeof buf, "%.1f M/s", v / 1e6);
    } else {
        std::snprintf(buf, sizeof buf, "%.1f k/s", v / 1e3);
    }
    return buf;
}

std::string ratio_text(double v) {
    if (!std::isfinite(v)) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, v >= 10 ? "%.1fx" : "%.2fx", v);
    return buf;
}

namespace {

struct Row {
    std::string kernel, path;
    unsigned threads;
    bool operator<(const Row& o) const {
        return std::tie(kernel, path, threads) < std::tie(o.kernel, o.path, o.threads);
    }
};

struct LoadedReport {
    std::string label, cpu, version, mode, date;
    unsigned threads = 1;
    std::vector<std::string> kernel_order;
    std::map<Row, double> rates;
    std::map<std::string, std::vector<std::string>> paths;  // kernel -> paths in report order
};

std::string string_member(const Json& v, const char* key, const std::string& where) {
    const auto m = v.find(key);
    if (m == v.end() || !m->is_string()) {
        fail(where + ": \"" + key + "\" is missing or not a string");
    }
    return m->get<std::string>();
}

LoadedReport parse_report(const std::string& text, const std::string& path) {
    std::string error;
    const std::optional<Json> parsed = parse_bounded_json(text, &error);
    if (!parsed) fail(path + ": " + error);
    const Json& doc = *parsed;
    if (!doc.is_object()) fail(path + ": not a gradnoise bench report (not an object)");
    const std::string schema = string_member(doc, "schema", path);
    if (schema != report_schema) {
        fail(path + ": schema is \"" + schema + "\"; this gradnoise reads \"" + report_schema + "\"");
    }
    LoadedReport r;
    r.label = path;
    r.version = string_member(doc, "gradnoise_version", path);
    r.date = string_member(doc, "date", path);
    const auto machine = doc.find("machine");
    const auto settings = doc.find("settings");
    const auto kernels = doc.find("kernels");
    if (machine == doc.end() || settings == doc.end() || kernels == doc.end() || !kernels->is_array()) {
        fail(path + ": \"machine\", \"settings\" and \"kernels\" are required");
    }
    r.cpu = string_member(*machine, "cpu_model", path + ": machine");
    r.mode = string_member(*settings, "mode", path + ": settings");
    if (const auto t = settings->find("threads"); t != settings->end() && t->is_number()) {
        const double threads = t->get<double>();
        if (!(threads >= 1 && threads <= 1 << 20)) {  // (a cast of anything else is undefined)
            fail(path + ": settings: \"threads\" must be a count of threads (1..1048576)");
        }
        r.threads = static_cast<unsigned>(threads);
    }
    for (const Json& k : *kernels) {
        const std::string name = string_member(k, "name", path + ": kernel");
        r.kernel_order.push_back(name);
        const auto results = k.find("results");
        if (results == k.end() || !results->is_array()) {
            fail(path + ": kernel " + name + " has no \"results\" array");
        }
        for (const Json& res : *results) {
            const std::string impl = string_member(res, "impl", path + ": " + name);
            const auto isa = res.find("isa");
            const auto threads = res.find("threads");
            const auto rate = res.find("samples_per_second");
            if (threads == res.end() || !threads->is_number() || rate == res.end() || !rate->is_number()) {
                fail(path + ": " + name + ": a result lacks \"threads\" or \"samples_per_second\"");
            }
            const std::string p =
                impl == "gradnoise" && isa != res.end() && isa->is_string() ? isa->get<std::string>() : impl;
            auto& order = r.paths[name];
            if (std::find(order.begin(), order.end(), p) == order.end()) order.push_back(p);
            r.rates[{name, p, threads->get<double>() > 1 ? 2u : 1u}] = rate->get<double>();
        }
    }
    return r;
}

LoadedReport load_report(const std::string& path) {
    std::string text, error;
    if (!read_bounded_file(path, max_report_bytes, "a bench report", &text, &error)) fail(error);
    return parse_report(text, path);
}

int print_comparison(const LoadedReport& a, const LoadedReport& b) {
    std::printf("A: %s\n   %s; gradnoise %s; mode %s; %u threads; %s\n", a.label.c_str(), a.cpu.c_str(),
                a.version.c_str(), a.mode.c_str(), a.threads, a.date.c_str());
    std::printf("B: %s\n   %s; gradnoise %s; mode %s; %u threads; %s\n", b.label.c_str(), b.cpu.c_str(),
                b.version.c_str(), b.mode.c_str(), b.threads, b.date.c_str());
    if (a.mode != b.mode) {
        std::printf("note: the reports were made in different modes (%s, %s): problem sizes may differ\n",
                    a.mode.c_str(), b.mode.c_str());
    }
    std::printf("\nSamples per second (median); B/A > 1 means B is faster. \"all\" = every thread of that machine.\n\n");
    std::printf("%-18s %-11s %-7s %12s %12s %8s\n", "kernel", "path", "threads", "A", "B", "B/A");
    std::vector<std::string> kernels = a.kernel_order;
    for (const std::string& k : b.kernel_order) {
        if (std::find(kernels.begin(), kernels.end(), k) == kernels.end()) kernels.push_back(k);
    }
    for (const std::string& k : kernels) {
        std::vector<std::string> paths;
        for (const LoadedReport* r : {&a, &b}) {
            auto it = r->paths.find(k);
            if (it == r->paths.end()) continue;
            for (const std::string& p : it->second) {
                if (std::find(paths.begin(), paths.end(), p) == paths.end()) paths.push_back(p);
            }
        }
        for (const std::string& p : paths) {
            for (unsigned t : {1u, 2u}) {
                auto ia = a.rates.find({k, p, t});
                auto ib = b.rates.find({k, p, t});
                if (ia == a.rates.end() && ib == b.rates.end()) continue;
                const double va = ia == a.rates.end() ? NAN : ia->second;
                const double vb = ib == b.rates.end() ? NAN : ib->second;
                std::printf("%-18s %-11s %-7s %12s %12s %8s\n", k.c_str(), p.c_str(), t == 1 ? "1" : "all",
                            rate_text(va).c_str(), rate_text(vb).c_str(), ratio_text(vb / va).c_str());
            }
        }
    }
    return exit_success;
}

}  // namespace

int run_compare(const std::string& a_path, const std::string& b_path) {
    return print_comparison(load_report(a_path), load_report(b_path));
}

int compare_report_texts(const std::string& a, const std::string& b) {
    return print_comparison(parse_report(a, "A"), parse_report(b, "B"));
}

}  // namespace gradnoise::cli
