// gradnoise bake — checking a bake's resources before any work (bake_plan.cpp sizes the files and
// reads the free space), and making a tile set's folder.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "bake_resources.hpp"
#include "bake_write.hpp"

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

}  // namespace

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

TileFolder::TileFolder(const Bake& b) {
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

TileFolder::~TileFolder() {
    std::error_code ec;
    for (const std::filesystem::path& p : made_) {
        if (!std::filesystem::remove(p, ec)) {
            break;  // not empty (or another process's now): keep it and its parents
        }
    }
}

}  // namespace gradnoise::cli
