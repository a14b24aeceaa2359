// The options of `bench history` and its subcommands add, show and check:
// their values and their one CLI11 definition.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "engine/cli/help_text.h"

namespace sudoku {

struct HistoryCommandOptions {
  // Where the history is, and how long a writer waits for another.
  std::string db = "bench-history.sqlite";
  double lock_timeout_s = 30;
  // Which series show, check and the page read, and the throughput their
  // change points are found in: cpu (puzzles per CPU-second) or wall.
  std::string dataset, strategy, branch, since;
  std::string measure = "cpu";
  // bench history --html FILE
  std::string html;
  // add
  std::vector<std::string> reports;
  std::string commit, testbed, per_puzzle;
  // show
  bool json = false;
  std::string bencher;
  // check
  std::string against;
  int window = 60;
  double max_slowdown_pct = 0;
  double max_instructions_pct = 1;  // rise in instructions per puzzle
  std::string statistic = "rank";
  std::string check_json;
  std::string markdown;  // appended to; "-": standard output
};

// The `history` subcommand and its own three.
struct HistoryApps {
  CLI::App* history = nullptr;
  CLI::App* add = nullptr;
  CLI::App* show = nullptr;
  CLI::App* check = nullptr;
};

// What each exit code of `bench history` means.
const ExitCodes& HistoryExitCodes();

// Adds `history` (with add, show and check) to `app`, bound to `options`.
HistoryApps SetupHistory(CLI::App& app, HistoryCommandOptions& options);

}  // namespace sudoku
