// convert's options: their values and their one CLI11 definition.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace sudoku {

struct ConvertOptions {
  std::string from = "lines";
  std::string to = "lines";
  std::vector<std::string> inputs;
  std::string solver;  // set to the default counting strategy by SetupConvert
  uint64_t budget = 100'000'000;
  uint32_t limit = 2;
  int threads = 0;  // every core unless -t says otherwise (SetupConvert)
  std::string output;
};

void SetupConvert(CLI::App& app, ConvertOptions& options);

}  // namespace sudoku
