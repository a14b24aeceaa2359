// The options of `bench compare`: their values and their one CLI11
// definition.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "engine/cli/help_text.h"

namespace sudoku {

struct CompareCommandOptions {
  std::string baseline;
  std::string current;
  double max_slowdown_pct = 10;
  double max_instructions_pct = 1;  // between builds (CheckInstructions)
  int min_repeats = 3;
  bool no_timing_gate = false;
  std::string json;
  std::string html;
  std::string bigger_is_better;
  std::string smaller_is_better;
  std::string bencher;
  std::string markdown;  // appended to; "-": standard output
};

// What each exit code of `bench compare` means.
const ExitCodes& CompareExitCodes();

// Adds the `compare` subcommand to `app`, bound to `options`; returns it.
CLI::App* SetupCompare(CLI::App& app, CompareCommandOptions& options);

}  // namespace sudoku
