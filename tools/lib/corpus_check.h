// corpus check's verdict on one row of any layout: well formed, valid
// givens, exactly one solution, the file's answer and count fields right.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "strategies/strategy.h"
#include "tools/lib/corpus_scan.h"

namespace sudoku {

// What is wrong with a row, the first that holds in this order.
enum class CheckKind : uint8_t {
  kGood,
  kMalformed,         // not a puzzle row of its layout
  kInvalidGivens,     // two givens repeat a digit in a unit
  kNoSolution,        // the givens are valid but nothing completes them
  kSeveralSolutions,  // more than one solution
  kWrongAnswer,       // the answer column is not the puzzle's solution
  kWrongCount,        // a count field (solutions, clues) says otherwise
};
inline constexpr int kCheckKinds = 7;

// The kind's name as messages, the bad-rows column and the summary say it.
std::string_view CheckKindName(CheckKind kind);

// Judges one row (CorpusScan::judge): solves its puzzle with `strategy` up
// to two solutions, sets row.verdict, and, for a bad row, row.malformed
// (so that the scan names it and exits 1) and row.reason = "kind: detail".
void JudgeRow(CorpusRow& row, const ScanLine& line, const Strategy& strategy);

// The count of rows of each kind.
struct CheckCounts {
  std::array<uint64_t, kCheckKinds> kinds{};
  uint64_t rows() const;
  uint64_t bad() const { return rows() - kinds[0]; }
};

// `row` with `reason` added as its last column, as the bad-rows file has
// it: a quoted CSV field after a comma for a CSV layout, after a tab in the
// lines layout. Every other byte of the row is kept.
std::string WithReason(std::string_view row, bool csv, std::string_view reason);

}  // namespace sudoku
