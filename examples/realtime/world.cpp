// The viewer's world and camera (world.hpp).
#include "world.hpp"

#include <algorithm>
#include <cmath>

namespace viewer {

std::int64_t far_offset_samples() {
    const double periods = std::floor(kFarTarget / (double(kPeriodSamples) * kSampleSize) + 0.5);
    return static_cast<std::int64_t>(periods) * kPeriodSamples;
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

double ground_at(const gradnoise::Noise& noise, std::int64_t sx, std::int64_t sy) {
    return std::max(0.0f, noise.chunk_sample_2d(sx, sy, kSpacing)) * double(kHeightScale);
}

Camera scripted_camera(const gradnoise::Noise& noise, int frame, std::int64_t origin_x, std::int64_t origin_y,
                       double pace) {
    const double t = frame / 60.0 * pace;  // seconds, as if at 60 frames per second
    const double speed = 150.0, amp = 120.0, w = 0.45;
    Camera c;
    c.sx = origin_x;
    c.sy = origin_y;
    c.move(speed * t, amp * std::sin(w * t));
    c.yaw = std::atan2(amp * w * std::cos(w * t), speed) + 0.25;
    c.pitch = -0.22;
    // Above the highest ground on the stretch ahead, and at least at cruising height.
    double ground = 0;
    for (int d = 0; d <= 160; d += 40)
        ground = std::max(ground, ground_at(noise, c.sx + std::int64_t(std::lround(d * std::cos(c.yaw))),
                                            c.sy + std::int64_t(std::lround(d * std::sin(c.yaw)))));
    c.z = std::max(0.62 * kHeightScale, ground + 30.0);
    return c;
}

}  // namespace viewer
