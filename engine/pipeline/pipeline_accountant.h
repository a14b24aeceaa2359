// The pipeline's last stage: accounts for each batch in input order.
#pragma once

#include <chrono>
#include <string>

#include "engine/pipeline/driver.h"
#include "engine/pipeline/pipeline_batch.h"

namespace sudoku {

// Serial, in input order: counts the lines, tallies the outcomes, tells the
// observer about each record and its problems in the order of the file,
// reports progress, and after each batch the pass so far.
class Accountant {
 public:
  using Clock = std::chrono::steady_clock;

  // Counts and tallies into `result` (whose stats it sizes, unless resuming
  // a pass that already has them); times are measured from `start` and
  // `cpu_start` and added to what `result` already holds.
  Accountant(const std::string& path, const RunOptions& options,
             RunObserver& observer, DatasetResult& result,
             Clock::time_point start, double cpu_start);

  void Account(const Batch& batch);

  // wall_s and cpu_s of the pass: what came before plus this run's share.
  void Time(DatasetResult& result) const;

  // The process's CPU time (every thread) so far, in seconds.
  static double ProcessCpuSeconds();

  // A stop left a puzzle unsolved (Batch::stopped): from that batch on,
  // nothing was accounted.
  bool stopped() const { return stopped_; }

 private:
  // `reasons`: some record may be malformed or invalid. Counts the lines,
  // and the malformed and invalid ones; allocates nothing.
  void CountRecords(const Batch& batch, bool reasons);
  // Tells the observer each bad line's reason, the problems and, when it
  // wants them, the records.
  void TellRecords(const Batch& batch, bool reasons);

  const std::string path_;  // a copy: callers may pass a temporary
  const size_t strategies_;
  const bool keep_slowest_;
  RunObserver& observer_;
  DatasetResult& result_;
  const Clock::time_point start_;
  const double cpu_start_;
  const double wall_before_, cpu_before_;  // a resumed pass's earlier share
  bool stopped_ = false;
};

}  // namespace sudoku
