// The accountant stage: counts, messages and per-record output, in order.
#include "engine/pipeline_accountant.h"

#include <span>

namespace sudoku {

void Accountant::Account(const Batch& batch) {
  size_t problem = 0;
  for (size_t r = 0; r < batch.records.size(); ++r) {
    const PuzzleRecord& record = batch.records[r];
    ++result_.puzzle_lines;
    if (record.status != RecordStatus::kPuzzle) {
      ++(record.status == RecordStatus::kInvalid ? result_.invalid
                                                 : result_.malformed);
      observer_.OnProblem(
          path_ + ":" + std::to_string(record.line) + ": " + record.reason,
          false);
    }
    for (; problem < batch.problems.size() &&
           batch.problems[problem].record == r;
         ++problem) {
      observer_.OnProblem(batch.problems[problem].message,
                          batch.problems[problem].error);
    }
    observer_.OnRecord(path_, record,
                       std::span<const PuzzleOutcome>(
                           batch.outcomes.data() + r * strategies_,
                           strategies_));
  }
  const double elapsed =
      std::chrono::duration<double>(Clock::now() - start_).count();
  observer_.OnProgress(result_.puzzle_lines, batch.raw_bytes,
                       result_.input.raw_size, elapsed);
}

}  // namespace sudoku
