// Reading dataset bytes: files or standard input, gzip/xz/zstd decoded by their
// libraries, split into lines.
#include "engine/input/input.h"

#include <fcntl.h>
#include <lzma.h>
#include <openssl/evp.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <istream>
#include <stdexcept>

namespace sudoku {

// The raw bytes of a file or stdin, hashed and counted as they pass, with a
// look-ahead so the decoder can be chosen from the magic bytes.
class Input::RawFile : public ByteSource {
 public:
  explicit RawFile(const std::string& path) : path_(path) {
    if (path == "-") {
      file_.reset(stdin);
    } else {
      file_.reset(std::fopen(path.c_str(), "rb"));
      if (file_ == nullptr) {
        throw InputError("cannot open " + path + ": " + std::strerror(errno));
      }
    }
    struct stat st {};
    if (fstat(fileno(file_.get()), &st) == 0) {
      if (S_ISREG(st.st_mode)) {
        size_ = static_cast<uint64_t>(st.st_size);
        regular_ = true;
      } else if (S_ISDIR(st.st_mode)) {
        throw InputError("cannot read " + path + ": it is a directory");
      }
    }
    EVP_DigestInit_ex(digest_.get(), EVP_sha256(), nullptr);
    // Members own the file and the digest, so a throw here leaks neither.
    peek_size_ = Fill(peek_, sizeof(peek_));
  }
  RawFile(std::istream& in, const std::string& name)
      : path_(name), stream_(&in) {
    EVP_DigestInit_ex(digest_.get(), EVP_sha256(), nullptr);
    peek_size_ = Fill(peek_, sizeof(peek_));
  }
  RawFile(std::unique_ptr<ByteSource> source, const std::string& name)
      : path_(name), source_(std::move(source)) {
    EVP_DigestInit_ex(digest_.get(), EVP_sha256(), nullptr);
    peek_size_ = Fill(peek_, sizeof(peek_));
  }

  ~RawFile() override { Unmap(); }

  size_t Read(char* buffer, size_t capacity) override {
    StopMapping();
    return ReadCopy(buffer, capacity);
  }

  // From now on NextSpan may map a regular file instead of reading it (for
  // bytes that are not decoded, which the caller takes in place). Standard
  // input is never mapped: it need not start at its file's first byte.
  void AllowMapping() {
    mapping_ = regular_ && file_.get() != stdin;
#ifdef POSIX_FADV_SEQUENTIAL
    if (mapping_) {
      posix_fadvise(fileno(file_.get()), 0, 0, POSIX_FADV_SEQUENTIAL);
    }
#endif
  }

  // The next raw bytes, hashed and counted: at most `capacity` of them, in
  // place in a window of the mapped file, or else read into `buffer`. Empty
  // at the end. A view is valid until the next call.
  std::string_view NextSpan(char* buffer, size_t capacity) {
    if (mapping_ && peek_pos_ >= peek_size_) {
      if (auto span = MapNext(capacity)) return *span;
      StopMapping();
    }
    return {buffer, ReadCopy(buffer, capacity)};
  }

 private:
  size_t ReadCopy(char* buffer, size_t capacity) {
    if (peek_pos_ < peek_size_) {
      const size_t n = std::min(capacity, peek_size_ - peek_pos_);
      std::memcpy(buffer, peek_ + peek_pos_, n);
      peek_pos_ += n;
      return n;
    }
    return Fill(buffer, capacity);
  }

 public:
  std::string_view magic() const { return {peek_, peek_size_}; }
  std::optional<uint64_t> size() const { return size_; }
  uint64_t bytes_read() const { return bytes_read_; }
  const std::string& path() const { return path_; }

  std::string Sha256Hex() {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_DigestFinal_ex(digest_.get(), md, &len);
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    for (unsigned int i = 0; i < len; ++i) {
      hex += kHex[md[i] >> 4];
      hex += kHex[md[i] & 15];
    }
    return hex;
  }

 private:
  // Closes what fopen opened; standard input stays open for others.
  struct FileCloser {
    void operator()(FILE* file) const {
      if (file != stdin) std::fclose(file);
    }
  };
  struct DigestFree {
    void operator()(EVP_MD_CTX* digest) const { EVP_MD_CTX_free(digest); }
  };

  // Mapping a window costs a page-table update per page where read() copies
  // every byte: the copy was 2.2% of a run on 17-clue. The size is asked
  // anew per window, so a file that grows is read to its new end and one
  // that shrinks is not mapped past it (bytes cut off while a window is
  // being read would still end the process with SIGBUS).
  std::optional<std::string_view> MapNext(size_t capacity) {
    Unmap();
    struct stat st {};
    const int fd = fileno(file_.get());
    if (fstat(fd, &st) != 0 ||
        static_cast<uint64_t>(st.st_size) <= bytes_read_) {
      return std::nullopt;  // the end, or a file (in /proc) that reads on
    }
    static const uint64_t kPage = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
    const uint64_t start = bytes_read_ & ~(kPage - 1);
    const uint64_t skip = bytes_read_ - start;
    const size_t length = static_cast<size_t>(std::min<uint64_t>(
        static_cast<uint64_t>(st.st_size) - start, capacity + skip));
    int flags = MAP_PRIVATE;
#ifdef MAP_POPULATE
    flags |= MAP_POPULATE;  // one call maps the window, not a fault a page
#endif
    void* map =
        mmap(nullptr, length, PROT_READ, flags, fd, static_cast<off_t>(start));
    if (map == MAP_FAILED) return std::nullopt;
    map_ = map;
    map_length_ = length;
    const std::string_view span(static_cast<const char*>(map) + skip,
                                length - skip);
    EVP_DigestUpdate(digest_.get(), span.data(), span.size());
    bytes_read_ += span.size();
    return span;
  }

  void Unmap() {
    if (map_ != nullptr) munmap(map_, map_length_);
    map_ = nullptr;
  }

  // Back to read(), from where the mapped windows ended.
  void StopMapping() {
    if (!mapping_) return;
    Unmap();
    mapping_ = false;
    if (fseeko(file_.get(), static_cast<off_t>(bytes_read_), SEEK_SET) != 0) {
      throw InputError("cannot read " + path_ + ": " + std::strerror(errno));
    }
  }

  size_t Fill(char* buffer, size_t capacity) {
    size_t n = 0;
    if (source_ != nullptr) {
      // Fills as fread does, so the peek holds the magic bytes whatever
      // sizes the source hands out.
      while (n < capacity) {
        const size_t got = source_->Read(buffer + n, capacity - n);
        if (got == 0) break;
        n += got;
      }
    } else if (stream_ != nullptr) {
      stream_->read(buffer, static_cast<std::streamsize>(capacity));
      n = static_cast<size_t>(stream_->gcount());
      if (stream_->bad()) throw InputError("cannot read " + path_);
    } else {
      n = std::fread(buffer, 1, capacity, file_.get());
      if (n < capacity && std::ferror(file_.get())) {
        throw InputError("cannot read " + path_ + ": " + std::strerror(errno));
      }
    }
    EVP_DigestUpdate(digest_.get(), buffer, n);
    bytes_read_ += n;
    return n;
  }

  std::string path_;
  std::unique_ptr<FILE, FileCloser> file_;
  std::istream* stream_ = nullptr;      // read instead of file_ when set
  std::unique_ptr<ByteSource> source_;  // read instead of file_ when set
  std::optional<uint64_t> size_;
  std::unique_ptr<EVP_MD_CTX, DigestFree> digest_{EVP_MD_CTX_new()};
  uint64_t bytes_read_ = 0;
  char peek_[8];
  size_t peek_size_ = 0;
  size_t peek_pos_ = 0;
  bool regular_ = false;  // a regular file, which can be mapped
  bool mapping_ = false;  // NextSpan maps rather than reads
  void* map_ = nullptr;   // the window NextSpan last returned
  size_t map_length_ = 0;
};

namespace {

constexpr size_t kChunk = 1 << 16;

// Decoders pull compressed chunks from the raw file; each copes with
// concatenated streams, as `cat a.gz b.gz` makes.
class GzipSource : public ByteSource {
 public:
  GzipSource(ByteSource& raw, std::string path)
      : raw_(raw), path_(std::move(path)), in_(kChunk) {
    if (inflateInit2(&stream_, 15 + 32) != Z_OK) {
      throw InputError("zlib cannot start for " + path_);
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
            throw InputError(path_ + ": gzip data ends early (truncated file)");
          }
          done_ = true;
          break;
        }
      }
      at_member_start_ = false;
      const int rc = inflate(&stream_, Z_NO_FLUSH);
      if (rc == Z_STREAM_END) {
        inflateReset(&stream_);
        at_member_start_ = true;
      } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
        throw InputError(path_ + ": gzip data is corrupt (" +
                         (stream_.msg ? stream_.msg : "zlib error") + ")");
      }
    }
    return capacity - stream_.avail_out;
  }

 private:
  ByteSource& raw_;
  std::string path_;
  std::vector<char> in_;
  z_stream stream_{};
  bool done_ = false;
  bool at_member_start_ = true;
};

class XzSource : public ByteSource {
 public:
  XzSource(ByteSource& raw, std::string path)
      : raw_(raw), path_(std::move(path)), in_(kChunk) {
    if (lzma_stream_decoder(&stream_, UINT64_MAX, LZMA_CONCATENATED) !=
        LZMA_OK) {
      throw InputError("liblzma cannot start for " + path_);
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
        throw InputError(path_ + ": xz data is corrupt or truncated (code " +
                         std::to_string(rc) + ")");
      }
    }
    return capacity - stream_.avail_out;
  }

 private:
  ByteSource& raw_;
  std::string path_;
  std::vector<char> in_;
  lzma_stream stream_ = LZMA_STREAM_INIT;
  bool done_ = false;
};

class ZstdSource : public ByteSource {
 public:
  ZstdSource(ByteSource& raw, std::string path)
      : raw_(raw),
        path_(std::move(path)),
        in_(kChunk),
        stream_(ZSTD_createDStream()) {
    if (stream_ == nullptr) throw InputError("zstd cannot start for " + path_);
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
            throw InputError(path_ + ": zstd data ends early (truncated file)");
          }
          return 0;
        }
      }
      last_hint_ = ZSTD_decompressStream(stream_, &out, &input_);
      if (ZSTD_isError(last_hint_)) {
        throw InputError(path_ + ": zstd data is corrupt (" +
                         ZSTD_getErrorName(last_hint_) + ")");
      }
    }
    return out.pos;
  }

 private:
  ByteSource& raw_;
  std::string path_;
  std::vector<char> in_;
  ZSTD_DStream* stream_;
  ZSTD_inBuffer input_{nullptr, 0, 0};
  size_t last_hint_ = 0;
};

}  // namespace

Input::Input(const std::string& path)
    : raw_(std::make_unique<RawFile>(path)),
      buffer_(std::make_unique_for_overwrite<char[]>(kBufferSize)) {
  StartDecoding(path);
}

Input::Input(std::istream& in, const std::string& name)
    : raw_(std::make_unique<RawFile>(in, name)),
      buffer_(std::make_unique_for_overwrite<char[]>(kBufferSize)) {
  StartDecoding(name);
}

Input::Input(std::unique_ptr<ByteSource> raw, const std::string& name)
    : raw_(std::make_unique<RawFile>(std::move(raw), name)),
      buffer_(std::make_unique_for_overwrite<char[]>(kBufferSize)) {
  StartDecoding(name);
}

void Input::StartDecoding(const std::string& path) {
  const std::string_view magic = raw_->magic();
  facts_.raw_size = raw_->size();
  if (magic.starts_with("\x1f\x8b")) {
    facts_.compression = "gzip";
    decoded_ = std::make_unique<GzipSource>(*raw_, path);
  } else if (magic.starts_with(std::string_view("\xfd"
                                                "7zXZ\0",
                                                6))) {
    facts_.compression = "xz";
    decoded_ = std::make_unique<XzSource>(*raw_, path);
  } else if (magic.starts_with("\x28\xb5\x2f\xfd")) {
    facts_.compression = "zstd";
    decoded_ = std::make_unique<ZstdSource>(*raw_, path);
  } else {
    raw_->AllowMapping();
  }
  data_ = buffer_.get();
}

Input::~Input() = default;

uint64_t Input::raw_bytes_read() const { return raw_->bytes_read(); }

std::string Input::Sha256Hex() { return raw_->Sha256Hex(); }

std::string Input::FileSha256Hex(const std::string& path) {
  RawFile raw(path);
  std::vector<char> chunk(kChunk);
  while (raw.Read(chunk.data(), chunk.size()) > 0) {
  }
  return raw.Sha256Hex();
}

void Input::SkipRest() {
  while (!raw_->NextSpan(buffer_.get(), kBufferSize).empty()) {
  }
  data_ = buffer_.get();
  begin_ = end_ = 0;
  eof_ = true;
}

std::optional<std::string_view> Input::NextLineAnyway(bool& truncated) {
  truncated = false;
  const uint64_t line_start = buffer_offset_ + begin_;
  line_position_ = decoded_ ? raw_->bytes_read() : line_start;
  ByteSource& source = decoded_ ? *decoded_ : static_cast<ByteSource&>(*raw_);
  long_line_.clear();
  bool pending = false;  // part of the line is already in long_line_
  // Keeps at most kMaxLine bytes of the line, noting any cut.
  auto keep = [&](const char* data, size_t length) {
    const size_t room = kMaxLine - long_line_.size();
    if (length > room) truncated = true;
    long_line_.append(data, std::min(length, room));
  };
  while (true) {
    const char* start = data_ + begin_;
    const size_t available = end_ - begin_;
    const void* newline = std::memchr(start, '\n', available);
    if (newline != nullptr || (eof_ && (available > 0 || pending))) {
      const size_t length =
          newline
              ? static_cast<size_t>(static_cast<const char*>(newline) - start)
              : available;
      begin_ += newline ? length + 1 : length;
      ++lines_;
      if (!pending && length <= kMaxLine)
        return std::string_view(start, length);
      keep(start, length);
      return std::string_view(long_line_);
    }
    if (eof_) return std::nullopt;
    // No newline in what is buffered: keep the partial line and refill.
    if (available > 0) {
      keep(start, available);
      pending = true;
    }
    Refill(source);
    if (buffer_offset_ - line_start > kMaxLineRead) {
      throw InputError(raw_->path() + ":" + std::to_string(lines_ + 1) +
                       ": no newline in " + std::to_string(kMaxLineRead) +
                       " bytes: not a dataset of lines; reading stopped");
    }
  }
}

void Input::Refill(ByteSource& source) {
  buffer_offset_ += end_;
  begin_ = end_ = 0;
  if (decoded_) {
    data_ = buffer_.get();
    end_ = source.Read(buffer_.get(), kBufferSize);
  } else {
    const std::string_view span = raw_->NextSpan(buffer_.get(), kBufferSize);
    data_ = span.data();
    end_ = span.size();
  }
  if (end_ == 0) eof_ = true;
  const uint64_t decoded = buffer_offset_ + end_;
  if (decoded_ && max_expansion_ != 0 && decoded > kExpansionFloor &&
      decoded / max_expansion_ > raw_->bytes_read()) {
    throw InputError(
        raw_->path() + ":" + std::to_string(lines_ + 1) +
        ": stopped after decoding " + std::to_string(decoded) + " bytes from " +
        std::to_string(raw_->bytes_read()) + " compressed bytes, more than " +
        std::to_string(max_expansion_) +
        " times as many (a compression bomb?); --max-expansion 0 reads on");
  }
}

}  // namespace sudoku
