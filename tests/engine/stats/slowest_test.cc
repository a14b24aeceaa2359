// Tests for SlowestPuzzles: which puzzles --slowest keeps, in which order.
#include <gtest/gtest.h>

#include <vector>

#include "engine/stats/stats.h"

namespace sudoku {
namespace {

std::vector<uint64_t> Lines(const SlowestPuzzles& slowest) {
  std::vector<uint64_t> lines;
  for (const SlowPuzzle& p : slowest.Sorted()) lines.push_back(p.line);
  return lines;
}

// A descheduled solve of few nodes takes milliseconds; it must not push
// the puzzles that need the most search off the list.
TEST(SlowestPuzzles, RanksByNodesBeforeTime) {
  SlowestPuzzles slowest(2);
  slowest.Offer({/*nanos=*/8'000'000, /*nodes=*/89, /*line=*/1, {}});
  slowest.Offer({20'000, 5'000, 2, {}});
  slowest.Offer({30'000, 4'000, 3, {}});
  slowest.Offer({10'000, 5'000, 4, {}});
  EXPECT_EQ(Lines(slowest), (std::vector<uint64_t>{2, 4}));
}

// A strategy that counts no nodes is ranked by its times.
TEST(SlowestPuzzles, WithoutNodesRanksByTime) {
  SlowestPuzzles slowest(2);
  for (uint64_t line = 1; line <= 5; ++line) {
    slowest.Offer({line * 1000 % 7000, 0, line, {}});
  }
  EXPECT_EQ(Lines(slowest), (std::vector<uint64_t>{5, 4}));
}

// Merged parts keep the same puzzles in the same order as one pass, and the
// over-budget mark travels with its puzzle.
TEST(SlowestPuzzles, MergesIntoTheSameListAndKeepsTheMark) {
  SlowestPuzzles whole(3), a(3), b(3);
  for (uint64_t line = 1; line <= 20; ++line) {
    const SlowPuzzle p{line * 37 % 11, line % 6, line, {}, line % 6 == 5};
    whole.Offer(p);
    (line % 2 == 0 ? a : b).Offer(p);
  }
  a.Merge(b);
  EXPECT_EQ(Lines(a), Lines(whole));
  ASSERT_FALSE(a.Sorted().empty());
  EXPECT_TRUE(a.Sorted().front().over_budget);
}

}  // namespace
}  // namespace sudoku
