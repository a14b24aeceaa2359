// The driver's events, seen in input order from its serial stage: every
// line's results, problems, progress and each batch accounted.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "engine/input/dataset.h"
#include "engine/stats/run_result.h"

namespace sudoku {

// Sees every line's results in input order, from the driver's serial stage.
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  // `outcomes` has one entry per strategy, in RunOptions order.
  virtual void OnRecord(const std::string& /*path*/, const PuzzleRecord&,
                        std::span<const PuzzleOutcome> /*outcomes*/) {}
  // A problem worth a person's attention, already phrased "file:line: ...".
  // `error` marks wrong or disagreeing answers (exit 1); otherwise a bad
  // input line, which is counted and skipped.
  virtual void OnProblem(const std::string& /*message*/, bool /*error*/) {}
  virtual void OnProgress(uint64_t /*lines_done*/, uint64_t /*raw_bytes*/,
                          std::optional<uint64_t> /*raw_size*/,
                          double /*elapsed_s*/) {}
  // After each batch is accounted: the pass so far (counts and statistics
  // of exactly the lines accounted, wall and CPU time so far) and where it
  // stands. A checkpoint is written from here.
  virtual void OnAccounted(const DatasetResult& /*so_far*/, PassPoint) {}
  // False when OnRecord does nothing, so the accountant need not call it for
  // every line (asked once per batch).
  virtual bool WantsRecords() const { return true; }
};

}  // namespace sudoku
