// Tests of the solution-grid canonical form: the same form and automorphism
// count as the puzzle canonicaliser, invariance under random group elements,
// every map to the form, automorphic grids, and inequivalent grids apart.
#include "tools/lib/grid_canon.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "engine/input/puzzle.h"
#include "strategies/registry.h"
#include "tests/fixtures.h"
#include "tools/lib/generator.h"  // RandomSolvedGrid

namespace sudoku {
namespace {

using testing::ParsedGrid;

std::string Text(const Grid& grid) { return FormatGrid(grid); }

// Grids with many automorphisms: the least minlex grid (648), the greatest
// (72, every band of the greatest class), and a grid built from one
// pattern (each band a shift of the one above).
std::vector<Grid> AutomorphicGrids() {
  std::vector<Grid> grids = {
      ParsedGrid("123456789456789123789123456231564897564897231897231564312645"
                 "978645978312978312645"),
      ParsedGrid("123456789457893612986217354274538196531964827698721435342685"
                 "971715349268869172543"),
  };
  Grid shifted;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      shifted[9 * r + c] =
          static_cast<uint8_t>((3 * (r % 3) + r / 3 + c) % 9 + 1);
    }
  }
  grids.push_back(shifted);
  return grids;
}

// The solutions of tests/data/17-clue-sample.txt, solved by simd.
std::vector<Grid> SampleSolutions() {
  const Strategy* simd = FindStrategy("simd");
  std::ifstream in(testing::TestDataPath("17-clue-sample.txt"));
  std::vector<Grid> grids;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const SolveResult result =
        simd->solve(ParsedGrid(line), 2, kUnlimitedNodes);
    EXPECT_EQ(result.outcome, Outcome::kSolved) << line;
    grids.push_back(result.solution);
  }
  return grids;
}

std::vector<Grid> RandomGrids(int count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Grid> grids;
  for (int i = 0; i < count; ++i) grids.push_back(RandomSolvedGrid(rng));
  return grids;
}

TEST(GridCanon, SolutionGridsAreRecognised) {
  std::mt19937_64 rng(1);
  Grid grid = RandomSolvedGrid(rng);
  EXPECT_TRUE(IsSolutionGrid(grid));
  std::swap(grid[0], grid[1]);  // two digits swapped in a row: columns clash
  EXPECT_FALSE(IsSolutionGrid(grid));
  grid = RandomSolvedGrid(rng);
  grid[40] = 0;
  EXPECT_FALSE(IsSolutionGrid(grid));
  EXPECT_FALSE(IsSolutionGrid(Grid{}));
}

// The puzzle canonicaliser treats a full grid as a puzzle with 81 givens: its
// form and automorphism count are this one's by definition.
TEST(GridCanon, AgreesWithThePuzzleCanonicaliser) {
  std::vector<Grid> grids = RandomGrids(150, 2);
  for (const Grid& grid : AutomorphicGrids()) grids.push_back(grid);
  const std::vector<Grid> sample = SampleSolutions();
  grids.insert(grids.end(), sample.begin(), sample.end());
  for (const Grid& grid : grids) {
    const Canonical expected = Canonicalize(grid);
    const Canonical got = CanonicalizeSolution(grid);
    ASSERT_EQ(Text(got.form), Text(expected.form)) << Text(grid);
    EXPECT_EQ(got.automorphisms, expected.automorphisms) << Text(grid);
  }
}

TEST(GridCanon, RandomGroupElementsGiveTheSameForm) {
  std::mt19937_64 rng(3);
  std::vector<Grid> grids = RandomGrids(300, 4);
  for (const Grid& grid : AutomorphicGrids()) grids.push_back(grid);
  for (const Grid& grid : grids) {
    const Canonical canonical = CanonicalizeSolution(grid);
    for (int i = 0; i < 20; ++i) {
      const Grid image = ApplyTransform(RandomTransform(rng), grid);
      const Canonical again = CanonicalizeSolution(image);
      ASSERT_EQ(Text(again.form), Text(canonical.form)) << Text(grid);
      EXPECT_EQ(again.automorphisms, canonical.automorphisms) << Text(grid);
    }
  }
}

TEST(GridCanon, EveryMapReachesTheForm) {
  std::vector<Grid> grids = RandomGrids(50, 5);
  for (const Grid& grid : AutomorphicGrids()) grids.push_back(grid);
  for (const Grid& grid : grids) {
    const Canonical canonical = CanonicalizeSolution(grid);
    EXPECT_TRUE(IsSudokuSymmetry(canonical.transform));
    EXPECT_EQ(Text(ApplyTransform(canonical.transform, grid)),
              Text(canonical.form));
    const std::vector<Transform> maps = SolutionMaps(grid);
    ASSERT_EQ(maps.size(), canonical.automorphisms) << Text(grid);
    std::set<std::string> distinct;
    for (const Transform& map : maps) {
      ASSERT_TRUE(IsSudokuSymmetry(map));
      ASSERT_EQ(Text(ApplyTransform(map, grid)), Text(canonical.form));
      distinct.insert(std::string(map.rows.begin(), map.rows.end()) +
                      std::string(map.cols.begin(), map.cols.end()) +
                      (map.transpose ? 't' : 'n'));
    }
    EXPECT_EQ(distinct.size(), maps.size());
  }
}

TEST(GridCanon, AutomorphismsOfKnownGrids) {
  const std::vector<Grid> grids = AutomorphicGrids();
  EXPECT_EQ(CanonicalizeSolution(grids[0]).automorphisms, 648u);
  EXPECT_EQ(CanonicalizeSolution(grids[1]).automorphisms, 72u);
  // The least minlex grid is its own form.
  EXPECT_EQ(Text(CanonicalizeSolution(grids[0]).form), Text(grids[0]));
  EXPECT_EQ(Text(CanonicalizeSolution(grids[1]).form), Text(grids[1]));
  // Its automorphisms map it to itself: SolutionMaps of a form.
  for (const Transform& map : SolutionMaps(grids[0])) {
    EXPECT_EQ(Text(ApplyTransform(map, grids[0])), Text(grids[0]));
  }
}

// Random grids are inequivalent but for a chance of about 10^-9 a pair, and
// the 17-clue sample's 64 solutions too (the list's grids are distinct up to
// symmetry, checked by the puzzle canonicaliser above).
TEST(GridCanon, InequivalentGridsStayApart) {
  std::vector<Grid> grids = RandomGrids(500, 6);
  std::set<std::string> forms;
  for (const Grid& grid : grids)
    forms.insert(Text(CanonicalizeSolution(grid).form));
  EXPECT_EQ(forms.size(), grids.size());
  std::set<std::string> sample_forms;
  std::set<std::string> sample_expected;
  for (const Grid& grid : SampleSolutions()) {
    sample_forms.insert(Text(CanonicalizeSolution(grid).form));
    sample_expected.insert(Text(Canonicalize(grid).form));
  }
  EXPECT_EQ(sample_forms, sample_expected);
}

TEST(GridCanon, OtherGridsFallBackToThePuzzleForm) {
  std::mt19937_64 rng(7);
  Grid puzzle = RandomSolvedGrid(rng);
  for (int cell = 0; cell < kCells; cell += 2) puzzle[cell] = 0;
  EXPECT_EQ(Text(CanonicalizeSolution(puzzle).form),
            Text(Canonicalize(puzzle).form));
  EXPECT_TRUE(SolutionMaps(puzzle).empty());
}

}  // namespace
}  // namespace sudoku
