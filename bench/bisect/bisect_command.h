// `bench bisect --good REV --bad REV --build COMMAND -- BENCH-ARGS`: names the
// commit of a solver's git repository that changed its node counts or made
// it slower, by `git bisect run`.
#pragma once

#include "bench/cli/bisect_options.h"
#include "bench/cli/subcommand.h"

namespace sudoku {

class BisectCommand : public Subcommand<BisectCommandOptions, SetupBisect> {
 public:
  // Bisects (or, under git bisect run, tests one commit); returns the
  // process exit code (BisectExitCodes).
  int Execute();
};

}  // namespace sudoku
