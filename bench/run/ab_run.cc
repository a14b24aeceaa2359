// bench --ab A,B: two strategies (two builds of one) interleaved per puzzle
// in one pass, and a verdict on B's throughput against A's after each
// dataset.
#include "bench/run/ab_run.h"

#include <iostream>

#include "engine/compare/ab_check.h"
#include "engine/compare/ab_verdict.h"

namespace sudoku {
namespace {

class AbRunner : public PassRunner {
 public:
  AbRunner(const RunOptions& run, const AbPlan& ab, AbCheck& check)
      : run_(run), ab_(ab), check_(check) {}

  DatasetPass Run(size_t index, const std::string& path,
                  Observers& observers) override {
    // --ab's interval rests on pairs of batches: without --batch, each
    // dataset's batch follows its size (the plan's).
    RunOptions dataset_run = run_;
    if (!ab_.batch_given) dataset_run.batch_size = ab_.batches.at(index);
    check_.StartDataset(dataset_run.batch_size);
    return RunOnce(path, dataset_run, observers);
  }

  void AfterReport(const std::string& path, const DatasetPass&,
                   std::ostream& console, ExitCode& exit_code) override {
    exit_code.Raise(check_.Report(console, std::cerr, path, ab_.max_slowdown));
  }

 private:
  const RunOptions& run_;
  const AbPlan& ab_;
  AbCheck& check_;  // owned by the observers
};

}  // namespace

std::unique_ptr<PassRunner> MakeAbRunner(const RunPlan& plan,
                                         Observers& observers) {
  const RunOptions& run = plan.run;
  auto check = std::make_unique<AbCheck>(std::string(run.strategies[0]->name),
                                         std::string(run.strategies[1]->name),
                                         run.batch_size);
  auto runner = std::make_unique<AbRunner>(run, plan.ab, *check);
  observers.Add(std::move(check));
  return runner;
}

}  // namespace sudoku
