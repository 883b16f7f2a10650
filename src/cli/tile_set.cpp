// gradnoise bake — shards, journals, manifests and the index of a tile set (tile_set.hpp).
#include "tile_set.hpp"

#include "input_limits.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <system_error>

#include <openssl/evp.h>
#include <unistd.h>

#include "input_limits.hpp"

namespace gradnoise::cli {

// Manifests and journals keep nlohmann::json's sorted keys (the other commands' files keep insertion order).
using ManifestJson = nlohmann::json;

namespace {

std::optional<std::uint64_t> whole_number(std::string_view s) {
    std::uint64_t v = 0;
    if (s.empty() || s.size() > 19) {
        return std::nullopt;
    }
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) {
        return std::nullopt;
    }
    return v;
}

std::string shard_suffix(const Shard& s) {
    return ".shard-" + std::to_string(s.index) + "-of-" + std::to_string(s.count);
}

ManifestJson range_json(const TileRange& r) { return ManifestJson{{"x", {r.x0, r.x1}}, {"y", {r.y0, r.y1}}}; }

bool entry_from_json(const ManifestJson& j, TileEntry* e) {
    try {
        e->x = j.at("x").get<long>();
        e->y = j.at("y").get<long>();
        e->file = j.at("file").get<std::string>();
        e->bytes = j.at("bytes").get<std::uint64_t>();
        e->sha256 = j.at("sha256").get<std::string>();
    } catch (const ManifestJson::exception&) {
        return false;
    }
    // A listed name is a plain file name in the set's directory, never a path elsewhere.
    return !e->file.empty() && e->file.find('/') == std::string::npos && e->file != "." && e->file != "..";
}

std::optional<ManifestJson> read_json(const std::string& path, std::string* error) {
    std::string text;
    if (!read_bounded_file(path, max_manifest_bytes, "a tile manifest", &text, error)) {
        return std::nullopt;
    }
    std::optional<ManifestJson> j = parse_bounded_json(text, error);
    if (!j || !j->is_object()) {
        *error = path + ": not a gradnoise tile manifest (" + (j ? std::string("not a JSON object") : *error) + ")";
        return std::nullopt;
    }
    return j;
}

// The settings part of a manifest: everything but its tile list (manifest_text writes the header and "tiles").
ManifestJson header_of_manifest(ManifestJson m) {
    m.erase("tiles");
    return m;
}

}  // namespace

std::optional<Shard> parse_shard(const std::string& text, std::string* error) {
    const std::size_t slash = text.find('/');
    std::optional<std::uint64_t> k, n;
    if (slash != std::string::npos) {
        k = whole_number(std::string_view(text).substr(0, slash));
        n = whole_number(std::string_view(text).substr(slash + 1));
    }
    if (!k || !n) {
        *error = "'" + text + "' is not K/N (this process's share K of N, 0 <= K < N; e.g. 0/4)";
        return std::nullopt;
    }
    if (*n < 1 || *n > max_tiles) {
        *error = "'" + text + "': N must be in 1.." + std::to_string(max_tiles);
        return std::nullopt;
    }
    if (*k >= *n) {
        *error = "'" + text + "': K must be in 0..N-1 = 0.." + std::to_string(*n - 1) + " (shares are numbered from 0)";
        return std::nullopt;
    }
    return Shard{*k, *n};
}

TileNumbers shard_share(std::uint64_t tiles, const Shard& s) {
    // tiles <= 65536 and count <= 65536: the products fit in 64 bits.
    return TileNumbers{s.index * tiles / s.count, (s.index + 1) * tiles / s.count};
}

void tile_at(const TileRange& r, std::uint64_t t, long* x, long* y) {
    const std::uint64_t across = std::uint64_t(r.x1 - r.x0 + 1);
    *x = r.x0 + static_cast<long>(t % across);
    *y = r.y0 + static_cast<long>(t / across);
}

ManifestJson entry_json(const TileEntry& e) {
    return ManifestJson{{"x", e.x}, {"y", e.y}, {"file", e.file}, {"bytes", e.bytes}, {"sha256", e.sha256}};
}

std::optional<std::string> sha256_of_file(const std::string& path, std::uint64_t* bytes, std::string* error) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!f) {
        *error = path + ": " + std::strerror(errno);
        return std::nullopt;
    }
    std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1) {
        *error = "SHA-256 is not available (OpenSSL)";
        return std::nullopt;
    }
    std::vector<unsigned char> buffer(std::size_t(1) << 20);
    std::uint64_t total = 0;
    for (;;) {
        const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), f.get());
        if (got) {
            EVP_DigestUpdate(ctx.get(), buffer.data(), got);
            total += got;
        }
        if (got < buffer.size()) {
            if (std::ferror(f.get())) {
                *error = path + ": read error";
                return std::nullopt;
            }
            break;
        }
    }
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(ctx.get(), digest, &length);
    static const char hex[] = "0123456789abcdef";
    std::string text;
    for (unsigned int i = 0; i < length; ++i) {
        text += hex[digest[i] >> 4];
        text += hex[digest[i] & 15];
    }
    *bytes = total;
    return text;
}

bool tile_verifies(const std::string& dir, const TileEntry& e) {
    const std::string path = (std::filesystem::path(dir) / e.file).string();
    std::error_code ec;
    if (std::filesystem::file_size(path, ec) != e.bytes || ec) {
        return false;  // the cheap test first: a missing or truncated tile is not read
    }
    std::uint64_t bytes = 0;
    std::string error;
    const std::optional<std::string> sha = sha256_of_file(path, &bytes, &error);
    return sha && *sha == e.sha256 && bytes == e.bytes;
}

std::string TileSetNames::tile(long x, long y) const {
    return stem + x_tag + std::to_string(x) + y_tag + std::to_string(y) + ext;
}
std::string TileSetNames::manifest() const { return stem + "_tiles.json"; }
std::string TileSetNames::shard_manifest(const Shard& s) const { return stem + "_tiles" + shard_suffix(s) + ".json"; }
std::string TileSetNames::journal(const std::optional<Shard>& s) const {
    return stem + "_tiles" + (s ? shard_suffix(*s) : std::string()) + ".journal";
}

TileSetNames tile_set_names(const std::string& output) {
    const std::filesystem::path base(output);
    TileSetNames n;
    n.dir = base.parent_path().string();
    if (n.dir.empty()) {
        n.dir = ".";
    }
    n.stem = (base.parent_path() / base.stem()).string();
    n.ext = base.extension().string();
    return n;
}

ManifestJson tile_set_header(std::uint32_t tile_size, const TileRange& range, const ManifestJson& config, const std::optional<Shard>& shard) {
    ManifestJson h{{"schema", "gradnoise-tiles/1"}, {"tile_size", tile_size}, {"range", range_json(range)}, {"config", config}};
    if (shard) {
        h["shard"] = ManifestJson{{"index", shard->index}, {"count", shard->count}};
    }
    return h;
}

std::string manifest_text(std::uint32_t tile_size, const TileRange& range, const ManifestJson& config,
                          const std::vector<TileEntry>& tiles, const std::optional<Shard>& shard) {
    ManifestJson m = tile_set_header(tile_size, range, config, shard);
    ManifestJson listed = ManifestJson::array();
    for (const TileEntry& e : tiles) {
        listed.push_back(entry_json(e));
    }
    m["tiles"] = std::move(listed);
    return m.dump() + "\n";
}

bool resumable_entries(const std::string& manifest_path, const std::string& journal_path, const ManifestJson& header,
                       std::vector<TileEntry>* entries, std::string* error) {
    std::error_code ec;
    if (std::filesystem::exists(manifest_path, ec)) {
        std::optional<ManifestJson> m = read_json(manifest_path, error);
        if (!m) {
            return false;
        }
        if (header_of_manifest(*m) != header) {
            *error = manifest_path + " is the manifest of a bake with other settings (tile size, range, shard or "
                                     "configuration differ): bake to another name, or remove it to start afresh";
            return false;
        }
        for (const ManifestJson& j : m->value("tiles", ManifestJson::array())) {
            TileEntry e;
            if (entry_from_json(j, &e)) {
                entries->push_back(e);
            }
        }
    }
    if (!std::filesystem::exists(journal_path, ec)) {
        return true;
    }
    std::string text;
    if (!read_bounded_file(journal_path, max_manifest_bytes, "a tile journal", &text, error)) {
        return false;
    }
    std::istringstream in(text);
    std::string line, ignored;
    bool first = true;
    while (std::getline(in, line)) {
        ManifestJson j = parse_bounded_json(line, &ignored).value_or(ManifestJson(nlohmann::json::value_t::discarded));
        if (first) {
            if (j.is_discarded() || j != header) {
                *error = journal_path + " is the journal of a bake with other settings (tile size, range, shard or "
                                        "configuration differ): bake to another name, or remove it to start afresh";
                return false;
            }
            first = false;
            continue;
        }
        TileEntry e;
        if (!j.is_discarded() && entry_from_json(j, &e)) {
            entries->push_back(e);  // (a line torn by a kill does not parse: that tile is baked again)
        }
    }
    return true;
}

TileJournal::~TileJournal() {
    if (file_) {
        std::fclose(file_);
    }
}

bool TileJournal::open(const std::string& path, const ManifestJson& header, std::string* error) {
    path_ = path;
    file_ = std::fopen(path.c_str(), "wb");
    if (!file_) {
        *error = path + ": " + std::strerror(errno);
        return false;
    }
    const std::string text = header.dump() + "\n";
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() || std::fflush(file_) != 0) {
        *error = path + ": " + std::strerror(errno);
        return false;
    }
    return true;
}

bool TileJournal::add(const TileEntry& e, std::string* error) {
    const std::string text = entry_json(e).dump() + "\n";
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() || std::fflush(file_) != 0) {
        *error = path_ + ": " + std::strerror(errno);
        return false;
    }
    return true;
}

void TileJournal::finish() {
    if (file_) {
        std::fclose(file_);
        file_ = nullptr;
        std::remove(path_.c_str());
    }
}

std::optional<std::string> index_shards(const TileSetNames& names, std::uint32_t tile_size, const TileRange& range,
                                        const ManifestJson& config, std::vector<std::string>* shard_files,
                                        std::uint64_t* tile_count, std::string* error) {
    // The shard manifests NAME_tiles.shard-K-of-N.json beside the tiles.
    const std::string prefix = std::filesystem::path(names.stem).filename().string() + "_tiles.shard-";
    std::map<std::uint64_t, std::map<std::uint64_t, std::string>> by_count;  // N -> K -> path
    std::error_code ec;
    for (const auto& item : std::filesystem::directory_iterator(names.dir, ec)) {
        const std::string f = item.path().filename().string();
        if (f.size() <= prefix.size() + 5 || f.compare(0, prefix.size(), prefix) != 0 || f.substr(f.size() - 5) != ".json") {
            continue;
        }
        const std::string mid = f.substr(prefix.size(), f.size() - prefix.size() - 5);  // K-of-N
        const std::size_t of = mid.find("-of-");
        if (of == std::string::npos) {
            continue;
        }
        std::optional<std::uint64_t> k = whole_number(std::string_view(mid).substr(0, of)),
                                     n = whole_number(std::string_view(mid).substr(of + 4));
        if (k && n && *k < *n) {
            by_count[*n][*k] = item.path().string();
        }
    }
    if (ec) {
        *error = names.dir + ": " + ec.message();
        return std::nullopt;
    }
    if (by_count.empty()) {
        *error = "no shard manifests " + prefix + "K-of-N.json in " + names.dir +
                 ": bake the shards first (--shard K/N with the same settings)";
        return std::nullopt;
    }
    if (by_count.size() > 1) {
        *error = names.dir + " holds shard manifests of " + std::to_string(by_count.size()) +
                 " different shard counts (N = " + std::to_string(by_count.begin()->first) + ", " +
                 std::to_string(std::next(by_count.begin())->first) + ", ...): remove the stale ones";
        return std::nullopt;
    }
    const std::uint64_t count = by_count.begin()->first;
    const auto& shards = by_count.begin()->second;
    if (shards.size() != count) {
        std::string missing;
        int listed = 0;
        for (std::uint64_t k = 0; k < count && listed < 8; ++k) {
            if (!shards.count(k)) {
                missing += (listed++ ? ", " : "") + std::to_string(k);
            }
        }
        *error = std::to_string(count - shards.size()) + " of " + std::to_string(count) +
                 " shards have no manifest yet (shard " + missing + (count - shards.size() > 8 ? ", ..." : "") +
                 "): bake them (--shard K/" + std::to_string(count) + " --resume) and index again";
        return std::nullopt;
    }
    const std::uint64_t total = range.count();
    std::vector<std::optional<TileEntry>> tiles(total);
    std::vector<std::uint64_t> owner(total);
    for (const auto& [k, path] : shards) {
        std::optional<ManifestJson> m = read_json(path, error);
        if (!m) {
            return std::nullopt;
        }
        const Shard shard{k, count};
        if (header_of_manifest(*m) != tile_set_header(tile_size, range, config, shard)) {
            *error = path + " was baked with other settings (tile size, range or configuration differ from this "
                            "command's): bake that shard again with these settings";
            return std::nullopt;
        }
        for (const ManifestJson& j : m->value("tiles", ManifestJson::array())) {
            TileEntry e;
            if (!entry_from_json(j, &e) || e.x < range.x0 || e.x > range.x1 || e.y < range.y0 || e.y > range.y1) {
                *error = path + ": a tile entry is malformed or outside --tiles: " + j.dump();
                return std::nullopt;
            }
            const std::uint64_t t = std::uint64_t(e.y - range.y0) * std::uint64_t(range.x1 - range.x0 + 1) +
                                    std::uint64_t(e.x - range.x0);
            if (tiles[t]) {
                *error = "tile x" + std::to_string(e.x) + " y" + std::to_string(e.y) + " is listed twice (again in " + path + ")";
                return std::nullopt;
            }
            if (e.file != std::filesystem::path(names.tile(e.x, e.y)).filename().string()) {
                *error = path + ": tile x" + std::to_string(e.x) + " y" + std::to_string(e.y) + " is listed as '" + e.file + "'";
                return std::nullopt;
            }
            tiles[t] = e;
            owner[t] = k;
        }
        shard_files->push_back(path);
    }
    std::vector<TileEntry> listed;
    listed.reserve(total);
    for (std::uint64_t t = 0; t < total; ++t) {
        long x = 0, y = 0;
        tile_at(range, t, &x, &y);
        if (!tiles[t]) {
            *error = "no shard lists tile x" + std::to_string(x) + " y" + std::to_string(y) + " (the shard manifests do not cover --tiles)";
            return std::nullopt;
        }
        if (!tile_verifies(names.dir, *tiles[t])) {
            *error = "tile " + (std::filesystem::path(names.dir) / tiles[t]->file).string() +
                     " is missing or differs from its shard manifest (size or SHA-256): bake shard " +
                     std::to_string(owner[t]) + "/" + std::to_string(count) + " again (--resume bakes only what does not verify)";
            return std::nullopt;
        }
        listed.push_back(*tiles[t]);
    }
    *tile_count = total;
    return manifest_text(tile_size, range, config, listed, std::nullopt);
}

}  // namespace gradnoise::cli
