// mpirun -np N bench: one part per rank, merged by rank 0 as `bench merge`
// merges the parts of --shard K/N.
#pragma once

#include <iostream>
#include <string>

#include "bench/run/rank_group.h"
#include "bench/run/run_plan.h"

namespace sudoku {

// mpirun -np N bench: this rank runs its part (plan.run.shard) of every
// dataset, and rank 0 merges every rank's stats and reports as one process
// would; returns the job's exit code, the same on every rank.
int ExecuteRanks(const RunPlan& plan);

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
