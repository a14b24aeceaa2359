// Per-puzzle outputs written in input order: the per-puzzle CSV and the
// solutions file.
#pragma once

#include <ostream>
#include <string_view>

#include "engine/stats/run_observer.h"

namespace sudoku {

// --per-puzzle's header: one row per line and strategy follows, malformed
// and invalid lines included. PerPuzzleReader reads it back.
inline constexpr std::string_view kPerPuzzleHeader =
    "file,line,strategy,outcome,ns,nodes";

// --per-puzzle: kPerPuzzleHeader, then its rows in input order.
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
