// Tests that node totals saturate at the most a count may be, in a pass and
// in every merge, and never wrap around.
#include <gtest/gtest.h>

#include <limits>

#include "engine/distributed/shard_stats.h"
#include "engine/stats/stats.h"

namespace sudoku {
namespace {

constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();

TEST(NodeTotals, AddNodesSaturatesAtTheMostACountMayBe) {
  EXPECT_EQ(AddNodes(2, 3), 5u);
  EXPECT_EQ(AddNodes(kMostNodes - 1, 1), kMostNodes);
  EXPECT_EQ(AddNodes(kMostNodes, 1), kMostNodes);
  EXPECT_EQ(AddNodes(kMostNodes, kMostNodes), kMostNodes);
  EXPECT_EQ(AddNodes(kMax, kMax), kMostNodes);  // would wrap to 2^64 - 2
  EXPECT_EQ(AddNodes(kMax, 19), kMostNodes);    // would wrap to 18
  EXPECT_FALSE(NodesSaturated(kMostNodes - 1));
  EXPECT_TRUE(NodesSaturated(kMostNodes));
}

// The case: one count of 2^64 - 1 beside 19 ones gave 2^64 - 19 in
// the CSV and -19 in the history.
TEST(NodeTotals, AddAndMergeNeverWrap) {
  StrategyStats a, b;
  a.Add({Verdict::kSolved, 10, kMax, false});
  for (int i = 0; i < 19; ++i) a.Add({Verdict::kSolved, 10, 1, false});
  EXPECT_EQ(a.nodes_total, kMostNodes);
  EXPECT_EQ(a.nodes_max, kMostNodes);
  EXPECT_EQ(a.nodes.sum(), kMax);
  b.Add({Verdict::kSolved, 10, 5, false});
  b.Merge(a);
  EXPECT_EQ(b.nodes_total, kMostNodes);
  EXPECT_EQ(b.nodes_max, kMostNodes);
  // A statistics file's total past the most (a shard's, say) merges in
  // saturated too.
  StrategyStats c, forged;
  forged.nodes_total = kMax;
  forged.nodes_max = kMax;
  c.Merge(forged);
  EXPECT_EQ(c.nodes_total, kMostNodes);
  EXPECT_EQ(c.nodes_max, kMostNodes);
}

// A statistics file (bench --shard, MPI) is read saturated too, so that one
// part alone cannot carry a total past the most into a report.
TEST(NodeTotals, AStatisticsFileIsReadSaturated) {
  ShardPart part;
  part.shard = Shard{1, 1};
  DatasetResult dataset;
  dataset.path = "x.txt";
  StrategyStats stats;
  stats.nodes_total = kMax;
  stats.nodes_max = kMax;
  dataset.stats.push_back(stats);
  part.datasets.push_back(dataset);
  const ShardPart back = ParseShardStats(ShardStatsJson(part), "x.json");
  ASSERT_EQ(back.datasets.size(), 1u);
  ASSERT_EQ(back.datasets[0].stats.size(), 1u);
  EXPECT_EQ(back.datasets[0].stats[0].nodes_total, kMostNodes);
  EXPECT_EQ(back.datasets[0].stats[0].nodes_max, kMostNodes);
}

}  // namespace
}  // namespace sudoku
