// The `bench` program as a whole: what its --help says around the options
// (what bench is, where the docs are, its exit codes), its version, and the
// help flags.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "bench/cli/help_text.h"

namespace sudoku {

// What bench is, in a few lines.
std::string BenchDescription();
// What each exit code of a run means.
const ExitStatuses& BenchExitCodes();
// "bench VERSION (GIT REVISION, COMPILER)".
std::string BenchVersion();

// Describes `app` as bench; then add the options and subcommands, and
// FinishBenchApp.
void StartBenchApp(CLI::App& app);
// After every option and subcommand: -h, --help-all and --version go last,
// in a group of their own, so that --help opens with the datasets.
void FinishBenchApp(CLI::App& app);

}  // namespace sudoku
