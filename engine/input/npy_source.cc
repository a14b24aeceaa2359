// NumPy .npy arrays of grids decoded to 81-character lines. The format is a
// magic string, a version, a Python dict literal naming the dtype, the order
// and the shape, then the cells, row after row (numpy.lib.format documents
// it); Debian has no C or C++ library for it, and this reads only the little
// of it a grid array uses.
#include "engine/input/npy_source.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "engine/input/puzzle.h"

namespace sudoku {
namespace {

constexpr std::string_view kMagic = "\x93NUMPY";
constexpr size_t kMaxHeader = 1 << 16;
constexpr uint64_t kChunkRows = 1024;

// Reads exactly `size` bytes unless the data ends first; returns how many.
size_t ReadFully(ByteSource& raw, char* buffer, size_t size) {
  size_t got = 0;
  while (got < size) {
    const size_t n = raw.Read(buffer + got, size - got);
    if (n == 0) break;
    got += n;
  }
  return got;
}

// The text after `key`'s colon in the header dict, spaces skipped.
std::optional<std::string_view> ValueOf(std::string_view header,
                                        std::string_view key) {
  for (const char quote : {'\'', '"'}) {
    const std::string quoted = quote + std::string(key) + quote;
    size_t at = header.find(quoted);
    if (at == std::string_view::npos) continue;
    at = header.find(':', at + quoted.size());
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view rest = header.substr(at + 1);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    return rest;
  }
  return std::nullopt;
}

// The dimensions of a shape tuple such as `(1000, 81)` or `(81,)`.
std::optional<std::vector<uint64_t>> ParseShape(std::string_view text) {
  if (text.empty() || text.front() != '(') return std::nullopt;
  const size_t close = text.find(')');
  if (close == std::string_view::npos) return std::nullopt;
  std::vector<uint64_t> dims;
  std::string_view rest = text.substr(1, close - 1);
  while (!rest.empty()) {
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == ','))
      rest.remove_prefix(1);
    if (rest.empty()) break;
    uint64_t dim = 0;
    const auto [end, error] =
        std::from_chars(rest.data(), rest.data() + rest.size(), dim);
    if (error != std::errc()) return std::nullopt;
    dims.push_back(dim);
    rest.remove_prefix(static_cast<size_t>(end - rest.data()));
    if (!rest.empty() && rest.front() == 'L') rest.remove_prefix(1);  // py2
  }
  return dims;
}

// A cell's integer type: '<i8', '|u1', '>u2', ...
struct CellType {
  size_t size = 0;
  bool is_signed = false;
  bool big_endian = false;
};

std::optional<CellType> ParseDescr(std::string_view text) {
  if (text.size() < 5 || (text[0] != '\'' && text[0] != '"') ||
      text[4] != text[0]) {
    return std::nullopt;
  }
  const char order = text[1], kind = text[2], size = text[3];
  if (std::string_view("<>|=").find(order) == std::string_view::npos ||
      (kind != 'i' && kind != 'u') ||
      std::string_view("1248").find(size) == std::string_view::npos) {
    return std::nullopt;
  }
  return CellType{static_cast<size_t>(size - '0'), kind == 'i', order == '>'};
}

class NpySource : public ByteSource {
 public:
  explicit NpySource(ByteSource& raw) : raw_(raw) { ReadHeader(); }

  size_t Read(char* buffer, size_t capacity) override {
    while (text_pos_ == text_.size()) {
      text_.clear();
      text_pos_ = 0;
      if (!DecodeRows()) return 0;
    }
    const size_t n = std::min(capacity, text_.size() - text_pos_);
    std::memcpy(buffer, text_.data() + text_pos_, n);
    text_pos_ += n;
    return n;
  }

 private:
  enum class Encoding { kUnknown, kZeroBlank, kHrm };

  void ReadHeader();
  void CheckHeader(std::string_view header);
  bool DecodeRows();
  void DecodeRow(const unsigned char* cells);
  void Emit(const int64_t* values);
  void Decide(Encoding encoding);
  [[noreturn]] void Fail(const std::string& reason) const {
    throw InputError("npy row " + std::to_string(row_ + 1) + " (index " +
                     std::to_string(row_) + "): " + reason);
  }

  int64_t Cell(const unsigned char* p) const {
    uint64_t value = 0;
    for (size_t i = 0; i < type_.size; ++i) {
      const size_t at = type_.big_endian ? type_.size - 1 - i : i;
      value |= uint64_t{p[at]} << (8 * i);
    }
    const size_t bits = 8 * type_.size;
    if (type_.is_signed && bits < 64 && (value >> (bits - 1)) != 0) {
      value |= ~uint64_t{0} << bits;
    }
    return static_cast<int64_t>(value);
  }

  ByteSource& raw_;
  CellType type_;
  uint64_t rows_ = 0;
  uint64_t row_ = 0;  // rows decoded
  Encoding encoding_ = Encoding::kUnknown;
  uint64_t deciding_row_ = 0;  // the row that decided the encoding (1-based)
  std::vector<int64_t> held_;  // rows before the encoding was known
  std::vector<char> chunk_;
  std::string text_;
  size_t text_pos_ = 0;
  bool ended_ = false;
  std::string failure_;  // said by the call after the rows before it
};

void NpySource::ReadHeader() {
  char start[10];
  if (ReadFully(raw_, start, 8) < 8 || std::string_view(start, 6) != kMagic) {
    throw InputError("npy header ends early (truncated file)");
  }
  const int major = static_cast<unsigned char>(start[6]);
  const size_t length_bytes = major == 1 ? 2 : 4;
  if (major < 1 || major > 3) {
    throw InputError("npy format version " + std::to_string(major) +
                     " is not one numpy writes (1 to 3)");
  }
  if (ReadFully(raw_, start, length_bytes) < length_bytes) {
    throw InputError("npy header ends early (truncated file)");
  }
  size_t length = 0;
  for (size_t i = 0; i < length_bytes; ++i) {
    length |= size_t{static_cast<unsigned char>(start[i])} << (8 * i);
  }
  if (length > kMaxHeader) {
    throw InputError("npy header of " + std::to_string(length) +
                     " bytes: not a grid array's");
  }
  std::string header(length, '\0');
  if (ReadFully(raw_, header.data(), length) < length) {
    throw InputError("npy header ends early (truncated file)");
  }
  CheckHeader(header);
}

void NpySource::CheckHeader(std::string_view header) {
  const auto descr = ValueOf(header, "descr");
  const auto type = descr ? ParseDescr(*descr) : std::nullopt;
  if (!type) {
    throw InputError("npy dtype " +
                     std::string(descr ? descr->substr(0, descr->find_first_of(",}")) : "missing") +
                     " is not an integer type (int8 to int64, uint8 to "
                     "uint64): save the array with .astype('uint8')");
  }
  type_ = *type;
  const auto fortran = ValueOf(header, "fortran_order");
  if (!fortran || !fortran->starts_with("False")) {
    throw InputError("npy array is in Fortran (column) order: save it with "
                     "numpy.ascontiguousarray");
  }
  const auto shape_text = ValueOf(header, "shape");
  const auto shape = shape_text ? ParseShape(*shape_text) : std::nullopt;
  const bool grids =
      shape && ((shape->size() == 2 && (*shape)[1] == kCells) ||
                (shape->size() == 3 && (*shape)[1] == 9 && (*shape)[2] == 9) ||
                (shape->size() == 1 && (*shape)[0] == kCells));
  if (!grids) {
    const std::string said(shape_text ? shape_text->substr(
                                            0, shape_text->find(')') + 1)
                                      : "missing");
    throw InputError("npy shape " + said +
                     " is not one of grids: expected (N, 81) or (N, 9, 9)");
  }
  rows_ = shape->size() == 1 ? 1 : (*shape)[0];
  chunk_.resize(kChunkRows * kCells * type_.size);
}

bool NpySource::DecodeRows() {
  if (!failure_.empty()) throw InputError(failure_);
  if (ended_) return false;
  const size_t row_bytes = kCells * type_.size;
  const uint64_t want = std::min<uint64_t>(kChunkRows, rows_ - row_);
  const size_t got = ReadFully(raw_, chunk_.data(), want * row_bytes);
  const uint64_t whole = got / row_bytes;
  try {
    for (uint64_t i = 0; i < whole; ++i) {
      DecodeRow(reinterpret_cast<const unsigned char*>(chunk_.data()) +
                i * row_bytes);
    }
    if (whole < want) {
      Fail("npy data ends early: " + std::to_string(rows_) +
           " rows declared, " + std::to_string(row_) +
           " whole (truncated file)");
    }
    if (row_ == rows_) {
      Decide(encoding_ == Encoding::kUnknown ? Encoding::kZeroBlank
                                             : encoding_);
      ended_ = true;
      char extra;
      if (raw_.Read(&extra, 1) != 0) {
        throw InputError("npy data runs on after its " +
                         std::to_string(rows_) + " rows");
      }
    }
  } catch (const InputError& error) {
    if (text_.empty()) throw;
    failure_ = error.what();  // the rows before it go out first
    ended_ = true;
  }
  return !text_.empty() || !ended_;
}

void NpySource::DecodeRow(const unsigned char* cells) {
  int64_t values[kCells];
  bool zero = false, ten = false;
  for (int i = 0; i < kCells; ++i) {
    values[i] = Cell(cells + i * type_.size);
    if (values[i] < 0 || values[i] > 10) {
      Fail("cell " + std::to_string(i + 1) + " holds " +
           std::to_string(values[i]) +
           ", in neither encoding (0-9, 0 blank; or HRM's 1-10, 1 blank)");
    }
    zero |= values[i] == 0;
    ten |= values[i] == 10;
  }
  if (zero && ten) Fail("holds both 0 and 10, which no one encoding does");
  const Encoding wanted = zero  ? Encoding::kZeroBlank
                          : ten ? Encoding::kHrm
                                : Encoding::kUnknown;
  if (wanted != Encoding::kUnknown && encoding_ != Encoding::kUnknown &&
      wanted != encoding_) {
    Fail(std::string("holds ") + (zero ? "0" : "10") + " where row " +
         std::to_string(deciding_row_) + " set the " +
         (encoding_ == Encoding::kHrm ? "HRM encoding (1-10, 1 blank)"
                                      : "0-9 encoding (0 blank)"));
  }
  if (encoding_ == Encoding::kUnknown && wanted != Encoding::kUnknown) {
    deciding_row_ = row_ + 1;
    Decide(wanted);
  }
  ++row_;
  if (encoding_ == Encoding::kUnknown) {
    held_.insert(held_.end(), values, values + kCells);
    if (held_.size() == kNpyHeldRows * kCells) Decide(Encoding::kZeroBlank);
    return;
  }
  Emit(values);
}

void NpySource::Decide(Encoding encoding) {
  encoding_ = encoding;
  for (size_t at = 0; at < held_.size(); at += kCells) Emit(&held_[at]);
  held_.clear();
}

void NpySource::Emit(const int64_t* values) {
  const int64_t blank = encoding_ == Encoding::kHrm ? 1 : 0;
  for (int i = 0; i < kCells; ++i) {
    text_ += values[i] == blank ? '.' : static_cast<char>('0' + values[i] - blank);
  }
  text_ += '\n';
}

}  // namespace

bool IsNpyMagic(std::string_view magic) { return magic.starts_with(kMagic); }

std::unique_ptr<ByteSource> NpyDecoder(ByteSource& raw) {
  return std::make_unique<NpySource>(raw);
}

}  // namespace sudoku
