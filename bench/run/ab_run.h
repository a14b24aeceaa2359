// bench --ab A,B: two strategies (two builds of one) interleaved per puzzle
// in one pass, and a verdict on B's throughput against A's after each
// dataset.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "bench/run/observers.h"
#include "bench/run/pass_runner.h"
#include "bench/run/run_plan.h"

namespace sudoku {

// The pipeline batch an --ab pass over `path` takes when --batch is not
// given: from a plain regular file's size (AbBatchSize), a fixed one for
// standard input, pipes and compressed files, whose lines the size does not
// tell.
size_t AbBatchFor(const std::string& path);

// --ab's runner over the pair `plan.run.strategies`: its AbCheck added to
// `observers`, the verdict printed after each dataset, gated by
// --max-slowdown.
std::unique_ptr<PassRunner> MakeAbRunner(const RunPlan& plan,
                                         Observers& observers);

}  // namespace sudoku
