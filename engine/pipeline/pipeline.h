// Joins the stages of a pass into one oneTBB parallel_pipeline.
#pragma once

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include "engine/pipeline/pipeline_accountant.h"
#include "engine/pipeline/pipeline_batch.h"
#include "engine/pipeline/pipeline_reader.h"
#include "engine/pipeline/pipeline_solver.h"

namespace sudoku {

// The threads the stages run on, made before a pass starts its clocks: the
// first arena in a process also sets oneTBB itself up (its allocator and its
// thread manager, about 0.9 ms of CPU here), which is start-up like loading
// the libraries, not the pass's work, and fell on the first dataset alone.
class StageThreads {
 public:
  explicit StageThreads(int threads);

  // Runs reader -> solver -> accountant, with a few batches per thread in
  // flight, until the reader runs dry. Batches come from and go back to
  // `pool`. When it returns, the stages' state may be read on the calling
  // thread.
  void Run(BatchPool& pool, BatchReader& reader, BatchSolver& solver,
           Accountant& accountant);

 private:
  const int threads_;
  // Exactly the arena's threads in all: oneTBB's pool holds one per core
  // and would otherwise hand the arena's work to a changing set of them,
  // each keeping what a strategy holds per thread (a plugin's state, an
  // --exec process) for the rest of the run; and -t above the core count
  // (process strategies mostly wait) gets the threads it asks for.
  tbb::global_control only_the_arenas_threads_;
  tbb::task_arena arena_;
};

}  // namespace sudoku
