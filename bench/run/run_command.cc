// The main job of `bench`: the command line resolved into a plan, then the
// plan run, in this process or as one rank of an MPI job.
#include "bench/run/run_command.h"

#include <iostream>
#include <memory>

#include "bench/run/checkpoint_run.h"
#include "bench/run/crash_report.h"
#include "bench/run/observers.h"
#include "bench/run/outputs.h"
#include "bench/run/mode_runner.h"
#include "bench/run/run_datasets.h"
#include "bench/run/run_plan.h"
#include "bench/run/scale_out.h"
#include "bench/run/stdout_shield.h"
#include "bench/run/stop_watchdog.h"
#include "engine/common/exit_codes.h"
#include "engine/pipeline/interrupt.h"

namespace sudoku {
namespace {

// Every mode but mpirun's: the outputs opened, the mode's runner over every
// dataset, the outputs finished.
int RunHere(const RunPlan& plan) {
  Observers observers(plan.max_messages, plan.show_progress);
  Outputs outputs;
  if (plan.checkpoint.resumed) {
    outputs.ContinueFiles(plan.checkpoint.resumed->outputs,
                          plan.checkpoint.resumed->temporaries);
  }
  if (plan.mode == RunMode::kCheckpoint) {
    outputs.KeepForCheckpoint(CheckpointedFiles(plan));
  }
  if (!outputs.Open(plan.outputs, plan.run, observers,
                    plan.per_puzzle_header)) {
    return kExitUsage;
  }
  ExitCode exit_code;
  const std::unique_ptr<PassRunner> runner =
      MakePassRunner(plan, observers, outputs, exit_code);
  CountsCheck* counts = nullptr;
  if (plan.strict_expected) {
    auto check = std::make_unique<CountsCheck>();
    counts = check.get();
    observers.Add(std::move(check));
  }
  RunDatasets(plan, *runner, {observers, outputs, exit_code, counts});
  outputs.Finish(exit_code);
  runner->Finish(exit_code);
  // Interrupted, the reports are partial whatever they found: the code says
  // so first (128 + the signal), as a shell's would.
  if (const int signal = InterruptSignal(); signal != 0) {
    return InterruptExitCode(signal);
  }
  return exit_code.code();
}

}  // namespace

int RunCommand::Execute() {
  // From the plugins' loading to the last report: exit() in between (a
  // plugin's) is a run that did not finish, never a pass.
  const ExitGuard exit_guard;
  // This command, alone of bench's, looks at the stop request: a stop
  // signal now writes partial reports, where it ended compare or history.
  HeedStopRequests();
  // Before the plugins are loaded: their prints to standard output go to
  // standard error, never into `--csv -`.
  ShieldStdout();
  // A stop signal ends the run within about a second, whatever the solves
  // in flight do.
  StartStopWatchdog();
  std::unique_ptr<const RunPlan> plan;
  {
    const OnlyRootComplains only_root(ranks_);
    plan = ResolvePlan(options_, cli_, args_, ranks_, std::cerr);
  }
  if (plan == nullptr) return kExitUsage;
  if (plan->list) {
    plan->strategies->List(std::cout);
    return kExitOk;
  }
  return plan->mode == RunMode::kRanks ? ExecuteRanks(*plan) : RunHere(*plan);
}

}  // namespace sudoku
