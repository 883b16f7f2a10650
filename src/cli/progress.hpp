// gradnoise CLI — the one progress display: a line on stderr, redrawn in place, only where stderr
// is a terminal and the user did not ask for quiet. bake shows rate and ETA on it, bench the
// measurement under way.
#ifndef GRADNOISE_CLI_PROGRESS_HPP
#define GRADNOISE_CLI_PROGRESS_HPP

#include <chrono>
#include <cstddef>
#include <string>

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

}  // namespace gradnoise::cli

#endif
