// Text shared by the --help and manual pages of bench and the tools: value
// names shown with their defaults, and lists of exit codes.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace sudoku {

// One exit code (or a few: "130, 143") and what it means.
struct ExitStatus {
  std::string code;
  std::string meaning;  // '\n' breaks a long meaning into lines
};

// What a program's exit codes mean, for its --help and its manual page.
struct ExitCodes {
  std::vector<ExitStatus> codes;
  std::string note;  // said after the list, when not empty
};

// Exit codes 0, 1 and 2 (engine/common/exit_codes.h), which every program
// shares, with what each means for this one, and a note after them.
ExitCodes StandardExitCodes(std::string ok, std::string failure,
                            std::string usage, std::string note = "");

// "Exit codes:", one line per code, then the note: an App's footer.
std::string ExitCodesFooter(const ExitCodes& codes);

// Gives `app`, and the subcommands made after, a --help that separates its
// option groups by one blank line (CLI11's own leaves two), keeps every line
// within 80 columns (descriptions and help texts are broken at spaces where
// they do not fit) and names each value as ValueNameOf does.
void UseGroupedHelp(CLI::App& app);

// Shows `option`'s value in --help as `name`, with its default when it has
// one ("N=2048"), instead of CLI11's type and validator text ("UINT:UINT in
// [1 - 1048576]=2048"); the help text says what the validators check. Call
// after capture_default_str().
CLI::Option* ValueName(CLI::Option* option, const std::string& name);

// The value `option` takes, as --help and the manual page name it, without
// its default: the name ValueName gave it, else its type in the house's
// words ("N" for a whole number, "X" for a number, "TEXT"); empty for a flag.
std::string ValueNameOf(const CLI::Option& option);

}  // namespace sudoku
