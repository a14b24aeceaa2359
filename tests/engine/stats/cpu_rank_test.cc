// Ranking by puzzles per CPU-second and the noise test between neighbours,
// on numbers given here.
#include "engine/stats/cpu_rank.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <vector>

namespace sudoku {
namespace {

using Blocks = std::vector<uint64_t>;

TEST(CpuRankTest, SteadyRatioIsApart) {
  // b costs 1.05 x a in every block: no noise at all, so even 5% is apart.
  const Blocks a = {1000, 2000, 1500, 3000, 1200};
  const Blocks b = {1050, 2100, 1575, 3150, 1260};
  EXPECT_EQ(Separate(a, b), Separation::kApart);
}

TEST(CpuRankTest, RatioThatSwingsBothWaysIsWithinNoise) {
  // Block ratios 1.2, 0.8, 1.25, 0.85, 1.1, 0.9: the totals differ by 2%,
  // well within two standard errors of the blocks' log ratios.
  const Blocks a = {1000, 1000, 1000, 1000, 1000, 1000};
  const Blocks b = {1200, 800, 1250, 850, 1100, 900};
  EXPECT_EQ(Separate(a, b), Separation::kWithinNoise);
}

TEST(CpuRankTest, OneStalledBlockDoesNotHideALargeDifference) {
  // b is 1.5 x a in eight blocks and 0.5 x in one: the totals still differ
  // beyond noise.
  const Blocks a = {100, 100, 100, 100, 100, 100, 100, 100, 100};
  const Blocks b = {150, 150, 150, 150, 150, 150, 150, 150, 50};
  EXPECT_EQ(Separate(a, b), Separation::kApart);
}

TEST(CpuRankTest, FewerThanFourBlocksCannotTell) {
  const Blocks a = {1000, 1000, 1000};
  const Blocks b = {2000, 2000, 2000};
  EXPECT_EQ(Separate(a, b), Separation::kTooFewBlocks);
  // Blocks where either spent nothing are no evidence.
  const Blocks c = {1000, 0, 1000, 1000, 1000};
  const Blocks d = {2000, 2000, 2000, 0, 2000};
  EXPECT_EQ(Separate(c, d), Separation::kTooFewBlocks);
}

TEST(CpuRankTest, RanksFastestFirstAndMarksNeighboursWithinNoise) {
  const Blocks slow = {3000, 3000, 3000, 3000};
  const Blocks fast = {1000, 1000, 1000, 1000};
  const Blocks fast_too = {1100, 900, 1050, 950};
  const std::vector<double> rates = {100, 300, 290};
  const std::vector<std::span<const uint64_t>> blocks = {slow, fast,
                                                         fast_too};
  const std::vector<CpuRank> ranks = RankByCpu(rates, blocks);
  ASSERT_EQ(ranks.size(), 3u);
  EXPECT_EQ(ranks[0].index, 1u);
  EXPECT_EQ(ranks[0].from_above, Separation::kApart);
  EXPECT_EQ(ranks[1].index, 2u);
  EXPECT_EQ(ranks[1].from_above, Separation::kWithinNoise);
  EXPECT_EQ(ranks[2].index, 0u);
  EXPECT_EQ(ranks[2].from_above, Separation::kApart);
}

TEST(CpuRankTest, TiesKeepTheGivenOrder) {
  const std::vector<double> rates = {5, 5};
  const std::vector<CpuRank> ranks = RankByCpu(rates, {});
  EXPECT_EQ(ranks[0].index, 0u);
  EXPECT_EQ(ranks[1].index, 1u);
  EXPECT_EQ(ranks[1].from_above, Separation::kTooFewBlocks);
}

}  // namespace
}  // namespace sudoku
