// What a gate on a file's own counts (--strict-expected) checked: per
// strategy, how many answers were held to the file's counts or solutions,
// and how many the node budget stopped before they said anything.
#pragma once

#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "engine/stats/run_observer.h"

namespace sudoku {

// Counts, per strategy (in RunOptions order), the answers to puzzles whose
// line gives a count or a solution: checked (solved, several, none: an
// answer the file's count can contradict) and over the node budget (no
// answer, so nothing checked). Under --repeat the first strategy's first
// round alone reaches the observers (bench/run/repeat_rounds.cc), so only
// it is counted there.
class CountsCheck : public RunObserver {
 public:
  struct Tally {
    uint64_t with_count = 0;  // searched puzzles whose line gives one
    uint64_t checked = 0;
    uint64_t over_budget = 0;
  };

  void OnRecord(const std::string& path, const PuzzleRecord& record,
                std::span<const PuzzleOutcome> outcomes) override;
  const std::vector<Tally>& tallies() const { return tallies_; }

  // One line per strategy seen, to `err` (standard error, so that -q and
  // --csv - keep it off the reports):
  // "bench: regression.txt: my-solver: 2,952 of 3,000 answers checked
  // against the file's counts; 48 over the node budget, unchecked". Nothing
  // when no line gave a count. Starts the next dataset afresh.
  void Report(std::ostream& err, const std::string& dataset,
              std::span<const std::string> names);

 private:
  std::vector<Tally> tallies_;
};

}  // namespace sudoku
