#include <cstdio>
#include "options.hpp"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace gradnoise::cli {

void usage_error(const std::string& message) { throw CliError(exit_usage, message); }
void fail(const std::string& message) { throw CliError(exit_failure, message); }

// ---- ArgReader ----

bool ArgReader::flag(std::string_view name) {
    if (done() || argv_[index_] != name) {
        return false;
    }
    ++index_;
    return true;
}

bool ArgReader::option(std::string_view name, std::string_view* value) {
    if (done()) {
        return false;
    }
    std::string_view arg = argv_[index_];
    if (arg.size() > name.size() && arg.substr(0, name.size()) == name && arg[name.size()] == '=') {
        *value = arg.substr(name.size() + 1);
        ++index_;
        return true;
    }
    if (arg != name) {
        return false;
    }
    if (index_ + 1 >= argc_) {
        usage_error(std::string(name) + " needs a value (see 'gradnoise " + command_ + " --help')");
    }
    *value = argv_[index_ + 1];
    index_ += 2;
    return true;
}

bool ArgReader::option_pair(std::string_view name, std::string_view* first, std::string_view* second) {
    if (done() || argv_[index_] != name) {
        return false;
    }
    if (index_ + 2 >= argc_) {
        usage_error(std::string(name) + " needs two values (see 'gradnoise " + command_ + " --help')");
    }
    *first = argv_[index_ + 1];
    *second = argv_[index_ + 2];
    index_ += 3;
    return true;
}

void ArgReader::unknown() const {
    std::string_view arg = argv_[index_];
    std::string what = (!arg.empty() && arg[0] == '-') ? "unknown option" : "unexpected argument";
    usage_error(what + " '" + std::string(arg) + "' (see 'gradnoise " + command_ + " --help')");
}

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

// ---- NoiseOptions ----

const char* const noise_options_help =
    "  --seed N|reference    permutation: Ken Perlin's own table (reference, the default), or\n"
    "                        one shuffled from a 64-bit seed N (decimal or 0x hex)\n"
    "  --fade quintic|cubic  fade curve (default quintic, Perlin 2002; cubic is Perlin 1985)\n"
    "  --hash permutation|mix  corner hash: Perlin's permutation chain (default), or integer\n"
    "                        mixing keyed by the seed (no tables: faster with AVX2; a\n"
    "                        different field; --seed reference counts as seed 0 there)\n"
    "  --fractal KIND        none (default), fbm, turbulence, ridged or billow: a sum of octaves\n"
    "  --octaves N           octaves of a fractal, 1..32 (default 6)\n"
    "  --frequency F         frequency of the first octave, > 0 (default 1)\n"
    "  --lacunarity L        frequency ratio between octaves, > 0 (default 2)\n"
    "  --persistence P       amplitude ratio between octaves, in (0, 8] (default 0.5)\n"
    "  --basis KIND          perlin (default: Perlin 2002 gradients), classic (256 random unit\n"
    "                        gradients from the seed) or value (value noise)\n"
    "  --period P[,P[,P[,P]]]  tile: lattice period per axis x,y,z,w (0 = none, else a power of\n"
    "                        two in 1..256); one value applies to every axis. The field repeats\n"
    "                        every P / frequency units; fractals then need a power-of-two lacunarity\n"
    "  --warp LEVELS         domain warping: 0 (default), 1, or 2 (a warp of the warp)\n"
    "  --warp-strength S     displacement scale (default 1)\n"
    "  --warp-frequency F    frequency of the displacement field, > 0 (default 1)\n"
    "  --pattern KIND        none (default), marble (0.5 + 0.5 sin(x f + s field)) or wood\n"
    "                        (rings: frac(sqrt(x^2 + y^2) f + s field)); values in [0, 1]\n"
    "  --pattern-frequency F marble: radians per unit x; wood: rings per unit (default 1)\n"
    "  --pattern-strength S  how much the field bends the pattern (default: marble 4, wood 0.2)\n"
    "  --isa NAME            instruction set: auto, scalar, sse2, avx2, avx512, neon (default:\n"
    "                        GRADNOISE_ISA if set, else the best; auto ignores GRADNOISE_ISA).\n"
    "                        One this CPU lacks, or a bad GRADNOISE_ISA, is an error (status 2).\n"
    "                        Every ISA gives the same bits.\n";

bool NoiseOptions::parse(ArgReader& args) {
    std::string_view v;
    if (args.option("--seed", &v)) {
        if (v == "reference") {
            seed.reset();
        } else if (auto n = parse_u64(v)) {
            seed = *n;
        } else {
            usage_error("--seed: '" + std::string(v) +
                        "' is not 'reference' or an unsigned 64-bit integer (decimal or 0x hex)");
        }
        return true;
    }
    if (args.option("--fade", &v)) {
        if (v == "quintic") {
            fade = Fade::quintic;
        } else if (v == "cubic") {
            fade = Fade::cubic;
        } else {
            usage_error("--fade: '" + std::string(v) + "' is not one of quintic, cubic");
        }
        return true;
    }
    if (args.option("--hash", &v)) {
        if (v == "permutation") {
            hash = Hash::permutation;
        } else if (v == "mix") {
            hash = Hash::mix;
        } else {
            usage_error("--hash: '" + std::string(v) + "' is not one of permutation, mix");
        }
        return true;
    }
    if (args.option("--fractal", &v)) {
        const Fractal kinds[] = {Fractal::none, Fractal::fbm, Fractal::turbulence, Fractal::ridged, Fractal::billow};
        bool found = false;
        for (Fractal k : kinds) {
            if (v == fractal_name(k)) {
                fractal.kind = k;
                found = true;
            }
        }
        if (!found) {
            usage_error("--fractal: '" + std::string(v) + "' is not one of none, fbm, turbulence, ridged, billow");
        }
        return true;
    }
    if (args.option("--octaves", &v)) {
        auto n = parse_u64(v);
        if (!n || *n < 1 || *n > static_cast<std::uint64_t>(max_octaves)) {
            usage_error("--octaves: '" + std::string(v) + "' is not an integer in 1..32");
        }
        fractal.octaves = static_cast<int>(*n);
        return true;
    }
    if (args.option("--basis", &v)) {
        const Basis kinds[] = {Basis::perlin, Basis::classic, Basis::value};
        bool found = false;
        for (Basis k : kinds) {
            if (v == basis_name(k)) {
                basis = k;
                found = true;
            }
        }
        if (!found) {
            usage_error("--basis: '" + std::string(v) + "' is not one of perlin, classic, value");
        }
        return true;
    }
    if (args.option("--pattern", &v)) {
        const Pattern kinds[] = {Pattern::none, Pattern::marble, Pattern::wood};
        bool found = false;
        for (Pattern k : kinds) {
            if (v == pattern_name(k)) {
                pattern.kind = k;
                found = true;
            }
        }
        if (!found) {
            usage_error("--pattern: '" + std::string(v) + "' is not one of none, marble, wood");
        }
        return true;
    }
    if (args.option("--period", &v)) {
        std::string_view rest = v;
        int values[4] = {0, 0, 0, 0};
        int count = 0;
        while (true) {
            std::size_t comma = rest.find(',');
            std::string_view item = rest.substr(0, comma);
            auto n = parse_u64(item);
            if (count == 4 || !n || *n > 256 || (*n & (*n - 1)) != 0) {
                usage_error("--period: '" + std::string(v) +
                            "' is not 1 to 4 comma-separated periods, each 0 or a power of two in 1..256");
            }
            values[count++] = static_cast<int>(*n);
            if (comma == std::string_view::npos) {
                break;
            }
            rest = rest.substr(comma + 1);
        }
        for (int a = 0; a < 4; ++a) {
            period[a] = count == 1 ? values[0] : values[a];
        }
        return true;
    }
    if (args.option("--warp", &v)) {
        if (v != "0" && v != "1" && v != "2") {
            usage_error("--warp: '" + std::string(v) + "' is not one of 0, 1, 2");
        }
        warp.levels = v[0] - '0';
        return true;
    }
    if (args.option("--pattern-strength", &v)) {
        auto f = parse_float(v);
        if (!f) {
            usage_error("--pattern-strength: '" + std::string(v) + "' is not a number");
        }
        pattern.strength = *f;
        pattern_strength_set = true;
        return true;
    }
    struct FloatOption {
        const char* name;
        float* target;
    };
    const FloatOption float_options[] = {{"--frequency", &fractal.frequency},
                                         {"--lacunarity", &fractal.lacunarity},
                                         {"--persistence", &fractal.persistence},
                                         {"--warp-strength", &warp.strength},
                                         {"--warp-frequency", &warp.frequency},
                                         {"--pattern-frequency", &pattern.frequency}};
    for (const FloatOption& o : float_options) {
        if (args.option(o.name, &v)) {
            auto f = parse_float(v);
            if (!f) {
                usage_error(std::string(o.name) + ": '" + std::string(v) + "' is not a number");
            }
            *o.target = *f;
            return true;
        }
    }
    if (args.option("--isa", &v)) {
        std::string name(v);
        if (name == "auto") {
            isa_choice = IsaChoice::automatic;
        } else if (parse_isa(name.c_str(), &isa)) {
            isa_choice = IsaChoice::forced;
        } else {
            usage_error("--isa: '" + name + "' is not one of auto, scalar, sse2, avx2, avx512, neon");
        }
        return true;
    }
    return false;
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

NoiseDesc NoiseOptions::desc() const {
    NoiseDesc d;
    d.has_seed = seed.has_value();
    d.seed = seed.value_or(0);
    d.fade = fade;
    d.hash = hash;
    d.fractal = fractal;
    d.basis = basis;
    d.period_x = period[0];
    d.period_y = period[1];
    d.period_z = period[2];
    d.period_w = period[3];
    d.warp = warp;
    d.pattern = pattern;
    if (!pattern_strength_set) {
        d.pattern.strength = pattern.kind == Pattern::wood ? 0.2f : 4.0f;
    }
    return d;
}

Noise NoiseOptions::make_noise() const {
    Noise noise;
    if (Status s = Noise::create(desc(), &noise); !s) {
        // "NoiseDesc: fractal.octaves must be in 1..32" -> "--octaves must be in 1..32"
        std::string m = s.message();
        const std::pair<const char*, const char*> names[] = {
            {"NoiseDesc: fractal.", "--"},           {"NoiseDesc: warp.levels", "--warp"},
            {"NoiseDesc: warp.", "--warp-"},         {"NoiseDesc: pattern.", "--pattern-"},
            {"NoiseDesc: period_x", "--period (x)"}, {"NoiseDesc: period_y", "--period (y)"},
            {"NoiseDesc: period_z", "--period (z)"}, {"NoiseDesc: period_w", "--period (w)"},
            {"NoiseDesc: ", ""}};
        for (const auto& [from, to] : names) {
            if (m.rfind(from, 0) == 0) {
                m = to + m.substr(std::string(from).size());
                break;
            }
        }
        usage_error(m);
    }
    return noise;
}

std::string NoiseOptions::seed_text() const {
    if (hash == Hash::mix) {
        return std::to_string(seed.value_or(0));
    }
    return seed ? std::to_string(*seed) : std::string("reference");
}

std::string NoiseOptions::field_text() const {
    std::string text = "--seed " + seed_text() + " --fade " + fade_name(fade) + " --hash " + hash_name(hash);
    if (fractal.kind != Fractal::none) {
        char buf[160];
        std::snprintf(buf, sizeof buf, " --fractal %s --octaves %d --frequency %.9g --lacunarity %.9g --persistence %.9g",
                      fractal_name(fractal.kind), fractal.octaves, static_cast<double>(fractal.frequency),
                      static_cast<double>(fractal.lacunarity), static_cast<double>(fractal.persistence));
        text += buf;
    }
    const NoiseDesc d = desc();
    char buf[200];
    if (d.basis != Basis::perlin) {
        text += std::string(" --basis ") + basis_name(d.basis);
    }
    if (d.period_x != 0 || d.period_y != 0 || d.period_z != 0 || d.period_w != 0) {
        std::snprintf(buf, sizeof buf, " --period %d,%d,%d,%d", d.period_x, d.period_y, d.period_z, d.period_w);
        text += buf;
    }
    if (d.warp.levels != 0) {
        std::snprintf(buf, sizeof buf, " --warp %d --warp-strength %.9g --warp-frequency %.9g", d.warp.levels,
                      static_cast<double>(d.warp.strength), static_cast<double>(d.warp.frequency));
        text += buf;
    }
    if (d.pattern.kind != Pattern::none) {
        std::snprintf(buf, sizeof buf, " --pattern %s --pattern-frequency %.9g --pattern-strength %.9g",
                      pattern_name(d.pattern.kind), static_cast<double>(d.pattern.frequency),
                      static_cast<double>(d.pattern.strength));
        text += buf;
    }
    return text;
}

}  // namespace gradnoise::cli
