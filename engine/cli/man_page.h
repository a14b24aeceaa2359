// Manual pages (roff, man(7)) written from a CLI11 App: the same option
// definitions, groups and exit codes that --help prints, for bench and the
// tools.
#pragma once

#include <CLI/CLI.hpp>
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "engine/cli/help_text.h"

namespace sudoku {

// What a manual page says beyond the App's own definitions.
struct ManPage {
  std::string summary;  // NAME's line: "bench \- SUMMARY"
  std::string source;   // the footer's left side: "sudoku-bench 0.1.0"
  // The program's exit codes, and each subcommand's, by App name.
  std::map<std::string, ExitCodes> exit_codes;
  // DESCRIPTION's text when it must differ from --help's (which may send
  // the reader to this page); empty: the App's description.
  std::string description;
  // EXAMPLES: a command line and what it does, each.
  std::vector<std::pair<std::string, std::string>> examples;
  std::vector<std::string> see_also;  // "gen(1)", "docs/cli.md", ...
  // Defaults that depend on the machine the page is written on, by long
  // option name, and what the page says instead (empty: nothing, where the
  // help says it, as --threads's "default: all cores").
  std::map<std::string, std::string> machine_defaults;
};

// Writes `app` as a section-1 manual page: NAME, SYNOPSIS, DESCRIPTION, the
// arguments, each option group as a subsection with every option, its
// value, default and help, the subcommands with theirs, EXIT STATUS,
// EXAMPLES and SEE ALSO. Options in no group (hidden from --help) are left out.
void WriteManPage(std::ostream& out, const CLI::App& app, const ManPage& page);

// Adds the hidden flag --man to `app`: it writes `page` to `out`, then ends
// the parse as --help does (CLI::Success, exit 0). `app` and `out` must
// outlive the parse.
void AddManFlag(CLI::App& app, ManPage page, std::ostream& out);

}  // namespace sudoku
