// gradnoise bake — tile sets that many processes bake: shards (--shard K/N), the journal an
// interrupted bake resumes from (--resume), the shard manifests and the index that joins them
// (--index), each tile with its size and SHA-256.
#ifndef GRADNOISE_CLI_TILE_SET_HPP
#define GRADNOISE_CLI_TILE_SET_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bake_plan.hpp"

namespace gradnoise::cli {

// --shard K/N: this process bakes share K (0-based) of N; N in 1..max_tiles.
struct Shard {
    std::uint64_t index = 0, count = 1;
};
std::optional<Shard> parse_shard(const std::string& text, std::string* error);

// The tiles of a range numbered row-major, 0..T-1 (y outer, x inner); shard K of N bakes the numbers
// [floor(K T / N), floor((K + 1) T / N)): contiguous runs whose sizes differ by at most one.
struct TileNumbers {
    std::uint64_t begin = 0, end = 0;
};
TileNumbers shard_share(std::uint64_t tiles, const Shard& shard);
// Tile number t of `range`: its x and y indices.
void tile_at(const TileRange& range, std::uint64_t t, long* x, long* y);

// One written tile, as the manifest lists it.
struct TileEntry {
    long x = 0, y = 0;
    std::string file;  // the name, in the manifest's directory
    std::uint64_t bytes = 0;
    std::string sha256;  // 64 lowercase hex digits
};
nlohmann::json entry_json(const TileEntry& e);

// The SHA-256 of a file's bytes (hex) and its size; nullopt with *error naming the file if it cannot be read.
std::optional<std::string> sha256_of_file(const std::string& path, std::uint64_t* bytes, std::string* error);
// True when `dir`/e.file exists with e's size and SHA-256.
bool tile_verifies(const std::string& dir, const TileEntry& e);

// Where a tile set's files go, from -o DIR/NAME.EXT: tiles DIR/NAME_x{X}_y{Y}.EXT, the manifest
// DIR/NAME_tiles.json, a shard's manifest DIR/NAME_tiles.shard-K-of-N.json, and the journal of a bake
// in progress (of the whole set or of a shard) beside its manifest, ".journal" for ".json".
struct TileSetNames {
    std::string dir, stem, ext;  // stem: DIR/NAME
    std::string x_tag = "_x", y_tag = "_y";  // tile names: DIR/NAME<x_tag>X<y_tag>Y.EXT
    std::string tile(long x, long y) const;
    std::string manifest() const;
    std::string shard_manifest(const Shard& s) const;
    std::string journal(const std::optional<Shard>& s) const;
};
TileSetNames tile_set_names(const std::string& output);

// The manifest's text (the index step writes the same bytes as one process's bake). `shard`: a shard's.
std::string manifest_text(std::uint32_t tile_size, const TileRange& range, const nlohmann::json& config,
                          const std::vector<TileEntry>& tiles, const std::optional<Shard>& shard);

// What a bake may keep from an earlier run of the same bake (--resume): the entries of its finished
// manifest and its journal whose settings (header) equal `header`. A journal or manifest of other
// settings is an error (*error names it); a torn last journal line is ignored.
bool resumable_entries(const std::string& manifest_path, const std::string& journal_path, const nlohmann::json& header,
                       std::vector<TileEntry>* entries, std::string* error);
// The header that ties a journal and a manifest to their bake: tile size, range, config, shard.
nlohmann::json tile_set_header(std::uint32_t tile_size, const TileRange& range, const nlohmann::json& config,
                               const std::optional<Shard>& shard);

// The journal of a bake in progress: the header, then a line per finished tile, flushed as each is
// written (a killed bake loses at most the tile it was writing).
class TileJournal {
public:
    TileJournal() = default;
    ~TileJournal();
    TileJournal(const TileJournal&) = delete;
    TileJournal& operator=(const TileJournal&) = delete;
    bool open(const std::string& path, const nlohmann::json& header, std::string* error);
    bool add(const TileEntry& e, std::string* error);
    // After the manifest is written: the journal is removed.
    void finish();

private:
    std::string path_;
    std::FILE* file_ = nullptr;
};

// --index: joins the shard manifests of `names` into the whole set's manifest text. Every shard
// 0..N-1 must be there, baked with `config`, `tile_size` and `range`; together they list each tile of
// the range once; each tile file must have its listed size and SHA-256. *shard_files: the manifests read.
std::optional<std::string> index_shards(const TileSetNames& names, std::uint32_t tile_size, const TileRange& range,
                                        const nlohmann::json& config, std::vector<std::string>* shard_files,
                                        std::uint64_t* tile_count, std::string* error);

}  // namespace gradnoise::cli

#endif
