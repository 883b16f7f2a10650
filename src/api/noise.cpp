// Noise itself: construction (validate, then the tables once: tables/noise_tables.cpp), its
// accessors, and the single-sample calls, which run the scalar reference (src/reference/) under the
// spec's floating-point environment. The bulk calls are points.cpp's and fills.cpp's.
#include <limits>

#include "api/entry.hpp"
#include "api/fp_environment.hpp"
#include "api/refusals.hpp"
#include "gradnoise/noise.hpp"
#include "reference/reference.hpp"
#include "tables/noise_tables.hpp"
#include "tables/splitmix64.hpp"

namespace gradnoise {
namespace {

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

}  // namespace

// Default fields share one set of tables (made on first use), so a default-constructed Noise that
// is about to be assigned (Noise::create's out, the C API) costs no table build.
Noise::Noise() : tables_([] {
    static const std::shared_ptr<const detail::NoiseTables> shared =
        detail::make_tables(desc_of(false, 0, Fade::quintic, Hash::permutation), PermutationTable::reference(), 0);
    return shared;
}()) {}
Noise::Noise(const PermutationTable& permutation, Fade fade)
    : tables_(detail::make_tables(desc_of(false, 0, fade, Hash::permutation), permutation, 0)) {}
Noise::Noise(std::uint64_t seed, Fade fade, Hash hash)
    : tables_(detail::make_tables(desc_of(true, seed, fade, hash), PermutationTable::from_seed(seed), mix_key_of(seed))) {}

const PermutationTable& Noise::permutation() const noexcept { return tables_->permutation; }
Fade Noise::fade() const noexcept { return tables_->fade; }
const FractalParams& Noise::fractal() const noexcept { return tables_->fractal; }
const NoiseDesc& Noise::desc() const noexcept { return tables_->desc; }
Hash Noise::hash() const noexcept { return tables_->hash; }

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
    *out = Noise(detail::make_tables(d, perm, mix_key_of(seed)));
    return Status::success();
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
    if (!detail::has_4d(tables_->desc)) {
        return std::numeric_limits<float>::quiet_NaN();  // [S 16.8, 17] 2D and 3D only
    }
    detail::SpecFpEnvironment fp;
    return reference::field4(*tables_, x, y, z, w);
}

double Noise::noise2_f64(double x, double y) const noexcept {
    if (!detail::binary64_covers(tables_->desc)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    detail::SpecFpEnvironment fp;
    return reference::field2_f64(*tables_, x, y);
}

double Noise::noise3_f64(double x, double y, double z) const noexcept {
    if (!detail::binary64_covers(tables_->desc)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    detail::SpecFpEnvironment fp;
    return reference::field3_f64(*tables_, x, y, z);
}

// ---- [S 18] gradients and curl at one point: NaN where the field has none ----

namespace {

bool has_gradient(const NoiseDesc& d, int dims) {
    constexpr detail::GradientRefusals any{"", "", "", ""};  // (only whether there is a refusal)
    return detail::gradient_refusal(d, dims, any) == nullptr;
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

}  // namespace gradnoise
