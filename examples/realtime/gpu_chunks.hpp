// GPU generation of the viewer's chunks (--generate gpu): the field's GLSL from gradnoise::shader_source,
// run as an OpenGL 4.3 compute shader that writes a chunk's height and gradient textures, from the
// octave coordinates the CPU reduces exactly (gradnoise::chunk_octave_coordinates, and with --erosion
// gradnoise::chunk_erosion_coordinates). The same bits as
// Noise::fill_chunk_gradient_2d, so the picture is the CPU-generated one, and probe() proves it.
#ifndef GRADNOISE_VIEWER_GPU_CHUNKS_HPP
#define GRADNOISE_VIEWER_GPU_CHUNKS_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "gl_util.hpp"
#include "gradnoise/gradnoise.hpp"

namespace viewer {

class GpuChunks {
public:
    // Compiles the program and sizes the coordinate buffer (start-up: allocates). "" or the reason.
    std::string build(const gradnoise::Noise& noise, int side, float spacing);
    // Fills the R32F height and RG32F gradient textures of the chunk whose first sample is
    // (first_x, first_y). The frame loop's call: no allocation, no wait for the GPU.
    void generate(std::int64_t first_x, std::int64_t first_y, GLuint height_tex, GLuint grad_tex);
    // Makes the textures written so far visible to the draws that follow.
    void finish_writes() const;
    // Deletes the program and the buffer (while the GL context is current).
    void release();

private:
    const gradnoise::Noise* noise_ = nullptr;
    int side_ = 0, octaves_ = 0, erosion_octaves_ = 0;
    float spacing_ = 0.0f;
    GLuint program_ = 0, coordinates_ = 0;
    std::vector<float> q_;  // octave coordinates: x rows, y rows, then the erosion filter's x rows, y rows
};

// The collision probe: reads a chunk's textures back and compares every height and gradient bit with
// the CPU's Noise::fill_chunk_gradient_2d of the same samples; the number of values that differ.
std::size_t probe(const gradnoise::Noise& noise, int side, float spacing, std::int64_t first_x, std::int64_t first_y,
                  GLuint height_tex, GLuint grad_tex, std::size_t* compared);

}  // namespace viewer

#endif
