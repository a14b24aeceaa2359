// The main job of `bench`: the strategies loaded and the options checked,
// then every dataset run, in this process or as one rank of an MPI job.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench/cli/run_options.h"
#include "bench/run/checkpoint_run.h"
#include "bench/run/plugin_loader.h"
#include "bench/run/process_strategy.h"
#include "bench/run/rank_group.h"
#include "engine/pipeline/driver.h"

namespace sudoku {

class RunCommand {
 public:
  // Adds the run options and the dataset arguments to `app`.
  void Setup(CLI::App& app) { cli_.Setup(app, options_); }
  // Runs; returns the process exit code.
  int Execute();

  // The command line as given (without the program name), recorded in a
  // checkpoint so that `bench --resume FILE` can run it again.
  void SetArgs(std::vector<std::string> args);
  // Under mpirun: this process's place in the job (null: a plain run).
  void SetRankGroup(RankGroup* ranks) { ranks_ = ranks; }

 private:
  // Loads every --plugin and makes the list of strategies; false, having
  // said why, when a plugin is refused or a strategy named is unknown.
  bool LoadStrategies();
  // A built-in or loaded strategy by name; null when there is none.
  const Strategy* FindLoaded(std::string_view name) const;
  // Adds every --exec to the list of strategies; false, having said why,
  // when one is refused.
  bool AddProcessStrategies();
  void ListStrategies() const;
  // The driver's settings: the strategies (each once), limits and threads.
  RunOptions MakeRunOptions() const;
  // False, having said why, when two outputs ask for standard output ("-").
  bool OneStdout() const;
  // What a checkpoint must share with the run that resumes it.
  SettingList CheckpointSettings(const RunOptions& run) const;

  RunCommandOptions options_;
  RunCommandCli cli_;
  PluginLoader plugins_;
  ProcessStrategies processes_;
  std::vector<const Strategy*> strategies_;  // built in, then loaded
  std::vector<std::string> args_;
  RankGroup* ranks_ = nullptr;
};

}  // namespace sudoku
