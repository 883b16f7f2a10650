// The overlay: a panel of figures over the terrain (frame time, rate, chunks, where the camera is) and a
// bar graph of the last frames' times, drawn as pixel-space quads from a 5x7 font atlas. Its vertex array,
// texture and history are made at start-up with a fixed capacity; a frame's calls allocate nothing (text
// is formatted with snprintf into stack buffers).
#ifndef GRADNOISE_VIEWER_OVERLAY_HPP
#define GRADNOISE_VIEWER_OVERLAY_HPP

#include <cstddef>
#include <cstdint>
#include <memory>

#include "gl_util.hpp"

namespace viewer {

struct OverlayVertex {
    float x, y, u, v, r, g, b, a;
};

// The overlay's vertex array, filled each frame within a fixed capacity.
class Overlay {
public:
    static constexpr std::size_t capacity = 6 * 2048;  // vertices: 2048 quads

    void clear() { count_ = 0; }
    std::size_t count() const { return count_; }
    const OverlayVertex* data() const { return verts_.get(); }

    void quad(float x0, float y0, float x1, float y1, float u0, float v0, float u1, float v1, const float c[4]);
    void rect(float x0, float y0, float x1, float y1, const float c[4]) { quad(x0, y0, x1, y1, -1, -1, -1, -1, c); }
    void text(float x, float y, const char* s, float scale, const float c[4]);

private:
    std::unique_ptr<OverlayVertex[]> verts_{new OverlayVertex[capacity]};
    std::size_t count_ = 0;
};

// What the panel shows besides the frame times: this frame's figures.
struct PanelFigures {
    int chunk = 0;                 // samples per chunk side
    bool gpu = false;              // chunks made on the GPU
    int workers = 0;               // chunk worker threads
    int drawn = 0;                 // chunks drawn this frame
    double chunk_ms = 0;           // mean time to make a chunk
    int resident = 0, wanted = 0;  // chunks in view drawn, and in view
    unsigned queue = 0;            // requests in flight
    std::int64_t done = 0;         // chunks made so far
    bool far = false;              // the far origin
    std::int64_t x = 0, y = 0;     // the camera's sample
};

class OverlayPanel {
public:
    // Compiles the program (0 on failure, after the driver's log) and looks its uniforms up.
    GLuint build_program();
    // The font texture and the vertex buffer; the panel laid out for a framebuffer fb_h pixels high.
    void build(int fb_h);
    // The panel's rectangle, pixels from the top left.
    float x() const { return x_; }
    float y() const { return y_; }
    float width() const { return w_; }
    float height() const { return h_; }

    // Frame `frame`'s time, its end (seconds since the loop started) and the chunks made by then.
    void record(int frame, float frame_ms, double end_s, std::int64_t chunks_done);
    // Draws the panel over the frame, from the frames recorded before `frame`.
    void draw(int frame, int fb_w, int fb_h, const PanelFigures& f);

private:
    static constexpr int kLines = 5, kChars = 46, kHistory = 128;
    GLuint program_ = 0, font_tex_ = 0, vao_ = 0, vbo_ = 0;
    GLint u_screen_ = -1, u_font_ = -1;
    Overlay overlay_;
    float scale_ = 1, pad_ = 0, line_h_ = 0, graph_h_ = 0, x_ = 8, y_ = 8, w_ = 0, h_ = 0;
    float hist_ms_[kHistory] = {};
    double hist_t_[kHistory] = {};
    std::int64_t hist_done_[kHistory] = {};
};

}  // namespace viewer

#endif
