// Internal: OpenSimplex2S 4D's vertex codes (simplex_smooth_vertex_codes.cpp), from which
// simplex_smooth.cpp builds the sub-cell lookup table (detail::smooth_lattice_4d).
#ifndef GRADNOISE_SRC_REFERENCE_SIMPLEX_SMOOTH_VERTEX_CODES_HPP
#define GRADNOISE_SRC_REFERENCE_SIMPLEX_SMOOTH_VERTEX_CODES_HPP

#include <cstdint>

#include "tables/simplex_constants.hpp"

namespace gradnoise::reference {

// [S 16.5] The vertices near each of the 4^4 sub-cells of a cell: row k lists, for the sub-cell
// k = qx | qy << 2 | qz << 4 | qw << 6 (q = floor(4 * coordinate) & 3), the vertex codes
// c = (dx + 1) | (dy + 1) << 2 | (dz + 1) << 4 | (dw + 1) << 6 of every lattice vertex whose
// falloff can reach a point of that sub-cell. Data: lookup4DVertexCodes of the reference's
// static initializer, unchanged, rows concatenated (SmoothLattice4::total codes); row lengths in
// smooth_vertex_code_counts.
extern const std::uint8_t smooth_vertex_code_counts[256];
extern const std::uint8_t smooth_vertex_codes[];

}  // namespace gradnoise::reference

#endif
