// The corpus command: a command line parsed into CorpusOptions, then the
// subcommand it names run over the corpus library (tools/lib/corpus_*).
#pragma once

#include <string>
#include <vector>

#include "engine/cli/program.h"
#include "tools/corpus/corpus_options.h"

namespace sudoku {

// Runs the subcommand `app` parsed.
int RunCorpus(const CLI::App& app, const CorpusOptions& options,
              CommandStreams streams);

// A whole command line: parse `args` (no program name), then run.
int CorpusMain(const std::vector<std::string>& args, CommandStreams streams);

}  // namespace sudoku
