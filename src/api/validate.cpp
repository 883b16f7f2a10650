// Noise::validate: every NoiseDesc field checked before tables are built, each refusal naming the
// field and its allowed range ("NoiseDesc: <field> must be ...").
#include <cfloat>
#include <cmath>

#include "gradnoise/noise.hpp"

namespace gradnoise {
namespace {

bool finite(float v) { return std::fabs(v) <= FLT_MAX; }

bool power_of_two_up_to_256(int v) { return v >= 1 && v <= 256 && (v & (v - 1)) == 0; }

// fade, hash and basis: values of their enumerations.
Status check_kinds(const NoiseDesc& d) {
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
    return Status::success();
}

// [S 16] The simplex families' orientations; their lattices have no axis-aligned period.
Status check_simplex(const NoiseDesc& d) {
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
    return Status::success();
}

// [S 17] Cellular noise's distance, output and jitter.
Status check_cellular(const NoiseDesc& d) {
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
    return Status::success();
}

// [S 10.3] Each period: 0 (none) or a power of two up to 256.
Status check_periods(const NoiseDesc& d) {
    const int periods[4] = {d.period_x, d.period_y, d.period_z, d.period_w};
    const char* period_errors[4] = {
        "NoiseDesc: period_x must be 0 (none) or a power of two in 1..256",
        "NoiseDesc: period_y must be 0 (none) or a power of two in 1..256",
        "NoiseDesc: period_z must be 0 (none) or a power of two in 1..256",
        "NoiseDesc: period_w must be 0 (none) or a power of two in 1..256"};
    for (int a = 0; a < 4; ++a) {
        if (periods[a] != 0 && !power_of_two_up_to_256(periods[a])) {
            return Status(ErrorCode::invalid_argument, period_errors[a]);
        }
    }
    return Status::success();
}

// [S 11] Warp levels, and with a warp its strength and frequency.
Status check_warp(const WarpParams& w) {
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
    return Status::success();
}

// [S 12] The pattern's kind, and with a pattern its frequency and strength.
Status check_pattern(const PatternParams& pattern) {
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
    return Status::success();
}

// [S 8, 10.3] The fractal's kind and, with a fractal, its parameters; with a period, a lacunarity
// that keeps every octave periodic.
Status check_fractal(const FractalParams& f, bool any_period) {
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

}  // namespace

Status Noise::validate(const NoiseDesc& d) noexcept {
    const bool simplex = d.basis == Basis::opensimplex2 || d.basis == Basis::opensimplex2s;
    const bool any_period = d.period_x != 0 || d.period_y != 0 || d.period_z != 0 || d.period_w != 0;
    Status s = check_kinds(d);  // (then each group in turn: the first refusal is reported)
    if (s && simplex) {
        s = check_simplex(d);
    }
    if (s && d.basis == Basis::cellular) {
        s = check_cellular(d);
    }
    if (s) {
        s = check_periods(d);
    }
    if (s) {
        s = check_warp(d.warp);
    }
    if (s) {
        s = check_pattern(d.pattern);
    }
    if (s) {
        s = check_fractal(d.fractal, any_period);
    }
    return s;
}

}  // namespace gradnoise
