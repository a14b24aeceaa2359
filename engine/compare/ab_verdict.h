// bench --ab's statistics: B's throughput relative to A, with a confidence
// interval from the per-batch time ratios. Pure functions over plain numbers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sudoku {

// One batch of an A/B run: each strategy's summed solve time over the
// batch's puzzles (both ran every puzzle, on the same thread, back to back).
struct AbBatch {
  uint64_t a_nanos = 0;
  uint64_t b_nanos = 0;
};

// The ratio is B's throughput over A's: above 1, B is faster.
//
// Batches are taken in pairs (0,1), (2,3), ...: the run alternates which
// strategy goes first per batch, so a pair holds one batch of each order.
// Going second is faster (the puzzle already in cache, the branch predictor
// trained: 1.7x for bands on easy puzzles), by a factor that multiplies one
// batch's log ratio ln(A time / B time) and divides the other's, so the mean
// of the pair's two log ratios cancels it exactly, however much harder one
// batch's puzzles are than the other's (a ratio of the pair's summed times
// would not). Each pair gives that one mean log ratio. The estimate
// is their median and the interval the distribution-free 95% interval of a
// median (order statistics, from the binomial distribution): a pair whose
// sums caught a preemption (20 ms against 0.3 ms on a shared machine) moves
// a mean and a t interval arbitrarily far, but a median hardly at all. The
// interval needs six pairs; with few it is honestly wide. A trailing
// unpaired batch, and pairs in which either side measured no time, are left
// out.
struct AbVerdict {
  size_t pairs = 0;           // pairs of batches the estimate rests on
  double ratio = 0;           // NaN without a single pair
  bool has_interval = false;  // needs six pairs or more
  double low = 0, high = 0;   // the 95% interval of the ratio
};

AbVerdict JudgeAb(std::span<const AbBatch> batches);

// A batch's sums from its puzzles' times (one AbBatch per puzzle), leaving
// out the puzzles whose A/B time ratio lies more than kOutlierFactor from
// the batch's median ratio: on a shared machine a solve of microseconds
// that was descheduled measures milliseconds, one such puzzle outweighs the
// batch, and it hits A or B alone. A real difference between the builds
// moves the median with it, so only a change confined to a few puzzles of a
// batch, beyond that factor, would be set aside too. `dropped` counts the
// puzzles left out.
inline constexpr double kOutlierFactor = 4.0;
AbBatch SumBatch(std::span<const AbBatch> puzzles, size_t& dropped);

// Cuts an A/B run's puzzle times into the pipeline's batches as the reader
// cut them: the n-th record of a dataset (a puzzle line, malformed and
// invalid ones included) belongs to batch n / batch_size. Used by bench
// --ab's observer as the records arrive, and on a --per-puzzle file of an
// --ab run read back. Memory: two integers per batch.
class AbBatcher {
 public:
  explicit AbBatcher(size_t batch_size) : batch_size_(batch_size) {}
  // Starts a dataset afresh: its batches count from 0 (of `batch_size`
  // records each, in the second form).
  void Reset();
  void Reset(size_t batch_size) {
    batch_size_ = batch_size;
    Reset();
  }
  size_t batch_size() const { return batch_size_; }
  // The next record; `timed` is false for a line no strategy searched
  // (malformed, invalid), which still takes its place in the batch.
  void Add(bool timed, uint64_t a_nanos, uint64_t b_nanos);
  // The batches so far (SumBatch of each), the partial last one included.
  std::vector<AbBatch> Batches() const;
  // Puzzle timings SumBatch set aside, the partial last batch's included.
  size_t Dropped() const;

 private:
  size_t batch_size_;
  std::vector<AbBatch> batches_;
  std::vector<AbBatch> puzzles_;  // the current batch's, one per puzzle
  size_t records_in_batch_ = 0;
  size_t dropped_ = 0;
};

// True when the whole interval says B is more than `max_slowdown_pct`
// percent slower than A: B takes longer per puzzle by that share of A's
// time, i.e. its throughput ratio stays below 1 / (1 + P/100). Without an
// interval nothing can be said, and this is false.
bool BeyondSlowdown(const AbVerdict& verdict, double max_slowdown_pct);
// True when the whole interval says B is less than `max_slowdown_pct`
// percent slower than A (or faster): BeyondSlowdown's mirror. An interval
// that straddles the margin is neither.
bool WithinSlowdown(const AbVerdict& verdict, double max_slowdown_pct);

// "2.0% slower", "1.5% faster": B's time per puzzle against A's, from a
// throughput ratio.
std::string SlowdownText(double ratio);

// "0.97x throughput (95% CI 0.95-0.99) over 412 batches" and, with few
// pairs, why the interval is wide or missing.
std::string AbRatioText(const AbVerdict& verdict);

// The batch an --ab run takes when none is asked for, from what the dataset
// is likely to hold: its raw bytes at kAbBytesPerLine a line (an 81-cell
// line and its end), split into about kAbTargetBatches batches, between
// kAbMinBatch and kAbMaxBatch lines; kAbUnknownBatch when the size says
// nothing of the lines (standard input, a compressed file). The interval
// rests on pairs of batches, so a corpus of tens of thousands of puzzles cut
// into the default 2,048-line batches gives a dozen pairs and an interval
// several points wide, too wide to see a 3% slowdown; 256-line batches over
// the same 49,158 puzzles gave intervals half a point wide.
inline constexpr uint64_t kAbBytesPerLine = 82;
inline constexpr size_t kAbTargetBatches = 200;
inline constexpr size_t kAbMinBatch = 32;
inline constexpr size_t kAbMaxBatch = 2048;
inline constexpr size_t kAbUnknownBatch = 256;
size_t AbBatchSize(uint64_t raw_bytes, bool lines_known);

}  // namespace sudoku
