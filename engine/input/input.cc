// Reading dataset bytes: files or standard input, gzip/xz/zstd decoded by their
// libraries, split into lines.
#include "engine/input/input.h"

#include <fcntl.h>
#include <openssl/evp.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <istream>
#include <stdexcept>

#include "engine/common/stop_request.h"
#include "engine/input/decoders.h"

namespace sudoku {

// The raw bytes of a file or stdin, hashed and counted as they pass, with a
// look-ahead so the decoder can be chosen from the magic bytes.
//
// Read with read(2), never mapped: a mapped file cut shorter while it is read
// ends the process with SIGBUS, and reading cost less CPU here than mapping
// 1 MiB windows did (docs/performance.md).
class Input::RawFile : public ByteSource {
 public:
  explicit RawFile(const std::string& path) : RawFile(path, path) {}
  // Opens `file`; `path` names it in messages.
  RawFile(const std::string& file, const std::string& path) : path_(path) {
    if (file == "-") {
      fd_.fd = STDIN_FILENO;
    } else {
      // Not blocking: opening a FIFO that no one writes to would wait in
      // open(2), deaf to SIGINT; the wait happens in poll(2) instead.
      fd_.fd = open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
      if (fd_.fd < 0) {
        throw InputError("cannot open " + path + ": " + std::strerror(errno));
      }
      fd_.owned = true;
    }
    struct stat st {};
    if (fstat(fd_.fd, &st) == 0) {
      if (S_ISREG(st.st_mode)) {
        size_ = static_cast<uint64_t>(st.st_size);
        regular_ = true;
      } else if (S_ISDIR(st.st_mode)) {
        throw InputError("cannot read " + path + ": it is a directory");
      }
    }
#ifdef POSIX_FADV_SEQUENTIAL
    if (regular_) posix_fadvise(fd_.fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    EVP_DigestInit_ex(digest_.get(), EVP_sha256(), nullptr);
    // Members own the file and the digest, so a throw here leaks neither.
    Peek();
  }
  RawFile(std::istream& in, const std::string& name)
      : path_(name), stream_(&in) {
    EVP_DigestInit_ex(digest_.get(), EVP_sha256(), nullptr);
    Peek();
  }
  RawFile(std::unique_ptr<ByteSource> source, const std::string& name)
      : path_(name), source_(std::move(source)) {
    EVP_DigestInit_ex(digest_.get(), EVP_sha256(), nullptr);
    Peek();
  }

  // Up to `capacity` raw bytes, hashed and counted; 0 at the end. Throws
  // InputError, its message without the path, when reading fails, and
  // InputInterrupted when a stop request ends a wait.
  size_t Read(char* buffer, size_t capacity) override {
    if (peek_pos_ < peek_size_) {
      const size_t n = std::min(capacity, peek_size_ - peek_pos_);
      std::memcpy(buffer, peek_ + peek_pos_, n);
      peek_pos_ += n;
      return n;
    }
    return Fill(buffer, capacity);
  }

  std::string_view magic() const { return {peek_, peek_size_}; }
  std::optional<uint64_t> size() const { return size_; }
  // The open regular file, for a decoder that reads it itself; else -1.
  int regular_fd() const { return regular_ ? fd_.fd : -1; }
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
  // Closes what open(2) opened; standard input stays open for others.
  struct FileDescriptor {
    int fd = -1;
    bool owned = false;
    ~FileDescriptor() {
      if (owned) close(fd);
    }
  };
  struct DigestFree {
    void operator()(EVP_MD_CTX* digest) const { EVP_MD_CTX_free(digest); }
  };

  // The magic bytes: as many as the input has, however a pipe hands them
  // out. A stop request while waiting for them is heard again by the next
  // read, which waits on the same request.
  void Peek() {
    try {
      while (peek_size_ < sizeof(peek_)) {
        const size_t n = Fill(peek_ + peek_size_, sizeof(peek_) - peek_size_);
        if (n == 0) break;
        peek_size_ += n;
      }
    } catch (const InputInterrupted&) {
    } catch (const InputError& error) {
      throw InputError("cannot read " + path_ + ": " + error.what());
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
      if (stream_->bad()) throw InputError("the stream failed");
    } else {
      n = ReadFile(buffer, capacity);
    }
    EVP_DigestUpdate(digest_.get(), buffer, n);
    bytes_read_ += n;
    return n;
  }

  // One read(2) of the file; what a pipe has now rather than a full buffer,
  // so lines that came are read while the writer is still writing.
  size_t ReadFile(char* buffer, size_t capacity) {
    while (true) {
      if (!regular_) WaitReadable();
      const ssize_t n = read(fd_.fd, buffer, capacity);
      if (n > 0) return static_cast<size_t>(n);
      if (n == 0) {
        if (regular_) CheckNotShrunk();
        return 0;
      }
      if (errno != EINTR && errno != EAGAIN) {
        throw InputError(std::string("read failed: ") + std::strerror(errno));
      }
    }
  }

  // At the end of a regular file: one cut shorter than it was when opened
  // was changed while read (its end was read, but not the file it was).
  void CheckNotShrunk() const {
    struct stat st {};
    if (!size_ || fstat(fd_.fd, &st) != 0 ||
        static_cast<uint64_t>(st.st_size) >= *size_) {
      return;
    }
    throw InputError("the file changed while it was read: it shrank from " +
                     std::to_string(*size_) + " to " +
                     std::to_string(st.st_size) + " bytes");
  }

  // A pipe, a FIFO or a terminal may hold nothing for ever (`mkfifo f;
  // bench f`, `sleep 20 | bench -`): wait for its bytes and for a stop
  // request together.
  void WaitReadable() const {
    const int wake = StopWakeFd();
    pollfd fds[2] = {{fd_.fd, POLLIN, 0}, {wake, POLLIN, 0}};
    const nfds_t count = wake >= 0 ? 2 : 1;
    while (true) {
      if (StopSignal() != 0) throw InputInterrupted();
      const int ready = poll(fds, count, -1);
      if (ready > 0 && (count == 1 || fds[1].revents == 0)) return;
      if (ready < 0 && errno != EINTR) {
        throw InputError(std::string("waiting for input failed: ") +
                         std::strerror(errno));
      }
    }
  }

  std::string path_;
  FileDescriptor fd_;
  std::istream* stream_ = nullptr;      // read instead of fd_ when set
  std::unique_ptr<ByteSource> source_;  // read instead of fd_ when set
  std::optional<uint64_t> size_;        // a regular file's, when opened
  std::unique_ptr<EVP_MD_CTX, DigestFree> digest_{EVP_MD_CTX_new()};
  uint64_t bytes_read_ = 0;
  char peek_[8];
  size_t peek_size_ = 0;
  size_t peek_pos_ = 0;
  bool regular_ = false;  // a regular file: never waits, may shrink
};

namespace {

constexpr size_t kReadChunk = 1 << 16;

}  // namespace

Input::Input(const std::string& path)
    : raw_(std::make_unique<RawFile>(path)),
      buffer_(std::make_unique_for_overwrite<char[]>(kBufferSize)) {
  StartDecoding(path);
}

Input::Input(const std::string& file, const std::string& name)
    : raw_(std::make_unique<RawFile>(file, name)),
      buffer_(std::make_unique_for_overwrite<char[]>(kBufferSize)) {
  StartDecoding(name);
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
  try {
    decoded_ = DecoderFor(magic, *raw_, {raw_->regular_fd(), raw_->size().value_or(0)},
                          facts_.compression);
  } catch (const InputError& error) {
    throw InputError(path + ": " + error.what());
  }
  data_ = buffer_.get();
}

Input::~Input() = default;

uint64_t Input::raw_bytes_read() const { return raw_->bytes_read(); }

std::string Input::Sha256Hex() { return raw_->Sha256Hex(); }

std::string Input::FileSha256Hex(const std::string& path) {
  return FileSha256Hex(path, path);
}

std::string Input::FileSha256Hex(const std::string& file,
                                 const std::string& name) {
  RawFile raw(file, name);
  std::vector<char> chunk(kReadChunk);
  try {
    while (raw.Read(chunk.data(), chunk.size()) > 0) {
    }
  } catch (const InputError& error) {
    throw InputError("cannot read " + name + ": " + error.what());
  }
  return raw.Sha256Hex();
}

void Input::SkipRest() {
  try {
    while (raw_->Read(buffer_.get(), kBufferSize) > 0) {
    }
  } catch (const InputError& error) {
    throw InputError(StoppedAt(error.what()));
  }
  data_ = buffer_.get();
  begin_ = end_ = 0;
  eof_ = true;
}

std::string Input::StoppedAt(std::string_view reason) const {
  const std::string line = std::to_string(lines_ + 1);
  return raw_->path() + ":" + line + ": " + std::string(reason) +
         "; reading stopped at line " + line;
}

std::optional<std::string_view> Input::NextLineAnyway(LineCut& cut) {
  cut = LineCut::kWhole;
  if (!failure_.empty()) {
    // The unfinished line went out with the last call; now its reason.
    const std::string failure = std::move(failure_);
    failure_.clear();
    throw InputError(failure);
  }
  const uint64_t line_start = buffer_offset_ + begin_;
  line_position_ = decoded_ ? raw_->bytes_read() : line_start;
  ByteSource& source = decoded_ ? *decoded_ : static_cast<ByteSource&>(*raw_);
  long_line_.clear();
  bool pending = false;  // part of the line is already in long_line_
  // Keeps at most kMaxLine bytes of the line, noting any cut.
  auto keep = [&](const char* data, size_t length) {
    const size_t room = kMaxLine - long_line_.size();
    if (length > room) cut = LineCut::kTooLong;
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
    if (!Refill(source, pending)) {
      ++lines_;
      cut = LineCut::kUnfinished;
      return std::string_view(long_line_);
    }
    CheckExpansion();
    if (buffer_offset_ - line_start > kMaxLineRead) {
      throw InputError(raw_->path() + ":" + std::to_string(lines_ + 1) +
                       ": no newline in " + std::to_string(kMaxLineRead) +
                       " bytes: not a dataset of lines; reading stopped");
    }
  }
}

bool Input::Refill(ByteSource& source, bool pending) {
  buffer_offset_ += end_;
  begin_ = end_ = 0;
  data_ = buffer_.get();
  const bool first = buffer_offset_ == 0 && !eof_;
  try {
    end_ = source.Read(buffer_.get(), kBufferSize);
    if (first && end_ > 0) FillHead(source);
  } catch (const InputError& error) {
    // Everything before the failure stands: the line it cut comes out
    // unfinished (counted, as malformed), then the failure.
    eof_ = true;
    if (!pending) throw InputError(StoppedAt(error.what()));
    failure_ = StoppedAt(error.what());
    return false;
  }
  if (end_ == 0) eof_ = true;
  if (first) RefuseContainer();
  return true;
}

void Input::FillHead(ByteSource& source) {
  // Up to the bytes a container's magic needs, but no further than the end
  // of the first line: a pipe that sends one line and waits is read as it
  // comes (a tar header block holds no newline but in a file name).
  while (end_ < kContainerHead &&
         std::memchr(buffer_.get(), '\n', end_) == nullptr) {
    const size_t n = source.Read(buffer_.get() + end_, kBufferSize - end_);
    if (n == 0) {
      eof_ = true;
      return;
    }
    end_ += n;
  }
}

void Input::RefuseContainer() const {
  const ContainerKind* c = ContainerOf(std::string_view(buffer_.get(), end_));
  if (c == nullptr) return;
  const std::string compressed =
      decoded_ ? " (" + facts_.compression + "-compressed)" : "";
  throw InputError(raw_->path() + " is " + c->what + compressed +
                   ", not a dataset of lines: " + c->hint);
}

void Input::CheckExpansion() const {
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
