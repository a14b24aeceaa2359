// Reading dataset bytes: files or standard input, gzip/xz/zstd decoded by their
// libraries, split into lines.
#pragma once

#include <cstdint>
#include <cstring>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku {

// A UTF-8 byte order mark. A spreadsheet's "CSV UTF-8" starts with one: every
// reader of a dataset or a CSV file skips it at the start of its input.
inline constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// `first_line`, an input's first line, without its byte order mark.
inline std::string_view WithoutByteOrderMark(std::string_view first_line) {
  if (first_line.starts_with(kByteOrderMark)) {
    first_line.remove_prefix(kByteOrderMark.size());
  }
  return first_line;
}

// A stream of decoded bytes.
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Fills up to `capacity` bytes; 0 at the end. Throws InputError on a read
  // or decoding failure.
  virtual size_t Read(char* buffer, size_t capacity) = 0;
};

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reading stopped because a stop was requested (SIGINT, SIGTERM:
// engine/common/stop_request.h) while it waited for a pipe, a FIFO or a
// terminal. Not a read error: the pass ends as an interrupted one does.
class InputInterrupted : public std::exception {
 public:
  const char* what() const noexcept override {
    return "reading interrupted by a stop request";
  }
};

// Whether a line NextLine returned is all of the line the input holds.
enum class LineCut : uint8_t {
  kWhole,
  kTooLong,     // cut at Input::kMaxLine
  kUnfinished,  // reading failed inside it: the next call throws why
};

// What is known of an input's raw (undecoded) bytes.
struct InputFacts {
  std::string compression = "none";  // none, gzip, xz, zstd, zip, npy
  std::optional<uint64_t> raw_size;  // unknown for pipes
};

// Opens `path` ("-" is standard input), sniffs the compression from the
// first bytes (not the name: engine/input/decoders.h) and decodes
// transparently. The first NextLine throws InputError, naming the file and
// what it is, when the decoded bytes are an archive's (a .tar.gz, a zip). Every raw byte read
// is counted and hashed (SHA-256), so a report can name exactly what it read.
class Input {
 public:
  // Throws InputError when the file cannot be opened.
  explicit Input(const std::string& path);
  // Opens `file` and names it `name` in messages: a dataset opened by the
  // absolute path bench made of it, said as the user gave it.
  Input(const std::string& file, const std::string& name);
  // Reads `in` instead of a file (a command's standard input, which tests
  // replace with a string); `name` stands for it in messages.
  Input(std::istream& in, const std::string& name);
  // Reads the raw bytes `raw` gives (standard input sent on by another
  // process), decoded, hashed and counted as a file's would be.
  Input(std::unique_ptr<ByteSource> raw, const std::string& name);
  ~Input();
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  // The next line without its '\n' (a trailing '\r' is kept: the parser
  // decides), valid until the next call; std::nullopt at the end. A line
  // longer than kMaxLine is cut there, and `cut` says so. When reading
  // fails (a truncated or corrupt compressed file, a read error, a file cut
  // shorter while it is read) the bytes of the line in progress come as a
  // kUnfinished line, and the next call throws the InputError, which names
  // the file and the line where reading stopped. Throws InputInterrupted
  // when a stop request ends a wait for input.
  std::optional<std::string_view> NextLine(LineCut& cut) {
    // Inline, the common case: a whole line in the bytes at hand of an
    // input that is not decoded (whose line position is its offset).
    if (decoded_ == nullptr) [[likely]] {
      const char* start = data_ + begin_;
      const void* newline = std::memchr(start, '\n', end_ - begin_);
      if (newline != nullptr) [[likely]] {
        const auto length =
            static_cast<size_t>(static_cast<const char*>(newline) - start);
        if (length <= kMaxLine) [[likely]] {
          cut = LineCut::kWhole;
          line_position_ = buffer_offset_ + begin_;
          begin_ += length + 1;
          ++lines_;
          return std::string_view(start, length);
        }
      }
    }
    return NextLineAnyway(cut);
  }
  // Where the line NextLine last returned starts, as engine/input/shard.h defines
  // a line's position: its byte offset in a plain file, the compressed bytes
  // read so far in a compressed one.
  uint64_t line_position() const { return line_position_; }
  // Reads the rest of the raw bytes without decoding them, so the hash and
  // the byte count cover the whole file; NextLine then returns nothing.
  void SkipRest();

  const InputFacts& facts() const { return facts_; }
  uint64_t raw_bytes_read() const;
  // Lowercase hex SHA-256 of every raw byte; call after the last line.
  std::string Sha256Hex();

  // Lowercase hex SHA-256 of the whole file at `path`, read raw (a plugin
  // library, for the report); throws InputError when it cannot be read.
  static std::string FileSha256Hex(const std::string& path);
  // The same of `file`, named `name` in the error.
  static std::string FileSha256Hex(const std::string& file,
                                   const std::string& name);

  // A compressed input stops with an InputError once it has decoded more
  // than kExpansionFloor bytes and more than `ratio` times the raw bytes
  // read: a small file that expands to many gigabytes (a compression bomb)
  // then costs seconds, not hours. 0 lifts the limit.
  void SetMaxExpansion(uint64_t ratio) { max_expansion_ = ratio; }
  static constexpr uint64_t kDefaultMaxExpansion = 100;
  static constexpr uint64_t kExpansionFloor = uint64_t{1} << 30;

  static constexpr size_t kMaxLine = 1 << 16;
  // A line that runs on past this many bytes without a newline (/dev/zero,
  // a disk image) is no dataset: NextLine throws InputError rather than
  // read on for ever. Lines up to it are cut at kMaxLine, as any long line.
  static constexpr uint64_t kMaxLineRead = uint64_t{1} << 28;
  // Why a line cut at kMaxLine is not read as a puzzle.
  static std::string TooLongReason() {
    return "line longer than " + std::to_string(kMaxLine) + " bytes";
  }
  // Why a kUnfinished line is not read as a puzzle.
  static std::string UnfinishedReason() {
    return "line unfinished: reading stopped inside it";
  }

 private:
  class RawFile;
  // NextLine for every case: refills, long lines, decoded input.
  std::optional<std::string_view> NextLineAnyway(LineCut& cut);
  // Picks the decoder from the raw bytes' magic number.
  void StartDecoding(const std::string& path);
  // Refills buffer_ from `source`. False when reading failed and a partial
  // line is `pending`: the failure is kept for the next call. Throws it,
  // naming the line, when none is.
  bool Refill(ByteSource& source, bool pending);
  // After the first read: reads on until the buffer holds the bytes that
  // tell a container (an archive) from text, a newline, or the end.
  void FillHead(ByteSource& source);
  // Throws InputError, naming the file and what it is, when the first bytes
  // read are an archive's (tar, zip, 7z) or bzip2's, not text.
  void RefuseContainer() const;
  // Throws when the decoded bytes outgrow the raw ones (a compression bomb).
  void CheckExpansion() const;
  // "PATH:LINE: `reason`; reading stopped at line LINE", LINE being the
  // line in progress.
  std::string StoppedAt(std::string_view reason) const;

  std::unique_ptr<RawFile> raw_;
  std::unique_ptr<ByteSource> decoded_;
  InputFacts facts_;
  // Not zeroed: a small file touches a few of its pages, not all 256
  // (which made opening an Input cost milliseconds, measured under ASan).
  static constexpr size_t kBufferSize = 1 << 20;
  std::unique_ptr<char[]> buffer_;
  // The bytes being split into lines: buffer_'s.
  const char* data_ = nullptr;
  size_t begin_ = 0;  // first unread byte in data_
  size_t end_ = 0;    // one past the last valid byte
  bool eof_ = false;
  std::string long_line_;       // a line that straddles refills
  uint64_t buffer_offset_ = 0;  // decoded bytes before data_
  uint64_t line_position_ = 0;
  uint64_t max_expansion_ = kDefaultMaxExpansion;
  uint64_t lines_ = 0;  // lines NextLine has returned
  // Why reading failed, said by the call after the unfinished line's.
  std::string failure_;
};

}  // namespace sudoku
