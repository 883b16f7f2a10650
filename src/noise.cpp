#include <cmath>
#include <cfloat>
#include <limits>

#include "dispatch.hpp"
#include "entry.hpp"
#include "fp_environment.hpp"
#include "gradnoise/gradnoise.hpp"
#include "reference/common.hpp"
#include "reference/reference.hpp"
#include "splitmix64.hpp"
#include "tables.hpp"

namespace gradnoise {

#define GRADNOISE_STR2(x) #x
#define GRADNOISE_STR(x) GRADNOISE_STR2(x)
const char* version_string() noexcept {
    return GRADNOISE_STR(GRADNOISE_VERSION_MAJOR) "." GRADNOISE_STR(GRADNOISE_VERSION_MINOR) "." GRADNOISE_STR(
        GRADNOISE_VERSION_PATCH);
}

namespace detail {

void build_chain_tables(const PermutationTable& p, PermutationChainTables& t) noexcept {
    auto byte = [](int v, int at) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(v) << (8 * at)); };
    for (int n = 0; n < 256; ++n) {
        t.index_p[n] = static_cast<std::uint8_t>(p[n] & 15);
        t.index_pp[n] = static_cast<std::uint8_t>(p[p[n]] & 15);
        t.code_z[n] = byte(gradient_code(p[n]), 0) | byte(gradient_code(p[n + 1]), 1);
    }
    for (int Y = 0; Y < 256; ++Y) {
        for (int X = 0; X < 256; ++X) {
            // [S 3] A = p[X] + Y, B = p[X+1] + Y; level two is p[A], p[B], p[A+1], p[B+1].
            int A = p[X] + Y, B = p[X + 1] + Y;
            int a00 = p[A], a10 = p[B], a01 = p[A + 1], a11 = p[B + 1];
            const int at = PermutationChainTables::chain_index(X, Y);
            t.hash_xy[at] = byte(a00, 0) | byte(a10, 1) | byte(a01, 2) | byte(a11, 3);
            // [S 5] 2D: Z = 0, so the corner hash is p[a_ij].
            t.corner_code_2d[at] = byte(gradient_code(p[a00]), 0) | byte(gradient_code(p[a10]), 1) |
                                   byte(gradient_code(p[a01]), 2) | byte(gradient_code(p[a11]), 3);
        }
    }
}

void build_octaves(NoiseTables& t) noexcept {
    // [S 8] the same recurrences the reference runs per sample, once.
    OctaveTable& o = t.octaves;
    const FractalParams& p = t.fractal;
    const NoiseDesc& d = t.desc;
    const int periods[4] = {d.period_x, d.period_y, d.period_z, d.period_w};
    const float offsets[4] = {octave_offset_x, octave_offset_y, octave_offset_z, octave_offset_w};
    o.kind = p.kind;
    o.octaves = p.kind == Fractal::none ? 1 : p.octaves;
    float frequency = p.frequency, amplitude = 1.0f, amplitude_sum = 0.0f;
    int period[4] = {periods[0], periods[1], periods[2], periods[3]};
    for (int k = 0; k < max_octaves; ++k) {
        float kf = static_cast<float>(k);
        o.frequency[k] = frequency;
        o.amplitude[k] = amplitude;
        for (int a = 0; a < 4; ++a) {
            o.offset[a][k] = kf * offsets[a];
            // [S 10.3] octave k wraps at min(P * lacunarity^k, 256); no period: 256.
            o.mask[k][a] = period[a] == 0 ? 255 : period[a] - 1;
            if (period[a] != 0 && p.kind != Fractal::none) {
                long long next = static_cast<long long>(period[a]) * static_cast<long long>(p.lacunarity);
                period[a] = next > 256 ? 256 : static_cast<int>(next);
            }
        }
        if (k < o.octaves) {
            amplitude_sum = amplitude_sum + amplitude;
        }
        frequency = frequency * p.lacunarity;
        amplitude = amplitude * p.persistence;
    }
    o.amplitude_sum = amplitude_sum;

    // [S 14.3] binary64: the same recurrences in double from the float parameters.
    OctaveConstants<double>& w = t.octaves_f64;
    w.kind = o.kind;
    w.octaves = o.octaves;
    double frequency64 = p.frequency, amplitude64 = 1.0, amplitude_sum64 = 0.0;
    for (int k = 0; k < max_octaves; ++k) {
        const double kd = static_cast<double>(k);
        w.frequency[k] = frequency64;
        w.amplitude[k] = amplitude64;
        for (int a = 0; a < 4; ++a) {
            w.offset[a][k] = kd * static_cast<double>(offsets[a]);
        }
        if (k < w.octaves) {
            amplitude_sum64 = amplitude_sum64 + amplitude64;
        }
        frequency64 = frequency64 * static_cast<double>(p.lacunarity);
        amplitude64 = amplitude64 * static_cast<double>(p.persistence);
    }
    w.amplitude_sum = amplitude_sum64;
}

// [S 10.1, 10.2] A float in [-1, 1) from the top 24 bits of a SplitMix64 output (exact).
float signed_unit(SplitMix64& rng) noexcept {
    std::int32_t v = static_cast<std::int32_t>(rng.next() >> 40) - (1 << 23);
    return static_cast<float>(v) * 0x1p-23f;
}

void build_lattice_values(NoiseTables& t, std::uint64_t seed) noexcept {
    for (int n = 0; n < 256; ++n) {
        t.perm32[n] = t.permutation[static_cast<std::size_t>(n)];
    }
    // [S 10.1] per dimension d = 2, 3, 4 in turn, 256 gradients: draw d coordinates until their
    // squared length (summed in axis order) is in (0, 1], then divide each by its square root.
    SplitMix64 rng(seed ^ classic_stream);
    float* tables[3][4] = {{t.classic2[0], t.classic2[1], nullptr, nullptr},
                           {t.classic3[0], t.classic3[1], t.classic3[2], nullptr},
                           {t.classic4[0], t.classic4[1], t.classic4[2], t.classic4[3]}};
    for (int dims = 2; dims <= 4; ++dims) {
        for (int n = 0; n < 256; ++n) {
            float c[4];
            float length2;
            do {
                length2 = 0.0f;
                for (int a = 0; a < dims; ++a) {
                    c[a] = signed_unit(rng);
                    length2 = length2 + c[a] * c[a];
                }
            } while (!(length2 > 0.0f && length2 <= 1.0f));
            float length = std::sqrt(length2);
            for (int a = 0; a < dims; ++a) {
                tables[dims - 2][a][n] = c[a] / length;
            }
        }
    }
    // [S 10.2] 256 corner values.
    SplitMix64 values(seed ^ value_stream);
    for (int n = 0; n < 256; ++n) {
        t.values[n] = signed_unit(values);
    }
}

}  // namespace detail

namespace {

std::shared_ptr<const detail::NoiseTables> make_tables(const NoiseDesc& desc, const PermutationTable& perm,
                                                       std::uint32_t mix_key) {
    auto t = std::make_shared<detail::NoiseTables>();
    t->desc = desc;
    t->desc.fade = (desc.fade == Fade::cubic) ? Fade::cubic : Fade::quintic;
    t->desc.hash = (desc.hash == Hash::mix) ? Hash::mix : Hash::permutation;
    t->fractal = desc.fractal;
    t->permutation = perm;
    t->fade = t->desc.fade;
    t->hash = t->desc.hash;
    t->mix_key = mix_key;
    t->general_path = desc.basis != Basis::perlin || desc.period_x != 0 || desc.period_y != 0 ||
                      desc.period_z != 0 || desc.period_w != 0;
    // [S 16] the seed as a two's-complement long; [S 17.1] jitter * R for the distance.
    t->simplex_seed = static_cast<std::int64_t>(desc.has_seed ? desc.seed : 0);
    if (desc.basis == Basis::opensimplex2 || desc.basis == Basis::opensimplex2s) {
        t->simplex = &detail::simplex_gradients(desc.basis == Basis::opensimplex2s);
    }
    const int distance = static_cast<int>(desc.cellular.distance) & 3;
    t->cellular_reach[0] = desc.cellular.jitter * detail::cellular_reach_2d[distance];
    t->cellular_reach[1] = desc.cellular.jitter * detail::cellular_reach_3d[distance];
    detail::build_octaves(*t);
    if (t->hash == Hash::permutation && !t->general_path) {
        auto chain = std::make_unique<detail::PermutationChainTables>();
        detail::build_chain_tables(t->permutation, *chain);
        t->chain = std::move(chain);
    }
    detail::build_lattice_values(*t, desc.has_seed ? desc.seed : 0);
    return t;
}

// [S 3.2] the mixing key: the low 32 bits of the first SplitMix64 output for the seed.
std::uint32_t mix_key_of(std::uint64_t seed) {
    return static_cast<std::uint32_t>(detail::SplitMix64(seed).next());
}

NoiseDesc desc_of(bool has_seed, std::uint64_t seed, Fade fade, Hash hash) {
    NoiseDesc d;
    d.has_seed = has_seed;
    d.seed = seed;
    d.fade = fade;
    d.hash = hash;
    return d;
}

bool finite(float v) { return std::fabs(v) <= FLT_MAX; }

bool power_of_two_up_to_256(int v) { return v >= 1 && v <= 256 && (v & (v - 1)) == 0; }


}  // namespace

// Default fields share one set of tables (made on first use), so a default-constructed Noise that
// is about to be assigned (Noise::create's out, the C API) costs no table build.
Noise::Noise() : tables_([] {
    static const std::shared_ptr<const detail::NoiseTables> shared =
        make_tables(desc_of(false, 0, Fade::quintic, Hash::permutation), PermutationTable::reference(), 0);
    return shared;
}()) {}
Noise::Noise(const PermutationTable& permutation, Fade fade)
    : tables_(make_tables(desc_of(false, 0, fade, Hash::permutation), permutation, 0)) {}
Noise::Noise(std::uint64_t seed, Fade fade, Hash hash)
    : tables_(make_tables(desc_of(true, seed, fade, hash), PermutationTable::from_seed(seed), mix_key_of(seed))) {}

const PermutationTable& Noise::permutation() const noexcept { return tables_->permutation; }
Fade Noise::fade() const noexcept { return tables_->fade; }
const FractalParams& Noise::fractal() const noexcept { return tables_->fractal; }
const NoiseDesc& Noise::desc() const noexcept { return tables_->desc; }

Status Noise::validate(const NoiseDesc& d) noexcept {
    if (d.fade != Fade::quintic && d.fade != Fade::cubic) {
        return Status(ErrorCode::invalid_argument, "NoiseDesc: fade must be quintic or cubic");
    }
    if (d.hash != Hash::permutation && d.hash != Hash::mix) {
        return Status(ErrorCode::invalid_argument, "NoiseDesc: hash must be permutation or mix");
    }
    if (static_cast<int>(d.basis) < 0 || static_cast<int>(d.basis) > static_cast<int>(Basis::cellular)) {
        return Status(ErrorCode::invalid_argument,
                      "NoiseDesc: basis must be perlin, classic, value, isotropic, opensimplex2, opensimplex2s or "
                      "cellular");
    }
    const bool simplex = d.basis == Basis::opensimplex2 || d.basis == Basis::opensimplex2s;
    if (simplex) {
        if (static_cast<int>(d.simplex.orientation2) < 0 || static_cast<int>(d.simplex.orientation2) > 1) {
            return Status(ErrorCode::invalid_argument, "NoiseDesc: simplex.orientation2 must be standard or improve_x");
        }
        if (static_cast<int>(d.simplex.orientation3) < 0 || static_cast<int>(d.simplex.orientation3) > 2) {
            return Status(ErrorCode::invalid_argument,
                          "NoiseDesc: simplex.orientation3 must be improve_xy, improve_xz or fallback");
        }
        if (static_cast<int>(d.simplex.orientation4) < 0 || static_cast<int>(d.simplex.orientation4) > 4) {
            return Status(ErrorCode::invalid_argument,
                          "NoiseDesc: simplex.orientation4 must be improve_xyz_improve_xy, improve_xyz_improve_xz, "
                          "improve_xyz, improve_xy_improve_zw or fallback");
        }
        if (d.period_x != 0 || d.period_y != 0 || d.period_z != 0 || d.period_w != 0) {
            return Status(ErrorCode::invalid_argument,
                          "NoiseDesc: periods need a lattice basis (perlin, classic, value, isotropic or cellular); "
                          "the simplex lattices have no axis-aligned period");
        }
    }
    if (d.basis == Basis::cellular) {
        if (static_cast<int>(d.cellular.distance) < 0 || static_cast<int>(d.cellular.distance) > 3) {
            return Status(ErrorCode::invalid_argument,
                          "NoiseDesc: cellular.distance must be euclidean, euclidean_squared, manhattan or chebyshev");
        }
        if (static_cast<int>(d.cellular.output) < 0 || static_cast<int>(d.cellular.output) > 3) {
            return Status(ErrorCode::invalid_argument,
                          "NoiseDesc: cellular.output must be f1, f2, f2_minus_f1 or cell_value");
        }
        if (!(d.cellular.jitter >= 0.0f && d.cellular.jitter <= 1.0f)) {
            return Status(ErrorCode::invalid_argument, "NoiseDesc: cellular.jitter must be in [0, 1]");
        }
    }
    const int periods[4] = {d.period_x, d.period_y, d.period_z, d.period_w};
    const char* period_errors[4] = {
        "NoiseDesc: period_x must be 0 (none) or a power of two in 1..256",
        "NoiseDesc: period_y must be 0 (none) or a power of two in 1..256",
        "NoiseDesc: period_z must be 0 (none) or a power of two in 1..256",
        "NoiseDesc: period_w must be 0 (none) or a power of two in 1..256"};
    bool any_period = false;
    for (int a = 0; a < 4; ++a) {
        if (periods[a] != 0 && !power_of_two_up_to_256(periods[a])) {
            return Status(ErrorCode::invalid_argument, period_errors[a]);
        }
        any_period = any_period || periods[a] != 0;
    }
    const WarpParams& w = d.warp;
    if (w.levels < 0 || w.levels > 2) {
        return Status(ErrorCode::invalid_argument, "NoiseDesc: warp.levels must be 0, 1 or 2");
    }
    if (w.levels > 0) {
        if (!finite(w.strength)) {
            return Status(ErrorCode::invalid_argument, "NoiseDesc: warp.strength must be finite");
        }
        if (!finite(w.frequency) || !(w.frequency > 0.0f)) {
            return Status(ErrorCode::invalid_argument, "NoiseDesc: warp.frequency must be finite and > 0");
        }
    }
    const PatternParams& pattern = d.pattern;
    if (pattern.kind != Pattern::none && pattern.kind != Pattern::marble && pattern.kind != Pattern::wood) {
        return Status(ErrorCode::invalid_argument, "NoiseDesc: pattern.kind must be none, marble or wood");
    }
    if (pattern.kind != Pattern::none) {
        if (!finite(pattern.frequency) || !(pattern.frequency > 0.0f)) {
            return Status(ErrorCode::invalid_argument, "NoiseDesc: pattern.frequency must be finite and > 0");
        }
        if (!finite(pattern.strength)) {
            return Status(ErrorCode::invalid_argument, "NoiseDesc: pattern.strength must be finite");
        }
    }
    const FractalParams& f = d.fractal;
    switch (f.kind) {
        case Fractal::none: return Status::success();  // the other fractal fields are unused
        case Fractal::fbm:
        case Fractal::turbulence:
        case Fractal::ridged:
        case Fractal::billow:
        case Fractal::damped: break;
        default:
            return Status(ErrorCode::invalid_argument,
                          "NoiseDesc: fractal.kind must be none, fbm, turbulence, ridged, billow or damped");
    }
    if (f.octaves < 1 || f.octaves > max_octaves) {
        return Status(ErrorCode::invalid_argument, "NoiseDesc: fractal.octaves must be in 1..32");
    }
    if (!finite(f.frequency) || !(f.frequency > 0.0f)) {
        return Status(ErrorCode::invalid_argument, "NoiseDesc: fractal.frequency must be finite and > 0");
    }
    if (!finite(f.lacunarity) || !(f.lacunarity > 0.0f)) {
        return Status(ErrorCode::invalid_argument, "NoiseDesc: fractal.lacunarity must be finite and > 0");
    }
    if (!(f.persistence > 0.0f && f.persistence <= 8.0f)) {
        return Status(ErrorCode::invalid_argument, "NoiseDesc: fractal.persistence must be in (0, 8]");
    }
    // The range test comes first: converting a float beyond int's range is undefined.
    if (any_period && !(f.lacunarity >= 1.0f && f.lacunarity <= 256.0f &&
                        f.lacunarity == static_cast<float>(static_cast<int>(f.lacunarity)) &&
                        power_of_two_up_to_256(static_cast<int>(f.lacunarity)))) {
        return Status(ErrorCode::invalid_argument,
                      "NoiseDesc: fractal.lacunarity must be a power of two in 1..256 when a period is set");
    }
    return Status::success();
}

Status Noise::create(const NoiseDesc& d, Noise* out) {
    if (out == nullptr) {
        return Status(ErrorCode::null_pointer, "Noise::create: out must be non-null");
    }
    if (Status s = validate(d); !s) {
        return s;
    }
    std::uint64_t seed = d.has_seed ? d.seed : 0;
    PermutationTable perm = (d.has_seed || d.hash == Hash::mix) ? PermutationTable::from_seed(seed)
                                                                : PermutationTable::reference();
    *out = Noise(make_tables(d, perm, mix_key_of(seed)));
    return Status::success();
}

const char* fractal_name(Fractal fractal) noexcept {
    switch (fractal) {
        case Fractal::none: return "none";
        case Fractal::fbm: return "fbm";
        case Fractal::turbulence: return "turbulence";
        case Fractal::ridged: return "ridged";
        case Fractal::billow: return "billow";
        case Fractal::damped: return "damped";
    }
    return "unknown";
}
Hash Noise::hash() const noexcept { return tables_->hash; }

const char* hash_name(Hash hash) noexcept {
    switch (hash) {
        case Hash::permutation: return "permutation";
        case Hash::mix: return "mix";
    }
    return "unknown";
}

float Noise::noise2(float x, float y) const noexcept {
    detail::SpecFpEnvironment fp;
    return reference::field2(*tables_, x, y);
}

float Noise::noise3(float x, float y, float z) const noexcept {
    detail::SpecFpEnvironment fp;
    return reference::field3(*tables_, x, y, z);
}

float Noise::noise4(float x, float y, float z, float w) const noexcept {
    if (tables_->desc.basis == Basis::cellular) {
        return std::numeric_limits<float>::quiet_NaN();  // [S 17] 2D and 3D only
    }
    detail::SpecFpEnvironment fp;
    return reference::field4(*tables_, x, y, z, w);
}

namespace {

bool binary64_covers(const NoiseDesc& d) {
    return d.basis == Basis::perlin && d.hash == Hash::permutation && d.period_x == 0 && d.period_y == 0 &&
           d.period_z == 0 && d.period_w == 0 && d.warp.levels == 0 && d.pattern.kind == Pattern::none &&
           d.fractal.kind != Fractal::damped;
}

const kernels::KernelTable& f64_kernels(const kernels::KernelTable& k) noexcept {
    return k.points_2d_f64 != nullptr ? k : kernels::scalar::kernel_table();
}

}  // namespace

double Noise::noise2_f64(double x, double y) const noexcept {
    if (!binary64_covers(tables_->desc)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    detail::SpecFpEnvironment fp;
    return reference::field2_f64(*tables_, x, y);
}

double Noise::noise3_f64(double x, double y, double z) const noexcept {
    if (!binary64_covers(tables_->desc)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    detail::SpecFpEnvironment fp;
    return reference::field3_f64(*tables_, x, y, z);
}

namespace detail {

Status evaluate_2d_f64(const KernelTable& kt, const NoiseTables& t, const double* x, const double* y, double* out,
                       std::size_t count) noexcept {
    if (!binary64_covers(t.desc)) {
        return Status(ErrorCode::invalid_argument,
                      "evaluate_2d_f64: binary64 covers basis perlin with hash permutation, without periods, warps, "
                      "patterns or the damped fractal");
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || out == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_2d_f64: x, y and out must be non-null when count > 0");
    }
    const kernels::KernelTable& k = f64_kernels(kt);
    detail::SpecFpEnvironment fp;
    k.points_2d_f64(t, x, y, out, count);
    return Status::success();
}

Status evaluate_3d_f64(const KernelTable& kt, const NoiseTables& t, const double* x, const double* y,
                       const double* z, double* out, std::size_t count) noexcept {
    if (!binary64_covers(t.desc)) {
        return Status(ErrorCode::invalid_argument,
                      "evaluate_3d_f64: binary64 covers basis perlin with hash permutation, without periods, warps, "
                      "patterns or the damped fractal");
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || z == nullptr || out == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_3d_f64: x, y, z and out must be non-null when count > 0");
    }
    const kernels::KernelTable& k = f64_kernels(kt);
    detail::SpecFpEnvironment fp;
    k.points_3d_f64(t, x, y, z, out, count);
    return Status::success();
}

}  // namespace detail

Status Noise::evaluate_2d_f64(const double* x, const double* y, double* out, std::size_t count) const noexcept {
    return detail::evaluate_2d_f64(detail::active_kernels(), *tables_, x, y, out, count);
}

Status Noise::evaluate_3d_f64(const double* x, const double* y, const double* z, double* out,
                              std::size_t count) const noexcept {
    return detail::evaluate_3d_f64(detail::active_kernels(), *tables_, x, y, z, out, count);
}

const char* basis_name(Basis basis) noexcept {
    switch (basis) {
        case Basis::perlin: return "perlin";
        case Basis::classic: return "classic";
        case Basis::value: return "value";
        case Basis::isotropic: return "isotropic";
        case Basis::opensimplex2: return "opensimplex2";
        case Basis::opensimplex2s: return "opensimplex2s";
        case Basis::cellular: return "cellular";
    }
    return "unknown";
}

const char* orientation2_name(Orientation2 o) noexcept {
    switch (o) {
        case Orientation2::standard: return "standard";
        case Orientation2::improve_x: return "improve_x";
    }
    return "unknown";
}

const char* orientation3_name(Orientation3 o) noexcept {
    switch (o) {
        case Orientation3::improve_xy: return "improve_xy";
        case Orientation3::improve_xz: return "improve_xz";
        case Orientation3::fallback: return "fallback";
    }
    return "unknown";
}

const char* orientation4_name(Orientation4 o) noexcept {
    switch (o) {
        case Orientation4::improve_xyz_improve_xy: return "improve_xyz_improve_xy";
        case Orientation4::improve_xyz_improve_xz: return "improve_xyz_improve_xz";
        case Orientation4::improve_xyz: return "improve_xyz";
        case Orientation4::improve_xy_improve_zw: return "improve_xy_improve_zw";
        case Orientation4::fallback: return "fallback";
    }
    return "unknown";
}

const char* cellular_distance_name(CellularDistance d) noexcept {
    switch (d) {
        case CellularDistance::euclidean: return "euclidean";
        case CellularDistance::euclidean_squared: return "euclidean_squared";
        case CellularDistance::manhattan: return "manhattan";
        case CellularDistance::chebyshev: return "chebyshev";
    }
    return "unknown";
}

const char* cellular_output_name(CellularOutput o) noexcept {
    switch (o) {
        case CellularOutput::f1: return "f1";
        case CellularOutput::f2: return "f2";
        case CellularOutput::f2_minus_f1: return "f2_minus_f1";
        case CellularOutput::cell_value: return "cell_value";
    }
    return "unknown";
}

const char* pattern_name(Pattern pattern) noexcept {
    switch (pattern) {
        case Pattern::none: return "none";
        case Pattern::marble: return "marble";
        case Pattern::wood: return "wood";
    }
    return "unknown";
}

namespace detail {

Status evaluate_2d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, float* out,
                   std::size_t count) noexcept {
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || out == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_2d: x, y and out must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    k.points_2d(t, x, y, out, count);
    return Status::success();
}

Status evaluate_3d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                   float* out, std::size_t count) noexcept {
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || z == nullptr || out == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_3d: x, y, z and out must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    k.points_3d(t, x, y, z, out, count);
    return Status::success();
}

Status evaluate_4d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                   const float* w, float* out, std::size_t count) noexcept {
    if (t.desc.basis == Basis::cellular) {
        return Status(ErrorCode::invalid_argument, "evaluate_4d: cellular noise is 2D and 3D only");
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || z == nullptr || w == nullptr || out == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_4d: x, y, z, w and out must be non-null when count > 0");
    }

    detail::SpecFpEnvironment fp;
    k.points_4d(t, x, y, z, w, out, count);
    return Status::success();
}

}  // namespace detail

Status Noise::evaluate_2d(const float* x, const float* y, float* out, std::size_t count) const noexcept {
    return detail::evaluate_2d(detail::active_kernels(), *tables_, x, y, out, count);
}

Status Noise::evaluate_3d(const float* x, const float* y, const float* z, float* out,
                          std::size_t count) const noexcept {
    return detail::evaluate_3d(detail::active_kernels(), *tables_, x, y, z, out, count);
}

Status Noise::evaluate_4d(const float* x, const float* y, const float* z, const float* w, float* out,
                          std::size_t count) const noexcept {
    return detail::evaluate_4d(detail::active_kernels(), *tables_, x, y, z, w, out, count);
}

// ---- [S 18] gradients and curl ----

namespace detail {

// Gradients exist for every field without a pattern (and for cellular noise in 2D and 3D); the
// damped fractal's needs its octaves' Hessians, which the lattice bases have.
const char* const damped_gradient_refusal =
    "gradients of the damped fractal need second derivatives, which only the lattice bases (perlin, classic, value, "
    "isotropic) provide: use one of those, or another fractal kind";

bool gradient_planes_present(const GradientOut& o, int dims) noexcept {
    const float* planes[5] = {o.value, o.dx, o.dy, o.dz, o.dw};
    for (int a = 0; a <= dims; ++a) {
        if (planes[a] == nullptr) {
            return false;
        }
    }
    return true;
}

}  // namespace detail

namespace {

const char* gradient_refusal(const NoiseDesc& d, int dims, const char* pattern_message, const char* cellular_message) {
    if (d.pattern.kind != Pattern::none) {
        return pattern_message;
    }
    if (dims == 4 && d.basis == Basis::cellular) {
        return cellular_message;
    }
    if (!reference::spec::has_gradient(d, dims)) {
        return detail::damped_gradient_refusal;
    }
    return nullptr;
}

bool has_gradient(const NoiseDesc& d, int dims) {
    return gradient_refusal(d, dims, "", "") == nullptr;
}

template <class G>
G nan_gradient() {
    G g;
    float* f = reinterpret_cast<float*>(&g);
    for (std::size_t i = 0; i < sizeof(G) / sizeof(float); ++i) {
        f[i] = std::numeric_limits<float>::quiet_NaN();
    }
    return g;
}

}  // namespace

Gradient2 Noise::gradient2(float x, float y) const noexcept {
    if (!has_gradient(tables_->desc, 2)) {
        return nan_gradient<Gradient2>();
    }
    detail::SpecFpEnvironment fp;
    const float p[2] = {x, y};
    const reference::Gradient g = reference::field_gradient(*tables_, 2, p);
    return {g.value, g.d[0], g.d[1]};
}

Gradient3 Noise::gradient3(float x, float y, float z) const noexcept {
    if (!has_gradient(tables_->desc, 3)) {
        return nan_gradient<Gradient3>();
    }
    detail::SpecFpEnvironment fp;
    const float p[3] = {x, y, z};
    const reference::Gradient g = reference::field_gradient(*tables_, 3, p);
    return {g.value, g.d[0], g.d[1], g.d[2]};
}

Gradient4 Noise::gradient4(float x, float y, float z, float w) const noexcept {
    if (!has_gradient(tables_->desc, 4)) {
        return nan_gradient<Gradient4>();
    }
    detail::SpecFpEnvironment fp;
    const float p[4] = {x, y, z, w};
    const reference::Gradient g = reference::field_gradient(*tables_, 4, p);
    return {g.value, g.d[0], g.d[1], g.d[2], g.d[3]};
}

Curl2 Noise::curl2(float x, float y) const noexcept {
    if (!has_gradient(tables_->desc, 2)) {
        return nan_gradient<Curl2>();
    }
    detail::SpecFpEnvironment fp;
    const float p[2] = {x, y};
    float v[2];
    reference::curl(*tables_, 2, p, v);
    return {v[0], v[1]};
}

Curl3 Noise::curl3(float x, float y, float z) const noexcept {
    if (!has_gradient(tables_->desc, 3)) {
        return nan_gradient<Curl3>();
    }
    detail::SpecFpEnvironment fp;
    const float p[3] = {x, y, z};
    float v[3];
    reference::curl(*tables_, 3, p, v);
    return {v[0], v[1], v[2]};
}

namespace detail {

Status evaluate_gradient_2d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y,
                            const GradientOut& out, std::size_t count) noexcept {
    if (const char* refusal = gradient_refusal(t.desc, 2, "evaluate_gradient_2d: patterns have no gradient (pattern.kind must be none)", "")) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || !gradient_planes_present(out, 2)) {
        return Status(ErrorCode::null_pointer,
                      "evaluate_gradient_2d: x, y, out.value, out.dx and out.dy must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    k.points_gradient_2d(t, x, y, out, count);
    return Status::success();
}

Status evaluate_gradient_3d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                            const GradientOut& out, std::size_t count) noexcept {
    if (const char* refusal = gradient_refusal(t.desc, 3, "evaluate_gradient_3d: patterns have no gradient (pattern.kind must be none)", "")) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || z == nullptr || !gradient_planes_present(out, 3)) {
        return Status(ErrorCode::null_pointer,
                      "evaluate_gradient_3d: x, y, z, out.value, out.dx, out.dy and out.dz must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    k.points_gradient_3d(t, x, y, z, out, count);
    return Status::success();
}

Status evaluate_gradient_4d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                            const float* w, const GradientOut& out, std::size_t count) noexcept {
    if (const char* refusal = gradient_refusal(t.desc, 4, "evaluate_gradient_4d: patterns have no gradient (pattern.kind must be none)",
                                               "evaluate_gradient_4d: cellular noise is 2D and 3D only")) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || z == nullptr || w == nullptr || !gradient_planes_present(out, 4)) {
        return Status(ErrorCode::null_pointer,
                      "evaluate_gradient_4d: x, y, z, w and out.value, dx, dy, dz, dw must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    k.points_gradient_4d(t, x, y, z, w, out, count);
    return Status::success();
}

// [S 18.5] Curl noise from the gradient kernels, in blocks on the stack (no allocation).
Status evaluate_curl_2d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, float* vx,
                        float* vy, std::size_t count) noexcept {
    if (const char* refusal = gradient_refusal(t.desc, 2, "evaluate_curl_2d: patterns have no gradient (pattern.kind must be none)", "")) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || vx == nullptr || vy == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_curl_2d: x, y, vx and vy must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    constexpr std::size_t block = 256;
    float value[block], dx[block], dy[block];
    for (std::size_t i = 0; i < count; i += block) {
        const std::size_t n = count - i < block ? count - i : block;
        k.points_gradient_2d(t, x + i, y + i, GradientOut{value, dx, dy, nullptr, nullptr}, n);
        for (std::size_t j = 0; j < n; ++j) {
            vx[i + j] = dy[j];
            vy[i + j] = -dx[j];
        }
    }
    return Status::success();
}

Status evaluate_curl_3d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                        float* vx, float* vy, float* vz, std::size_t count) noexcept {
    if (const char* refusal = gradient_refusal(t.desc, 3, "evaluate_curl_3d: patterns have no gradient (pattern.kind must be none)", "")) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || z == nullptr || vx == nullptr || vy == nullptr || vz == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_curl_3d: x, y, z, vx, vy and vz must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    constexpr std::size_t block = 256;
    float q[3][block], value[block], d[3][3][block];
    for (std::size_t i = 0; i < count; i += block) {
        const std::size_t n = count - i < block ? count - i : block;
        for (int a = 0; a < 3; ++a) {
            for (std::size_t j = 0; j < n; ++j) {
                q[0][j] = x[i + j] + curl_offset[a][0];
                q[1][j] = y[i + j] + curl_offset[a][1];
                q[2][j] = z[i + j] + curl_offset[a][2];
            }
            k.points_gradient_3d(t, q[0], q[1], q[2], GradientOut{value, d[a][0], d[a][1], d[a][2], nullptr}, n);
        }
        for (std::size_t j = 0; j < n; ++j) {
            vx[i + j] = d[2][1][j] - d[1][2][j];
            vy[i + j] = d[0][2][j] - d[2][0][j];
            vz[i + j] = d[1][0][j] - d[0][1][j];
        }
    }
    return Status::success();
}

}  // namespace detail

Status Noise::evaluate_gradient_2d(const float* x, const float* y, const GradientOut& out, std::size_t count) const noexcept {
    return detail::evaluate_gradient_2d(detail::active_kernels(), *tables_, x, y, out, count);
}

Status Noise::evaluate_gradient_3d(const float* x, const float* y, const float* z, const GradientOut& out,
                                   std::size_t count) const noexcept {
    return detail::evaluate_gradient_3d(detail::active_kernels(), *tables_, x, y, z, out, count);
}

Status Noise::evaluate_gradient_4d(const float* x, const float* y, const float* z, const float* w, const GradientOut& out,
                                   std::size_t count) const noexcept {
    return detail::evaluate_gradient_4d(detail::active_kernels(), *tables_, x, y, z, w, out, count);
}

Status Noise::evaluate_curl_2d(const float* x, const float* y, float* vx, float* vy, std::size_t count) const noexcept {
    return detail::evaluate_curl_2d(detail::active_kernels(), *tables_, x, y, vx, vy, count);
}

Status Noise::evaluate_curl_3d(const float* x, const float* y, const float* z, float* vx, float* vy, float* vz,
                               std::size_t count) const noexcept {
    return detail::evaluate_curl_3d(detail::active_kernels(), *tables_, x, y, z, vx, vy, vz, count);
}

}  // namespace gradnoise
