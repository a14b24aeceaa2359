// bench --repeat N: each (dataset, strategy) in N interleaved rounds, folded
// into one pass whose throughput is the median round's.
#pragma once

#include <string>

#include "bench/run/dataset_pass.h"
#include "bench/run/observers.h"
#include "bench/run/pass_runner.h"
#include "engine/pipeline/driver.h"

namespace sudoku {

// One dataset under --repeat N (N > 1): the median round per strategy, with
// the rounds' spread in `repeat_notes`; `rounds_differ` when a strategy's
// rounds searched differently (said on standard error). A pass that hit a
// read error, --strict or a signal is reported as it is.
DatasetPass RunRounds(const std::string& path, const RunOptions& run,
                      int repeat, Observers& observers);

// --repeat N's runner: each dataset in N rounds.
class RoundsRunner : public PassRunner {
 public:
  RoundsRunner(const RunOptions& run, int repeat)
      : run_(run), repeat_(repeat) {}
  DatasetPass Run(size_t, const std::string& path,
                  Observers& observers) override {
    return RunRounds(path, run_, repeat_, observers);
  }

 private:
  const RunOptions& run_;
  const int repeat_;
};

}  // namespace sudoku
