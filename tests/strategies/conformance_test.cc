// The conformance suite: every registered strategy against the seed fixtures, outcomes, budgets and limits.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/input/puzzle.h"
#include "strategies/registry.h"
#include "strategies/strategy.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::SeedFixture;
using testing::SeedFixtures;

// Whole trees past this size are only checked for their budget.
constexpr uint64_t kWholeTreeCap = 2'000'000;

std::vector<std::string> StrategyNames() {
  std::vector<std::string> names;
  for (const Strategy& s : AllStrategies()) names.emplace_back(s.name);
  return names;
}

class ConformanceTest : public ::testing::TestWithParam<std::string> {
 protected:
  const Strategy& strategy() const { return *FindStrategy(GetParam()); }

  // Runs the strategy and checks what holds for every answer: the node
  // budget, and any grid returned is a real solution of the puzzle.
  SolveResult Solve(const SeedFixture& f, uint32_t limit,
                    uint64_t budget = kUnlimitedNodes) const {
    const SolveResult r = strategy().solve(f.puzzle, limit, budget);
    EXPECT_LE(r.nodes, budget) << Where(f);
    if (r.solutions > 0) {
      EXPECT_EQ(CheckSolution(f.puzzle, r.solution), std::nullopt) << Where(f);
    }
    return r;
  }

  static std::string Where(const SeedFixture& f) {
    return "fixture line " + std::to_string(f.line) + ": " + f.text;
  }

  // The outcome a complete search must reach on `f` with `limit`.
  Outcome Expected(const SeedFixture& f, uint32_t limit) const {
    if (f.invalid || !f.has_solution) return Outcome::kNoSolution;
    const bool counts = strategy().Has(kCountsSolutions) ||
                        strategy().Has(kSeedWholeTree);
    if (counts && limit >= 2 && f.solutions != 1) return Outcome::kMultiple;
    if (strategy().Has(kSeedWholeTree) && f.solutions > 1) {
      return Outcome::kMultiple;
    }
    return Outcome::kSolved;
  }
};

TEST_P(ConformanceTest, NamedAndDescribed) {
  EXPECT_FALSE(strategy().summary.empty());
  EXPECT_FALSE(strategy().node_unit.empty());
  EXPECT_NE(strategy().solve, nullptr);
  EXPECT_EQ(FindStrategy(strategy().name), &strategy());
}

TEST(ConformanceFixtures, AllLoaded) { EXPECT_EQ(SeedFixtures().size(), 64u); }

// The generator takes the best-ranked counting strategy: two strategies with
// one rank would leave that choice to the table's order.
TEST(ConformanceRegistry, SpeedRanksAreDistinct) {
  std::set<uint32_t> ranks;
  for (const Strategy& s : AllStrategies()) {
    if (s.speed_rank == 0) continue;
    EXPECT_TRUE(ranks.insert(s.speed_rank).second)
        << s.name << " shares rank " << s.speed_rank;
  }
  EXPECT_FALSE(ranks.empty());
}

TEST_P(ConformanceTest, InvalidGivensNeverSolve) {
  int checked = 0;
  for (const SeedFixture& f : SeedFixtures()) {
    if (!f.invalid) continue;
    ++checked;
    for (uint32_t limit : {1u, 2u}) {
      const SolveResult r = Solve(f, limit);
      EXPECT_EQ(r.outcome, Outcome::kNoSolution) << Where(f);
      EXPECT_EQ(r.solutions, 0u) << Where(f);
    }
  }
  EXPECT_GT(checked, 0);
}

TEST_P(ConformanceTest, OutcomesAndSolutions) {
  for (const SeedFixture& f : SeedFixtures()) {
    if (f.invalid) continue;
    if (f.nodes_all < 0 && strategy().Has(kSeedWholeTree)) continue;
    for (uint32_t limit : {1u, 2u}) {
      const SolveResult r = Solve(f, limit);
      EXPECT_EQ(r.outcome, Expected(f, limit))
          << Where(f) << " limit " << limit << " got " << OutcomeName(r.outcome);
      if (!f.has_solution) {
        EXPECT_EQ(r.solutions, 0u) << Where(f);
        continue;
      }
      // A unique puzzle has one answer; a first-tree search reaches the
      // smallest solution in row-major order, which the fixture records.
      if (f.solutions == 1 || strategy().Has(kSeedFirstTree) ||
          strategy().Has(kSeedWholeTree)) {
        EXPECT_EQ(FormatGrid(r.solution), FormatGrid(f.first_solution))
            << Where(f) << " limit " << limit;
      }
    }
  }
}

TEST_P(ConformanceTest, SeedFirstTreeNodesExact) {
  if (!strategy().Has(kSeedFirstTree)) GTEST_SKIP() << "no seed-tree promise";
  for (const SeedFixture& f : SeedFixtures()) {
    if (f.invalid) continue;
    const SolveResult r = Solve(f, 1);
    EXPECT_EQ(static_cast<int64_t>(r.nodes), f.nodes_first) << Where(f);
  }
}

TEST_P(ConformanceTest, SeedWholeTreeNodesAndSolutionsExact) {
  if (!strategy().Has(kSeedWholeTree)) GTEST_SKIP() << "no seed-tree promise";
  for (const SeedFixture& f : SeedFixtures()) {
    if (f.invalid || f.nodes_all < 0) continue;
    const SolveResult r = Solve(f, 1);
    EXPECT_EQ(static_cast<int64_t>(r.nodes), f.nodes_all) << Where(f);
    EXPECT_EQ(static_cast<int64_t>(r.solutions), f.solutions) << Where(f);
  }
}

TEST_P(ConformanceTest, CountsToTheLimit) {
  if (!strategy().Has(kCountsSolutions)) GTEST_SKIP() << "cannot count";
  int checked = 0;
  for (const SeedFixture& f : SeedFixtures()) {
    if (f.invalid || (f.solutions < 2 && f.nodes_all >= 0)) continue;
    ++checked;
    const SolveResult one = Solve(f, 1);
    EXPECT_EQ(one.outcome, Outcome::kSolved) << Where(f);
    EXPECT_EQ(one.solutions, 1u) << Where(f);
    const SolveResult two = Solve(f, 2);
    EXPECT_EQ(two.outcome, Outcome::kMultiple) << Where(f);
    EXPECT_EQ(two.solutions, 2u) << Where(f);
  }
  EXPECT_GT(checked, 0);
}

// A budget of N gives "over budget" with at most N nodes, and the seed trees
// stop exactly when the next node would pass it.
TEST_P(ConformanceTest, BudgetRespected) {
  int cut_checked = 0, cap_checked = 0;
  for (const SeedFixture& f : SeedFixtures()) {
    if (f.invalid || !f.has_solution) continue;
    const SolveResult full = Solve(f, 1, kWholeTreeCap);
    if (full.outcome == Outcome::kOverBudget || full.nodes < 2) continue;
    ++cut_checked;
    const uint64_t budget = full.nodes / 2;
    const SolveResult cut = Solve(f, 1, budget);
    EXPECT_LE(cut.nodes, budget) << Where(f);
    if (strategy().Has(kSeedFirstTree) || strategy().Has(kSeedWholeTree)) {
      EXPECT_EQ(cut.nodes, budget) << Where(f);
      // A whole tree may have found its answer to the limit before the cut.
      if (cut.solutions == 0 || strategy().Has(kSeedFirstTree)) {
        EXPECT_EQ(cut.outcome, Outcome::kOverBudget) << Where(f);
      }
      const SolveResult exact = Solve(f, 1, full.nodes);
      EXPECT_EQ(exact.outcome, full.outcome) << Where(f);
      EXPECT_EQ(exact.nodes, full.nodes) << Where(f);
    }
  }
  // The empty grid's whole tree is astronomically large: the budget must
  // end it.
  for (const SeedFixture& f : SeedFixtures()) {
    if (f.nodes_all >= 0 || f.invalid) continue;
    ++cap_checked;
    const SolveResult r = Solve(f, 2, 100'000);
    EXPECT_LE(r.nodes, 100'000u) << Where(f);
  }
  EXPECT_GT(cut_checked, 0);
  EXPECT_GT(cap_checked, 0);
}

TEST_P(ConformanceTest, ZeroBudgetSearchesNothing) {
  int checked = 0;
  for (const SeedFixture& f : SeedFixtures()) {
    if (f.invalid || f.nodes_first <= 0) continue;
    ++checked;
    const SolveResult r = Solve(f, 1, 0);
    EXPECT_EQ(r.nodes, 0u) << Where(f);
    // A propagating strategy may solve some puzzles without a single node.
    if (strategy().Has(kSeedFirstTree) || strategy().Has(kSeedWholeTree)) {
      EXPECT_EQ(r.outcome, Outcome::kOverBudget) << Where(f);
    }
  }
  EXPECT_GT(checked, 0);
}

INSTANTIATE_TEST_SUITE_P(AllStrategies, ConformanceTest,
                         ::testing::ValuesIn(StrategyNames()),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& ch : name) {
                             if (ch == '-') ch = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace sudoku
