// The pipeline: the stages joined, and the one place that marks for TSan
// where oneTBB hands our data from thread to thread.
#include "engine/pipeline/pipeline.h"

#include <tbb/parallel_for.h>
#include <tbb/parallel_pipeline.h>

#include "engine/pipeline/tsan_handoff.h"

namespace sudoku {
namespace {

// Batches in flight per thread, a few as in oneTBB's pipeline examples: the
// serial stages can work ahead while the threads solve.
constexpr size_t kTokensPerThread = 4;

// Only its address is used: TSan's mark that a run's set-up (the stages and
// what they refer to) is complete before any stage runs.
const char kRunSetUp = 0;

// A serial stage's own state passes from one call to the next, on whichever
// thread oneTBB runs it; the calling thread takes it over after the run.
class SerialCall {
 public:
  explicit SerialCall(const void* stage) : stage_(stage) { TakeOver(stage_); }
  ~SerialCall() { HandOff(stage_); }
  SerialCall(const SerialCall&) = delete;
  SerialCall& operator=(const SerialCall&) = delete;

 private:
  const void* stage_;
};

// The solver stage of one batch: the batch passes into each parallel_for
// range and back.
Batch* SolveBatch(BatchSolver& solver, Batch* batch) {
  TakeOver(batch);
  solver.Prepare(*batch);
  HandOff(batch);
  tbb::parallel_for(
      tbb::blocked_range<size_t>(0, batch->lines.size(), BatchSolver::kGrain),
      // oneTBB copies this body into a task of its own, whose captures are
      // read before the first mark: see SUDOKU_TSAN_UNCHECKED.
      [&solver, batch](const tbb::blocked_range<size_t>& range)
          SUDOKU_TSAN_UNCHECKED {
            TakeOver(&kRunSetUp);
            TakeOver(batch);
            solver.SolveRange(*batch, range.begin(), range.end());
            HandOff(batch);
          });
  TakeOver(batch);
  solver.Finish(*batch);
  HandOff(batch);
  return batch;
}

}  // namespace

StageThreads::StageThreads(int threads)
    : threads_(threads),
      only_the_arenas_threads_(tbb::global_control::max_allowed_parallelism,
                               static_cast<size_t>(threads)),
      arena_(threads) {
  arena_.initialize();
}

void StageThreads::Run(BatchPool& pool, BatchReader& reader,
                       BatchSolver& solver, Accountant& accountant) {
  // Each stage takes the set-up over before it reads what its lambda
  // captured.
  auto read = [&](tbb::flow_control& control) -> Batch* {
    TakeOver(&kRunSetUp);
    SerialCall call(&reader);
    Batch* batch = reader.Next();
    if (batch == nullptr) {
      control.stop();
      return nullptr;
    }
    HandOff(batch);
    return batch;
  };
  auto solve = [&](Batch* batch) {
    TakeOver(&kRunSetUp);
    return SolveBatch(solver, batch);
  };
  auto account = [&](Batch* batch) {
    TakeOver(&kRunSetUp);
    SerialCall call(&accountant);
    TakeOver(batch);
    accountant.Account(*batch);
    pool.Give(batch);
  };

  arena_.execute([&] {
    const auto stages =
        tbb::make_filter<void, Batch*>(tbb::filter_mode::serial_in_order,
                                       read) &
        tbb::make_filter<Batch*, Batch*>(tbb::filter_mode::parallel, solve) &
        tbb::make_filter<Batch*, void>(tbb::filter_mode::serial_in_order,
                                       account);
    HandOff(&kRunSetUp);
    tbb::parallel_pipeline(static_cast<size_t>(threads_) * kTokensPerThread,
                           stages);
  });
  TakeOver(&reader);
  TakeOver(&accountant);
}

}  // namespace sudoku
