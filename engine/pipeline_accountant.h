// The pipeline's last stage: accounts for each batch in input order.
#pragma once

#include <chrono>
#include <string>

#include "engine/driver.h"
#include "engine/pipeline_batch.h"

namespace sudoku {

// Serial, in input order: counts the lines, tells the observer about each
// record and its problems in the order of the file, reports progress.
class Accountant {
 public:
  using Clock = std::chrono::steady_clock;

  // Counts into `result`'s line counters; progress is timed from `start`.
  Accountant(const std::string& path, size_t strategies, RunObserver& observer,
             DatasetResult& result, Clock::time_point start)
      : path_(path),
        strategies_(strategies),
        observer_(observer),
        result_(result),
        start_(start) {}

  void Account(const Batch& batch);

 private:
  const std::string path_;  // a copy: callers may pass a temporary
  const size_t strategies_;
  RunObserver& observer_;
  DatasetResult& result_;
  const Clock::time_point start_;
};

}  // namespace sudoku
