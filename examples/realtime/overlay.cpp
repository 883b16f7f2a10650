// The overlay (overlay.hpp).
#include "overlay.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "font5x7.hpp"

namespace viewer {

namespace {

// The overlay: pixel-space quads; uv < 0 means a solid quad, otherwise a font-atlas texel.
const char* const kOverlayVs = R"(#version 330 core
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_color;
uniform vec2 u_screen;
out vec2 v_uv;
out vec4 v_color;
void main() {
    v_uv = a_uv;
    v_color = a_color;
    gl_Position = vec4(a_pos.x / u_screen.x * 2.0 - 1.0, 1.0 - a_pos.y / u_screen.y * 2.0, 0.0, 1.0);
}
)";

const char* const kOverlayFs = R"(#version 330 core
in vec2 v_uv;
in vec4 v_color;
uniform sampler2D u_font;
out vec4 o_color;
void main() {
    float a = v_uv.x < 0.0 ? 1.0 : texelFetch(u_font, ivec2(floor(v_uv)), 0).r;
    o_color = vec4(v_color.rgb, v_color.a * a);
}
)";

}  // namespace

void Overlay::quad(float x0, float y0, float x1, float y1, float u0, float v0, float u1, float v1, const float c[4]) {
    if (count_ + 6 > capacity) return;  // full: drop, never grow
    const OverlayVertex a{x0, y0, u0, v0, c[0], c[1], c[2], c[3]}, b{x1, y0, u1, v0, c[0], c[1], c[2], c[3]},
        d{x1, y1, u1, v1, c[0], c[1], c[2], c[3]}, e{x0, y1, u0, v1, c[0], c[1], c[2], c[3]};
    const OverlayVertex two_triangles[6] = {a, b, d, a, d, e};
    std::copy(two_triangles, two_triangles + 6, verts_.get() + count_);
    count_ += 6;
}

void Overlay::text(float x, float y, const char* s, float scale, const float c[4]) {
    for (; *s; ++s, x += glyph_cell_w * scale) {
        if (*s == ' ') continue;
        const float u0 = float(glyph_index(*s) * glyph_cell_w);
        quad(x, y, x + 5 * scale, y + 7 * scale, u0, 0, u0 + 5, 7, c);
    }
}

GLuint OverlayPanel::build_program() {
    program_ = viewer::build_program("overlay", kOverlayVs, kOverlayFs);
    if (!program_) return 0;
    u_screen_ = glGetUniformLocation(program_, "u_screen");
    u_font_ = glGetUniformLocation(program_, "u_font");
    return program_;
}

void OverlayPanel::build(int fb_h) {
    const auto atlas = bake_font_atlas();
    glGenTextures(1, &font_tex_);
    glBindTexture(GL_TEXTURE_2D, font_tex_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, atlas_w, atlas_h, 0, GL_RED, GL_UNSIGNED_BYTE, atlas.data());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glGenBuffers(1, &vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(Overlay::capacity * sizeof(OverlayVertex)), nullptr, GL_DYNAMIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(OverlayVertex), reinterpret_cast<void*>(0));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(OverlayVertex), reinterpret_cast<void*>(8));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, sizeof(OverlayVertex), reinterpret_cast<void*>(16));
    glBindVertexArray(0);

    scale_ = fb_h >= 600 ? 2.0f : 1.0f;
    pad_ = 4 * scale_, line_h_ = 9 * scale_, graph_h_ = 24 * scale_;
    w_ = 2 * pad_ + kChars * glyph_cell_w * scale_;
    h_ = 3 * pad_ + kLines * line_h_ + graph_h_;
}

void OverlayPanel::record(int frame, float frame_ms, double end_s, std::int64_t chunks_done) {
    hist_ms_[frame % kHistory] = frame_ms;
    hist_t_[frame % kHistory] = end_s;
    hist_done_[frame % kHistory] = chunks_done;
}

void OverlayPanel::draw(int frame, int fb_w, int fb_h, const PanelFigures& f) {
    const int hn = std::min(frame, kHistory);
    double ms_sum = 0;
    for (int i = 0; i < hn; ++i) ms_sum += hist_ms_[i];
    const double ms_mean = hn ? ms_sum / hn : 0.0;
    double rate = 0;
    if (hn >= 2) {
        const int newest = (frame - 1) % kHistory, oldest = (frame - hn) % kHistory;
        const double span = hist_t_[newest] - hist_t_[oldest];
        if (span > 0) rate = double(hist_done_[newest] - hist_done_[oldest]) / span;
    }
    float graph_ms = 50.0f;
    while (graph_ms < 400.0f && ms_mean > 0.8 * graph_ms) graph_ms *= 2.0f;
    char line[kLines][96];
    if (f.gpu)
        std::snprintf(line[0], sizeof line[0], "GRADNOISE  CHUNK %d  GPU  GRAPH %d MS", f.chunk, int(graph_ms));
    else
        std::snprintf(line[0], sizeof line[0], "GRADNOISE  CHUNK %d  WORKERS %d  GRAPH %d MS", f.chunk, f.workers,
                      int(graph_ms));
    std::snprintf(line[1], sizeof line[1], "FRAME %7.2f MS  %6.1f FPS  DRAWN %d", ms_mean,
                  ms_mean > 0 ? 1000.0 / ms_mean : 0.0, f.drawn);
    std::snprintf(line[2], sizeof line[2], "CHUNK %7.3f MS  %7.1f CHUNKS/S", f.chunk_ms, rate);
    std::snprintf(line[3], sizeof line[3], "RESIDENT %d/%d  QUEUE %u  DONE %" PRId64, f.resident, f.wanted, f.queue,
                  f.done);
    std::snprintf(line[4], sizeof line[4], "%s X %" PRId64 " Y %" PRId64, f.far ? "FAR " : "NEAR", f.x, f.y);
    overlay_.clear();
    const float bg[4] = {0.0f, 0.0f, 0.0f, 0.55f}, fg[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    const float bar[4] = {0.45f, 0.95f, 0.45f, 0.9f}, slow[4] = {1.0f, 0.45f, 0.3f, 0.9f}, mark[4] = {1.0f, 1.0f, 1.0f, 0.5f};
    overlay_.rect(x_, y_, x_ + w_, y_ + h_, bg);
    for (int i = 0; i < kLines; ++i) overlay_.text(x_ + pad_, y_ + pad_ + i * line_h_, line[i], scale_, fg);
    // Frame-time bars, newest on the right, red above 16.7 ms (60 fps; the line). Full height is
    // graph_ms (line 0): 50, 100, 200 or 400 ms, the first above 1.25x the mean frame.
    const float gx0 = x_ + pad_, gy1 = y_ + h_ - pad_, bw = (w_ - 2 * pad_) / kHistory;
    for (int i = 0; i < hn; ++i) {
        const float ms = hist_ms_[(frame - hn + i) % kHistory];
        const float h = std::min(1.0f, ms / graph_ms) * graph_h_;
        const float x = gx0 + (kHistory - hn + i) * bw;
        overlay_.rect(x, gy1 - h, x + std::max(1.0f, bw - 1), gy1, ms > 16.7f ? slow : bar);
    }
    const float y60 = gy1 - 16.7f / graph_ms * graph_h_;
    overlay_.rect(gx0, y60, x_ + w_ - pad_, y60 + 1, mark);

    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glUseProgram(program_);
    glUniform2f(u_screen_, float(fb_w), float(fb_h));
    glUniform1i(u_font_, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, font_tex_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(overlay_.count() * sizeof(OverlayVertex)), overlay_.data());
    glDrawArrays(GL_TRIANGLES, 0, GLsizei(overlay_.count()));
    glBindVertexArray(0);
}

}  // namespace viewer
