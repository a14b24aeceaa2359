// The options of `bench` itself (the run): their values and their one CLI11
// definition, which --help, the manual page and a checkpoint's recorded
// settings read.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/input/input.h"
#include "strategies/strategy.h"

namespace sudoku {

// What the command line asked for.
struct RunCommandOptions {
  std::vector<std::string> datasets;
  std::vector<std::string> strategies = {"bitmask"};
  std::vector<std::string> plugins;
  int threads = 1;
  uint64_t max_nodes = kUnlimitedNodes;  // --max-nodes, when given
  uint32_t limit = 1;
  std::string csv;
  std::string per_puzzle;
  std::string solutions;
  size_t slowest = 0;
  size_t batch = 2048;
  int repeat = 1;
  uint64_t max_messages = 20;
  std::string progress = "auto";
  bool strict = false;
  bool parse_only = false;
  bool list = false;
  bool quiet = false;
  std::vector<std::string> execs;  // NAME=COMMAND each
  double exec_timeout = 10;        // seconds per puzzle and process
  std::string ab;                  // "A,B": two strategies side by side
  double max_slowdown = 0;         // percent, with --ab
  std::string shard;             // "K/N", or empty: the whole of every dataset
  std::string stats;             // the mergeable statistics file
  std::string html;              // the HTML report
  std::string checkpoint;        // --checkpoint FILE, or empty
  double checkpoint_every = 60;  // seconds between checkpoints
  std::string resume;            // --resume FILE, or empty
  bool overwrite_checkpoint = false;  // --overwrite-checkpoint
  // --lines: read at most N lines of each dataset (0: all).
  uint64_t lines = 0;
  // --max-expansion: Input's limit on what a compressed dataset decodes.
  uint64_t max_expansion = Input::kDefaultMaxExpansion;
  // --reference: a built-in counting strategy whose count settles every
  // puzzle, or empty.
  std::string reference;
  // --strict-expected: an answer other than the file's own (expected_differs)
  // makes the exit code 1.
  bool strict_expected = false;
  // --isolate: each plugin strategy in a child process per thread.
  bool isolate = false;
  // --instructions[=N]: count instructions per puzzle over N puzzles of each
  // dataset (0: not counted); --instructions-child (hidden): this run is
  // that count's child under callgrind, its solve calls collected.
  size_t instructions = 0;
  std::string instructions_by = "auto";  // auto, counter or callgrind
  bool instructions_child = false;
};

// Settings by name and value, in the order they are defined.
using SettingList = std::vector<std::pair<std::string, std::string>>;

// The run's options as CLI11 knows them.
class RunCommandCli {
 public:
  // Adds the run options and the dataset arguments to `app`, bound to
  // `options`, which must outlive the parse.
  void Setup(CLI::App& app, RunCommandOptions& options);

  // Whether the command line gave these (their values alone cannot say).
  bool MaxSlowdownGiven() const { return max_slowdown_->count() > 0; }
  bool CheckpointEveryGiven() const { return checkpoint_every_->count() > 0; }
  bool BatchGiven() const { return batch_->count() > 0; }

  // The settings that decide a run's results, which a checkpoint records and
  // a resumed run must share, in definition order: each recorded option's
  // long name ('-' as '_') and current value. --strategy is recorded as
  // `strategies`, the strategies as run with where each came from, which
  // the caller gives (the option's words alone do not say which build).
  SettingList RecordedSettings(const std::string& strategies) const;

 private:
  // Setup's option groups, in --help order.
  void AddInputOptions(CLI::App& app, RunCommandOptions& o);
  void AddStrategyOptions(CLI::App& app, RunCommandOptions& o);
  void AddRunOptions(CLI::App& app, RunCommandOptions& o);
  void AddOutputOptions(CLI::App& app, RunCommandOptions& o);
  void AddTwoBuildOptions(CLI::App& app, RunCommandOptions& o);
  void AddScaleOutOptions(CLI::App& app, RunCommandOptions& o);
  void AddCheckpointOptions(CLI::App& app, RunCommandOptions& o);
  // The options that never combine, whatever their values, as CLI11
  // excludes; the rest are checked in the resolve step
  // (bench/run/plan_checks.cc).
  static void AddExclusions(CLI::App& app);

  // Marks `option`, bound to `value`, as one that decides results.
  template <typename T>
  CLI::Option* Recorded(CLI::Option* option, const T& value);

  struct Setting {
    std::string name;
    std::function<std::string()> value;  // null: the strategies as run
  };
  std::vector<Setting> recorded_;
  CLI::Option* max_slowdown_ = nullptr;
  CLI::Option* batch_ = nullptr;
  CLI::Option* checkpoint_every_ = nullptr;
};

}  // namespace sudoku
