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

Noise NoiseOptions::make_noise() const {
    if (hash == Hash::mix) {
        return Noise(seed.value_or(0), fade, Hash::mix);
    }
    return seed ? Noise(*seed, fade) : Noise(PermutationTable::reference(), fade);
}

std::string NoiseOptions::seed_text() const {
    if (hash == Hash::mix) {
        return std::to_string(seed.value_or(0));
    }
    return seed ? std::to_string(*seed) : std::string("reference");
}

std::string NoiseOptions::field_text() const {
    return "--seed " + seed_text() + " --fade " + fade_name(fade) + " --hash " + hash_name(hash);
}

}  // namespace gradnoise::cli
