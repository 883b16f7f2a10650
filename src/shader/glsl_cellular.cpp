// [S 17, 18.6] One octave of cellular noise as GLSL: the cell hash in uint arithmetic, the fixed 3x3
// (3x3x3) search in the reference's order (src/reference/cellular.cpp), unrolled, the output and its
// gradient (src/reference/gradient.cpp). Every float temporary is `precise`; the feature offsets
// and cell values are exact, as the spec says; Euclidean takes one sqrt per distance at the end
// (the exact one: glsl_exact.cpp).
#include <string>

#include "shader/glsl_text.hpp"
#include "tables/mix_hash.hpp"

namespace gradnoise::glsl {
namespace {

// [S 17.1] The 32-bit hash of a wrapped cell.
std::string cell_hash(const Field& f) {
    std::string s = "uint " + f.fn("_cell_hash") + "(ivec3 c) {\n    uint h = " + hex(f.tables.mix_key) +
                    " ^ (uint(c.x) * " + hex(detail::mix_prime_x) + ") ^ (uint(c.y) * " + hex(detail::mix_prime_y) + ")";
    if (f.dims == 3) s += " ^ (uint(c.z) * " + hex(detail::mix_prime_z) + ")";
    s += ";\n    h = h * " + hex(detail::mix_multiplier) + ";\n    h = h ^ (h >> 15);\n    h = h * " +
         hex(detail::cellular_multiplier) + ";\n    h = h ^ (h >> 13);\n    return h;\n}\n";
    // [S 17.1] Axis a's offset: 10 bits as (b + 1/2) / 512 - 1; the cell's value: 24 bits of a second mix.
    s += "float " + f.fn("_feature_offset") + "(uint h, int a) {\n    precise float r = float((h >> uint(10 * a)) & 1023u) * " +
         constant(0.001953125f) + " + " + constant(-0.9990234375f) + ";\n    return r;\n}\n";
    s += "float " + f.fn("_cell_value") + "(uint h) {\n    uint v = (h ^ (h >> 16)) * " + hex(detail::cellular_value_multiplier) +
         ";\n    precise float r = float(v >> 8) * " + constant(1.1920928955078125e-07f) + " + " + constant(-1.0f) +
         ";\n    return r;\n}\n";
    return s;
}

// [S 17.2] The per-cell output of the neighbour at `step`: its value, its id (its wrapped indices),
// or its feature point's coordinate (the unwrapped cell's corner fl + step, then 0.5 + reach * o).
std::string per_cell(const Field& f, const int* step) {
    const CellularOutput o = f.desc.cellular.output;
    const int n = f.dims;
    if (o == CellularOutput::cell_id) {
        std::string id;
        for (int a = 0; a < n; ++a) {
            const std::string wrapped = "((cell" + number(a) + " + " + number(step[a]) + ") & m." + component(a) + ")";
            id += (a == 0 ? wrapped : " + " + number(1 << (8 * a)) + " * " + wrapped);
        }
        return "float(" + id + ")";
    }
    if (o == CellularOutput::feature_x || o == CellularOutput::feature_y || o == CellularOutput::feature_z) {
        const int a = static_cast<int>(o) - static_cast<int>(CellularOutput::feature_x);
        if (a >= n) return "0.0";  // (feature_z in 2D)
        const std::string corner = step[a] == 0 ? "fl" + number(a) : "(fl" + number(a) + " + " + constant(static_cast<float>(step[a])) + ")";
        return corner + " + (0.5 + " +
               product(f.name, f.tables.cellular_reach[n - 2], f.fn("_feature_offset") + "(h, " + number(a) + ")") + ")";
    }
    return f.fn("_cell_value") + "(h)";
}

// [S 17.2] The output edge's second pass: the least distance (s - F1^2) / (2 sqrt(m)) to a bisector of
// the nearest point (offset1) and another, over the 5x5 (5x5x5) cells, in the search's order; m = 0
// is the nearest point itself. edge_d and edge_g (its gradient, 18.6: -(e / sqrt(m))).
std::string edge(const Field& f) {
    const int n = f.dims;
    const float reach = f.tables.cellular_reach[n - 2];
    std::string s = "    precise float edge_d = uintBitsToFloat(0x7F800000u);\n    vec3 edge_g = vec3(0.0);\n";
    s += std::string("    for (int ez = ") + (n == 3 ? "-2; ez <= 2" : "0; ez <= 0") + "; ++ez) {\n"
         "    for (int ey = -2; ey <= 2; ++ey) {\n    for (int ex = -2; ex <= 2; ++ex) {\n";
    s += "        ivec3 step = ivec3(ex, ey, ez);\n        uint h = " + f.fn("_cell_hash") + "(ivec3((cell0 + ex) & m.x, (cell1 + ey) & m.y, " +
         (n == 3 ? "(cell2 + ez) & m.z" : "0") + "));\n";
    std::string sq, mm;
    for (int a = 0; a < n; ++a) {
        const std::string A = number(a), C(1, component(a));
        s += "        precise float dd" + A + " = ((float(step." + C + ") + 0.5) + " +
             product(f.name, reach, f.fn("_feature_offset") + "(h, " + A + ")") + ") - t" + A + ";\n";
        s += "        precise float ee" + A + " = dd" + A + " - offset1." + C + ";\n";
        sq += (a ? " + dd" : "dd") + A + " * dd" + A;
        mm += (a ? " + ee" : "ee") + A + " * ee" + A;
    }
    if (n == 3) {
        sq = "(dd0 * dd0 + dd1 * dd1) + dd2 * dd2";
        mm = "(ee0 * ee0 + ee1 * ee1) + ee2 * ee2";
    }
    s += "        precise float sq = " + sq + ";\n        precise float mm = " + mm + ";\n";
    s += "        if (mm != 0.0) {\n            precise float root = " + f.lib("_sqrt") + "(mm);\n"
         "            precise float excess = sq - f1;\n            precise float width = 2.0 * root;\n"
         "            precise float b = " + f.lib("_divide") + "(excess, width);\n            if (b < edge_d) {\n                edge_d = b;\n";
    for (int a = 0; a < n; ++a) {
        s += std::string("                precise float g") + number(a) + " = " + f.lib("_divide") + "(ee" + number(a) + ", root);\n                edge_g." +
             component(a) + " = -g" + number(a) + ";\n";
    }
    return s + "            }\n        }\n    }\n    }\n    }\n";
}

// [S 17.2] The search: d per axis, the distance, F1/F2 (and, for the gradient, the offsets offset1, offset2
// that move with them and the nearest cell's value).
std::string search(const Field& f) {
    const int n = f.dims;
    const CellularParams& c = f.desc.cellular;
    const float reach = f.tables.cellular_reach[n - 2];
    std::string s;
    for (int a = 0; a < n; ++a) s += cell_split(f, a);
    s += "    precise float f1 = uintBitsToFloat(0x7F800000u), f2 = uintBitsToFloat(0x7F800000u);\n";
    s += "    float value = 0.0;\n    vec3 offset1 = vec3(0.0), offset2 = vec3(0.0);\n";
    const int kz = n == 3 ? 1 : 0;
    for (int dz = -kz; dz <= kz; ++dz) {
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                const int step[3] = {dx, dy, dz};
                s += "    {\n        uint h = " + f.fn("_cell_hash") + "(ivec3(";
                for (int a = 0; a < 3; ++a) {
                    s += std::string(a ? ", " : "") +
                         (a < n ? "(cell" + number(a) + " + " + number(step[a]) + ") & m." + component(a) : std::string("0"));
                }
                s += "));\n";
                for (int a = 0; a < n; ++a) {
                    // ((float(step) + 0.5) + reach * o_a) - frac_a: float(step) + 0.5 is exact, written as its value.
                    s += "        precise float d" + number(a) + " = (" + constant(static_cast<float>(step[a]) + 0.5f) + " + " +
                         product(f.name, reach, f.fn("_feature_offset") + "(h, " + number(a) + ")") + ") - t" + number(a) + ";\n";
                }
                std::string dist;
                switch (c.distance) {
                    case CellularDistance::manhattan:
                        dist = "abs(d0) + abs(d1)";
                        if (n == 3) dist = "(" + dist + ") + abs(d2)";
                        break;
                    case CellularDistance::chebyshev:
                        dist = "max(abs(d0), abs(d1))";
                        if (n == 3) dist = "max(" + dist + ", abs(d2))";
                        break;
                    default:
                        dist = "d0 * d0 + d1 * d1";
                        if (n == 3) dist = "(" + dist + ") + d2 * d2";
                }
                const std::string d = n == 3 ? "vec3(d0, d1, d2)" : "vec3(d0, d1, 0.0)";
                s += "        precise float dist = " + dist + ";\n";
                s += "        if (dist < f1) {\n            f2 = f1;\n            f1 = dist;\n            precise float v = " +
                     per_cell(f, step) + ";\n            value = v;\n            offset2 = offset1;\n            offset1 = " + d + ";\n"
                     "        } else if (dist < f2) {\n            f2 = dist;\n            offset2 = " + d + ";\n        }\n    }\n";
            }
        }
    }
    if (c.output == CellularOutput::edge) s += edge(f);
    if (c.distance == CellularDistance::euclidean) {
        s += "    f1 = " + f.lib("_sqrt") + "(f1);\n    f2 = " + f.lib("_sqrt") + "(f2);\n";
    }
    return s;
}

std::string output(const Field& f) {
    switch (f.desc.cellular.output) {
        case CellularOutput::f2: return "f2";
        case CellularOutput::f2_minus_f1: return "r";  // (computed precise below)
        case CellularOutput::f1: return "f1";
        case CellularOutput::edge: return "edge_d";
        default: return "value";  // (the per-cell outputs)
    }
}

// [S 18.6] The distance's gradient with respect to the sample point, from the offset d and distance F.
std::string distance_gradient(const Field& f) {
    const int n = f.dims;
    const std::string vec = f.vec();
    std::string s = vec + " " + f.fn("_distance_gradient") + "(vec3 d, float F) {\n";
    auto sign = [](const std::string& v) { return "(" + v + " > 0.0 ? -1.0 : (" + v + " < 0.0 ? 1.0 : 0.0))"; };
    std::string g = vec + "(";
    switch (f.desc.cellular.distance) {
        case CellularDistance::euclidean_squared:
            for (int a = 0; a < n; ++a) {
                s += "    precise float g" + number(a) + " = d." + component(a) + " * -2.0;\n";
                g += std::string(a ? ", g" : "g") + number(a);
            }
            break;
        case CellularDistance::manhattan:
            for (int a = 0; a < n; ++a) g += std::string(a ? ", " : "") + sign(std::string("d.") + component(a));
            break;
        case CellularDistance::chebyshev:
            s += "    int largest = 0;\n    float m = abs(d.x);\n";
            for (int a = 1; a < n; ++a) {
                s += std::string("    if (abs(d.") + component(a) + ") > m) { m = abs(d." + component(a) + "); largest = " +
                     number(a) + "; }\n";
            }
            for (int a = 0; a < n; ++a) {
                g += std::string(a ? ", " : "") + "largest == " + number(a) + " ? " + sign(std::string("d.") + component(a)) + " : 0.0";
            }
            break;
        default:  // -d / F, +0 where F = 0
            for (int a = 0; a < n; ++a) {
                s += std::string("    precise float n") + number(a) + " = -d." + component(a) + ";\n";
                s += std::string("    precise float g") + number(a) + " = F > 0.0 ? " + f.lib("_divide") + "(n" + number(a) + ", F) : 0.0;\n";
                g += std::string(a ? ", g" : "g") + number(a);
            }
    }
    return s + "    return " + g + ");\n}\n";
}

}  // namespace

std::string cellular(const Field& f, bool gradient) {
    const std::string vec = f.vec();
    std::string s = cell(f) + cell_hash(f);
    const bool difference = f.desc.cellular.output == CellularOutput::f2_minus_f1;
    // float <name>_noise(p, m): the output; non-finite p -> +0.
    s += "float " + f.fn("_noise") + "(" + vec + " p, ivec4 m) {\n    if (" + f.lib("_nonfinite") + "(p)) return 0.0;\n";
    s += search(f);
    if (difference) s += "    precise float r = f2 - f1;\n";
    s += "    return " + output(f) + ";\n}\n";
    if (!gradient) return s;
    s += distance_gradient(f);
    s += "float " + f.fn("_noise_gradient") + "(" + vec + " p, ivec4 m, out " + vec + " d) {\n";
    s += "    if (" + f.lib("_nonfinite") + "(p)) {\n        d = " + vec + "(0.0);\n        return 0.0;\n    }\n";
    s += search(f);
    if (difference) s += "    precise float r = f2 - f1;\n";
    switch (f.desc.cellular.output) {
        case CellularOutput::f1: s += "    d = " + f.fn("_distance_gradient") + "(offset1, f1);\n"; break;
        case CellularOutput::edge: s += std::string("    d = edge_g.") + (f.dims == 3 ? "xyz" : "xy") + ";\n"; break;
        case CellularOutput::f2: s += "    d = " + f.fn("_distance_gradient") + "(offset2, f2);\n"; break;
        case CellularOutput::f2_minus_f1:
            s += "    precise " + vec + " g = " + f.fn("_distance_gradient") + "(offset2, f2) - " + f.fn("_distance_gradient") +
                 "(offset1, f1);\n    d = g;\n";
            break;
        default: s += "    d = " + vec + "(0.0);\n"; break;  // the per-cell outputs: piecewise constant
    }
    return s + "    return " + output(f) + ";\n}\n";
}

}  // namespace gradnoise::glsl
