// The options of `bench` itself (the run): their values and their one CLI11
// definition, which --help and the manual page print.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/input/input.h"

namespace sudoku {

// What the command line asked for.
struct RunCommandOptions {
  std::vector<std::string> datasets;
  std::vector<std::string> strategies = {"bitmask"};
  std::vector<std::string> plugins;
  int threads = 1;
  uint64_t max_nodes = 0;
  uint32_t limit = 1;
  std::string csv;
  std::string per_puzzle;
  std::string solutions;
  size_t slowest = 0;
  size_t batch = 2048;
  int repeat = 1;
  size_t max_messages = 20;
  std::string progress = "auto";
  bool strict = false;
  bool parse_only = false;
  bool list = false;
  bool quiet = false;
  std::vector<std::string> execs;  // NAME=COMMAND each
  double exec_timeout = 10;        // seconds per puzzle and process
  std::string ab;                  // "A,B": two strategies side by side
  double max_slowdown = 0;         // percent, with --ab
  std::string shard;       // "K/N", or empty: the whole of every dataset
  std::string stats;       // the mergeable statistics file
  std::string html;        // the HTML report
  std::string checkpoint;  // --checkpoint FILE, or empty
  double checkpoint_every = 60;  // seconds between checkpoints
  std::string resume;            // --resume FILE, or empty
  // --lines: read at most N lines of each dataset (0: all).
  uint64_t lines = 0;
  // --max-expansion: Input's limit on what a compressed dataset decodes.
  uint64_t max_expansion = Input::kDefaultMaxExpansion;
};

// The run's options as CLI11 knows them.
class RunCommandCli {
 public:
  // Adds the run options and the dataset arguments to `app`, bound to
  // `options`, which must outlive the parse.
  void Setup(CLI::App& app, RunCommandOptions& options);

  // Whether the command line gave these (their values alone cannot say).
  bool MaxNodesGiven() const { return max_nodes_->count() > 0; }
  bool MaxSlowdownGiven() const { return max_slowdown_->count() > 0; }
  bool CheckpointEveryGiven() const { return checkpoint_every_->count() > 0; }

 private:
  // Setup's option groups, in --help order.
  void AddSelectionOptions(CLI::App& app, RunCommandOptions& o);
  void AddSearchOptions(CLI::App& app, RunCommandOptions& o);
  void AddOutputOptions(CLI::App& app, RunCommandOptions& o);
  void AddSplitAndPairOptions(CLI::App& app, RunCommandOptions& o);

  CLI::Option* max_nodes_ = nullptr;
  CLI::Option* max_slowdown_ = nullptr;
  CLI::Option* checkpoint_every_ = nullptr;
};

}  // namespace sudoku
