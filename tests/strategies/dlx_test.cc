// dlx: the thread's dancing-links matrix is exactly as built after every
// puzzle, whatever the outcome.
#include "strategies/dlx.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>

#include "engine/puzzle.h"
#include "strategies/strategy.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::SeedFixture;
using testing::SeedFixtures;

const Strategy& Dlx() {
  const Strategy* dlx = FindStrategy("dlx");
  EXPECT_NE(dlx, nullptr);
  return *dlx;
}

Grid Parse(const std::string& text) {
  Grid grid{};
  EXPECT_EQ(ParseGrid(text, grid), std::nullopt) << text;
  return grid;
}

constexpr char kSolved[] =
    "812753649943682175675491283154237896369845721287169534521974368438526917"
    "796318452";

TEST(DlxTest, MatrixPristineBeforeAnyPuzzle) {
  ASSERT_TRUE(dlx::MatrixIsPristine());
}

TEST(DlxTest, MatrixRestoredAfterEveryFixtureLimitAndBudget) {
  for (const SeedFixture& f : SeedFixtures()) {
    for (uint32_t limit : {1u, 2u}) {
      const SolveResult full = Dlx().solve(f.puzzle, limit, kUnlimitedNodes);
      ASSERT_TRUE(dlx::MatrixIsPristine()) << f.text << " limit " << limit;
      // Cut the search at the start, at one node and in the middle.
      for (uint64_t budget : {uint64_t{0}, uint64_t{1}, full.nodes / 2}) {
        const SolveResult cut = Dlx().solve(f.puzzle, limit, budget);
        EXPECT_LE(cut.nodes, budget);
        ASSERT_TRUE(dlx::MatrixIsPristine())
            << f.text << " limit " << limit << " budget " << budget;
      }
    }
  }
}

TEST(DlxTest, ClashFoundMidOptionIsUndone) {
  // Two 5s in row 1: the second given's cell item is covered before its
  // row item turns out to be taken, so the unwinding starts mid-option.
  Grid grid{};
  grid[0] = 5;
  grid[40] = 3;
  grid[8] = 5;
  const SolveResult r = Dlx().solve(grid, 2, kUnlimitedNodes);
  EXPECT_EQ(r.outcome, Outcome::kNoSolution);
  EXPECT_EQ(r.solutions, 0u);
  EXPECT_EQ(r.nodes, 0u);
  ASSERT_TRUE(dlx::MatrixIsPristine());
  // And the next puzzle is solved as if nothing had happened.
  const SolveResult next = Dlx().solve(Parse(kSolved), 2, kUnlimitedNodes);
  EXPECT_EQ(next.outcome, Outcome::kSolved);
}

TEST(DlxTest, ClashOnTheLastGivenIsUndone) {
  Grid grid = Parse(kSolved);
  grid[80] = grid[79];  // the last cell repeats its left neighbour
  EXPECT_EQ(Dlx().solve(grid, 2, kUnlimitedNodes).outcome,
            Outcome::kNoSolution);
  ASSERT_TRUE(dlx::MatrixIsPristine());
}

TEST(DlxTest, GivensAreNotNodes) {
  const Grid full = Parse(kSolved);
  const SolveResult none = Dlx().solve(full, 2, kUnlimitedNodes);
  EXPECT_EQ(none.outcome, Outcome::kSolved);
  EXPECT_EQ(none.nodes, 0u);
  EXPECT_FALSE(none.guessed);
  Grid three_holes = full;
  three_holes[0] = three_holes[40] = three_holes[80] = 0;
  const SolveResult forced = Dlx().solve(three_holes, 2, kUnlimitedNodes);
  EXPECT_EQ(forced.outcome, Outcome::kSolved);
  EXPECT_EQ(forced.nodes, 3u);
  EXPECT_FALSE(forced.guessed);
  EXPECT_EQ(FormatGrid(forced.solution), FormatGrid(full));
}

TEST(DlxTest, EmptyGridGuessesAndStopsAtTheLimit) {
  const SolveResult r = Dlx().solve(Grid{}, 2, kUnlimitedNodes);
  EXPECT_EQ(r.outcome, Outcome::kMultiple);
  EXPECT_EQ(r.solutions, 2u);
  EXPECT_TRUE(r.guessed);
  ASSERT_TRUE(dlx::MatrixIsPristine());
}

TEST(DlxTest, EachThreadHasItsOwnPristineMatrix) {
  bool pristine_before = false, pristine_after = false;
  Outcome outcome = Outcome::kOverBudget;
  std::thread worker([&] {
    pristine_before = dlx::MatrixIsPristine();
    if (!pristine_before) return;
    outcome = Dlx().solve(SeedFixtures().front().puzzle, 2, 1000).outcome;
    pristine_after = dlx::MatrixIsPristine();
  });
  worker.join();
  EXPECT_TRUE(pristine_before);
  EXPECT_TRUE(pristine_after);
  EXPECT_NE(outcome, Outcome::kNoSolution);
  ASSERT_TRUE(dlx::MatrixIsPristine());
}

}  // namespace
}  // namespace sudoku
