// gradnoise bake — the files a bake writes: each picture's values, bytes and file (bake_evaluate.cpp,
// bake_encode.cpp, formats.cpp), as a still (and its --lod levels), frames, a GIF, a --volume
// atlas or a tile set (the journal and manifest: tile_set.cpp); the summary line.
#ifndef GRADNOISE_CLI_BAKE_WRITE_HPP
#define GRADNOISE_CLI_BAKE_WRITE_HPP

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "atomic_file.hpp"
#include "bake_encode.hpp"
#include "bake_evaluate.hpp"
#include "bake_settings.hpp"
#include "field_source.hpp"
#include "png_codec.hpp"
#include "progress.hpp"
#include "tile_set.hpp"

namespace gradnoise::cli {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point start);

// Writes `path` atomically: body writes the bytes (false: *error says why); fails (CliError) on
// any error, leaving no file; an interrupt stops the command.
void write_file(const std::string& path, const std::function<bool(ByteSink&, std::string*)>& body);

// The tile set's file names: NAME_x#_y#, or the engine's pattern (--engine unity: NAME_X_Y).
TileSetNames names_of(const Bake& b);

// One bake's pictures and files, and where its time went.
class Baker {
public:
    Baker(const BakeRequest& q, const FieldSource& noise)
        : q_(q), b_(q.b), noise_(noise), config_(config_json(b_)),
          text_{{"Software", std::string("gradnoise ") + version_string()}, {"gradnoise-config", config_.dump()}},
          line_(!b_.quiet) {
        rows_.line = &line_;
        rows_.what = "bake " + b_.preset;
    }

    void gif();
    void tile_set(const TileNumbers& share);
    void frames();
    void still();
    void volume();
    void summary(double total_seconds);

private:
    // One picture (a frame or a tile): values -> [0, 1] -> bytes. rows: its fill's progress.
    void picture(const Window& window, RateProgress* rows, Floats* values, Encoded* e);
    // The same of another Bake's settings and field (a --lod level, a --volume slice).
    void picture(const Bake& b, const FieldSource& noise, const Window& window, RateProgress* rows, Floats* values,
                 Encoded* e);
    void measure_set_range();
    void write_picture(const std::string& path, std::uint32_t w, std::uint32_t h, const Floats& values, const Encoded& e);

    const BakeRequest& q_;
    const Bake& b_;
    const FieldSource& noise_;
    const Json config_;
    const std::vector<PngText> text_;
    ProgressLine line_;
    RateProgress rows_;  // the fills' rows (frames and stills)
    std::vector<std::string> written_;  // the pictures (a tile set's tiles); not its manifest:
    std::string manifest_;
    // A tile set's --normalize measured: one range, the whole set's, so that neighbouring tiles join.
    std::optional<std::pair<float, float>> set_range_;
    double noise_seconds_ = 0, encode_seconds_ = 0, write_seconds_ = 0;
};

}  // namespace gradnoise::cli

#endif
