// bands: guesses are the only nodes, and puzzles that fall to singles and
// intersections take none; triads settles at least as much.
#include <gtest/gtest.h>

#include <string>

#include "engine/input/puzzle.h"
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

const Strategy& Triads() { return testing::RegisteredStrategy("triads"); }

// triads runs bands' propagation and then the triad rule, so whatever bands
// settles without a guess triads settles too, and on the fixtures it never
// needs more nodes than bands (whose last alternatives count).
TEST(TriadsTest, ForcesWhatBandsForces) {
  for (const testing::SeedFixture& f : testing::SeedFixtures()) {
    if (f.invalid || !f.has_solution) continue;
    const SolveResult b = Bands().solve(f.puzzle, 2, kUnlimitedNodes);
    const SolveResult t = Triads().solve(f.puzzle, 2, kUnlimitedNodes);
    EXPECT_EQ(t.outcome, b.outcome) << f.text;
    if (!b.guessed) {
      EXPECT_FALSE(t.guessed) << f.text;
    }
    EXPECT_LE(t.nodes, b.nodes) << f.text;
  }
}

// datasets/mixed.txt line 18: bands needs a guess, the triad rule settles
// it with a budget of zero.
TEST(TriadsTest, TheTriadRuleSettlesMore) {
  const Grid puzzle = ParsedGrid(
      "29.....68163..25.7.75.16....8..2.69.....4.31..3.1..8....92.348.......9.."
      "..8.5....");
  EXPECT_TRUE(Bands().solve(puzzle, 2, kUnlimitedNodes).guessed);
  const SolveResult t = Triads().solve(puzzle, 2, 0);
  EXPECT_EQ(t.outcome, Outcome::kSolved);
  EXPECT_FALSE(t.guessed);
  EXPECT_EQ(t.nodes, 0u);
}

// A two-candidate cell costs triads one node: the second digit is forced
// once the first failed. The empty grid's search goes down two-candidate
// cells (and more) to two solutions, taking fewer nodes than bands.
TEST(TriadsTest, LastAlternativeIsFree) {
  const SolveResult r = Triads().solve(Grid{}, 2, kUnlimitedNodes);
  EXPECT_EQ(r.outcome, Outcome::kMultiple);
  EXPECT_TRUE(r.guessed);
  EXPECT_LT(r.nodes, Bands().solve(Grid{}, 2, kUnlimitedNodes).nodes);
}

}  // namespace
}  // namespace sudoku
