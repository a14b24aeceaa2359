// Joins the stages of a pass into one oneTBB parallel_pipeline.
#pragma once

#include "engine/pipeline_accountant.h"
#include "engine/pipeline_batch.h"
#include "engine/pipeline_reader.h"
#include "engine/pipeline_solver.h"

namespace sudoku {

// Runs reader -> solver -> accountant on `threads` threads, with a few
// batches per thread in flight, until the reader runs dry. Batches come from
// and go back to `pool`. When it returns, the stages' state may be read on
// the calling thread.
void RunStages(BatchPool& pool, BatchReader& reader, BatchSolver& solver,
               Accountant& accountant, int threads);

}  // namespace sudoku
