// Exact solution counts past 2 (bench --limit N|all): every strategy that
// counts, or searches the whole tree, against a brute force of this file's
// own, and the limit and the budget stopping a count.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/input/puzzle.h"
#include "strategies/registry.h"
#include "strategies/strategy.h"
#include "tests/deadly_patterns.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

// The plainest count there is: the first empty cell, every digit that
// clashes with no peer, to the end. No strategy's code, no limit.
uint64_t BruteCount(Grid& g) {
  int cell = 0;
  while (cell < kCells && g[cell] != 0) ++cell;
  if (cell == kCells) return 1;
  const int r = cell / 9, c = cell % 9;
  uint64_t total = 0;
  for (uint8_t d = 1; d <= 9; ++d) {
    bool clash = false;
    for (int k = 0; k < 9 && !clash; ++k) {
      const int br = r / 3 * 3 + k / 3, bc = c / 3 * 3 + k % 3;
      clash = g[r * 9 + k] == d || g[k * 9 + c] == d || g[br * 9 + bc] == d;
    }
    if (clash) continue;
    g[cell] = d;
    total += BruteCount(g);
    g[cell] = 0;
  }
  return total;
}

Grid Solved() {
  Grid g{};
  EXPECT_FALSE(ParseGrid(testing::kSampleSolution, g).has_value());
  return g;
}

// The sample's solution with `blanks` cells emptied, chosen by a fixed
// generator: from one solution up to a few hundred.
Grid Blanked(int blanks, uint32_t seed) {
  Grid g = Solved();
  for (int done = 0; done < blanks;) {
    seed = seed * 1103515245u + 12345u;
    const int cell = static_cast<int>((seed >> 8) % kCells);
    if (g[cell] != 0) {
      g[cell] = 0;
      ++done;
    }
  }
  return g;
}

Grid TwoDeadlyPatterns() {
  Grid g{};
  EXPECT_FALSE(ParseGrid(testing::DeadlyPatterns(2), g).has_value());
  return g;
}

std::vector<const Strategy*> Counters() {
  std::vector<const Strategy*> out;
  for (const Strategy& s : AllStrategies()) {
    if (s.Has(kCountsSolutions) || s.Has(kSeedWholeTree)) out.push_back(&s);
  }
  return out;
}

Outcome CountOutcome(uint64_t count) {
  return count == 0   ? Outcome::kNoSolution
         : count == 1 ? Outcome::kSolved
                      : Outcome::kMultiple;
}

TEST(ExactCount, TwoDeadlyPatternsHaveFourSolutions) {
  Grid one{};
  ASSERT_FALSE(ParseGrid(testing::DeadlyPatterns(1), one).has_value());
  EXPECT_EQ(BruteCount(one), 2u);
  Grid g = TwoDeadlyPatterns();
  Grid copy = g;
  ASSERT_EQ(BruteCount(copy), 4u);
  for (const Strategy* s : Counters()) {
    const SolveResult r = s->Solve(g, kAllSolutions, kUnlimitedNodes);
    EXPECT_EQ(r.solutions, 4u) << s->name;
    EXPECT_EQ(r.outcome, Outcome::kMultiple) << s->name;
  }
}

TEST(ExactCount, EveryCounterAgreesWithBruteForce) {
  int above_two = 0;
  for (int blanks : {20, 30, 36, 40, 44}) {
    for (uint32_t seed : {1u, 7u, 99u}) {
      const Grid g = Blanked(blanks, seed * 31 + static_cast<uint32_t>(blanks));
      Grid copy = g;
      const uint64_t expected = BruteCount(copy);
      above_two += expected > 2;
      for (const Strategy* s : Counters()) {
        // The seeds' whole trees are slow past a few dozen blanks.
        if (s->Has(kSeedWholeTree) && blanks > 36) continue;
        for (uint32_t limit : {kAllSolutions, 1000000u}) {
          const SolveResult r = s->Solve(g, limit, kUnlimitedNodes);
          EXPECT_EQ(r.solutions, expected)
              << s->name << " blanks " << blanks << " seed " << seed;
          EXPECT_EQ(r.outcome, CountOutcome(expected)) << s->name;
        }
      }
    }
  }
  // The set tests counting, not uniqueness.
  EXPECT_GE(above_two, 5);
}

// A limit below the count stops the counting strategies there, as
// "multiple"; the whole-tree seeds count on (their contract).
TEST(ExactCount, ALimitBelowTheCountStopsAtIt) {
  const Grid g = TwoDeadlyPatterns();
  for (const Strategy& s : AllStrategies()) {
    if (!s.Has(kCountsSolutions)) continue;
    for (uint32_t limit : {2u, 3u}) {
      const SolveResult r = s.Solve(g, limit, kUnlimitedNodes);
      EXPECT_EQ(r.solutions, limit) << s.name;
      EXPECT_EQ(r.outcome, Outcome::kMultiple) << s.name;
    }
  }
}

// Under a budget that cuts the count short the answer is over budget, never
// a smaller count: the solutions found so far are no answer.
TEST(ExactCount, ABudgetThatStopsACountIsOverBudget) {
  const Grid g = TwoDeadlyPatterns();
  for (const Strategy* s : Counters()) {
    const SolveResult whole = s->Solve(g, kAllSolutions, kUnlimitedNodes);
    ASSERT_GT(whole.solutions, 2u) << s->name;
    ASSERT_GT(whole.nodes, 1u) << s->name;
    const SolveResult cut = s->Solve(g, kAllSolutions, whole.nodes - 1);
    EXPECT_EQ(cut.outcome, Outcome::kOverBudget) << s->name;
    EXPECT_LE(cut.nodes, whole.nodes - 1) << s->name;
    // At limits 1 and 2 the same budget answers as it always did.
    const SolveResult two = s->Solve(g, 2, whole.nodes - 1);
    EXPECT_EQ(two.outcome, Outcome::kMultiple) << s->name;
  }
}

}  // namespace
}  // namespace sudoku
