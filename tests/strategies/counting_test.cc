// Every strategy that counts solutions agrees with `bitmask` on puzzles derived
// from the fixtures.
#include <gtest/gtest.h>

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

// The reference search is the plain seed tree; puzzles it cannot finish in
// this many nodes are skipped rather than slowing the suite down.
constexpr uint64_t kReferenceBudget = 3'000'000;

struct Derived {
  std::string why;
  Grid puzzle;
};

// Fewer givens (often several solutions) and one wrong digit in an empty
// cell that clashes with no given (no solution, yet nothing to spot early).
std::vector<Derived> DerivedPuzzles() {
  std::vector<Derived> out;
  uint32_t seed = 12345;
  const auto next = [&seed] {
    seed = seed * 1103515245u + 12345u;
    return seed >> 8;
  };
  for (const SeedFixture& f : SeedFixtures()) {
    if (f.invalid || !f.has_solution || f.solutions != 1) continue;
    for (int removals : {1, 3, 6}) {
      Grid g = f.puzzle;
      for (int k = 0; k < removals; ++k) {
        for (int tries = 0; tries < 200; ++tries) {
          const int cell = static_cast<int>(next() % kCells);
          if (g[cell] != 0) {
            g[cell] = 0;
            break;
          }
        }
      }
      out.push_back({"line " + std::to_string(f.line) + " minus " +
                         std::to_string(removals),
                     g});
    }
    for (int tries = 0; tries < 200; ++tries) {
      const int cell = static_cast<int>(next() % kCells);
      const int digit = static_cast<int>(next() % 9) + 1;
      if (f.puzzle[cell] != 0 || f.first_solution[cell] == digit) continue;
      Grid g = f.puzzle;
      g[cell] = static_cast<uint8_t>(digit);
      if (FindConflict(g)) continue;
      out.push_back({"line " + std::to_string(f.line) + " wrong digit", g});
      break;
    }
  }
  return out;
}

TEST(CountingTest, CountingStrategiesAgreeWithTheSeedTree) {
  const Strategy* reference = FindStrategy("bitmask");
  ASSERT_NE(reference, nullptr);
  const std::vector<Derived> puzzles = DerivedPuzzles();
  ASSERT_GT(puzzles.size(), 50u);
  int compared = 0, multiple = 0, none = 0;
  for (const Derived& d : puzzles) {
    const SolveResult want = reference->solve(d.puzzle, 2, kReferenceBudget);
    if (want.outcome == Outcome::kOverBudget) continue;
    ++compared;
    multiple += want.outcome == Outcome::kMultiple;
    none += want.outcome == Outcome::kNoSolution;
    for (const Strategy& s : AllStrategies()) {
      if (!s.Has(kCountsSolutions) || &s == reference) continue;
      const SolveResult got = s.solve(d.puzzle, 2, kUnlimitedNodes);
      EXPECT_EQ(got.outcome, want.outcome) << s.name << " on " << d.why;
      EXPECT_EQ(got.solutions, want.solutions) << s.name << " on " << d.why;
      if (got.solutions > 0) {
        EXPECT_EQ(CheckSolution(d.puzzle, got.solution), std::nullopt)
            << s.name << " on " << d.why;
      }
    }
  }
  // The derived set must exercise every answer, or it proves little.
  EXPECT_GT(compared, 50);
  EXPECT_GT(multiple, 5);
  EXPECT_GT(none, 5);
}

}  // namespace
}  // namespace sudoku
