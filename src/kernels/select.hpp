// The selector: the one place that maps a descriptor to a kernel instantiation. with_base() picks
// the base noise (fade x family x hasher) once per call and hands it to a loop; with_field() adds
// the fractal, warp and pattern around it. Points, grids, chunks and binary64 all come through
// here, so a new family is one line below (and its header).
#pragma once

#include <type_traits>

#include "kernels/cellular.hpp"
#include "kernels/erosion.hpp"
#include "kernels/fractal.hpp"
#include "kernels/hash.hpp"
#include "kernels/lattice.hpp"
#include "kernels/perlin.hpp"
#include "kernels/simplex.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

template <class Body>
GRADNOISE_KERNEL_INLINE void with_fade(Fade fade, Body&& body) noexcept {
    if (fade == Fade::cubic) {
        body(std::integral_constant<Fade, Fade::cubic>{});
    } else {
        body(std::integral_constant<Fade, Fade::quintic>{});
    }
}

// body(base) with base(k, q) -> B: one octave k of the descriptor's base noise at q (dims batches).
template <int dims, class B = F, class Body>
void with_base(const detail::NoiseTables& t, Body&& body) noexcept {
    if constexpr (std::is_same_v<B, F>) {
        // The simplex and cellular families have no fade.
        const Basis basis = t.desc.basis;
        if (basis == Basis::opensimplex2 || basis == Basis::opensimplex2s) {
            // [S 16] K.jpg's arithmetic, or [S 16.7] the mix variant's.
            const bool smooth = basis == Basis::opensimplex2s;
            // [S 16.8] the periods' wrap per octave (dims 2 and 3: the fallback lattices)
            const detail::SimplexTiling* tiling = dims < 4 && t.simplex_tiling[0].tiled ? t.simplex_tiling : nullptr;
            if (t.hash == Hash::mix) {
                const MixArith arith{t.simplex};
                const I key(static_cast<std::int32_t>(t.mix_key));
                if (smooth) {
                    body(SimplexBase<dims, true, MixArith>{arith, key, t.desc.simplex, tiling});
                } else {
                    body(SimplexBase<dims, false, MixArith>{arith, key, t.desc.simplex, tiling});
                }
            } else {
                const KjpgArith arith{SimplexGrad{t.simplex}};
                const Wide seed = wide(static_cast<std::uint64_t>(t.simplex_seed));
                if (smooth) {
                    body(SimplexBase<dims, true>{arith, seed, t.desc.simplex, tiling});
                } else {
                    body(SimplexBase<dims, false>{arith, seed, t.desc.simplex, tiling});
                }
            }
            return;
        }
        if constexpr (dims < 4) {
            if (basis == Basis::cellular) {
                body(CellularBase<dims>{&t});
                return;
            }
        }
    }
    with_fade(t.fade, [&](auto fade_constant) {
        constexpr Fade fade = decltype(fade_constant)::value;
        if constexpr (std::is_same_v<B, D>) {
            // [S 14] binary64: the perlin basis with Perlin's chain (binary64_covers refuses the rest).
            body(PerlinBase<fade, dims, TableHasher<L>, D>{TableHasher<L>{t.chain.get()}});
        } else if constexpr (dims == 4) {
            body(LatticeBase<fade, 4>{&t});
        } else if (t.general_path) {  // classic and value bases, periods
            body(LatticeBase<fade, dims>{&t});
        } else if (t.hash == Hash::mix) {
            body(PerlinBase<fade, dims, MixHasher>{mix_hasher(t)});
        } else {
            using Hasher = decltype(permutation_hasher<dims>(t));
            body(PerlinBase<fade, dims, Hasher>{permutation_hasher<dims>(t)});
        }
    });
}

// body(field) with field(p) -> F: the whole field at p -- the base noise alone, or decorated.
template <int dims, class Base, class Body>
GRADNOISE_KERNEL_INLINE void with_field_of(const detail::NoiseTables& t, const Base& base, Body&& body) noexcept {
    if (plain_field(t)) {
        // (base by value: a copy the loop can keep in registers; see points())
        body([base](const F* p) GRADNOISE_KERNEL_LAMBDA_INLINE { return base(0, p); });
    } else if (t.desc.erosion.octaves > 0) {  // [S 21] the filter steers by the gradient
        body([base, &t](const F* p) { return erode<dims>(t.erosion, p, decorated_gradient<dims>(base, t, p)).value; });
    } else {
        body([base, &t](const F* p) { return decorated<dims>(base, t, p); });
    }
}

// body(field) with field(p) -> ValueGradient<dims>: the whole field at p with its gradient
// (patterns are rejected before a kernel runs), eroded where the field has erosion.
template <int dims, class Base, class Body>
GRADNOISE_KERNEL_INLINE void with_gradient_field_of(const detail::NoiseTables& t, const Base& base, Body&& body) noexcept {
    if (t.desc.erosion.octaves > 0) {
        // [S 21.6] the exact gradient: the field's gradient at p and, for its curvature, 2 * dims neighbours
        body([base, &t](const F* p) {
            return erode_exact<dims>(t.erosion, p, [&](const F* q) GRADNOISE_KERNEL_LAMBDA_INLINE {
                return decorated_gradient<dims>(base, t, q);
            });
        });
    } else if (t.octaves.kind == Fractal::none && t.desc.warp.levels == 0) {
        body([base](const F* p) GRADNOISE_KERNEL_LAMBDA_INLINE { return base.gradient(0, p); });
    } else {
        body([base, &t](const F* p) { return decorated_gradient<dims>(base, t, p); });
    }
}

template <int dims, class Body>
void with_gradient_field(const detail::NoiseTables& t, Body&& body) noexcept {
    with_base<dims>(t, [&](const auto& base) { with_gradient_field_of<dims>(t, base, body); });
}

template <int dims, class Body>
void with_field(const detail::NoiseTables& t, Body&& body) noexcept {
    with_base<dims>(t, [&](const auto& base) { with_field_of<dims>(t, base, body); });
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
