// gradnoise bake — heightmaps, textures, animations and tile sets from presets (the tutorials'
// recipes) or any noise configuration, written atomically in the format an engine imports. This
// file runs a bake: settings (bake_settings.cpp) -> what it needs, checked before any work ->
// pictures (values: bake_evaluate.cpp, bytes: bake_encode.cpp) -> files (formats.cpp, tile_set.cpp).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>
#include <ImfThreading.h>

#include "bake_encode.hpp"
#include "bake_evaluate.hpp"
#include "bake_gpu.hpp"
#include "bake_plan.hpp"
#include "bake_settings.hpp"
#include "commands.hpp"
#include "formats.hpp"
#include "interrupt.hpp"
#include "presets.hpp"
#include "progress.hpp"
#include "tile_set.hpp"

namespace gradnoise::cli {
namespace {

std::uint64_t available_memory() {
    std::ifstream in("/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (in >> key >> kib >> unit) {
        if (key == "MemAvailable:") {
            return kib * 1024;
        }
    }
    return std::numeric_limits<std::uint64_t>::max();
}

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

// Tile (tx, ty)'s window: tile_stride() apart, so an engine's tiles share their edge samples, and
// --overlap samples more on every side.
Window tile_window(const Bake& b, long tx, long ty) {
    return {std::int64_t(tx) * b.tile_stride() - b.overlap, std::int64_t(ty) * b.tile_stride() - b.overlap, b.tile_side(),
            b.tile_side(), 0};
}

// --index: join the shards' manifests into the one a single bake writes, verifying every tile.
int run_index(const Bake& b) {
    const TileSetNames names = names_of(b);
    std::vector<std::string> shard_files;
    std::uint64_t count = 0;
    std::string error;
    const std::optional<std::string> manifest =
        index_shards(names, b.tile_size, *b.tiles, config_json(b), &shard_files, &count, &error);
    if (!manifest) {
        fail("--index: " + error);
    }
    write_file(names.manifest(), [&](ByteSink& sink, std::string*) { return sink.write(manifest->data(), manifest->size()); });
    for (const std::string& f : shard_files) {
        std::remove(f.c_str());  // the index supersedes them: the set is now what one bake writes
    }
    std::printf("indexed %llu tiles from %zu shard manifests (every tile's size and SHA-256 verified) into %s\n",
                static_cast<unsigned long long>(count), shard_files.size(), names.manifest().c_str());
    return exit_success;
}

// The files and bytes this process writes, and the new directory entries it makes.
struct Outputs {
    OutputPlan plan;
    std::uint64_t new_files = 0;
};

Outputs plan_outputs(const BakeRequest& q, const TileNumbers& share, std::uint64_t per_file) {
    const Bake& b = q.b;
    Outputs o;
    if (b.tiles) {
        // The tiles and the manifest: an entry of at most 256 bytes per tile (twice, with the journal) and the
        // configuration. --resume: only the tiles not there yet take new space; a tile there that fails its
        // check is replaced through a temporary, one at a time.
        std::uint64_t to_write = share.end - share.begin;
        if (q.resume) {
            const TileSetNames names = names_of(b);
            for (std::uint64_t t = share.begin; t < share.end; ++t) {
                long tx = 0, ty = 0;
                tile_at(*b.tiles, t, &tx, &ty);
                std::error_code ec;
                if (std::filesystem::is_regular_file(names.tile(tx, ty), ec)) --to_write;
            }
        }
        o.plan.files = to_write + 1;
        o.plan.bytes = to_write * (per_file + 256) + (to_write < share.end - share.begin ? per_file : 0) + (1 << 16);
        o.new_files = o.plan.files + 2;  // (and while writing, one temporary and the journal)
    } else {
        o.plan.files = b.format == Format::gif ? 1 : std::uint64_t(b.frames);
        o.plan.bytes = o.plan.files * per_file;
        o.new_files = o.plan.files + 1;  // (and one temporary)
    }
    return o;
}

// What the bake needs, checked before any work: memory per picture (a GIF holds all frames), and
// disk space and file entries for all its files. Fails with every problem found; else prints the
// notice of a large bake.
void check_resources(const BakeRequest& q, const TileNumbers& share) {
    const Bake& b = q.b;
    const std::uint32_t picture_w = b.picture_width(), picture_h = b.picture_height();
    const int frames_held = b.format == Format::gif ? b.frames : 1;
    // The float values, the normalised copy and the encoded image, per picture (+ 8 bytes of gradient
    // planes per sample for --hillshade and --normal-map; 6 for a 16-bit normal map).
    const std::uint64_t need = std::uint64_t(picture_w) * picture_h *
                               (4 + 4 + (b.normal_map ? 6 : b.colour() ? 3 : 2) + (b.slopes() ? 8 : 0)) * frames_held;
    const std::uint64_t have = available_memory();
    const std::uint64_t per_file = file_bytes_at_most(b.format, picture_w, picture_h, b.colour() || b.normal_map ? 3 : 1,
                                                      b.format == Format::png ? b.depth : 16, frames_held);
    const Outputs outputs = plan_outputs(q, share, per_file);
    std::string dir = std::filesystem::path(b.output).parent_path().string();
    if (dir.empty()) {
        dir = ".";
    }
    // A missing directory is found now, not after the noise (bake creates only a tile set's: TileFolder).
    if (std::error_code ec; !std::filesystem::is_directory(dir, ec)) {
        fail("cannot write " + b.output + ": " + dir + ": " + (ec ? ec.message() : std::string("not a directory")));
    }
    std::vector<std::string> problems;
    if (need > have) {
        const std::string what = std::string(b.tiles ? "a " : "") + std::to_string(picture_w) + "x" +
                                 std::to_string(picture_h) + (b.tiles ? " tile" : "") +
                                 (frames_held > 1 ? ", " + std::to_string(frames_held) + " frames" : std::string());
        problems.push_back("needs " + byte_text(need) + " of memory (" + what + "), " + byte_text(have) +
                           " are available: bake it as " + (b.tiles ? "smaller tiles" : "tiles (--tile-size) or smaller"));
    }
    if (std::optional<std::uint64_t> free = free_bytes(dir)) {
        if (std::optional<std::string> problem = disk_space_problem(outputs.plan, *free, dir)) {
            problems.push_back(*problem);
        }
    }
    if (std::optional<std::uint64_t> free = free_files(dir)) {
        if (std::optional<std::string> problem = file_count_problem(outputs.new_files, *free, dir)) {
            problems.push_back(*problem);
        }
    }
    if (!problems.empty()) {
        std::string message = "this bake " + problems[0];
        for (std::size_t i = 1; i < problems.size(); ++i) {
            message += "; and " + problems[i];
        }
        fail(message);
    }
    if (worth_a_notice(outputs.plan) && !b.quiet_requested) {
        std::fprintf(stderr, "gradnoise bake: writing %llu file%s, up to %s, to %s\n",
                     static_cast<unsigned long long>(outputs.plan.files), outputs.plan.files == 1 ? "" : "s",
                     byte_text(outputs.plan.bytes).c_str(), dir.c_str());
    }
}

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

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

namespace {

// A tile set's folder (-o tiles/terrain.png, or a/b/t.png) is made when it is missing -- a set of files
// wants one -- and the folders made are removed again if the bake stops before writing anything into
// them (remove() leaves a folder that holds a file: the tiles, or the journal --resume continues from).
// Shards started at once may race to make it: a folder that another process made meanwhile is fine.
class TileFolder {
public:
    explicit TileFolder(const Bake& b) {
        const std::filesystem::path dir = std::filesystem::path(b.output).parent_path();
        std::error_code ec;
        for (std::filesystem::path p = dir; b.tiles && !p.empty() && !std::filesystem::exists(p, ec); p = p.parent_path()) {
            made_.push_back(p);  // the missing folders, leaf first: the order to remove them in
        }
        if (made_.empty()) {
            return;  // (no tile set, or its folder is there)
        }
        std::filesystem::create_directories(dir, ec);
        if (ec || !std::filesystem::is_directory(dir, ec)) {
            fail("cannot create the tile set's folder " + dir.string() + ": " +
                 (ec ? ec.message() : std::string("not a directory")));
        }
    }
    ~TileFolder() {
        std::error_code ec;
        for (const std::filesystem::path& p : made_) {
            if (!std::filesystem::remove(p, ec)) {
                break;  // not empty (or another process's now): keep it and its parents
            }
        }
    }
    TileFolder(const TileFolder&) = delete;
    TileFolder& operator=(const TileFolder&) = delete;

private:
    std::vector<std::filesystem::path> made_;
};

}  // namespace

// --graph: the file's graph, whose dimensions must be the bake's (a still 2, an animation 3 -- time is
// z -- or a rising one 2, a --loop 4), with no noise option beside it.
FieldSource graph_source(BakeRequest& q) {
    Bake& b = q.b;
    refuse_noise_options_with_graph(q.noise);
    Graph g = load_graph_file(b.graph);
    const int needed = b.frames > 1 && b.loop ? 4 : b.frames > 1 && !b.recipe->rise ? 3 : 2;
    if (g.dimensions() != needed) {
        usage_error("--graph " + b.graph + " has " + std::to_string(g.dimensions()) +
                    " dimensions; this bake samples " + std::to_string(needed) +
                    " (a still picture 2, --frames 3 with time as z, --frames --loop 4)");
    }
    if (b.slopes() && !g.gradient_refusal().empty()) {
        usage_error(std::string("gradnoise bake: ") + (b.hillshade ? "--hillshade" : "--normal-map") +
                    " needs the field's gradient: " + g.gradient_refusal());
    }
    b.graph_canonical = g.to_json();
    return FieldSource(std::move(g));
}

int run_bake(BakeRequest& q) {
    install_interrupt_handlers();
    Bake& b = q.b;
    resolve_settings(q);
    const FieldSource noise = b.graph.empty() ? FieldSource(make_noise(b.desc))  // errors name the option
                                              : graph_source(q);
    resolve_output(q);  // (before --print-config too: a configuration the bake refuses is not printed)
    if (q.print_config) {
        std::fputs(config_toml(b).c_str(), stdout);
        return exit_success;
    }
    if (q.print_graph) {
        // The field as a graph file (the one node of the preset's and the options' field, in the
        // dimensions this bake samples), to edit and bake with --graph.
        if (!b.graph.empty()) {
            std::fputs(b.graph_canonical.c_str(), stdout);
            return exit_success;
        }
        Graph g;
        std::string error;
        const int dims = b.frames > 1 && b.loop ? 4 : b.frames > 1 && !b.recipe->rise ? 3 : 2;
        if (!Graph::from_field(b.desc, dims, &g, &error)) {
            fail("--print-graph: " + error);
        }
        std::fputs(g.to_json().c_str(), stdout);
        return exit_success;
    }
    if (q.index) {
        return run_index(b);
    }
    // This process's tiles: all of them, or its shard's share.
    const std::uint64_t all_tiles = b.tiles ? b.tiles->count() : 0;
    const TileNumbers share = !b.tiles ? TileNumbers{} : q.shard ? shard_share(all_tiles, *q.shard) : TileNumbers{0, all_tiles};
    const TileFolder folder(b);
    check_resources(q, share);
    open_bake_device(b, noise);  // (--device gpu|vulkan: every field checked on the device first)
    Baker baker(q, noise);  // (records the configuration as given)
    if (b.format == Format::raw16) {
        b.depth = 16;  // RAW16 is 16-bit by definition: encode at full precision
    }
    // OpenEXR compresses scanline blocks on its own thread pool (none by default).
    Imf::setGlobalThreadCount(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    const auto start = Clock::now();
    if (b.format == Format::gif) {
        baker.gif();
    } else if (b.tiles) {
        baker.tile_set(share);
    } else if (b.frames > 1) {
        baker.frames();
    } else if (b.volume > 0) {
        baker.volume();
    } else {
        baker.still();
    }
    baker.summary(seconds_since(start));
    return exit_success;
}

// What the picture is: the preset, the file, its size and place, colours and animation.
void add_picture_options(CLI::App& app, Bake& b) {
    CLI::App* cmd = &app;
    std::vector<std::string> preset_names;
    std::string preset_help = "recipe (default terrain):";
    for (const Preset& p : presets()) {
        preset_names.push_back(p.name);
        preset_help += "\n  " + p.name + ": " + p.summary;
    }
    cmd->add_option("preset", b.preset, preset_help)->check(CLI::IsMember(preset_names));
    cmd->add_option("-o,--output", b.output, "output file; the format follows the extension (.png .r16 .raw .exr .pfm .gif)");
    cmd->add_option("--format", b.format_text, "png, raw16, exr, pfm or gif (overrides the extension)");
    cmd->add_option("--size", b.size_text, "WxH in pixels, each 1..65536 (default 512x512)");
    cmd->add_option("--origin", b.origin_text, "X,Y noise coordinates of the top-left pixel (default: the preset's, 0,0 or centred)");
    cmd->add_option("--scale", b.scale, "noise units across the width (default: the preset's)");
    cmd->add_option("--depth", b.depth, "PNG bits per sample for greyscale: 8 or 16")->check(CLI::IsMember({8, 16}));
    cmd->add_flag("--grey", b.grey, "greyscale heights even for a colour preset");
    cmd->add_option("--normalize", b.normalize,
                    "fixed (the preset's theoretical range) or measured (this bake's min..max, two passes;\n"
                    "a tile set's: the whole set's, so the tiles join)")
        ->check(CLI::IsMember({"fixed", "measured"}));
    cmd->add_option("--ramp", b.ramp_text, "colour ramp POS:#RRGGBB,... (default: the preset's)");
    cmd->add_option("--frames", b.frames, "frames of an animation (GIF, or PNG frames NAME_0000.png ...)")
        ->check(CLI::Range(1, 10000));
    cmd->add_option("--time-step", b.time_step, "time between frames, noise units (default 0.1)");
    cmd->add_flag("--loop", b.loop, "loop seamlessly: 4D noise on a circle in (z, w)");
    cmd->add_flag("--band-limit", b.band_limit,
                  "band-limit the fractal for the pixels: --footprint = --scale / width, so octaves finer\n"
                  "than the pixels fade to their mean instead of aliasing (docs/band-limit.md)");
    cmd->add_flag("--tileable", b.tileable,
                  "repeat seamlessly across the picture (and --volume's depth): sets --period to --scale x\n"
                  "frequency (the height and depth in proportion), each a power of two in 1..256 (lattice\n"
                  "bases, cellular) or three times one in 3..768 (simplex families, on their fallback lattice)");
    cmd->add_option("--volume", b.volume,
                    "bake a W x H x D volume (z = k * step): one flipbook atlas of D slices, the layout\n"
                    "Unity's (Texture Shape 3D, columns x rows) and Unreal's volume-texture imports read")
        ->check(CLI::Range(0, 4096));
    cmd->add_option("--atlas-columns", b.atlas_columns, "slices across the --volume atlas (default ceil(sqrt(D)))")
        ->check(CLI::Range(0, 4096));
    cmd->add_option("--lod", b.lod,
                    "also write levels 1..N of a LOD pyramid, NAME_lod1.EXT ..: each half the size at twice\n"
                    "the spacing, band-limited for its own spacing with --band-limit or --footprint")
        ->check(CLI::Range(0, 16));
}

// --tile-size, --tiles, --shard, --resume, --index.
void add_tile_set_options(CLI::App& app, const std::shared_ptr<BakeRequest>& q) {
    CLI::App* cmd = &app;
    cmd->add_option_function<std::string>(
           "--tile-size",
           [q](const std::string& v) {
               std::string error;
               const std::optional<std::uint32_t> size = parse_tile_size(v, &error);
               if (!size) {
                   bad_value("--tile-size", error);
               }
               q->b.tile_size = *size;
           },
           "write a tile set of SxS tiles (with --tiles) and a manifest; S in 1.." + std::to_string(max_tile_size))
        ->type_name("S");
    cmd->add_option_function<std::string>(
           "--tiles",
           [q](const std::string& v) {
               std::string error;
               q->b.tiles = parse_tiles(v, &error);
               if (!q->b.tiles) {
                   bad_value("--tiles", error);
               }
           },
           "X0..X1,Y0..Y1 tile indices to write (inclusive, 0.." + std::to_string(max_tile_index) + ", at most " +
               std::to_string(max_tiles) + " tiles)")
        ->type_name("X0..X1,Y0..Y1");
    cmd->add_option_function<std::string>(
           "--shard",
           [q](const std::string& v) {
               std::string error;
               q->shard = parse_shard(v, &error);
               if (!q->shard) {
                   bad_value("--shard", error);
               }
           },
           "bake share K of N of the --tiles (contiguous runs, row-major) and its manifest\n"
           "NAME_tiles.shard-K-of-N.json: N processes or Slurm array tasks, then --index")
        ->type_name("K/N");
    cmd->add_option("--overlap", q->b.overlap,
                    "tile sets: N more samples on every side of each tile (tiles of S + 2N, their\n"
                    "neighbours' edges), for tools that blend tiles; 0 (default) .. 4096")
        ->check(CLI::Range(0u, 4096u))
        ->type_name("N");
    cmd->add_flag("--resume", q->resume,
                  "tile sets: keep the tiles an interrupted bake of the same settings finished (listed in its\n"
                  "journal or manifest, size and SHA-256 verified); bake the rest");
    cmd->add_flag("--index", q->index,
                  "tile sets: after all N shards, verify every tile against its shard manifest and write\n"
                  "NAME_tiles.json, the manifest one bake would have written (bakes nothing)");
}

}  // namespace

Run add_bake(CLI::App& app) {
    CLI::App* cmd = add_command(app, "bake",
                                "heightmaps, textures, animations and tile sets from presets (terrain,\n"
                                "marble, wood, clouds, fire, noise): PNG 8/16-bit/RGB, RAW16, EXR, PFM, GIF");
    auto q = std::make_shared<BakeRequest>();
    Bake& b = q->b;
    add_picture_options(*cmd, b);
    add_tile_set_options(*cmd, q);
    cmd->add_option("--threads", b.threads, "threads: 0 = all hardware threads (default); the bytes never change")
        ->check(CLI::Range(0u, 1024u));
    cmd->add_option("--device", b.device,
                    "cpu (default), gpu (the field's GLSL through OpenGL and EGL) or vulkan: the bytes never change;\n"
                    "a GPU that does not give the CPU's bits for the field is refused before anything is written")
        ->check(CLI::IsMember({"cpu", "gpu", "vulkan"}));
    cmd->add_option("--zlib-level", b.zlib_level, "PNG compression 0..9 (default 1: fast)")->check(CLI::Range(0, 9));
    cmd->add_flag("-q,--quiet", b.quiet, "no progress bar");
    cmd->add_flag("--hillshade", b.hillshade, "shade colour presets by the slope of the heights (light from the north-west)");
    cmd->add_option("--relief", b.relief, "hill-shading height: the [0, 1] height range in picture widths (default 0.3)");
    cmd->add_flag("--normal-map", b.normal_map,
                  "write a tangent-space normal map (RGB PNG, 8 or 16 bits) from the analytic gradient instead of heights");
    cmd->add_option("--normal-convention", b.normal_convention,
                    "opengl (green up, the default) or directx (green down)")
        ->check(CLI::IsMember({"opengl", "directx"}));
    cmd->add_option("--normal-strength", b.normal_strength,
                    "height scale of the normal map's surface: z = S * value over noise units (default 1)");
    std::string engine_help = "an engine's heightmap import: its format, sizes, tile names and edges\n(heights: implies --grey):";
    std::vector<std::string> engine_names;
    for (const EnginePreset& e : engine_presets()) {
        engine_names.push_back(e.name);
        engine_help += std::string("\n  ") + e.name + ": " + e.summary;
    }
    cmd->add_option("--engine", b.engine, engine_help)->check(CLI::IsMember(engine_names))->type_name("NAME");
    cmd->add_flag("--print-config", q->print_config,
                  "print the settings as TOML (a --config file) and exit; a tile set's --tile-size,\n"
                  "--tiles and --overlap stay on the command line");
    cmd->add_flag("--print-graph", q->print_graph,
                  "print the field as a graph file (docs/graphs.md) and exit: the preset's and the\n"
                  "options' field, to edit and bake with --graph");
    cmd->add_option("--config", q->config_path, "read settings from a TOML file: option names as keys (see --print-config);\n"
                                                 "options on the command line win")
        ->type_name("FILE");
    cmd->add_option("--graph", b.graph,
                    "bake the graph in FILE (docs/graphs.md) instead of the preset's field; the preset\n"
                    "still gives the picture (ramp, scale, normalization)")
        ->type_name("FILE");
    cmd->add_option("--schema", q->schema, "configuration schema version (1)")->group("");
    // The noise options: the same declarations as eval and heightmap; unset ones keep the preset's.
    add_noise_options(*cmd, &q->noise);
    cmd->footer(
        "Examples:\n"
        "  gradnoise bake terrain -o terrain.png\n"
        "  gradnoise bake terrain --hillshade --size 1024x1024 -o shaded.png\n"
        "  gradnoise bake eroded --normal-map --depth 16 -o normals.png  (analytic normals)\n"
        "  gradnoise bake terrain --grey --depth 16 --size 4096x4096 -o height.png\n"
        "  gradnoise bake terrain --grey -o height.r16        (RAW16 for Unity/Unreal)\n"
        "  gradnoise bake noise --fractal ridged -o ridges.exr (32-bit float heights)\n"
        "  gradnoise bake marble --size 1024x1024 -o marble.png\n"
        "  gradnoise bake fire --frames 48 --loop -o fire.gif\n"
        "  gradnoise bake terrain --tile-size 256 --tiles 0..3,0..3 -o tiles/terrain.png\n"
        "  gradnoise bake terrain --grey --tile-size 4096 --tiles 0..15,0..15 -o w/t.r16 --shard 3/16 --resume\n"
        "    (one of 16 processes; then the same command with --index instead of --shard --resume)\n"
        "  gradnoise bake wood --print-config > wood.toml; gradnoise bake --config wood.toml -o wood.png\n"
        "  gradnoise bake terrain --graph examples/graphs/continent.json -o continent.png\n"
        "  gradnoise bake terrain --device gpu --size 8192x8192 -o big.png   (the GPU, the same bytes)");
    return [q, cmd] {
        if (!q->config_path.empty()) {
            apply_config(*cmd, q->config_path);
        }
        return run_bake(*q);
    };
}

}  // namespace gradnoise::cli
