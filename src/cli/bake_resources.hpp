// gradnoise bake — the resources a bake needs, checked before any work: memory for a picture (a
// GIF's for all its frames), disk space and directory entries for all its files; and a tile set's
// folder, made when missing and removed again when the bake stops before writing into it.
#ifndef GRADNOISE_CLI_BAKE_RESOURCES_HPP
#define GRADNOISE_CLI_BAKE_RESOURCES_HPP

#include <filesystem>
#include <vector>

#include "bake_settings.hpp"
#include "tile_set.hpp"

namespace gradnoise::cli {

// What the bake needs, checked before any work: memory per picture (a GIF holds all frames), and
// disk space and file entries for all its files. Fails with every problem found; else prints the
// notice of a large bake.
void check_resources(const BakeRequest& q, const TileNumbers& share);

// A tile set's folder (-o tiles/terrain.png, or a/b/t.png) is made when it is missing -- a set of files
// wants one -- and the folders made are removed again if the bake stops before writing anything into
// them (remove() leaves a folder that holds a file: the tiles, or the journal --resume continues from).
// Shards started at once may race to make it: a folder that another process made meanwhile is fine.
class TileFolder {
public:
    explicit TileFolder(const Bake& b);
    ~TileFolder();
    TileFolder(const TileFolder&) = delete;
    TileFolder& operator=(const TileFolder&) = delete;

private:
    std::vector<std::filesystem::path> made_;
};

}  // namespace gradnoise::cli

#endif
