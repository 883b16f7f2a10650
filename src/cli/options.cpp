#include "options.hpp"

#include "commands.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
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

// ---- the noise options: one per parameter of the library's table ----

std::string isa_names(const char* separator) {
    std::string names;
    for (int i = 0; i < isa_count; ++i) {
        names += (i > 0 ? separator : "") + std::string(isa_name(static_cast<Isa>(i)));
    }
    return names;
}

std::string option_name(const Parameter& p) {
    std::string name = std::string("--") + (p.axis_of != nullptr ? p.axis_of : p.name);
    std::replace(name.begin(), name.end(), '_', '-');
    return name;
}

namespace {

using Callback = std::function<void(const std::string&)>;

void add(CLI::App& app, const std::string& name, const std::string& type, const std::string& help, Callback parse) {
    app.add_option_function<std::string>(name, std::move(parse), help)
        ->type_name(type)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
        ->group("Noise field");
}

// The option's help from the table: its line of help, what it takes and its default; a choice lists
// each name with its own line of help.
std::string option_help(const Parameter& p) {
    const NoiseDesc defaults;
    std::string help = p.help;
    if (p.needs != nullptr) {
        help += std::string(";\nonly with ") + p.needs;
    }
    if (p.kind == ParameterKind::choice) {
        help += " (default " + parameter_text(defaults, p) + "):";
        for (int i = 0; p.choices[i] != nullptr; ++i) {
            help += std::string("\n  ") + p.choices[i] + ": " + p.choice_help[i];
        }
        return help;
    }
    // A pattern named without a strength gets its recipe's (NoiseOptions::desc).
    const std::string default_text =
        std::strcmp(p.name, "pattern_strength") == 0
            ? "the pattern's recipe: marble " + shortest(pattern_recipe_strength(Pattern::marble)) + ", wood " +
                  shortest(pattern_recipe_strength(Pattern::wood))
            : parameter_text(defaults, p);
    return help + ";\n" + p.expects + " (default " + default_text + ")";
}

std::string type_name(const Parameter& p) {
    switch (p.kind) {
        case ParameterKind::choice: {
            std::string names;
            for (int i = 0; p.choices[i] != nullptr; ++i) {
                names += (i == 0 ? "" : "|") + std::string(p.choices[i]);
            }
            return names.size() <= 24 ? names : "KIND";
        }
        case ParameterKind::integer: return "N";
        case ParameterKind::number: return "F";
        case ParameterKind::seed: return "N|reference";
    }
    return "VALUE";
}

// Checks one value through the library's own reader (set_parameter), so the option accepts what the
// C API and graph files accept; a bad one is a CLI11 validation error naming the option.
void check(const Parameter& p, const std::string& option, const std::string& v) {
    NoiseDesc scratch;
    if (!set_parameter(scratch, p.name, v.c_str())) {
        bad_value(option, "'" + v + "' is not " + p.expects);
    }
}

// The parameters that share a name (period_x..period_w as --period P[,P[,P[,P]]]): one value for
// every axis, or one per axis in order; ',' or '/' between values ('/' in --config files, whose
// reader splits at commas).
void add_axes(CLI::App& app, NoiseOptions* o, std::vector<const Parameter*> axes) {
    const std::string option = option_name(*axes[0]);
    std::string type = "P";
    for (std::size_t i = 1; i < axes.size(); ++i) {
        type += "[,P";
    }
    type += std::string(axes.size() - 1, ']');
    std::string names;
    for (const Parameter* p : axes) {
        names += (names.empty() ? "" : ",") + std::string(p->name).substr(std::strlen(p->axis_of) + 1);
    }
    const std::string help = std::string("the lattice ") + axes[0]->axis_of + " per axis (" + names +
                             "), or one for every axis;\neach " + axes[0]->expects +
                             " (default 0). The field repeats every P / frequency units;\nfractals then need a "
                             "power-of-two lacunarity";
    add(app, option, type, help, [o, axes, option](const std::string& v) {
        std::vector<std::string> values;
        std::size_t at = 0;
        while (true) {
            const std::size_t sep = v.find_first_of(",/", at);
            values.push_back(v.substr(at, sep == std::string::npos ? std::string::npos : sep - at));
            if (sep == std::string::npos) {
                break;
            }
            at = sep + 1;
        }
        NoiseDesc scratch;
        if (values.size() > axes.size() ||
            std::any_of(values.begin(), values.end(),
                        [&](const std::string& x) { return !set_parameter(scratch, axes[0]->name, x.c_str()); })) {
            bad_value(option, "'" + v + "' is not 1 to " + std::to_string(axes.size()) + " comma-separated values, each " +
                                  axes[0]->expects);
        }
        for (std::size_t i = 0; i < axes.size(); ++i) {
            o->given.emplace_back(axes[i], values.size() == 1 ? values[0] : i < values.size() ? values[i] : "0");
        }
        o->one_period = values.size() == 1;
    });
}

}  // namespace

void add_noise_options(CLI::App& app, NoiseOptions* o) {
    std::size_t count = 0;
    const Parameter* table = parameters(&count);
    for (std::size_t i = 0; i < count; ++i) {
        const Parameter& p = table[i];
        if (p.axis_of != nullptr) {
            std::vector<const Parameter*> axes;
            for (; i < count && table[i].axis_of != nullptr && std::strcmp(table[i].axis_of, p.axis_of) == 0; ++i) {
                axes.push_back(&table[i]);
            }
            --i;
            add_axes(app, o, axes);
            continue;
        }
        const std::string option = option_name(p);
        add(app, option, type_name(p), option_help(p), [o, &p, option](const std::string& v) {
            check(p, option, v);
            o->given.emplace_back(&p, v);
        });
    }
    add(app, "--isa", "NAME",
        "instruction set: auto, " + isa_names() + " (default:\n"
        "GRADNOISE_ISA if set, else the best; auto ignores GRADNOISE_ISA).\n"
        "One this CPU lacks, or a bad GRADNOISE_ISA, is an error (status 2).\n"
        "Every ISA gives the same bits.",
        [o](const std::string& v) {
            if (v == "auto") {
                o->isa_choice = NoiseOptions::IsaChoice::automatic;
            } else if (parse_isa(v.c_str(), &o->isa)) {
                o->isa_choice = NoiseOptions::IsaChoice::forced;
            } else {
                bad_value("--isa", "'" + v + "' is not one of auto, " + isa_names());
            }
        });
}

namespace {

// The library's words in the tool's: "NoiseDesc: fractal.octaves must be in 1..32" -> "--octaves must
// be in 1..32"; "NoiseDesc: period_x ..." -> "--period (x) ...".
std::string option_words(std::string m) {
    const std::string prefix = "NoiseDesc: ";
    if (m.rfind(prefix, 0) != 0) {
        return m;
    }
    m = m.substr(prefix.size());
    std::size_t count = 0;
    const Parameter* table = parameters(&count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::string member = table[i].member;
        if (m.rfind(member + " ", 0) == 0 || m == member) {
            std::string option = option_name(table[i]);
            if (table[i].axis_of != nullptr) {
                option += " (" + std::string(table[i].name).substr(std::strlen(table[i].axis_of) + 1) + ")";
            }
            return option + m.substr(member.size());
        }
    }
    if (m.rfind("periods ", 0) == 0) {
        return "--period: " + m;
    }
    return m;
}

}  // namespace

NoiseDesc NoiseOptions::desc(const NoiseDesc& base) const {
    NoiseDesc d = base;
    bool pattern_given = false, pattern_strength_given = false;
    for (const auto& [p, text] : given) {
        (void)set_parameter(d, p->name, text.c_str());  // (checked as the option was read)
        pattern_given |= std::strcmp(p->name, "pattern") == 0;
        pattern_strength_given |= std::strcmp(p->name, "pattern_strength") == 0;
    }
    // [S 16.8] One --period for a simplex basis covers x, y and z: those fields tile in 2D and 3D only.
    if (one_period && basis_family(d.basis) == BasisFamily::simplex) {
        d.period_w = 0;
    }
    if (pattern_given && !pattern_strength_given && d.pattern.kind != Pattern::none) {
        d.pattern.strength = pattern_recipe_strength(d.pattern.kind);
    }
    // An option the field then ignores is refused, not dropped (the library's one rule, which the
    // Python package applies too): --octaves 3 without --fractal would give plain noise.
    if (const IgnoredParameter ignored = ignored_parameter(d, base)) {
        usage_error(option_words(std::string("NoiseDesc: ") + ignored.field) + " has no effect without " + ignored.needs);
    }
    return d;
}

std::string NoiseOptions::first_given() const { return given.empty() ? std::string() : option_name(*given.front().first); }

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
    // Every parameter that takes effect: those that need a part of the field whenever it is there,
    // the others (basis, fractal, periods, warp, pattern) where they differ from the defaults.
    const NoiseDesc defaults;
    std::string text = "--seed " + seed_text(d);
    std::size_t count = 0;
    const Parameter* table = parameters(&count);
    for (std::size_t i = 0; i < count; ++i) {
        const Parameter& p = table[i];
        if (p.kind == ParameterKind::seed || !parameter_in_effect(p, d)) {
            continue;
        }
        if (p.axis_of != nullptr) {  // --period x,y,z,w (all four, or none)
            std::string values;
            bool any = false;
            for (; i < count && table[i].axis_of != nullptr; ++i) {
                values += (values.empty() ? "" : ",") + parameter_text(d, table[i]);
                any |= table[i].get(d) != 0;
            }
            --i;
            if (any) {
                text += " " + option_name(p) + " " + values;
            }
            continue;
        }
        if (p.needs != nullptr || p.get(d) != p.get(defaults)) {
            text += " " + option_name(p) + " " + parameter_text(d, p);
        }
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
