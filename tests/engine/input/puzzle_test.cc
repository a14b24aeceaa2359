// Tests for the puzzle model: parsing every malformed shape, the givens check
// and its messages.
#include "engine/input/puzzle.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "strategies/geometry.h"
#include "tests/fixtures.h"

namespace sudoku {

// Test names and failure messages say which build ran.
void PrintTo(AnswerCheck check, std::ostream* out) {
  *out << AnswerCheckName(check);
}

namespace {

const std::string& kPuzzle = testing::kSamplePuzzle;
const std::string& kSolution = testing::kSampleSolution;

TEST(ParseGrid, RoundTripsDotsAndZeros) {
  Grid grid;
  ASSERT_EQ(ParseGrid(kPuzzle, grid), std::nullopt);
  EXPECT_EQ(grid[0], 8);
  EXPECT_EQ(grid[2], 0);
  EXPECT_EQ(FormatGrid(grid), kPuzzle);
  std::string zeros = kPuzzle;
  for (char& ch : zeros) {
    if (ch == '.') ch = '0';
  }
  Grid same;
  ASSERT_EQ(ParseGrid(zeros, same), std::nullopt);
  EXPECT_EQ(same, grid);
}

TEST(ParseGrid, RejectsShortAndLong) {
  Grid grid;
  EXPECT_EQ(ParseGrid(kPuzzle.substr(0, 80), grid),
            "expected 81 cells, found 80");
  EXPECT_EQ(ParseGrid(kPuzzle + "1", grid), "expected 81 cells, found 82");
  EXPECT_EQ(ParseGrid("", grid), "expected 81 cells, found 0");
}

TEST(ParseGrid, RejectsBadCharacters) {
  Grid grid;
  std::string bad = kPuzzle;
  bad[11] = 'x';
  EXPECT_EQ(ParseGrid(bad, grid), "bad character 'x' at column 12");
  bad = kPuzzle;
  bad[0] = '\t';
  EXPECT_EQ(ParseGrid(bad, grid), "bad character byte 9 at column 1");
  bad = kPuzzle;
  bad[80] = ' ';
  EXPECT_EQ(ParseGrid(bad, grid), "bad character ' ' at column 81");
}

// ParseGrid reads sixteen cells a step, the last step overlapping the one
// before: a bad character is caught, and named, in every column, and every
// digit and blank lands in its own cell.
TEST(ParseGrid, CatchesABadCharacterInEveryColumn) {
  for (int column = 0; column < kCells; ++column) {
    for (const char bad : {'x', '/', ':', '\r', '-'}) {
      std::string text = kPuzzle;
      text[column] = bad;
      Grid grid;
      const auto error = ParseGrid(text, grid);
      ASSERT_TRUE(error.has_value()) << column << " " << bad;
      EXPECT_NE(error->find("at column " + std::to_string(column + 1)),
                std::string::npos)
          << *error;
    }
  }
  std::string every;
  for (int cell = 0; cell < kCells; ++cell) every += "0123456789."[cell % 11];
  Grid grid;
  ASSERT_EQ(ParseGrid(every, grid), std::nullopt);
  for (int cell = 0; cell < kCells; ++cell) {
    EXPECT_EQ(grid[cell], cell % 11 == 10 ? 0 : cell % 11) << cell;
  }
}

TEST(FindConflict, ValidGivensHaveNone) {
  Grid grid;
  ASSERT_EQ(ParseGrid(kPuzzle, grid), std::nullopt);
  EXPECT_EQ(FindConflict(grid), std::nullopt);
  Grid empty{};
  EXPECT_EQ(FindConflict(empty), std::nullopt);
}

TEST(FindConflict, ReportsRow) {
  Grid grid{};
  grid[9 * 2 + 1] = 5;
  grid[9 * 2 + 6] = 5;
  const auto conflict = FindConflict(grid);
  ASSERT_TRUE(conflict.has_value());
  EXPECT_EQ(conflict->unit, Unit::kRow);
  EXPECT_EQ(conflict->digit, 5);
  EXPECT_EQ(DescribeConflict(*conflict),
            "digit 5 twice in row 3 (r3c2 and r3c7)");
}

TEST(FindConflict, ReportsColumn) {
  Grid grid{};
  grid[9 * 0 + 4] = 7;
  grid[9 * 8 + 4] = 7;
  const auto conflict = FindConflict(grid);
  ASSERT_TRUE(conflict.has_value());
  EXPECT_EQ(DescribeConflict(*conflict),
            "digit 7 twice in column 5 (r1c5 and r9c5)");
}

TEST(FindConflict, ReportsBox) {
  Grid grid{};
  grid[9 * 3 + 3] = 1;
  grid[9 * 5 + 5] = 1;
  const auto conflict = FindConflict(grid);
  ASSERT_TRUE(conflict.has_value());
  EXPECT_EQ(DescribeConflict(*conflict),
            "digit 1 twice in box 5 (r4c4 and r6c6)");
}

TEST(FindConflict, ReportsTheFirstClashInReadingOrder) {
  Grid grid{};
  grid[0] = 3;   // r1c1
  grid[80] = 9;  // r9c9
  grid[72] = 9;  // r9c1: clashes with r9c9 in the row, read last
  grid[10] = 3;  // r2c2: clashes with r1c1 in box 1, read earlier
  EXPECT_EQ(DescribeConflict(*FindConflict(grid)),
            "digit 3 twice in box 1 (r1c1 and r2c2)");
}

TEST(CheckSolution, AcceptsTheSolution) {
  Grid givens, solution;
  ASSERT_EQ(ParseGrid(kPuzzle, givens), std::nullopt);
  ASSERT_EQ(ParseGrid(kSolution, solution), std::nullopt);
  EXPECT_EQ(CheckSolution(givens, solution), std::nullopt);
}

TEST(CheckSolution, RejectsEmptyCellChangedGivenAndBrokenRule) {
  Grid givens, solution;
  ASSERT_EQ(ParseGrid(kPuzzle, givens), std::nullopt);
  ASSERT_EQ(ParseGrid(kSolution, solution), std::nullopt);
  Grid holed = solution;
  holed[40] = 0;
  EXPECT_EQ(CheckSolution(givens, holed), "cell r5c5 is empty");
  // Swapping two digits of row 1 keeps the row legal but changes a given.
  Grid swapped = solution;
  std::swap(swapped[0], swapped[1]);
  EXPECT_EQ(CheckSolution(givens, swapped), "cell r1c1 changes given 8 to 6");
  Grid free_givens{};
  EXPECT_EQ(CheckSolution(free_givens, swapped),
            "digit 6 twice in column 1 (r1c1 and r7c1)");
}

// Every full grid that differs from the solution in one cell, or in a pair of
// cells swapped, breaks a rule; the fast unit check must see each one.
TEST(CheckSolution, RejectsEveryOneCellChangeAndEverySwap) {
  Grid solution;
  ASSERT_EQ(ParseGrid(kSolution, solution), std::nullopt);
  const Grid no_givens{};
  int rejected = 0, tried = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    for (uint8_t digit = 1; digit <= 9; ++digit) {
      if (digit == solution[cell]) continue;
      Grid changed = solution;
      changed[cell] = digit;
      ++tried;
      rejected += CheckSolution(no_givens, changed).has_value();
    }
  }
  for (int a = 0; a < kCells; ++a) {
    for (int b = a + 1; b < kCells; ++b) {
      if (solution[a] == solution[b]) continue;
      Grid swapped = solution;
      std::swap(swapped[a], swapped[b]);
      ++tried;
      rejected += CheckSolution(no_givens, swapped).has_value();
    }
  }
  EXPECT_EQ(rejected, tried);
  EXPECT_EQ(tried, 81 * 8 + (81 * 80 / 2 - 9 * 36));
}

// Each build of the answer check this machine runs (IsSolution itself runs
// only the best of them), as a test parameter.
class IsSolutionBuild : public ::testing::TestWithParam<AnswerCheck> {
 protected:
  bool Check(const Grid& givens, const Grid& candidate) const {
    return IsSolutionBy(GetParam(), givens, candidate);
  }
};

// IsSolution's vector unit check against FindConflict's cell-by-cell one, on
// full grids that break one kind of unit only (a cyclic Latin square has
// every row and column but no box, bands_only every row and box, its
// transpose every column and box) and on many that break several: the
// solution with a few of its cells rotated among themselves.
TEST_P(IsSolutionBuild, AgreesWithFindConflictOnFullGrids) {
  Grid solution;
  ASSERT_EQ(ParseGrid(kSolution, solution), std::nullopt);
  const Grid no_givens{};
  Grid latin{}, bands_only{}, stacks_only{};
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      latin[r * 9 + c] = static_cast<uint8_t>((r + c) % 9 + 1);
      // Each band's rows shifted by 0, 3 and 6, the same in every band:
      // every row and box, but columns repeat from band to band.
      bands_only[r * 9 + c] = static_cast<uint8_t>((c + 3 * (r % 3)) % 9 + 1);
    }
  }
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) stacks_only[r * 9 + c] = bands_only[c * 9 + r];
  }
  EXPECT_FALSE(Check(no_givens, latin));
  EXPECT_FALSE(Check(no_givens, bands_only));
  EXPECT_FALSE(Check(no_givens, stacks_only));
  EXPECT_TRUE(FindConflict(latin).has_value());
  EXPECT_TRUE(FindConflict(bands_only).has_value());
  EXPECT_TRUE(FindConflict(stacks_only).has_value());
  EXPECT_TRUE(Check(no_givens, solution));

  uint64_t state = 12345;
  auto next = [&state](int n) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    return static_cast<int>((state >> 33) % static_cast<uint64_t>(n));
  };
  int valid = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    Grid grid = solution;
    const int cells = 2 + next(4);
    int at[5];
    for (int i = 0; i < cells; ++i) at[i] = next(kCells);
    const uint8_t first = grid[at[0]];
    for (int i = 0; i + 1 < cells; ++i) grid[at[i]] = grid[at[i + 1]];
    grid[at[cells - 1]] = first;
    const bool no_conflict = !FindConflict(grid).has_value();
    ASSERT_EQ(Check(no_givens, grid), no_conflict) << FormatGrid(grid);
    valid += no_conflict;
  }
  EXPECT_GT(valid, 0);  // rotations onto equal digits leave the solution
  EXPECT_LT(valid, 20000);
}

// Grids whose every unit is complete in the low four bits of each cell but
// that are still no answer: a valid grid that changes a given (the solution
// with two digits exchanged everywhere), and cells off by 16, which a byte
// shuffle indexed by the low bits alone would read as the same digits.
TEST_P(IsSolutionBuild, RejectsAValidGridOffItsGivensAndDigitsPast9) {
  Grid solution;
  ASSERT_EQ(ParseGrid(kSolution, solution), std::nullopt);
  Grid relabeled = solution;
  for (uint8_t& d : relabeled) d = d == 1 ? 2 : d == 2 ? 1 : d;
  EXPECT_TRUE(Check(Grid{}, relabeled));
  EXPECT_FALSE(Check(solution, relabeled));
  for (int cell : {0, 40, 72, 80}) {
    Grid past = solution;
    past[cell] = static_cast<uint8_t>(past[cell] + 16);
    EXPECT_FALSE(Check(Grid{}, past)) << cell;
  }
}

TEST(CheckSolution, RejectsDigitsOutOfRange) {
  Grid solution;
  ASSERT_EQ(ParseGrid(kSolution, solution), std::nullopt);
  Grid bad = solution;
  bad[80] = 10;
  EXPECT_EQ(CheckSolution(Grid{}, bad), "cell r9c9 is empty");
}

INSTANTIATE_TEST_SUITE_P(
    EveryBuildHere, IsSolutionBuild, ::testing::ValuesIn(AnswerChecksHere()),
    [](const ::testing::TestParamInfo<AnswerCheck>& info) {
      return std::string(AnswerCheckName(info.param));
    });

// Each build of the clash test, against a cell-by-cell search of every
// pair of cells in a unit, on partial grids: the solution with most cells
// blanked and a few overwritten by random digits, so that some grids clash
// in rows, columns or boxes (digit 9 and the row's last cell included, which
// the vector builds keep apart) and some do not.
class HasConflictBuild : public ::testing::TestWithParam<AnswerCheck> {};

bool ClashesCellByCell(const Grid& grid) {
  for (int a = 0; a < kCells; ++a) {
    for (int b = a + 1; b < kCells; ++b) {
      if (grid[a] == 0 || grid[a] != grid[b]) continue;
      if (RowOf(a) == RowOf(b) || ColOf(a) == ColOf(b) ||
          BoxOf(a) == BoxOf(b)) {
        return true;
      }
    }
  }
  return false;
}

TEST_P(HasConflictBuild, AgreesWithACellByCellSearch) {
  Grid solution;
  ASSERT_EQ(ParseGrid(kSolution, solution), std::nullopt);
  EXPECT_FALSE(HasConflictBy(GetParam(), solution));
  EXPECT_FALSE(HasConflictBy(GetParam(), Grid{}));
  uint64_t state = 4242;
  auto next = [&state](int n) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    return static_cast<int>((state >> 33) % static_cast<uint64_t>(n));
  };
  constexpr int kRounds = 20000;
  int clashing = 0;
  for (int round = 0; round < kRounds; ++round) {
    Grid grid = solution;
    const int keep = 1 + next(81);  // in 81: how many cells stay, on average
    for (int cell = 0; cell < kCells; ++cell) {
      if (next(81) >= keep) grid[cell] = 0;
    }
    for (int k = next(3); k > 0; --k) {
      grid[next(kCells)] = static_cast<uint8_t>(next(10));
    }
    const bool expected = ClashesCellByCell(grid);
    clashing += expected;
    ASSERT_EQ(HasConflictBy(GetParam(), grid), expected)
        << FormatGrid(grid) << " (round " << round << ")";
    ASSERT_EQ(FindConflict(grid).has_value(), expected) << FormatGrid(grid);
  }
  // Both answers are well represented.
  EXPECT_GT(clashing, kRounds / 5);
  EXPECT_LT(clashing, kRounds * 4 / 5);
}

INSTANTIATE_TEST_SUITE_P(
    EveryBuildHere, HasConflictBuild, ::testing::ValuesIn(AnswerChecksHere()),
    [](const ::testing::TestParamInfo<AnswerCheck>& info) {
      return std::string(AnswerCheckName(info.param));
    });

}  // namespace
}  // namespace sudoku
