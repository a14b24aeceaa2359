// `bench merge PART.stats.json...`: the report a single run would have
// written, from the stats files of its `bench --shard K/N` parts.
#pragma once

#include <CLI/CLI.hpp>

#include "bench/cli/merge_options.h"

namespace sudoku {

class MergeCommand {
 public:
  // Adds the `merge` subcommand and its options to `app`.
  void Setup(CLI::App& app) { subcommand_ = SetupMerge(app, options_); }
  // True when the command line named `merge`.
  bool Selected() const { return subcommand_ && subcommand_->parsed(); }
  // Merges and reports; returns the process exit code.
  int Execute();

 private:
  MergeCommandOptions options_;
  CLI::App* subcommand_ = nullptr;
};

}  // namespace sudoku
