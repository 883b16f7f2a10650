// [S 19] GLSL for a graph: the compiled program (src/graph/program.hpp) written out operation by
// operation, as src/kernels/graph.hpp runs it (run_program, run_program_gradient), over each field
// node's own functions (glsl.cpp's field text, named <name>_n<index>). One GLSL variable per slot
// (with gradients a float and a vecN of derivatives), every one `precise`.
//
// Zeros: a compiler folds x + 0 and x * 0 on a compile-time zero, which IEEE arithmetic does not
// allow (glsl_text.hpp). A graph's constants flow into any operation, so every zero here is a
// value the compiler cannot see: `zero`, read from a table at an index that depends on p (both
// entries are +0). Nonzero constants are written as their bits.
#include <cmath>
#include <new>
#include <set>
#include <string>
#include <vector>

#include "gradnoise/graph.hpp"
#include "gradnoise/shader.hpp"
#include "graph/program.hpp"
#include "shader/glsl_text.hpp"

namespace gradnoise {
namespace {

using glsl::component;
using glsl::constant;
using glsl::number;
using graph::Instr;
using graph::Op;

// Writes the program's statements; `gradient` selects the dual form (value sK and derivatives dK).
class ProgramWriter {
public:
    ProgramWriter(const graph::Program& prog, const std::string& name, bool gradient)
        : prog_(prog), name_(name), gradient_(gradient), dims_(prog.dims), vec_("vec" + number(prog.dims)) {}

    std::string body() {
        std::string s;
        for (const Instr& in : prog_.code) s += gradient_ ? dual(in) : value(in);
        return s;
    }

private:
    // A constant: its bits, or the opaque zero (signed as k).
    static std::string k(float v) {
        if (v == 0.0f) return std::signbit(v) ? "(-zero)" : "zero";
        return constant(v);
    }
    static std::string slot_name(char kind, std::uint32_t slot) {
        std::string r(1, kind);
        r += number(static_cast<int>(slot));
        return r;
    }
    std::string s(std::uint32_t slot) const { return slot_name('s', slot); }
    std::string d(std::uint32_t slot) const { return slot_name('d', slot); }
    std::string zeros() const { return vec_ + "(zero)"; }
    // x < y as IEEE orders them, through <name>_less: a compiler rewrites `x < y ? x : y` into its
    // min instruction, whose NaN and signed-zero rules are not the comparison's (Mesa did).
    std::string less(const std::string& x, const std::string& y) const { return name_ + "_less(" + x + ", " + y + ")"; }
    std::string field_call(const Instr& in, bool with_gradient) const {
        std::string p = vec_ + "(";
        for (int a = 0; a < dims_; ++a) {
            if (a) p += ", ";
            p += s(in.in[a]);
        }
        return name_ + "_n" + number(in.index) + (with_gradient ? "_gradient(" + p + "), g)" : "(" + p + "))");
    }
    static std::string abs_of(const std::string& x) { return "uintBitsToFloat(floatBitsToUint(" + x + ") & 0x7FFFFFFFu)"; }
    static std::string negated(const std::string& x) { return "uintBitsToFloat(floatBitsToUint(" + x + ") ^ 0x80000000u)"; }
    std::string negated_vec(const std::string& x) const {
        return "uintBitsToFloat(floatBitsToUint(" + x + ") ^ u" + vec_ + "(0x80000000u))";
    }
    // [S 19.3] The curve's segment (x, y, m) by comparisons against every inner point, then r.
    std::string curve_segment(const graph::CurveTable& c, const std::string& v) const {
        std::string t = "        precise float x = " + k(c.x[0]) + ", y = " + k(c.y[0]) + ", m = " + k(c.slope[0]) + ";\n";
        for (int i = 1; i < c.count - 1; ++i) {
            t += "        if (" + v + " >= " + k(c.x[i]) + ") { x = " + k(c.x[i]) + "; y = " + k(c.y[i]) + "; m = " +
                 k(c.slope[i]) + "; }\n";
        }
        const int last = c.count - 1;
        t += "        precise float r = y + (" + v + " - x) * m;\n        r = " + v + " >= " + k(c.x[last]) + " ? " + k(c.y[last]) +
             " : r;\n        r = " + v + " > " + k(c.x[0]) + " ? r : " + k(c.y[0]) + ";\n";
        return t;
    }
    std::string clamp01(const std::string& u) const {
        return "        " + u + " = " + less(u, "0.0") + " ? zero : " + u + ";\n        " + u + " = " + less("1.0", u) + " ? 1.0 : " + u +
               ";\n";
    }
    // The coordinates' finiteness of fractal_end: every in[1 .. dims] (their values). (Tested on the
    // bits, <lib>_nonfinite: Mesa evaluated |NaN| <= FLT_MAX as true, and GLSL's isnan may return false.)
    std::string finite(const Instr& in) const {
        std::string t;
        for (int a = 0; a < dims_; ++a) {
            const std::string v = s(in.in[1 + a]);
            t += std::string(a ? " && " : "") + "!" + name_ + "_nonfinite(" + v + ")";
        }
        return t;
    }

    // [S 19.1-19.5] run_program's operations.
    std::string value(const Instr& in) const {
        const std::string o = "    " + s(in.out) + " = ", a = s(in.in[0]), b = s(in.in[1]), c = s(in.in[2]);
        switch (in.op) {
            case Op::field: return o + field_call(in, false) + ";\n";
            case Op::constant: return o + k(in.k[0]) + ";\n";
            case Op::add: return o + a + " + " + b + ";\n";
            case Op::subtract: return o + a + " - " + b + ";\n";
            case Op::multiply: return o + a + " * " + b + ";\n";
            case Op::min: return o + less(b, a) + " ? " + b + " : " + a + ";\n";
            case Op::max: return o + less(a, b) + " ? " + b + " : " + a + ";\n";
            case Op::abs: return o + abs_of(a) + ";\n";
            case Op::negate: return o + negated(a) + ";\n";
            case Op::lerp: return o + a + " + (" + b + " - " + a + ") * " + c + ";\n";
            case Op::select_hard: return o + less(c, k(in.k[0])) + " ? " + a + " : " + b + ";\n";
            case Op::select_soft:
                return "    {\n        precise float u = (" + c + " - " + k(in.k[0]) + ") * " + k(in.k[1]) + ";\n" + clamp01("u") +
                       "        precise float w = (u * u) * (3.0 - 2.0 * u);\n    " + o + a + " + (" + b + " - " + a +
                       ") * w;\n    }\n";
            case Op::remap: return o + "(" + a + " - " + k(in.k[0]) + ") * " + k(in.k[1]) + " + " + k(in.k[2]) + ";\n";
            case Op::clamp:
                return "    {\n        precise float r = " + less(a, k(in.k[0])) + " ? " + k(in.k[0]) + " : " + a + ";\n    " + o +
                       less(k(in.k[1]), "r") + " ? " + k(in.k[1]) + " : r;\n    }\n";
            case Op::power: {
                std::string t = "    {\n        precise float r = " + a + ";\n";
                for (int i = 1; i < in.count; ++i) t += "        r = r * " + a + ";\n";
                return t + "    " + o + "r;\n    }\n";
            }
            case Op::sqrt: return o + name_ + "_sqrt(" + less(a, "0.0") + " ? zero : " + a + ");\n";
            case Op::terrace: {
                std::string t = "    {\n        precise float t = " + a + " * " + k(in.k[0]) + ";\n        precise float f = floor(t);\n"
                                "        precise float g = zero;\n";
                if (in.k[1] != 0.0f) t += "        g = ((t - f) - " + k(in.k[2]) + ") * " + k(in.k[3]) + ";\n" + clamp01("g");
                return t + "        precise float level = f + g;\n    " + o + name_ + "_divide(level, " + k(in.k[0]) + ");\n    }\n";
            }
            case Op::curve:
                return "    {\n" + curve_segment(prog_.curves[static_cast<std::size_t>(in.index)], a) + "    " + o + "r;\n    }\n";
            case Op::scale: return o + a + " * " + k(in.k[0]) + ";\n";
            case Op::translate: return o + a + " + " + k(in.k[0]) + ";\n";
            case Op::affine: return o + a + " * " + k(in.k[0]) + " + " + k(in.k[1]) + ";\n";
            case Op::axpy: return o + a + " + " + k(in.k[0]) + " * " + b + ";\n";
            case Op::rotate:
                return "    {\n        precise float u = " + k(in.k[0]) + " * " + a + " - " + k(in.k[1]) + " * " + b +
                       ", v = " + k(in.k[1]) + " * " + a + " + " + k(in.k[0]) + " * " + b + ";\n        " + s(in.out) +
                       " = u;\n        " + s(in.out2) + " = v;\n    }\n";
            case Op::accumulate: return o + a + " + " + k(in.k[0]) + " * " + term(static_cast<Fractal>(in.count), b) + ";\n";
            case Op::accumulate_ridged:
                return "    {\n        precise float t = 1.0 - " + abs_of(c) + ";\n        t = t * t;\n        t = t * " + b +
                       ";\n        precise float w = t * 2.0;\n        w = " + less("w", "0.0") + " ? zero : (" + less("1.0", "w") + " ? 1.0 : w);\n"
                       "        precise float r = " + a + " + " + k(in.k[0]) + " * t;\n        " + s(in.out) + " = r;\n        " +
                       s(in.out2) + " = w;\n    }\n";
            case Op::fractal_end: return o + "(" + finite(in) + ") ? " + name_ + "_divide(" + a + ", " + k(in.k[0]) + ") : zero;\n";
            case Op::local: return o + a + ";\n";
            case Op::curvature:
            case Op::erode: return o + "uintBitsToFloat(0x7FC00000u);\n";  // (a graph with erode runs with gradients)
        }
        return std::string();
    }
    static std::string term(Fractal kind, const std::string& n) {
        if (kind == Fractal::turbulence) return "(" + abs_of(n) + ")";
        if (kind == Fractal::billow) return "(2.0 * " + abs_of(n) + " - 1.0)";
        return n;
    }

    // [S 19.6] run_program_gradient's operations: the value as above, the derivatives dK.
    std::string dual(const Instr& in) const {
        const std::string so = s(in.out), dout = d(in.out), a = s(in.in[0]), b = s(in.in[1]), c = s(in.in[2]);
        const std::string da = d(in.in[0]), db = d(in.in[1]), dc = d(in.in[2]);
        auto both = [&](const std::string& v, const std::string& dv) {
            return "    {\n" + v + dv + "        " + so + " = r;\n        " + dout + " = dr;\n    }\n";
        };
        switch (in.op) {
            case Op::local: {
                std::string e = vec_ + "(";
                for (int b2 = 0; b2 < dims_; ++b2) e += std::string(b2 ? ", " : "") + (b2 == in.count ? "1.0" : "zero");
                return "    " + so + " = " + a + ";\n    " + dout + " = " + e + ");\n";
            }
            case Op::curvature: {
                // [S 21.6] rows x and y of a column of the input's Hessian: (in0' - in1') / (in2 - in3)
                const std::string h = "(" + c + " - " + s(in.in[3]) + ")";
                std::string t = "    {\n        precise float h = " + h + ";\n        bool moved = " + less("zero", "h") + ";\n";
                std::string dr = vec_ + "(";
                for (int b2 = 0; b2 < dims_; ++b2) {
                    if (b2 < 2) {
                        const std::string X(1, component(b2));
                        t += "        precise float n" + X + " = " + da + "." + X + " - " + db + "." + X + ";\n";
                        dr += std::string(b2 ? ", " : "") + "moved ? " + name_ + "_divide(n" + X + ", h) : zero";
                    } else {
                        dr += ", zero";
                    }
                }
                return t + "        " + so + " = zero;\n        " + dout + " = " + dr + ");\n    }\n";
            }
            case Op::field:
            case Op::erode: {
                std::string t = "    {\n        " + vec_ + " g;\n";
                if (in.op == Op::field) {
                    t += "        precise float r = " + field_call(in, true) + ";\n";
                } else {
                    // [S 19.9] the input (value, gradient along the node's coordinates) eroded at those coordinates
                    const std::string fn = name_ + "_n" + number(in.index);
                    t += "        vec2 e[" + fn + "_erosion_octaves];\n";
                    for (int q = 0; q < erosion_octaves(in); ++q) {
                        const std::string E = constant(erosion_frequency(in, q)), Q = number(q);
                        t += "        precise float ex" + Q + " = " + s(in.in[0]) + " * " + E + ";\n        precise float ey" + Q + " = " +
                             s(in.in[1]) + " * " + E + ";\n        e[" + Q + "] = vec2(ex" + Q + ", ey" + Q + ");\n";
                    }
                    // [S 21.6] the input's curvature: rows x and y of the columns in[dims + 1 + b]
                    std::string hx = vec_ + "(", hy = vec_ + "(";
                    for (int b2 = 0; b2 < dims_; ++b2) {
                        hx += (b2 ? ", " : "") + d(in.in[dims_ + 1 + b2]) + ".x";
                        hy += (b2 ? ", " : "") + d(in.in[dims_ + 1 + b2]) + ".y";
                    }
                    t += "        precise float r = " + fn + "_erode_exact(e, " + s(in.in[dims_]) + ", " + d(in.in[dims_]) + ", " + hx +
                         "), " + hy + "), g);\n";
                }
                if (in.count == 1) {
                    std::string kv = vec_ + "(";
                    for (int b2 = 0; b2 < dims_; ++b2) kv += (b2 ? ", " : "") + k(in.k[b2]);
                    t += "        precise " + vec_ + " dr = g * " + kv + ");\n";
                } else {
                    t += "        precise " + vec_ + " dr = g.x * " + d(in.in[0]);
                    for (int e = 1; e < dims_; ++e) t += std::string(" + g.") + component(e) + " * " + d(in.in[e]);
                    t += ";\n";
                }
                return t + "        " + so + " = r;\n        " + dout + " = dr;\n    }\n";
            }
            case Op::constant: return "    " + so + " = " + k(in.k[0]) + ";\n    " + dout + " = " + zeros() + ";\n";
            case Op::add:
            case Op::subtract: {
                const std::string op = in.op == Op::add ? " + " : " - ";
                return both("        precise float r = " + a + op + b + ";\n", "        precise " + vec_ + " dr = " + da + op + db + ";\n");
            }
            case Op::multiply:
                return both("        precise float r = " + a + " * " + b + ";\n",
                            "        precise " + vec_ + " dr = " + da + " * " + b + " + " + a + " * " + db + ";\n");
            case Op::min:
            case Op::max: {
                const std::string take = in.op == Op::min ? less(b, a) : less(a, b);
                return both("        bool take = " + take + ";\n        precise float r = take ? " + b + " : " + a + ";\n",
                            "        precise " + vec_ + " dr = take ? " + db + " : " + da + ";\n");
            }
            case Op::abs:
            case Op::negate: {
                const bool neg = in.op == Op::negate;
                return both("        precise float r = " + (neg ? negated(a) : abs_of(a)) + ";\n",
                            "        precise " + vec_ + " dr = " + (neg ? negated_vec(da) : a + " < 0.0 ? " + negated_vec(da) + " : " + da) +
                                ";\n");
            }
            case Op::lerp:
                return both("        precise float r = " + a + " + (" + b + " - " + a + ") * " + c + ";\n",
                            "        precise " + vec_ + " dr = " + da + " + ((" + db + " - " + da + ") * " + c + " + (" + b + " - " + a +
                                ") * " + dc + ");\n");
            case Op::select_hard:
                return both("        bool below = " + less(c, k(in.k[0])) + ";\n        precise float r = below ? " + a + " : " + b + ";\n",
                            "        precise " + vec_ + " dr = below ? " + da + " : " + db + ";\n");
            case Op::select_soft:
                return both("        precise float u0 = (" + c + " - " + k(in.k[0]) + ") * " + k(in.k[1]) + ";\n        precise float u = u0;\n" +
                                clamp01("u") + "        precise float w = (u * u) * (3.0 - 2.0 * u);\n"
                                "        bool inside = 0.0 < u0 && u0 < 1.0;\n        precise float slope = (6.0 * u) * (1.0 - u);\n"
                                "        precise float r = " + a + " + (" + b + " - " + a + ") * w;\n",
                            "        precise " + vec_ + " ds = inside ? slope * (" + dc + " * " + k(in.k[1]) + ") : " + zeros() +
                                ";\n        precise " + vec_ + " dr = " + da + " + ((" + db + " - " + da + ") * w + (" + b + " - " + a +
                                ") * ds);\n");
            case Op::remap:
                return both("        precise float r = (" + a + " - " + k(in.k[0]) + ") * " + k(in.k[1]) + " + " + k(in.k[2]) + ";\n",
                            "        precise " + vec_ + " dr = " + da + " * " + k(in.k[1]) + ";\n");
            case Op::clamp:
                return both("        bool below = " + less(a, k(in.k[0])) + ";\n        precise float low = below ? " + k(in.k[0]) +
                                " : " + a + ";\n        bool above = " + less(k(in.k[1]), "low") + ";\n        precise float r = above ? " +
                                k(in.k[1]) + " : low;\n",
                            "        precise " + vec_ + " dr = below || above ? " + zeros() + " : " + da + ";\n");
            case Op::power: {
                std::string t = "        precise float r = " + a + ";\n        precise " + vec_ + " dr = " + da + ";\n";
                for (int i = 1; i < in.count; ++i) t += "        dr = dr * " + a + " + r * " + da + ";\n        r = r * " + a + ";\n";
                return both(t, "");
            }
            case Op::sqrt:
                return both("        precise float r = " + name_ + "_sqrt(" + less(a, "0.0") + " ? zero : " + a + ");\n",
                            "        precise float twice = r + r;\n        precise " + vec_ + " dr = 0.0 < " + a + " ? " + name_ +
                                "_divide(" + da + ", twice) : " + zeros() + ";\n");
            case Op::terrace: {
                std::string t = "        precise float t = " + a + " * " + k(in.k[0]) + ";\n        precise float f = floor(t);\n"
                                "        precise float g = zero;\n        bool inside = false;\n";
                if (in.k[1] != 0.0f) {
                    t += "        precise float g0 = ((t - f) - " + k(in.k[2]) + ") * " + k(in.k[3]) +
                         ";\n        inside = 0.0 < g0 && g0 < 1.0;\n        g = g0;\n" + clamp01("g");
                }
                t += "        precise float level = f + g;\n        precise float r = " + name_ + "_divide(level, " + k(in.k[0]) + ");\n";
                return both(t, "        precise " + vec_ + " slope = inside ? (" + da + " * " + k(in.k[0]) + ") * " + k(in.k[3]) + " : " +
                                   zeros() + ";\n        precise " + vec_ + " dr = " + name_ + "_divide(slope, " + k(in.k[0]) + ");\n");
            }
            case Op::curve: {
                const graph::CurveTable& t = prog_.curves[static_cast<std::size_t>(in.index)];
                const std::string interior = k(t.x[0]) + " < " + a + " && " + a + " < " + k(t.x[t.count - 1]);
                return both(curve_segment(t, a),
                            "        precise " + vec_ + " dr = " + interior + " ? " + da + " * m : " + zeros() + ";\n");
            }
            case Op::scale:
            case Op::affine:
                return both("        precise float r = " + a + " * " + k(in.k[0]) + (in.op == Op::affine ? " + " + k(in.k[1]) : "") + ";\n",
                            "        precise " + vec_ + " dr = " + da + " * " + k(in.k[0]) + ";\n");
            case Op::translate:
                return both("        precise float r = " + a + " + " + k(in.k[0]) + ";\n", "        precise " + vec_ + " dr = " + da + ";\n");
            case Op::axpy:
                return both("        precise float r = " + a + " + " + k(in.k[0]) + " * " + b + ";\n",
                            "        precise " + vec_ + " dr = " + da + " + " + k(in.k[0]) + " * " + db + ";\n");
            case Op::rotate: {
                const std::string c0 = k(in.k[0]), s0 = k(in.k[1]);
                return "    {\n        precise float u = " + c0 + " * " + a + " - " + s0 + " * " + b + ", v = " + s0 + " * " + a + " + " +
                       c0 + " * " + b + ";\n        precise " + vec_ + " du = " + c0 + " * " + da + " - " + s0 + " * " + db +
                       ", dv = " + s0 + " * " + da + " + " + c0 + " * " + db + ";\n        " + so + " = u;\n        " + dout +
                       " = du;\n        " + s(in.out2) + " = v;\n        " + d(in.out2) + " = dv;\n    }\n";
            }
            case Op::accumulate: {
                const Fractal kind = static_cast<Fractal>(in.count);
                std::string dterm = db;
                if (kind != Fractal::fbm) dterm = "(" + b + " < 0.0 ? " + negated_vec(db) + " : " + db + ")";
                if (kind == Fractal::billow) dterm = "2.0 * " + dterm;
                return both("        precise float r = " + a + " + " + k(in.k[0]) + " * " + term(kind, b) + ";\n",
                            "        precise " + vec_ + " dt = " + dterm + ";\n        precise " + vec_ + " dr = " + da + " + " +
                                k(in.k[0]) + " * dt;\n");
            }
            case Op::accumulate_ridged:
                return "    {\n        bool negative = " + c + " < 0.0;\n        precise float rr = 1.0 - " + abs_of(c) +
                       ";\n        precise float square = rr * rr;\n        precise float t = square * " + b +
                       ";\n        precise float w = t * 2.0;\n        bool inside = w > 0.0 && w < 1.0;\n"
                       "        precise float r = " + a + " + " + k(in.k[0]) + " * t;\n"
                       "        precise float wn = " + less("w", "0.0") + " ? zero : (" + less("1.0", "w") + " ? 1.0 : w);\n"
                       "        precise " + vec_ + " dr0 = negative ? " + dc + " : " + negated_vec(dc) + ";\n"
                       "        precise " + vec_ + " dt = ((rr + rr) * dr0) * " + b + " + square * " + db + ";\n"
                       "        precise " + vec_ + " dr = " + da + " + " + k(in.k[0]) + " * dt;\n"
                       "        precise " + vec_ + " dw = inside ? dt * 2.0 : " + zeros() + ";\n"
                       "        " + so + " = r;\n        " + dout + " = dr;\n        " + s(in.out2) + " = wn;\n        " + d(in.out2) +
                       " = dw;\n    }\n";
            case Op::fractal_end: {
                std::string dv = vec_ + "(";
                for (int e = 0; e < dims_; ++e) {
                    const std::string q = std::string("q.") + component(e);
                    dv += std::string(e ? ", " : "") + "finite && " + q + " == " + q + " ? " + q + " : zero";
                }
                return both("        bool finite = " + finite(in) + ";\n        precise float r = finite ? " + name_ + "_divide(" + a +
                                ", " + k(in.k[0]) + ") : zero;\n",
                            "        precise " + vec_ + " q = " + name_ + "_divide(" + da + ", " + k(in.k[0]) + ");\n        precise " + vec_ + " dr = " +
                                dv + ");\n");
            }
        }
        return std::string();
    }

    int erosion_octaves(const Instr& in) const { return data_->fields[static_cast<std::size_t>(in.index)].tables().erosion.octaves; }
    float erosion_frequency(const Instr& in, int k) const {
        return data_->fields[static_cast<std::size_t>(in.index)].tables().erosion.frequency[k];
    }

public:
    const detail::GraphData* data_ = nullptr;  // the erode nodes' tables

private:
    const graph::Program& prog_;
    const std::string& name_;
    bool gradient_;
    int dims_;
    std::string vec_;
};

// float <name>(vecN p) or <name>_gradient(vecN p, out vecN d): the coordinates into slots 0 .. dims
// - 1 (with gradients, the identity), the program, the output slot.
std::string program_function(const detail::GraphData& data, const std::string& name, bool gradient) {
    const graph::Program& prog = data.program;
    const int dims = prog.dims;
    if (!gradient && data.needs_gradient) {  // [S 19.9] the value of the gradients' program
        const std::string vec = "vec" + number(dims);
        return "float " + name + "(" + vec + " p) {\n    " + vec + " d;\n    return " + name + "_gradient(p, d);\n}\n";
    }
    const std::string vec = "vec" + number(dims);
    std::string s = "float " + name + (gradient ? "_gradient(" + vec + " p, out " + vec + " d) {\n" : "(" + vec + " p) {\n");
    // The opaque zero: <name>_zero[0] and [1] are both +0; which is read depends on p's sign bit.
    s += "    precise float zero = " + name + "_zero[int(floatBitsToUint(p.x) >> 31u)];\n";
    for (int slot = 0; slot < prog.slots; ++slot) {
        s += "    precise float s" + number(slot) + (slot < dims ? " = p." + std::string(1, component(slot)) : "") + ";\n";
        if (!gradient) continue;
        s += "    precise " + vec + " d" + number(slot);
        if (slot < dims) {
            s += " = " + vec + "(";
            for (int b = 0; b < dims; ++b) s += std::string(b ? ", " : "") + (b == slot ? "1.0" : "zero");
            s += ")";
        }
        s += ";\n";
    }
    ProgramWriter writer(prog, name, gradient);
    writer.data_ = &data;
    s += writer.body();
    // [S 19] A NaN result is the quiet NaN 0x7FC00000, whatever NaN the GPU made.
    const std::string quiet = "uintBitsToFloat(0x7FC00000u)";
    const std::string out = "s" + number(prog.output);
    if (gradient) {
        s += "    d = d" + number(prog.output) + ";\n";
        for (int a = 0; a < dims; ++a) {
            const std::string c = std::string("d.") + component(a);
            s += "    " + c + " = " + name + "_isnan(" + c + ") ? " + quiet + " : " + c + ";\n";
        }
    }
    return s + "    return " + name + "_isnan(" + out + ") ? " + quiet + " : " + out + ";\n}\n";
}

// A node's name for a comment line: printable ASCII, else '?'.
std::string comment_text(const std::string& name) {
    std::string t = name;
    for (char& ch : t) {
        if (ch < 0x20 || ch > 0x7E) ch = '?';
    }
    return t;
}

}  // namespace

Status shader_source(const Graph& graph, const ShaderOptions& options, std::string* out, std::string* error) {
    if (Status s = glsl::check_options(options, out); !s) {
        return s;
    }
    try {
        const detail::GraphData& data = graph.data();
        const graph::Program& prog = data.program;
        if (options.dimensions != prog.dims) {
            if (error) {
                *error = "shader_source: options.dimensions must be the graph's: " + number(prog.dims) + " (got " +
                         number(options.dimensions) + ")";
            }
            return Status(ErrorCode::invalid_argument, "shader_source: options.dimensions must be the graph's");
        }
        if (options.gradient && !graph.gradient_refusal().empty()) {
            if (error) *error = "shader_source: options.gradient: " + graph.gradient_refusal();
            return Status(ErrorCode::invalid_argument, "shader_source: options.gradient: the graph has no gradient");
        }
        const std::string name = options.function_name;
        std::set<int> used, eroding;
        for (const Instr& in : prog.code) {
            if (in.op == Op::field) used.insert(in.index);
            if (in.op == Op::erode) eroding.insert(in.index);
        }
        // [S 19.9] With an erode node the program runs with gradients: the fields' gradient functions too.
        const bool gradients = options.gradient || data.needs_gradient;
        std::string s = glsl::version_line("a graph of " + number(static_cast<int>(prog.code.size())) + " operations, " +
                                           number(prog.dims) + "D");
        bool binary64 = false;
        for (const int i : used) {
            binary64 = binary64 || basis_family(data.fields[static_cast<std::size_t>(i)].desc().basis) == BasisFamily::simplex;
        }
        s += glsl::preamble() + glsl::exact_helpers(name, binary64);
        for (const int i : used) {
            const Noise& field = data.fields[static_cast<std::size_t>(i)];
            if (Status st = glsl::check_field(field.desc(), prog.dims, gradients); !st) {
                if (error) *error = st.message() + std::string(" (graph node '") + comment_text(data.field_names[static_cast<std::size_t>(i)]) + "')";
                return st;
            }
            const glsl::Field f{field.desc(), field.tables(), name + "_n" + number(i), prog.dims, name};
            s += "// graph node '" + comment_text(data.field_names[static_cast<std::size_t>(i)]) + "'\n" +
                 glsl::field_source(f, gradients);
        }
        for (const int i : eroding) {
            const Noise& node = data.fields[static_cast<std::size_t>(i)];
            const glsl::Field f{node.desc(), node.tables(), name + "_n" + number(i), prog.dims, name};
            s += "// graph node '" + comment_text(data.desc.nodes[static_cast<std::size_t>(i)].name) + "' (erode)\n" +
                 "const int " + f.fn("_erosion_octaves") + " = " + number(node.tables().erosion.octaves) + ";\n" +
                 glsl::erosion_functions(f);
        }
        s += "float " + name + "_zero[2] = float[2](0.0, 0.0);\n";
    // x < y on the floats' order as integers (+-0 equal), false with a NaN.
    s += "int " + name + "_order(float x) { int i = floatBitsToInt(x); return i < 0 ? -(i & 0x7FFFFFFF) : i; }\n";
    s += "bool " + name + "_less(float x, float y) {\n    return !" + name + "_isnan(x) && !" + name + "_isnan(y) && " + name + "_order(x) < " + name +
         "_order(y);\n}\n";
        if (data.needs_gradient) {  // (the value function calls the gradient function)
            s += program_function(data, name, true) + program_function(data, name, false);
        } else {
            s += program_function(data, name, false);
            if (options.gradient) s += program_function(data, name, true);
        }
        *out = std::move(s);
    } catch (const std::bad_alloc&) {
        return Status(ErrorCode::out_of_memory, "shader_source: out of memory");
    }
    return Status();
}

}  // namespace gradnoise
