// Per-puzzle outputs written in input order: the per-puzzle CSV and the
// solutions file.
#pragma once

#include <ostream>

#include "engine/pipeline/driver.h"

namespace sudoku {

// --per-puzzle: "file,line,strategy,outcome,ns,nodes", one row per line and
// strategy, malformed and invalid lines included.
class PerPuzzleWriter : public RunObserver {
 public:
  // Without `header` (shards 2..N of a --shard run) the lines follow on from
  // the previous part's file, so `cat` of the parts is the whole file.
  PerPuzzleWriter(std::ostream& out, std::vector<std::string> strategy_names,
                  bool header = true);
  void OnRecord(const std::string& path, const PuzzleRecord& record,
                std::span<const PuzzleOutcome> outcomes) override;

 private:
  std::ostream& out_;
  std::vector<std::string> names_;
};

// --solutions: "puzzle:count:solution" (the test format; '-' when none), one
// line per puzzle line that parsed, from the first strategy of the run.
class SolutionsWriter : public RunObserver {
 public:
  explicit SolutionsWriter(std::ostream& out) : out_(out) {}
  void OnRecord(const std::string& path, const PuzzleRecord& record,
                std::span<const PuzzleOutcome> outcomes) override;

 private:
  std::ostream& out_;
};

}  // namespace sudoku
