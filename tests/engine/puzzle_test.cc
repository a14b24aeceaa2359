// Tests for the puzzle model: parsing every malformed shape, the givens check
// and its messages.
#include "engine/puzzle.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/fixtures.h"

namespace sudoku {
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

TEST(CheckSolution, RejectsDigitsOutOfRange) {
  Grid solution;
  ASSERT_EQ(ParseGrid(kSolution, solution), std::nullopt);
  Grid bad = solution;
  bad[80] = 10;
  EXPECT_EQ(CheckSolution(Grid{}, bad), "cell r9c9 is empty");
}

}  // namespace
}  // namespace sudoku
