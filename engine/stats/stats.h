// Per-strategy statistics of a run: outcome counts, node totals, time and node
// histograms, all exactly mergeable.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/stats/histogram.h"
#include "strategies/strategy.h"

namespace sudoku {

// How one puzzle line ended for one strategy. Every line read lands in
// exactly one of these, so the counts add up to the lines read.
enum class Verdict : uint8_t {
  kSolved,
  kMultiple,
  kNoSolution,
  kOverBudget,
  kInvalid,    // the givens break a rule: no answer to it is counted
  kMalformed,  // not a puzzle line: not handed to the strategy
  kWrong,      // an answer that failed verification or contradicts a proof
  // No answer: a process strategy died, answered garbage or timed out
  // (Outcome::kError). Neither right nor wrong, and left out of cross-checks.
  kError,
};
inline constexpr int kVerdicts = 8;

std::string_view VerdictName(Verdict verdict);
Verdict VerdictOf(Outcome outcome);

// One (puzzle, strategy) measurement.
struct Sample {
  Verdict verdict;
  uint64_t nanos;
  uint64_t nodes;
  bool guessed;
};

// A costly puzzle, kept for --slowest.
struct SlowPuzzle {
  uint64_t nanos = 0;
  uint64_t nodes = 0;
  uint64_t line = 0;
  Grid puzzle{};
  bool over_budget = false;  // stopped at --max-nodes: its cost is a floor
};

// The K costliest puzzles seen so far; mergeable. Costliest by nodes, then
// by time: nodes do not move with the machine's load, where a puzzle of 89
// nodes can take 8 ms when its thread is descheduled; a strategy that counts
// no nodes is ranked by time alone.
class SlowestPuzzles {
 public:
  explicit SlowestPuzzles(size_t keep = 0) : keep_(keep) {}
  void Offer(const SlowPuzzle& puzzle);
  // Makes room for `more` offers, so that they cannot fail for want of
  // memory: the accountant takes a batch whole or not at all.
  void Reserve(size_t more);
  void Merge(const SlowestPuzzles& other);
  // Costliest first; ties broken by line so the order is deterministic.
  std::vector<SlowPuzzle> Sorted() const;

 private:
  size_t keep_;
  std::vector<SlowPuzzle> heap_;  // min-heap on (nanos, -line)
};

// `total + more`, saturated at kMostNodes (strategies/strategy.h), the most
// every store of a count holds: a sum of node counts never wraps around,
// whatever a strategy claims or a statistics file says.
uint64_t AddNodes(uint64_t total, uint64_t more);

// A node total that reached kMostNodes: the true sum may be larger, and no
// honest search gets there (292 years at 10^9 nodes a second).
inline bool NodesSaturated(uint64_t nodes_total) {
  return nodes_total >= kMostNodes;
}

// Everything a report says of one strategy on one dataset. Integers only
// (and histograms of integers), so Merge is exact and order-independent.
struct StrategyStats {
  explicit StrategyStats(size_t keep_slowest = 0) : slowest(keep_slowest) {}

  uint64_t verdicts[kVerdicts] = {};
  uint64_t disagreements = 0;     // unresolved clashes with other strategies
  uint64_t expected_differs = 0;  // a valid answer other than the file's own
  // Count claims (none, one, several) of a loaded or process strategy that
  // nothing in the run could contradict (PuzzleOutcome::unchecked).
  uint64_t unchecked = 0;
  // Puzzles this strategy found several solutions to where the file claims
  // one (PuzzleOutcome::several_claimed_one).
  uint64_t several_claimed_one = 0;
  // Searched lines whose reference answer is wrong
  // (RecordStatus::kReferenceWrong): the same count in every strategy's
  // stats, as `malformed` is; their outcomes are counted as usual.
  uint64_t reference_wrong = 0;
  uint64_t no_guess = 0;          // searched puzzles solved without a guess
  // Saturate at kMostNodes (AddNodes): a total that reaches it says "at
  // least this many", and the reports flag it (NodesSaturated).
  uint64_t nodes_total = 0;
  uint64_t nodes_max = 0;
  LogHistogram nanos;  // per searched puzzle (malformed and invalid excluded)
  // Of nanos' sum, the time the solving thread spent off the CPU inside
  // solves (engine/pipeline/off_cpu_watch.h): a preemption, a stall, a sleep.
  uint64_t off_cpu_nanos = 0;
  // Solve time less time off the CPU per block of kCpuBlock consecutive
  // lines of a batch (a batch's last block may be shorter), in input order:
  // the blocks of every strategy of a pass cover the same lines, so their
  // ratios tell whether two strategies differ beyond noise
  // (engine/stats/cpu_rank.h). Kept by a pass, not by statistics files
  // (shards, checkpoints): a merged or resumed run has the blocks of its
  // last part only, or none.
  static constexpr size_t kCpuBlock = 128;
  std::vector<uint64_t> cpu_blocks;
  LogHistogram nodes;
  SlowestPuzzles slowest;

  void Add(const Sample& sample);
  // Lines no strategy answers: malformed, or invalid (any answer discarded).
  void AddUnsearched(Verdict verdict) { ++verdicts[static_cast<int>(verdict)]; }
  void Merge(const StrategyStats& other);

  uint64_t count(Verdict v) const { return verdicts[static_cast<int>(v)]; }
  uint64_t puzzles() const;   // every line accounted for
  uint64_t searched() const;  // lines whose answers count
};

}  // namespace sudoku
