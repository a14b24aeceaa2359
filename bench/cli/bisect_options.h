// The options of `bench bisect`: their values and their one CLI11
// definition.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <string>
#include <vector>

#include "engine/cli/help_text.h"

namespace sudoku {

struct BisectCommandOptions {
  std::string good;
  std::string bad = "HEAD";
  std::string build;
  // Where COMMAND leaves the strategy under test, relative to the
  // repository's top level: a shared library (--plugin) or a program that
  // speaks the process protocol (--exec). Exactly one is given.
  std::string plugin;
  std::string exec;
  std::string strategy;
  double max_slowdown_pct = 5;
  size_t batch = 256;
  std::string per_puzzle;
  std::vector<std::string> bench_args;
  // Not for people: the work folder of a bisection under way, given when
  // `git bisect run` runs bench on one commit.
  std::string step;
};

// What each exit code of `bench bisect` means.
const ExitCodes& BisectExitCodes();

// Adds the `bisect` subcommand to `app`, bound to `options`; returns it.
CLI::App* SetupBisect(CLI::App& app, BisectCommandOptions& options);

}  // namespace sudoku
