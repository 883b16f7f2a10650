// See gpu_chunks.hpp.
#include "gpu_chunks.hpp"

#include <cstring>

#include "gradnoise/shader.hpp"

namespace viewer {

std::string GpuChunks::build(const gradnoise::Noise& noise, int side, float spacing) {
    noise_ = &noise;
    side_ = side;
    spacing_ = spacing;
    const gradnoise::FractalParams& f = noise.desc().fractal;
    octaves_ = f.kind == gradnoise::Fractal::none ? 1 : f.octaves;
    gradnoise::ShaderOptions options;
    options.dimensions = 2;
    options.function_name = "terrain";
    options.gradient = true;
    std::string field;
    if (const gradnoise::Status st = gradnoise::shader_source(noise.desc(), options, &field); !st) return st.message();
    const std::string K = std::to_string(octaves_);
    // With --erosion: the filter's M octaves of cell coordinates follow the octaves' rows (x, then y).
    erosion_octaves_ = gradnoise::erosion_octave_count(noise);
    const std::string M = std::to_string(erosion_octaves_), E = std::to_string(2 * octaves_);
    const std::string erosion_rows =
        erosion_octaves_ == 0 ? std::string()
                              : "    vec2 e[" + M + "];\n    for (int k = 0; k < " + M + "; ++k) e[k] = vec2(rows[(" + E +
                                    " + k) * side + at.x], rows[(" + E + " + " + M + " + k) * side + at.y]);\n";
    // One invocation per sample: q[k] from the coordinate rows, then the octave sum with its gradient.
    const std::string source = "#version 430\nlayout(local_size_x = 8, local_size_y = 8) in;\n"
                               "layout(std430, binding = 0) readonly buffer Coordinates { float rows[]; };\n"
                               "layout(r32f, binding = 0) writeonly uniform image2D height;\n"
                               "layout(rg32f, binding = 1) writeonly uniform image2D gradient;\n"
                               "uniform int side;\n" +
                               field +
                               "void main() {\n"
                               "    ivec2 at = ivec2(gl_GlobalInvocationID.xy);\n"
                               "    if (at.x >= side || at.y >= side) return;\n"
                               "    vec2 q[" + K + "];\n"
                               "    for (int k = 0; k < " + K + "; ++k) q[k] = vec2(rows[k * side + at.x], rows[(" + K +
                               " + k) * side + at.y]);\n" + erosion_rows +
                               "    vec2 d;\n    float v = terrain_octaves_gradient(q" + (erosion_octaves_ ? ", e" : "") + ", d);\n"
                               "    imageStore(height, at, vec4(v, 0.0, 0.0, 0.0));\n"
                               "    imageStore(gradient, at, vec4(d, 0.0, 0.0));\n}\n";
    program_ = build_compute_program("terrain generation", source.c_str());
    if (!program_) return "the generated compute shader does not build (the driver's log is above)";
    glUseProgram(program_);
    glUniform1i(glGetUniformLocation(program_, "side"), side);
    q_.assign(2 * std::size_t(octaves_ + erosion_octaves_) * std::size_t(side), 0.0f);
    glGenBuffers(1, &coordinates_);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, coordinates_);
    glBufferData(GL_SHADER_STORAGE_BUFFER, GLsizeiptr(q_.size() * sizeof(float)), nullptr, GL_DYNAMIC_DRAW);
    return "";
}

void GpuChunks::generate(std::int64_t first_x, std::int64_t first_y, GLuint height_tex, GLuint grad_tex) {
    const std::size_t side = std::size_t(side_), rows = std::size_t(octaves_) * side;
    // The CPU's half: the 64-bit sample numbers reduced exactly, octave by octave (no allocation).
    (void)gradnoise::chunk_octave_coordinates(*noise_, 0, first_x, side, spacing_, q_.data());
    (void)gradnoise::chunk_octave_coordinates(*noise_, 1, first_y, side, spacing_, q_.data() + rows);
    if (erosion_octaves_ > 0) {
        const std::size_t erosion_rows = std::size_t(erosion_octaves_) * side;
        (void)gradnoise::chunk_erosion_coordinates(*noise_, first_x, side, spacing_, q_.data() + 2 * rows);
        (void)gradnoise::chunk_erosion_coordinates(*noise_, first_y, side, spacing_, q_.data() + 2 * rows + erosion_rows);
    }
    glUseProgram(program_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, coordinates_);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(q_.size() * sizeof(float)), q_.data());
    glBindImageTexture(0, height_tex, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
    glBindImageTexture(1, grad_tex, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RG32F);
    glDispatchCompute(GLuint((side + 7) / 8), GLuint((side + 7) / 8), 1);
    // (The next chunk's glBufferSubData waits for this dispatch's reads: GL orders them.)
}

void GpuChunks::finish_writes() const { glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT); }

void GpuChunks::release() {
    if (coordinates_) glDeleteBuffers(1, &coordinates_);
    if (program_) glDeleteProgram(program_);
    coordinates_ = program_ = 0;
}

std::size_t probe(const gradnoise::Noise& noise, int side, float spacing, std::int64_t first_x, std::int64_t first_y,
                  GLuint height_tex, GLuint grad_tex, std::size_t* compared) {
    const std::size_t n = std::size_t(side) * std::size_t(side);
    std::vector<float> gpu_h(n), gpu_g(2 * n), h(n), dx(n), dy(n);
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glBindTexture(GL_TEXTURE_2D, height_tex);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, gpu_h.data());
    glBindTexture(GL_TEXTURE_2D, grad_tex);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RG, GL_FLOAT, gpu_g.data());
    gradnoise::GradientOut out;
    out.value = h.data();
    out.dx = dx.data();
    out.dy = dy.data();
    if (!noise.fill_chunk_gradient_2d(gradnoise::Chunk2d{first_x, first_y, std::size_t(side), std::size_t(side), spacing}, out))
        return n * 3;
    std::size_t differ = 0;
    for (std::size_t i = 0; i < n; ++i) {
        differ += std::memcmp(&h[i], &gpu_h[i], 4) != 0;
        differ += std::memcmp(&dx[i], &gpu_g[2 * i], 4) != 0;
        differ += std::memcmp(&dy[i], &gpu_g[2 * i + 1], 4) != 0;
    }
    *compared += 3 * n;
    return differ;
}

}  // namespace viewer
