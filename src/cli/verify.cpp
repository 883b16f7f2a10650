// gradnoise verify: a field's digest -- SHA-256 of its samples' bits over a fixed workload (docs/conformance.md)
// -- on every ISA this CPU and build run, which must agree; printed, or checked against a digest file such
// as the one each release ships (conformance/digests.txt), so a game's CI proves its build gives the
// published bits for the fields it uses.
#include <openssl/evp.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "field_source.hpp"
#include "gradnoise/parameters.hpp"

namespace gradnoise::cli {
namespace {

struct VerifySettings {
    NoiseOptions noise;
    std::vector<std::string> graphs;
    std::string check;  // a digest file
};

// The field a digest line names: "field NAME=TEXT ..." (the parameters that differ from the defaults) or
// "graph PATH".
struct Subject {
    std::string label;
    FieldSource source;
    std::vector<int> dims;
};

// Samples' bytes into one SHA-256 (OpenSSL's EVP interface).
class Sha256 {
public:
    Sha256() : ctx_(EVP_MD_CTX_new(), EVP_MD_CTX_free) {
        if (!ctx_ || EVP_DigestInit_ex(ctx_.get(), EVP_sha256(), nullptr) != 1) fail("SHA-256 is unavailable");
    }
    void add(const std::vector<float>& v) {
        // The bits in little-endian order on every host.
        std::vector<unsigned char> bytes(v.size() * 4);
        for (std::size_t i = 0; i < v.size(); ++i) {
            std::uint32_t b;
            std::memcpy(&b, &v[i], 4);
            for (int k = 0; k < 4; ++k) bytes[i * 4 + k] = static_cast<unsigned char>(b >> (8 * k));
        }
        EVP_DigestUpdate(ctx_.get(), bytes.data(), bytes.size());
    }
    std::string hex() {
        unsigned char md[EVP_MAX_MD_SIZE];
        unsigned int n = 0;
        EVP_DigestFinal_ex(ctx_.get(), md, &n);
        std::string s;
        char two[3];
        for (unsigned int i = 0; i < n; ++i) {
            std::snprintf(two, sizeof two, "%02x", md[i]);
            s += two;
        }
        return s;
    }

private:
    std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> ctx_;
};

void must(Status s, const std::string& what) {
    if (!s) fail(what + ": " + s.message());
}

// The workload, per dimension count: a grid (2D 96 x 96, 3D 24 x 24 x 12; 4D none), 2,048 points (the
// awkward coordinates of docs/conformance.md on each axis in turn, then random ones near and far), their
// values with gradients where the field has them, and for a field of noise options two chunks (levels 0
// and 2) far from the origin.
void sample(const Subject& s, int dims, Sha256& sha) {
    static const float awkward[] = {0.0f,  -0.0f,     1e-40f,   -1.4e-45f,    0.5f,  -0.25f, 255.75f, -256.5f,
                                    16777216.0f, -16777218.0f, 2147483648.0f, 1e20f, -3.4028235e38f,
                                    std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                                    -std::numeric_limits<float>::infinity()};
    const std::size_t n = 2048;
    std::vector<std::vector<float>> p(dims, std::vector<float>(n));
    std::uint64_t r = 0x2545F4914F6CDD1Dull;
    for (std::size_t i = 0; i < n; ++i) {
        for (int d = 0; d < dims; ++d) {
            r ^= r >> 12, r ^= r << 25, r ^= r >> 27;
            const double u = static_cast<double>((r * 2685821657736338717ull) >> 11) * 0x1.0p-53;
            p[d][i] = static_cast<float>((u - 0.5) * (i % 2 == 0 ? 16.0 : 2000.0));
        }
        if (i < 16 * static_cast<std::size_t>(dims)) p[i % dims][i] = awkward[i / dims];
    }
    std::vector<float> out(n);
    std::vector<std::vector<float>> g(5, std::vector<float>(n));
    const GradientOut planes{g[0].data(), g[1].data(), g[2].data(), g[3].data(), g[4].data()};
    const FillOptions one_thread;
    if (dims == 2) {
        std::vector<float> grid(96 * 96);
        must(s.source.fill_grid_2d({-5.3f, 2.1f, 0.137f, 0.137f, 96, 96}, grid.data(), 0, one_thread), s.label);
        sha.add(grid);
        must(s.source.evaluate_2d(p[0].data(), p[1].data(), out.data(), n), s.label);
    } else if (dims == 3) {
        std::vector<float> grid(24 * 24 * 12);
        must(s.source.fill_grid_3d({-5.3f, 2.1f, -0.7f, 0.137f, 0.137f, 0.29f, 24, 24, 12}, grid.data(), 0, 0,
                                   one_thread),
             s.label);
        sha.add(grid);
        must(s.source.evaluate_3d(p[0].data(), p[1].data(), p[2].data(), out.data(), n), s.label);
    } else {
        must(s.source.evaluate_4d(p[0].data(), p[1].data(), p[2].data(), p[3].data(), out.data(), n), s.label);
    }
    sha.add(out);
    // Gradients, where the field has them (a pattern has none).
    const Status gs = dims == 2   ? s.source.evaluate_gradient_2d(p[0].data(), p[1].data(), planes, n)
                      : dims == 3 ? s.source.evaluate_gradient_3d(p[0].data(), p[1].data(), p[2].data(), planes, n)
                                  : s.source.evaluate_gradient_4d(p[0].data(), p[1].data(), p[2].data(),
                                                                  p[3].data(), planes, n);
    if (gs) {
        for (int k = 0; k <= dims; ++k) sha.add(g[k]);
    }
    // Chunks of a field of noise options (a warp or a pattern has none).
    if (!s.source.is_graph() && dims <= 3) {
        for (int level : {0, 2}) {
            std::vector<float> chunk(dims == 2 ? 48 * 48 : 16 * 16 * 8);
            const Status cs =
                dims == 2 ? s.source.noise().fill_chunk_2d({1099511627781LL, -8589934592LL, 48, 48, 0.0625f, level},
                                                           chunk.data())
                          : s.source.noise().fill_chunk_3d(
                                {1099511627781LL, -8589934592LL, 77, 16, 16, 8, 0.0625f, level}, chunk.data());
            if (cs) sha.add(chunk);
        }
    }
}

// The digest on each ISA this CPU and build run (or the one --isa names); a difference between them is
// reported and fails the command.
std::string digest(const Subject& s, const std::vector<Isa>& isas) {
    std::string first;
    for (Isa isa : isas) {
        must(force_isa(isa), "--isa");
        Sha256 sha;
        for (int dims : s.dims) sample(s, dims, sha);
        const std::string d = sha.hex();
        if (first.empty()) {
            first = d;
        } else if (d != first) {
            fail(s.label + ": " + isa_name(isa) + " gives " + d + ", " + isa_name(isas.front()) + " gives " + first +
                 " (the ISAs differ: please report this)");
        }
    }
    reset_isa();
    return first;
}

// A field's dimension counts: 2 and 3, and 4 where it has a 4D form.
std::vector<int> noise_dims(const Noise& n) {
    const float zero = 0.0f;
    float v = 0.0f;
    if (n.evaluate_4d(&zero, &zero, &zero, &zero, &v, 1)) return {2, 3, 4};
    return {2, 3};
}

// "field NAME=TEXT ...": the parameters that differ from the defaults, in the table's order.
std::string field_label(const NoiseDesc& d) {
    std::string label = "field";
    std::size_t count = 0;
    const Parameter* table = parameters(&count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::string text = parameter_text(d, table[i]);
        if (text != parameter_text(NoiseDesc{}, table[i])) label += " " + std::string(table[i].name) + "=" + text;
    }
    return label;
}

Subject noise_subject(const NoiseDesc& d) {
    Noise n = make_noise(d);
    std::vector<int> dims = noise_dims(n);
    return {field_label(d), FieldSource(std::move(n)), std::move(dims)};
}

Subject graph_subject(const std::string& path, const std::string& label_path) {
    Graph g = load_graph_file(path);
    const int dims = g.dimensions();
    return {"graph " + label_path, FieldSource(std::move(g)), {dims}};
}

// A digest file's line "<sha256>  field NAME=TEXT ..." or "<sha256>  graph PATH" (PATH relative to the
// file's folder), '#' comments and blank lines skipped; CR LF line ends read as LF.
int run_check(const VerifySettings& s, const std::vector<Isa>& isas) {
    std::ifstream in(s.check);
    if (!in) usage_error("--check " + s.check + ": cannot be read");
    const std::filesystem::path folder = std::filesystem::path(s.check).parent_path();
    std::string line;
    int number = 0, checked = 0, failed = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();  // a file written on Windows
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string expected, kind;
        words >> expected >> kind;
        const std::string where = s.check + ":" + std::to_string(number);
        if (expected.size() != 64 || expected.find_first_not_of("0123456789abcdef") != std::string::npos) {
            usage_error(where + ": expected '<sha256>  field NAME=TEXT ...' or '<sha256>  graph PATH'");
        }
        Subject subject = [&] {
            if (kind == "graph") {
                std::string path;
                words >> path;
                const std::filesystem::path p(path);
                return graph_subject(p.is_absolute() ? path : (folder / p).string(), path);
            }
            if (kind != "field") usage_error(where + ": '" + kind + "' is not a field or a graph");
            NoiseDesc d;
            std::string setting;
            while (words >> setting) {
                const std::size_t eq = setting.find('=');
                const Status st = eq == std::string::npos
                                      ? Status(ErrorCode::invalid_argument, "expected NAME=TEXT")
                                      : set_parameter(d, setting.substr(0, eq).c_str(), setting.substr(eq + 1).c_str());
                if (!st) usage_error(where + ": " + setting + ": " + st.message());
            }
            return noise_subject(d);
        }();
        const std::string got = digest(subject, isas);
        ++checked;
        if (got == expected) {
            std::printf("OK      %s\n", subject.label.c_str());
        } else {
            ++failed;
            std::printf("FAILED  %s: expected %s, got %s\n", subject.label.c_str(), expected.c_str(), got.c_str());
        }
    }
    std::string names;
    for (Isa isa : isas) names += (names.empty() ? "" : ", ") + std::string(isa_name(isa));
    std::printf("%d of %d fields give the published bits on %s\n", checked - failed, checked, names.c_str());
    return failed == 0 && checked > 0 ? 0 : 1;
}

int run_verify(const VerifySettings& s) {
    std::vector<Isa> isas;
    if (s.noise.isa_choice == NoiseOptions::IsaChoice::forced) {
        s.noise.select_isa();  // a usage error where this CPU or build lacks it
        isas.push_back(s.noise.isa);
    } else {
        for (int i = 0; i < isa_count; ++i) {
            if (isa_supported(static_cast<Isa>(i))) isas.push_back(static_cast<Isa>(i));
        }
    }
    if (!s.check.empty()) {
        if (!s.graphs.empty()) usage_error("--graph has no effect with --check (the digest file names the fields)");
        if (!s.noise.given.empty()) {
            usage_error(s.noise.first_given() + " has no effect with --check (the digest file names the fields)");
        }
        return run_check(s, isas);
    }
    std::vector<Subject> subjects;
    if (s.graphs.empty()) {
        subjects.push_back(noise_subject(s.noise.desc()));
    } else {
        refuse_noise_options_with_graph(s.noise);
        for (const std::string& path : s.graphs) subjects.push_back(graph_subject(path, path));
    }
    for (const Subject& subject : subjects) {
        std::printf("%s  %s\n", digest(subject, isas).c_str(), subject.label.c_str());
    }
    return std::fflush(stdout) == 0 ? 0 : 1;
}

}  // namespace

Run add_verify(CLI::App& app) {
    auto s = std::make_shared<VerifySettings>();
    CLI::App* cmd = add_command(app, "verify",
                                "print a field's digest on every ISA, or check a digest file: the published bits");
    cmd->add_option("--graph", s->graphs, "the graph in FILE (docs/graphs.md) instead of a field of the noise options")
        ->type_name("FILE");
    cmd->add_option("--check", s->check,
                    "check each field FILE names ('<sha256>  field NAME=TEXT ...' or '<sha256>  graph PATH' lines, "
                    "as this command prints them) on every ISA; exit 1 on any difference")
        ->type_name("FILE");
    add_noise_options(*cmd, &s->noise);
    cmd->footer(help_footer(
        "A field's digest is the SHA-256 of its samples' bits over a fixed workload (docs/conformance.md):\n"
        "grids, 2,048 points with the awkward coordinates, their gradients, and chunks, in each of its\n"
        "dimensions. It is computed on every ISA this CPU and build run (--isa: only that one), which must\n"
        "agree. Record your fields' digests once; in your CI, --check proves the build gives the same bits.\n"
        "Each release ships conformance/digests.txt: the example graphs and the conformance vectors' fields.",
        {"gradnoise verify --fractal fbm --octaves 6 --seed 42",
         "gradnoise verify --graph examples/graphs/continent.json > my-fields.sha256",
         "gradnoise verify --check my-fields.sha256",
         "gradnoise verify --check conformance/digests.txt"}));
    return [s] { return run_verify(*s); };
}

}  // namespace gradnoise::cli
