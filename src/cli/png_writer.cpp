#include "png_writer.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <utility>

namespace gradnoise::cli {
namespace {

// CRC-32 (ISO 3309 / PNG), reflected polynomial 0xEDB88320.
constexpr std::array<std::uint32_t, 256> make_crc_table() {
    std::array<std::uint32_t, 256> table{};
    for (std::uint32_t n = 0; n < 256; ++n) {
        std::uint32_t c = n;
        for (int k = 0; k < 8; ++k) {
            c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        }
        table[n] = c;
    }
    return table;
}
constexpr std::array<std::uint32_t, 256> crc_table = make_crc_table();

// Running CRC without the final inversion; start with 0xFFFFFFFF, finish with ~crc.
std::uint32_t crc_update(std::uint32_t crc, const std::uint8_t* data, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) {
        crc = crc_table[(crc ^ data[i]) & 0xFFu] ^ (crc >> 8);
    }
    return crc;
}

// Adler-32 (RFC 1950), reduced every 5552 bytes, the most that cannot overflow 32 bits.
class Adler32 {
public:
    void update(const std::uint8_t* data, std::size_t size) {
        while (size > 0) {
            std::size_t n = std::min<std::size_t>(size, 5552);
            for (std::size_t i = 0; i < n; ++i) {
                a_ += data[i];
                b_ += a_;
            }
            a_ %= 65521u;
            b_ %= 65521u;
            data += n;
            size -= n;
        }
    }
    std::uint32_t value() const { return (b_ << 16) | a_; }

private:
    std::uint32_t a_ = 1, b_ = 0;
};

void put_be32(std::uint8_t* p, std::uint32_t v) {
    p[0] = static_cast<std::uint8_t>(v >> 24);
    p[1] = static_cast<std::uint8_t>(v >> 16);
    p[2] = static_cast<std::uint8_t>(v >> 8);
    p[3] = static_cast<std::uint8_t>(v);
}

void append_be32(std::vector<std::uint8_t>& v, std::uint32_t x) {
    std::uint8_t b[4];
    put_be32(b, x);
    v.insert(v.end(), b, b + 4);
}

// length, type, data, CRC-32 of type and data.
bool write_chunk(ByteSink& out, const char (&type)[5], const std::vector<std::uint8_t>& data) {
    std::uint8_t head[8];
    put_be32(head, static_cast<std::uint32_t>(data.size()));
    std::memcpy(head + 4, type, 4);
    std::uint32_t crc = crc_update(0xFFFFFFFFu, head + 4, 4);
    crc = crc_update(crc, data.data(), data.size());
    std::uint8_t tail[4];
    put_be32(tail, ~crc);
    return out.write(head, sizeof head) && out.write(data.data(), data.size()) && out.write(tail, sizeof tail);
}

// The filtered scanlines (a 0 filter byte, then the row) as one virtual byte sequence.
class Scanlines {
public:
    explicit Scanlines(const GreyImage& image)
        : image_(image), stride_(std::uint64_t(image.width) + 1), size_(stride_ * image.height) {}
    std::uint64_t size() const { return size_; }
    // Appends bytes [pos, pos + n).
    void append(std::vector<std::uint8_t>& out, std::uint64_t pos, std::size_t n) const {
        while (n > 0) {
            std::uint64_t row = pos / stride_, col = pos % stride_;
            if (col == 0) {
                out.push_back(0);  // filter type None
                ++pos;
                --n;
                continue;
            }
            std::size_t take = static_cast<std::size_t>(std::min<std::uint64_t>(n, stride_ - col));
            const std::uint8_t* src = image_.pixels.data() + row * image_.width + (col - 1);
            out.insert(out.end(), src, src + take);
            pos += take;
            n -= take;
        }
    }

private:
    const GreyImage& image_;
    std::uint64_t stride_, size_;
};

}  // namespace

bool write_png(ByteSink& out, const GreyImage& image, const std::vector<PngText>& text) {
    static const std::uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (!out.write(signature, sizeof signature)) {
        return false;
    }
    std::vector<std::uint8_t> data;
    append_be32(data, image.width);
    append_be32(data, image.height);
    data.insert(data.end(), {8, 0, 0, 0, 0});  // bit depth 8, greyscale, deflate, filter 0, no interlace
    if (!write_chunk(out, "IHDR", data)) {
        return false;
    }
    for (const PngText& t : text) {
        data.assign(t.keyword.begin(), t.keyword.end());
        data.push_back(0);
        data.insert(data.end(), t.text.begin(), t.text.end());
        if (!write_chunk(out, "tEXt", data)) {
            return false;
        }
    }
    // One IDAT per stored deflate block; the zlib header opens the first, Adler-32 closes the last.
    constexpr std::size_t max_block = 65535;
    const Scanlines raw(image);
    Adler32 adler;
    std::uint64_t pos = 0;
    do {
        data.clear();
        if (pos == 0) {
            data.insert(data.end(), {0x78, 0x01});  // deflate, 32 KiB window, no dictionary; 0x7801 % 31 == 0
        }
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(max_block, raw.size() - pos));
        const bool last = pos + n == raw.size();
        const auto len = static_cast<std::uint16_t>(n), nlen = static_cast<std::uint16_t>(~len);
        data.insert(data.end(), {std::uint8_t(last ? 1 : 0),  // BFINAL, BTYPE 00 (stored)
                                 std::uint8_t(len & 0xFF), std::uint8_t(len >> 8),
                                 std::uint8_t(nlen & 0xFF), std::uint8_t(nlen >> 8)});
        const std::size_t start = data.size();
        raw.append(data, pos, n);
        adler.update(data.data() + start, n);
        if (last) {
            append_be32(data, adler.value());
        }
        if (!write_chunk(out, "IDAT", data)) {
            return false;
        }
        pos += n;
    } while (pos < raw.size());
    data.clear();
    return write_chunk(out, "IEND", data);
}

bool write_pgm(ByteSink& out, const GreyImage& image) {
    std::string header = "P5\n" + std::to_string(image.width) + " " + std::to_string(image.height) + "\n255\n";
    return out.write(header.data(), header.size()) && out.write(image.pixels.data(), image.pixels.size());
}

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
