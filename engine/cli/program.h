// A tool's door: the streams it talks to, its command line parsed with
// usage errors in the house style, and its --help and manual page.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/cli/help_text.h"

namespace sudoku {

// The streams a program talks to; tests pass string streams.
struct CommandStreams {
  std::istream& in;   // read for the input "-"
  std::ostream& out;  // written unless an output names a file
  std::ostream& err;  // messages and usage errors
};

// The argv of main() without the program name: ParseAndRun's args.
std::vector<std::string> Arguments(int argc, char** argv);

// Parses `args` (without the program name) into `app`'s options; on
// success returns run(), otherwise prints the help (0) or the usage error
// (kExitUsage) and returns that.
int ParseAndRun(CLI::App& app, const std::vector<std::string>& args,
                CommandStreams streams, const std::function<int()>& run);

// A tool's exit codes: 0 as every program's, 1 and 2 as `failure` and
// `usage` say.
ExitCodes ToolExitCodes(const std::string& failure,
                        const std::string& usage =
                            "bad usage, an input that cannot be read or an "
                            "output that\ncannot be written");

// The SEE ALSO of `program`'s manual page: the project's other programs'
// pages and the docs.
std::vector<std::string> SeeAlso(const std::string& program);

// Gives a tool's App (named) the house --help (grouped, 80 columns, its
// exit codes at the end) and usage errors, and the hidden flag --man,
// which writes its manual page to `out`.
void AddToolDocs(CLI::App& app, const std::string& summary,
                 const ExitCodes& codes, std::ostream& out);

}  // namespace sudoku
