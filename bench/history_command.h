// `bench history`: every run recorded by commit in SQLite or PostgreSQL
// (add), shown as series (show), judged (check), drawn (--html).
#pragma once

#include <CLI/CLI.hpp>

#include "bench/cli/history_options.h"

namespace sudoku {

class HistoryCommand {
 public:
  // Adds the `history` subcommand, its own three and their options to `app`.
  void Setup(CLI::App& app) { apps_ = SetupHistory(app, options_); }
  // True when the command line named `history`.
  bool Selected() const { return apps_.history && apps_.history->parsed(); }
  // Runs it; returns the process exit code (0, 1 from check, 2 refused).
  int Execute();

 private:
  int Add();
  int Show();
  int Check();
  int Page();
  // Whether the file the action asked for writes names the file of one it
  // reads (the database, the reports) or another it writes; said if so.
  bool OutputsClash() const;

  HistoryCommandOptions options_;
  HistoryApps apps_;
};

}  // namespace sudoku
