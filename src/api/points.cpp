// The point entry points (spec sections 4-18 over caller arrays): argument checks and messages,
// the floating-point environment, then one call of the table's kernel. Empty calls succeed before
// any pointer is looked at.
#include "api/dispatch.hpp"
#include "api/entry.hpp"
#include "api/fp_environment.hpp"
#include "api/refusals.hpp"
#include "graph/program.hpp"
#include "reference/common.hpp"
#include "reference/reference.hpp"
#include "tables/noise_tables.hpp"

namespace gradnoise {
namespace detail {

bool binary64_covers(const NoiseDesc& d) noexcept {
    return d.basis == Basis::perlin && d.hash == Hash::permutation && d.period_x == 0 && d.period_y == 0 &&
           d.period_z == 0 && d.period_w == 0 && d.warp.levels == 0 && d.pattern.kind == Pattern::none &&
           d.fractal.kind != Fractal::damped && d.erosion.octaves == 0;
}

const char* gradient_refusal(const NoiseDesc& d, int dims, const GradientRefusals& m) noexcept {
    if (d.pattern.kind != Pattern::none) {
        return m.pattern;
    }
    if (dims == 4 && !detail::has_4d(d)) {
        return d.basis == Basis::cellular ? m.cellular_4d : m.tiled_simplex_4d;
    }
    return reference::spec::has_gradient(d, dims) ? nullptr : m.damped;
}

bool gradient_planes_present(const GradientOut& o, int dims) noexcept {
    const float* planes[5] = {o.value, o.dx, o.dy, o.dz, o.dw};
    for (int a = 0; a <= dims; ++a) {
        if (planes[a] == nullptr) {
            return false;
        }
    }
    return true;
}

namespace {

const kernels::KernelTable& f64_kernels(const kernels::KernelTable& k) noexcept {
    return k.points_2d_f64 != nullptr ? k : kernels::scalar::kernel_table();
}

}  // namespace

// [S 19] A graph at points; one that is a single field runs that field's points kernel.
Status evaluate_graph(const KernelTable& k, const GraphData& d, int dims, const float* const* coords, float* out,
                      std::size_t count) noexcept {
    static const char* const wrong_dims[5] = {nullptr, nullptr, "Graph::evaluate_2d: the graph does not have 2 dimensions",
                                              "Graph::evaluate_3d: the graph does not have 3 dimensions",
                                              "Graph::evaluate_4d: the graph does not have 4 dimensions"};
    static const char* const nulls[5] = {nullptr, nullptr, "Graph::evaluate_2d: x, y and out must be non-null when count > 0",
                                         "Graph::evaluate_3d: x, y, z and out must be non-null when count > 0",
                                         "Graph::evaluate_4d: x, y, z, w and out must be non-null when count > 0"};
    if (d.program.dims != dims) {
        return Status(ErrorCode::invalid_argument, wrong_dims[dims]);
    }
    if (count == 0) {
        return Status::success();
    }
    for (int a = 0; a < dims; ++a) {
        if (coords[a] == nullptr) {
            return Status(ErrorCode::null_pointer, nulls[dims]);
        }
    }
    if (out == nullptr) {
        return Status(ErrorCode::null_pointer, nulls[dims]);
    }
    detail::SpecFpEnvironment fp;
    if (d.single_field >= 0) {
        const NoiseTables& t = d.fields[static_cast<std::size_t>(d.single_field)].tables();
        switch (dims) {
            case 2: k.points_2d(t, coords[0], coords[1], out, count); break;
            case 3: k.points_3d(t, coords[0], coords[1], coords[2], out, count); break;
            default: k.points_4d(t, coords[0], coords[1], coords[2], coords[3], out, count); break;
        }
        return Status::success();
    }
    k.graph_points(d, coords, out, count);
    return Status::success();
}

// [S 19.6] A graph's values with gradients.
Status evaluate_graph_gradient(const KernelTable& k, const GraphData& d, int dims, const float* const* coords,
                               const GradientOut& out, std::size_t count) noexcept {
    static const char* const wrong_dims[5] = {
        nullptr, nullptr, "Graph::evaluate_gradient_2d: the graph does not have 2 dimensions",
        "Graph::evaluate_gradient_3d: the graph does not have 3 dimensions",
        "Graph::evaluate_gradient_4d: the graph does not have 4 dimensions"};
    static const char* const nulls[5] = {
        nullptr, nullptr, "Graph::evaluate_gradient_2d: x, y, out.value, out.dx and out.dy must be non-null when count > 0",
        "Graph::evaluate_gradient_3d: x, y, z, out.value, out.dx, out.dy and out.dz must be non-null when count > 0",
        "Graph::evaluate_gradient_4d: x, y, z, w and out's five arrays must be non-null when count > 0"};
    if (d.program.dims != dims) {
        return Status(ErrorCode::invalid_argument, wrong_dims[dims]);
    }
    if (!d.no_gradient.empty()) {
        return Status(ErrorCode::invalid_argument, "Graph: a node has no gradient (Graph::gradient_refusal() says which)");
    }
    if (count == 0) {
        return Status::success();
    }
    for (int a = 0; a < dims; ++a) {
        if (coords[a] == nullptr) {
            return Status(ErrorCode::null_pointer, nulls[dims]);
        }
    }
    if (!gradient_planes_present(out, dims)) {
        return Status(ErrorCode::null_pointer, nulls[dims]);
    }
    detail::SpecFpEnvironment fp;
    if (d.single_field >= 0) {
        const NoiseTables& t = d.fields[static_cast<std::size_t>(d.single_field)].tables();
        switch (dims) {
            case 2: k.points_gradient_2d(t, coords[0], coords[1], out, count); break;
            case 3: k.points_gradient_3d(t, coords[0], coords[1], coords[2], out, count); break;
            default: k.points_gradient_4d(t, coords[0], coords[1], coords[2], coords[3], out, count); break;
        }
        return Status::success();
    }
    float* const planes[5] = {out.value, out.dx, out.dy, out.dz, out.dw};
    k.graph_points_gradient(d, coords, planes, count);
    return Status::success();
}

Status evaluate_2d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, float* out,
                   std::size_t count) noexcept {
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || out == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_2d: x, y and out must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    k.points_2d(t, x, y, out, count);
    return Status::success();
}

Status evaluate_3d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                   float* out, std::size_t count) noexcept {
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || z == nullptr || out == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_3d: x, y, z and out must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    k.points_3d(t, x, y, z, out, count);
    return Status::success();
}

Status evaluate_4d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                   const float* w, float* out, std::size_t count) noexcept {
    if (!detail::has_4d(t.desc)) {
        return Status(ErrorCode::invalid_argument, t.desc.basis == Basis::cellular
                                                       ? GRADNOISE_CELLULAR_2D_3D("evaluate_4d")
                                                       : GRADNOISE_TILED_SIMPLEX_2D_3D("evaluate_4d"));
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || z == nullptr || w == nullptr || out == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_4d: x, y, z, w and out must be non-null when count > 0");
    }

    detail::SpecFpEnvironment fp;
    k.points_4d(t, x, y, z, w, out, count);
    return Status::success();
}

Status evaluate_2d_f64(const KernelTable& kt, const NoiseTables& t, const double* x, const double* y, double* out,
                       std::size_t count) noexcept {
    if (!binary64_covers(t.desc)) {
        return Status(ErrorCode::invalid_argument,
                      "evaluate_2d_f64: binary64 covers basis perlin with hash permutation, without periods, warps, "
                      "patterns, the damped fractal or erosion");
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || out == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_2d_f64: x, y and out must be non-null when count > 0");
    }
    const kernels::KernelTable& k = f64_kernels(kt);
    detail::SpecFpEnvironment fp;
    k.points_2d_f64(t, x, y, out, count);
    return Status::success();
}

Status evaluate_3d_f64(const KernelTable& kt, const NoiseTables& t, const double* x, const double* y,
                       const double* z, double* out, std::size_t count) noexcept {
    if (!binary64_covers(t.desc)) {
        return Status(ErrorCode::invalid_argument,
                      "evaluate_3d_f64: binary64 covers basis perlin with hash permutation, without periods, warps, "
                      "patterns, the damped fractal or erosion");
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || z == nullptr || out == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_3d_f64: x, y, z and out must be non-null when count > 0");
    }
    const kernels::KernelTable& k = f64_kernels(kt);
    detail::SpecFpEnvironment fp;
    k.points_3d_f64(t, x, y, z, out, count);
    return Status::success();
}

Status evaluate_gradient_2d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y,
                            const GradientOut& out, std::size_t count) noexcept {
    if (const char* refusal = gradient_refusal(t.desc, 2, GRADNOISE_GRADIENT_REFUSALS("evaluate_gradient_2d"))) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || !gradient_planes_present(out, 2)) {
        return Status(ErrorCode::null_pointer,
                      "evaluate_gradient_2d: x, y, out.value, out.dx and out.dy must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    k.points_gradient_2d(t, x, y, out, count);
    return Status::success();
}

Status evaluate_gradient_3d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                            const GradientOut& out, std::size_t count) noexcept {
    if (const char* refusal = gradient_refusal(t.desc, 3, GRADNOISE_GRADIENT_REFUSALS("evaluate_gradient_3d"))) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || z == nullptr || !gradient_planes_present(out, 3)) {
        return Status(ErrorCode::null_pointer,
                      "evaluate_gradient_3d: x, y, z, out.value, out.dx, out.dy and out.dz must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    k.points_gradient_3d(t, x, y, z, out, count);
    return Status::success();
}

Status evaluate_gradient_4d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                            const float* w, const GradientOut& out, std::size_t count) noexcept {
    if (const char* refusal = gradient_refusal(t.desc, 4, GRADNOISE_GRADIENT_REFUSALS("evaluate_gradient_4d"))) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || z == nullptr || w == nullptr || !gradient_planes_present(out, 4)) {
        return Status(ErrorCode::null_pointer,
                      "evaluate_gradient_4d: x, y, z, w and out.value, dx, dy, dz, dw must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    k.points_gradient_4d(t, x, y, z, w, out, count);
    return Status::success();
}

// [S 18.5] Curl noise from the gradient kernels, in blocks on the stack (no allocation).
Status evaluate_curl_2d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, float* vx,
                        float* vy, std::size_t count) noexcept {
    if (const char* refusal = gradient_refusal(t.desc, 2, GRADNOISE_GRADIENT_REFUSALS("evaluate_curl_2d"))) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || vx == nullptr || vy == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_curl_2d: x, y, vx and vy must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    constexpr std::size_t block = 256;
    float value[block], dx[block], dy[block];
    for (std::size_t i = 0; i < count; i += block) {
        const std::size_t n = count - i < block ? count - i : block;
        k.points_gradient_2d(t, x + i, y + i, GradientOut{value, dx, dy, nullptr, nullptr}, n);
        for (std::size_t j = 0; j < n; ++j) {
            vx[i + j] = dy[j];
            vy[i + j] = -dx[j];
        }
    }
    return Status::success();
}

Status evaluate_curl_3d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                        float* vx, float* vy, float* vz, std::size_t count) noexcept {
    if (const char* refusal = gradient_refusal(t.desc, 3, GRADNOISE_GRADIENT_REFUSALS("evaluate_curl_3d"))) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    if (count == 0) {
        return Status::success();
    }
    if (x == nullptr || y == nullptr || z == nullptr || vx == nullptr || vy == nullptr || vz == nullptr) {
        return Status(ErrorCode::null_pointer, "evaluate_curl_3d: x, y, z, vx, vy and vz must be non-null when count > 0");
    }
    detail::SpecFpEnvironment fp;
    constexpr std::size_t block = 256;
    float q[3][block], value[block], d[3][3][block];
    for (std::size_t i = 0; i < count; i += block) {
        const std::size_t n = count - i < block ? count - i : block;
        for (int a = 0; a < 3; ++a) {
            for (std::size_t j = 0; j < n; ++j) {
                q[0][j] = x[i + j] + curl_offset[a][0];
                q[1][j] = y[i + j] + curl_offset[a][1];
                q[2][j] = z[i + j] + curl_offset[a][2];
            }
            k.points_gradient_3d(t, q[0], q[1], q[2], GradientOut{value, d[a][0], d[a][1], d[a][2], nullptr}, n);
        }
        for (std::size_t j = 0; j < n; ++j) {
            vx[i + j] = d[2][1][j] - d[1][2][j];
            vy[i + j] = d[0][2][j] - d[2][0][j];
            vz[i + j] = d[1][0][j] - d[0][1][j];
        }
    }
    return Status::success();
}

}  // namespace detail

Status Noise::evaluate_2d(const float* x, const float* y, float* out, std::size_t count) const noexcept {
    return detail::evaluate_2d(detail::active_kernels(), *tables_, x, y, out, count);
}

Status Noise::evaluate_3d(const float* x, const float* y, const float* z, float* out,
                          std::size_t count) const noexcept {
    return detail::evaluate_3d(detail::active_kernels(), *tables_, x, y, z, out, count);
}

Status Noise::evaluate_4d(const float* x, const float* y, const float* z, const float* w, float* out,
                          std::size_t count) const noexcept {
    return detail::evaluate_4d(detail::active_kernels(), *tables_, x, y, z, w, out, count);
}

Status Noise::evaluate_2d_f64(const double* x, const double* y, double* out, std::size_t count) const noexcept {
    return detail::evaluate_2d_f64(detail::active_kernels(), *tables_, x, y, out, count);
}

Status Noise::evaluate_3d_f64(const double* x, const double* y, const double* z, double* out,
                              std::size_t count) const noexcept {
    return detail::evaluate_3d_f64(detail::active_kernels(), *tables_, x, y, z, out, count);
}

Status Noise::evaluate_gradient_2d(const float* x, const float* y, const GradientOut& out, std::size_t count) const noexcept {
    return detail::evaluate_gradient_2d(detail::active_kernels(), *tables_, x, y, out, count);
}

Status Noise::evaluate_gradient_3d(const float* x, const float* y, const float* z, const GradientOut& out,
                                   std::size_t count) const noexcept {
    return detail::evaluate_gradient_3d(detail::active_kernels(), *tables_, x, y, z, out, count);
}

Status Noise::evaluate_gradient_4d(const float* x, const float* y, const float* z, const float* w, const GradientOut& out,
                                   std::size_t count) const noexcept {
    return detail::evaluate_gradient_4d(detail::active_kernels(), *tables_, x, y, z, w, out, count);
}

Status Noise::evaluate_curl_2d(const float* x, const float* y, float* vx, float* vy, std::size_t count) const noexcept {
    return detail::evaluate_curl_2d(detail::active_kernels(), *tables_, x, y, vx, vy, count);
}

Status Noise::evaluate_curl_3d(const float* x, const float* y, const float* z, float* vx, float* vy, float* vz,
                               std::size_t count) const noexcept {
    return detail::evaluate_curl_3d(detail::active_kernels(), *tables_, x, y, z, vx, vy, vz, count);
}

}  // namespace gradnoise
