// [S 16.3-16.5, 18.4] OpenSimplex2S's lattice walks as GLSL: src/reference/simplex_smooth.cpp
// operation by operation, in the variant's arithmetic (glsl_simplex.hpp), on the integer
// operations, cells, vertex gradients and contributions glsl_simplex.cpp writes. Every vertex's
// offset goes through a `precise` temporary before the call that takes it (a compiler may fuse
// arithmetic written as an argument: lavapipe did, for OpenSimplex2).
#include <cstdint>
#include <string>

#include "reference/simplex_common.hpp"
#include "shader/glsl_simplex.hpp"
#include "tables/simplex_constants.hpp"

namespace gradnoise::glsl {
namespace {

// [S 16.1] The reference's falloff radii, squared (float divisions), and the 4D unskew.
constexpr float radius2_2d = 2.0f / 3.0f;
constexpr float radius2_3d = 3.0f / 4.0f;
constexpr float radius2_4d = 4.0f / 5.0f;
constexpr float unskew_4d = -0.138196601125011f;

// Lattice step `step` times the axis prime, wrapping as the variant's integers do.
std::uint64_t step_prime(const Variant& v, int step, int axis) {
    const std::uint64_t kjpg[4] = {detail::simplex_prime_x, detail::simplex_prime_y, detail::simplex_prime_z,
                                   detail::simplex_prime_w};
    return v.mix ? static_cast<std::uint32_t>(step) * detail::simplex_mix_primes[axis]
                 : reference::simplex::times<std::uint64_t>(step, kjpg[axis]);
}

// "p" or "$F_iadd(p, step * prime)": the primed cell moved by a constant step.
std::string moved(const Field& f, const Variant& v, const std::string& p, int step, int axis) {
    if (step == 0) return p;
    return f.fn("_iadd") + "(" + p + ", " + v.integer(step_prime(v, step, axis)) + ")";
}

// value += one vertex's contribution: its offset through a precise temporary, its gradient hashed.
std::string add_vertex(const std::string& indent, const std::string& a, const std::string& hash, const std::string& offset) {
    return indent + "{\n" + indent + "    precise $V o = $V(" + offset + ");\n" + indent + "    value += $F_contribution(" + a +
           ", $F_vertex_gradient(" + hash + "), o$D);\n" + indent + "}\n";
}

// [S 16.3] 2D: the cell's two fixed vertices, then two of four chosen by the point's place.
std::string walk2(const Field& f, const Variant& v) {
    const double u = detail::simplex_unskew_2d;
    auto offset = [&](int i, int j) { return constant(static_cast<float>(i + (i + j) * u)); };
    // Vertex (i, j), inside its radius only.
    auto vertex = [&](const std::string& indent, int i, int j) {
        std::string s = indent + "precise float dx = dx0 - " + offset(i, j) + ", dy = dy0 - " + offset(j, i) + ";\n";
        s += indent + "precise float a = $R - dx * dx - dy * dy;\n";
        s += indent + "if (a > 0.0) value += $F_contribution(a, $F_vertex_gradient(seed ^ " + moved(f, v, "xp", i, 0) + " ^ " +
             moved(f, v, "yp", j, 1) + "), vec2(dx, dy)$D);\n";
        return s;
    };
    auto choice = [&](const std::string& condition, int i0, int j0, int i1, int j1) {
        return "        if (" + condition + ") {\n" + vertex("            ", i0, j0) + "        } else {\n" +
               vertex("            ", i1, j1) + "        }\n";
    };
    std::string s =
        "    int xsb = $F_floor_cell(s.x), ysb = $F_floor_cell(s.y);\n"
        "    precise float xi = $F_cell_offset(s.x, xsb), yi = $F_cell_offset(s.y, ysb);\n"
        "    $I xp = $F_itimes(xsb, $PX), yp = $F_itimes(ysb, $PY);\n"
        "    precise float t = (xi + yi) * " + constant(static_cast<float>(u)) + ";\n"
        "    precise float dx0 = xi + t, dy0 = yi + t;\n"
        "    precise float a0 = $R - dx0 * dx0 - dy0 * dy0;\n"
        "    precise float value = $F_contribution(a0, $F_vertex_gradient(seed ^ xp ^ yp), vec2(dx0, dy0)$D);\n"
        "    precise float a1 = " + constant(static_cast<float>(2 * (1 + 2 * u) * (1 / u + 2))) + " * t + (" +
        constant(static_cast<float>(-2 * (1 + 2 * u) * (1 + 2 * u))) + " + a0);\n"
        "    precise float dx1 = dx0 - " + offset(1, 1) + ", dy1 = dy0 - " + offset(1, 1) + ";\n"
        "    value += $F_contribution(a1, $F_vertex_gradient(seed ^ " + moved(f, v, "xp", 1, 0) + " ^ " +
        moved(f, v, "yp", 1, 1) + "), vec2(dx1, dy1)$D);\n"
        "    precise float xmyi = xi - yi;\n"
        "    precise float xsum = xi + xmyi, ydiff = yi - xmyi;\n"
        // The float t against the double constant, compared in the variant's coordinates.
        "    if ($C(t) < " + v.real(u) + ") {\n" +
        choice("xsum > 1.0", 2, 1, 0, 1) + choice("ydiff > 1.0", 1, 2, 1, 0) + "    } else {\n" +
        choice("xsum < 0.0", -1, 0, 1, 0) + choice("yi < xmyi", 0, -1, 0, 1) + "    }\n";
    return s;
}

// [S 16.4] 3D: the BCC lattice's nearer corner of each cubic lattice, then their neighbours in the
// reference's order with its skips. Masks of the near corner are 0 or all ones ($I(uint(n))).
std::string walk3(const Variant& v) {
    const char* axes = "xyz";
    std::string s =
        "    int xrb = $F_floor_cell(s.x), yrb = $F_floor_cell(s.y), zrb = $F_floor_cell(s.z);\n"
        "    precise float xi = $F_cell_offset(s.x, xrb), yi = $F_cell_offset(s.y, yrb), zi = $F_cell_offset(s.z, zrb);\n"
        "    $I xp = $F_itimes(xrb, $PX), yp = $F_itimes(yrb, $PY), zp = $F_itimes(zrb, $PZ);\n"
        "    $I seed2 = seed ^ $FLIP;\n"
        "    precise float hx = -0.5 - xi, hy = -0.5 - yi, hz = -0.5 - zi;\n"
        "    int nx = int(hx), ny = int(hy), nz = int(hz);\n"
        "    int sx = nx | 1, sy = ny | 1, sz = nz | 1;\n"
        "    $I mx = $I(uint(nx)), my = $I(uint(ny)), mz = $I(uint(nz));\n"
        "    precise float x0 = xi + float(nx), y0 = yi + float(ny), z0 = zi + float(nz);\n"
        "    precise float a0 = $R - x0 * x0 - y0 * y0 - z0 * z0;\n"
        "    precise float value = $F_contribution(a0, $F_vertex_gradient($F_hash3(seed, $F_iadd(xp, mx & $PX), "
        "$F_iadd(yp, my & $PY), $F_iadd(zp, mz & $PZ))), vec3(x0, y0, z0)$D);\n"
        "    precise float x1 = xi - 0.5, y1 = yi - 0.5, z1 = zi - 0.5;\n"
        "    precise float a1 = $R - x1 * x1 - y1 * y1 - z1 * z1;\n"
        "    value += $F_contribution(a1, $F_vertex_gradient($F_hash3(seed2, $F_iadd(xp, $PX), $F_iadd(yp, $PY), "
        "$F_iadd(zp, $PZ))), vec3(x1, y1, z1)$D);\n"
        "    precise float fx0 = float(sx * 2) * x1, fy0 = float(sy * 2) * y1, fz0 = float(sz * 2) * z1;\n"
        "    precise float fx1 = float(-2 - nx * 4) * x1 - 1.0, fy1 = float(-2 - ny * 4) * y1 - 1.0,"
        " fz1 = float(-2 - nz * 4) * z1 - 1.0;\n"
        "    float fsx = float(sx), fsy = float(sy), fsz = float(sz);\n";
    // The primed coordinate of lattice 0's vertex on axis a: the near corner ("near"), or the
    // other one ("far"); lattice 1's: the cell's far corner +1 ("one") or the step back ("back").
    auto primed = [&](int a, const std::string& kind) {
        const std::string p = std::string(1, axes[a]) + "p", m = std::string("m") + axes[a], P[3] = {"$PX", "$PY", "$PZ"};
        if (kind == "near") return "$F_iadd(" + p + ", " + m + " & " + P[a] + ")";
        if (kind == "far") return "$F_iadd(" + p + ", ~" + m + " & " + P[a] + ")";
        if (kind == "one") return "$F_iadd(" + p + ", " + P[a] + ")";
        return "$F_iadd(" + p + ", " + m + " & " + v.integer(step_prime(v, 2, a)) + ")";
    };
    auto hash = [&](const std::string& seed, const std::string& x, const std::string& y, const std::string& z) {
        return "$F_hash3(" + seed + ", " + x + ", " + y + ", " + z + ")";
    };
    // Lattice 0's offset with the axes in `moved` stepped back (x0 - fsx, ...); lattice 1's with
    // them stepped (fsx + x1, ...).
    auto offset0 = [&](bool mx, bool my, bool mz) {
        return std::string(mx ? "x0 - fsx" : "x0") + ", " + (my ? "y0 - fsy" : "y0") + ", " + (mz ? "z0 - fsz" : "z0");
    };
    auto offset1 = [&](bool mx, bool my, bool mz) {
        return std::string(mx ? "fsx + x1" : "x1") + ", " + (my ? "fsy + y1" : "y1") + ", " + (mz ? "fsz + z1" : "z1");
    };
    const char* skips[3] = {"skip_yz", "skip_xz", "skip_xy"};
    for (int a = 0; a < 3; ++a) {
        const int b = (a + 1) % 3, c = (a + 2) % 3;
        const int lo = b < c ? b : c, hi = b < c ? c : b;  // the other two axes, in order
        const std::string A(1, axes[a]), L(1, axes[lo]), H(1, axes[hi]);
        bool one[3] = {a == 0, a == 1, a == 2}, two[3] = {a != 0, a != 1, a != 2};
        auto kinds0 = [&](const bool* m) {
            return hash("seed", primed(0, m[0] ? "far" : "near"), primed(1, m[1] ? "far" : "near"), primed(2, m[2] ? "far" : "near"));
        };
        auto kinds1 = [&](const bool* m) {
            return hash("seed2", primed(0, m[0] ? "back" : "one"), primed(1, m[1] ? "back" : "one"), primed(2, m[2] ? "back" : "one"));
        };
        s += "    bool " + std::string(skips[a]) + " = false;\n    {\n";
        s += "        precise float a = f" + A + "0 + a0;\n        if (a > 0.0) {\n";
        s += add_vertex("            ", "a", kinds0(one), offset0(one[0], one[1], one[2]));
        s += "        } else {\n";
        s += "            precise float b = f" + L + "0 + f" + H + "0 + a0;\n            if (b > 0.0) {\n";
        s += add_vertex("                ", "b", kinds0(two), offset0(two[0], two[1], two[2]));
        s += "            }\n            precise float c = f" + A + "1 + a1;\n            if (c > 0.0) {\n";
        s += add_vertex("                ", "c", kinds1(one), offset1(one[0], one[1], one[2]));
        s += "                " + std::string(skips[a]) + " = true;\n            }\n        }\n    }\n";
    }
    // Lattice 1's neighbours across two axes.
    for (int a = 0; a < 3; ++a) {
        const int b = (a + 1) % 3, c = (a + 2) % 3;
        const int lo = b < c ? b : c, hi = b < c ? c : b;
        bool two[3] = {a != 0, a != 1, a != 2};
        s += "    if (!" + std::string(skips[a]) + ") {\n        precise float b = f" + std::string(1, axes[lo]) + "1 + f" +
             std::string(1, axes[hi]) + "1 + a1;\n        if (b > 0.0) {\n";
        s += add_vertex("            ", "b",
                        hash("seed2", primed(0, two[0] ? "back" : "one"), primed(1, two[1] ? "back" : "one"),
                             primed(2, two[2] ? "back" : "one")),
                        offset1(two[0], two[1], two[2]));
        s += "        }\n    }\n";
    }
    return s;
}

// [S 16.5] 4D's lookup table, as the reference's: per sub-cell begin | count << 16 (<name>_rows),
// and the vertex codes four to a word (<name>_codes).
std::string tables4(const Field& f) {
    const detail::SmoothLattice4& t = detail::smooth_lattice_4d();
    // The codes c = (dx + 1) | (dy + 1) << 2 | ..., recovered from the table's primed steps.
    std::vector<std::uint32_t> rows(256), codes;
    for (int k = 0; k < 256; ++k) rows[static_cast<std::size_t>(k)] = t.begin[k] | static_cast<std::uint32_t>(t.count[k]) << 16;
    std::uint32_t word = 0;
    for (int j = 0; j < detail::SmoothLattice4::total; ++j) {
        std::uint32_t code = 0;
        for (int a = 0; a < 4; ++a) {
            int step = -1;  // the step in -1 .. 2 whose primed value the table holds
            while (step < 2 && step_prime(Variant{false}, step, a) != t.prime(a, j)) ++step;
            code |= static_cast<std::uint32_t>(step + 1) << (2 * a);
        }
        word |= code << (8 * (j % 4));
        if (j % 4 == 3 || j + 1 == detail::SmoothLattice4::total) {
            codes.push_back(word);
            word = 0;
        }
    }
    return table(f.name + "_rows", rows, true) + table(f.name + "_codes", codes, true);
}

// [S 16.5] 4D: the vertices listed for the point's sub-cell, each inside its radius.
std::string walk4() {
    const std::string U = constant(unskew_4d);
    std::string s = "    int xsb = $F_floor_cell(s.x), ysb = $F_floor_cell(s.y), zsb = $F_floor_cell(s.z), wsb = $F_floor_cell(s.w);\n"
                    "    precise float xsi = $F_cell_offset(s.x, xsb), ysi = $F_cell_offset(s.y, ysb),"
                    " zsi = $F_cell_offset(s.z, zsb), wsi = $F_cell_offset(s.w, wsb);\n"
                    "    precise float ssi = (xsi + ysi + zsi + wsi) * " + U + ";\n"
                    "    precise float xi = xsi + ssi, yi = ysi + ssi, zi = zsi + ssi, wi = wsi + ssi;\n"
                    "    $I xp = $F_itimes(xsb, $PX), yp = $F_itimes(ysb, $PY), zp = $F_itimes(zsb, $PZ), wp = $F_itimes(wsb, $PW);\n"
                    // The sub-cell: floor of 4 times the skewed coordinate (in the variant's coordinates), low two bits.
                    "    precise $V4 s4 = s * $C(4.0);\n"
                    "    int k = (($F_floor_cell(s4.x) & 3) | ($F_floor_cell(s4.y) & 3) << 2) | (($F_floor_cell(s4.z) & 3) << 4 |"
                    " ($F_floor_cell(s4.w) & 3) << 6);\n"
                    "    uint row = $F_rows(k);\n"
                    "    int first = int(row & 0xFFFFu), end = first + int(row >> 16u);\n"
                    "    precise float value = 0.0;\n"
                    "    for (int i = first; i < end; ++i) {\n"
                    "        uint code = ($F_codes(i >> 2) >> (8u * uint(i & 3))) & 0xFFu;\n"
                    "        int cx = int(code & 3u) - 1, cy = int((code >> 2u) & 3u) - 1, cz = int((code >> 4u) & 3u) - 1,"
                    " cw = int(code >> 6u) - 1;\n"
                    // The table's offsets, -c - s with s the int sum times the unskew, in float.
                    "        precise float sc = float(cx + cy + cz + cw) * " + U + ";\n"
                    "        precise float ox = float(-cx) - sc, oy = float(-cy) - sc, oz = float(-cz) - sc, ow = float(-cw) - sc;\n"
                    "        precise float dx = xi + ox, dy = yi + oy, dz = zi + oz, dw = wi + ow;\n"
                    "        precise float a = (dx * dx + dy * dy) + (dz * dz + dw * dw);\n"
                    "        if (a < $R) {\n"
                    "            precise float falloff = $R - a;\n"
                    "            precise vec4 o = vec4(dx, dy, dz, dw);\n"
                    "            $I h = seed ^ ($F_iadd(xp, $F_itimes(cx, $PX)) ^ $F_iadd(yp, $F_itimes(cy, $PY))) ^"
                    " ($F_iadd(zp, $F_itimes(cz, $PZ)) ^ $F_iadd(wp, $F_itimes(cw, $PW)));\n"
                    "            value = $F_accumulate(value, $F_contribution(falloff, $F_vertex_gradient(h), o$D));\n"
                    "        }\n"
                    "    }\n";
    return s;
}

}  // namespace

std::string smooth_base(const Field& f, const Variant& v, bool gradient) {
    const std::string vec = f.vec(), cvec = v.cvec(f.dims);
    std::string body = f.dims == 2 ? walk2(f, v) : f.dims == 3 ? walk3(v) : walk4();
    // 4D's tables are written once, before the value form (the gradient form shares them).
    std::string s = (f.dims == 4 && !gradient ? tables4(f) : std::string()) + "float " + f.fn(gradient ? "_base_gradient" : "_base") + "(" + cvec + " s, " + v.itype() +
                    " seed" + (gradient ? ", out " + vec + " d" : "") + ") {\n";
    if (gradient) s += "    d = " + vec + "(0.0);\n";
    const float radius2 = f.dims == 2 ? radius2_2d : f.dims == 3 ? radius2_3d : radius2_4d;
    const std::uint64_t flip = v.mix ? detail::simplex_mix_seed_flip_3d : detail::simplex_seed_flip_3d;
    body = expand(body, {{"$PX", v.integer(step_prime(v, 1, 0))},
                         {"$PY", v.integer(step_prime(v, 1, 1))},
                         {"$PZ", v.integer(step_prime(v, 1, 2))},
                         {"$PW", v.integer(step_prime(v, 1, 3))},
                         {"$FLIP", v.integer(flip)},
                         {"$R", constant(radius2)},
                         {"$D", gradient ? ", d" : ""},
                         {"$V4", cvec},
                         {"$V", vec},
                         {"$C", v.coord()},
                         {"$I", v.itype()},
                         {"$F", f.name}});
    return s + body + "    return value;\n}\n";
}

}  // namespace gradnoise::glsl
