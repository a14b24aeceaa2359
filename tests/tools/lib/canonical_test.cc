// Tests of the minlex canonical form: invariance under the group, a brute-force
// check over all 3,359,232 geometric maps, hand-checked cases per kind of
// symmetry, automorphic puzzles, and known inequivalent puzzles kept apart.
#include "tools/lib/canonical.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "engine/input/puzzle.h"
#include "tests/fixtures.h"
#include "tools/lib/generator.h"  // RandomSolvedGrid
#include "tools/lib/symmetry.h"

namespace sudoku {
namespace {

using testing::ParsedGrid;

std::string Text(const Grid& grid) { return FormatGrid(grid); }

// The puzzle of tests/data/17-clue-sample.txt, one per line.
std::vector<Grid> SeventeenClueSample() {
  std::ifstream in(testing::TestDataPath("17-clue-sample.txt"));
  std::vector<Grid> grids;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    grids.push_back(ParsedGrid(line));
  }
  return grids;
}

// Grids of every sort: the seed fixtures (unique, several solutions, none,
// clashing givens), random junk with few distinct digits (many symmetries),
// empty and full.
std::vector<Grid> Assorted() {
  std::vector<Grid> grids;
  for (const testing::SeedFixture& fixture : testing::SeedFixtures()) {
    grids.push_back(fixture.puzzle);
  }
  std::mt19937_64 rng(8);
  for (int i = 0; i < 40; ++i) {
    Grid grid{};
    const int clues = static_cast<int>(rng() % 82);
    const int digits = 1 + static_cast<int>(rng() % 9);
    for (int c = 0; c < clues; ++c) {
      grid[rng() % kCells] = static_cast<uint8_t>(1 + rng() % digits);
    }
    grids.push_back(grid);
  }
  grids.push_back(Grid{});
  grids.push_back(RandomSolvedGrid(rng));
  return grids;
}

// Brute force over the group: every orientation, row order and column order
// (digits relabelled in order of first appearance), the least string and
// the number of maps that reach it, times the free relabellings of absent
// digits.
struct Brute {
  Grid form{};
  uint64_t automorphisms = 0;
};

Brute BruteForce(const Grid& grid) {
  std::vector<std::array<uint8_t, 9>> orders;
  constexpr uint8_t kPerm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                   {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int band = 0; band < 6; ++band) {
    for (int a = 0; a < 6; ++a) {
      for (int b = 0; b < 6; ++b) {
        for (int c = 0; c < 6; ++c) {
          const int within[3] = {a, b, c};
          std::array<uint8_t, 9> order;
          for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) {
              order[3 * i + j] = static_cast<uint8_t>(3 * kPerm[band][i] +
                                                      kPerm[within[i]][j]);
            }
          }
          orders.push_back(order);
        }
      }
    }
  }
  Brute result;
  result.form.fill(0xFF);
  uint64_t reached = 0;
  for (int pass = 0; pass < 2; ++pass) {
    for (int transpose = 0; transpose < 2; ++transpose) {
      for (const auto& rows : orders) {
        for (const auto& cols : orders) {
          std::array<uint8_t, 10> labels{};
          uint8_t next = 1;
          int order = 0;  // -1 less, 0 equal, 1 greater than form so far
          Grid text;
          for (int cell = 0; cell < kCells && order <= 0; ++cell) {
            const int r = rows[cell / 9], c = cols[cell % 9];
            uint8_t v = transpose ? grid[9 * c + r] : grid[9 * r + c];
            if (v != 0) {
              if (labels[v] == 0) labels[v] = next++;
              v = labels[v];
            }
            text[cell] = v;
            if (order == 0 && v != result.form[cell]) {
              order = v < result.form[cell] ? -1 : 1;
            }
          }
          if (pass == 0 && order < 0) result.form = text;
          if (pass == 1 && order == 0) ++reached;
        }
      }
    }
  }
  int digits = 0;
  for (int d = 1; d <= 9; ++d) {
    for (const uint8_t v : grid) {
      if (v == d) {
        ++digits;
        break;
      }
    }
  }
  uint64_t free = 1;
  for (int i = 2; i <= 9 - digits; ++i) free *= i;
  result.automorphisms = reached * free;
  return result;
}

TEST(CanonicalForm, RandomGroupElementsGiveTheSameForm) {
  std::mt19937_64 rng(9);
  for (const Grid& grid : Assorted()) {
    const Canonical canonical = Canonicalize(grid);
    for (int i = 0; i < 20; ++i) {
      const Grid image = ApplyTransform(RandomTransform(rng), grid);
      const Canonical again = Canonicalize(image);
      ASSERT_EQ(Text(again.form), Text(canonical.form)) << Text(grid);
      EXPECT_EQ(again.automorphisms, canonical.automorphisms) << Text(grid);
    }
  }
}

TEST(CanonicalForm, TransformMapsThePuzzleToItsForm) {
  for (const Grid& grid : Assorted()) {
    const Canonical canonical = Canonicalize(grid);
    EXPECT_TRUE(IsSudokuSymmetry(canonical.transform));
    EXPECT_EQ(Text(ApplyTransform(canonical.transform, grid)),
              Text(canonical.form));
  }
}

TEST(CanonicalForm, MatchesBruteForceOverTheWholeGroup) {
  std::vector<Grid> grids = {
      ParsedGrid(".................1.....2.3......3.2...1.4......5....6..3"
                 "......4.7..8...962...7..."),
      // Clashing givens: digit 1 twice in row 1, in box 1.
      ParsedGrid("11.......2..3.......4............5.........6.......7...."
                 "......8.........9........"),
      // Automorphic (4 symmetries), from the forum's hardest list.
      ParsedGrid("6....2.5952..4..1...35..2..3..1945...1.658.3...5273..1..4"
                 "..51...3..2..4575.4....8"),
  };
  std::mt19937_64 rng(10);
  Grid junk{};
  for (int c = 0; c < 30; ++c) junk[rng() % kCells] = 1 + rng() % 3;
  grids.push_back(junk);
  for (const Grid& grid : grids) {
    const Brute brute = BruteForce(grid);
    const Canonical canonical = Canonicalize(grid);
    EXPECT_EQ(Text(canonical.form), Text(brute.form)) << Text(grid);
    EXPECT_EQ(canonical.automorphisms, brute.automorphisms) << Text(grid);
  }
}

// One puzzle with four givens, and its image under one element of each kind
// of symmetry, written out by hand: all have the canonical form worked out
// by hand below. Givens: r1c1 = 1, r1c2 = 2, r2c4 = 3, r5c9 = 4.
//
// Canonical form: band 3 is empty, so rows 1-3 are blank; band 2 comes next,
// its two blank rows first, then r5 with its 4 at column 9 (label 1); then
// band 1: r3 (blank), r2 with its 3 as late as stack 2 allows (column 6,
// label 2; stack 3 is r5's), then r1 with 1 and 2 at columns 2 and 3
// (labels 3 and 4). The transposed grid has no blank band, so it loses.
constexpr char kHandPuzzle[] =
    "12......."
    "...3....."
    "........."
    "........."
    "........4"
    "........."
    "........."
    "........."
    ".........";
TEST(CanonicalForm, HandCheckedCasePerKindOfSymmetry) {
  const std::string canonical = std::string(45, '.') + "........1" +
                                "........." + ".....2..." + ".34......";
  ASSERT_EQ(canonical.size(), 81u);
  struct Case {
    const char* kind;
    Transform transform;
    std::string image;  // worked out by hand from kHandPuzzle
  };
  auto with = [](auto edit) {
    Transform t;
    edit(t);
    return t;
  };
  auto cells = [](std::initializer_list<std::pair<int, char>> givens) {
    std::string text(81, '.');
    for (const auto& [cell, digit] : givens) text[cell] = digit;
    return text;
  };
  const std::vector<Case> cases = {
      {"transposition", with([](Transform& t) { t.transpose = true; }),
       cells({{0, '1'}, {9, '2'}, {28, '3'}, {76, '4'}})},
      {"band order",
       with([](Transform& t) { t.rows = {3, 4, 5, 0, 1, 2, 6, 7, 8}; }),
       cells({{27, '1'}, {28, '2'}, {39, '3'}, {17, '4'}})},
      {"stack order",
       with([](Transform& t) { t.cols = {6, 7, 8, 3, 4, 5, 0, 1, 2}; }),
       cells({{6, '1'}, {7, '2'}, {12, '3'}, {38, '4'}})},
      {"rows within a band",
       with([](Transform& t) { t.rows = {2, 1, 0, 3, 4, 5, 6, 7, 8}; }),
       cells({{18, '1'}, {19, '2'}, {12, '3'}, {44, '4'}})},
      {"columns within a stack",
       with([](Transform& t) { t.cols = {1, 0, 2, 3, 4, 5, 6, 7, 8}; }),
       cells({{1, '1'}, {0, '2'}, {12, '3'}, {44, '4'}})},
      {"digit relabelling",
       with([](Transform& t) { t.digits = {0, 9, 8, 7, 6, 5, 4, 3, 2, 1}; }),
       cells({{0, '9'}, {1, '8'}, {12, '7'}, {44, '6'}})},
  };
  const Grid puzzle = ParsedGrid(kHandPuzzle);
  EXPECT_EQ(Text(Canonicalize(puzzle).form), canonical);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.kind);
    EXPECT_EQ(Text(ApplyTransform(c.transform, puzzle)), c.image);
    EXPECT_EQ(Text(Canonicalize(ParsedGrid(c.image)).form), canonical);
  }
}

// Counted by hand: the geometric maps (of 2 x 6^8) that fix the puzzle with
// its digits relabelled to match, times the free relabellings of the digits
// a puzzle lacks.
TEST(CanonicalForm, HandCountedAutomorphisms) {
  // Empty: every one of the 2 x 6^8 x 9! elements.
  EXPECT_EQ(Canonicalize(Grid{}).automorphisms, 1'218'998'108'160u);
  // One given: the group moves it to any of 81 cells, so 1/81 of the
  // geometric maps fix it, and the other 8 digits relabel freely:
  // 3,359,232 / 81 * 8! = 41,472 * 40,320.
  Grid one{};
  one[40] = 3;
  EXPECT_EQ(Canonicalize(one).automorphisms, 41'472u * 40'320u);
  // Two givens side by side in one box: rows fixing that row (2 * 2 * 36 =
  // 144: its band's other rows, the other bands, rows within them), columns
  // fixing or swapping the two cells (2 * 72), 7! for the absent digits.
  Grid two{};
  two[0] = 5;
  two[1] = 7;
  const Canonical pair = Canonicalize(two);
  EXPECT_EQ(Text(pair.form), std::string(79, '.') + "12");
  EXPECT_EQ(pair.automorphisms, 144u * 2 * 72 * 5040);
  // kHandPuzzle: the blank band's rows (6), the blank rows of band 2 (2),
  // the blank column of each stack with its neighbour (2 * 2 * 2; the last
  // swaps the two digits of r1 with their labels), 5! for absent digits.
  EXPECT_EQ(Canonicalize(ParsedGrid(kHandPuzzle)).automorphisms,
            6u * 2 * 8 * 120);
}

TEST(CanonicalForm, AutomorphicPuzzlesAreStable) {
  std::mt19937_64 rng(11);
  // Symmetric under the transposition with digits swapped in pairs
  // (1 and 2, 3 and 4, 5 and 6), 7 on the diagonal.
  Grid mirrored{};
  for (const auto& [r, c, d] :
       {std::array<int, 3>{0, 1, 1}, {2, 3, 3}, {4, 5, 5}}) {
    mirrored[9 * r + c] = static_cast<uint8_t>(d);
    mirrored[9 * c + r] = static_cast<uint8_t>(d + 1);
  }
  mirrored[9 * 7 + 7] = 7;
  const Grid forum = ParsedGrid(
      "98.7.....6...9.7....7.65...4....3.2...86..9..........3.1..2...4..9"
      "5..6.........1.");
  for (const Grid& grid : {mirrored, forum}) {
    const Canonical canonical = Canonicalize(grid);
    EXPECT_GT(canonical.automorphisms, 1u) << Text(grid);
    for (int i = 0; i < 50; ++i) {
      EXPECT_EQ(
          Text(Canonicalize(ApplyTransform(RandomTransform(rng), grid)).form),
          Text(canonical.form));
    }
  }
  EXPECT_EQ(Canonicalize(forum).automorphisms, 2u);
}

TEST(CanonicalForm, PublishedInequivalentPuzzlesStayApart) {
  const std::vector<Grid> sample = SeventeenClueSample();
  ASSERT_EQ(sample.size(), 64u);
  std::set<std::string> forms;
  std::set<GridKey> keys;
  for (const Grid& grid : sample) {
    const Grid form = Canonicalize(grid).form;
    forms.insert(Text(form));
    keys.insert(KeyOf(form));
  }
  EXPECT_EQ(forms.size(), sample.size());
  EXPECT_EQ(keys.size(), sample.size());
}

TEST(GridKey, EqualForEqualGridsOnly) {
  std::set<GridKey> keys;
  std::set<std::string> texts;
  for (const Grid& grid : Assorted()) {
    EXPECT_EQ(KeyOf(grid), KeyOf(Grid(grid)));
    keys.insert(KeyOf(grid));
    texts.insert(Text(grid));
  }
  EXPECT_EQ(keys.size(), texts.size());
  Grid a{}, b{};
  b[80] = 1;
  EXPECT_NE(KeyOf(a), KeyOf(b));
}

}  // namespace
}  // namespace sudoku
