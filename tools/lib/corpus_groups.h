// Rows grouped by puzzle up to symmetry (equal canonical keys), within a
// memory budget: what corpus dupes, leak and card count and print.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "tools/lib/canonical.h"
#include "tools/lib/corpus_scan.h"
#include "tools/lib/spill_sort.h"

namespace sudoku {

// What is kept of a puzzle row: 32 bytes. Sorted by key, then spelling,
// then position.
struct KeyRecord {
  GridKey key;            // of the canonical form
  uint64_t spelling = 0;  // CorpusRow::spelling
  uint64_t position = 0;  // Position(file, line)
  auto operator<=>(const KeyRecord&) const = default;
};

// One row of a group.
struct GroupMember {
  uint64_t spelling = 0;
  uint64_t position = 0;
};

// What grouping found. Every row is in exactly one group, so
// rows = distinct + exact + reworded.
struct DuplicateCounts {
  uint64_t rows = 0;       // well-formed rows grouped
  uint64_t distinct = 0;   // groups: puzzles distinct up to symmetry
  uint64_t spellings = 0;  // distinct texts (equal grids) among the rows
  uint64_t groups = 0;     // groups of two rows or more
  uint64_t grouped = 0;    // rows in those groups
  // Rows that repeat an earlier row's text exactly.
  uint64_t exact() const { return rows - spellings; }
  // Rows that spell an earlier row's puzzle differently (a symmetry away).
  uint64_t reworded() const { return spellings - distinct; }
};

// Collects rows' keys, then hands back each group of rows whose canonical
// forms are equal: a puzzle and every row that spells it.
class PuzzleGroups {
 public:
  // Keys beyond `memory_bytes` (32 bytes a row) go to sorted runs in
  // temporary files in `temp_dir`.
  PuzzleGroups(size_t memory_bytes, const std::string& temp_dir)
      : keys_(memory_bytes, temp_dir) {}

  // A well-formed row whose key and spelling are set.
  void Add(const CorpusRow& row) {
    keys_.Add({row.key, row.spelling, Position(row.file, row.line)});
  }

  // Calls on_group once per group, its members ordered by spelling, then
  // position; a group's members are held in memory (16 bytes a row) while
  // it is handed over. Call once.
  DuplicateCounts Finish(
      const std::function<void(const std::vector<GroupMember>&)>& on_group);

  uint64_t runs_written() const { return keys_.runs_written(); }

 private:
  SpillSorter<KeyRecord> keys_;
};

// corpus dupes --groups: every group of two rows or more as one line, in the
// order of the groups' first rows,
//
//   3 rows, 2 spellings: a.txt:5 = a.txt:9 ~ b.txt:2
//
// where `=` joins rows of the same text (exact copies, listed together) and
// `~` the next spelling of the same puzzle. The lines are ordered within
// `memory_bytes` too (32 bytes a grouped row). `also`, when set, sees every
// group too (corpus dupes finds its leaks in the same pass).
DuplicateCounts WriteDuplicateGroups(
    PuzzleGroups& groups, const std::vector<std::string>& paths,
    size_t memory_bytes, const std::string& temp_dir, std::ostream& out,
    const std::function<void(const std::vector<GroupMember>&)>& also = {});

}  // namespace sudoku
