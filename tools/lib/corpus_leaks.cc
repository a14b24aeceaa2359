// The leak pass of corpus leak and dupes: rows keyed by puzzle and solution
// grid, the two groupings' leaks reduced to one a row, written in row order.
#include "tools/lib/corpus_leaks.h"

#include <numeric>

#include "engine/input/dataset.h"
#include "engine/input/puzzle.h"
#include "tools/lib/corpus_check.h"

namespace sudoku {

RowVerdict KeyLeakRow(CorpusRow& row, const ScanLine& line,
                      const Strategy& solver, uint64_t node_budget) {
  row.solution.reset();
  RowVerdict verdict = ClassifyScanRow(row, line, solver, node_budget);
  if (row.malformed) return verdict;
  row.puzzle = line.record.puzzle;
  CanonicalizeRow(row);
  // Only a puzzle with exactly one solution has a grid to key it by.
  if (verdict.solved && verdict.solve.outcome == Outcome::kSolved) {
    row.solution = SolutionRecordOf(row.puzzle, verdict.solve.solution,
                                    Position(row.file, row.line));
  }
  return verdict;
}

uint64_t LeakRowCounts::leaked() const {
  return std::accumulate(kinds.begin(), kinds.end(), uint64_t{0});
}

CorpusLeaks::CorpusLeaks(const LeakScope& scope, size_t memory_bytes,
                         const std::string& temp_dir)
    : scope_(scope),
      memory_(memory_bytes),
      temp_dir_(temp_dir),
      puzzles_(memory_.puzzles, temp_dir),
      solutions_(memory_.solutions, temp_dir) {}

void CorpusLeaks::Add(const CorpusRow& row) {
  const bool reported = scope_.Reports(Position(row.file, row.line));
  (reported ? counts_.statuses : counts_.before).Add(row.status);
  if (row.malformed) return;
  ++counts_.rows;
  counts_.reported += reported;
  puzzles_.Add(row);
  if (row.solution) {
    ++counts_.on_grid;
    solutions_.Add(*row.solution);
  }
}

LeakRowCounts CorpusLeaks::Finish(const std::vector<std::string>& paths,
                                  std::ostream& out, std::ostream* groups) {
  LeakCollector collector(memory_.leaks, temp_dir_);
  // The solution records first: their memory is free before the puzzle
  // groups' lines need theirs.
  solutions_.Finish(scope_, [&](const Leak& leak) { collector.Add(leak); });
  std::vector<Leak> leaks;
  auto puzzle_leaks = [&](const std::vector<GroupMember>& members) {
    leaks.clear();
    PuzzleGroupLeaks(members, scope_, leaks);
    for (const Leak& leak : leaks) collector.Add(leak);
  };
  counts_.puzzles =
      groups != nullptr
          ? WriteDuplicateGroups(puzzles_, paths, memory_.group_lines,
                                 temp_dir_, *groups, puzzle_leaks)
          : puzzles_.Finish(puzzle_leaks);
  std::string text;
  counts_.kinds = collector.Drain([&](const Leak& leak) {
    text.append(Where(paths, leak.row))
        .append(1, '\t')
        .append(LeakKindName(leak.kind))
        .append(1, '\t')
        .append(Where(paths, leak.partner))
        .append(1, '\n');
    if (text.size() > (1 << 16)) {
      out << text;
      text.clear();
    }
  });
  out << text;
  return counts_;
}

}  // namespace sudoku
