// [S 16, 18.4] One octave of OpenSimplex2 as GLSL (and of OpenSimplex2S, whose lattice walks are
// glsl_simplex_smooth.cpp's): K.jpg's algorithm as src/reference/simplex.cpp and simplex_common.hpp
// compute it, operation by operation, in the variant's arithmetic -- K.jpg's (Hash::permutation:
// binary64 coordinates, 64-bit integers wrapping) or the mix variant's (Hash::mix, spec 16.7:
// binary32, 32-bit integers). GLSL 4.30 has `double`; it has no 64-bit integers without an
// extension, so they are emulated in uvec2 (low, high) with umulExtended and uaddCarry -- exact
// mod 2^64. Double constants are written as their bits (packDouble2x32).
#include <string>

#include "reference/simplex_common.hpp"
#include "shader/glsl_simplex.hpp"
#include "tables/simplex_constants.hpp"

namespace gradnoise::glsl {
namespace {

// The 64-bit (or 32-bit) integer operations, named after the field: add, sub, mul (wrapping), the
// sign-extended cell times a prime.
std::string integer_ops(const Field& f, const Variant& v) {
    if (v.mix) {
        return expand(
            "uint $F_iadd(uint a, uint b) { return a + b; }\n"
            "uint $F_isub(uint a, uint b) { return a - b; }\n"
            "uint $F_imul(uint a, uint b) { return a * b; }\n"
            "uint $F_itimes(int cell, uint prime) { return uint(cell) * prime; }\n",
            {{"$F", f.name}});
    }
    return expand(
        "uvec2 $F_iadd(uvec2 a, uvec2 b) { uint carry; uint lo = uaddCarry(a.x, b.x, carry); return uvec2(lo, a.y + b.y + carry); }\n"
        "uvec2 $F_isub(uvec2 a, uvec2 b) { uint borrow; uint lo = usubBorrow(a.x, b.x, borrow); return uvec2(lo, a.y - b.y - borrow); }\n"
        "uvec2 $F_imul(uvec2 a, uvec2 b) {\n"
        "    uint hi, lo;\n    umulExtended(a.x, b.x, hi, lo);\n    return uvec2(lo, hi + a.x * b.y + a.y * b.x);\n}\n"
        "uvec2 $F_itimes(int cell, uvec2 prime) { return $F_imul(uvec2(uint(cell), cell < 0 ? 0xFFFFFFFFu : 0u), prime); }\n",
        {{"$F", f.name}});
}

// [S 16.2, 16.8] A 3D vertex's hash input, (seed ^ xp) ^ (yp ^ zp), its label first wrapped where
// the field tiles (reference::simplex::wrap_label): <name>_period holds the octave's periods,
// set by <name>_noise_at. m_a = floor(U_a / 3P_a) by comparisons, as the kernels take it: every
// vertex within reach of a reduced sample has U_a in [-6P_a, 9P_a).
std::string hash3(const Field& f, const Variant& v) {
    const std::string I = v.itype();
    std::string s = "ivec3 $F_period = ivec3(0);\n$I $F_hash3($I seed, $I xp, $I yp, $I zp) {\n";
    if (f.tables.simplex_tiling[0].tiled) {
        const std::uint32_t* inverse = v.mix ? detail::simplex_mix_prime_inverse : detail::simplex_prime_inverse;
        const std::string low = v.mix ? "" : ".x";
        s += "    if ($F_period != ivec3(0)) {\n";
        s += "        uvec3 l = uvec3(xp" + low + " * " + hex(inverse[0]) + ", yp" + low + " * " + hex(inverse[1]) + ", zp" +
             low + " * " + hex(inverse[2]) + ");\n";
        s += "        uint sum = l.x + l.y + l.z;\n        ivec3 shift = ivec3(0);\n";
        s += "        for (int a = 0; a < 3; ++a) {\n            int p = $F_period[a];\n            if (p == 0) continue;\n";
        s += "            int u = int(2u * sum - 3u * l[a]), b = 3 * p;\n";
        s += "            int m = (u >= b ? 1 : 0) + (u >= 2 * b ? 1 : 0) - (u < 0 ? 1 : 0) - (u < -b ? 1 : 0);\n";
        s += "            ivec3 c = ivec3(2 * (p / 3));\n            c[a] = -(p / 3);\n            shift += m * c;\n        }\n";
        s += "        uvec3 w = l - uvec3(shift);\n";
        s += "        xp = $F_itimes(int(w.x), $PX);\n        yp = $F_itimes(int(w.y), $PY);\n        zp = $F_itimes(int(w.z), $PZ);\n";
        s += "    }\n";
    }
    s += "    return (seed ^ xp) ^ (yp ^ zp);\n}\n";
    return expand(s, {{"$PX", v.integer(v.mix ? detail::simplex_mix_primes[0] : detail::simplex_prime_x)},
                      {"$PY", v.integer(v.mix ? detail::simplex_mix_primes[1] : detail::simplex_prime_y)},
                      {"$PZ", v.integer(v.mix ? detail::simplex_mix_primes[2] : detail::simplex_prime_z)},
                      {"$I", I},
                      {"$F", f.name}});
}

// [S 16.1] floor and round to the int32 range (NaN: 0), and the offset in the cell, rounded to float.
// (The offset's binary64 -> binary32 rounding on the bits: GLSL leaves the conversion's to the driver.)
std::string cells(const Field& f, const Variant& v) {
    return expand(
        "int $F_floor_cell($C v) {\n    double r = double(floor(v));\n"
        "    r = r < -2147483648.0LF ? -2147483648.0LF : (r > 2147483647.0LF ? 2147483647.0LF : r);\n"
        "    return $ISNAN(r) ? 0 : int(r);\n}\n"
        "int $F_round_cell($C v) {\n    precise $C h = v < $C(0.0) ? v - $C(0.5) : v + $C(0.5);\n    double r = double(trunc(h));\n"
        "    r = r < -2147483648.0LF ? -2147483648.0LF : (r > 2147483647.0LF ? 2147483647.0LF : r);\n"
        "    return $ISNAN(r) ? 0 : int(r);\n}\n"
        "float $F_cell_offset($C v, int cell) { precise $C r = v - $C(cell); return $NARROW(r); }\n",
        {{"$ISNAN", f.lib("_isnan")}, {"$NARROW", v.mix ? std::string() : f.lib("_narrow")}, {"$F", f.name}, {"$C", v.coord()}});
}

// [S 16.2] The vertex gradient of the variant's hash, and the vertex's contribution (a^4 (g . o),
// and with the gradient its derivative added to sum).
std::string vertices(const Field& f, const Variant& v, bool gradient) {
    const detail::SimplexGradients& g = *f.tables.simplex;
    const int n = f.dims;
    std::string s;
    auto table = [&](const std::string& name, int count, const float* values) {
        std::vector<std::uint32_t> words(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i) words[static_cast<std::size_t>(i)] = bits(values[i]);
        return glsl::table(f.name + name, words, true);
    };
    const std::string I = v.itype();
    std::string hash = "int " + f.fn("_gradient_index") + "(" + I + " h) {\n";
    if (v.mix) {
        // index(h, count) = ((h * 0x27D4EB2D >> 8) * count) >> 24
        const int count = n == 2 ? 24 : n == 3 ? 48 : 160;
        hash += "    return int((((h * " + hex(detail::mix_multiplier) + ") >> 8u) * " + number(count) + "u) >> 24u);\n}\n";
        if (n == 2) {
            s += table("_g2x", 24, g.g2mx) + table("_g2y", 24, g.g2my);
        } else if (n == 3) {
            s += table("_g3x", 48, g.g3mx) + table("_g3y", 48, g.g3my) + table("_g3z", 48, g.g3mz);
        } else {
            s += table("_g4", 640, g.g4);
        }
    } else {
        // h *= multiplier; h ^= h >> s (arithmetic, s >= 32: only the low word is needed); gi.
        const int shift = n == 2 ? 58 : n == 3 ? 58 : 57;
        const unsigned mask = n == 2 ? 127u << 1 : n == 3 ? 255u << 2 : 511u << 2;
        hash += "    h = " + f.fn("_imul") + "(h, " + v.integer(detail::simplex_hash_multiplier) + ");\n";
        hash += "    uint low = h.x ^ uint(int(h.y) >> " + number(shift - 32) + ");\n";
        hash += "    return int(low & " + std::to_string(mask) + "u);\n}\n";
        if (n == 2) {
            s += table("_g2", 256, g.g2);
        } else if (n == 3) {
            s += table("_g3", 1024, g.g3);
        } else {
            s += table("_g4", 2048, g.g4);
        }
    }
    s += hash;
    const std::string vec = f.vec();
    // The gradient vector of a vertex hash h (the seed and primed cells xored as the reference does).
    s += vec + " " + f.fn("_vertex_gradient") + "(" + I + " h) {\n    int i = " + f.fn("_gradient_index") + "(h);\n";
    if (v.mix) {
        if (n == 2) s += "    return vec2(uintBitsToFloat(" + f.name + "_g2x(i)), uintBitsToFloat(" + f.name + "_g2y(i)));\n";
        if (n == 3) {
            s += "    return vec3(uintBitsToFloat(" + f.name + "_g3x(i)), uintBitsToFloat(" + f.name + "_g3y(i)), uintBitsToFloat(" +
                 f.name + "_g3z(i)));\n";
        }
        if (n == 4) {
            s += "    return vec4(uintBitsToFloat(" + f.name + "_g4(4 * i)), uintBitsToFloat(" + f.name + "_g4(4 * i + 1)), " +
                 "uintBitsToFloat(" + f.name + "_g4(4 * i + 2)), uintBitsToFloat(" + f.name + "_g4(4 * i + 3)));\n";
        }
    } else {
        const std::string T = f.name + (n == 2 ? "_g2" : n == 3 ? "_g3" : "_g4");
        s += "    return " + vec + "(";
        for (int c = 0; c < n; ++c) s += std::string(c ? ", " : "") + "uintBitsToFloat(" + T + "(i | " + number(c) + "))";
        s += ");\n";
    }
    s += "}\n";
    // [S 16.2] g . o in the reference's order; [S 18.4] the contribution.
    std::string dot = n == 2 ? "v.x * o.x + v.y * o.y" : n == 3 ? "v.x * o.x + v.y * o.y + v.z * o.z"
                                                                : "(v.x * o.x + v.y * o.y) + (v.z * o.z + v.w * o.w)";
    for (const bool with_d : {false, true}) {
        if (with_d && !gradient) break;
        s += "float " + f.fn("_contribution") + "(float a, " + vec + " v, " + vec + " o" + (with_d ? ", inout " + vec + " d" : "") +
             ") {\n    precise float gd = " + dot + ";\n    precise float aa = a * a;\n    precise float a4 = aa * aa;\n";
        // (d starts at +0 and is only added to, so it is never -0: +0 + x written as such, whatever a
        // compiler folds.)
        if (with_d) {
            s += "    precise float t = (aa * a) * (8.0 * gd);\n    precise " + vec + " step = a4 * v - t * o;\n    precise " +
                 vec + " sum = d + step;\n    d = " + f.fn("_plus_zero") + "(sum);\n";
        }
        s += "    precise float r = a4 * gd;\n    return r;\n}\n";
    }
    // value + c, which is never -0 where value starts at +0 (3D, 4D): see above.
    s += "float " + f.fn("_accumulate") + "(float value, float c) { precise float r = value + c; return " + f.fn("_plus_zero") +
         "(r); }\n";
    return s;
}

// [S 16.1] The orientation's map to the lattice, in the variant's coordinates, constants rounded to them.
std::string orient(const Field& f, const Variant& v) {
    const NoiseDesc& d = f.desc;
    const std::string C = v.coord(), vec = v.cvec(f.dims);
    const bool smooth = d.basis == Basis::opensimplex2s;
    const detail::SimplexOrientation& k = smooth ? detail::opensimplex2s_orientation : detail::opensimplex2_orientation;
    std::string s = vec + " " + f.fn("_orient") + "(" + vec + " p) {\n";
    auto R = [&](double x) { return v.real(x); };
    if (f.dims == 2) {
        if (d.simplex.orientation2 == Orientation2::improve_x) {
            s += "    precise " + C + " xx = p.x * " + R(detail::simplex_root2over2) + ";\n";
            s += "    precise " + C + " yy = p.y * " + R(detail::simplex_root2over2 * (1 + 2 * detail::simplex_skew_2d)) + ";\n";
            s += "    precise " + C + " a = yy + xx, b = yy - xx;\n    return " + vec + "(a, b);\n}\n";
        } else {
            s += "    precise " + C + " s = " + R(detail::simplex_skew_2d) + " * (p.x + p.y);\n";
            s += "    precise " + C + " a = p.x + s, b = p.y + s;\n    return " + vec + "(a, b);\n}\n";
        }
        return s;
    }
    if (f.dims == 3) {
        const std::string r3 = R(detail::simplex_root3over3), minus_r3 = R(-detail::simplex_root3over3);
        switch (d.simplex.orientation3) {
            case Orientation3::fallback:
                s += "    precise " + C + " r = " + R(detail::simplex_fallback_rotate_3d) + " * (p.x + p.y + p.z);\n";
                s += "    precise " + C + " a = r - p.x, b = r - p.y, c = r - p.z;\n    return " + vec + "(a, b, c);\n}\n";
                return s;
            case Orientation3::improve_xz:
                s += "    precise " + C + " xz = p.x + p.z;\n    precise " + C + " s2 = xz * " + R(k.xz_orthogonalizer) + ";\n";
                s += "    precise " + C + " yy = p.y * " + r3 + ";\n";
                s += "    precise " + C + " a = p.x + s2 + yy, c = p.z + s2 + yy, b = xz * " + minus_r3 + " + yy;\n";
                return s + "    return " + vec + "(a, b, c);\n}\n";
            default:
                s += "    precise " + C + " xy = p.x + p.y;\n    precise " + C + " s2 = xy * " + R(detail::simplex_unskew_2d) + ";\n";
                s += "    precise " + C + " zz = p.z * " + r3 + ";\n";
                s += "    precise " + C + " a = p.x + s2 + zz, b = p.y + s2 + zz, c = xy * " + minus_r3 + " + zz;\n";
                return s + "    return " + vec + "(a, b, c);\n}\n";
        }
    }
    switch (d.simplex.orientation4) {
        case Orientation4::improve_xyz_improve_xy:
        case Orientation4::improve_xyz_improve_xz: {
            const bool xy = d.simplex.orientation4 == Orientation4::improve_xyz_improve_xy;
            const std::string a = "p.x", b = xy ? "p.y" : "p.z", o = xy ? "p.z" : "p.y";
            s += "    precise " + C + " ab = " + a + " + " + b + ";\n";
            s += "    precise " + C + " s2 = ab * " + R(-0.21132486540518699998) + ";\n";
            s += "    precise " + C + " oo = " + o + " * " + R(0.28867513459481294226) + ";\n";
            s += "    precise " + C + " ww = p.w * " + R(k.w_scale) + ";\n";
            s += "    precise " + C + " r0 = " + a + " + (oo + ww + s2), r1 = " + b + " + (oo + ww + s2);\n";
            s += "    precise " + C + " r2 = ab * " + R(-0.57735026918962599998) + " + (oo + ww);\n";
            s += "    precise " + C + " r3 = " + o + " * " + R(-0.866025403784439) + " + ww;\n";
            return s + "    return " + (xy ? vec + "(r0, r1, r2, r3)" : vec + "(r0, r2, r1, r3)") + ";\n}\n";
        }
        case Orientation4::improve_xyz:
            s += "    precise " + C + " xyz = p.x + p.y + p.z;\n    precise " + C + " ww = p.w * " + R(k.w_scale) + ";\n";
            s += "    precise " + C + " s2 = xyz * " + R(-0.16666666666666666) + " + ww;\n";
            s += "    precise " + C + " a = p.x + s2, b = p.y + s2, c = p.z + s2, e = " + R(-0.5) + " * xyz + ww;\n";
            return s + "    return " + vec + "(a, b, c, e);\n}\n";
        case Orientation4::improve_xy_improve_zw:
            s += "    precise " + C + " s2 = (p.x + p.y) * " + R(k.zw_s2[0]) + " + (p.z + p.w) * " + R(k.zw_s2[1]) + ";\n";
            s += "    precise " + C + " t2 = (p.z + p.w) * " + R(k.zw_t2[0]) + " + (p.x + p.y) * " + R(k.zw_t2[1]) + ";\n";
            s += "    precise " + C + " a = p.x + s2, b = p.y + s2, c = p.z + t2, e = p.w + t2;\n";
            return s + "    return " + vec + "(a, b, c, e);\n}\n";
        default:
            s += "    precise " + C + " s = " + R(k.fallback_skew) + " * (p.x + p.y + p.z + p.w);\n";
            s += "    precise " + C + " a = p.x + s, b = p.y + s, c = p.z + s, e = p.w + s;\n";
            return s + "    return " + vec + "(a, b, c, e);\n}\n";
    }
}

// [S 16.3-16.5] The base evaluation at the oriented point: the value, and with the gradient the
// offset-frame sums in d.
std::string base(const Field& f, const Variant& v, bool gradient) {
    const std::string C = v.coord(), I = v.itype(), vec = f.vec(), cvec = v.cvec(f.dims);
    const std::string D = gradient ? ", d" : "";
    std::string s = "float " + f.fn(gradient ? "_base_gradient" : "_base") + "(" + cvec + " s, " + I + " seed" +
                    (gradient ? ", out " + vec + " d" : "") + ") {\n";
    if (gradient) s += "    d = " + vec + "(0.0);\n";
    const double u2 = detail::simplex_unskew_2d;
    auto R = [&](double x) { return v.real(x); };
    const std::string px = v.integer(v.mix ? detail::simplex_mix_primes[0] : detail::simplex_prime_x),
                      py = v.integer(v.mix ? detail::simplex_mix_primes[1] : detail::simplex_prime_y),
                      pz = v.integer(v.mix ? detail::simplex_mix_primes[2] : detail::simplex_prime_z),
                      pw = v.integer(v.mix ? detail::simplex_mix_primes[3] : detail::simplex_prime_w);
    std::string body;
    if (f.dims == 2) {
        body =
            "    int xsb = $F_floor_cell(s.x), ysb = $F_floor_cell(s.y);\n"
            "    precise float xi = $F_cell_offset(s.x, xsb), yi = $F_cell_offset(s.y, ysb);\n"
            "    $I xp = $F_itimes(xsb, $PX), yp = $F_itimes(ysb, $PY);\n"
            "    precise float t = (xi + yi) * $U;\n"
            "    precise float dx0 = xi + t, dy0 = yi + t;\n"
            "    precise float value = 0.0;\n"
            "    precise float a0 = 0.5 - dx0 * dx0 - dy0 * dy0;\n"
            "    if (a0 > 0.0) value = $F_contribution(a0, $F_vertex_gradient(seed ^ xp ^ yp), vec2(dx0, dy0)$D);\n"
            "    precise float a1 = $A1 * t + ($A2 + a0);\n"
            "    if (a1 > 0.0) {\n"
            "        precise float dx1 = dx0 - $B1, dy1 = dy0 - $B1;\n"
            "        value += $F_contribution(a1, $F_vertex_gradient(seed ^ $F_iadd(xp, $PX) ^ $F_iadd(yp, $PY)), vec2(dx1, dy1)$D);\n"
            "    }\n"
            "    if (dy0 > dx0) {\n"
            "        precise float dx2 = dx0 - $U, dy2 = dy0 - $U1;\n"
            "        precise float a2 = 0.5 - dx2 * dx2 - dy2 * dy2;\n"
            "        if (a2 > 0.0) value += $F_contribution(a2, $F_vertex_gradient(seed ^ xp ^ $F_iadd(yp, $PY)), vec2(dx2, dy2)$D);\n"
            "    } else {\n"
            "        precise float dx2 = dx0 - $U1, dy2 = dy0 - $U;\n"
            "        precise float a2 = 0.5 - dx2 * dx2 - dy2 * dy2;\n"
            "        if (a2 > 0.0) value += $F_contribution(a2, $F_vertex_gradient(seed ^ $F_iadd(xp, $PX) ^ yp), vec2(dx2, dy2)$D);\n"
            "    }\n"
            "    return value;\n";
    } else if (f.dims == 3) {
        body =
            "    int xrb = $F_round_cell(s.x), yrb = $F_round_cell(s.y), zrb = $F_round_cell(s.z);\n"
            "    precise float xri = $F_cell_offset(s.x, xrb), yri = $F_cell_offset(s.y, yrb), zri = $F_cell_offset(s.z, zrb);\n"
            "    precise float mx = -1.0 - xri, my = -1.0 - yri, mz = -1.0 - zri;\n"
            "    int xs = int(mx) | 1, ys = int(my) | 1, zs = int(mz) | 1;\n"
            "    precise float ax0 = float(xs) * -xri, ay0 = float(ys) * -yri, az0 = float(zs) * -zri;\n"
            "    $I xp = $F_itimes(xrb, $PX), yp = $F_itimes(yrb, $PY), zp = $F_itimes(zrb, $PZ);\n"
            "    precise float value = 0.0;\n"
            "    precise float a = ($R3 - xri * xri) - (yri * yri + zri * zri);\n"
            "    for (int l = 0; l < 2; ++l) {\n"
            "        if (a > 0.0) value = $F_accumulate(value, $F_contribution(a, $F_vertex_gradient($F_hash3(seed, xp, yp, zp)), vec3(xri, yri, zri)$D));\n"
            "        if (ax0 >= ay0 && ax0 >= az0) {\n"
            "            precise float b = a + ax0 + ax0;\n"
            "            if (b > 1.0) {\n"
            "                b -= 1.0;\n"
            "                precise float xr1 = xri + float(xs);\n"
            "                $I sx = xs < 0 ? $F_isub($ZERO, $PX) : $PX;\n"
            "                value = $F_accumulate(value, $F_contribution(b, $F_vertex_gradient($F_hash3(seed, $F_isub(xp, sx), yp, zp)), vec3(xr1, yri, zri)$D));\n"
            "            }\n"
            "        } else if (ay0 > ax0 && ay0 >= az0) {\n"
            "            precise float b = a + ay0 + ay0;\n"
            "            if (b > 1.0) {\n"
            "                b -= 1.0;\n"
            "                precise float yr1 = yri + float(ys);\n"
            "                $I sy = ys < 0 ? $F_isub($ZERO, $PY) : $PY;\n"
            "                value = $F_accumulate(value, $F_contribution(b, $F_vertex_gradient($F_hash3(seed, xp, $F_isub(yp, sy), zp)), vec3(xri, yr1, zri)$D));\n"
            "            }\n"
            "        } else {\n"
            "            precise float b = a + az0 + az0;\n"
            "            if (b > 1.0) {\n"
            "                b -= 1.0;\n"
            "                precise float zr1 = zri + float(zs);\n"
            "                $I sz = zs < 0 ? $F_isub($ZERO, $PZ) : $PZ;\n"
            "                value = $F_accumulate(value, $F_contribution(b, $F_vertex_gradient($F_hash3(seed, xp, yp, $F_isub(zp, sz))), vec3(xri, yri, zr1)$D));\n"
            "            }\n"
            "        }\n"
            "        if (l == 1) break;\n"
            "        ax0 = 0.5 - ax0;\n        ay0 = 0.5 - ay0;\n        az0 = 0.5 - az0;\n"
            "        xri = float(xs) * ax0;\n        yri = float(ys) * ay0;\n        zri = float(zs) * az0;\n"
            "        a += (0.75 - ax0) - (ay0 + az0);\n"
            "        if (xs < 0) xp = $F_iadd(xp, $PX);\n        if (ys < 0) yp = $F_iadd(yp, $PY);\n"
            "        if (zs < 0) zp = $F_iadd(zp, $PZ);\n"
            "        xs = -xs;\n        ys = -ys;\n        zs = -zs;\n"
            "        seed ^= $FLIP;\n"
            "    }\n"
            "    return value;\n";
    } else {
        body =
            "    int xsb = $F_floor_cell(s.x), ysb = $F_floor_cell(s.y), zsb = $F_floor_cell(s.z), wsb = $F_floor_cell(s.w);\n"
            "    precise float xsi = $F_cell_offset(s.x, xsb), ysi = $F_cell_offset(s.y, ysb), zsi = $F_cell_offset(s.z, zsb),"
            " wsi = $F_cell_offset(s.w, wsb);\n"
            "    precise float si_sum = (xsi + ysi) + (zsi + wsi);\n"
            "    precise $C start = $C(si_sum) * $C(1.25);\n"
            "    int starting = int(start);\n"
            "    seed = $F_iadd(seed, $F_imul($FROM, $OFFSET));\n"
            "    precise float starting_offset = float(starting) * $MSTEP;\n"
            "    xsi += starting_offset;\n    ysi += starting_offset;\n    zsi += starting_offset;\n    wsi += starting_offset;\n"
            "    precise float ssi = (si_sum + starting_offset * 4.0) * $U4;\n"
            "    $I xp = $F_itimes(xsb, $PX), yp = $F_itimes(ysb, $PY), zp = $F_itimes(zsb, $PZ), wp = $F_itimes(wsb, $PW);\n"
            "    precise float value = 0.0;\n"
            "    for (int i = 0; ; ++i) {\n"
            "        precise $C score0 = $C(1.0) + $C(ssi) * $S0;\n"
            "        if ($C(xsi) >= $C(ysi) && xsi >= zsi && xsi >= wsi && $C(xsi) >= score0) {\n"
            "            xp = $F_iadd(xp, $PX);\n            xsi -= 1.0;\n            ssi -= $U4;\n"
            "        } else if (ysi > xsi && ysi >= zsi && ysi >= wsi && $C(ysi) >= score0) {\n"
            "            yp = $F_iadd(yp, $PY);\n            ysi -= 1.0;\n            ssi -= $U4;\n"
            "        } else if (zsi > xsi && zsi > ysi && zsi >= wsi && $C(zsi) >= score0) {\n"
            "            zp = $F_iadd(zp, $PZ);\n            zsi -= 1.0;\n            ssi -= $U4;\n"
            "        } else if (wsi > xsi && wsi > ysi && wsi > zsi && $C(wsi) >= score0) {\n"
            "            wp = $F_iadd(wp, $PW);\n            wsi -= 1.0;\n            ssi -= $U4;\n"
            "        }\n"
            "        precise float dx = xsi + ssi, dy = ysi + ssi, dz = zsi + ssi, dw = wsi + ssi;\n"
            "        precise float a = (dx * dx + dy * dy) + (dz * dz + dw * dw);\n"
            "        precise float falloff = $R4 - a;\n"
            "        if (a < $R4) value = $F_accumulate(value, $F_contribution(falloff, $F_vertex_gradient(seed ^ (xp ^ yp) ^ (zp ^ wp)), vec4(dx, dy, dz, dw)$D));\n"
            "        if (i == 4) break;\n"
            "        xsi += $STEP1;\n        ysi += $STEP1;\n        zsi += $STEP1;\n        wsi += $STEP1;\n"
            "        ssi += $STEP;\n"
            "        seed = $F_isub(seed, $OFFSET);\n"
            "        if (i == starting) {\n"
            "            xp = $F_isub(xp, $PX);\n            yp = $F_isub(yp, $PY);\n            zp = $F_isub(zp, $PZ);\n"
            "            wp = $F_isub(wp, $PW);\n            seed = $F_iadd(seed, $OFFSET5);\n"
            "        }\n"
            "    }\n"
            "    return value;\n";
    }
    const float unskew_4d = 0.309016994374947f, step_4d = 0.2f;
    const std::uint64_t offset = v.mix ? detail::simplex_mix_seed_offset_4d : detail::simplex_seed_offset_4d;
    const std::uint64_t flip = v.mix ? detail::simplex_mix_seed_flip_3d : detail::simplex_seed_flip_3d;
    body = expand(body, {{"$ZERO", v.integer(0)},
                         {"$FROM", v.mix ? std::string("uint(starting)")
                                         : std::string("uvec2(uint(starting), starting < 0 ? 0xFFFFFFFFu : 0u)")},
                         {"$OFFSET5", v.integer(offset * 5)},
                         {"$OFFSET", v.integer(offset)},
                         {"$FLIP", v.integer(flip)},
                         {"$PX", px},
                         {"$PY", py},
                         {"$PZ", pz},
                         {"$PW", pw},
                         {"$U1", constant(static_cast<float>(u2 + 1))},
                         {"$U4", constant(unskew_4d)},
                         {"$U", constant(static_cast<float>(u2))},
                         {"$A1", constant(static_cast<float>(2 * (1 + 2 * u2) * (1 / u2 + 2)))},
                         {"$A2", constant(static_cast<float>(-2 * (1 + 2 * u2) * (1 + 2 * u2)))},
                         {"$B1", constant(static_cast<float>(1 + 2 * u2))},
                         {"$S0", R(-1.0 / static_cast<double>(unskew_4d))},
                         {"$STEP1", constant(step_4d)},
                         {"$STEP", constant(step_4d * 4 * unskew_4d)},
                         {"$MSTEP", constant(-step_4d)},
                         {"$R3", constant(0.6f)},
                         {"$R4", constant(0.6f)},
                         {"$D", D},
                         {"$C", C},
                         {"$I", I},
                         {"$F", f.name}});
    return s + body + "}\n";
}

}  // namespace

std::string simplex(const Field& f, bool gradient) {
    if (f.dims == 2 && f.desc.simplex.orientation2 == Orientation2::fallback) {
        // [S 16.8] 2D fallback: the 3D fallback field's z = 0 slice (no z period), its derivatives
        // d/dx and d/dy.
        NoiseDesc d3 = f.desc;
        d3.simplex.orientation3 = Orientation3::fallback;
        const Field f3{d3, f.tables, f.fn("_slice"), 3, f.lib("")};
        std::string s = zero_helpers(f3.name, 3) + simplex(f3, gradient);
        const std::string m = "ivec4(m.xy, 0, 0)";
        s += "float " + f.fn("_noise") + "(vec2 p, ivec4 m) { return " + f3.fn("_noise") + "(vec3(p, 0.0), " + m + "); }\n";
        s += "float " + f.fn("_noise") + "(dvec2 p, ivec4 m) { return " + f3.fn("_noise") + "(dvec3(p, 0.0LF), " + m + "); }\n";
        if (gradient) {
            for (const char* type : {"vec", "dvec"}) {
                s += "float " + f.fn("_noise_gradient") + "(" + type + "2 p, ivec4 m, out vec2 d) {\n    vec3 e;\n    float v = " +
                     f3.fn("_noise_gradient") + "(" + type + "3(p, 0.0), " + m + ", e);\n    d = e.xy;\n    return v;\n}\n";
            }
        }
        return s;
    }
    const Variant v{f.desc.hash == Hash::mix};
    const std::string vec = f.vec(), cvec = v.cvec(f.dims);
    const bool smooth = f.desc.basis == Basis::opensimplex2s;
    std::string s = integer_ops(f, v) + cells(f, v) + vertices(f, v, gradient) + orient(f, v);
    if (f.dims == 3) s += hash3(f, v);
    s += smooth ? smooth_base(f, v, false) : base(f, v, false);
    if (gradient) s += smooth ? smooth_base(f, v, true) : base(f, v, true);
    const std::string seed = v.mix ? v.integer(f.tables.mix_key) : v.integer(static_cast<std::uint64_t>(f.tables.simplex_seed));
    // [S 16.1] Off the lattice's extent (|q| >= 2^27 in the variant's coordinates, or not finite): +0.
    // The point forms take vecN; chunks (section 13.4) take the binary64 dvecN coordinates: both
    // overloads convert to the variant's coordinates and share <name>_noise_at / _noise_gradient_at.
    std::string any_nan;
    for (int a = 0; a < f.dims; ++a) any_nan += std::string(a ? " || " : "") + f.lib("_isnan") + "(q." + component(a) + ")";
    const std::string check = "    if (any(greaterThanEqual(abs(q), " + cvec + "(134217728.0))) || " + any_nan + ")";
    const std::string dvec = "dvec" + number(f.dims);
    // [S 16.8] Where the field tiles (3D; m: the octave's periods), each periodic coordinate is first
    // reduced, q - P floor(q / P) in binary64, and the hashes wrap (<name>_hash3).
    std::string reduce;
    if (f.dims == 3 && f.tables.simplex_tiling[0].tiled) {
        reduce = "    " + f.fn("_period") + " = m.xyz;\n";
        for (int a = 0; a < 3; ++a) {
            const std::string axis(1, component(a)), c = "q." + axis;
            reduce += "    if (m." + axis + " != 0) {\n        precise double v = double(" + c + ");\n        precise double r = v - double(m." +
                      axis + ") * " + f.lib("_floor_quotient") + "(v, m." + axis + ");\n        " + c + " = " +
                      (v.mix ? f.lib("_narrow") + "(r)" : std::string("r")) + ";\n    }\n";
        }
    }
    s += "float " + f.fn("_noise_at") + "(" + cvec + " q, ivec4 m) {\n" + check + " return 0.0;\n" + reduce + "    return " +
         f.fn("_base") + "(" + f.fn("_orient") + "(q), " + seed + ");\n}\n";
    // (a dvecN to the mix variant's vecN: rounded on the bits, as GLSL leaves the conversion's rounding open)
    auto coordinates = [&](const std::string& type) {
        return type == dvec && v.mix ? f.lib("_narrow") + "(p)" : cvec + "(p)";
    };
    for (const std::string& type : {vec, dvec}) {
        s += "float " + f.fn("_noise") + "(" + type + " p, ivec4 m) { return " + f.fn("_noise_at") + "(" + coordinates(type) + ", m); }\n";
    }
    if (!gradient) return s;
    // [S 18.4] The offset-frame sums to the input coordinates: out_j = sum_i m[i][j] d_i, i ascending.
    namespace rs = reference::simplex;
    const rs::SimplexJacobian& J = f.dims == 2   ? rs::jacobian_of(f.desc.simplex.orientation2)
                                   : f.dims == 3 ? rs::jacobian_of(f.desc.simplex.orientation3)
                                                 : rs::jacobian_of(smooth, f.desc.simplex.orientation4);
    s += "float " + f.fn("_noise_gradient_at") + "(" + cvec + " q, ivec4 m, out " + vec + " d) {\n" + check +
         " {\n        d = " + vec + "(0.0);\n        return 0.0;\n    }\n" + reduce + "    " + vec + " e;\n    precise float v = " +
         f.fn("_base_gradient") + "(" + f.fn("_orient") + "(q), " + seed + ", e);\n";
    for (int j = 0; j < f.dims; ++j) {
        s += "    precise float r" + number(j) + " = " + product(f.name, J.m[0][j], "e.x") + ";\n";
        for (int i = 1; i < f.dims; ++i) {
            s += "    r" + number(j) + " = r" + number(j) + " + " + product(f.name, J.m[i][j], std::string("e.") + component(i)) + ";\n";
        }
    }
    s += "    d = " + vec + "(";
    for (int j = 0; j < f.dims; ++j) s += std::string(j ? ", r" : "r") + number(j);
    s += ");\n    return v;\n}\n";
    for (const std::string& type : {vec, dvec}) {
        s += "float " + f.fn("_noise_gradient") + "(" + type + " p, ivec4 m, out " + vec + " d) { return " +
             f.fn("_noise_gradient_at") + "(" + coordinates(type) + ", m, d); }\n";
    }
    return s;
}

}  // namespace gradnoise::glsl
