// The `bench` program as a whole: what its --help says around the options
// (what bench is, where the docs are, its exit codes), its version, and the
// help flags.
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>

#include "engine/cli/help_text.h"
#include "engine/cli/man_page.h"

namespace sudoku {

// What bench is, in a few lines.
std::string BenchDescription();
// What each exit code of a run means.
const ExitCodes& BenchExitCodes();
// "bench VERSION (GIT REVISION, COMPILER)".
std::string BenchVersion();

// Describes `app` as bench; then add the options and subcommands, and
// FinishBenchApp.
void StartBenchApp(CLI::App& app);
// bench's manual page, over the App that StartBenchApp began.
ManPage BenchManPage();

// After every option and subcommand: -h, --help-all and --version go last,
// in a group of their own, so that --help opens with the datasets; the
// hidden --man writes BenchManPage() to `out`.
void FinishBenchApp(CLI::App& app, std::ostream& out);

}  // namespace sudoku
