// Per-strategy statistics of a run: outcome counts, node totals, time and node
// histograms, all exactly mergeable.
#include "engine/stats/stats.h"

#include <algorithm>

namespace sudoku {
namespace {

// Heap order: the cheapest (then the latest line) on top, to be evicted.
bool Costlier(const SlowPuzzle& a, const SlowPuzzle& b) {
  if (a.nodes != b.nodes) return a.nodes > b.nodes;
  if (a.nanos != b.nanos) return a.nanos > b.nanos;
  return a.line < b.line;
}

}  // namespace

uint64_t AddNodes(uint64_t total, uint64_t more) {
  uint64_t sum;
  if (__builtin_add_overflow(total, more, &sum) || sum > kMostNodes) {
    return kMostNodes;
  }
  return sum;
}

std::string_view VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kSolved:
      return "solved";
    case Verdict::kMultiple:
      return "multiple";
    case Verdict::kNoSolution:
      return "no_solution";
    case Verdict::kOverBudget:
      return "over_budget";
    case Verdict::kInvalid:
      return "invalid";
    case Verdict::kMalformed:
      return "malformed";
    case Verdict::kWrong:
      return "wrong";
    case Verdict::kError:
      return "error";
  }
  return "unknown";
}

Verdict VerdictOf(Outcome outcome) {
  switch (outcome) {
    case Outcome::kSolved:
      return Verdict::kSolved;
    case Outcome::kMultiple:
      return Verdict::kMultiple;
    case Outcome::kNoSolution:
      return Verdict::kNoSolution;
    case Outcome::kOverBudget:
      return Verdict::kOverBudget;
    case Outcome::kError:
      return Verdict::kError;
  }
  return Verdict::kWrong;
}

void SlowestPuzzles::Offer(const SlowPuzzle& puzzle) {
  if (keep_ == 0) return;
  if (heap_.size() < keep_) {
    heap_.push_back(puzzle);
    std::push_heap(heap_.begin(), heap_.end(), Costlier);
  } else if (Costlier(puzzle, heap_.front())) {
    std::pop_heap(heap_.begin(), heap_.end(), Costlier);
    heap_.back() = puzzle;
    std::push_heap(heap_.begin(), heap_.end(), Costlier);
  }
}

void SlowestPuzzles::Reserve(size_t more) {
  const size_t needed = std::min(keep_, heap_.size() + more);
  if (needed <= heap_.capacity()) return;
  // Doubling, as push_back would: a batch's worth at a time would copy the
  // heap once a batch.
  heap_.reserve(std::min(keep_, std::max(needed, 2 * heap_.capacity())));
}

void SlowestPuzzles::Merge(const SlowestPuzzles& other) {
  keep_ = std::max(keep_, other.keep_);
  for (const SlowPuzzle& p : other.heap_) Offer(p);
}

std::vector<SlowPuzzle> SlowestPuzzles::Sorted() const {
  std::vector<SlowPuzzle> sorted = heap_;
  std::sort(sorted.begin(), sorted.end(), Costlier);
  return sorted;
}

void StrategyStats::Add(const Sample& sample) {
  ++verdicts[static_cast<int>(sample.verdict)];
  nodes_total = AddNodes(nodes_total, sample.nodes);
  nodes_max = std::max(nodes_max, std::min(sample.nodes, kMostNodes));
  if (sample.verdict == Verdict::kSolved && !sample.guessed) ++no_guess;
  nanos.Add(sample.nanos);
  nodes.Add(sample.nodes);
}

void StrategyStats::Merge(const StrategyStats& other) {
  for (int i = 0; i < kVerdicts; ++i) verdicts[i] += other.verdicts[i];
  disagreements += other.disagreements;
  expected_differs += other.expected_differs;
  unchecked += other.unchecked;
  several_claimed_one += other.several_claimed_one;
  reference_wrong += other.reference_wrong;
  no_guess += other.no_guess;
  nodes_total = AddNodes(nodes_total, other.nodes_total);
  nodes_max = std::max(nodes_max, std::min(other.nodes_max, kMostNodes));
  nanos.Merge(other.nanos);
  off_cpu_nanos += other.off_cpu_nanos;
  nodes.Merge(other.nodes);
  slowest.Merge(other.slowest);
  cpu_blocks.insert(cpu_blocks.end(), other.cpu_blocks.begin(),
                    other.cpu_blocks.end());
}

uint64_t StrategyStats::puzzles() const {
  uint64_t total = 0;
  for (uint64_t n : verdicts) total += n;
  return total;
}

uint64_t StrategyStats::searched() const {
  return puzzles() - count(Verdict::kInvalid) - count(Verdict::kMalformed);
}

}  // namespace sudoku
