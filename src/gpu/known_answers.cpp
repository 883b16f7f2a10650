// The known-answer set (known_answers.hpp): the subjects, their cases, and each case's GLSL, input and
// the CPU's bits.
#include "gpu/known_answers.hpp"

#include <cmath>
#include <cstring>

#include "gradnoise/shader.hpp"
#include "tables/simplex_tiling.hpp"

namespace gradnoise::gpu {
namespace {

std::uint32_t bits(float v) {
    std::uint32_t u;
    std::memcpy(&u, &v, sizeof u);
    return u;
}

std::string number(std::size_t v) { return std::to_string(v); }

// Points in [-300, 300) from splitmix64 (a quarter of them scaled into +-2.3), deterministic.
float random_float(std::uint64_t& state) {
    state += 0x9E3779B97F4A7C15ull;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<float>(static_cast<double>(z >> 40) / 16777216.0 * 600.0 - 300.0);
}

// The field has this dimension count and form (cellular noise and tiled simplex fields have no 4D;
// a pattern, and the damped fractal of the simplex and cellular bases, no gradient).
bool covers(const NoiseDesc& d, int dims, bool gradient) {
    const bool lattice = basis_family(d.basis) == BasisFamily::lattice;
    return !(dims == 4 && !detail::has_4d(d)) &&
           !(gradient && (d.pattern.kind != Pattern::none || (!lattice && d.fractal.kind == Fractal::damped)));
}

bool has_chunks(const NoiseDesc& d) { return d.warp.levels == 0 && covers(d, 3, true); }

std::string point_of(int dims, const std::string& base) {
    std::string s = "vec" + std::to_string(dims) + "(";
    for (int a = 0; a < dims; ++a) {
        s += std::string(a ? ", " : "") + "uintBitsToFloat(data[" + base + " + " + std::to_string(a) + "u])";
    }
    return s + ")";
}

// The value and gradient bodies: item i's point at data[16 + dims i], its outputs.
std::string value_body(const std::string& name, int dims) {
    return "    result[i] = floatBitsToUint(" + name + "(" + point_of(dims, "16u + " + std::to_string(dims) + "u * i") + "));\n";
}
std::string gradient_body(const std::string& name, int dims) {
    const std::string per = std::to_string(dims + 1);
    std::string s = "    vec" + std::to_string(dims) + " d;\n    result[" + per + "u * i] = floatBitsToUint(" + name + "_gradient(" +
                    point_of(dims, "16u + " + std::to_string(dims) + "u * i") + ", d));\n";
    for (int a = 0; a < dims; ++a) {
        s += "    result[" + per + "u * i + " + std::to_string(a + 1) + "u] = floatBitsToUint(d[" + std::to_string(a) + "]);\n";
    }
    return s;
}

// Evaluates a field or a graph (the same member names) at points, values or values and gradients.
template <class Source>
Status evaluate(const Source& s, int dims, const std::vector<float>& points, bool gradient, std::vector<std::uint32_t>* out) {
    const std::size_t n = points.size() / static_cast<std::size_t>(dims);
    std::vector<float> axis[4], plane[5];
    for (int a = 0; a < dims; ++a) {
        axis[a].resize(n);
        for (std::size_t i = 0; i < n; ++i) axis[a][i] = points[i * static_cast<std::size_t>(dims) + static_cast<std::size_t>(a)];
    }
    for (auto& p : plane) p.resize(n);
    Status st;
    if (gradient) {
        const GradientOut g{plane[0].data(), plane[1].data(), plane[2].data(), plane[3].data(), plane[4].data()};
        st = dims == 2   ? s.evaluate_gradient_2d(axis[0].data(), axis[1].data(), g, n)
             : dims == 3 ? s.evaluate_gradient_3d(axis[0].data(), axis[1].data(), axis[2].data(), g, n)
                         : s.evaluate_gradient_4d(axis[0].data(), axis[1].data(), axis[2].data(), axis[3].data(), g, n);
    } else {
        st = dims == 2   ? s.evaluate_2d(axis[0].data(), axis[1].data(), plane[0].data(), n)
             : dims == 3 ? s.evaluate_3d(axis[0].data(), axis[1].data(), axis[2].data(), plane[0].data(), n)
                         : s.evaluate_4d(axis[0].data(), axis[1].data(), axis[2].data(), axis[3].data(), plane[0].data(), n);
    }
    const int per = gradient ? dims + 1 : 1;
    out->resize(n * static_cast<std::size_t>(per));
    for (std::size_t i = 0; i < n; ++i) {
        for (int k = 0; k < per; ++k) (*out)[i * static_cast<std::size_t>(per) + static_cast<std::size_t>(k)] = bits(plane[k][i]);
    }
    return st;
}

// [S 13] A field's chunks: 65^2 (2D) or 17^3 (3D) samples at sample -40, 2^40 + 3 and -3.6 10^9, from
// chunk_octave_coordinates (binary64 for the simplex families: [S 13.4]); per sample the octave sum,
// the octave sum of the gradient form and the gradient.
void prepare_chunks(const Case& c, const Noise& noise, const std::string& name, Prepared* p) {
    const int dims = c.dims, K = c.subject.desc.fractal.kind == Fractal::none ? 1 : c.subject.desc.fractal.octaves;
    const bool f64 = basis_family(c.subject.desc.basis) == BasisFamily::simplex;
    const std::size_t side = dims == 2 ? 65 : 17, count = dims == 2 ? side * side : side * side * side;
    // [S 21.3] With erosion, the filter's cell coordinates follow: M rows per axis x, y, in float.
    const int M = erosion_octave_count(noise);
    const std::size_t rows = static_cast<std::size_t>(dims * K) * side, erosion_rows = static_cast<std::size_t>(2 * M) * side;
    const std::size_t words = (f64 ? 2 * rows : rows) + erosion_rows;
    const std::int64_t starts[3] = {-40, (std::int64_t{1} << 40) + 3, -3600000000};
    p->per_item = static_cast<std::size_t>(dims) + 2;
    for (const std::int64_t first : starts) {
        const float spacing = first < 0 ? 1.0f / 60.0f : 1.0f / 256.0f;
        std::vector<float> q(rows);
        std::vector<double> q64(f64 ? rows : 0);
        for (int a = 0; a < dims; ++a) {
            const std::size_t at = static_cast<std::size_t>(a * K) * side;
            const Status st = f64 ? chunk_octave_coordinates(noise, a, first + 1000 * a, side, spacing, &q64[at])
                                  : chunk_octave_coordinates(noise, a, first + 1000 * a, side, spacing, &q[at]);
            if (!st) {
                p->error = st.message();
                return;
            }
        }
        std::vector<float> e(erosion_rows);
        for (int a = 0; a < 2 && M > 0; ++a) {
            const Status st = chunk_erosion_coordinates(noise, first + 1000 * a, side, spacing, &e[static_cast<std::size_t>(a * M) * side]);
            if (!st) {
                p->error = st.message();
                return;
            }
        }
        const std::size_t base = p->payload.size(), coordinate_words = words - erosion_rows;
        p->payload.resize(base + words);
        std::memcpy(&p->payload[base], f64 ? static_cast<const void*>(q64.data()) : static_cast<const void*>(q.data()),
                    coordinate_words * 4);
        if (M > 0) std::memcpy(&p->payload[base + coordinate_words], e.data(), erosion_rows * 4);
        std::vector<float> value(count), g[5];
        for (auto& v : g) v.resize(count);
        const GradientOut out{g[0].data(), g[1].data(), g[2].data(), dims == 3 ? g[3].data() : nullptr, nullptr};
        Status st;
        if (dims == 2) {
            const Chunk2d chunk{first, first + 1000, side, side, spacing};
            st = noise.fill_chunk_2d(chunk, value.data());
            if (st) st = noise.fill_chunk_gradient_2d(chunk, out);
        } else {
            const Chunk3d chunk{first, first + 1000, first + 2000, side, side, side, spacing};
            st = noise.fill_chunk_3d(chunk, value.data());
            if (st) st = noise.fill_chunk_gradient_3d(chunk, out);
        }
        if (!st) {
            p->error = st.message();
            return;
        }
        for (std::size_t i = 0; i < count; ++i) {
            p->expected.push_back(bits(value[i]));
            for (int a = 0; a <= dims; ++a) p->expected.push_back(bits(g[a][i]));
        }
    }
    p->items = 3 * count;
    // Item i: chunk i / count, sample j = i % count at (j % side, j / side % side, j / side^2).
    const std::string S = number(side) + "u", vec = std::string(f64 ? "dvec" : "vec") + std::to_string(dims);
    std::string s = "    uint c = i / " + number(count) + "u, j = i % " + number(count) + "u;\n";
    s += "    uint base = 16u + c * " + number(words) + "u;\n";
    s += "    uint at[3] = uint[3](j % " + S + ", (j / " + S + ") % " + S + ", j / (" + S + " * " + S + "));\n";
    s += "    " + vec + " q[" + std::to_string(K) + "];\n    for (uint k = 0u; k < " + std::to_string(K) + "u; ++k) {\n        q[k] = " + vec + "(";
    for (int a = 0; a < dims; ++a) {
        const std::string index = "(" + std::to_string(a * K) + "u + k) * " + S + " + at[" + std::to_string(a) + "]";
        s += std::string(a ? ", " : "") +
             (f64 ? "packDouble2x32(uvec2(data[base + 2u * (" + index + ")], data[base + 2u * (" + index + ") + 1u]))"
                  : "uintBitsToFloat(data[base + " + index + "])");
    }
    const std::string per = number(p->per_item);
    s += ");\n    }\n    vec" + std::to_string(dims) + " d;\n";
    std::string e;
    if (M > 0) {
        const std::size_t at = (f64 ? 2 * rows : rows);
        s += "    vec2 e[" + std::to_string(M) + "];\n    for (uint k = 0u; k < " + std::to_string(M) + "u; ++k) {\n" +
             "        e[k] = vec2(uintBitsToFloat(data[base + " + number(at) + "u + k * " + S + " + at[0]]), uintBitsToFloat(data[base + " +
             number(at) + "u + (" + std::to_string(M) + "u + k) * " + S + " + at[1]]));\n    }\n";
        e = ", e";
    }
    s += "    result[" + per + "u * i] = floatBitsToUint(" + name + "_octaves(q" + e + "));\n";
    s += "    result[" + per + "u * i + 1u] = floatBitsToUint(" + name + "_octaves_gradient(q" + e + ", d));\n";
    for (int a = 0; a < dims; ++a) {
        s += "    result[" + per + "u * i + " + std::to_string(a + 2) + "u] = floatBitsToUint(d[" + std::to_string(a) + "]);\n";
    }
    p->run_body = s;
}

// [S 19.8] A graph's chunk: 33^2 samples at sample 2^40 + 5, each at float(double(s) * double(spacing)).
void prepare_graph_chunk(const Graph& graph, const std::string& name, Prepared* p) {
    const std::int64_t first = (std::int64_t{1} << 40) + 5;
    const std::size_t side = 33;
    const float spacing = 1.0f / 64.0f;
    std::vector<float> points;
    for (std::size_t j = 0; j < side; ++j) {
        for (std::size_t i = 0; i < side; ++i) {
            points.push_back(static_cast<float>(static_cast<double>(first + static_cast<std::int64_t>(i)) * double(spacing)));
            points.push_back(static_cast<float>(static_cast<double>(-first + static_cast<std::int64_t>(j)) * double(spacing)));
        }
    }
    for (float v : points) p->payload.push_back(bits(v));
    std::vector<float> cpu(side * side);
    if (const Status st = graph.fill_chunk_2d(Chunk2d{first, -first, side, side, spacing}, cpu.data()); !st) {
        p->error = st.message();
        return;
    }
    for (float v : cpu) p->expected.push_back(bits(v));
    p->items = side * side;
    p->run_body = value_body(name, 2);
}

}  // namespace

std::vector<Subject> fields() {
    std::vector<Subject> s;
    auto add = [&](const char* name, auto change) {
        NoiseDesc d;
        change(d);
        s.push_back({name, d, {}});
    };
    add("perlin (Ken Perlin's table, quintic)", [](NoiseDesc&) {});
    add("perlin seeded, cubic", [](NoiseDesc& d) { d.seed = 7; d.has_seed = true; d.fade = Fade::cubic; });
    add("perlin mix hash, seeded", [](NoiseDesc& d) { d.hash = Hash::mix; d.seed = 99; d.has_seed = true; });
    add("classic seeded, periods 8 x 4 x 16 x 2", [](NoiseDesc& d) {
        d.basis = Basis::classic; d.seed = 3; d.has_seed = true; d.period_x = 8; d.period_y = 4; d.period_z = 16; d.period_w = 2;
    });
    add("value, mix hash", [](NoiseDesc& d) { d.basis = Basis::value; d.hash = Hash::mix; });
    add("isotropic", [](NoiseDesc& d) { d.basis = Basis::isotropic; });
    add("perlin fbm, 6 octaves", [](NoiseDesc& d) { d.fractal.kind = Fractal::fbm; });
    add("classic ridged, 5 octaves, periods 4 x 8", [](NoiseDesc& d) {
        d.basis = Basis::classic; d.fractal.kind = Fractal::ridged; d.fractal.octaves = 5; d.period_x = 4; d.period_y = 8;
    });
    add("value turbulence, mix hash, lacunarity 2.1, persistence 0.45, 4 octaves", [](NoiseDesc& d) {
        d.basis = Basis::value; d.hash = Hash::mix; d.fractal.kind = Fractal::turbulence;
        d.fractal.octaves = 4; d.fractal.lacunarity = 2.1f; d.fractal.persistence = 0.45f;
    });
    add("isotropic billow, frequency 0.7, 3 octaves", [](NoiseDesc& d) {
        d.basis = Basis::isotropic; d.fractal.kind = Fractal::billow; d.fractal.octaves = 3; d.fractal.frequency = 0.7f;
    });
    add("perlin damped, cubic, 4 octaves", [](NoiseDesc& d) {
        d.fractal.kind = Fractal::damped; d.fractal.octaves = 4; d.fade = Fade::cubic;
    });
    add("perlin fbm 3 octaves, warp 2 levels, strength 1.5, frequency 0.8", [](NoiseDesc& d) {
        d.fractal.kind = Fractal::fbm; d.fractal.octaves = 3; d.warp.levels = 2; d.warp.strength = 1.5f; d.warp.frequency = 0.8f;
    });
    add("classic marble: turbulence 3 octaves, warp 1 level", [](NoiseDesc& d) {
        d.basis = Basis::classic; d.fractal.kind = Fractal::turbulence; d.fractal.octaves = 3; d.warp.levels = 1;
        d.pattern.kind = Pattern::marble; d.pattern.frequency = 0.9f;
    });
    add("value wood, strength 0.2, frequency 0.3", [](NoiseDesc& d) {
        d.basis = Basis::value; d.pattern.kind = Pattern::wood; d.pattern.strength = 0.2f; d.pattern.frequency = 0.3f;
    });
    // [S 8.1] band limits: octaves kept, one partly faded, the rest faded (the sum from the bias).
    add("perlin fbm 8 octaves, band limit 0.05", [](NoiseDesc& d) {
        d.fractal.kind = Fractal::fbm; d.fractal.octaves = 8; d.fractal.footprint = 0.05f;
    });
    add("perlin damped 6 octaves, band limit 0.07", [](NoiseDesc& d) { d.fractal.kind = Fractal::damped; d.fractal.footprint = 0.07f; });
    add("value ridged, mix hash, 7 octaves, band limit 0.3", [](NoiseDesc& d) {
        d.basis = Basis::value; d.hash = Hash::mix; d.fractal.kind = Fractal::ridged; d.fractal.octaves = 7; d.fractal.footprint = 0.3f;
    });
    add("cellular turbulence 5 octaves, band limit 0.1", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.fractal.kind = Fractal::turbulence; d.fractal.octaves = 5; d.fractal.footprint = 0.1f;
    });
    add("cellular F1, Euclidean, seed 11", [](NoiseDesc& d) { d.basis = Basis::cellular; d.seed = 11; d.has_seed = true; });
    add("cellular F2 - F1, Manhattan, jitter 0.6, fbm 3 octaves, periods 8 x 4", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.distance = CellularDistance::manhattan; d.cellular.output = CellularOutput::f2_minus_f1;
        d.cellular.jitter = 0.6f; d.fractal.kind = Fractal::fbm; d.fractal.octaves = 3; d.period_x = 8; d.period_y = 4;
    });
    add("cellular F2, squared Euclidean, ridged 2 octaves", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.distance = CellularDistance::euclidean_squared; d.cellular.output = CellularOutput::f2;
        d.fractal.kind = Fractal::ridged; d.fractal.octaves = 2;
    });
    add("cellular cell value, Chebyshev, jitter 0", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.distance = CellularDistance::chebyshev; d.cellular.output = CellularOutput::cell_value;
        d.cellular.jitter = 0.0f;
    });
    add("cellular damped, 3 octaves (value only)", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.fractal.kind = Fractal::damped; d.fractal.octaves = 3;
    });
    add("cellular cell id, periods 8 x 4 x 2", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.output = CellularOutput::cell_id; d.period_x = 8; d.period_y = 4; d.period_z = 2;
    });
    add("cellular feature x, jitter 0.6, Manhattan", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.output = CellularOutput::feature_x; d.cellular.jitter = 0.6f;
        d.cellular.distance = CellularDistance::manhattan;
    });
    add("cellular feature z, jitter 0 (the cell centres)", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.output = CellularOutput::feature_z; d.cellular.jitter = 0.0f;
    });
    add("cellular feature y", [](NoiseDesc& d) { d.basis = Basis::cellular; d.cellular.output = CellularOutput::feature_y; });
    add("cellular edge distance", [](NoiseDesc& d) { d.basis = Basis::cellular; d.cellular.output = CellularOutput::edge; });
    add("cellular edge distance, squared, jitter 0.8, fbm 2 octaves, periods 8 x 8 x 4", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.cellular.output = CellularOutput::edge; d.cellular.jitter = 0.8f;
        d.cellular.distance = CellularDistance::euclidean_squared; d.fractal.kind = Fractal::fbm; d.fractal.octaves = 2;
        d.period_x = 8; d.period_y = 8; d.period_z = 4;
    });
    add("opensimplex2 (K.jpg's), default orientations", [](NoiseDesc& d) { d.basis = Basis::opensimplex2; });
    add("opensimplex2 seeded -5, improve_x / improve_xz / improve_xyz_improve_xz", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.seed = static_cast<std::uint64_t>(-5); d.has_seed = true;
        d.simplex.orientation2 = Orientation2::improve_x; d.simplex.orientation3 = Orientation3::improve_xz;
        d.simplex.orientation4 = Orientation4::improve_xyz_improve_xz;
    });
    add("opensimplex2 fallback / improve_xyz, fbm 3 octaves", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.simplex.orientation3 = Orientation3::fallback;
        d.simplex.orientation4 = Orientation4::improve_xyz; d.fractal.kind = Fractal::fbm; d.fractal.octaves = 3;
    });
    add("opensimplex2 mix hash, seeded, improve_xy_improve_zw", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.hash = Hash::mix; d.seed = 1234; d.has_seed = true;
        d.simplex.orientation4 = Orientation4::improve_xy_improve_zw;
    });
    add("opensimplex2 mix hash, 4D fallback, ridged 2 octaves", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.hash = Hash::mix; d.simplex.orientation4 = Orientation4::fallback;
        d.fractal.kind = Fractal::ridged; d.fractal.octaves = 2;
    });
    add("opensimplex2 damped, 3 octaves (value only)", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.fractal.kind = Fractal::damped; d.fractal.octaves = 3;
    });
    add("opensimplex2s (K.jpg's), default orientations", [](NoiseDesc& d) { d.basis = Basis::opensimplex2s; });
    add("opensimplex2s seeded -9, improve_x / improve_xz / improve_xyz_improve_xy, fbm 2 octaves", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.seed = static_cast<std::uint64_t>(-9); d.has_seed = true;
        d.simplex.orientation2 = Orientation2::improve_x; d.simplex.orientation3 = Orientation3::improve_xz;
        d.simplex.orientation4 = Orientation4::improve_xyz_improve_xy; d.fractal.kind = Fractal::fbm; d.fractal.octaves = 2;
    });
    add("opensimplex2s fallback / improve_xyz / improve_xy_improve_zw, warped", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.simplex.orientation3 = Orientation3::fallback;
        d.simplex.orientation4 = Orientation4::improve_xy_improve_zw; d.warp.levels = 1; d.warp.strength = 0.8f;
    });
    add("opensimplex2s mix hash, seeded, 4D fallback, turbulence 2 octaves", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.hash = Hash::mix; d.seed = 99; d.has_seed = true;
        d.simplex.orientation4 = Orientation4::fallback; d.fractal.kind = Fractal::turbulence; d.fractal.octaves = 2;
    });
    add("opensimplex2s mix hash, improve_xyz", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.hash = Hash::mix; d.simplex.orientation4 = Orientation4::improve_xyz;
    });
    // [S 16.8] The fallback lattices with periods (2D: the z = 0 slice), both arithmetics.
    add("opensimplex2 tiled 6 x 12 x 3, fallback, fbm 3 octaves", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.simplex.orientation2 = Orientation2::fallback; d.simplex.orientation3 = Orientation3::fallback;
        d.period_x = 6; d.period_y = 12; d.period_z = 3; d.fractal.kind = Fractal::fbm; d.fractal.octaves = 3;
    });
    add("opensimplex2 mix hash tiled 12 x 3, fallback", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.hash = Hash::mix; d.simplex.orientation2 = Orientation2::fallback;
        d.simplex.orientation3 = Orientation3::fallback; d.period_x = 12; d.period_y = 3;
    });
    add("opensimplex2s tiled 3 x 6 x 24, fallback, ridged 2 octaves", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.simplex.orientation2 = Orientation2::fallback; d.simplex.orientation3 = Orientation3::fallback;
        d.period_x = 3; d.period_y = 6; d.period_z = 24; d.fractal.kind = Fractal::ridged; d.fractal.octaves = 2;
    });
    add("opensimplex2s mix hash tiled 24 x 24 x 6, fallback", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.hash = Hash::mix; d.simplex.orientation2 = Orientation2::fallback;
        d.simplex.orientation3 = Orientation3::fallback; d.period_x = 24; d.period_y = 24; d.period_z = 6;
    });
    add("opensimplex2 mix hash, billow 6 octaves, lacunarity 2.5, band limit 0.1", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.hash = Hash::mix; d.fractal.kind = Fractal::billow; d.fractal.lacunarity = 2.5f;
        d.fractal.footprint = 0.1f;
    });
    // [S 21] The erosion filter: the terrain preset's shape, every parameter moved, a period, a band
    // limit fading some gully octaves and one fading them all, a warp, the damped fractal.
    add("opensimplex2s fbm 4 octaves, erosion 4", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2s; d.fractal.kind = Fractal::fbm; d.fractal.octaves = 4; d.erosion.octaves = 4;
    });
    add("perlin ridged 3 octaves, erosion 3: strength 0.6, scale 1/4, detail 0.7, rounding 0.3 / 0.2, seeded", [](NoiseDesc& d) {
        d.fractal.kind = Fractal::ridged; d.fractal.octaves = 3; d.seed = 17; d.has_seed = true; d.erosion.octaves = 3;
        d.erosion.strength = 0.6f; d.erosion.scale = 0.25f; d.erosion.detail = 0.7f; d.erosion.ridge_rounding = 0.3f;
        d.erosion.crease_rounding = 0.2f;
    });
    add("classic fbm 3 octaves, periods 4 x 8, erosion 2 at scale 1/2, roundings 0", [](NoiseDesc& d) {
        d.basis = Basis::classic; d.fractal.kind = Fractal::fbm; d.fractal.octaves = 3; d.period_x = 4; d.period_y = 8;
        d.erosion.octaves = 2; d.erosion.scale = 0.5f; d.erosion.ridge_rounding = 0.0f; d.erosion.crease_rounding = 0.0f;
    });
    add("cellular F1 fbm 2 octaves, erosion 5, band limit 0.01 (gully octaves faded)", [](NoiseDesc& d) {
        d.basis = Basis::cellular; d.fractal.kind = Fractal::fbm; d.fractal.octaves = 2; d.fractal.footprint = 0.01f;
        d.erosion.octaves = 5;
    });
    add("perlin fbm 2 octaves, erosion 2, band limit 2 (every gully octave faded)", [](NoiseDesc& d) {
        d.fractal.kind = Fractal::fbm; d.fractal.octaves = 2; d.fractal.footprint = 2.0f; d.erosion.octaves = 2;
    });
    add("value damped 3 octaves, warp 1 level, erosion 2, strength 2", [](NoiseDesc& d) {
        d.basis = Basis::value; d.fractal.kind = Fractal::damped; d.fractal.octaves = 3; d.warp.levels = 1;
        d.erosion.octaves = 2; d.erosion.strength = 2.0f;
    });
    add("opensimplex2 mix hash, erosion 1, scale 1/256", [](NoiseDesc& d) {
        d.basis = Basis::opensimplex2; d.hash = Hash::mix; d.erosion.octaves = 1; d.erosion.scale = 1.0f / 256.0f;
    });
    return s;
}

const char* terrain_graph() {
    return R"({"gradnoise_graph": 1, "dimensions": 2, "output": "out", "nodes": {
  "base": {"type": "field", "basis": "perlin", "seed": 3},
  "hills": {"type": "fractal", "input": {"type": "warp", "input": "base", "by": {"type": "field", "basis": "value"},
                                          "strength": 0.4}, "kind": "ridged", "octaves": 4},
  "cells": {"type": "field", "basis": "cellular", "cellular_output": "f2_minus_f1"},
  "out": {"type": "add", "inputs": [{"type": "terrace", "input": "hills", "steps": 6, "smoothness": 0.4},
                                    {"type": "multiply", "inputs": ["cells", 0.25]}]}}})";
}

std::vector<Subject> graphs() {
    // Constants that are zeros where a compiler would fold them (x + 0, x * 0, lerp at t = 0, a quarter
    // turn, a curve and remap through 0), and every node type in 2D with a gradient; out2 reads every node.
    const std::string zeros = R"({"gradnoise_graph": 1, "dimensions": 2, "output": "OUT", "nodes": {
  "a": {"type": "field", "basis": "perlin", "seed": 4},
  "b": {"type": "field", "basis": "value", "fractal": "fbm", "octaves": 2},
  "plus0": {"type": "add", "inputs": ["a", 0]},
  "times0": {"type": "multiply", "inputs": ["a", 0, "b"]},
  "lerp0": {"type": "lerp", "a": "a", "b": "b", "t": 0},
  "quarter": {"type": "rotate", "input": "a", "degrees": 90},
  "half": {"type": "rotate", "input": "b", "degrees": -180},
  "moved0": {"type": "translate", "input": "a", "offset": 0},
  "scaled": {"type": "scale", "input": "b", "factor": [1, 0.5]},
  "curve0": {"type": "curve", "input": "a", "points": [[-1, 0], [0, 0], [0.25, -0.5], [1, 1]]},
  "remap0": {"type": "remap", "input": "b", "from": [-1, 1], "to": [0, 2]},
  "clamp0": {"type": "clamp", "input": "a", "min": 0, "max": 0.25},
  "select0": {"type": "select", "a": "a", "b": "b", "control": "a", "threshold": 0, "falloff": 0},
  "soft": {"type": "select", "a": "b", "b": "quarter", "control": "b", "threshold": 0.1, "falloff": 0.2},
  "steps": {"type": "terrace", "input": "a", "steps": 4, "smoothness": 0.3},
  "cliffs": {"type": "terrace", "input": "b", "steps": 3, "smoothness": 0},
  "cube": {"type": "power", "input": "a", "exponent": 3},
  "root": {"type": "sqrt", "input": "b"},
  "least": {"type": "min", "inputs": ["a", 0, "b"]},
  "most": {"type": "max", "inputs": ["a", 0]},
  "mag": {"type": "abs", "input": "a"},
  "neg": {"type": "negate", "input": "plus0"},
  "diff": {"type": "subtract", "a": "a", "b": 0},
  "warped": {"type": "warp", "input": "a", "by": "b", "strength": 0},
  "out": {"type": "add", "inputs": ["plus0", "times0", "lerp0", "half", "moved0", "scaled", "curve0", "remap0",
                                     "clamp0", "select0", "soft", "steps", "cliffs", "cube", "root", "least"]},
  "out2": {"type": "add", "inputs": ["most", "mag", "neg", "diff", "warped", "out"]}
}})";
    auto output = [&](const char* name) {
        std::string g = zeros;
        g.replace(g.find("OUT"), 3, name);
        return g;
    };
    return {{"graph: zeros where compilers fold", {}, output("out")},
            {"graph: zeros, every node type", {}, output("out2")},
            {"graph: warped terrain", {}, terrain_graph()}};
}

const char* form_name(Form form) {
    return form == Form::value ? "value" : form == Form::gradient ? "gradient" : "chunk";
}

std::string Case::name() const { return subject.name + ", " + std::to_string(dims) + "D, " + form_name(form); }

std::vector<Case> cases_of(const std::vector<Subject>& subjects, bool values, bool gradients, bool chunks) {
    std::vector<Case> cases;
    const auto add = [&cases](const Subject& s, int dims, Form form) {
        Case c;
        c.subject = s, c.dims = dims, c.form = form;
        cases.push_back(c);
    };
    for (const Subject& s : subjects) {
        if (!s.graph.empty()) {
            Graph graph;
            if (!Graph::from_json(s.graph, &graph)) {
                add(s, 2, Form::value);  // (prepare reports the reader's message)
                continue;
            }
            const int dims = graph.dimensions();
            if (values) add(s, dims, Form::value);
            if (gradients && graph.gradient_refusal().empty()) add(s, dims, Form::gradient);
            if (chunks && dims == 2) add(s, dims, Form::chunk);
            continue;
        }
        for (int dims : {2, 3, 4}) {
            if (values && covers(s.desc, dims, false)) add(s, dims, Form::value);
            if (gradients && covers(s.desc, dims, true)) add(s, dims, Form::gradient);
            if (chunks && dims < 4 && has_chunks(s.desc)) add(s, dims, Form::chunk);
        }
    }
    return cases;
}

std::vector<float> case_points(int dims, std::size_t random) {
    std::vector<float> c;
    std::uint64_t state = 31 + static_cast<std::uint64_t>(dims);
    for (std::size_t i = 0; i < random; ++i) {
        const float scale = i % 4 == 0 ? 1.0f / 128.0f : 1.0f;  // a quarter of them within +-2.3
        for (int a = 0; a < dims; ++a) c.push_back(random_float(state) * scale);
    }
    const float awkward[] = {0.0f, -0.0f, 1e-40f, -1e-40f, 0.5f, 255.5f, -256.25f, 1e7f + 0.5f, 3e38f, -3e38f,
                             16777216.0f, 2147483648.0f, NAN, INFINITY};
    for (float a : awkward) {
        for (float b : awkward) {
            if (dims == 2) {
                c.insert(c.end(), {a, b});
            } else if (dims == 3) {
                for (float d : awkward) c.insert(c.end(), {a, b, d});
            } else {
                for (float d : awkward) {
                    for (float e : {0.0f, -0.0f, 1e-40f, 255.5f, 3e38f, NAN}) c.insert(c.end(), {a, b, d, e});
                }
            }
        }
    }
    return c;
}

Prepared prepare(const Case& c, const std::string& name, std::size_t random, bool with_gradient) {
    Prepared p;
    ShaderOptions options;
    options.dimensions = c.dims;
    options.function_name = name.c_str();
    options.gradient = with_gradient;
    Noise noise;
    Graph graph;
    const bool is_graph = !c.subject.graph.empty();
    if (is_graph) {
        std::string error;
        if (!Graph::from_json(c.subject.graph, &graph, &error)) {
            p.error = error;
            return p;
        }
        if (const Status st = shader_source(graph, options, &p.functions, &error); !st) {
            p.error = error.empty() ? st.message() : error;
            return p;
        }
    } else {
        if (const Status st = Noise::create(c.subject.desc, &noise); !st) {
            p.error = st.message();
            return p;
        }
        if (const Status st = shader_source(c.subject.desc, options, &p.functions); !st) {
            p.error = st.message();
            return p;
        }
    }
    p.binary64 = p.functions.find("double") != std::string::npos;
    if (c.form == Form::chunk) {
        if (is_graph) {
            prepare_graph_chunk(graph, name, &p);
        } else {
            prepare_chunks(c, noise, name, &p);
        }
        return p;
    }
    const std::vector<float> points = c.points.empty() ? case_points(c.dims, random) : c.points;
    const bool gradient = c.form == Form::gradient;
    const Status st = !c.expected.empty() ? Status()
                      : is_graph          ? evaluate(graph, c.dims, points, gradient, &p.expected)
                                          : evaluate(noise, c.dims, points, gradient, &p.expected);
    if (!st) {
        p.error = st.message();
        return p;
    }
    if (!c.expected.empty()) p.expected = c.expected;
    for (float v : points) p.payload.push_back(bits(v));
    p.items = points.size() / static_cast<std::size_t>(c.dims);
    p.per_item = gradient ? static_cast<std::size_t>(c.dims) + 1 : 1;
    p.run_body = gradient ? gradient_body(name, c.dims) : value_body(name, c.dims);
    return p;
}

}  // namespace gradnoise::gpu
