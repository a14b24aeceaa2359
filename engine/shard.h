// Which part of a dataset a `bench --shard K/N` process reads: the rule that
// splits a file into N line-aligned parts, every line in exactly one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku {

// Part `index` (1-based) of `count`. The default, 1/1, is the whole file.
//
// A line belongs to the part whose byte range holds its position:
//
//   part K of N:  [ floor(S*(K-1)/N), floor(S*K/N) )   the last part to +inf
//
// where S is the file's raw size. A line's position is the offset of its
// first byte in a plain file. A compressed file cannot be entered at an
// offset, so there a line's position is the count of compressed bytes the
// decoder had read when the reader started on the line: it grows with the
// line number, so each part is still a run of consecutive lines. Standard
// input and pipes have no size and cannot be split.
struct Shard {
  uint32_t index = 1;
  uint32_t count = 1;

  bool whole() const { return count == 1; }
  // The positions this part owns, [begin, end), for a file of `size` bytes.
  uint64_t Begin(uint64_t size) const;
  uint64_t End(uint64_t size) const;
  std::string Name() const;  // "K/N"

  friend bool operator==(const Shard&, const Shard&) = default;
};

// Parses "K/N" with 1 <= K <= N; std::nullopt with `error` set otherwise.
std::optional<Shard> ParseShard(std::string_view text, std::string& error);

}  // namespace sudoku
