// gen's options: their values and their one CLI11 definition.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

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
  int threads = 0;  // every core unless -t says otherwise (SetupGen)
  std::string output;
  bool stats = false;
};

void SetupGen(CLI::App& app, GenOptions& options);

// "A" or "A..B" with 0 <= A <= B <= 81, as --clues takes it.
std::optional<std::pair<int, int>> ParseClueRange(std::string_view text);

}  // namespace sudoku
