// The gen, shuffle and convert commands: one options struct and one setup
// function each.
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

// A whole command line: parse `args` (no program name), then run.
int GenMain(const std::vector<std::string>& args, CommandStreams streams);
int ShuffleMain(const std::vector<std::string>& args, CommandStreams streams);
int ConvertMain(const std::vector<std::string>& args, CommandStreams streams);

}  // namespace sudoku
