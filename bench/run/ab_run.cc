// bench --ab A,B: two strategies (two builds of one) interleaved per puzzle
// in one pass, and a verdict on B's throughput against A's after each
// dataset.
#include "bench/run/ab_run.h"

#include <sys/stat.h>

#include <iostream>

#include "engine/compare/ab_check.h"
#include "engine/compare/ab_verdict.h"
#include "engine/input/input.h"

namespace sudoku {
namespace {

class AbRunner : public PassRunner {
 public:
  AbRunner(const RunOptions& run, const AbPlan& ab, AbCheck& check)
      : run_(run), ab_(ab), check_(check) {}

  DatasetPass Run(size_t, const std::string& path,
                  Observers& observers) override {
    // --ab's interval rests on pairs of batches: without --batch, each
    // dataset's batch follows its size.
    RunOptions dataset_run = run_;
    if (!ab_.batch_given) {
      const auto file = run_.dataset_files.find(path);
      dataset_run.batch_size = AbBatchFor(
          file != run_.dataset_files.end() ? file->second : path);
    }
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

size_t AbBatchFor(const std::string& path) {
  struct stat info {};
  if (path == "-" || stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
    return AbBatchSize(0, false);
  }
  try {
    const Input probe(path);  // sniffs the compression from the first bytes
    return AbBatchSize(static_cast<uint64_t>(info.st_size),
                       probe.facts().compression == "none");
  } catch (const InputError&) {
    return AbBatchSize(0, false);  // the pass itself will say why
  }
}

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
