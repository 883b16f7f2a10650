// [S 8, 13, 18.3] The octave sums as GLSL: fbm, turbulence, ridged, billow and the damped fractal,
// with their gradients, unrolled with the CPU's per-octave constants (frequency, amplitude, offset,
// the periods' masks, computed by the reference's float recurrences and written as their bits), in
// the order of src/reference/fractal.cpp and gradient.cpp. Octave k's coordinates come in as q[k]:
// p * f_k + o_k for a point (<name>_fractal), section 13's exact chunk coordinates for a chunk.
#include <string>
#include <vector>

#include "gradnoise/parameters.hpp"
#include "shader/glsl_text.hpp"
#include "tables/band_limit.hpp"

namespace gradnoise::glsl {
namespace {

// Octave k's constants, as the reference's loop computes them.
struct Octave {
    float frequency, amplitude;
    float offset[4];
    int mask[4];  // lattice bases, cellular: period - 1 (255: none); simplex families: the period (0: none)
};

struct Constants {
    std::vector<Octave> octave;  // the octaves evaluated ([S 8.1]: not the faded ones)
    float amplitude_sum = 0.0f;
    float bias = 0.0f;  // [S 8.1] the sum's start
};

Constants constants(const Field& f) {
    const FractalParams& fr = f.desc.fractal;
    const int periods[4] = {f.desc.period_x, f.desc.period_y, f.desc.period_z, f.desc.period_w};
    const float offset[4] = {detail::octave_offset_x, detail::octave_offset_y, detail::octave_offset_z,
                             detail::octave_offset_w};
    Constants c;
    const bool simplex = basis_family(f.desc.basis) == BasisFamily::simplex;
    float frequency = fr.kind == Fractal::none ? 1.0f : fr.frequency, amplitude = 1.0f;
    // [S 8.1] the band limit: octave k's weight; the sum's start (the faded share of the mean) is the
    // CPU tables' own.
    const float footprint = fr.kind == Fractal::none ? 0.0f : fr.footprint, scale = detail::band_scale(f.desc.basis);
    c.bias = f.tables.octaves.bias[f.dims];
    for (int k = 0; k < f.octaves(); ++k) {
        const float w = detail::band_weight(frequency, footprint, scale);
        Octave o{frequency, amplitude * w, {}, {}};
        for (int a = 0; a < 4; ++a) {
            o.offset[a] = static_cast<float>(k) * offset[a];
            if (simplex) {  // [S 16.8] the period itself (0: none): the CPU tables' own
                o.mask[a] = a < 3 ? static_cast<int>(f.tables.simplex_tiling[k].period[a]) : 0;
                continue;
            }
            // [S 10.3] octave k wraps at min(P * lacunarity^k, 256): mask = that - 1.
            int period = periods[a];
            if (period == 0) {
                o.mask[a] = 255;
                continue;
            }
            for (int i = 0; i < k; ++i) {
                period = period * static_cast<int>(fr.lacunarity);
                period = period > 256 ? 256 : period;
            }
            o.mask[a] = period - 1;
        }
        if (k == 0 || w != 0.0f) {
            c.octave.push_back(o);
        }
        c.amplitude_sum = c.amplitude_sum + amplitude;
        frequency = frequency * fr.lacunarity;
        amplitude = amplitude * fr.persistence;
    }
    return c;
}

std::string mask(const Octave& o) {
    return "ivec4(" + number(o.mask[0]) + ", " + number(o.mask[1]) + ", " + number(o.mask[2]) + ", " + number(o.mask[3]) + ")";
}

// name = name + term; the accumulators start at +0, so the first octave's is +0 + term.
std::string accumulate(const Field& f, const std::string& name, const std::string& term, bool first) {
    return "        " + name + " = " + (first ? f.fn("_plus_zero") + "(" + term + ")" : name + " + " + term) + ";\n";
}

// [S 8.1] sum = sum + term, the first from the bias (+0 without a band limit: see accumulate).
std::string accumulate_sum(const Field& f, const Constants& c, const std::string& term, bool first) {
    if (first && c.bias != 0.0f) {
        return "        sum = " + constant(c.bias) + " + " + term + ";\n";
    }
    return accumulate(f, "sum", term, first);
}

// dot = D_0 * D_0 (+ D_a * D_a ...), in axis order ([S 18.3], the damped fractal).
std::string slope_dot(const Field& f) {
    std::string s = "        precise float dot = slope.x * slope.x;\n";
    for (int a = 1; a < f.dims; ++a) {
        s += std::string("        dot = dot + slope.") + component(a) + " * slope." + component(a) + ";\n";
    }
    return s;
}

// [S 8] <name>_octaves(q): the sum of the octaves' terms at q[k], over the amplitude sum. (qvec:
// the coordinates' type, vecN or, for the simplex bases' chunks, dvecN.)
std::string value_sum(const Field& f, const Constants& c, const std::string& qvec) {
    const std::string vec = f.vec(), K = number(f.octaves());
    std::string s = "float " + f.fn("_octaves") + "(" + qvec + " q[" + K + "]) {\n";
    const Fractal kind = f.desc.fractal.kind;
    if (kind == Fractal::none) {
        return s + "    return " + f.fn("_noise") + "(q[0], " + mask(c.octave[0]) + ");\n}\n";
    }
    s += "    precise float sum = 0.0;\n    precise float weight = 1.0;\n";
    if (kind == Fractal::damped) s += "    precise " + vec + " slope = " + vec + "(0.0);\n";
    for (std::size_t k = 0; k < c.octave.size(); ++k) {
        const Octave& o = c.octave[k];
        const std::string q = "q[" + number(static_cast<int>(k)) + "]";
        s += "    {\n";
        if (kind == Fractal::damped) {  // [S 18.3] n / (1 + |D_k|^2), D_k the octaves' summed gradients
            s += "        " + vec + " nd;\n        precise float n = " + f.fn("_noise_gradient") + "(" + q + ", " + mask(o) + ", nd);\n";
            s += accumulate(f, "slope", "nd", k == 0) + slope_dot(f);
            s += "        precise float damping = 1.0 + dot;\n        precise float term = " + f.lib("_divide") + "(n, damping);\n";
        } else {
            s += "        precise float n = " + f.fn("_noise") + "(" + q + ", " + mask(o) + ");\n";
            switch (kind) {
                case Fractal::turbulence: s += "        precise float term = abs(n);\n"; break;
                case Fractal::billow: s += "        precise float term = 2.0 * abs(n) - 1.0;\n"; break;
                case Fractal::ridged:
                    s += "        precise float term = 1.0 - abs(n);\n        term = term * term;\n"
                         "        term = term * weight;\n        precise float w = term * 2.0;\n"
                         "        weight = w < 0.0 ? 0.0 : (w > 1.0 ? 1.0 : w);\n";
                    break;
                default: s += "        precise float term = n;\n";
            }
        }
        s += accumulate_sum(f, c, parenthesized(product(f.name, o.amplitude, "term")), k == 0) + "    }\n";
    }
    return s + "    precise float r = " + f.lib("_divide") + "(sum, " + constant(c.amplitude_sum) + ");\n    return r;\n}\n";
}

// [S 18.3] <name>_octaves_gradient(q, d): the sum with its gradient; octave k's gradient with
// respect to p is its own times f_k; a NaN component of the result (an overflow) is +0.
std::string gradient_sum(const Field& f, const Constants& c, const std::string& qvec) {
    const std::string vec = f.vec(), K = number(f.octaves()), n2 = number(f.dims * f.dims);
    std::string s = "float " + f.fn("_octaves_gradient") + "(" + qvec + " q[" + K + "], out " + vec + " d) {\n";
    const Fractal kind = f.desc.fractal.kind;
    if (kind == Fractal::none) {
        return s + "    return " + f.fn("_noise_gradient") + "(q[0], " + mask(c.octave[0]) + ", d);\n}\n";
    }
    s += "    precise float sum = 0.0;\n    precise " + vec + " dsum = " + vec + "(0.0);\n";
    s += "    precise float weight = 1.0;\n    precise " + vec + " dweight = " + vec + "(0.0);\n";
    if (kind == Fractal::damped) {
        s += "    precise " + vec + " slope = " + vec + "(0.0);\n    precise float J[" + n2 + "];\n";
        s += "    for (int i = 0; i < " + n2 + "; ++i) J[i] = 0.0;\n";
    }
    for (std::size_t k = 0; k < c.octave.size(); ++k) {
        const Octave& o = c.octave[k];
        const std::string q = "q[" + number(static_cast<int>(k)) + "]";
        s += "    {\n        " + vec + " nd;\n";
        if (kind == Fractal::damped) {
            s += "        float H[" + n2 + "];\n        precise float n = " + f.fn("_noise_hessian") + "(" + q + ", " +
                 mask(o) + ", nd, H);\n";
        } else {
            s += "        precise float n = " + f.fn("_noise_gradient") + "(" + q + ", " + mask(o) + ", nd);\n";
        }
        s += "        precise " + vec + " g = " + product(f.name, o.frequency, "nd") + ";\n";
        s += "        precise float term;\n        precise " + vec + " dterm;\n";
        switch (kind) {
            case Fractal::turbulence:
            case Fractal::billow:
                s += "        term = abs(n);\n        dterm = n < 0.0 ? -g : g;\n";
                if (kind == Fractal::billow) s += "        term = 2.0 * term - 1.0;\n        dterm = 2.0 * dterm;\n";
                break;
            case Fractal::ridged:
                s += "        precise float r = 1.0 - abs(n);\n        precise float square = r * r;\n"
                     "        term = square * weight;\n        " + vec + " dr = n < 0.0 ? g : -g;\n"
                     + (k == 0 ? "        dterm = " + f.fn("_plus_zero") + "(((r + r) * dr) * weight);\n"  // (dweight: +0)
                               : std::string("        dterm = ((r + r) * dr) * weight + square * dweight;\n")) +
                     "        precise float w = term * 2.0;\n        weight = w < 0.0 ? 0.0 : (w > 1.0 ? 1.0 : w);\n"
                     "        dweight = (w > 0.0 && w < 1.0) ? dterm * 2.0 : " + vec + "(0.0);\n";
                break;
            case Fractal::damped: {
                s += accumulate(f, "slope", "nd", k == 0) + slope_dot(f);
                s += "        precise float damping = 1.0 + dot;\n        term = " + f.lib("_divide") + "(n, damping);\n";
                const int n = f.dims;
                for (int cc = 0; cc < n; ++cc) {
                    for (int b = 0; b < n; ++b) {
                        const std::string i = number(cc * n + b);
                        s += accumulate(f, "J[" + i + "]", parenthesized(product(f.name, o.frequency, "H[" + i + "]")), k == 0);
                    }
                }
                for (int b = 0; b < n; ++b) {
                    s += "        {\n            precise float e = slope.x * J[" + number(b) + "];\n";
                    for (int cc = 1; cc < n; ++cc) {
                        s += std::string("            e = e + slope.") + component(cc) + " * J[" + number(cc * n + b) + "];\n";
                    }
                    s += std::string("            precise float change = g.") + component(b) + " - term * (e + e);\n";
                    s += std::string("            dterm.") + component(b) + " = " + f.lib("_divide") + "(change, damping);\n        }\n";
                }
                break;
            }
            default: s += "        term = n;\n        dterm = g;\n";
        }
        s += accumulate_sum(f, c, parenthesized(product(f.name, o.amplitude, "term")), k == 0);
        s += accumulate(f, "dsum", parenthesized(product(f.name, o.amplitude, "dterm")), k == 0) + "    }\n";
    }
    s += "    precise float r = " + f.lib("_divide") + "(sum, " + constant(c.amplitude_sum) + ");\n";
    s += "    precise " + vec + " dr = " + f.lib("_divide") + "(dsum, " + constant(c.amplitude_sum) + ");\n";
    s += "    d = " + vec + "(";
    for (int a = 0; a < f.dims; ++a) {
        s += std::string(a ? ", " : "") + f.lib("_isnan") + "(dr." + component(a) + ") ? 0.0 : dr." + component(a);
    }
    return s + ");\n    return r;\n}\n";
}

// [S 8] The fractal at a point: octave k at p * f_k + o_k (product, then sum); a non-finite p
// gives +0 before any octave. One octave (no fractal) is the base noise at p itself.
std::string point_form(const Field& f, const Constants& c, bool gradient) {
    const std::string vec = f.vec(), K = number(f.octaves());
    std::string s = "float " + f.fn(gradient ? "_fractal_gradient" : "_fractal") + "(" + vec + " p" +
                    (gradient ? ", out " + vec + " d" : "") + ") {\n";
    if (f.desc.fractal.kind == Fractal::none) {
        return s + "    return " + f.fn(gradient ? "_noise_gradient" : "_noise") + "(p, " + mask(c.octave[0]) +
               (gradient ? ", d" : "") + ");\n}\n";
    }
    s += "    if (" + f.lib("_nonfinite") + "(p)) {\n";
    if (gradient) s += "        d = " + vec + "(0.0);\n";
    s += "        return 0.0;\n    }\n    " + vec + " q[" + K + "];\n";
    for (std::size_t k = 0; k < c.octave.size(); ++k) {
        const Octave& o = c.octave[k];
        std::string offset = vec + "(";
        for (int a = 0; a < f.dims; ++a) offset += (a ? ", " : "") + constant(o.offset[a]);
        const std::string K1 = number(static_cast<int>(k));
        s += "    precise " + vec + " q" + K1 + " = " +
             (k == 0 ? f.fn("_plus_zero") + parenthesized(product(f.name, o.frequency, "p"))  // (offset +0)
                     : product(f.name, o.frequency, "p") + " + " + offset + ")") + ";\n";
        s += "    q[" + K1 + "] = q" + K1 + ";\n";
    }
    return s + "    return " + f.fn(gradient ? "_octaves_gradient" : "_octaves") + "(q" + (gradient ? ", d" : "") + ");\n}\n";
}

}  // namespace

std::string octaves(const Field& f, bool gradient) {
    const Constants c = constants(f);
    // [S 13.4] The simplex bases' chunk coordinates are binary64: their octave sums take dvecN too.
    const bool binary64 = basis_family(f.desc.basis) == BasisFamily::simplex;
    const std::string dvec = "dvec" + number(f.dims);
    std::string s = value_sum(f, c, f.vec()) + (binary64 ? value_sum(f, c, dvec) : std::string()) + point_form(f, c, false);
    if (gradient) s += gradient_sum(f, c, f.vec()) + (binary64 ? gradient_sum(f, c, dvec) : std::string()) + point_form(f, c, true);
    return s;
}

}  // namespace gradnoise::glsl
