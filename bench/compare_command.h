// `bench compare BASELINE.csv CURRENT.csv`: a verdict on a run against a
// committed baseline, as a table, an exit code and JSON.
#pragma once

#include <CLI/CLI.hpp>

#include "bench/cli/compare_options.h"

namespace sudoku {

class CompareCommand {
 public:
  // Adds the `compare` subcommand and its options to `app`.
  void Setup(CLI::App& app) { subcommand_ = SetupCompare(app, options_); }
  // True when the command line named `compare`.
  bool Selected() const { return subcommand_ && subcommand_->parsed(); }
  // Compares; returns the process exit code (0 pass, 1 fail, 2 refused).
  int Execute();

 private:
  CompareCommandOptions options_;
  CLI::App* subcommand_ = nullptr;
};

}  // namespace sudoku
