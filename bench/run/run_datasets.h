// The loop over a plan's datasets: each passed by the mode's runner,
// reported as it ends, its problems raised in the exit code.
#pragma once

#include <string>
#include <vector>

#include "bench/run/counts_check.h"
#include "bench/run/exit_code.h"
#include "bench/run/observers.h"
#include "bench/run/outputs.h"
#include "bench/run/pass_runner.h"
#include "bench/run/run_plan.h"

namespace sudoku {

// Where a run's passes go: the driver's events, the reports, the exit code.
struct PassSinks {
  Observers& observers;
  Outputs& outputs;
  ExitCode& exit_code;
  // With --strict-expected: what the pass held to the file's counts, said
  // after each dataset (CountsCheck::Report).
  CountsCheck* counts = nullptr;
};

// Runs every dataset of `plan` in turn through `runner`, reporting each as
// it ends; stops after a pass that --strict or a signal stopped. A dataset
// the plan found unreadable was said at the start and is skipped.
void RunDatasets(const RunPlan& plan, PassRunner& runner, PassSinks sinks);

}  // namespace sudoku
