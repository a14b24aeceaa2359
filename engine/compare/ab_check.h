// bench --ab's observer: holds two strategies' searches to each other puzzle
// by puzzle, and sums their solve times per pipeline batch.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/compare/ab_verdict.h"
#include "engine/stats/run_observer.h"

namespace sudoku {

// Sees a run of exactly two strategies (A first in RunOptions). Records
// arrive in input order and the reader cuts batches of `batch_size` records,
// so the n-th record belongs to batch n / batch_size: the batch whose order
// the solver stage alternated. Memory: two integers per batch.
class AbCheck : public RunObserver {
 public:
  AbCheck(std::string a_name, std::string b_name, size_t batch_size)
      : a_name_(std::move(a_name)),
        b_name_(std::move(b_name)),
        batcher_(batch_size) {}

  // Starts a dataset afresh: its batches count from 0, of `batch_size`
  // records each (the pipeline's batch for this dataset).
  void StartDataset(size_t batch_size);
  void OnRecord(const std::string& path, const PuzzleRecord& record,
                std::span<const PuzzleOutcome> outcomes) override;

  // The batches so far (SumBatch of each), the partial last one included.
  std::vector<AbBatch> Batches() const { return batcher_.Batches(); }
  // Puzzles whose nodes or outcome differ, and the first few as
  // "file:line: A 123 nodes (solved), B 456 nodes (solved)".
  uint64_t differences() const { return differences_; }
  const std::vector<std::string>& first_differences() const {
    return first_differences_;
  }
  static constexpr size_t kShownDifferences = 5;

  // Prints the dataset's differences (to `err`), the ratio line and, with
  // `max_slowdown_pct`, the verdict line (to `out`), warning when the
  // interval is wider than the margin it is held to; returns the exit code:
  // 1 when searches differ or the whole interval is beyond the allowed
  // slowdown, 3 when a verdict was asked for and no interval exists.
  int Report(std::ostream& out, std::ostream& err, const std::string& dataset,
             std::optional<double> max_slowdown_pct) const;

 private:
  // "12 timings set aside as outliers" (SumBatch), for the ratio line.
  std::string SetAside() const;
  // "ab: the ratio's figures: ..." : each build's puzzles per second over
  // the timings the ratio keeps, beside the table's, which keep every one.
  std::string RatioFigures() const;
  std::string Describe(const std::string& name, const PuzzleOutcome& o) const;

  const std::string a_name_, b_name_;
  AbBatcher batcher_;
  uint64_t differences_ = 0;
  uint64_t searched_ = 0;  // this dataset's timed puzzles
  std::vector<std::string> first_differences_;
};

}  // namespace sudoku
