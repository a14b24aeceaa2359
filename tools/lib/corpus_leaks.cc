// The leak pass of corpus leak and dupes: rows keyed by puzzle and solution
// grid, the two groupings' leaks reduced to one a row, written in row order.
#include "tools/lib/corpus_leaks.h"

#include <numeric>

#include "engine/input/dataset.h"
#include "engine/input/puzzle.h"
#include "tools/lib/corpus_check.h"

namespace sudoku {

RowClassification KeyLeakRow(CorpusRow& row, const ScanLine& line,
                      const Strategy& solver, uint64_t node_budget) {
  row.solution.reset();
  RowClassification verdict = ClassifyScanRow(row, line, solver, node_budget);
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

uint64_t LeakRowCounts::leaked(LeakKindSet counted) const {
  uint64_t sum = 0;
  for (int kind = 0; kind < kLeakKinds; ++kind) {
    if (counted.Has(static_cast<LeakKind>(kind))) sum += kinds[kind];
  }
  return sum;
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

LeakRowCounts CorpusLeaks::Finish(
    const std::vector<std::string>& paths,
    const std::function<void(const Leak&)>& on_row, std::ostream* groups) {
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
  counts_.kinds = collector.Drain(on_row);
  return counts_;
}

LeakRowCounts CorpusLeaks::Finish(const std::vector<std::string>& paths,
                                  std::ostream& out, std::ostream* groups,
                                  LeakKindSet kinds) {
  std::string text;
  const LeakRowCounts counts = Finish(
      paths,
      [&](const Leak& leak) {
        if (!kinds.Has(leak.kind)) return;
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
      },
      groups);
  out << text;
  return counts;
}

}  // namespace sudoku
