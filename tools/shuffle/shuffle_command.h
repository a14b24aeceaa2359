// The shuffle command: a command line parsed into ShuffleOptions, then each
// puzzle rewritten by a random symmetry, its inverse, or its canonical form.
#pragma once

#include <string>
#include <vector>

#include "engine/cli/program.h"
#include "tools/shuffle/shuffle_options.h"

namespace sudoku {

int RunShuffle(const ShuffleOptions& options, CommandStreams streams);

// A whole command line: parse `args` (no program name), then run.
int ShuffleMain(const std::vector<std::string>& args, CommandStreams streams);

}  // namespace sudoku
