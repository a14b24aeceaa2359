// Runs split over processes: --shard K/N (one part per process, merged later
// by `bench merge`) and mpirun -np N bench (one part per rank, merged by
// rank 0 as `bench merge` would).
#pragma once

#include <iostream>
#include <string>

#include "bench/cli/run_options.h"
#include "bench/run/rank_group.h"
#include "engine/pipeline/driver.h"

namespace sudoku {

// --shard and --stats: sets the part to read and the stats file's path;
// false, having said why, when the options do not fit together.
bool ResolveShard(const RunCommandOptions& o, RunOptions& run,
                  std::string& stats_path);

// mpirun -np N bench: this rank runs part rank+1 of N of every dataset,
// and rank 0 merges every rank's stats and reports; returns the job's exit
// code, the same on every rank.
int ExecuteRanks(const RunCommandOptions& o, RankGroup& ranks, RunOptions run);

// Under mpirun every rank checks the same options and loads the same
// strategies: rank 0 alone says what is wrong with them, so the job says it
// once. Restored when the ranks start their own work.
class OnlyRootComplains {
 public:
  explicit OnlyRootComplains(const RankGroup* ranks)
      : silenced_(ranks != nullptr && ranks->rank() != 0) {
    if (silenced_) saved_ = std::cerr.rdbuf(nullptr);
  }
  ~OnlyRootComplains() { Release(); }
  void Release() {
    if (silenced_) std::cerr.rdbuf(saved_);  // also clears the bad state
    silenced_ = false;
  }

 private:
  bool silenced_;
  std::streambuf* saved_ = nullptr;
};

}  // namespace sudoku
