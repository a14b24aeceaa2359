// bands: guesses are the only nodes, and puzzles that fall to singles and
// intersections take none.
#include <gtest/gtest.h>

#include <string>

#include "engine/puzzle.h"
#include "strategies/strategy.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

const Strategy& Bands() { return testing::RegisteredStrategy("bands"); }

using testing::ParsedGrid;

// A solved grid: holes cut into it make puzzles of known difficulty.
const std::string& kSolved = testing::kSampleSolution;

TEST(BandsTest, SinglesAloneTakeNoGuess) {
  const Grid full = ParsedGrid(kSolved);
  Grid holes = full;
  // A hole in every row, column and box: each is a naked single.
  for (int r = 0; r < 9; ++r) holes[r * 9 + (r * 3 + r / 3) % 9] = 0;
  const SolveResult r = Bands().solve(holes, 2, kUnlimitedNodes);
  EXPECT_EQ(r.outcome, Outcome::kSolved);
  EXPECT_EQ(r.nodes, 0u);
  EXPECT_FALSE(r.guessed);
  EXPECT_EQ(FormatGrid(r.solution), FormatGrid(full));
}

TEST(BandsTest, ForcedPuzzlesNeedNoBudget) {
  // With a budget of zero, whatever falls to propagation is still solved,
  // and whatever needs a guess is over budget having guessed.
  int forced = 0, cut = 0;
  for (const testing::SeedFixture& f : testing::SeedFixtures()) {
    if (f.invalid || !f.has_solution) continue;
    const SolveResult r = Bands().solve(f.puzzle, 2, 0);
    EXPECT_EQ(r.nodes, 0u);
    if (r.guessed) {
      EXPECT_EQ(r.outcome, Outcome::kOverBudget) << f.text;
      ++cut;
    } else {
      EXPECT_EQ(r.outcome, Outcome::kSolved) << f.text;
      ++forced;
    }
  }
  EXPECT_GT(forced, 0);
  EXPECT_GT(cut, 0);
}

TEST(BandsTest, EmptyGridGuessesAndCounts) {
  const SolveResult r = Bands().solve(Grid{}, 2, kUnlimitedNodes);
  EXPECT_EQ(r.outcome, Outcome::kMultiple);
  EXPECT_EQ(r.solutions, 2u);
  EXPECT_TRUE(r.guessed);
  EXPECT_GE(r.nodes, 1u);
}

}  // namespace
}  // namespace sudoku
