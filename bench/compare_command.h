// `bench compare BASELINE.csv CURRENT.csv`: a verdict on a run against a
// committed baseline, as a table, an exit code and JSON.
#pragma once

#include "bench/cli/compare_options.h"
#include "bench/cli/subcommand.h"

namespace sudoku {

class CompareCommand : public Subcommand<CompareCommandOptions, SetupCompare> {
 public:
  // Compares; returns the process exit code (0 pass, 1 fail, 2 refused).
  int Execute();
};

}  // namespace sudoku
