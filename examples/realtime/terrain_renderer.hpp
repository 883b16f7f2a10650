// The terrain's drawing: one shared grid per chunk level (its indices built once, into one buffer),
// displaced in the vertex shader by a chunk's height texture and lit by its gradient texture, each
// chunk drawn relative to the camera. Made at start-up; a frame's calls allocate nothing.
#ifndef GRADNOISE_VIEWER_TERRAIN_RENDERER_HPP
#define GRADNOISE_VIEWER_TERRAIN_RENDERER_HPP

#include <cstddef>
#include <vector>

#include "gl_util.hpp"

namespace viewer {

// Level L's grid has (n >> L) + 1 samples per side and a ring of skirt vertices around them (vertex
// (i, j) of a (samples + 2)^2 grid; the shader clamps the ring to the edge and lowers it): where a
// chunk meets a coarser neighbour their edges differ between the coarse samples, and the skirts close
// the gap. The inner quads come first; without --lod only they are drawn.
struct LevelMesh {
    int side = 0;                // samples per side
    std::size_t first = 0;       // its first index in the buffer
    GLsizei inner = 0, all = 0;  // index counts: the surface, and with the skirts
};

class TerrainRenderer {
public:
    // Compiles the program (0 on failure, after the driver's log) and looks its uniforms up.
    GLuint build_program();
    // The grids of levels 0..lod for chunks of n quads per side, in one index buffer.
    void build_meshes(int n, int lod);
    const LevelMesh& mesh(int level) const { return meshes_[static_cast<std::size_t>(level)]; }

    // A frame's start: the framebuffer cleared to the sky, the depth test, culling (off with skirts,
    // which face either way), and the uniforms every chunk shares.
    void begin_frame(int fb_w, int fb_h, const Mat4& view_proj, const float sun[3], const float sky[3], double view,
                     bool skirts) const;
    // One chunk: its level's grid, displaced by its textures, its first sample at (ox, oy, oz) from the
    // camera (world units), `sample_size` world units between its samples.
    void draw(const LevelMesh& mesh, GLuint height_tex, GLuint grad_tex, float ox, float oy, float oz,
              float sample_size, bool skirts) const;

private:
    GLuint program_ = 0, vao_ = 0, index_buf_ = 0;
    std::vector<LevelMesh> meshes_;
    GLint u_height_ = -1, u_grad_ = -1, u_side_ = -1, u_skirt_ = -1, u_offset_ = -1, u_sample_size_ = -1,
          u_height_scale_ = -1, u_slope_scale_ = -1, u_view_proj_ = -1, u_sun_ = -1, u_sky_ = -1, u_fog_start_ = -1,
          u_fog_end_ = -1;
};

}  // namespace viewer

#endif
