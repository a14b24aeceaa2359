// The runner each mode of one process takes (mpirun's ranks have their
// own, bench/run/scale_out.h).
#pragma once

#include <memory>

#include "bench/run/exit_code.h"
#include "bench/run/observers.h"
#include "bench/run/outputs.h"
#include "bench/run/pass_runner.h"
#include "bench/run/run_plan.h"

namespace sudoku {

// The runner of the plan's mode, in this process (mpirun's ranks have their
// own, bench/run/scale_out.h): its observers added to `observers`, and
// `outputs` and `exit_code` kept for a checkpoint.
std::unique_ptr<PassRunner> MakePassRunner(const RunPlan& plan,
                                           Observers& observers,
                                           Outputs& outputs,
                                           ExitCode& exit_code);

}  // namespace sudoku
