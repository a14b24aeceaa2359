// One dataset's pass as the run's mode makes it: the one interface the loop
// over the datasets (run_datasets.h) runs, one runner per mode (made by
// mode_runner.h).
#pragma once

#include <cstddef>
#include <memory>
#include <ostream>
#include <string>

#include "bench/run/dataset_pass.h"
#include "bench/run/exit_code.h"
#include "bench/run/observers.h"
#include "bench/run/outputs.h"
#include "bench/run/run_plan.h"
#include "engine/stats/run_options.h"

namespace sudoku {

class PassRunner {
 public:
  virtual ~PassRunner() = default;

  // The pass over the plan's dataset `index` at `path`, its events to
  // `observers`. Throws InputError when the dataset cannot be read.
  virtual DatasetPass Run(size_t index, const std::string& path,
                          Observers& observers) = 0;

  // After the pass is reported and its notes printed to `console`: what
  // the mode adds (--ab's verdict, the checkpoint written), raising the
  // exit code.
  virtual void AfterReport(const std::string& /*path*/,
                           const DatasetPass& /*pass*/,
                           std::ostream& /*console*/,
                           ExitCode& /*exit_code*/) {}

  // A dataset that could not be read: said now (under mpirun, kept for
  // rank 0 to say once).
  virtual void SayError(const std::string& error);

  // The run is over (its outputs finished).
  virtual void Finish(ExitCode& /*exit_code*/) {}
};

// One pass over one dataset, resumed from `resume` when given.
DatasetPass RunOnce(const std::string& path, const RunOptions& run,
                    Observers& observers, const PassResume* resume = nullptr);

// Each dataset once.
class OnePassRunner : public PassRunner {
 public:
  explicit OnePassRunner(const RunOptions& run) : run_(run) {}
  DatasetPass Run(size_t /*index*/, const std::string& path,
                  Observers& observers) override {
    return RunOnce(path, run_, observers);
  }

 private:
  const RunOptions& run_;
};

}  // namespace sudoku
