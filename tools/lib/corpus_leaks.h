// corpus leak and dupes over every leak kind: each row keyed by its puzzle
// and, when it has one, its solution grid; each leaking row written once,
// tab-separated, with its strongest kind and its partner.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/input/row_verdict.h"
#include "strategies/strategy.h"
#include "tools/lib/corpus_groups.h"
#include "tools/lib/corpus_scan.h"
#include "tools/lib/grid_leaks.h"
#include "tools/lib/leak_kinds.h"

namespace sudoku {

// Classifies one row of any layout (CorpusScan::judge, ClassifyScanRow on
// `solver` within `node_budget`) and keys it: its canonical form, and its
// solution grid's record when it has one (the unique solution the verdict's
// solve found; a wrong answer hides no leak). Every row but a malformed one
// is a puzzle and is compared on it; a bad one is named on standard error
// with its status, as corpus check names it.
RowClassification KeyLeakRow(CorpusRow& row, const ScanLine& line,
                      const Strategy& solver,
                      uint64_t node_budget = kUnlimitedNodes);

// What a leak pass found.
struct LeakRowCounts {
  std::array<uint64_t, kLeakKinds> kinds{};  // leaking rows by kind
  uint64_t rows = 0;      // puzzle rows: every row but malformed ones
  uint64_t reported = 0;  // ... of them in the scope's reported rows
  uint64_t on_grid = 0;   // ... of them keyed by a solution grid too
  // Every row by its verdict, malformed ones included, of the rows before
  // the scope's reported ones (training) and from them on.
  RowStatusCounts before, statuses;
  DuplicateCounts puzzles;  // the puzzle groups
  uint64_t leaked() const;
  uint64_t leaked(LeakKindSet counted) const;  // rows of those kinds
};

// The memory of one leak pass, split among its sorts (in bytes a row: puzzle
// keys 32, solution records 48, leaks 24, --groups lines 32), so that they
// hold no more than the bound together.
struct LeakMemory {
  explicit LeakMemory(size_t total)
      : puzzles(total / 4),
        solutions(total / 8 * 3),
        leaks(total / 8),
        group_lines(total / 4) {}
  size_t puzzles, solutions, leaks, group_lines;
};

// The rows of one or more inputs, then every row of `scope` with a partner
// in it: one line per leaking row, in row order,
//
//   test.csv:7<TAB>more clues<TAB>train.csv:3
//
// the row, its strongest kind (LeakKindName, in LeakKind's order), and of
// that kind its earliest partner (for dupes: an earlier row of the set).
class CorpusLeaks {
 public:
  CorpusLeaks(const LeakScope& scope, size_t memory_bytes,
              const std::string& temp_dir);

  // A scanned row keyed by KeyLeakRow; a malformed one is only counted.
  void Add(const CorpusRow& row);

  // Writes the leak lines of `kinds` to `out` and, when `groups` is set,
  // the puzzle groups to it as WriteDuplicateGroups writes them. The counts
  // hold every kind. Call once (this or the other).
  LeakRowCounts Finish(const std::vector<std::string>& paths, std::ostream& out,
                       std::ostream* groups = nullptr,
                       LeakKindSet kinds = LeakKindSet());

  // Hands each leaking row's one leak (its strongest kind, earliest partner)
  // to `on_row`, in row order, as data (corpus clean drops by it).
  LeakRowCounts Finish(const std::vector<std::string>& paths,
                       const std::function<void(const Leak&)>& on_row,
                       std::ostream* groups = nullptr);

 private:
  LeakScope scope_;
  LeakMemory memory_;
  std::string temp_dir_;
  PuzzleGroups puzzles_;
  SolutionGroups solutions_;
  LeakRowCounts counts_;
};

}  // namespace sudoku
