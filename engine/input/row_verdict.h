// One verdict per dataset row, the one bench's tools and pages all name: a
// row is good, or bad in exactly one way, the first that holds in this order.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/input/dataset.h"
#include "strategies/strategy.h"

namespace sudoku {

// A row's status. The names (RowStatusName) are stable: messages, the bad
// rows' files, summaries, cards and JSON say them; new ones go at the end.
enum class RowStatus : uint8_t {
  kGood,              // "good": one solution, the file's answer and counts right
  kMalformed,         // "malformed": not a row of its file's layout
  kInvalidGivens,     // "invalid givens": two givens repeat a digit in a unit
  kNoSolution,        // "no solution": valid givens that nothing completes
  kSeveralSolutions,  // "several solutions"
  kWrongAnswer,       // "wrong answer": 81 digits, but not the solution
  kWrongCount,        // "wrong count": a count field (solutions, clues) lies
  kOverBudget,        // "over budget": not settled within a node budget
};
inline constexpr int kRowStatuses = 8;

std::string_view RowStatusName(RowStatus status);

// A row's verdict: its status, why (empty when good), and the solve that
// settled it (solutions counted to 2; none for a malformed row or invalid
// givens, which are settled without one).
struct RowClassification {
  RowStatus status = RowStatus::kGood;
  std::string detail;
  SolveResult solve;
  bool solved = false;  // whether `solve` was run
  // "status: detail", as every tool names a bad row.
  std::string Reason() const;
};

// What a row is besides its parse: the trimmed line and its file's layout
// and CSV header (empty when none), for the count fields a layout has.
struct RowText {
  std::string_view content;
  DatasetFormat format;
  std::string_view header;
};

// Classifies one parsed row (DatasetParser::ParseRecord, with either
// GivensCheck): malformed when the parse refused it (a field that is no
// grid, a blank or an answer with blanks where the layout has an answer, a
// column too many or too few), else its givens checked, then one solve to
// two solutions with `solver` within `node_budget`, then the file's answer
// and count fields. Reentrant: any thread.
RowClassification ClassifyRow(const PuzzleRecord& record, const RowText& text,
                       const Strategy& solver,
                       uint64_t node_budget = kUnlimitedNodes);

// Rows by status.
struct RowStatusCounts {
  std::array<uint64_t, kRowStatuses> counts{};
  void Add(RowStatus status) { ++counts[static_cast<int>(status)]; }
  uint64_t operator[](RowStatus status) const {
    return counts[static_cast<int>(status)];
  }
  uint64_t rows() const;
  uint64_t bad() const { return rows() - (*this)[RowStatus::kGood]; }
  // "9 good, 3 bad (malformed 1; wrong answer 2)", the words every tool's
  // summary uses; the bad kinds with no row are left out.
  std::string Summary() const;
};

}  // namespace sudoku
