// The gen command: a command line parsed into GenOptions, then the puzzles
// made by the generator library and written in index order.
#pragma once

#include <string>
#include <vector>

#include "engine/cli/program.h"
#include "tools/gen/gen_options.h"

namespace sudoku {

int RunGen(const GenOptions& options, CommandStreams streams);

// A whole command line: parse `args` (no program name), then run.
int GenMain(const std::vector<std::string>& args, CommandStreams streams);

}  // namespace sudoku
