// A fixed-size, mergeable histogram with log-spaced buckets: percentiles
// without per-sample storage.
#include "engine/stats/histogram.h"

#include <algorithm>
#include <cmath>

namespace sudoku {

uint64_t LogHistogram::BucketLow(int bucket) {
  if (bucket < kSub) return static_cast<uint64_t>(bucket);
  const int shift = bucket / kSub - 1;
  const uint64_t mantissa = static_cast<uint64_t>(bucket % kSub + kSub);
  return mantissa << shift;
}

uint64_t LogHistogram::BucketHigh(int bucket) {
  if (bucket < kSub) return static_cast<uint64_t>(bucket);
  const int shift = bucket / kSub - 1;
  return BucketLow(bucket) + ((uint64_t{1} << shift) - 1);
}

void LogHistogram::Merge(const LogHistogram& other) {
  for (int i = 0; i < kBuckets; ++i) counts_[i] += other.counts_[i];
  count_ += other.count_;
  AddToSum(other.sum_);
  min_ = std::min(min_, other.min_);
  max_ = std::max(max_, other.max_);
}

double LogHistogram::Mean() const {
  return count_ ? static_cast<double>(sum_) / static_cast<double>(count_) : 0.0;
}

uint64_t LogHistogram::Quantile(double q) const {
  if (count_ == 0) return 0;
  q = std::clamp(q, 0.0, 1.0);
  const uint64_t rank =
      std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(q * count_)));
  uint64_t seen = 0;
  for (int bucket = 0; bucket < kBuckets; ++bucket) {
    seen += counts_[bucket];
    if (seen >= rank) {
      const uint64_t low = BucketLow(bucket), high = BucketHigh(bucket);
      const uint64_t mid = low + (high - low) / 2;
      return std::clamp(mid, min(), max_);
    }
  }
  return max_;
}

}  // namespace sudoku
