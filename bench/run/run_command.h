// The main job of `bench`: the command line resolved into a plan, then the
// plan run, in this process or as one rank of an MPI job.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

#include "bench/cli/run_options.h"
#include "bench/run/rank_group.h"

namespace sudoku {

class RunCommand {
 public:
  // Adds the run options and the dataset arguments to `app`.
  void Setup(CLI::App& app) { cli_.Setup(app, options_); }
  // Resolves the parsed options into a plan and runs it; returns the
  // process exit code.
  int Execute();

  // The command line as given (without the program name): a checkpoint
  // records it, and `bench --resume FILE` alone is recognised in it.
  void SetArgs(std::vector<std::string> args) { args_ = std::move(args); }
  // Under mpirun: this process's place in the job (null: a plain run).
  void SetRankGroup(RankGroup* ranks) { ranks_ = ranks; }

 private:
  RunCommandOptions options_;
  RunCommandCli cli_;
  std::vector<std::string> args_;
  RankGroup* ranks_ = nullptr;
};

}  // namespace sudoku
