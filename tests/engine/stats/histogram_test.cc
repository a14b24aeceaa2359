// Tests for LogHistogram: bucket bounds, quantile accuracy, exact merging.
#include "engine/stats/histogram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace sudoku {
namespace {

TEST(LogHistogram, SmallValuesAreExact) {
  for (uint64_t v = 0; v < 256; ++v) {
    const int b = LogHistogram::BucketOf(v);
    EXPECT_EQ(LogHistogram::BucketLow(b), v);
    EXPECT_EQ(LogHistogram::BucketHigh(b), v);
  }
}

TEST(LogHistogram, BucketsTileTheRangeWithinOnePercent) {
  for (int b = 1; b < LogHistogram::kBuckets; ++b) {
    EXPECT_EQ(LogHistogram::BucketLow(b), LogHistogram::BucketHigh(b - 1) + 1)
        << b;
    const double low = static_cast<double>(LogHistogram::BucketLow(b));
    const double high = static_cast<double>(LogHistogram::BucketHigh(b));
    EXPECT_LE((high - low) / std::max(low, 1.0), 1.0 / 128) << b;
  }
  EXPECT_EQ(LogHistogram::BucketHigh(LogHistogram::kBuckets - 1), UINT64_MAX);
  for (uint64_t v : {uint64_t{1000}, uint64_t{123456789}, UINT64_MAX}) {
    const int b = LogHistogram::BucketOf(v);
    EXPECT_LE(LogHistogram::BucketLow(b), v);
    EXPECT_GE(LogHistogram::BucketHigh(b), v);
  }
}

TEST(LogHistogram, QuantilesWithinOnePercentOfTheExactOnes) {
  std::mt19937_64 rng(7);
  std::lognormal_distribution<double> dist(9.0, 2.0);
  std::vector<uint64_t> values;
  LogHistogram h;
  for (int i = 0; i < 100000; ++i) {
    const auto v = static_cast<uint64_t>(dist(rng));
    values.push_back(v);
    h.Add(v);
  }
  std::sort(values.begin(), values.end());
  for (double q : {0.01, 0.5, 0.9, 0.99, 0.999}) {
    const uint64_t exact =
        values[static_cast<size_t>(std::ceil(q * values.size())) - 1];
    const double got = static_cast<double>(h.Quantile(q));
    EXPECT_NEAR(got, static_cast<double>(exact), 0.01 * exact + 1) << q;
  }
  EXPECT_EQ(h.Quantile(1.0), values.back());
  EXPECT_EQ(h.Quantile(0.0), values.front());
  EXPECT_EQ(h.max(), values.back());
  EXPECT_EQ(h.min(), values.front());
  EXPECT_EQ(h.count(), values.size());
}

TEST(LogHistogram, MergeEqualsOneHistogramOfEverything) {
  LogHistogram all, a, b, c;
  std::mt19937_64 rng(11);
  for (int i = 0; i < 30000; ++i) {
    const uint64_t v = rng() >> (rng() % 64);
    all.Add(v);
    (i % 3 == 0 ? a : i % 3 == 1 ? b : c).Add(v);
  }
  LogHistogram merged;
  merged.Merge(c);
  merged.Merge(a);
  merged.Merge(b);
  EXPECT_EQ(merged, all);
  EXPECT_EQ(merged.sum(), all.sum());
}

TEST(LogHistogram, EmptyIsZero) {
  LogHistogram h;
  EXPECT_EQ(h.Quantile(0.5), 0u);
  EXPECT_EQ(h.min(), 0u);
  EXPECT_EQ(h.Mean(), 0.0);
}

}  // namespace
}  // namespace sudoku
