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
// input and pipes have no size and cannot be split by position.
//
// Under mpirun, standard input and compressed files are split by line
// blocks instead: every rank reads the whole stream, and a line belongs to
// the part whose turn its block is, round-robin:
//
//   line L (counted from 1) belongs to part  ((L-1) / kBlockLines) mod N + 1
//
// Blocks of lines, not single lines, keep each part's output in long runs
// that rank 0 joins block by block; round-robin keeps every part busy from
// the start of the stream to its end.
constexpr uint64_t kBlockLines = 4096;

struct Shard {
  uint32_t index = 1;
  uint32_t count = 1;

  bool whole() const { return count == 1; }
  // The positions this part owns, [begin, end), for a file of `size` bytes.
  uint64_t Begin(uint64_t size) const;
  uint64_t End(uint64_t size) const;
  std::string Name() const;  // "K/N"
  // Whether line `line` (from 1) is this part's under the block rule.
  bool OwnsBlockLine(uint64_t line) const {
    return (line - 1) / kBlockLines % count == index - 1;
  }

  friend bool operator==(const Shard&, const Shard&) = default;
};

// Parses "K/N" with 1 <= K <= N; std::nullopt with `error` set otherwise.
std::optional<Shard> ParseShard(std::string_view text, std::string& error);

}  // namespace sudoku
