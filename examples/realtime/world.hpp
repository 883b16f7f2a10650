// The viewer's world and camera: a lattice of 64-bit sample numbers, kSampleSize world units apart,
// its terrain the fBm's height (water flat at 0), and the camera over it -- interactive, or the scripted
// flight, a pure function of the frame number. Everything is drawn relative to the camera's chunk, in
// small floats, so 60 million units out the picture is as sharp as at the origin.
#ifndef GRADNOISE_VIEWER_WORLD_HPP
#define GRADNOISE_VIEWER_WORLD_HPP

#include <cmath>
#include <cstdint>

#include "gradnoise/noise.hpp"

namespace viewer {

inline constexpr int kSamplesPerNoiseUnit = 256;  // spacing 1/256: a power of two, so far offsets are exact
inline constexpr float kSpacing = 1.0f / kSamplesPerNoiseUnit;
inline constexpr double kSampleSize = 1.0;     // world units per sample
inline constexpr float kHeightScale = 160.0f;  // world units per unit of noise value
// The range of the terrain's fBm (docs/spec.md section 8: within [-B, B], B = 1.0364 for the quintic fade):
// the height bounds of a GPU-made chunk, whose real range stays on the GPU.
inline constexpr float kFbmBound = 1.0364f;
// --lod: how far a chunk's skirt hangs below its edge, world units (more than the heights of two
// levels differ between their common samples, which the band limit keeps small).
inline constexpr float kSkirt = 24.0f;
// Perlin noise repeats every 256 noise units on x and y, and so does every octave of the fBm
// (octave k runs at 2^k times the frequency): the world repeats every 256 * 256 samples.
inline constexpr std::int64_t kPeriodSamples = std::int64_t(256) * kSamplesPerNoiseUnit;
inline constexpr double kFarTarget = 60.0e6;  // world units
// The start of the flight: the path ends over a bay with a snowy range ahead (found by a scan of one
// period of the field for snow and rock in the distance, none close ahead).
inline constexpr std::int64_t kStartX = 19200, kStartY = 60672;

// The multiple of the period nearest 60 million world units: the far world is the near one, bit
// for bit, so near and far screenshots must match.
std::int64_t far_offset_samples();

std::int64_t floor_div(std::int64_t a, std::int64_t b);

struct Camera {
    std::int64_t sx = 0, sy = 0;  // the sample the camera is over...
    double fx = 0, fy = 0;        // ...and where inside it, [0, 1)
    double z = 0;                 // world units above sea level
    double yaw = 0, pitch = 0;

    void move(double dx_samples, double dy_samples) {
        fx += dx_samples;
        fy += dy_samples;
        const double ix = std::floor(fx), iy = std::floor(fy);
        sx += static_cast<std::int64_t>(ix);
        sy += static_cast<std::int64_t>(iy);
        fx -= ix;
        fy -= iy;
    }
};

// The terrain height (world units, water flat at 0) under a sample, through the scalar reference.
double ground_at(const gradnoise::Noise& noise, std::int64_t sx, std::int64_t sy);

// The scripted flight: a pure function of the frame number (never of wall time), starting at
// (origin_x, origin_y) in samples, so two runs -- and the near and far worlds -- see the same frames.
Camera scripted_camera(const gradnoise::Noise& noise, int frame, std::int64_t origin_x, std::int64_t origin_y,
                       double pace = 1.0);

}  // namespace viewer

#endif
