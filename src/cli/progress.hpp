// gradnoise CLI — the one progress display: a line on stderr, redrawn in place, only where stderr
// is a terminal and the user did not ask for quiet. bake shows rate and ETA on it, bench the
// measurement under way.
#ifndef GRADNOISE_CLI_PROGRESS_HPP
#define GRADNOISE_CLI_PROGRESS_HPP

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>

namespace gradnoise::cli {

class ProgressLine {
public:
    // Shown only when `wanted` and stderr is a terminal.
    explicit ProgressLine(bool wanted);
    bool enabled() const { return enabled_; }
    // Replaces the line with `text` (nothing when disabled).
    void show(const std::string& text);
    // Erases the line (bench: the results are printed where it was).
    void erase();
    // Ends the line, keeping its last text on screen (bake: the final rate stays visible).
    void keep();

private:
    bool enabled_ = false;
    bool shown_ = false;
};

// A fill's or a tile set's progress as FillOptions::progress reports it: "WHAT: PCT% DONE/TOTAL
// UNIT, RATE M samples/s, ETA S s", from the first second on (quicker jobs show nothing). The hook
// also cancels the fill on Ctrl-C / SIGTERM, whether or not the line is shown.
struct RateProgress {
    ProgressLine* line = nullptr;  // null: report nothing, still cancel on a signal
    std::string what;
    const char* unit = "rows";
    std::size_t samples_per_unit = 0;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();

    // FillOptions::progress (user = this RateProgress): false cancels the fill.
    static bool report(void* user, std::size_t done, std::size_t total);
};

// A phase with no count of its own -- encoding the pixels, compressing and writing the file (an
// 8192x8192 16-bit PNG takes longer than its noise) -- shown as "WHAT: S.S s", redrawn four times a
// second by a thread of its own from the first second on, while the object lives. Nothing else may
// draw on the line meanwhile.
class PhaseProgress {
public:
    PhaseProgress(ProgressLine* line, std::string what);
    ~PhaseProgress();
    PhaseProgress(const PhaseProgress&) = delete;
    PhaseProgress& operator=(const PhaseProgress&) = delete;

private:
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false;
    std::thread ticker_;
};

}  // namespace gradnoise::cli

#endif
