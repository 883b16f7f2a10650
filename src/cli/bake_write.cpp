// gradnoise bake — writing a bake's files: each picture evaluated, encoded and written atomically,
// in the arrangement the settings ask for (a still with its LOD levels, frames, a GIF, a volume
// atlas, a tile set with its journal and manifest), the time each phase took, and the summary.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bake_gpu.hpp"
#include "bake_write.hpp"
#include "formats.hpp"
#include "interrupt.hpp"

namespace gradnoise::cli {

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

void write_file(const std::string& path, const std::function<bool(ByteSink&, std::string*)>& body) {
    AtomicFile file(path);
    std::string error;
    if (!file.open()) {
        fail(file.error());
    }
    if (!body(file, &error)) {
        stop_if_interrupted();
        fail(file.error().empty() ? error : error + " (" + file.error() + ")");
    }
    if (!file.commit()) {
        fail(file.error());
    }
}

// The tile set's file names: NAME_x#_y#, or the engine's pattern (--engine unity: NAME_X_Y).
TileSetNames names_of(const Bake& b) {
    TileSetNames names = tile_set_names(b.output);
    if (b.engine_preset != nullptr) {
        names.x_tag = b.engine_preset->x_tag;
        names.y_tag = b.engine_preset->y_tag;
    }
    return names;
}

namespace {

// Tile (tx, ty)'s window: tile_stride() apart, so an engine's tiles share their edge samples, and
// --overlap samples more on every side.
Window tile_window(const Bake& b, long tx, long ty) {
    return {std::int64_t(tx) * b.tile_stride() - b.overlap, std::int64_t(ty) * b.tile_stride() - b.overlap, b.tile_side(),
            b.tile_side(), 0};
}

}  // namespace

void Baker::picture(const Window& window, RateProgress* rows, Floats* values, Encoded* e) {
    picture(b_, noise_, window, rows, values, e);
}

void Baker::picture(const Bake& b, const FieldSource& noise, const Window& window, RateProgress* rows, Floats* values,
                    Encoded* e) {
    const auto t0 = Clock::now();
    Floats gx, gy;
    *values = evaluate(b, noise, window, rows, b.slopes() ? &gx : nullptr, b.slopes() ? &gy : nullptr);
    const auto t1 = Clock::now();
    const auto [lo, hi] = set_range_ ? *set_range_ : value_range(b, *values);
    e->width = window.w;
    {
        const PhaseProgress phase(rows == &rows_ ? &line_ : nullptr, rows_.what + ": encoding");
        encode(b, *values, gx, gy, lo, hi, e);
    }
    noise_seconds_ += std::chrono::duration<double>(t1 - t0).count();
    encode_seconds_ += seconds_since(t1);
}

void Baker::write_picture(const std::string& path, std::uint32_t w, std::uint32_t h, const Floats& values,
                          const Encoded& e) {
    const auto t0 = Clock::now();
    const int zlib = b_.zlib_level;
    // (A tile set's line counts tiles; a still's or a frame's shows this phase after its rows.)
    const PhaseProgress phase(b_.tiles ? nullptr : &line_,
                              "bake " + b_.preset + ": writing " + std::filesystem::path(path).filename().string());
    write_file(path, [&](ByteSink& sink, std::string* error) {
        switch (b_.format) {
            case Format::png:
                if (b_.normal_map) {
                    return b_.depth == 16 ? write_png16_rgb(sink, w, h, e.grey16.data(), text_, zlib, error)
                                          : write_png8(sink, w, h, 3, e.rgb_or_grey8.data(), text_, zlib, error);
                }
                return b_.colour()     ? write_png8(sink, w, h, 3, e.rgb_or_grey8.data(), text_, zlib, error)
                       : b_.depth == 16 ? write_png16(sink, w, h, e.grey16.data(), text_, zlib, error)
                                        : write_png8(sink, w, h, 1, e.rgb_or_grey8.data(), text_, zlib, error);
            case Format::raw16: return write_raw16(sink, w, h, e.grey16.data(), error);
            case Format::exr: return write_exr(sink, w, h, values.data(), text_, error);
            case Format::pfm: return write_pfm(sink, w, h, values.data(), error);
            case Format::gif: return false;
        }
        return false;
    });
    write_seconds_ += seconds_since(t0);
    written_.push_back(path);
}

void Baker::gif() {
    GifFrames gif;
    gif.width = b_.width;
    gif.height = b_.height;
    gif.channels = b_.colour() ? 3 : 1;
    gif.loop = true;
    gif.delay_cs = 4;
    for (int f = 0; f < b_.frames; ++f) {
        Floats values;
        Encoded e;
        rows_.what = "bake " + b_.preset + " frame " + std::to_string(f + 1) + "/" + std::to_string(b_.frames);
        picture({0, 0, b_.width, b_.height, f}, &rows_, &values, &e);
        gif.frames.emplace_back(e.rgb_or_grey8.begin(), e.rgb_or_grey8.end());
    }
    const auto t0 = Clock::now();
    write_file(b_.output, [&](ByteSink& sink, std::string* error) { return write_gif(sink, gif, error); });
    write_seconds_ += seconds_since(t0);
    written_.push_back(b_.output);
}

// Row-major over --tiles (or this shard's run of it). Each finished tile goes to the journal; the
// manifest is written last, and then the journal removed (tile_set.hpp).
void Baker::tile_set(const TileNumbers& share) {
    const TileSetNames names = names_of(b_);
    const Json header = tile_set_header(b_.tile_size, *b_.tiles, config_, q_.shard);
    const std::string manifest_path = q_.shard ? names.shard_manifest(*q_.shard) : names.manifest();
    const std::string journal_path = names.journal(q_.shard);
    std::string error;
    std::map<std::pair<long, long>, TileEntry> earlier;
    if (q_.resume) {
        std::vector<TileEntry> entries;
        if (!resumable_entries(manifest_path, journal_path, header, &entries, &error)) {
            fail("--resume: " + error);
        }
        for (const TileEntry& e : entries) {
            earlier[{e.x, e.y}] = e;  // the journal's (later) entries win
        }
    }
    TileJournal journal;
    if (!journal.open(journal_path, header, &error)) {
        fail(error);
    }
    if (b_.normalize == "measured") {
        measure_set_range();
    }
    // The whole set's progress (tiles done of this process's share); the tiles' fills only cancel.
    RateProgress tiles{&line_, "bake " + b_.preset + (q_.shard ? " shard " + std::to_string(q_.shard->index) + "/" +
                                                                     std::to_string(q_.shard->count)
                                                               : std::string()),
                       "tiles", std::size_t(b_.tile_side()) * b_.tile_side()};
    RateProgress cancel_only;
    std::vector<TileEntry> listed;
    std::uint64_t kept = 0;
    for (std::uint64_t t = share.begin; t < share.end; ++t) {
        stop_if_interrupted();  // (the journal lists the tiles finished so far: --resume continues)
        long tx = 0, ty = 0;
        tile_at(*b_.tiles, t, &tx, &ty);
        const std::string path = names.tile(tx, ty);
        TileEntry e{tx, ty, std::filesystem::path(path).filename().string(), 0, ""};
        const auto found = earlier.find({tx, ty});
        if (found != earlier.end() && found->second.file == e.file && tile_verifies(names.dir, found->second)) {
            e = found->second;
            ++kept;
        } else {
            Floats values;
            Encoded enc;
            picture(tile_window(b_, tx, ty), &cancel_only, &values, &enc);
            write_picture(path, b_.tile_side(), b_.tile_side(), values, enc);
            const std::optional<std::string> sha = sha256_of_file(path, &e.bytes, &error);
            if (!sha) {
                fail(error);
            }
            e.sha256 = *sha;
        }
        if (!journal.add(e, &error)) {
            fail(error);
        }
        listed.push_back(e);
        RateProgress::report(&tiles, static_cast<std::size_t>(t - share.begin + 1),
                             static_cast<std::size_t>(share.end - share.begin));
    }
    const std::string manifest = manifest_text(b_.tile_size, *b_.tiles, config_, listed, q_.shard);
    write_file(manifest_path, [&](ByteSink& sink, std::string*) { return sink.write(manifest.data(), manifest.size()); });
    journal.finish();
    if (kept) {
        std::printf("kept %llu finished tile%s (size and SHA-256 verified)\n", static_cast<unsigned long long>(kept),
                    kept == 1 ? "" : "s");
    }
    manifest_ = manifest_path;
}

// The min..max of every tile of --tiles, a first pass of the noise alone; then every tile is
// normalised by it, as one picture would be. (Not with --shard: each shard would measure it all.)
void Baker::measure_set_range() {
    const TileRange& r = *b_.tiles;
    RateProgress tiles{&line_, "bake " + b_.preset + ": measuring the set's range", "tiles",
                       std::size_t(b_.tile_side()) * b_.tile_side()};
    RateProgress cancel_only;
    float lo = std::numeric_limits<float>::infinity(), hi = -lo;
    const std::uint64_t count = r.count();
    for (std::uint64_t t = 0; t < count; ++t) {
        stop_if_interrupted();
        long tx = 0, ty = 0;
        tile_at(r, t, &tx, &ty);
        const Floats values = evaluate(b_, noise_, tile_window(b_, tx, ty), &cancel_only, nullptr, nullptr);
        const auto [mn, mx] = std::minmax_element(values.begin(), values.end());
        lo = std::min(lo, *mn);
        hi = std::max(hi, *mx);
        RateProgress::report(&tiles, static_cast<std::size_t>(t + 1), static_cast<std::size_t>(count));
    }
    set_range_ = std::pair{lo, hi};
    line_.erase();
}

// PNG (or RAW16, EXR, PFM) frames NAME_0000.EXT ...
void Baker::frames() {
    const std::filesystem::path base(b_.output);
    const std::string stem = (base.parent_path() / base.stem()).string(), ext = base.extension().string();
    for (int f = 0; f < b_.frames; ++f) {
        Floats values;
        Encoded e;
        char number[16];
        std::snprintf(number, sizeof number, "_%04d", f);
        picture({0, 0, b_.width, b_.height, f}, &rows_, &values, &e);
        write_picture(stem + number + ext, b_.width, b_.height, values, e);
    }
}

void Baker::still() {
    Floats values;
    Encoded e;
    picture({0, 0, b_.width, b_.height, 0}, &rows_, &values, &e);
    write_picture(b_.output, b_.width, b_.height, values, e);
    // [S 13.5] --lod N: level L is the picture at 2^L times the pixel spacing, of the field whose
    // footprint is 2^L times the first's (none stays none; a graph keeps its nodes' own).
    const std::filesystem::path out(b_.output);
    for (int level = 1; level <= b_.lod; ++level) {
        Bake at = b_;
        at.width = b_.width >> level;
        at.height = b_.height >> level;
        at.desc.fractal.footprint = std::ldexp(b_.desc.fractal.footprint, level);
        const std::optional<FieldSource> own =
            b_.graph.empty() ? std::optional<FieldSource>(FieldSource(make_noise(at.desc))) : std::nullopt;
        picture(at, own ? *own : noise_, {0, 0, at.width, at.height, 0}, &rows_, &values, &e);
        const std::string name =
            (out.parent_path() / (out.stem().string() + "_lod" + std::to_string(level) + out.extension().string())).string();
        write_picture(name, at.width, at.height, values, e);
    }
}

// --volume D: slice k is the 3D field at z = float(k) * step, encoded as a still picture, then
// copied into the atlas at column k % C, row k / C (row-major slices; unused cells stay 0).
void Baker::volume() {
    Bake at = b_;
    at.frames = b_.volume;  // (evaluate's 3D path: frame k at z = float(k) * time_step)
    at.time_step = *b_.scale / static_cast<float>(b_.width);
    at.loop = false;
    const std::size_t w = b_.width, h = b_.height, cols = std::size_t(b_.atlas_cols());
    const std::size_t aw = b_.picture_width(), ah = b_.picture_height();
    const std::size_t channels = b_.colour() ? 3 : 1;
    Floats atlas_values(aw * ah, 0.0f);
    Encoded atlas;
    atlas.width = aw;
    const bool sixteen = b_.depth == 16;  // (RAW16: set to 16 before the bake)
    if (sixteen && !b_.colour()) {
        atlas.grey16.assign(aw * ah, 0);
    } else {
        atlas.rgb_or_grey8.assign(aw * ah * channels, 0);
    }
    for (int k = 0; k < b_.volume; ++k) {
        rows_.what = "bake " + b_.preset + " slice " + std::to_string(k + 1) + "/" + std::to_string(b_.volume);
        Floats values;
        Encoded e;
        picture(at, noise_, {0, 0, b_.width, b_.height, k}, &rows_, &values, &e);
        const std::size_t x0 = (std::size_t(k) % cols) * w, y0 = (std::size_t(k) / cols) * h;
        for (std::size_t j = 0; j < h; ++j) {
            std::copy_n(values.begin() + std::ptrdiff_t(j * w), w, atlas_values.begin() + std::ptrdiff_t((y0 + j) * aw + x0));
            if (!atlas.grey16.empty()) {
                std::copy_n(e.grey16.begin() + std::ptrdiff_t(j * w), w, atlas.grey16.begin() + std::ptrdiff_t((y0 + j) * aw + x0));
            } else {
                std::copy_n(e.rgb_or_grey8.begin() + std::ptrdiff_t(j * w * channels), w * channels,
                            atlas.rgb_or_grey8.begin() + std::ptrdiff_t(((y0 + j) * aw + x0) * channels));
            }
        }
    }
    write_picture(b_.output, std::uint32_t(aw), std::uint32_t(ah), atlas_values, atlas);
}

void Baker::summary(double total_seconds) {
    line_.keep();
    std::error_code ec;
    auto absolute = [&ec](const std::string& path) { return std::filesystem::absolute(path, ec).string(); };
    std::string what;  // "FILE", "FILE and 47 more" (frames), "16 tiles FIRST .. LAST and the manifest M"
    if (!manifest_.empty()) {
        if (!written_.empty()) {
            what = std::to_string(written_.size()) + (written_.size() == 1 ? " tile " : " tiles ") +
                   absolute(written_.front()) +
                   (written_.size() > 1 ? " .. " + std::filesystem::path(written_.back()).filename().string() : "") +
                   " and ";
        }
        what += "the manifest " + absolute(manifest_);  // (every tile kept: --resume of a finished set)
    } else {
        what = absolute(written_.front()) +
               (written_.size() > 1 ? " and " + std::to_string(written_.size() - 1) + " more" : std::string());
    }
    const std::string device = b_.gpu != nullptr ? "device " + b_.gpu->renderer() : std::string("isa ") + isa_name(active_isa());
    std::printf("wrote %s (%ux%u %s%s, preset %s, %s, %.1f ms: noise %.1f, encode %.1f, write %.1f)\n", what.c_str(),
                b_.picture_width(), b_.picture_height(), format_name(b_.format), b_.tiles ? " each" : "", b_.preset.c_str(), device.c_str(),
                total_seconds * 1e3, noise_seconds_ * 1e3, encode_seconds_ * 1e3, write_seconds_ * 1e3);
}

}  // namespace gradnoise::cli
