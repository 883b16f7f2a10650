// What a run of the viewer writes down: the frame log (a row per frame, kept within a capacity sized
// at start-up; the CSV of --log and the summary line), the --shimmer measurement (the distant band of
// each frame read back and compared with the previous one) and the --screenshot (the last frame, as
// PNG). Their buffers are made at start-up; a frame's calls allocate nothing.
#ifndef GRADNOISE_VIEWER_RECORDING_HPP
#define GRADNOISE_VIEWER_RECORDING_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace viewer {

struct FrameRow {
    int frame;
    float frame_ms;
    std::int64_t chunks_done;
    int resident;
    float mean_chunk_ms;
    int queue;
};

class FrameLog {
public:
    explicit FrameLog(std::size_t capacity) : rows_(capacity) {}
    // Rows beyond the capacity are dropped.
    void add(const FrameRow& row) {
        if (count_ < rows_.size()) rows_[count_++] = row;
    }
    // The CSV at path; false after a message when it cannot be written.
    bool write_csv(const std::string& path) const;
    // The summary line: frame times (mean, median, 99th percentile) and the chunks made.
    void print_summary(int frames, double wall_s, std::int64_t chunks, double mean_chunk_ms, int chunk, int workers,
                       bool gpu) const;

private:
    std::vector<FrameRow> rows_;
    std::size_t count_ = 0;
};

// --shimmer: the band from 50 % to 70 % of the height, right of the overlay (terrain some 200 to 550
// units ahead on the scripted flight), read back every frame and compared with the previous one.
class ShimmerMeter {
public:
    // on: --shimmer; panel_right: the overlay's right edge, pixels.
    ShimmerMeter(bool on, int fb_w, int fb_h, float panel_right);
    // Reads this frame's band from the back buffer; complete: every chunk in view was drawn. Pairs of
    // frames with every chunk in view drawn count: the change is the flight's and the terrain's, not
    // the stream filling in.
    void measure(bool complete);
    void print(int lod, bool band_limit, double pace) const;

private:
    int fb_w_, y0_, rows_, x0_;  // (GL rows count from the bottom)
    std::vector<std::uint8_t> now_, prev_;
    double sum_ = 0, peak_ = 0;  // all frame pairs; the largest one pair's mean (a pop)
    std::int64_t count_ = 0;
    int frames_ = 0;
    bool prev_complete_ = false;  // the previous frame's band: every chunk in view was drawn
};

class Screenshot {
public:
    // on: --screenshot given.
    Screenshot(bool on, int fb_w, int fb_h) : w_(fb_w), h_(fb_h), pixels_(on ? std::size_t(fb_w) * fb_h * 3 : 0) {}
    bool wanted() const { return !pixels_.empty(); }
    // Reads the frame from the back buffer.
    void capture();
    // Writes it as PNG (GL's rows start at the bottom; PNG's at the top); false after a message.
    bool write(const std::string& path, int frame) const;

private:
    int w_, h_;
    std::vector<std::uint8_t> pixels_;
};

}  // namespace viewer

#endif
