// Files in the formats machine-learning sets ship in, made by the tests: NumPy
// .npy arrays written byte by byte, and zip archives written with libzip.
#pragma once

#include <zip.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace sudoku::testing {

// A .npy file (format version 1.0) of `cells` as dtype `descr` ('<i8',
// '|u1', '>u2', ...), its header saying `shape` ("(3, 81)").
inline std::string NpyBytes(const std::string& descr, const std::string& shape,
                            const std::vector<int64_t>& cells) {
  std::string header = "{'descr': '" + descr +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string bytes = "\x93NUMPY\x01";
  bytes += '\0';
  bytes += static_cast<char>(header.size() & 0xff);
  bytes += static_cast<char>(header.size() >> 8);
  bytes += header;
  const size_t size = static_cast<size_t>(descr[2] - '0');
  for (const int64_t cell : cells) {
    const auto value = static_cast<uint64_t>(cell);
    for (size_t i = 0; i < size; ++i) {
      const size_t shift = descr[0] == '>' ? size - 1 - i : i;
      bytes += static_cast<char>((value >> (8 * shift)) & 0xff);
    }
  }
  return bytes;
}

// The cells of 81-character grids in the 0-9 encoding (0 blank), or HRM's
// (digit + 1, 1 blank).
inline std::vector<int64_t> GridCells(const std::vector<std::string>& grids,
                                      bool hrm) {
  std::vector<int64_t> cells;
  for (const std::string& grid : grids) {
    for (const char c : grid) {
      const int64_t digit = c >= '1' && c <= '9' ? c - '0' : 0;
      cells.push_back(hrm ? digit + 1 : digit);
    }
  }
  return cells;
}

// A zip archive at `path` holding `members` (name, content), deflated.
inline void WriteZip(const std::string& path,
                     const std::vector<std::pair<std::string, std::string>>&
                         members) {
  int error = 0;
  zip_t* archive = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
  if (archive == nullptr) throw std::runtime_error("zip_open failed");
  for (const auto& [name, content] : members) {
    zip_source_t* source =
        zip_source_buffer(archive, content.data(), content.size(), 0);
    if (source == nullptr ||
        zip_file_add(archive, name.c_str(), source, ZIP_FL_OVERWRITE) < 0) {
      zip_source_free(source);
      zip_discard(archive);
      throw std::runtime_error("zip_file_add failed");
    }
  }
  if (zip_close(archive) != 0) throw std::runtime_error("zip_close failed");
}

}  // namespace sudoku::testing
