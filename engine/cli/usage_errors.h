// Usage errors in one style for every program: "PROGRAM: --option: what is
// wrong", whatever CLI11 error was thrown.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sudoku {

// The message of a usage error `error` thrown while `app` (a program's top
// App) parsed: "PROGRAM: --option: what is wrong", PROGRAM naming the
// subcommand too ("corpus dupes"), then a line that points at --help. A
// missing list of input files says how to read standard input.
std::string UsageErrorMessage(const CLI::App& app, const CLI::Error& error);

// Makes app.exit() print usage errors as UsageErrorMessage writes them.
void UseHouseErrors(CLI::App& app);

// The name of the validator that AddInputFiles (shared_options.h) checks
// input paths with: a missing list of them is told how to read standard
// input.
inline constexpr const char* kInputPathValidator = "input-path";

}  // namespace sudoku
