// dlx: the search leaves the thread's dancing-links matrix exactly as it was
// reset for the puzzle, whatever the outcome; the reset itself is checked by
// the node counts pinned puzzle by puzzle in tests/data/pinned-nodes.txt
// (pinned_nodes_test), which a wrongly reset matrix would change.
#include "strategies/dlx.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>

#include "engine/input/puzzle.h"
#include "strategies/strategy.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::SeedFixture;
using testing::SeedFixtures;

const Strategy& Dlx() { return testing::RegisteredStrategy("dlx"); }

using testing::ParsedGrid;

// A solved grid: holes cut into it make puzzles of known difficulty.
const std::string& kSolved = testing::kSampleSolution;

TEST(DlxTest, MatrixRestoredAfterEveryFixtureLimitAndBudget) {
  for (const SeedFixture& f : SeedFixtures()) {
    for (uint32_t limit : {1u, 2u}) {
      const SolveResult full = Dlx().solve(f.puzzle, limit, kUnlimitedNodes);
      ASSERT_TRUE(dlx::MatrixIsAsResetFor(f.puzzle))
          << f.text << " limit " << limit;
      // Cut the search at the start, at one node and in the middle.
      for (uint64_t budget : {uint64_t{0}, uint64_t{1}, full.nodes / 2}) {
        const SolveResult cut = Dlx().solve(f.puzzle, limit, budget);
        EXPECT_LE(cut.nodes, budget);
        ASSERT_TRUE(dlx::MatrixIsAsResetFor(f.puzzle))
            << f.text << " limit " << limit << " budget " << budget;
      }
    }
  }
}

TEST(DlxTest, ClashingGivensLeaveTheMatrixToTheNextPuzzle) {
  // Two 5s in row 1, and (second case) the last cell repeating its left
  // neighbour: no solution, no node, and the next puzzle is unaffected.
  Grid row_clash{};
  row_clash[0] = 5;
  row_clash[40] = 3;
  row_clash[8] = 5;
  Grid last_clash = ParsedGrid(kSolved);
  last_clash[80] = last_clash[79];
  for (const Grid& clash : {row_clash, last_clash}) {
    const SolveResult r = Dlx().solve(clash, 2, kUnlimitedNodes);
    EXPECT_EQ(r.outcome, Outcome::kNoSolution);
    EXPECT_EQ(r.solutions, 0u);
    EXPECT_EQ(r.nodes, 0u);
    const SolveResult next = Dlx().solve(SeedFixtures().front().puzzle, 2,
                                         kUnlimitedNodes);
    EXPECT_EQ(next.outcome, Outcome::kSolved);
    ASSERT_TRUE(dlx::MatrixIsAsResetFor(SeedFixtures().front().puzzle));
  }
}

TEST(DlxTest, GivensAreNotNodes) {
  const Grid full = ParsedGrid(kSolved);
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
  ASSERT_TRUE(dlx::MatrixIsAsResetFor(Grid{}));
}

TEST(DlxTest, EachThreadHasItsOwnMatrix) {
  // A search cut short on another thread leaves this thread's matrix alone.
  const Grid& here = SeedFixtures().back().puzzle;
  Dlx().solve(here, 2, kUnlimitedNodes);
  bool restored_there = false;
  Outcome outcome = Outcome::kOverBudget;
  std::thread worker([&] {
    const Grid& there = SeedFixtures().front().puzzle;
    outcome = Dlx().solve(there, 2, 1000).outcome;
    restored_there = dlx::MatrixIsAsResetFor(there);
  });
  worker.join();
  EXPECT_TRUE(restored_there);
  EXPECT_NE(outcome, Outcome::kNoSolution);
  ASSERT_TRUE(dlx::MatrixIsAsResetFor(here));
}

}  // namespace
}  // namespace sudoku
