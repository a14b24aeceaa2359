// A fixed-size, mergeable histogram with log-spaced buckets: percentiles
// without per-sample storage.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <limits>

namespace sudoku {

// Values 0..2^64-1 fall into buckets whose width is at most 1/128 of their
// lower bound, so any reported quantile is within 0.8% of a recorded value.
// The layout is that of HdrHistogram with 7 sub-bucket bits:
//
//   value < 128:          bucket = value                  (exact)
//   value in [2^e, 2^e+1): bucket = 128*(e-6) + (value >> (e-7)) - 128
//                          i.e. 128 sub-buckets per power of two above 127
//
// Merging adds counts, so totals are exact whatever the split across
// threads, processes or machines.
class LogHistogram {
 public:
  static constexpr int kSubBits = 7;
  static constexpr int kSub = 1 << kSubBits;
  static constexpr int kBuckets = kSub * (64 - kSubBits + 1);

  // Inline: the accountant calls it twice per puzzle and strategy.
  static int BucketOf(uint64_t value) {
    if (value < kSub) return static_cast<int>(value);
    const int e = 63 - std::countl_zero(value);  // 2^e <= value < 2^(e+1)
    const int shift = e - kSubBits;
    return kSub * (shift + 1) + static_cast<int>(value >> shift) - kSub;
  }
  // The smallest and largest value that land in `bucket`.
  static uint64_t BucketLow(int bucket);
  static uint64_t BucketHigh(int bucket);

  void Add(uint64_t value) {
    ++counts_[BucketOf(value)];
    ++count_;
    AddToSum(value);
    if (value < min_) min_ = value;
    if (value > max_) max_ = value;
  }
  void Merge(const LogHistogram& other);

  uint64_t count() const { return count_; }
  // Exact sum (64 bits: 584 years of nanoseconds), saturated at 2^64 - 1
  // rather than wrapped (a plugin's node counts can be anything), min and
  // max.
  uint64_t sum() const { return sum_; }
  uint64_t min() const { return count_ ? min_ : 0; }
  uint64_t max() const { return max_; }
  double Mean() const;
  // The value at quantile q in [0, 1] (the smallest value with at least
  // ceil(q * count) values at or below it), estimated by its bucket's
  // midpoint and clamped to the exact min and max; 0 when empty.
  uint64_t Quantile(double q) const;

  bool operator==(const LogHistogram& other) const = default;

  // For a statistics file (engine/distributed/shard_stats.h): the bucket counts, and a
  // histogram restored exactly from what they and the accessors above say.
  const std::array<uint64_t, kBuckets>& bucket_counts() const {
    return counts_;
  }
  static LogHistogram Restore(const std::array<uint64_t, kBuckets>& counts,
                              uint64_t count, uint64_t sum, uint64_t min,
                              uint64_t max) {
    LogHistogram h;
    h.counts_ = counts;
    h.count_ = count;
    h.sum_ = sum;
    if (count > 0) h.min_ = min;
    h.max_ = max;
    return h;
  }

 private:
  void AddToSum(uint64_t value) {
    if (__builtin_add_overflow(sum_, value, &sum_)) [[unlikely]] {
      sum_ = std::numeric_limits<uint64_t>::max();
    }
  }

  std::array<uint64_t, kBuckets> counts_{};
  uint64_t count_ = 0;
  uint64_t sum_ = 0;
  uint64_t min_ = std::numeric_limits<uint64_t>::max();
  uint64_t max_ = 0;
};

}  // namespace sudoku
