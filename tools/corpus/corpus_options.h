// corpus's options, one struct per subcommand, and their one CLI11
// definition: what every subcommand shares is defined once, from a table.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/cli/help_text.h"

namespace sudoku {

// What every corpus subcommand has.
struct CorpusRunOptions {
  int threads = 0;  // every core unless -t says otherwise
  std::string output;
  uint64_t max_messages = 20;
  uint64_t lines = 0;          // lines read of each input; 0: all
  uint64_t memory_mib = 1024;  // keys kept in memory before runs go to disk
  std::string temp_dir;        // empty: $TMPDIR, else /tmp
};

struct CorpusCanonOptions {
  std::vector<std::string> inputs;
  bool locations = false;
  bool automorphisms = false;
  CorpusRunOptions run;
};

struct CorpusCheckOptions {
  std::vector<std::string> inputs;
  std::string good;  // the good rows go here, when named
  std::string bad;   // the bad rows, each with its reason, when named
  CorpusRunOptions run;
};

struct CorpusDupesOptions {
  std::vector<std::string> inputs;
  std::string groups;      // the puzzle groups go here, when named
  uint64_t max_leaks = 0;  // rows that repeat an earlier one, tolerated
  std::string kinds = "all";  // the kinds --max-leaks counts (leak_kinds.h)
  CorpusRunOptions run;
};

struct CorpusLeakOptions {
  std::vector<std::string> train;
  std::vector<std::string> test;
  uint64_t max_leaks = 0;  // leaked test rows tolerated before exit 1
  std::string kinds = "all";  // the kinds --max-leaks counts (leak_kinds.h)
  CorpusRunOptions run;
};

// corpus clean: one training and one test file in, each cleaned to its own
// output in its own layout; the dropped rows to -o.
struct CorpusCleanOptions {
  std::string train, test;
  std::string train_out, test_out;
  std::string kinds = "all";  // test rows that leak from training
  // rows that repeat an earlier row of their own set
  std::string dupe_kinds = "same-text,same-puzzle,more-clues,fewer-clues";
  CorpusRunOptions run;
};

struct CorpusCardOptions {
  std::vector<std::string> inputs;
  std::string json;
  std::string rater = "bands";
  uint64_t budget = 10'000'000;
  bool minimal = false;  // check each unique puzzle's minimality
  CorpusRunOptions run;
};

struct CorpusOptions {
  CorpusCanonOptions canon;
  CorpusCheckOptions check;
  CorpusDupesOptions dupes;
  CorpusLeakOptions leak;
  CorpusCardOptions card;
  CorpusCleanOptions clean;
};

// corpus's exit codes, for its --help, each subcommand's and the manual
// page.
const ExitCodes& CorpusExitCodes();

// Adds the subcommands canon, check, dupes, leak, card and clean to `app`.
void SetupCorpus(CLI::App& app, CorpusOptions& options);

}  // namespace sudoku
