// The main job of `bench`: its options, and running them over every dataset
// given.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/run/plugin_loader.h"
#include "bench/run/process_strategy.h"
#include "bench/run/rank_group.h"
#include "engine/distributed/checkpoint.h"
#include "engine/pipeline/driver.h"

namespace sudoku {

std::string BenchVersion();

class RunCommand {
 public:
  // Adds the run options and the dataset arguments to `app`.
  void Setup(CLI::App& app);
  // Runs; returns the process exit code.
  int Execute();

  // What the command line asked for.
  struct Options {
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

  // The command line as given (without the program name), recorded in a
  // checkpoint so that `bench --resume FILE` can run it again.
  void SetArgs(std::vector<std::string> args);

 private:
  // Loads every --plugin and makes the list of strategies; false, having
  // said why, when a plugin is refused or a strategy named is unknown.
  bool LoadStrategies();
  // Setup's option groups, in --help order.
  void AddSelectionOptions(CLI::App& app);
  void AddSearchOptions(CLI::App& app);
  void AddOutputOptions(CLI::App& app);
  void AddSplitAndPairOptions(CLI::App& app);
  // A built-in or loaded strategy by name; null when there is none.
  const Strategy* FindLoaded(std::string_view name) const;
  // Adds every --exec to the list of strategies; false, having said why,
  // when one is refused.
  bool AddProcessStrategies();
  void ListStrategies() const;
  // The driver's settings: the strategies (each once), limits and threads.
  RunOptions MakeRunOptions() const;

  Options options_;
  PluginLoader plugins_;
  ProcessStrategies processes_;
  std::vector<const Strategy*> strategies_;  // built in, then loaded
  CLI::Option* max_nodes_option_ = nullptr;
  // --ab: the two strategies, or empty; false, having said why, when the
  // option is misused.
  bool ResolveAb(std::vector<const Strategy*>& pair) const;
  CLI::Option* max_slowdown_option_ = nullptr;
  // --shard and --stats: sets the part to read and the stats file's path;
  // false, having said why, when the options do not fit together.
  bool ResolveShard(RunOptions& run, std::string& stats_path) const;
  // False, having said why, when two outputs ask for standard output ("-").
  bool OneStdout() const;
  // --checkpoint and --resume: false, having said why, when they do not fit
  // the run or the checkpoint is refused; sets `resumed` when resuming.
  bool ResolveCheckpoint(RunOptions& run, std::optional<Checkpoint>& resumed);
  // What a checkpoint must share with the run that resumes it.
  std::vector<std::pair<std::string, std::string>> CheckpointSettings(
      const RunOptions& run) const;
  std::vector<std::string> args_;
  CLI::Option* checkpoint_every_option_ = nullptr;

 public:
  // Under mpirun: this process's place in the job (null: a plain run).
  void SetRankGroup(RankGroup* ranks) { ranks_ = ranks; }

 private:
  RankGroup* ranks_ = nullptr;
  // mpirun -np N bench: this rank runs part rank+1 of N of every dataset,
  // and rank 0 merges every rank's stats and reports.
  int ExecuteRanks(RunOptions run);
  // False, having said why (on rank 0), when the options cannot be split.
  bool ResolveRanks(RunOptions& run) const;
  // After every rank's part: agrees on failure (one message, exit 2 on
  // every rank), else gathers the parts' stats to rank 0, which merges and
  // reports them and joins the per-puzzle parts by their `marks`; returns
  // the job's exit code, the same on every rank.
  int ReduceRanks(const RunOptions& run,
                  const std::vector<std::string>& held_errors,
                  const std::string& stats, const std::string& marks,
                  int local_code);
};

}  // namespace sudoku
