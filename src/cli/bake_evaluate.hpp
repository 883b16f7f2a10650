// gradnoise bake — a picture's values (and slopes) from the field: a frame or a tile of the whole
// image, through the library's grid fills where the samples are a grid, else rows of points.
#ifndef GRADNOISE_CLI_BAKE_EVALUATE_HPP
#define GRADNOISE_CLI_BAKE_EVALUATE_HPP

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "bake_settings.hpp"
#include "field_source.hpp"
#include "progress.hpp"

namespace gradnoise::cli {

// Vectors whose elements are left uninitialised on resize: a bake's buffers are hundreds of MiB
// and every element is written anyway; zero-filling them first costs a pass over memory on one
// thread (the fill then touches the pages on all threads).
template <class T>
struct NoInit : std::allocator<T> {
    using value_type = T;
    template <class U>
    struct rebind {
        using other = NoInit<U>;
    };
    NoInit() = default;
    template <class U>
    NoInit(const NoInit<U>&) noexcept {}
    template <class U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... A>
    void construct(U* p, A&&... a) {
        ::new (static_cast<void*>(p)) U(std::forward<A>(a)...);
    }
};
using Floats = std::vector<float, NoInit<float>>;

// A window of one picture: pixels x0 .. x0+w, y0 .. y0+h of the whole image, frame `frame` (x0 and
// y0 below 0 for a tile set's --overlap beyond the picture's first row and column).
struct Window {
    std::int64_t x0 = 0, y0 = 0;
    std::uint32_t w = 0, h = 0;
    int frame = 0;
};

// The window's values; with gx and gy, also their analytic gradient along x and y (noise units).
// Pixel (i, j) samples (origin_x + float(i) * step, origin_y + float(j) * step) -- spec section 6,
// so a tile equals the same window of one big bake bit for bit. Animations: time t = frame *
// time_step is z (3D), or moves y (fire: "p + t (0, 1, 0)"), or walks a circle in (z, w) (--loop,
// 4D). progress: the fill's (rows), or one that only cancels on a signal. Fails (CliError) with
// the library's message.
// The coordinates a bake's samples have: 2 (a still picture), 3 (frames: time as z), 4 (--loop).
int sampled_dims(const Bake& b);

Floats evaluate(const Bake& b, const FieldSource& noise, const Window& window, RateProgress* progress, Floats* gx = nullptr,
                Floats* gy = nullptr);

}  // namespace gradnoise::cli

#endif
