// The convert command: a command line parsed into ConvertOptions, then the
// puzzles read in one format and written in another, solved where it needs.
#pragma once

#include <string>
#include <vector>

#include "engine/cli/program.h"
#include "tools/convert/convert_options.h"

namespace sudoku {

int RunConvert(const ConvertOptions& options, CommandStreams streams);

// A whole command line: parse `args` (no program name), then run.
int ConvertMain(const std::vector<std::string>& args, CommandStreams streams);

}  // namespace sudoku
