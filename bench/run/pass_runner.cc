// One dataset's pass as the run's mode makes it: the one interface the loop
// over the datasets runs, and the runner each mode of one process takes.
#include "bench/run/pass_runner.h"

#include <iostream>

#include "bench/run/ab_run.h"
#include "bench/run/checkpoint_run.h"
#include "bench/run/instructions_run.h"
#include "bench/run/repeat_rounds.h"

namespace sudoku {

void PassRunner::SayError(const std::string& error) {
  std::cerr << "bench: " << error << '\n';
}

DatasetPass RunOnce(const std::string& path, const RunOptions& run,
                    Observers& observers, const PassResume* resume) {
  DatasetPass pass;
  pass.result = ObservedPass(path, run, observers, observers, resume);
  pass.rows = MakeRows(pass.result, run);
  return pass;
}

namespace {

std::unique_ptr<PassRunner> MakeModeRunner(const RunPlan& plan,
                                           Observers& observers,
                                           Outputs& outputs,
                                           ExitCode& exit_code) {
  switch (plan.mode) {
    case RunMode::kRounds:
      return std::make_unique<RoundsRunner>(plan.run, plan.repeat);
    case RunMode::kAb:
      return MakeAbRunner(plan, observers);
    case RunMode::kCheckpoint:
      return MakeCheckpointRunner(plan, observers, outputs, exit_code);
    case RunMode::kOnePass:
    case RunMode::kRanks:  // a rank's own part is one pass too
      break;
  }
  return std::make_unique<OnePassRunner>(plan.run);
}

}  // namespace

std::unique_ptr<PassRunner> MakePassRunner(const RunPlan& plan,
                                           Observers& observers,
                                           Outputs& outputs,
                                           ExitCode& exit_code) {
  auto runner = MakeModeRunner(plan, observers, outputs, exit_code);
  // --instructions adds a count to the passes of one pass or of rounds.
  if (plan.instructions.sample > 0) {
    return MakeInstructionsRunner(plan, observers, std::move(runner));
  }
  return runner;
}

}  // namespace sudoku
