// One run's datasets in turn: each passed once, in --repeat rounds or from a
// checkpoint, reported as it ends, and its problems raised in the exit code.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bench/cli/run_options.h"
#include "bench/run/checkpoint_run.h"
#include "bench/run/dataset_pass.h"
#include "bench/run/exit_code.h"
#include "bench/run/observers.h"
#include "bench/run/outputs.h"
#include "engine/compare/ab_check.h"
#include "engine/pipeline/driver.h"

namespace sudoku {

// The names of the strategies run, in order.
std::vector<std::string> StrategyNames(const RunOptions& run);

// One pass over one dataset, resumed from `resume` when given.
DatasetPass RunOnce(const std::string& path, const RunOptions& run,
                    Observers& observers, const PassResume* resume = nullptr);

// Runs every dataset in turn, reporting each as it ends; stops after a pass
// that --strict or a signal stopped. With `ab`, prints its verdict after
// each dataset; with `held_errors` (under mpirun), keeps read errors there
// for rank 0 to say once.
void RunDatasets(const RunCommandOptions& o, const RunOptions& run,
                 Observers& observers, Outputs& outputs, ExitCode& exit_code,
                 AbCheck* ab = nullptr,
                 std::optional<double> max_slowdown = std::nullopt,
                 std::vector<std::string>* held_errors = nullptr,
                 const Resumption& resumption = {});

}  // namespace sudoku
