// simd: its AVX2 and portable kernels search the same tree; it answers as
// triads does (the same rules, another choice of cell).
#include "strategies/simd.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "engine/input/puzzle.h"
#include "strategies/strategy.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

struct Puzzle {
  std::string where;  // file:line
  Grid grid{};
};

// The fixtures and every puzzle of the shipped datasets (lines that are not
// a puzzle, comments and malformed ones, are skipped).
const std::vector<Puzzle>& Puzzles() {
  static const std::vector<Puzzle> puzzles = [] {
    std::vector<Puzzle> all;
    for (const testing::SeedFixture& f : testing::SeedFixtures()) {
      all.push_back({"seed-nodes.txt:" + std::to_string(f.line), f.puzzle});
    }
    for (const char* name : {"easy.txt", "edge-cases.txt", "minimal.txt",
                             "mixed.txt", "regression.txt"}) {
      std::ifstream in(std::string(SUDOKU_DATASETS_DIR) + "/" + name);
      EXPECT_TRUE(in) << name;
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        const size_t start = line.find_first_not_of(" \t");
        if (start == std::string::npos || line[start] == '#') continue;
        Grid grid{};
        if (line.size() - start < 81 ||
            ParseGrid(std::string_view(line).substr(start, 81), grid)) {
          continue;
        }
        all.push_back({std::string(name) + ":" + std::to_string(number), grid});
      }
    }
    return all;
  }();
  return puzzles;
}

void ExpectSame(const SolveResult& a, const SolveResult& b,
                const std::string& where) {
  EXPECT_EQ(OutcomeName(a.outcome), OutcomeName(b.outcome)) << where;
  EXPECT_EQ(a.solutions, b.solutions) << where;
  EXPECT_EQ(a.nodes, b.nodes) << where;
  EXPECT_EQ(a.guessed, b.guessed) << where;
  if (a.solutions > 0 && b.solutions > 0) {
    EXPECT_EQ(FormatGrid(a.solution), FormatGrid(b.solution)) << where;
  }
}

TEST(SimdTest, ReadsEnoughPuzzles) { EXPECT_GT(Puzzles().size(), 10000u); }

// Limits 1 and 2; budgets none, 0, 1 and half of what the whole search
// takes: the two kernels agree on everything.
TEST(SimdTest, KernelsAgree) {
  if (!simd::Avx2Available()) {
    GTEST_SKIP() << "this CPU has no AVX2: only the fallback runs here";
  }
  int cut = 0;
  for (const Puzzle& p : Puzzles()) {
    for (uint32_t limit : {1u, 2u}) {
      const SolveResult whole =
          simd::SolveWithFallback(p.grid, limit, kUnlimitedNodes);
      for (uint64_t budget :
           {kUnlimitedNodes, uint64_t{0}, uint64_t{1}, whole.nodes / 2}) {
        const std::string where = p.where + " limit " + std::to_string(limit) +
                                  " budget " + std::to_string(budget);
        const SolveResult a = simd::SolveWithAvx2(p.grid, limit, budget);
        const SolveResult f = simd::SolveWithFallback(p.grid, limit, budget);
        ExpectSame(a, f, where);
        EXPECT_LE(a.nodes, budget) << where;
        cut += a.outcome == Outcome::kOverBudget;
      }
    }
  }
  EXPECT_GT(cut, 0);
}

// The row runs AVX2 where the CPU has it, unless the environment asks for
// the fallback (the ConformanceSimdFallback and SimdFallbackRow runs).
TEST(SimdTest, RowFollowsEnvironment) {
  if (simd::FallbackForced()) {
    EXPECT_FALSE(simd::RowUsesAvx2());
  } else {
    EXPECT_EQ(simd::RowUsesAvx2(), simd::Avx2Available());
  }
}

// The registry's row is whichever kernel this CPU runs.
TEST(SimdTest, RowIsAKernel) {
  const Strategy& row = testing::RegisteredStrategy("simd");
  for (const Puzzle& p : Puzzles()) {
    ExpectSame(row.solve(p.grid, 2, kUnlimitedNodes),
               simd::SolveWithFallback(p.grid, 2, kUnlimitedNodes), p.where);
  }
}

// The same rules as triads with another choice of cell (a two-candidate
// peer sharing a digit counts more), so another tree: the same answers
// (outcome, solutions counted, the solution itself when it is unique, a
// true solution when the limit stops at one of several), and fewer nodes in
// all than triads.
TEST(SimdTest, AnswersAsTriadsWithFewerNodes) {
  const Strategy& triads = testing::RegisteredStrategy("triads");
  int guessed = 0;
  uint64_t simd_nodes = 0, triads_nodes = 0;
  for (const Puzzle& p : Puzzles()) {
    for (uint32_t limit : {1u, 2u}) {
      const std::string where = p.where + " limit " + std::to_string(limit);
      const SolveResult t = triads.solve(p.grid, limit, kUnlimitedNodes);
      const SolveResult s =
          simd::SolveWithFallback(p.grid, limit, kUnlimitedNodes);
      EXPECT_EQ(OutcomeName(s.outcome), OutcomeName(t.outcome)) << where;
      EXPECT_EQ(s.solutions, t.solutions) << where;
      if (s.solutions > 0) {
        EXPECT_TRUE(IsSolution(p.grid, s.solution)) << where;
      }
      if (limit == 2 && t.outcome == Outcome::kSolved) {
        EXPECT_EQ(FormatGrid(s.solution), FormatGrid(t.solution)) << where;
      }
      guessed += s.guessed;
      simd_nodes += s.nodes;
      triads_nodes += t.nodes;
    }
  }
  EXPECT_GT(guessed, 100);
  EXPECT_LT(simd_nodes, triads_nodes);
}

// Clashing givens: no solution, found before any guess.
TEST(SimdTest, ClashingGivensHaveNoSolution) {
  Grid grid{};
  grid[0] = 5;
  grid[80] = 5;
  grid[8] = 5;  // same row as cell 0
  for (const SolveResult& r :
       {simd::SolveWithFallback(grid, 2, 0),
        testing::RegisteredStrategy("simd").solve(grid, 2, kUnlimitedNodes)}) {
    EXPECT_EQ(r.outcome, Outcome::kNoSolution);
    EXPECT_EQ(r.nodes, 0u);
    EXPECT_FALSE(r.guessed);
  }
}

}  // namespace
}  // namespace sudoku
