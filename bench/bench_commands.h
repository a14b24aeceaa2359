// Every command of `bench` on one App, set up as main.cc parses it (and as
// the option fuzzer parses it): the run and the subcommands.
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "bench/bisect/bisect_command.h"
#include "bench/compare_command.h"
#include "bench/history_command.h"
#include "bench/merge_command.h"
#include "bench/run/rank_group.h"
#include "bench/run/run_command.h"

namespace sudoku {

class BenchCommands {
 public:
  // Adds every command's options to `app` (StartBenchApp already called),
  // then finishes it (FinishBenchApp: --man writes to `out`). The commands
  // keep pointers into themselves in `app`: they stay where they are.
  BenchCommands(CLI::App& app, const std::vector<std::string>& args,
                RankGroup* ranks, std::ostream& out);
  BenchCommands(const BenchCommands&) = delete;
  BenchCommands& operator=(const BenchCommands&) = delete;

  // After a parse: runs the command the command line chose.
  int Execute();

 private:
  RunCommand run_;
  CompareCommand compare_;
  MergeCommand merge_;
  BisectCommand bisect_;
  HistoryCommand history_;
};

}  // namespace sudoku
