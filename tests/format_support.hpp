// What the tests of the bake command's formats and plans share (tests/test_formats.cpp,
// tests/test_bake_plan.cpp): a scratch directory per test case and a sink that keeps the bytes.
#ifndef GRADNOISE_TESTS_FORMAT_SUPPORT_HPP
#define GRADNOISE_TESTS_FORMAT_SUPPORT_HPP

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "formats.hpp"

namespace format_testing {

// A fresh directory per test case, removed with everything in it at the end.
class TempDir {
public:
    TempDir() {
        static int counter = 0;
        path_ = std::filesystem::temp_directory_path() /
                ("gradnoise-formats-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

// Keeps every byte written.
class MemorySink final : public gradnoise::cli::ByteSink {
public:
    bool write(const void* data, std::size_t size) override {
        const auto* p = static_cast<const std::uint8_t*>(data);
        bytes.insert(bytes.end(), p, p + size);
        return true;
    }
    std::vector<std::uint8_t> bytes;
};

}  // namespace format_testing

#endif
