// What `gradnoise bake` checks before it starts (src/cli/bake_plan.hpp, suite bake_plan; built into
// gradnoise_format_tests with tests/test_formats.cpp): --tiles and --tile-size, the largest file each
// format may write (against the coders' real output on incompressible pixels), and the disk space.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bake_plan.hpp"
#include "format_support.hpp"
#include "formats.hpp"
#include "xorshift64.hpp"

using namespace gradnoise::cli;
using namespace format_testing;

TEST_SUITE("bake_plan") {

TEST_CASE("--tiles: ranges, limits and messages that name the value") {
    std::string error;
    std::optional<TileRange> r = parse_tiles("2..5,0..3", &error);
    REQUIRE(r.has_value());
    CHECK(r->x0 == 2);
    CHECK(r->x1 == 5);
    CHECK(r->y0 == 0);
    CHECK(r->y1 == 3);
    CHECK(r->count() == 16);
    r = parse_tiles("0..255,0..255", &error);
    REQUIRE(r.has_value());
    CHECK(r->count() == 65536);  // the most one bake writes

    auto refused = [&](const std::string& text) {
        error.clear();
        CHECK_FALSE(parse_tiles(text, &error).has_value());
        CHECK(error.find("'" + text + "'") != std::string::npos);  // the value is named
        return error;
    };
    CHECK(refused("0..256,0..255").find("is 65792 tiles (257 x 256); one bake writes at most 65536") !=
          std::string::npos);
    CHECK(refused("0..9999,0..9999").find("is 100000000 tiles") != std::string::npos);
    CHECK(refused("0..99999,0..99999").find("tile indices must be in 0..65535") != std::string::npos);
    CHECK(refused("65536..65536,0..0").find("tile indices must be in 0..65535") != std::string::npos);
    CHECK(refused("3..1,0..0").find("X0 <= X1") != std::string::npos);
    for (const char* bad : {"", "0..1", "0..1,", "0..1,2", "a..b,0..1", "-1..1,0..0", "0..1,0..1,0..1", " 0..1,0..1",
                            "0..1,0..1x", "+1..2,0..1", "0..18446744073709551616,0..0"}) {
        CAPTURE(bad);
        CHECK(refused(bad).find("is not X0..X1,Y0..Y1") != std::string::npos);
    }
}

TEST_CASE("--tile-size: 1..65536") {
    std::string error;
    CHECK(parse_tile_size("1", &error) == std::optional<std::uint32_t>(1));
    CHECK(parse_tile_size("65536", &error) == std::optional<std::uint32_t>(65536));
    for (const char* bad : {"0", "65537", "-1", "abc", "", "4096x", "1e3", "99999999999999999999"}) {
        CAPTURE(bad);
        error.clear();
        CHECK_FALSE(parse_tile_size(bad, &error).has_value());
        std::string want = "'";  // (built in steps: GCC 12 warns falsely about "'" + std::string(...))
        want += bad;
        want += "' is not an integer in 1..65536 (the side of a square tile in pixels)";
        CHECK(error == want);
    }
}

TEST_CASE("file sizes at most: exact for RAW16 and PFM, an upper bound for what the coders write") {
    CHECK(file_bytes_at_most(OutputFormat::raw16, 300, 200, 1, 16, 1) == 300 * 200 * 2);
    CHECK(file_bytes_at_most(OutputFormat::pfm, 300, 200, 1, 32, 1) >= 300 * 200 * 4 + std::string("Pf\n300 200\n-1.0\n").size());
    CHECK(file_bytes_at_most(OutputFormat::pfm, 300, 200, 1, 32, 1) <= 300 * 200 * 4 + 64);
    CHECK(file_bytes_at_most(OutputFormat::gif, 64, 64, 3, 8, 10) > 10 * file_bytes_at_most(OutputFormat::gif, 64, 64, 3, 8, 1) / 2);

    // Incompressible pixels (the worst case for every coder) must still fit the bound, at any zlib level.
    const std::uint32_t w = 257, h = 131;
    std::vector<std::uint8_t> rgb(std::size_t(w) * h * 3);
    std::vector<std::uint16_t> grey16(std::size_t(w) * h);
    std::vector<float> values(std::size_t(w) * h);
    testing::XorShift64 next;
    for (auto& v : rgb) v = static_cast<std::uint8_t>(next());
    for (auto& v : grey16) v = static_cast<std::uint16_t>(next());
    for (auto& v : values) v = std::bit_cast<float>(static_cast<std::uint32_t>(next() & 0x3FFFFFFFu));
    const std::vector<PngText> text = {{"gradnoise-config", std::string(700, 'c')}};
    std::string error;
    for (int level : {0, 1, 9}) {
        CAPTURE(level);
        MemorySink a, b;
        REQUIRE_MESSAGE(write_png8(a, w, h, 3, rgb.data(), text, level, &error), error);
        CHECK(a.bytes.size() <= file_bytes_at_most(OutputFormat::png, w, h, 3, 8, 1));
        REQUIRE_MESSAGE(write_png16(b, w, h, grey16.data(), text, level, &error), error);
        CHECK(b.bytes.size() <= file_bytes_at_most(OutputFormat::png, w, h, 1, 16, 1));
    }
    MemorySink exr;
    REQUIRE_MESSAGE(write_exr(exr, w, h, values.data(), text, &error), error);
    CHECK(exr.bytes.size() <= file_bytes_at_most(OutputFormat::exr, w, h, 1, 32, 1));
    const GifFrames gif{.width = w, .height = h, .channels = 3, .frames = {rgb, rgb, rgb}};
    MemorySink g;
    REQUIRE_MESSAGE(write_gif(g, gif, &error), error);
    CHECK(g.bytes.size() <= file_bytes_at_most(OutputFormat::gif, w, h, 3, 8, 3));
}

TEST_CASE("disk space: a plan that does not fit is refused with both sizes and the directory") {
    CHECK(byte_text(0) == "0 bytes");
    CHECK(byte_text(1) == "1 byte");
    CHECK(byte_text(1023) == "1023 bytes");
    CHECK(byte_text(1536) == "1.5 KiB");
    CHECK(byte_text(std::uint64_t(3) << 30) == "3.0 GiB");
    CHECK(byte_text(std::uint64_t(4) << 40) == "4.0 TiB");

    OutputPlan plan;
    plan.files = 65537;
    plan.bytes = std::uint64_t(4) << 40;
    CHECK_FALSE(disk_space_problem(plan, plan.bytes, "out").has_value());  // exactly fits
    const std::optional<std::string> problem = disk_space_problem(plan, plan.bytes - 1, "out/tiles");
    REQUIRE(problem.has_value());
    CHECK(*problem == "writes up to 4.0 TiB (65537 files), but out/tiles has 4.0 TiB free: write it elsewhere, or bake "
                      "fewer or smaller pictures");
    plan.files = 1;
    plan.bytes = 2048;
    CHECK(disk_space_problem(plan, 1000, ".") ==
          std::optional<std::string>("writes up to 2.0 KiB (1 file), but . has 1000 bytes free: write it elsewhere, or "
                                     "bake fewer or smaller pictures"));

    CHECK(worth_a_notice({1001, 1}));
    CHECK(worth_a_notice({1, (std::uint64_t(1) << 30) + 1}));
    CHECK_FALSE(worth_a_notice({1000, std::uint64_t(1) << 30}));

    // The real file system: the temporary directory has some space; a missing directory cannot be told.
    TempDir dir;
    const std::optional<std::uint64_t> free = free_bytes(dir.file(""));
    REQUIRE(free.has_value());
    CHECK(*free > 0);
    CHECK_FALSE(free_bytes(dir.file("no/such/directory")).has_value());
}

}  // TEST_SUITE("bake_plan")
