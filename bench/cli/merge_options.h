// The options of `bench merge`: their values and their one CLI11 definition.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "engine/cli/help_text.h"

namespace sudoku {

struct MergeCommandOptions {
  std::vector<std::string> parts;
  std::string csv;
  std::string html;
  bool quiet = false;
};

// What each exit code of `bench merge` means.
const ExitCodes& MergeExitCodes();

// Adds the `merge` subcommand to `app`, bound to `options`; returns it.
CLI::App* SetupMerge(CLI::App& app, MergeCommandOptions& options);

}  // namespace sudoku
