#include "atomic_file.hpp"

#include "interrupt.hpp"

#include <fcntl.h>
#if defined(_WIN32)
// Windows (MinGW in CI; MSVC): the CRT's _open/_commit/_getpid, and MoveFileEx to replace a file.
#include <io.h>
#include <process.h>
#include <sys/stat.h>
#include <windows.h>
#else
#include <unistd.h>
#endif

#include <cerrno>
#include <cstring>
#include <utility>

namespace gradnoise::cli {

namespace {
#if defined(_WIN32)
int process_id() { return _getpid(); }
// O_EXCL: never write through a stale temporary file or a link someone left in its place.
int create_new(const std::string& path) {
    return _open(path.c_str(), _O_WRONLY | _O_CREAT | _O_EXCL | _O_BINARY | _O_NOINHERIT, _S_IREAD | _S_IWRITE);
}
int sync_file(std::FILE* f) { return _commit(_fileno(f)); }
void close_fd(int fd) { _close(fd); }
// rename() refuses an existing target on Windows; MoveFileEx replaces it, and WRITE_THROUGH returns
// once the move is on disk (what the directory fsync does on POSIX).
bool replace_file(const std::string& from, const std::string& to, std::string& why) {
    if (MoveFileExA(from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH) != 0) {
        return true;
    }
    why = "Windows error " + std::to_string(GetLastError());
    return false;
}
void sync_directory_of(const std::string&) {}
#else
int process_id() { return static_cast<int>(::getpid()); }
int create_new(const std::string& path) { return ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666); }
int sync_file(std::FILE* f) { return ::fsync(::fileno(f)); }
void close_fd(int fd) { ::close(fd); }
bool replace_file(const std::string& from, const std::string& to, std::string& why) {
    if (std::rename(from.c_str(), to.c_str()) == 0) {
        return true;
    }
    why = std::strerror(errno);
    return false;
}
// Make the rename itself durable. Best effort: the file is complete and in place already.
void sync_directory_of(const std::string& path) {
    std::size_t slash = path.rfind('/');
    std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        (void)::fsync(dfd);
        ::close(dfd);
    }
}
#endif
}  // namespace

// ---- AtomicFile ----

AtomicFile::AtomicFile(std::string path)
    : path_(std::move(path)), temp_path_(path_ + ".tmp." + std::to_string(process_id())) {}

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
        std::remove(temp_path_.c_str());
        temp_exists_ = false;
    }
}

bool AtomicFile::open() {
    // O_EXCL: never write through a stale temporary file or a link someone left in its place.
    int fd = create_new(temp_path_);
    if (fd < 0) {
        return set_error("creating", errno);
    }
    temp_exists_ = true;
    file_ = ::fdopen(fd, "wb");
    if (file_ == nullptr) {
        int err = errno;
        close_fd(fd);
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
    if (sync_file(file_) != 0) {
        return set_error("syncing", errno);
    }
    std::FILE* f = std::exchange(file_, nullptr);
    if (std::fclose(f) != 0) {
        return set_error("closing", errno);
    }
    std::string why;
    if (!replace_file(temp_path_, path_, why)) {
        error_ = "cannot write " + path_ + ": renaming " + temp_path_ + " over it: " + why;
        discard();
        return false;
    }
    temp_exists_ = false;
    sync_directory_of(path_);
    return true;
}

}  // namespace gradnoise::cli
