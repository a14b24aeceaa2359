// bench --ab A,B: two strategies (two builds of one) interleaved per puzzle
// in one pass, and a verdict on B's throughput against A's after each
// dataset.
#pragma once

#include <memory>

#include "bench/run/observers.h"
#include "bench/run/pass_runner.h"
#include "bench/run/run_plan.h"

namespace sudoku {

// --ab's runner over the pair `plan.run.strategies`: its AbCheck added to
// `observers`, the verdict printed after each dataset, gated by
// --max-slowdown.
std::unique_ptr<PassRunner> MakeAbRunner(const RunPlan& plan,
                                         Observers& observers);

}  // namespace sudoku
