// Per-puzzle outputs written in input order: the per-puzzle CSV and the
// solutions file.
#include "engine/report/puzzle_outputs.h"

#include "engine/input/puzzle.h"
#include "engine/report/csv_reporter.h"

namespace sudoku {

PerPuzzleWriter::PerPuzzleWriter(std::ostream& out,
                                 std::vector<std::string> strategy_names,
                                 bool header)
    : out_(out), names_(std::move(strategy_names)) {
  // Quoted once, as RFC 4180 has it: PerPuzzleReader reads them back.
  for (std::string& name : names_) name = CsvField(name);
  if (header) out_ << kPerPuzzleHeader << '\n';
}

void PerPuzzleWriter::OnRecord(const std::string& path,
                               const PuzzleRecord& record,
                               std::span<const PuzzleOutcome> outcomes) {
  const std::string file = CsvField(path);
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const PuzzleOutcome& o = outcomes[i];
    out_ << file << ',' << record.line << ',' << names_[i] << ','
         << VerdictName(o.verdict) << ',' << o.nanos << ',' << o.result.nodes
         << '\n';
  }
}

void SolutionsWriter::OnRecord(const std::string&, const PuzzleRecord& record,
                               std::span<const PuzzleOutcome> outcomes) {
  if (record.status == RecordStatus::kMalformed) return;
  out_ << FormatGrid(record.puzzle) << ':';
  if (outcomes.empty() || record.status == RecordStatus::kInvalid) {
    out_ << "0:-\n";
    return;
  }
  const PuzzleOutcome& first = outcomes.front();
  // Stopped by the budget (or a counter's end under --limit all): the
  // solutions found so far are no count, and 0 would claim none. The word
  // reads back as a note: a puzzle line with no reference.
  if (first.verdict == Verdict::kOverBudget) {
    out_ << "over_budget\n";
    return;
  }
  const bool has =
      first.result.solutions > 0 && first.verdict != Verdict::kWrong;
  out_ << (has ? first.result.solutions : 0) << ':'
       << (has ? FormatGrid(first.result.solution) : "-") << '\n';
}

}  // namespace sudoku
