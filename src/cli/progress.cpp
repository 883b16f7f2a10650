#include "progress.hpp"

#if defined(_WIN32)
#include <io.h>
#else
#include <unistd.h>
#endif

#include <cstdio>

#include "interrupt.hpp"

namespace gradnoise::cli {

namespace {
bool stderr_is_terminal() {
#if defined(_WIN32)
    return _isatty(2) != 0;
#else
    return isatty(2) != 0;
#endif
}
}  // namespace

ProgressLine::ProgressLine(bool wanted) : enabled_(wanted && stderr_is_terminal()) {}

void ProgressLine::show(const std::string& text) {
    if (enabled_) {
        std::fprintf(stderr, "\r\033[K%s", text.c_str());
        shown_ = true;
    }
}

void ProgressLine::erase() {
    if (shown_) {
        std::fprintf(stderr, "\r\033[K");
        shown_ = false;
    }
}

void ProgressLine::keep() {
    if (shown_) {
        std::fprintf(stderr, "\n");
        shown_ = false;
    }
}

bool RateProgress::report(void* user, std::size_t done, std::size_t total) {
    auto* p = static_cast<RateProgress*>(user);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - p->start).count();
    if (p->line != nullptr && p->line->enabled() && s >= 1.0) {  // silent for jobs under a second
        const double rate = static_cast<double>(done * p->samples_per_unit) / s;
        const double eta = done ? s * static_cast<double>(total - done) / static_cast<double>(done) : 0.0;
        char text[160];
        std::snprintf(text, sizeof text, ": %3.0f%% %zu/%zu %s, %.1f M samples/s, ETA %.1f s",
                      100.0 * static_cast<double>(done) / static_cast<double>(total), done, total, p->unit, rate / 1e6,
                      eta);
        p->line->show(p->what + text);
    }
    return interrupted_signal() == 0;  // false cancels the fill (Ctrl-C, SIGTERM)
}

PhaseProgress::PhaseProgress(ProgressLine* line, std::string what) {
    if (line == nullptr || !line->enabled()) {
        return;
    }
    ticker_ = std::thread([this, line, what = std::move(what)] {
        const auto start = std::chrono::steady_clock::now();
        std::unique_lock<std::mutex> lock(mutex_);
        while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return done_; })) {
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (s >= 1.0) {
                char text[32];
                std::snprintf(text, sizeof text, ": %.1f s", s);
                line->show(what + text);
            }
        }
    });
}

PhaseProgress::~PhaseProgress() {
    if (ticker_.joinable()) {
        {
            const std::lock_guard<std::mutex> lock(mutex_);
            done_ = true;
        }
        wake_.notify_one();
        ticker_.join();
    }
}

}  // namespace gradnoise::cli
