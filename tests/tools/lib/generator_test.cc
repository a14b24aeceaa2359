// Tests for the generator: uniqueness under every counting strategy and a brute
// count, seeds, clue targets, kinds.
#include "tools/lib/generator.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/input/puzzle.h"
#include "engine/pipeline/pipeline.h"
#include "strategies/registry.h"
#include "tests/tools/brute_count.h"

namespace sudoku {
namespace {

using testing::BruteCount;

int Clues(const Grid& grid) {
  return static_cast<int>(
      std::count_if(grid.begin(), grid.end(), [](uint8_t v) { return v; }));
}

GeneratorOptions Options(PuzzleKind kind) {
  GeneratorOptions options;
  options.kind = kind;
  options.solver = DefaultCountingSolver();
  return options;
}

std::vector<GeneratedPuzzle> Make(const GeneratorOptions& options,
                                  uint64_t seed, uint64_t count) {
  std::vector<GeneratedPuzzle> puzzles;
  for (const GenerateOutcome& outcome :
       GenerateRange(options, seed, 0, count)) {
    EXPECT_TRUE(outcome.puzzle) << outcome.error;
    if (outcome.puzzle) puzzles.push_back(*outcome.puzzle);
  }
  return puzzles;
}

TEST(Generator, DefaultSolverCounts) {
  const Strategy* solver = DefaultCountingSolver();
  ASSERT_NE(solver, nullptr);
  EXPECT_TRUE(solver->Has(kCountsSolutions));
}

TEST(Generator, SolvedGridsAreValidAndVary) {
  std::mt19937_64 rng(5);
  const Grid a = RandomSolvedGrid(rng);
  const Grid b = RandomSolvedGrid(rng);
  EXPECT_EQ(CheckSolution(Grid{}, a), std::nullopt);
  EXPECT_EQ(CheckSolution(Grid{}, b), std::nullopt);
  EXPECT_NE(a, b);
}

// Each puzzle is proven unique by every registered counting strategy and by
// the tests' own brute counter, and its recorded solution is that solution.
TEST(Generator, UniquePuzzlesAreUniqueForEveryCounter) {
  const auto puzzles = Make(Options(PuzzleKind::kUnique), 11, 25);
  ASSERT_EQ(puzzles.size(), 25u);
  for (const GeneratedPuzzle& p : puzzles) {
    SCOPED_TRACE(FormatGrid(p.puzzle));
    EXPECT_EQ(BruteCount(p.puzzle, 2), 1);
    EXPECT_EQ(CheckSolution(p.puzzle, p.solution), std::nullopt);
    EXPECT_EQ(Clues(p.puzzle), p.clues);
    for (const Strategy& strategy : AllStrategies()) {
      if (!strategy.Has(kCountsSolutions)) continue;
      const SolveResult result = strategy.solve(p.puzzle, 2, kUnlimitedNodes);
      EXPECT_EQ(result.outcome, Outcome::kSolved) << strategy.name;
      EXPECT_EQ(result.solution, p.solution) << strategy.name;
    }
  }
}

TEST(Generator, ReproducibleFromSeedInAnyOrderAndThreadCount) {
  const GeneratorOptions options = Options(PuzzleKind::kUnique);
  std::vector<GenerateOutcome> one_thread, two_threads;
  {
    const StageThreads limit(1);
    one_thread = GenerateRange(options, 42, 0, 24);
  }
  {
    const StageThreads limit(2);
    two_threads = GenerateRange(options, 42, 0, 24);
  }
  const std::vector<GenerateOutcome> tail = GenerateRange(options, 42, 16, 8);
  const GenerateOutcome alone = GeneratePuzzle(options, 42, 5);
  const std::vector<GenerateOutcome> other_seed =
      GenerateRange(options, 43, 0, 24);
  ASSERT_EQ(one_thread.size(), 24u);
  for (size_t i = 0; i < one_thread.size(); ++i) {
    ASSERT_TRUE(one_thread[i].puzzle && two_threads[i].puzzle &&
                other_seed[i].puzzle);
    EXPECT_EQ(one_thread[i].puzzle->puzzle, two_threads[i].puzzle->puzzle);
    EXPECT_NE(one_thread[i].puzzle->puzzle, other_seed[i].puzzle->puzzle);
    if (i >= 16) {
      EXPECT_EQ(one_thread[i].puzzle->puzzle, tail[i - 16].puzzle->puzzle);
    }
  }
  EXPECT_EQ(one_thread[5].puzzle->puzzle, alone.puzzle->puzzle);
}

TEST(Generator, HitsClueRange) {
  GeneratorOptions options = Options(PuzzleKind::kUnique);
  options.min_clues = 27;
  options.max_clues = 33;
  const auto puzzles = Make(options, 3, 30);
  std::vector<int> seen;
  for (const GeneratedPuzzle& p : puzzles) {
    EXPECT_GE(Clues(p.puzzle), 27);
    EXPECT_LE(Clues(p.puzzle), 33);
    EXPECT_EQ(BruteCount(p.puzzle, 2), 1);
    seen.push_back(Clues(p.puzzle));
  }
  // Drawn across the range, not pinned to one end.
  EXPECT_LT(*std::min_element(seen.begin(), seen.end()),
            *std::max_element(seen.begin(), seen.end()));
}

TEST(Generator, HitsExactClueCount) {
  GeneratorOptions options = Options(PuzzleKind::kUnique);
  options.min_clues = options.max_clues = 45;
  for (const GeneratedPuzzle& p : Make(options, 9, 10)) {
    EXPECT_EQ(Clues(p.puzzle), 45);
    EXPECT_EQ(BruteCount(p.puzzle, 2), 1);
  }
}

TEST(Generator, GivesUpOnUnreachableTargets) {
  GeneratorOptions options = Options(PuzzleKind::kUnique);
  options.min_clues = options.max_clues = 16;
  options.max_attempts = 3;
  const GenerateOutcome outcome = GeneratePuzzle(options, 1, 0);
  EXPECT_FALSE(outcome.puzzle);
  EXPECT_NE(outcome.error.find("16 clues"), std::string::npos);
}

// Minimal: unique, and removing any one clue lets in a second solution, by
// the brute counter as well as the generator's own check.
TEST(Generator, MinimalPuzzlesAreMinimal) {
  GeneratorOptions options = Options(PuzzleKind::kMinimal);
  for (const GeneratedPuzzle& p : Make(options, 21, 8)) {
    SCOPED_TRACE(FormatGrid(p.puzzle));
    EXPECT_TRUE(IsMinimal(p.puzzle, *options.solver, kUnlimitedNodes));
    ASSERT_EQ(BruteCount(p.puzzle, 2), 1);
    for (int cell = 0; cell < kCells; ++cell) {
      if (p.puzzle[cell] == 0) continue;
      Grid fewer = p.puzzle;
      fewer[cell] = 0;
      EXPECT_EQ(BruteCount(fewer, 2), 2) << "clue " << cell;
    }
  }
}

TEST(Generator, MinimalRespectsClueRange) {
  GeneratorOptions options = Options(PuzzleKind::kMinimal);
  options.min_clues = options.max_clues = 24;
  for (const GeneratedPuzzle& p : Make(options, 2, 6)) {
    EXPECT_EQ(Clues(p.puzzle), 24);
  }
}

TEST(Generator, IsMinimalRejectsARedundantClue) {
  const auto puzzles = Make(Options(PuzzleKind::kMinimal), 4, 1);
  ASSERT_EQ(puzzles.size(), 1u);
  Grid extra = puzzles[0].puzzle;
  const auto empty = std::find(extra.begin(), extra.end(), 0);
  extra[empty - extra.begin()] = puzzles[0].solution[empty - extra.begin()];
  EXPECT_FALSE(IsMinimal(extra, *DefaultCountingSolver(), kUnlimitedNodes));
}

TEST(Generator, MultipleHaveSeveralSolutions) {
  for (const std::optional<int> clues :
       {std::optional<int>(), std::optional<int>(28)}) {
    GeneratorOptions options = Options(PuzzleKind::kMultiple);
    options.min_clues = options.max_clues = clues;
    for (const GeneratedPuzzle& p : Make(options, 6, 10)) {
      EXPECT_EQ(FindConflict(p.puzzle), std::nullopt);
      EXPECT_EQ(BruteCount(p.puzzle, 2), 2) << FormatGrid(p.puzzle);
      if (clues) {
        EXPECT_EQ(Clues(p.puzzle), *clues);
      }
    }
  }
}

TEST(Generator, NoSolutionHaveLegalGivensAndNoSolution) {
  GeneratorOptions options = Options(PuzzleKind::kNoSolution);
  options.min_clues = 25;
  options.max_clues = 30;
  for (const GeneratedPuzzle& p : Make(options, 8, 10)) {
    EXPECT_EQ(FindConflict(p.puzzle), std::nullopt);
    EXPECT_EQ(BruteCount(p.puzzle, 1), 0) << FormatGrid(p.puzzle);
    EXPECT_GE(Clues(p.puzzle), 25);
    EXPECT_LE(Clues(p.puzzle), 30);
  }
}

TEST(Generator, InvalidRepeatAGiven) {
  for (const GeneratedPuzzle& p : Make(Options(PuzzleKind::kInvalid), 10, 10)) {
    EXPECT_NE(FindConflict(p.puzzle), std::nullopt) << FormatGrid(p.puzzle);
  }
}

TEST(Generator, KindNamesRoundTrip) {
  for (const PuzzleKind kind :
       {PuzzleKind::kUnique, PuzzleKind::kMinimal, PuzzleKind::kMultiple,
        PuzzleKind::kNoSolution, PuzzleKind::kInvalid}) {
    EXPECT_EQ(ParsePuzzleKind(PuzzleKindName(kind)), kind);
  }
  EXPECT_EQ(ParsePuzzleKind("hard"), std::nullopt);
}

}  // namespace
}  // namespace sudoku
