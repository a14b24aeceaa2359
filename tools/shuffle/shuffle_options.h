// shuffle's options: their values and their one CLI11 definition.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace sudoku {

struct ShuffleOptions {
  uint64_t seed = 1;
  std::vector<std::string> inputs;
  bool canonical = false;
  bool inverse = false;
  int threads = 0;  // every core unless -t says otherwise (SetupShuffle)
  std::string output;
};

void SetupShuffle(CLI::App& app, ShuffleOptions& options);

}  // namespace sudoku
