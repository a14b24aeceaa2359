// The gen, shuffle, convert and corpus commands: one options struct and one
// setup function each (corpus: one per subcommand).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "tools/cli_support.h"

namespace sudoku {

struct GenOptions {
  uint64_t count = 10;
  uint64_t seed = 1;
  std::string clues;   // "A..B" or "A"; empty: no target
  int min_clues = -1;  // -1: not given
  int max_clues = -1;
  std::string kind = "unique";
  std::string solver;  // set to the default counting strategy by SetupGen
  uint64_t budget = 10'000'000;
  int attempts = 2000;
  int threads = 0;  // 0: every core
  std::string output;
  bool stats = false;
};
void SetupGen(CLI::App& app, GenOptions& options);
int RunGen(const GenOptions& options, CommandStreams streams);

struct ShuffleOptions {
  uint64_t seed = 1;
  std::vector<std::string> inputs;
  bool canonical = false;
  bool inverse = false;
  int threads = 0;
  std::string output;
};
void SetupShuffle(CLI::App& app, ShuffleOptions& options);
int RunShuffle(const ShuffleOptions& options, CommandStreams streams);

struct ConvertOptions {
  std::string from = "lines";
  std::string to = "lines";
  std::vector<std::string> inputs;
  std::string solver;  // set to the default counting strategy by SetupConvert
  uint64_t budget = 100'000'000;
  uint32_t limit = 2;
  int threads = 0;
  std::string output;
};
void SetupConvert(CLI::App& app, ConvertOptions& options);
int RunConvert(const ConvertOptions& options, CommandStreams streams);

// What every corpus subcommand that groups rows shares.
struct CorpusRunOptions {
  int threads = 0;  // 0: every core
  std::string output;
  uint64_t max_messages = 20;
  uint64_t memory_mib = 1024;  // keys kept in memory before runs go to disk
  std::string temp_dir;        // empty: $TMPDIR, else /tmp
};

struct CorpusCanonOptions {
  std::vector<std::string> inputs;
  bool locations = false;
  bool automorphisms = false;
  CorpusRunOptions run;
};

struct CorpusDupesOptions {
  std::vector<std::string> inputs;
  CorpusRunOptions run;
};

struct CorpusLeakOptions {
  std::vector<std::string> train;
  std::vector<std::string> test;
  CorpusRunOptions run;
};

struct CorpusCardOptions {
  std::vector<std::string> inputs;
  std::string json;
  std::string rater = "bands";
  uint64_t budget = 10'000'000;
  CorpusRunOptions run;
};

struct CorpusOptions {
  CorpusCanonOptions canon;
  CorpusDupesOptions dupes;
  CorpusLeakOptions leak;
  CorpusCardOptions card;
};
// Adds the subcommands canon, dupes, leak and card to `app`.
void SetupCorpus(CLI::App& app, CorpusOptions& options);
// Runs the subcommand `app` parsed.
int RunCorpus(const CLI::App& app, const CorpusOptions& options,
              CommandStreams streams);

// A whole command line: parse `args` (no program name), then run.
int GenMain(const std::vector<std::string>& args, CommandStreams streams);
int ShuffleMain(const std::vector<std::string>& args, CommandStreams streams);
int ConvertMain(const std::vector<std::string>& args, CommandStreams streams);
int CorpusMain(const std::vector<std::string>& args, CommandStreams streams);

}  // namespace sudoku
