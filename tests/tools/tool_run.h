// Running a tool's command line in the tests: arguments in, exit code and the
// text of its standard output and error back.
#pragma once

#include <string>
#include <vector>

#include "engine/cli/program.h"

namespace sudoku::testing {

struct CommandRun {
  int code = -1;
  std::string out;
  std::string err;
};

using MainFn = int (*)(const std::vector<std::string>&, CommandStreams);

// Runs main(args) with `input` as its standard input.
CommandRun Call(MainFn main, const std::vector<std::string>& args,
                const std::string& input = "");

// `text` split at newlines.
std::vector<std::string> Lines(const std::string& text);

}  // namespace sudoku::testing
