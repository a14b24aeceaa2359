// One puzzle line through every selected strategy: solve, time, verify the
// answers and check them against each other.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "engine/input/dataset.h"
#include "engine/pipeline/driver.h"
#include "engine/pipeline/pipeline_batch.h"
#include "engine/pipeline/tick_clock.h"

namespace sudoku {

// Stateless once built: the solver stage calls it from every thread.
class PuzzleSolver {
 public:
  PuzzleSolver(const std::string& path, const RunOptions& options);

  struct Checked {
    bool verified = false;      // some strategy's grid passed verification
    bool disagreement = false;  // answers clash beyond what checks settle
    // A stop was requested before every strategy had solved it: the
    // outcomes are not all there, and nothing was checked.
    bool stopped = false;
  };

  // Fills `outcomes` (one per strategy) for the parsed puzzle at `index` in
  // its batch; wrong answers and disagreements go to `problems`.
  Checked Solve(size_t index, const PuzzleRecord& record,
                PuzzleOutcome* outcomes, std::vector<Problem>& problems) const;

 private:
  std::string Where(const PuzzleRecord& record) const {
    return path_ + ":" + std::to_string(record.line) + ": ";
  }
  void Wrong(size_t index, const PuzzleRecord& record, size_t i,
             PuzzleOutcome* outcomes, const std::string& why,
             std::vector<Problem>& problems) const;
  void Overcounted(size_t index, const PuzzleRecord& record, size_t i,
                   PuzzleOutcome* outcomes,
                   std::vector<Problem>& problems) const;
  void Unanswered(size_t index, const PuzzleRecord& record, size_t i,
                  PuzzleOutcome* outcomes,
                  std::vector<Problem>& problems) const;
  bool CrossCheck(size_t index, const PuzzleRecord& record,
                  PuzzleOutcome* outcomes,
                  std::vector<Problem>& problems) const;
  // From --limit 3 on: two counts that cannot both be right (4 and 5, or 4
  // and at least 5) are a disagreement, as answers are.
  bool CountsDisagree(size_t index, const PuzzleRecord& record,
                      PuzzleOutcome* outcomes,
                      std::vector<Problem>& problems) const;
  // After the answers are verified and cross-checked: the file's claims,
  // the reference's settlement, and the claims nothing could check.
  void CheckClaims(size_t index, const PuzzleRecord& record,
                   PuzzleOutcome* outcomes,
                   std::vector<Problem>& problems) const;
  void CompareWithFile(size_t index, const PuzzleRecord& record,
                       PuzzleOutcome* outcomes,
                       std::vector<Problem>& problems) const;
  // --reference: where the reference settled the count, a different count
  // from any other strategy is wrong.
  void SettleByReference(size_t index, const PuzzleRecord& record,
                         PuzzleOutcome* outcomes,
                         std::vector<Problem>& problems) const;
  // Marks the count claims of loaded and process strategies that nothing
  // here could contradict (PuzzleOutcome::unchecked).
  void MarkUnchecked(const PuzzleRecord& record,
                     PuzzleOutcome* outcomes) const;

  const std::string path_;  // a copy: callers may pass a temporary
  const RunOptions& options_;
  // Some strategy is loaded or a process: its count claims are checked.
  bool untrusted_ = false;
  // bench --instructions counts this pass's solve calls.
  const bool counting_ =
      options_.count_instructions != InstructionCount::kOff;
  // The most nodes one answer may count: the budget, and never more than
  // kMostNodes (strategies/strategy.h).
  const uint64_t most_nodes_ = std::min(options_.max_nodes, kMostNodes);
  TickClock clock_;
};

}  // namespace sudoku
