// `bench bisect --good REV --bad REV --build COMMAND -- BENCH-ARGS`: names the
// commit of a solver's git repository that changed its node counts or made
// it slower, by `git bisect run`.
#pragma once

#include <CLI/CLI.hpp>

#include "bench/cli/bisect_options.h"

namespace sudoku {

class BisectCommand {
 public:
  // Adds the `bisect` subcommand and its options to `app`.
  void Setup(CLI::App& app) { subcommand_ = SetupBisect(app, options_); }
  // True when the command line named `bisect`.
  bool Selected() const { return subcommand_ && subcommand_->parsed(); }
  // Bisects (or, under git bisect run, tests one commit); returns the
  // process exit code (BisectExitCodes).
  int Execute();

 private:
  BisectCommandOptions options_;
  CLI::App* subcommand_ = nullptr;
};

}  // namespace sudoku
