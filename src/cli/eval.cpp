// gradnoise eval: points on standard input, one value per line on standard output.
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "field_source.hpp"
#include "input_limits.hpp"
#include "parsers.hpp"

namespace gradnoise::cli {
namespace {

enum class Format { decimal, hex };

// Points evaluated per library call: large enough for the SIMD paths, small enough (1 MiB) to
// keep memory flat on any input size.
constexpr std::size_t batch_size = 65536;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

const char* skip_space(const char* p, const char* end) {
    while (p < end && is_space(*p)) {
        ++p;
    }
    return p;
}

// The field starting at p, quoted and shortened for an error message.
std::string quoted_field(const char* p, const char* end) {
    const char* q = p;
    while (q < end && !is_space(*q)) {
        ++q;
    }
    std::string field = "'";
    for (const char* c = p; c < q && c < p + 40; ++c) {
        const auto u = static_cast<unsigned char>(*c);
        if (u < 0x20 || u == 0x7F) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02X", u);  // control characters, NUL included
            field += hex;
        } else {
            field += *c;
        }
    }
    return field + (q > p + 40 ? "...'" : "'");
}

// Structure-of-arrays buffer of pending points.
class Batch {
public:
    Batch(const FieldSource& noise, int dims, Format format, bool gradient)
        : noise_(noise), dims_(dims), format_(format), gradient_(gradient) {
        for (auto* v : {&x_, &y_, &z_, &w_, &out_}) {
            v->resize(batch_size);
        }
        if (gradient_) {
            for (auto& d : d_) {
                d.resize(batch_size);
            }
        }
    }
    bool full() const { return count_ == batch_size; }
    void add(const float* xyz) {
        x_[count_] = xyz[0];
        y_[count_] = xyz[1];
        z_[count_] = dims_ >= 3 ? xyz[2] : 0.0f;
        w_[count_] = dims_ == 4 ? xyz[3] : 0.0f;
        ++count_;
    }
    // Evaluates and prints the pending points.
    void flush() {
        if (count_ == 0) {
            return;
        }
        auto t0 = std::chrono::steady_clock::now();
        Status s;
        if (gradient_) {
            const GradientOut g{out_.data(), d_[0].data(), d_[1].data(), d_[2].data(), d_[3].data()};
            s = dims_ == 4   ? noise_.evaluate_gradient_4d(x_.data(), y_.data(), z_.data(), w_.data(), g, count_)
                : dims_ == 3 ? noise_.evaluate_gradient_3d(x_.data(), y_.data(), z_.data(), g, count_)
                             : noise_.evaluate_gradient_2d(x_.data(), y_.data(), g, count_);
        } else {
            s = dims_ == 4   ? noise_.evaluate_4d(x_.data(), y_.data(), z_.data(), w_.data(), out_.data(), count_)
                : dims_ == 3 ? noise_.evaluate_3d(x_.data(), y_.data(), z_.data(), out_.data(), count_)
                             : noise_.evaluate_2d(x_.data(), y_.data(), out_.data(), count_);
        }
        elapsed_ += std::chrono::steady_clock::now() - t0;
        if (!s) {
            fail(s.message());
        }
        // One line per point: the value, then (--gradient) its dims partial derivatives.
        const int columns = gradient_ ? 1 + dims_ : 1;
        for (std::size_t i = 0; i < count_; ++i) {
            std::string text;
            for (int c = 0; c < columns; ++c) {
                const float v = c == 0 ? out_[i] : d_[c - 1][i];
                if (c > 0) {
                    text += ' ';
                }
                if (format_ == Format::hex) {
                    char hex[32];
                    std::snprintf(hex, sizeof hex, "%a", static_cast<double>(v));
                    text += hex;
                } else {
                    text += shortest(v);
                }
            }
            text += '\n';
            std::fwrite(text.data(), 1, text.size(), stdout);
        }
        if (std::ferror(stdout)) {
            fail(std::string("writing standard output: ") + std::strerror(errno));
        }
        total_ += count_;
        count_ = 0;
    }
    std::size_t total() const { return total_; }
    double milliseconds() const { return std::chrono::duration<double, std::milli>(elapsed_).count(); }

private:
    const FieldSource& noise_;
    int dims_;
    Format format_;
    bool gradient_;
    std::vector<float> x_, y_, z_, w_, out_;
    std::vector<float> d_[4];  // --gradient: d/dx, d/dy, d/dz, d/dw
    std::size_t count_ = 0, total_ = 0;
    std::chrono::steady_clock::duration elapsed_{};
};

struct Settings {
    NoiseOptions noise;
    int dims = 0;  // --dims; unset: the graph's, else 3
    std::string graph;
    Format format = Format::decimal;
    bool print_isa = false, verbose = false;
    bool gradient = false;
};

}  // namespace

PointLine parse_point_line(const std::string& line, int dims, float* xyz, std::string* error) {
    const char* p = line.data();
    const char* const end = p + line.size();
    p = skip_space(p, end);
    if (p == end || *p == '#') {
        return PointLine::skip;
    }
    for (int d = 0; d < dims; ++d) {
        p = skip_space(p, end);
        if (p == end) {
            *error = "expected " + std::to_string(dims) + " coordinates, found " + std::to_string(d);
            return PointLine::bad;
        }
        // std::string keeps a terminating NUL, so strtof stops at the end of the line at the latest.
        char* stop = nullptr;
        errno = 0;
        float v = std::strtof(p, &stop);
        if (stop == p || (stop < end && !is_space(*stop))) {
            *error = quoted_field(p, end) + " is not a number";
            return PointLine::bad;
        }
        if (errno == ERANGE && std::isinf(v)) {
            *error = quoted_field(p, end) + " is out of range for float";
            return PointLine::bad;
        }
        xyz[d] = v;
        p = stop;
    }
    int extra = 0;
    for (p = skip_space(p, end); p < end; p = skip_space(p, end)) {
        ++extra;
        while (p < end && !is_space(*p)) {
            ++p;
        }
    }
    if (extra > 0) {
        *error = "expected " + std::to_string(dims) + " coordinates, found " + std::to_string(dims + extra);
        return PointLine::bad;
    }
    return PointLine::point;
}

namespace {

int run_eval(const Settings& s) {
    int dims = s.dims == 0 ? 3 : s.dims;
    s.noise.select_isa();
    NoiseDesc desc;
    std::optional<FieldSource> source;
    if (!s.graph.empty()) {
        refuse_noise_options_with_graph(s.noise);
        source.emplace(load_graph_file(s.graph));
        if (s.dims == 0) {
            dims = source->graph().dimensions();
        } else if (source->graph().dimensions() != dims) {
            usage_error("--graph " + s.graph + " has " + std::to_string(source->graph().dimensions()) +
                        " dimensions; --dims is " + std::to_string(dims) + " (give --dims " +
                        std::to_string(source->graph().dimensions()) + ")");
        }
        if (s.gradient && !source->graph().gradient_refusal().empty()) {
            usage_error("--gradient: " + source->graph().gradient_refusal());
        }
    } else {
        desc = s.noise.desc();
        source.emplace(make_noise(desc));
    }
    const FieldSource& noise = *source;
    const bool print_isa = s.print_isa, verbose = s.verbose;
    if (print_isa) {
        std::fprintf(stderr, "gradnoise eval: isa %s\n", isa_name(active_isa()));
    }

    std::ios::sync_with_stdio(false);  // stdin is read through std::cin only
    std::cin.tie(nullptr);
    Batch batch(noise, dims, s.format, s.gradient);
    std::string line, error;
    float xyz[4] = {};
    // Lines are read into a fixed buffer: one longer than max_point_line_bytes is an error, not an
    // allocation as large as the input.
    std::vector<char> buffer(max_point_line_bytes + 2);
    for (std::size_t line_no = 1;; ++line_no) {
        std::cin.getline(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        const std::size_t got = static_cast<std::size_t>(std::cin.gcount());
        if (std::cin.fail() && !std::cin.eof() && !std::cin.bad()) {
            batch.flush();
            std::fflush(stdout);
            fail("line " + std::to_string(line_no) + ": longer than " + std::to_string(max_point_line_bytes) +
                 " bytes (one point per line)");
        }
        if (got == 0 && !std::cin.good()) {
            break;  // end of input (or a read error, reported below)
        }
        line.assign(buffer.data(), std::cin.eof() ? got : got - 1);  // without the newline
        switch (parse_point_line(line, dims, xyz, &error)) {
            case PointLine::skip: break;
            case PointLine::point:
                batch.add(xyz);
                if (batch.full()) {
                    batch.flush();
                }
                break;
            case PointLine::bad:
                batch.flush();  // the values of every earlier line, then the error
                std::fflush(stdout);
                fail("line " + std::to_string(line_no) + ": " + error);
        }
    }
    if (std::cin.bad()) {
        fail(std::string("reading standard input: ") + std::strerror(errno));
    }
    batch.flush();
    if (std::fflush(stdout) != 0) {
        fail(std::string("writing standard output: ") + std::strerror(errno));
    }
    if (verbose && noise.is_graph()) {
        std::fprintf(stderr, "gradnoise eval: %zu points (%dD), graph %s (%zu operations per point), isa %s, %.3f ms\n",
                     batch.total(), dims, s.graph.c_str(), noise.graph().program_size(), isa_name(active_isa()),
                     batch.milliseconds());
    } else if (verbose) {
        std::fprintf(stderr, "gradnoise eval: %zu points (%dD), seed %s, fade %s, hash %s, isa %s, noise %.3f ms\n",
                     batch.total(), dims, seed_text(desc).c_str(), fade_name(desc.fade), hash_name(desc.hash),
                     isa_name(active_isa()), batch.milliseconds());
    }
    return exit_success;
}

}  // namespace

Run add_eval(CLI::App& app) {
    CLI::App* cmd = add_command(app, "eval", "evaluate noise at points read from standard input, one value per line");
    const std::string about = std::string(
        "Reads one point per line from standard input: --dims whitespace-separated coordinates,\n"
        "decimal or C99 hex float (0x1.8p-1), rounded once to float. Blank lines and lines\n"
        "starting with '#' are skipped. Writes one noise value per line to standard output, in\n"
        "batches of " + std::to_string(batch_size) + " points. A malformed line stops with \"line N: ...\" and status 1.");
    auto s = std::make_shared<Settings>();
    cmd->add_option_function<std::string>(
           "--dims",
           [s](const std::string& v) {
               if (v != "2" && v != "3" && v != "4") {
                   bad_value("--dims", "'" + v + "' is not one of 2, 3, 4");
               }
               s->dims = v[0] - '0';
           },
           "coordinates per point (default 3; with --graph, the graph's)")
        ->type_name("2|3|4");
    cmd->add_option_function<std::string>(
           "--format",
           [s](const std::string& v) {
               if (v == "decimal") {
                   s->format = Format::decimal;
               } else if (v == "hex") {
                   s->format = Format::hex;
               } else {
                   bad_value("--format", "'" + v + "' is not one of decimal, hex");
               }
           },
           "decimal: the shortest text that reads back as the same float\n"
           "(default); hex: %a, exact")
        ->type_name("decimal|hex");
    add_noise_options(*cmd, &s->noise);
    cmd->add_option("--graph", s->graph,
                    "evaluate the graph in FILE (docs/graphs.md) instead of a field of the noise options")
        ->type_name("FILE");
    cmd->add_flag("--gradient", s->gradient,
                  "print the value and its analytic gradient: 'v dv/dx dv/dy [dv/dz [dv/dw]]' per line");
    cmd->add_flag("--print-isa", s->print_isa, "print the instruction set used on standard error");
    cmd->add_flag("-v,--verbose", s->verbose, "print the ISA, point count and time on standard error");
    cmd->footer(help_footer(about, {
        "printf '0.5 0.25\\n' | gradnoise eval --dims 2 --gradient   (value, d/dx, d/dy)",
        "printf '0.5 0.25 0.125\\n' | gradnoise eval",
        "printf '0x1p-1 0x1p-2\\n' | gradnoise eval --dims 2 --format hex",
        "gradnoise eval --seed 42 --fade cubic --isa scalar < points.txt > values.txt",
        "printf '1 2\\n' | gradnoise eval --dims 2 --graph examples/graphs/continent.json"}));
    return [s] { return run_eval(*s); };
}

}  // namespace gradnoise::cli
