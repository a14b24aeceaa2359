// bench --ab's statistics: B's throughput relative to A as a ratio of summed
// times, with a confidence interval over batches. Pure functions over numbers.
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

// The ratio is B's throughput over A's: above 1, B is faster. It is the
// ratio of the two builds' total times, sum of A's over sum of B's over
// every timed batch, so a slowdown weighs by the time it costs wherever it
// falls: a cost on one batch in ten moves the ratio by exactly its share of
// the total (a median of per-batch ratios is not that: with small batches
// it follows the typical easy batch, which a fixed cost per call slows far
// more than the total; it read a 4% step as 0.915x in issue 37).
//
// Nor is a mean of the two orders' ratios (the geometric mean of the "A
// first" and "B first" ratios of sums, this estimate until issue 44): it
// weighs the two orders alike, so a cost that falls mostly in the order
// with less time counts for more than its share, and one in the order with
// more for less. On real corpora the orders' totals are near enough that
// the two agreed to 0.4% (docs/performance.md); the sum is exact by
// construction.
//
// The run alternates which strategy goes first per batch: even batches A,
// odd ones B. Going second is faster (the puzzle already in cache, the
// branch predictor trained: 1.5-1.7x for bands on easy puzzles), so the
// batches are taken in pairs, 2k (A first) and 2k + 1 (B first): a factor
// for going first cancels exactly within a pair whose two batches cost
// alike, and over pairs that differ it averages out, since which batch of a
// pair goes first owes nothing to its puzzles; what is left is noise that
// the pairs' spread carries into the interval.
//
// The interval treats the pairs as the units that vary (a load phase or a
// cache state spans a batch): ln of the ratio of sums gets the jackknife's
// variance over pairs, (n - 1) / n times the squared deviations of the n
// values of ln(sum A / sum B) that leave one pair out each (Quenouille's
// and Tukey's jackknife for a ratio estimator: Efron and Stein, "The
// jackknife estimate of variance", Ann. Statist. 9(3), 1981, who show it
// errs on the large side; a ratio estimator's textbook delta-method
// variance, Cochran, Sampling Techniques, 3rd ed. 1977, 6.3, understates
// the spread when the pair with the hardest puzzles pulls the ratio towards
// its own, and leaving that pair out measures it). The 95% interval is the
// ratio times exp(+-t se), t Student's 97.5% point on n - 1 degrees, so
// that few pairs give an honestly wider interval (t critical values with
// few clusters: Cameron and Miller, "A Practitioner's Guide to
// Cluster-Robust Inference", J. Human Resources 50(2), 2015). Simulated
// runs of known slowdowns (tests/engine/compare/ab_simulation_test.cc) hold
// its coverage.
//
// The input is each batch's two sums, whatever clock made them: the sums of
// per-puzzle wall times that AbBatcher makes (preemptions set aside, below),
// or any other per-batch measure of each side's work.
//
// Load spikes are kept off the sums one puzzle at a time (SumBatch), not by
// trimming batches: a preemption hits one solve of one build, and a batch
// whose sum a moderate one moved is noise the interval measures. Trimming
// or winsorising whole batches would cut the batches that hold the hard
// puzzles, where a fixed cost per call weighs least, and bias the ratio
// whenever a slowdown is not alike on every puzzle. A measure that a
// preemption cannot move (each side's thread CPU time per batch) needs no
// such filter: its batch sums go to JudgeAb as they are.
struct AbVerdict {
  size_t batches = 0;         // timed batches the estimate rests on
  double ratio = 0;           // NaN without a timed batch of each order
  // Needs kAbMinBatchesPerOrder timed batches of each order, and as many
  // pairs.
  bool has_interval = false;
  double low = 0, high = 0;   // the 95% interval of the ratio
};

// Batches with time on both sides, of each order (and pairs), that an
// interval needs: two would give a variance of one degree of freedom, too
// few to trust.
inline constexpr size_t kAbMinBatchesPerOrder = 3;

// The verdict on an A/B run's batches in run order (even: A went first).
// Batches in which either side measured no time are left out; a trailing
// batch without its pair counts in the sums as a pair of one.
AbVerdict JudgeAb(std::span<const AbBatch> batches);

// What a batch's puzzles are held to: the median ln(A time / B time) and
// the median solve time ((A + B) / 2) of the puzzles around them in the
// same order (AbBatcher's).
struct AbReference {
  double log_ratio = 0;
  double nanos = 0;
};

// A batch's sums from its puzzles' times (one AbBatch per puzzle), leaving
// out the puzzles that a preemption hit: those whose A/B time ratio lies
// more than kOutlierFactor from the reference ratio AND whose two times lie
// more than kOutlierFactor reference solve times apart. On a shared machine
// a solve of microseconds that was descheduled measures milliseconds, one
// such puzzle outweighs the batch, and it hits A or B alone: lopsided, and
// long against the solves around it. A fixed cost per call can slow the
// easiest puzzles more than kOutlierFactor times, but adds no more than a
// few solves' time, and stays in the sums. The rule is symmetric in A and
// B, so for a slowdown that moves every puzzle alike it drops as much of
// either side's noise and biases nothing; only a change of more than that
// factor and that time on a few puzzles would be set aside too. `dropped`
// counts the puzzles left out.
inline constexpr double kOutlierFactor = 4.0;
AbBatch SumBatch(std::span<const AbBatch> puzzles, const AbReference& reference,
                 size_t& dropped);

// Cuts an A/B run's puzzle times into the pipeline's batches as the reader
// cut them: the n-th record of a dataset (a puzzle line, malformed and
// invalid ones included) belongs to batch n / batch_size. Used by bench
// --ab's observer as the records arrive, and on a --per-puzzle file of an
// --ab run read back.
//
// A batch's outliers are judged (SumBatch) against the medians of its
// order's latest timed puzzles, the kOutlierWindow before it and its own
// (taken afresh once a quarter of the window is new, so at every batch of
// 16 puzzles or more), so that a batch of one puzzle has a reference too.
// Until an order has seen that many, its batches wait and are judged
// together against the medians of all of them, so that none is its own
// reference.
// Memory: two integers per batch, and kOutlierWindow puzzles per order.
inline constexpr size_t kOutlierWindow = 64;
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
  // A batch not yet summed: its index and timed puzzles.
  struct Waiting {
    size_t index = 0;
    std::vector<AbBatch> puzzles;
  };
  // A timed puzzle, as the reference needs it.
  struct Seen {
    double log_ratio = 0, nanos = 0;
  };
  // One order's batches (even: A first; odd: B first).
  struct Order {
    std::vector<Seen> recent;  // the latest kOutlierWindow timed puzzles
    AbReference reference;     // their medians, when last taken
    bool has_reference = false;
    size_t unreferenced = 0;  // puzzles in `recent` since then
    std::vector<Waiting> waiting;
    size_t waiting_timed = 0;  // puzzles with a log ratio in `waiting`
  };
  // Files the current batch under its order and sums what can be summed;
  // `all` sums the waiting batches whatever their count.
  void Close(bool all);
  void Settle(Order& order);
  // A copy with the partial batch closed and every batch summed.
  AbBatcher Finished() const;

  size_t batch_size_;
  std::vector<AbBatch> batches_;  // zero where a batch is waiting
  std::vector<AbBatch> puzzles_;  // the current batch's, one per puzzle
  size_t records_in_batch_ = 0;
  size_t dropped_ = 0;
  Order orders_[2];
};

// True when the whole interval says B is more than `max_slowdown_pct`
// percent slower than A: B takes longer per puzzle by that share of A's
// time, i.e. its throughput ratio stays below 1 / (1 + P/100). Without an
// interval nothing can be said, and this is false.
bool BeyondSlowdown(const AbVerdict& verdict, double max_slowdown_pct);
// The detection limit of a run against `max_slowdown_pct`: the smallest
// slowdown (timing_words.h) whose interval, as wide above its ratio as this
// run's, would lie wholly beyond the margin and fail; what a PASS can vouch
// for, no less. NaN without an interval.
double AbDetectionLimit(const AbVerdict& verdict, double max_slowdown_pct);

// True when the whole interval says B is less than `max_slowdown_pct`
// percent slower than A (or faster): BeyondSlowdown's mirror. An interval
// that straddles the margin is neither.
bool WithinSlowdown(const AbVerdict& verdict, double max_slowdown_pct);

// "2.0% slower", "1.5% faster": B's time per puzzle against A's, from a
// throughput ratio.
std::string SlowdownText(double ratio);

// "0.97x throughput (95% CI 0.95-0.99) over 412 batches" and, with fewer
// than kAbFewBatches, why the interval is wide or missing.
inline constexpr size_t kAbFewBatches = 20;
std::string AbRatioText(const AbVerdict& verdict);

// The batch an --ab run takes when none is asked for, from what the dataset
// is likely to hold: its raw bytes at kAbBytesPerLine a line (an 81-cell
// line and its end), split into about kAbTargetBatches batches, between
// kAbMinBatch and kAbMaxBatch lines; kAbUnknownBatch when the size says
// nothing of the lines (standard input, a compressed file). The estimate is
// the same for any batch size, but the interval needs three batches of each
// order and comes from the spread between batches: the default 2,048-line
// batch would leave a file of 2,000 puzzles with no interval at all, and a
// few dozen batches give a t with few degrees and a noisier variance. On
// the 17-clue list (49,158 puzzles) batches of 2,048 gave intervals 0.5-2.1
// points wide, of the chosen 248 about 0.5, of 16 about 0.6 (docs/ci.md).
inline constexpr uint64_t kAbBytesPerLine = 82;
inline constexpr size_t kAbTargetBatches = 200;
inline constexpr size_t kAbMinBatch = 32;
inline constexpr size_t kAbMaxBatch = 2048;
inline constexpr size_t kAbUnknownBatch = 256;
size_t AbBatchSize(uint64_t raw_bytes, bool lines_known);

}  // namespace sudoku
