// The runner each mode of one process takes: the one place that knows
// every mode's runner, above them all.
#include "bench/run/mode_runner.h"

#include <memory>
#include <utility>

#include "bench/run/ab_run.h"
#include "bench/run/checkpoint_run.h"
#include "bench/run/instructions_run.h"
#include "bench/run/repeat_rounds.h"

namespace sudoku {
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
