// Tests for the order statistics shared by compare, --ab and the history.
#include "engine/stats/quantile.h"

#include <gtest/gtest.h>

#include <vector>

namespace sudoku {
namespace {

TEST(Quantile, MedianOfOddAndEvenCounts) {
  EXPECT_EQ(Median({}), 0);
  EXPECT_EQ(Median({3, 1, 2}), 2);
  EXPECT_EQ(Median({4, 1, 3, 2}), 2.5);
}

TEST(Quantile, InterpolatesBetweenOrderStatistics) {
  const std::vector<double> values = {10, 40, 20, 30};
  EXPECT_EQ(Quantile(values, 0), 10);
  EXPECT_EQ(Quantile(values, 1), 40);
  EXPECT_DOUBLE_EQ(Quantile(values, 0.5), 25);
  EXPECT_DOUBLE_EQ(Quantile(values, 0.25), 17.5);
  EXPECT_EQ(Quantile({}, 0.5), 0);
}

TEST(Quantile, LowerMedianIndexKeepsTiesInOrder) {
  EXPECT_EQ(LowerMedianIndex(std::vector<double>{}), 0u);
  EXPECT_EQ(LowerMedianIndex(std::vector<double>{5, 1, 3}), 2u);
  EXPECT_EQ(LowerMedianIndex(std::vector<double>{4, 1, 3, 2}), 3u);
  EXPECT_EQ(LowerMedianIndex(std::vector<double>{7, 7, 7}), 1u);
}

}  // namespace
}  // namespace sudoku
