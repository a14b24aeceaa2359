// Hodges-Lehmann's shift and its rank interval: the Mann-Whitney
// distribution against values worked by hand and the normal approximation,
// the estimate on small samples, and the interval's coverage on seeded
// samples.
#include "engine/stats/hodges_lehmann.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

namespace sudoku {
namespace {

TEST(HodgesLehmann, MannWhitneyDistributionByHand) {
  // m = n = 3: 20 orders equally likely; U = 0 and U = 1 one order each,
  // U = 2 two orders.
  EXPECT_NEAR(MannWhitneyCdf(3, 3, 0), 1.0 / 20, 1e-12);
  EXPECT_NEAR(MannWhitneyCdf(3, 3, 1), 2.0 / 20, 1e-12);
  EXPECT_NEAR(MannWhitneyCdf(3, 3, 2), 4.0 / 20, 1e-12);
  EXPECT_NEAR(MannWhitneyCdf(3, 3, 9), 1.0, 1e-12);
  // Symmetric about m n / 2.
  EXPECT_NEAR(MannWhitneyCdf(4, 7, 10), 1 - MannWhitneyCdf(4, 7, 17), 1e-12);
  // At 40 x 60 pairs (exact) the normal approximation, which takes over
  // beyond 2,500 pairs, is close: mean 1200, variance 40 60 101 / 12.
  const double z = (1000.5 - 1200) / std::sqrt(40 * 60 * 101 / 12.0);
  EXPECT_NEAR(MannWhitneyCdf(40, 60, 1000),
              0.5 * std::erfc(-z / std::sqrt(2.0)), 0.002);
  EXPECT_NEAR(MannWhitneyCdf(50, 60, 1500), 0.5, 0.01);
}

TEST(HodgesLehmann, EstimateIsTheMedianDifference) {
  const std::vector<double> before = {1, 2, 3}, after = {11, 12, 14};
  // Differences: 8 9 9 10 10 11 11 12 13, median 10.
  const ShiftEstimate shift = HodgesLehmannShift(before, after);
  EXPECT_DOUBLE_EQ(shift.estimate, 10);
  // Three a side cannot reach 95%: the whole range, and what it covers.
  EXPECT_DOUBLE_EQ(shift.low, 8);
  EXPECT_DOUBLE_EQ(shift.high, 13);
  EXPECT_NEAR(shift.confidence, 0.9, 1e-12);
  EXPECT_EQ(HodgesLehmannShift({}, after).estimate, 0);
}

TEST(HodgesLehmann, OneOutlierDoesNotMoveIt) {
  std::vector<double> before, after;
  for (int i = 0; i < 10; ++i) {
    before.push_back(0.01 * (i % 5));
    after.push_back(-0.04 + 0.01 * (i % 5));
  }
  after[3] = -0.5;  // one run a busy machine made 40% slower
  const ShiftEstimate shift = HodgesLehmannShift(before, after);
  EXPECT_NEAR(shift.estimate, -0.04, 0.006);
  EXPECT_GE(shift.confidence, 0.95);
  EXPECT_LT(shift.low, -0.04);
  EXPECT_GT(shift.high, -0.04);
}

// The 95% interval holds a 4% shift under 2% Gaussian noise 95% of the
// time (at least 93% of 1,000 seeded trials, two standard errors below), for
// the segment lengths a window of commits gives.
TEST(HodgesLehmann, IntervalCoversTheShiftAtItsRate) {
  uint64_t state = 20261204;
  const auto uniform = [&] {
    uint64_t z = (state += 0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    return static_cast<double>((z ^ (z >> 31)) >> 11) * 0x1.0p-53;
  };
  const auto gaussian = [&] {
    const double u = std::max(uniform(), 1e-300);
    return std::sqrt(-2 * std::log(u)) *
           std::cos(2 * std::numbers::pi * uniform());
  };
  for (const auto& [m, n] : {std::pair(20, 8), std::pair(30, 30)}) {
    int covered = 0;
    const int trials = 1000;
    for (int t = 0; t < trials; ++t) {
      std::vector<double> before, after;
      for (int i = 0; i < m; ++i) before.push_back(0.02 * gaussian());
      for (int i = 0; i < n; ++i) after.push_back(-0.04 + 0.02 * gaussian());
      const ShiftEstimate shift = HodgesLehmannShift(before, after);
      covered += shift.low <= -0.04 && -0.04 <= shift.high;
    }
    EXPECT_GE(covered, 930) << m << " and " << n;
    EXPECT_LE(covered, 980) << m << " and " << n;  // not wider than it says
  }
}

}  // namespace
}  // namespace sudoku
