// What an input's bytes are, by their magic numbers: the compression to
// decode (gzip, xz, zstd, each by its library) and the archives that are no
// dataset. The one place that tells them.
#include "engine/input/decoders.h"

#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdint>
#include <vector>

#include "engine/input/npy_source.h"
#include "engine/input/zip_source.h"

namespace sudoku {
namespace {

constexpr size_t kDecodeChunk = 1 << 16;

// Decoders pull compressed chunks from the raw file; each copes with
// concatenated streams, as `cat a.gz b.gz` makes.
class GzipSource : public ByteSource {
 public:
  explicit GzipSource(ByteSource& raw) : raw_(raw), in_(kDecodeChunk) {
    if (inflateInit2(&stream_, 15 + 32) != Z_OK) {
      throw InputError("zlib cannot start");
    }
  }
  ~GzipSource() override { inflateEnd(&stream_); }

  size_t Read(char* buffer, size_t capacity) override {
    stream_.next_out = reinterpret_cast<Bytef*>(buffer);
    stream_.avail_out = static_cast<uInt>(capacity);
    while (stream_.avail_out == capacity && !done_) {
      if (stream_.avail_in == 0) {
        stream_.avail_in = static_cast<uInt>(raw_.Read(in_.data(), in_.size()));
        stream_.next_in = reinterpret_cast<Bytef*>(in_.data());
        if (stream_.avail_in == 0) {
          if (!at_member_start_) {
            throw InputError("gzip data ends early (truncated file)");
          }
          done_ = true;
          break;
        }
      }
      if (at_member_start_ && SkipZeroPadding()) continue;
      at_member_start_ = false;
      const int rc = inflate(&stream_, Z_NO_FLUSH);
      if (rc == Z_STREAM_END) {
        inflateReset(&stream_);
        at_member_start_ = true;
        ++members_;
      } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
        throw InputError(std::string("gzip data is corrupt (") +
                         (stream_.msg ? stream_.msg : "zlib error") + ")");
      }
    }
    return capacity - stream_.avail_out;
  }

 private:
  // Zero bytes after a member (tar -z and tape tools pad gzip files to a
  // block; gzip(1) reads such a file whole) end the data: every byte after
  // them must be zero too. True when the input at hand was all padding.
  bool SkipZeroPadding() {
    if (members_ == 0) return false;
    while (stream_.avail_in > 0 && *stream_.next_in == 0) {
      ++stream_.next_in;
      --stream_.avail_in;
      padded_ = true;
    }
    if (stream_.avail_in == 0) return padded_;
    if (padded_) {
      throw InputError("gzip data is followed by bytes that are neither "
                       "zero padding nor gzip");
    }
    return false;
  }

  ByteSource& raw_;
  std::vector<char> in_;
  z_stream stream_{};
  bool done_ = false;
  bool at_member_start_ = true;
  uint64_t members_ = 0;  // members decoded whole
  bool padded_ = false;   // zero padding seen after the last member
};

class XzSource : public ByteSource {
 public:
  explicit XzSource(ByteSource& raw) : raw_(raw), in_(kDecodeChunk) {
    if (lzma_stream_decoder(&stream_, UINT64_MAX, LZMA_CONCATENATED) !=
        LZMA_OK) {
      throw InputError("liblzma cannot start");
    }
  }
  ~XzSource() override { lzma_end(&stream_); }

  size_t Read(char* buffer, size_t capacity) override {
    stream_.next_out = reinterpret_cast<uint8_t*>(buffer);
    stream_.avail_out = capacity;
    while (stream_.avail_out == capacity && !done_) {
      lzma_action action = LZMA_RUN;
      if (stream_.avail_in == 0) {
        stream_.avail_in = raw_.Read(in_.data(), in_.size());
        stream_.next_in = reinterpret_cast<const uint8_t*>(in_.data());
        if (stream_.avail_in == 0) action = LZMA_FINISH;
      }
      const lzma_ret rc = lzma_code(&stream_, action);
      if (rc == LZMA_STREAM_END) {
        done_ = true;
      } else if (rc != LZMA_OK) {
        throw InputError("xz data is corrupt or truncated (code " +
                         std::to_string(rc) + ")");
      }
    }
    return capacity - stream_.avail_out;
  }

 private:
  ByteSource& raw_;
  std::vector<char> in_;
  lzma_stream stream_ = LZMA_STREAM_INIT;
  bool done_ = false;
};

class ZstdSource : public ByteSource {
 public:
  explicit ZstdSource(ByteSource& raw)
      : raw_(raw), in_(kDecodeChunk), stream_(ZSTD_createDStream()) {
    if (stream_ == nullptr) throw InputError("zstd cannot start");
  }
  ~ZstdSource() override { ZSTD_freeDStream(stream_); }

  size_t Read(char* buffer, size_t capacity) override {
    ZSTD_outBuffer out{buffer, capacity, 0};
    while (out.pos == 0) {
      if (input_.pos == input_.size) {
        input_.size = raw_.Read(in_.data(), in_.size());
        input_.src = in_.data();
        input_.pos = 0;
        if (input_.size == 0) {
          if (last_hint_ != 0) {
            throw InputError("zstd data ends early (truncated file)");
          }
          return 0;
        }
      }
      last_hint_ = ZSTD_decompressStream(stream_, &out, &input_);
      if (ZSTD_isError(last_hint_)) {
        throw InputError(std::string("zstd data is corrupt (") +
                         ZSTD_getErrorName(last_hint_) + ")");
      }
    }
    return out.pos;
  }

 private:
  ByteSource& raw_;
  std::vector<char> in_;
  ZSTD_DStream* stream_;
  ZSTD_inBuffer input_{nullptr, 0, 0};
  size_t last_hint_ = 0;
};

// A zstd frame or a skippable frame (what pzstd and seekable zstd put
// first), by the magic numbers zstd.h defines: the decoder reads both.
bool IsZstdFrame(std::string_view magic) {
  if (magic.size() < 4) return false;
  uint32_t number = 0;
  for (int i = 3; i >= 0; --i) {
    number = number << 8 | static_cast<unsigned char>(magic[i]);
  }
  return number == ZSTD_MAGICNUMBER ||
         (number & ZSTD_MAGIC_SKIPPABLE_MASK) == ZSTD_MAGIC_SKIPPABLE_START;
}

// A tar header block (POSIX ustar or GNU) whose checksum holds: the sum of
// its 512 bytes, the checksum field read as spaces, is the octal number in
// that field, as tar(5) defines it. Text with "ustar" at offset 257 is not.
bool TarChecksumHolds(std::string_view head) {
  constexpr size_t kBlock = 512, kSum = 148, kSumSize = 8;
  if (head.size() < kBlock || (head[262] != '\0' && head[262] != ' ')) {
    return false;
  }
  uint32_t sum = 0;
  for (size_t i = 0; i < kBlock; ++i) {
    sum += i >= kSum && i < kSum + kSumSize
               ? ' '
               : static_cast<unsigned char>(head[i]);
  }
  uint32_t stored = 0;
  size_t i = kSum;
  while (i < kSum + kSumSize && head[i] == ' ') ++i;
  const size_t first = i;
  for (; i < kSum + kSumSize && head[i] >= '0' && head[i] <= '7'; ++i) {
    stored = stored * 8 + static_cast<uint32_t>(head[i] - '0');
  }
  return i > first && stored == sum;
}

// bzip2's "BZh" may start text too: bzip2 follows it with a block size
// digit and the block magic 0x314159265359.
bool BzipBlockFollows(std::string_view head) {
  return head.size() >= 10 && head[3] >= '1' && head[3] <= '9' &&
         head.substr(4, 6) == "1AY&SY";
}

// Files that hold other files, or data not decoded here: read as lines they
// would be one long malformed row, or worse, a header glued to the first
// puzzle. Told by their magic numbers in the decoded bytes, so a .tar.gz is
// known as a tar archive.
struct Container {
  size_t offset;
  std::string_view magic;
  bool (*confirms)(std::string_view head);  // null: the magic is enough
  ContainerKind kind;
};
constexpr Container kContainers[] = {
    {257, "ustar", TarChecksumHolds,
     {"a tar archive", "extract it (tar -xf) and name the file inside"}},
    {0, "PK\x03\x04", nullptr,
     {"a zip archive", "extract it (unzip) and name the file inside"}},
    {0, "PK\x05\x06", nullptr, {"an empty zip archive", "it holds no file"}},
    {0, "7z\xbc\xaf\x27\x1c", nullptr,
     {"a 7z archive", "extract it (7z x) and name the file inside"}},
    {0, "BZh", BzipBlockFollows,
     {"bzip2-compressed",
      "decompress it (bunzip2), or compress it with gzip, xz or zstd"}},
};

}  // namespace

std::unique_ptr<ByteSource> DecoderFor(std::string_view magic, ByteSource& raw,
                                       RawFileFacts file,
                                       std::string& compression) {
  if (IsZipMagic(magic)) {
    compression = "zip";
    return ZipDecoder(raw, file.fd, file.size);
  }
  if (IsNpyMagic(magic)) {
    compression = "npy";
    return NpyDecoder(raw);
  }
  if (magic.starts_with("\x1f\x8b")) {
    compression = "gzip";
    return std::make_unique<GzipSource>(raw);
  }
  if (magic.starts_with(std::string_view("\xfd"
                                         "7zXZ\0",
                                         6))) {
    compression = "xz";
    return std::make_unique<XzSource>(raw);
  }
  if (IsZstdFrame(magic)) {
    compression = "zstd";
    return std::make_unique<ZstdSource>(raw);
  }
  return nullptr;
}

const ContainerKind* ContainerOf(std::string_view head) {
  for (const Container& c : kContainers) {
    if (head.size() >= c.offset + c.magic.size() &&
        head.substr(c.offset, c.magic.size()) == c.magic &&
        (c.confirms == nullptr || c.confirms(head))) {
      return &c.kind;
    }
  }
  return nullptr;
}

}  // namespace sudoku
