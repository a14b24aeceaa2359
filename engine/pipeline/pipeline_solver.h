// The pipeline's parallel stage: parses a batch's lines and solves them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/input/dataset.h"
#include "engine/pipeline/driver.h"
#include "engine/pipeline/pipeline_batch.h"
#include "engine/pipeline/puzzle_solver.h"
#include "engine/stats/stats.h"

namespace sudoku {

// Parallel: many batches at once, and one batch's records split into ranges
// on idle threads, so a batch holding a few very hard puzzles does not
// serialize a run. A call is Prepare, then SolveRange over disjoint ranges
// on any threads, then Finish. The outcomes are tallied by the accountant,
// in input order, so the statistics at any batch cover exactly the lines
// accounted (what a checkpoint needs) and never depend on scheduling.
class BatchSolver {
 public:
  // Records per range: small enough to share out a batch of hard puzzles.
  static constexpr size_t kGrain = 16;

  BatchSolver(const std::string& path, const RunOptions& options);
  ~BatchSolver();

  void Prepare(Batch& batch) const;
  // Parses the lines [begin, end) and, unless parsing only, solves them.
  void SolveRange(Batch& batch, size_t begin, size_t end);
  // Ranges finish in any order; problems are shown in input order.
  void Finish(Batch& batch) const;

  // The statistics of a batch's records, as the solver stage left them
  // (Batch::tallies); called in input order. Returns how many records
  // have a reason to tell: not searched (malformed or invalid), or searched
  // with a wrong reference answer; 0 when parsing only.
  static size_t Tally(const Batch& batch, size_t strategies, bool keep_slowest,
                    std::vector<StrategyStats>& stats, uint64_t& disagreements);

 private:
  void ParseRange(Batch& batch, size_t begin, size_t end) const;
  void SolveParsed(Batch& batch, size_t begin, size_t end);
  // Solves a puzzle record with every strategy, and checks its givens when
  // no answer vouches for them; false when a stop left it unsolved.
  bool SolveRecord(const PuzzleSolver& solver, bool reverse, size_t r,
                   PuzzleRecord& record, PuzzleOutcome* outcomes,
                   uint8_t& disagreed, std::vector<Problem>& problems) const;
  void Unsearched(const PuzzleRecord& record, PuzzleOutcome* outcomes) const;

  // The strategies in reverse order, for odd batches under
  // RunOptions::alternate_order; null otherwise.
  struct Reversed;

  const RunOptions& options_;
  const size_t strategies_;
  // With strategies to run, the givens check waits for their answers.
  const GivensCheck givens_check_;
  PuzzleSolver solver_;
  std::unique_ptr<Reversed> reversed_;
};

}  // namespace sudoku
