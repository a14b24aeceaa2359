// `bench compare BASELINE.csv CURRENT.csv`: a verdict on a run against a
// committed baseline, as a table, an exit code and JSON.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sudoku {

class CompareCommand {
 public:
  // Adds the `compare` subcommand and its options to `app`.
  void Setup(CLI::App& app);
  // True when the command line named `compare`.
  bool Selected() const { return subcommand_ && subcommand_->parsed(); }
  // Compares; returns the process exit code (0 pass, 1 fail, 2 refused).
  int Execute();

 private:
  struct Options {
    std::string baseline;
    std::string current;
    double max_slowdown_pct = 10;
    int min_repeats = 3;
    bool no_timing_gate = false;
    std::string json;
    std::string html;
    std::string bigger_is_better;
    std::string smaller_is_better;
  };
  Options options_;
  CLI::App* subcommand_ = nullptr;
};

}  // namespace sudoku
