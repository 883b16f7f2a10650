// What a run of the viewer writes down (recording.hpp).
#include "recording.hpp"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "gl_util.hpp"
#include "png_writer.hpp"

namespace viewer {

namespace {

double percentile(std::vector<float> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t i = std::min(v.size() - 1, static_cast<std::size_t>(q * double(v.size() - 1) + 0.5));
    return v[i];
}

}  // namespace

bool FrameLog::write_csv(const std::string& path) const {
    std::FILE* f = std::fopen(path.c_str(), "w");
    if (!f) {
        std::fprintf(stderr, "gradnoise_viewer: cannot write %s: %s\n", path.c_str(), std::strerror(errno));
        return false;
    }
    std::fprintf(f, "frame,frame_ms,chunks_done_total,chunks_resident,mean_chunk_ms,queue_depth\n");
    for (std::size_t i = 0; i < count_; ++i)
        std::fprintf(f, "%d,%.3f,%" PRId64 ",%d,%.4f,%d\n", rows_[i].frame, rows_[i].frame_ms, rows_[i].chunks_done,
                     rows_[i].resident, rows_[i].mean_chunk_ms, rows_[i].queue);
    std::fclose(f);
    return true;
}

void FrameLog::print_summary(int frames, double wall_s, std::int64_t chunks, double mean_chunk_ms, int chunk,
                             int workers, bool gpu) const {
    std::vector<float> ms(count_);
    double ms_sum = 0;
    for (std::size_t i = 0; i < count_; ++i) ms_sum += ms[i] = rows_[i].frame_ms;
    std::printf("summary: frames=%d frame_ms mean=%.2f median=%.2f p99=%.2f chunks=%" PRId64
                " chunks_per_s=%.1f mean_chunk_ms=%.3f chunk=%d workers=%d generate=%s wall_s=%.2f\n",
                frames, count_ ? ms_sum / double(count_) : 0.0, percentile(ms, 0.5), percentile(ms, 0.99), chunks,
                wall_s > 0 ? double(chunks) / wall_s : 0.0, mean_chunk_ms, chunk, workers, gpu ? "gpu" : "cpu", wall_s);
}

ShimmerMeter::ShimmerMeter(bool on, int fb_w, int fb_h, float panel_right)
    : fb_w_(fb_w), y0_(fb_h * 30 / 100), rows_(fb_h * 20 / 100), x0_(std::min(fb_w - 1, int(std::ceil(panel_right)))),
      now_(on ? std::size_t(fb_w) * rows_ * 3 : 0), prev_(now_.size()) {}

void ShimmerMeter::measure(bool complete) {
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, y0_, fb_w_, rows_, GL_RGB, GL_UNSIGNED_BYTE, now_.data());
    if (prev_complete_ && complete) {
        double pair = 0;
        std::int64_t values = 0;
        for (int y = 0; y < rows_; ++y)
            for (int x = x0_; x < fb_w_; ++x)
                for (int c = 0; c < 3; ++c) {
                    const std::size_t i = (std::size_t(y) * fb_w_ + x) * 3 + c;
                    pair += std::abs(int(now_[i]) - int(prev_[i]));
                    ++values;
                }
        sum_ += pair;
        count_ += values;
        peak_ = std::max(peak_, pair / double(values));
        ++frames_;
    }
    prev_.swap(now_);
    prev_complete_ = complete;
}

void ShimmerMeter::print(int lod, bool band_limit, double pace) const {
    std::printf("shimmer: mean |change| between consecutive frames over the distant band (rows %d..%d from the "
                "bottom, x >= %d) = %.3f of 255 per channel (largest pair %.3f), %d frame pairs, lod %d, band "
                "limit %s, pace %.0f %%\n",
                y0_, y0_ + rows_, x0_, count_ ? sum_ / double(count_) : 0.0, peak_, frames_, lod,
                band_limit ? "on" : "off", pace * 100);
}

void Screenshot::capture() {
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, w_, h_, GL_RGB, GL_UNSIGNED_BYTE, pixels_.data());
}

bool Screenshot::write(const std::string& path, int frame) const {
    std::vector<std::uint8_t> flipped(pixels_.size());
    const std::size_t stride = std::size_t(w_) * 3;
    for (int y = 0; y < h_; ++y)
        std::memcpy(flipped.data() + std::size_t(y) * stride, pixels_.data() + std::size_t(h_ - 1 - y) * stride, stride);
    const std::string err = write_png_rgb(path, flipped.data(), w_, h_);
    if (!err.empty()) {
        std::fprintf(stderr, "gradnoise_viewer: %s\n", err.c_str());
        return false;
    }
    std::printf("screenshot: %s (%dx%d, frame %d)\n", path.c_str(), w_, h_, frame);
    return true;
}

}  // namespace viewer
