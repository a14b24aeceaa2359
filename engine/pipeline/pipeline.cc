// The pipeline: the stages joined, and the one place that marks for TSan
// where oneTBB hands our data from thread to thread.
#include "engine/pipeline/pipeline.h"

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include "engine/pipeline/pipeline_accountant.h"
#include "engine/pipeline/pipeline_batch.h"
#include "engine/pipeline/pipeline_reader.h"
#include "engine/pipeline/pipeline_solver.h"
#include "engine/pipeline/tsan_handoff.h"

namespace sudoku {
namespace {

// Tokens in flight per thread, a few as in oneTBB's pipeline examples: the
// serial stages can work ahead while the threads work.
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

}  // namespace

struct StageThreads::Arena {
  explicit Arena(int threads)
      : only_the_arenas_threads(tbb::global_control::max_allowed_parallelism,
                                static_cast<size_t>(threads)),
        arena(threads) {
    arena.initialize();
  }

  // Exactly the arena's threads in all: oneTBB's pool holds one per core
  // and would otherwise hand the arena's work to a changing set of them,
  // each keeping what a strategy holds per thread (a plugin's state, an
  // --exec process) for the rest of the run; and -t above the core count
  // (process strategies mostly wait) gets the threads it asks for.
  tbb::global_control only_the_arenas_threads;
  tbb::task_arena arena;
};

StageThreads::StageThreads(int threads)
    : threads_(threads), arena_(std::make_unique<Arena>(threads)) {}

StageThreads::~StageThreads() = default;

void StageThreads::RunTokens(const std::function<void*()>& read,
                             const std::function<void(void*)>& work,
                             const std::function<void(void*)>& consume) {
  // Each stage takes the set-up over before it reads what its lambda
  // captured; a token passes from stage to stage.
  auto read_stage = [&](tbb::flow_control& control) -> void* {
    TakeOver(&kRunSetUp);
    SerialCall call(&read);
    void* token = read();
    if (token == nullptr) {
      control.stop();
      return nullptr;
    }
    HandOff(token);
    return token;
  };
  auto work_stage = [&](void* token) {
    TakeOver(&kRunSetUp);
    TakeOver(token);
    work(token);
    HandOff(token);
    return token;
  };
  auto consume_stage = [&](void* token) {
    TakeOver(&kRunSetUp);
    SerialCall call(&consume);
    TakeOver(token);
    consume(token);  // which may give the token back: not touched after
  };

  arena_->arena.execute([&] {
    const auto stages =
        tbb::make_filter<void, void*>(tbb::filter_mode::serial_in_order,
                                      read_stage) &
        tbb::make_filter<void*, void*>(tbb::filter_mode::parallel, work_stage) &
        tbb::make_filter<void*, void>(tbb::filter_mode::serial_in_order,
                                      consume_stage);
    HandOff(&kRunSetUp);
    tbb::parallel_pipeline(static_cast<size_t>(threads_) * kTokensPerThread,
                           stages);
  });
  TakeOver(&read);
  TakeOver(&consume);
}

void StageThreads::Run(BatchPool& pool, BatchReader& reader,
                       BatchSolver& solver, Accountant& accountant) {
  Run<Batch>([&reader] { return reader.Next(); },
             [&solver](Batch& batch) {
               solver.Prepare(batch);
               ParallelRanges(&batch, batch.lines.size(), BatchSolver::kGrain,
                              [&solver, &batch](size_t begin, size_t end) {
                                solver.SolveRange(batch, begin, end);
                              });
               solver.Finish(batch);
             },
             [&pool, &accountant](Batch* batch) {
               accountant.Account(*batch);
               pool.Give(batch);
             });
}

void ParallelRanges(const void* token, size_t count, size_t grain,
                    const std::function<void(size_t, size_t)>& body) {
  if (token != nullptr) HandOff(token);
  tbb::parallel_for(
      tbb::blocked_range<size_t>(0, count, grain),
      // oneTBB copies this body into a task of its own, whose captures are
      // read before the first mark: see SUDOKU_TSAN_UNCHECKED.
      [token, &body](const tbb::blocked_range<size_t>& range)
          SUDOKU_TSAN_UNCHECKED {
            TakeOver(&kRunSetUp);
            if (token != nullptr) TakeOver(token);
            body(range.begin(), range.end());
            if (token != nullptr) HandOff(token);
          });
  if (token != nullptr) TakeOver(token);
}

}  // namespace sudoku
