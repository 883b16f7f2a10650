#include "atomic_file.hpp"

#include "interrupt.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace gradnoise::cli {

// ---- AtomicFile ----

AtomicFile::AtomicFile(std::string path)
    : path_(std::move(path)), temp_path_(path_ + ".tmp." + std::to_string(::getpid())) {}

AtomicFile::~AtomicFile() { discard(); }

bool AtomicFile::set_error(const char* what, int err) {
    error_ = "cannot write " + path_ + ": " + what + " " + temp_path_ + ": " + std::strerror(err);
    discard();
    return false;
}

void AtomicFile::discard() noexcept {
    if (file_ != nullptr) {
        std::fclose(file_);
        file_ = nullptr;
    }
    if (temp_exists_) {
        ::unlink(temp_path_.c_str());
        temp_exists_ = false;
    }
}

bool AtomicFile::open() {
    // O_EXCL: never write through a stale temporary file or a link someone left in its place.
    int fd = ::open(temp_path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
        return set_error("creating", errno);
    }
    temp_exists_ = true;
    file_ = ::fdopen(fd, "wb");
    if (file_ == nullptr) {
        int err = errno;
        ::close(fd);
        return set_error("opening", err);
    }
    return true;
}

bool AtomicFile::write(const void* data, std::size_t size) {
    if (file_ == nullptr) {
        return false;
    }
    if (interrupted_signal() != 0) {  // stop an encoder at its next write; the caller reports the signal
        error_ = "cannot write " + path_ + ": interrupted";
        discard();
        return false;
    }
    if (size > 0 && std::fwrite(data, 1, size, file_) != size) {
        return set_error("writing", errno);
    }
    return true;
}

bool AtomicFile::commit() {
    if (file_ == nullptr) {
        return false;
    }
    if (std::fflush(file_) != 0) {
        return set_error("writing", errno);
    }
    if (::fsync(::fileno(file_)) != 0) {
        return set_error("syncing", errno);
    }
    std::FILE* f = std::exchange(file_, nullptr);
    if (std::fclose(f) != 0) {
        return set_error("closing", errno);
    }
    if (std::rename(temp_path_.c_str(), path_.c_str()) != 0) {
        int err = errno;
        error_ = "cannot write " + path_ + ": renaming " + temp_path_ + " over it: " + std::strerror(err);
        discard();
        return false;
    }
    temp_exists_ = false;
    // Make the rename itself durable. Best effort: the file is complete and in place already.
    std::size_t slash = path_.rfind('/');
    std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path_.substr(0, slash);
    int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        (void)::fsync(dfd);
        ::close(dfd);
    }
    return true;
}

}  // namespace gradnoise::cli
