// The leaks a machine-learning set has beyond a repeated puzzle: rows on one
// solution grid up to symmetry, and rows whose clues hold another's within
// that grid; each leak with its kind, for corpus leak and dupes.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "tools/lib/corpus_groups.h"
#include "tools/lib/solution_key.h"
#include "tools/lib/spill_sort.h"

namespace sudoku {

// The kinds of leak, strongest first. A row is reported once, with its
// strongest kind and, of that kind, its earliest partner. 64 bits wide, so
// that a Leak has no padding: the spill sort writes records byte for byte.
enum class LeakKind : uint64_t {
  kSameText,    // (a) a partner has the same givens in the same cells
  kSamePuzzle,  // (a) a partner is the same puzzle up to symmetry
  // (c) the same solution grid up to symmetry, and under one of the maps
  // between the two rows (a symmetry times an automorphism of the grid) the
  // partner's clues are a proper subset of the row's: the row is the
  // partner plus clues from its solution
  kMoreClues,
  // (c) ... the row's clues a proper subset of the partner's: the row is
  // the partner with clues taken away
  kFewerClues,
  kSameGrid,  // (b) the same solution grid up to symmetry, other clues
};
constexpr int kLeakKinds = 5;

// "same text", "same puzzle", "more clues", "fewer clues", "same grid".
std::string_view LeakKindName(LeakKind kind);

// A row's leak. Positions are corpus_scan.h's Position(file, line), so they
// sort in input order. Sorted by row, kind, then partner: a row's first leak
// is the one to report.
struct Leak {  // 24 bytes
  uint64_t row = 0;
  LeakKind kind = LeakKind::kSameGrid;
  uint64_t partner = 0;
  auto operator<=>(const Leak&) const = default;
};
static_assert(std::has_unique_object_representations_v<Leak>);

// Which rows are compared with which, by position.
//   corpus leak:  TestAgainstTraining(Position(training files, 0)): each
//                 test row against the training rows
//   corpus dupes: WithinOneSet(): each row against the rows before it
struct LeakScope {
  uint64_t rows_from = 0;                   // rows reported: from here on
  uint64_t partners_before = ~uint64_t{0};  // partners: before here

  static LeakScope TestAgainstTraining(uint64_t first_test) {
    return {first_test, first_test};
  }
  static LeakScope WithinOneSet() { return {}; }
  bool Reports(uint64_t row) const { return row >= rows_from; }
  // Partners of `row` lie before this position.
  uint64_t PartnersOf(uint64_t row) const {
    return row < partners_before ? row : partners_before;
  }
};

// Kind (a) in one group of PuzzleGroups::Finish (one puzzle up to symmetry,
// members ordered by spelling, then position): each row in scope with a
// partner gets kSameText, naming the earliest partner of its text, or else
// kSamePuzzle, naming the group's earliest partner. O(n log n).
void PuzzleGroupLeaks(const std::vector<GroupMember>& members,
                      const LeakScope& scope, std::vector<Leak>& out);

// A row of a solution group.
struct SolutionMember {
  uint64_t position = 0;
  CellSet clues;
};

// Kinds (a), (b) and (c) in one group of rows on one canonical solution
// grid. `members` are in position order; `automorphisms` are the grid's
// cell maps, the identity among them (empty: the identity alone). Each row
// in scope with a partner gets kSamePuzzle when an automorphism maps its
// clues onto a partner's, else kMoreClues or kFewerClues when one maps them
// onto a proper superset or subset of a partner's, else kSameGrid.
// Equal clues and the same grid cost O(n log n) for n rows; clue subsets
// cost up to n^2 / 2 mask tests times the automorphisms (about 1 ns a test:
// 30,000 unrelated rows on one grid take 0.4 s, 100,000 about 5 s).
void SolutionGroupLeaks(const std::vector<SolutionMember>& members,
                        const std::vector<CellMap>& automorphisms,
                        const LeakScope& scope, std::vector<Leak>& out);

struct SolutionCounts {
  uint64_t rows = 0;    // rows with a record
  uint64_t grids = 0;   // distinct grids up to symmetry among them
  uint64_t shared = 0;  // rows whose grid another row has too
};

// Rows' solution records within a memory bound (past it, sorted runs in
// temporary files; see SpillSorter), then the leaks of each grid's group.
// A group's members are held in memory while it is searched (24 bytes a
// row).
class SolutionGroups {
 public:
  SolutionGroups(size_t memory_bytes, const std::string& temp_dir)
      : records_(memory_bytes, temp_dir) {}

  void Add(const SolutionRecord& record) { records_.Add(record); }

  // Calls on_leak for each row's leaks, group by group. Call once.
  SolutionCounts Finish(const LeakScope& scope,
                        const std::function<void(const Leak&)>& on_leak);

  uint64_t runs_written() const { return records_.runs_written(); }

 private:
  SpillSorter<SolutionRecord> records_;
};

// Leaks from every source (puzzle groups, solution groups), reduced to one a
// row, the first in Leak's order, handed back in row order; within a memory
// bound (24 bytes a leak).
class LeakCollector {
 public:
  LeakCollector(size_t memory_bytes, const std::string& temp_dir)
      : leaks_(memory_bytes, temp_dir) {}

  void Add(const Leak& leak) { leaks_.Add(leak); }

  // Calls on_row once per leaking row; returns the rows by kind. Call once.
  std::array<uint64_t, kLeakKinds> Drain(
      const std::function<void(const Leak&)>& on_row);

 private:
  SpillSorter<Leak> leaks_;
};

}  // namespace sudoku
