// The terrain's drawing (terrain_renderer.hpp).
#include "terrain_renderer.hpp"

#include "world.hpp"

namespace viewer {

namespace {

// One shared grid of (chunk + 1)^2 vertices, numbered by gl_VertexID; each chunk displaces it by its
// slot's height texture and lights it with its gradient texture.
const char* const kTerrainVs = R"(#version 330 core
uniform sampler2D u_height;   // R32F: the fBm value
uniform sampler2D u_grad;     // RG32F: its analytic gradient, per noise unit
uniform int u_side;           // samples per side (the grid adds a ring of skirt vertices around them)
uniform float u_skirt;        // world units a skirt hangs below its edge (0: none, zero-area)
uniform vec3 u_offset;        // the chunk's first sample relative to the camera, world units
uniform float u_sample_size;
uniform float u_height_scale;
uniform float u_slope_scale;  // height_scale * spacing / sample_size: gradient -> world slope
uniform mat4 u_view_proj;
out vec3 v_normal;
out vec3 v_rel;               // position relative to the camera
out float v_value;
void main() {
    int grid = u_side + 2;
    ivec2 k = ivec2(gl_VertexID % grid, gl_VertexID / grid);
    ivec2 ij = clamp(k - 1, ivec2(0), ivec2(u_side - 1));
    float drop = k == ij + 1 ? 0.0 : u_skirt;  // the ring: the edge sample, lowered
    float h = texelFetch(u_height, ij, 0).r;
    vec2 g = texelFetch(u_grad, ij, 0).rg;
    // Water is flat at sea level; below it the terrain's own normal would light the waves wrongly.
    v_normal = h < 0.0 ? vec3(0.0, 0.0, 1.0) : vec3(-g * u_slope_scale, 1.0);
    v_value = h;
    v_rel = u_offset + vec3(vec2(ij) * u_sample_size, max(h, 0.0) * u_height_scale - drop);
    gl_Position = u_view_proj * vec4(v_rel, 1.0);
}
)";

const char* const kTerrainFs = R"(#version 330 core
in vec3 v_normal;
in vec3 v_rel;
in float v_value;
uniform vec3 u_sun;
uniform vec3 u_sky;
uniform float u_fog_start;
uniform float u_fog_end;
out vec4 o_color;
void main() {
    vec3 n = normalize(v_normal);
    float h = v_value;
    vec3 deep = vec3(0.04, 0.16, 0.38), shallow = vec3(0.12, 0.38, 0.62);
    vec3 sand = vec3(0.78, 0.72, 0.52), grass = vec3(0.26, 0.50, 0.17), forest = vec3(0.16, 0.34, 0.12);
    vec3 rock = vec3(0.46, 0.41, 0.36), snow = vec3(0.94, 0.95, 0.97);
    vec3 c;
    if (h < 0.0) {
        c = mix(shallow, deep, clamp(-h * 5.0, 0.0, 1.0));
    } else {
        c = mix(sand, grass, smoothstep(0.01, 0.035, h));
        c = mix(c, forest, smoothstep(0.08, 0.18, h));
        c = mix(c, rock, smoothstep(0.22, 0.30, h));
        c = mix(c, snow, smoothstep(0.36, 0.42, h));
        // Steep slopes show bare rock whatever the height (snow and grass do not hold there).
        c = mix(c, rock, smoothstep(0.55, 0.75, 1.0 - n.z) * (1.0 - smoothstep(0.0, 0.02, -h + 0.01)));
    }
    float diffuse = max(dot(n, u_sun), 0.0);
    vec3 lit = c * (0.30 + 0.75 * diffuse);
    float d = length(v_rel);
    float fog = smoothstep(u_fog_start, u_fog_end, d);
    o_color = vec4(mix(lit, u_sky, fog), 1.0);
}
)";

}  // namespace

GLuint TerrainRenderer::build_program() {
    program_ = viewer::build_program("terrain", kTerrainVs, kTerrainFs);
    if (!program_) return 0;
    const struct {
        GLint* at;
        const char* name;
    } uniforms[] = {{&u_height_, "u_height"},
                    {&u_grad_, "u_grad"},
                    {&u_side_, "u_side"},
                    {&u_skirt_, "u_skirt"},
                    {&u_offset_, "u_offset"},
                    {&u_sample_size_, "u_sample_size"},
                    {&u_height_scale_, "u_height_scale"},
                    {&u_slope_scale_, "u_slope_scale"},
                    {&u_view_proj_, "u_view_proj"},
                    {&u_sun_, "u_sun"},
                    {&u_sky_, "u_sky"},
                    {&u_fog_start_, "u_fog_start"},
                    {&u_fog_end_, "u_fog_end"}};
    for (const auto& u : uniforms) *u.at = glGetUniformLocation(program_, u.name);
    return program_;
}

void TerrainRenderer::build_meshes(int n, int lod) {
    meshes_.assign(std::size_t(lod) + 1, LevelMesh{});
    std::vector<GLuint> idx;
    for (int level = 0; level <= lod; ++level) {
        LevelMesh& m = meshes_[std::size_t(level)];
        m.side = (n >> level) + 1;
        m.first = idx.size();
        const int g = m.side + 2;
        auto quad = [&](int i, int j) {  // grid quad (i, j), vertices (i..i+1, j..j+1)
            const GLuint v00 = GLuint(j * g + i), v10 = v00 + 1, v01 = v00 + GLuint(g), v11 = v01 + 1;
            idx.insert(idx.end(), {v00, v10, v11, v00, v11, v01});  // counter-clockwise from above
        };
        for (int j = 1; j < m.side; ++j)
            for (int i = 1; i < m.side; ++i) quad(i, j);
        m.inner = static_cast<GLsizei>(idx.size() - m.first);
        for (int j = 0; j <= m.side; ++j)
            for (int i = 0; i <= m.side; ++i)
                if (i == 0 || j == 0 || i == m.side || j == m.side) quad(i, j);
        m.all = static_cast<GLsizei>(idx.size() - m.first);
    }
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glGenBuffers(1, &index_buf_);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buf_);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(idx.size() * sizeof(GLuint)), idx.data(), GL_STATIC_DRAW);
    glBindVertexArray(0);
}

void TerrainRenderer::begin_frame(int fb_w, int fb_h, const Mat4& view_proj, const float sun[3], const float sky[3],
                                  double view, bool skirts) const {
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(sky[0], sky[1], sky[2], 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    if (skirts)
        glDisable(GL_CULL_FACE);  // the skirts face either way
    else
        glEnable(GL_CULL_FACE);
    glDisable(GL_BLEND);
    glUseProgram(program_);
    glUniform1i(u_height_, 0);
    glUniform1i(u_grad_, 1);
    glUniform1f(u_skirt_, skirts ? kSkirt : 0.0f);
    glUniform1f(u_height_scale_, kHeightScale);
    glUniform1f(u_slope_scale_, float(kHeightScale * kSpacing / kSampleSize));
    glUniformMatrix4fv(u_view_proj_, 1, GL_FALSE, view_proj.m);
    glUniform3fv(u_sun_, 1, sun);
    glUniform3fv(u_sky_, 1, sky);
    glUniform1f(u_fog_start_, float(0.45 * view));
    glUniform1f(u_fog_end_, float(view));
    glBindVertexArray(vao_);
}

void TerrainRenderer::draw(const LevelMesh& mesh, GLuint height_tex, GLuint grad_tex, float ox, float oy, float oz,
                           float sample_size, bool skirts) const {
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, height_tex);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, grad_tex);
    glUniform3f(u_offset_, ox, oy, oz);
    glUniform1i(u_side_, mesh.side);
    glUniform1f(u_sample_size_, sample_size);
    glDrawElements(GL_TRIANGLES, skirts ? mesh.all : mesh.inner, GL_UNSIGNED_INT,
                   reinterpret_cast<const void*>(mesh.first * sizeof(GLuint)));
}

}  // namespace viewer
