// gradnoise CLI — where encoded bytes go, and atomic file replacement.
#ifndef GRADNOISE_CLI_ATOMIC_FILE_HPP
#define GRADNOISE_CLI_ATOMIC_FILE_HPP

#include <cstddef>
#include <cstdio>
#include <string>

namespace gradnoise::cli {

// Where encoded bytes go. write() returns false on failure; the sink keeps the reason.
class ByteSink {
public:
    virtual bool write(const void* data, std::size_t size) = 0;

protected:
    ~ByteSink() = default;
};

// Replaces `path` all at once: bytes go to "<path>.tmp.<pid>" in the same directory, which
// commit() flushes, fsyncs and renames over `path`. Until then `path` is untouched; a file
// destroyed (or failing) before commit() removes its temporary file.
class AtomicFile final : public ByteSink {
public:
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    bool open();
    bool write(const void* data, std::size_t size) override;
    bool commit();
    // After a failure: "<path>: <strerror>" naming the file and the step that failed.
    const std::string& error() const noexcept { return error_; }

private:
    bool set_error(const char* what, int err);
    void discard() noexcept;

    std::string path_, temp_path_, error_;
    std::FILE* file_ = nullptr;
    bool temp_exists_ = false;
};

}  // namespace gradnoise::cli

#endif
