#include "options.hpp"

#include "commands.hpp"

#include <CLI/CLI.hpp>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <system_error>
#include <utility>

namespace gradnoise::cli {

void usage_error(const std::string& message) { throw CliError(exit_usage, message); }
void fail(const std::string& message) { throw CliError(exit_failure, message); }
void bad_value(const std::string& name, const std::string& message) { throw CLI::ValidationError(name, message); }

// ---- numbers ----

std::optional<float> parse_float(std::string_view text) {
    if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) {
        return std::nullopt;
    }
    std::string s(text);
    char* end = nullptr;
    errno = 0;
    float v = std::strtof(s.c_str(), &end);
    if (end != s.c_str() + s.size()) {
        return std::nullopt;
    }
    if (errno == ERANGE && std::isinf(v)) {
        return std::nullopt;  // overflow ("1e50"); underflow rounds correctly and is accepted
    }
    return v;
}

std::optional<std::uint64_t> parse_u64(std::string_view text) {
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        text.remove_prefix(2);
    }
    std::uint64_t v = 0;
    const char* first = text.data();
    const char* last = first + text.size();
    auto [ptr, ec] = std::from_chars(first, last, v, base);
    if (text.empty() || ec != std::errc() || ptr != last) {
        return std::nullopt;
    }
    return v;
}

namespace {

template <class T>
std::string shortest_text(T v) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : std::string("?");
}

}  // namespace

std::string shortest(float v) { return shortest_text(v); }
std::string shortest(double v) { return shortest_text(v); }

// ---- the noise options ----

namespace {

using Callback = std::function<void(const std::string&)>;

void add(CLI::App& app, const char* name, const char* type, const char* help, Callback parse) {
    app.add_option_function<std::string>(name, std::move(parse), help)
        ->type_name(type)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
        ->group("Noise field");
}

// One of an enumeration's names -- the library's, from its *_name function (names.cpp, where they are
// declared once), in the enumeration's order -- or a validation error listing them.
template <class Kind>
Kind pick(const char* option, const std::string& v, const char* (*name_of)(Kind) noexcept) {
    std::string all;
    for (int i = 0;; ++i) {
        const char* name = name_of(static_cast<Kind>(i));
        if (std::strcmp(name, "unknown") == 0) {
            break;
        }
        if (v == name) {
            return static_cast<Kind>(i);
        }
        all += std::string(all.empty() ? "" : ", ") + name;
    }
    bad_value(option, "'" + v + "' is not one of " + all);
}

void add_float(CLI::App& app, const char* name, const char* help, std::optional<float>* target) {
    add(app, name, "F", help, [name, target](const std::string& v) {
        std::optional<float> f = parse_float(v);
        if (!f) {
            bad_value(name, "'" + v + "' is not a number");
        }
        *target = *f;
    });
}

}  // namespace

void add_noise_options(CLI::App& app, NoiseOptions* o) {
    add(app, "--seed", "N|reference",
        "permutation: Ken Perlin's own table (reference, the default), or\n"
        "one shuffled from a 64-bit seed N (decimal or 0x hex; a negative\n"
        "decimal is its two's complement, as OpenSimplex2's long seeds)",
        [o](const std::string& v) {
            if (v == "reference") {
                o->seed = NoiseOptions::Seed{true, 0};
            } else if (auto n = parse_u64(v)) {
                o->seed = NoiseOptions::Seed{false, *n};
            } else if (auto m = v.size() > 1 && v[0] == '-' ? parse_u64(std::string_view(v).substr(1)) : std::nullopt;
                       m && *m <= (std::uint64_t(1) << 63)) {
                // A negative decimal: its two's-complement pattern (K.jpg's OpenSimplex2 seeds are longs).
                o->seed = NoiseOptions::Seed{false, std::uint64_t(0) - *m};
            } else {
                bad_value("--seed",
                          "'" + v + "' is not 'reference' or a 64-bit integer (decimal, negative decimal or 0x hex)");
            }
        });
    add(app, "--fade", "quintic|cubic", "fade curve (default quintic, Perlin 2002; cubic is Perlin 1985)",
        [o](const std::string& v) {
            o->fade = pick("--fade", v, &fade_name);
        });
    add(app, "--hash", "permutation|mix",
        "corner hash: Perlin's permutation chain (default), or integer\n"
        "mixing keyed by the seed (no tables: faster with AVX2; a\n"
        "different field; --seed reference counts as seed 0 there).\n"
        "opensimplex2/2s: K.jpg's 64-bit hash and binary64 skew\n"
        "(default), or mix: 32-bit hashes in float32 throughout,\n"
        "about 2x faster (docs/spec.md 16.7)",
        [o](const std::string& v) {
            o->hash = pick("--hash", v, &hash_name);
        });
    add(app, "--fractal", "KIND",
        "none (default), fbm, turbulence, ridged, billow or damped (Quilez's slope-damped fBm): a sum of octaves",
        [o](const std::string& v) {
            o->fractal = pick("--fractal", v, &fractal_name);
        });
    add(app, "--octaves", "N", "octaves of a fractal, 1..32 (default 6)", [o](const std::string& v) {
        auto n = parse_u64(v);
        if (!n || *n < 1 || *n > static_cast<std::uint64_t>(max_octaves)) {
            bad_value("--octaves", "'" + v + "' is not an integer in 1..32");
        }
        o->octaves = static_cast<int>(*n);
    });
    add_float(app, "--frequency", "frequency of the first octave, > 0 (default 1)", &o->frequency);
    add_float(app, "--lacunarity", "frequency ratio between octaves, > 0 (default 2)", &o->lacunarity);
    add_float(app, "--persistence", "amplitude ratio between octaves, in (0, 8] (default 0.5)", &o->persistence);
    add(app, "--basis", "KIND",
        "perlin (default: Perlin 2002 gradients), classic (256 random unit\n"
        "gradients from the seed), value (value noise), isotropic (2D: 16\n"
        "evenly spread gradients, no streaks), opensimplex2, opensimplex2s\n"
        "(K.jpg's OpenSimplex2 fast / smooth; seed = his 64-bit long) or\n"
        "cellular (Worley noise, 2D/3D)",
        [o](const std::string& v) {
            o->basis = pick("--basis", v, &basis_name);
        });
    add(app, "--orientation2", "KIND", "simplex 2D lattice: standard (default) or improve_x", [o](const std::string& v) {
        o->orientation2 = pick("--orientation2", v, &orientation2_name);
    });
    add(app, "--orientation3", "KIND",
        "simplex 3D lattice: improve_xy (default: z up, or time), improve_xz\n"
        "(y up) or fallback",
        [o](const std::string& v) {
            o->orientation3 = pick("--orientation3", v, &orientation3_name);
        });
    add(app, "--orientation4", "KIND",
        "simplex 4D lattice: improve_xyz_improve_xy (default),\n"
        "improve_xyz_improve_xz, improve_xyz, improve_xy_improve_zw or fallback",
        [o](const std::string& v) {
            o->orientation4 = pick("--orientation4", v, &orientation4_name);
        });
    add(app, "--cellular-distance", "KIND",
        "cellular: euclidean (default), euclidean_squared, manhattan or chebyshev", [o](const std::string& v) {
            o->cellular_distance = pick("--cellular-distance", v, &cellular_distance_name);
        });
    add(app, "--cellular-output", "KIND",
        "cellular: f1 (default: nearest distance), f2, f2_minus_f1 (cell\n"
        "borders) or cell_value (flat cells in [-1, 1))",
        [o](const std::string& v) {
            o->cellular_output = pick("--cellular-output", v, &cellular_output_name);
        });
    add_float(app, "--jitter", "cellular: feature point irregularity in [0, 1] (default 1)", &o->jitter);
    add(app, "--period", "P[,P[,P[,P]]]",
        "tile: lattice period per axis x,y,z,w (0 = none, else a power of\n"
        "two in 1..256); one value applies to every axis. The field repeats\n"
        "every P / frequency units; fractals then need a power-of-two lacunarity",
        [o](const std::string& v) {
            // ',' or '/' between values ('/' in --config files, whose reader splits at commas).
            std::array<int, 4> values = {0, 0, 0, 0};
            int count = 0;
            std::size_t at = 0;
            while (true) {
                const std::size_t sep = v.find_first_of(",/", at);
                auto n = parse_u64(std::string_view(v).substr(at, sep == std::string::npos ? std::string::npos : sep - at));
                if (count == 4 || !n || *n > 256 || (*n & (*n - 1)) != 0) {
                    bad_value("--period",
                              "'" + v + "' is not 1 to 4 comma-separated periods, each 0 or a power of two in 1..256");
                }
                values[count++] = static_cast<int>(*n);
                if (sep == std::string::npos) {
                    break;
                }
                at = sep + 1;
            }
            if (count == 1) {
                values = {values[0], values[0], values[0], values[0]};
            }
            o->period = values;
        });
    add(app, "--warp", "LEVELS", "domain warping: 0 (default), 1, or 2 (a warp of the warp)", [o](const std::string& v) {
        if (v != "0" && v != "1" && v != "2") {
            bad_value("--warp", "'" + v + "' is not one of 0, 1, 2");
        }
        o->warp = v[0] - '0';
    });
    add_float(app, "--warp-strength", "displacement scale (default 1)", &o->warp_strength);
    add_float(app, "--warp-frequency", "frequency of the displacement field, > 0 (default 1)", &o->warp_frequency);
    add(app, "--pattern", "KIND",
        "none (default), marble (0.5 + 0.5 sin(x f + s field)) or wood\n"
        "(rings: frac(sqrt(x^2 + y^2) f + s field)); values in [0, 1]",
        [o](const std::string& v) {
            o->pattern = pick("--pattern", v, &pattern_name);
        });
    add_float(app, "--pattern-frequency", "marble: radians per unit x; wood: rings per unit (default 1)",
              &o->pattern_frequency);
    add_float(app, "--pattern-strength", "how much the field bends the pattern (default: marble 4, wood 0.2)",
              &o->pattern_strength);
    add(app, "--isa", "NAME",
        "instruction set: auto, scalar, sse2, avx2, avx512, neon (default:\n"
        "GRADNOISE_ISA if set, else the best; auto ignores GRADNOISE_ISA).\n"
        "One this CPU lacks, or a bad GRADNOISE_ISA, is an error (status 2).\n"
        "Every ISA gives the same bits.",
        [o](const std::string& v) {
            if (v == "auto") {
                o->isa_choice = NoiseOptions::IsaChoice::automatic;
            } else if (parse_isa(v.c_str(), &o->isa)) {
                o->isa_choice = NoiseOptions::IsaChoice::forced;
            } else {
                bad_value("--isa", "'" + v + "' is not one of auto, scalar, sse2, avx2, avx512, neon");
            }
        });
}

namespace {

// The library's words in the tool's: "NoiseDesc: fractal.octaves must be in 1..32" -> "--octaves must
// be in 1..32".
std::string option_words(std::string m) {
    const std::pair<const char*, const char*> names[] = {
        {"NoiseDesc: fractal.", "--"},           {"NoiseDesc: warp.levels", "--warp"},
        {"NoiseDesc: warp.", "--warp-"},         {"NoiseDesc: pattern.", "--pattern-"},
        {"NoiseDesc: period_x", "--period (x)"}, {"NoiseDesc: period_y", "--period (y)"},
        {"NoiseDesc: period_z", "--period (z)"}, {"NoiseDesc: period_w", "--period (w)"},
        {"NoiseDesc: simplex.", "--"},           {"NoiseDesc: cellular.jitter", "--jitter"},
        {"NoiseDesc: cellular.", "--cellular-"}, {"NoiseDesc: periods", "--period: periods"},
        {"NoiseDesc: fade", "--fade"},            {"NoiseDesc: hash", "--hash"},
        {"NoiseDesc: ", ""}};
    for (const auto& [from, to] : names) {
        if (m.rfind(from, 0) == 0) {
            return to + m.substr(std::string(from).size());
        }
    }
    return m;
}

}  // namespace

NoiseDesc NoiseOptions::desc(const NoiseDesc& base) const {
    NoiseDesc d = base;
    if (seed) {
        d.has_seed = !seed->reference;
        d.seed = seed->reference ? 0 : seed->value;
    }
    if (fade) d.fade = *fade;
    if (hash) d.hash = *hash;
    if (fractal) d.fractal.kind = *fractal;
    if (octaves) d.fractal.octaves = *octaves;
    if (frequency) d.fractal.frequency = *frequency;
    if (lacunarity) d.fractal.lacunarity = *lacunarity;
    if (persistence) d.fractal.persistence = *persistence;
    if (basis) d.basis = *basis;
    if (period) {
        d.period_x = (*period)[0];
        d.period_y = (*period)[1];
        d.period_z = (*period)[2];
        d.period_w = (*period)[3];
    }
    if (warp) d.warp.levels = *warp;
    if (warp_strength) d.warp.strength = *warp_strength;
    if (warp_frequency) d.warp.frequency = *warp_frequency;
    if (pattern) d.pattern.kind = *pattern;
    if (pattern_frequency) d.pattern.frequency = *pattern_frequency;
    if (orientation2) d.simplex.orientation2 = *orientation2;
    if (orientation3) d.simplex.orientation3 = *orientation3;
    if (orientation4) d.simplex.orientation4 = *orientation4;
    if (cellular_distance) d.cellular.distance = *cellular_distance;
    if (cellular_output) d.cellular.output = *cellular_output;
    if (jitter) d.cellular.jitter = *jitter;
    if (pattern_strength) {
        d.pattern.strength = *pattern_strength;
    } else if (pattern && *pattern != Pattern::none) {
        d.pattern.strength = *pattern == Pattern::wood ? 0.2f : 4.0f;  // the recipes' strengths
    }
    // An option the field then ignores is refused, not dropped (the library's one rule, which the
    // Python package applies too): --octaves 3 without --fractal would give plain noise.
    if (const IgnoredParameter ignored = ignored_parameter(d, base)) {
        usage_error(option_words(std::string("NoiseDesc: ") + ignored.field) + " has no effect without " + ignored.needs);
    }
    return d;
}

void NoiseOptions::select_isa() const {
    // Reading the status also resolves GRADNOISE_ISA, so do it first: a forced ISA must not be
    // overwritten by, nor hide, a bad environment setting.
    if (Status s = environment_isa_status(); !s) {
        const char* env = std::getenv("GRADNOISE_ISA");
        usage_error(std::string(s.message()) + " (GRADNOISE_ISA=" + (env ? env : "") +
                    "; unset it or name a supported ISA)");
    }
    switch (isa_choice) {
        case IsaChoice::environment: break;
        case IsaChoice::automatic: reset_isa(); break;
        case IsaChoice::forced:
            if (Status s = force_isa(isa); !s) {
                usage_error(std::string("--isa: ") + isa_name(isa) + " is not supported by this CPU or build (best: " +
                            isa_name(best_isa()) + ")");
            }
            break;
    }
}

Noise make_noise(const NoiseDesc& desc) {
    Noise noise;
    if (Status s = Noise::create(desc, &noise); !s) {
        usage_error(option_words(s.message()));
    }
    return noise;
}

std::string seed_text(const NoiseDesc& d) {
    if (d.hash == Hash::mix) {
        return std::to_string(d.has_seed ? d.seed : 0);
    }
    return d.has_seed ? std::to_string(d.seed) : std::string("reference");
}

std::string field_text(const NoiseDesc& d) {
    std::string text = "--seed " + seed_text(d) + " --fade " + fade_name(d.fade) + " --hash " + hash_name(d.hash);
    if (d.fractal.kind != Fractal::none) {
        text += std::string(" --fractal ") + fractal_name(d.fractal.kind) + " --octaves " +
                std::to_string(d.fractal.octaves) + " --frequency " + shortest(d.fractal.frequency) +
                " --lacunarity " + shortest(d.fractal.lacunarity) + " --persistence " + shortest(d.fractal.persistence);
    }
    if (d.basis != Basis::perlin) {
        text += std::string(" --basis ") + basis_name(d.basis);
    }
    if (d.basis == Basis::opensimplex2 || d.basis == Basis::opensimplex2s) {
        text += std::string(" --orientation2 ") + orientation2_name(d.simplex.orientation2) + " --orientation3 " +
                orientation3_name(d.simplex.orientation3) + " --orientation4 " + orientation4_name(d.simplex.orientation4);
    }
    if (d.basis == Basis::cellular) {
        text += std::string(" --cellular-distance ") + cellular_distance_name(d.cellular.distance) +
                " --cellular-output " + cellular_output_name(d.cellular.output) + " --jitter " +
                shortest(d.cellular.jitter);
    }
    if (d.period_x != 0 || d.period_y != 0 || d.period_z != 0 || d.period_w != 0) {
        text += " --period " + std::to_string(d.period_x) + "," + std::to_string(d.period_y) + "," +
                std::to_string(d.period_z) + "," + std::to_string(d.period_w);
    }
    if (d.warp.levels != 0) {
        text += " --warp " + std::to_string(d.warp.levels) + " --warp-strength " + shortest(d.warp.strength) +
                " --warp-frequency " + shortest(d.warp.frequency);
    }
    if (d.pattern.kind != Pattern::none) {
        text += std::string(" --pattern ") + pattern_name(d.pattern.kind) + " --pattern-frequency " +
                shortest(d.pattern.frequency) + " --pattern-strength " + shortest(d.pattern.strength);
    }
    return text;
}

CLI::App* add_command(CLI::App& app, const char* name, const char* summary) {
    CLI::App* sub = app.add_subcommand(name, summary);
    sub->option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    sub->set_help_flag("-h,--help", "show this help");
    return sub;
}

}  // namespace gradnoise::cli
