// gradnoise — composable fields: a graph of nodes (fields, arithmetic, shaping, coordinate
// transforms, domain warps, fractals over any subgraph) read from a versioned JSON format,
// compiled once into a program that every ISA's kernels run a block of lanes at a time.
//
// Values: docs/spec.md section 19 defines every node operation by operation; the scalar path
// evaluates the graph node by node from that text, and every SIMD path equals it bit for bit. A
// file written for format version N gives the same bits in every later release (the golden
// corpus in tests/graphs/ holds the project to it). The format: docs/graphs.md; every node and
// parameter: docs/graph-reference.md (generated from the one table in src/graph/node_types.cpp).
//
// Cost: loading parses, validates and compiles (allocates); evaluation allocates nothing, throws
// nothing, is thread-safe on one Graph, and uses up to 44 KiB of the calling thread's stack (a block
// of samples per live value: 128 of them, or 32 with gradients). A graph that is one built-in field (one basis with its
// fractal, warp and pattern, at the graph's own coordinates) runs that field's own kernels.
#ifndef GRADNOISE_GRAPH_HPP
#define GRADNOISE_GRAPH_HPP

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "gradnoise/export.hpp"
#include "gradnoise/noise.hpp"
#include "gradnoise/status.hpp"

namespace gradnoise {

namespace detail {
struct GraphData;
}

// The newest format version this build reads and writes (files of every older version still read).
// 1: spec section 19; 2: the field node's erosion parameters (spec 21); 3: the erode node (spec
// 19.7). A file names the version it needs: a graph without erosion is written as version 1, which
// every release reads.
inline constexpr int graph_format_version = 3;

// Limits checked while reading, before any work (a hostile file meets them, a real one does not).
inline constexpr std::size_t max_graph_text = std::size_t(1) << 20;  // bytes of JSON
inline constexpr int max_graph_nesting = 64;                         // JSON nesting
inline constexpr int max_graph_nodes = 4096;                         // nodes, inline ones included
inline constexpr int max_graph_depth = 256;                          // longest input chain
inline constexpr int max_graph_program = 1 << 16;                    // compiled operations
inline constexpr double max_graph_expansion = 1 << 20;  // node evaluations per sample, unshared (the reference's)

class GRADNOISE_API Graph {
public:
    // The plain Perlin field in 2D (so a default Graph is usable).
    Graph();

    // Reads, validates and compiles a graph file's text. Errors: invalid_argument (or
    // size_overflow for a limit); *error (when given) then holds the whole message, naming the
    // node, its type and the parameter, e.g. "graph node 'hills' (fractal): octaves must be an
    // integer in 1..32 (got 40)"; the Status's own message is a fixed summary. out is unchanged.
    static Status from_json(std::string_view text, Graph* out, std::string* error = nullptr);
    // A single field as a graph (its bits are the field's own).
    static Status from_field(const NoiseDesc& desc, int dimensions, Graph* out, std::string* error = nullptr);

    // Every node type and parameter as JSON (node_types.cpp's tables: names, inputs, kinds, ranges,
    // defaults, one line of help each): what the Python package's keywords and docs/graph-reference.md
    // are generated from, and what an editor would read.
    static std::string schema();

    // The graph in the current format version: canonical JSON (defaults written out, nodes in file
    // order), which from_json reads back to the same bits.
    std::string to_json() const;
    int dimensions() const noexcept;
    // Operations in the compiled program per sample, and whether the graph is one built-in field.
    std::size_t program_size() const noexcept;
    bool is_single_field() const noexcept;

    // One point through the scalar reference (the spec, node by node). NaN for a call whose
    // dimension count is not the graph's.
    float sample2(float x, float y) const noexcept;
    float sample3(float x, float y, float z) const noexcept;
    float sample4(float x, float y, float z, float w) const noexcept;

    // Points and grids on the active ISA: the layouts, strides, threads, progress and errors of
    // Noise's functions of the same names. A call whose dimension count is not the graph's:
    // invalid_argument.
    Status evaluate_2d(const float* x, const float* y, float* out, std::size_t count) const noexcept;
    Status evaluate_3d(const float* x, const float* y, const float* z, float* out, std::size_t count) const noexcept;
    Status evaluate_4d(const float* x, const float* y, const float* z, const float* w, float* out,
                       std::size_t count) const noexcept;
    Status fill_grid_2d(const Grid2d& grid, float* out, std::size_t row_stride = 0,
                        const FillOptions& options = FillOptions{}) const noexcept;
    Status fill_grid_3d(const Grid3d& grid, float* out, std::size_t row_stride = 0, std::size_t slice_stride = 0,
                        const FillOptions& options = FillOptions{}) const noexcept;

    // [S 19.8] Chunks of an unbounded world: sample (sx, sy[, sz]) lies at (float(double(sx) *
    // double(spacing)), ...) -- its own coordinates from its own numbers, so chunks of one world join
    // bit for bit; layouts, strides, threads and errors as Noise's chunk fills. (A graph has no
    // period to reduce by: far from the origin the float coordinates coarsen, as a grid's do.)
    Status fill_chunk_2d(const Chunk2d& chunk, float* out, std::size_t row_stride = 0,
                         const FillOptions& options = FillOptions{}) const noexcept;
    Status fill_chunk_3d(const Chunk3d& chunk, float* out, std::size_t row_stride = 0, std::size_t slice_stride = 0,
                         const FillOptions& options = FillOptions{}) const noexcept;
    Status fill_chunk_gradient_2d(const Chunk2d& chunk, const GradientOut& out, std::size_t row_stride = 0,
                                  const FillOptions& options = FillOptions{}) const noexcept;
    Status fill_chunk_gradient_3d(const Chunk3d& chunk, const GradientOut& out, std::size_t row_stride = 0,
                                  std::size_t slice_stride = 0,
                                  const FillOptions& options = FillOptions{}) const noexcept;

    // [S 19.6] Values with gradients (forward through the nodes by the chain rule): the layouts,
    // strides, threads and errors of Noise's gradient functions. A graph whose field node has no
    // gradient (a pattern, ...): invalid_argument, and gradient_refusal() names the node and why
    // (empty when the graph has gradients). gradient2/3/4: the reference, one point.
    const std::string& gradient_refusal() const noexcept;
    Gradient2 gradient2(float x, float y) const noexcept;
    Gradient3 gradient3(float x, float y, float z) const noexcept;
    Gradient4 gradient4(float x, float y, float z, float w) const noexcept;
    Status evaluate_gradient_2d(const float* x, const float* y, const GradientOut& out, std::size_t count) const noexcept;
    Status evaluate_gradient_3d(const float* x, const float* y, const float* z, const GradientOut& out,
                                std::size_t count) const noexcept;
    Status evaluate_gradient_4d(const float* x, const float* y, const float* z, const float* w,
                                const GradientOut& out, std::size_t count) const noexcept;
    Status fill_grid_gradient_2d(const Grid2d& grid, const GradientOut& out, std::size_t row_stride = 0,
                                 const FillOptions& options = FillOptions{}) const noexcept;
    Status fill_grid_gradient_3d(const Grid3d& grid, const GradientOut& out, std::size_t row_stride = 0,
                                 std::size_t slice_stride = 0, const FillOptions& options = FillOptions{}) const noexcept;

    const detail::GraphData& data() const noexcept { return *data_; }

private:
    explicit Graph(std::shared_ptr<const detail::GraphData> data) : data_(std::move(data)) {}
    std::shared_ptr<const detail::GraphData> data_;
};

}  // namespace gradnoise

#endif
