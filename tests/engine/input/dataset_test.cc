// Tests for the dataset grammar: line formats, Kaggle and other CSV layouts,
// test-file fields, comments, malformed and invalid lines.
#include "engine/input/dataset.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "engine/input/puzzle.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

const std::string& kPuzzle = testing::kSamplePuzzle;
const std::string& kSolution = testing::kSampleSolution;

using Kind = DatasetParser::LineKind;

TEST(DatasetParser, SkipsBlankAndCommentLines) {
  DatasetParser parser;
  PuzzleRecord record;
  EXPECT_EQ(parser.Parse(1, "", record), Kind::kSkip);
  EXPECT_EQ(parser.Parse(2, "\r", record), Kind::kSkip);
  EXPECT_EQ(parser.Parse(3, "# a comment", record), Kind::kSkip);
  EXPECT_EQ(parser.Parse(4, "   ", record), Kind::kSkip);
  EXPECT_EQ(parser.format(), DatasetFormat::kUnknown);
}

// Classify's inline path for the lines format takes a line as it is only
// when trimming would leave it so; otherwise the general path trims it.
TEST(DatasetParser, ClassifyTrimsAsBeforeOnceTheFormatIsKnown) {
  DatasetParser parser;
  std::string_view content;
  ASSERT_EQ(parser.Classify(1, kPuzzle, content), Kind::kRecord);
  ASSERT_EQ(parser.format(), DatasetFormat::kLines);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {kPuzzle, kPuzzle},
      {kPuzzle + "\r", kPuzzle},
      {kPuzzle + " \r", kPuzzle},
      {kPuzzle + "\r\r", kPuzzle},
      {kPuzzle + "\t", kPuzzle},
      {" " + kPuzzle, kPuzzle},
      {"\t" + kPuzzle + "\r", kPuzzle},
      {kPuzzle + " 11.2 rated\r", kPuzzle + " 11.2 rated"},
      {"x\r", "x"},
      {"x", "x"},
  };
  for (const auto& [line, trimmed] : cases) {
    content = {};
    ASSERT_EQ(parser.Classify(2, line, content), Kind::kRecord) << line;
    EXPECT_EQ(content, trimmed) << line;
  }
  for (const std::string& line : std::vector<std::string>{
           "", "\r", " \r", "#" + kPuzzle + "\r", "  # note", "\r\r"}) {
    EXPECT_EQ(parser.Classify(3, line, content), Kind::kSkip) << line;
  }
}

TEST(DatasetParser, AcceptsTrailingFieldsAfterSeparators) {
  for (const std::string& tail :
       {std::string(""), std::string("\r"), std::string(" 11.2 rated"),
        std::string("\t#5"), std::string(":1:") + kSolution,
        std::string(";x")}) {
    DatasetParser parser;
    PuzzleRecord record;
    ASSERT_EQ(parser.Parse(7, kPuzzle + tail, record), Kind::kRecord) << tail;
    EXPECT_EQ(record.status, RecordStatus::kPuzzle) << tail << record.reason;
    EXPECT_EQ(record.line, 7u);
    EXPECT_EQ(FormatGrid(record.puzzle), kPuzzle);
    EXPECT_EQ(parser.format(), DatasetFormat::kLines);
  }
}

TEST(DatasetParser, ReportsMalformedShapes) {
  DatasetParser parser;
  PuzzleRecord record;
  ASSERT_EQ(parser.Parse(1, kPuzzle.substr(0, 80), record), Kind::kRecord);
  EXPECT_EQ(record.status, RecordStatus::kMalformed);
  EXPECT_EQ(record.reason, "expected 81 cells, found 80");
  parser.Parse(2, kPuzzle + "5", record);
  EXPECT_EQ(record.reason, "expected 81 cells, found 82");
  std::string bad = kPuzzle;
  bad[3] = 'x';
  parser.Parse(3, bad, record);
  EXPECT_EQ(record.reason, "bad character 'x' at column 4");
  parser.Parse(4, "hello", record);
  EXPECT_EQ(record.status, RecordStatus::kMalformed);
  EXPECT_EQ(record.reason, "expected 81 cells, found 5");
}

TEST(DatasetParser, ReportsInvalidGivensWithTheConflict) {
  DatasetParser parser;
  PuzzleRecord record;
  std::string clash = kPuzzle;
  clash[2] = '8';  // a second 8 in row 1
  ASSERT_EQ(parser.Parse(9, clash, record), Kind::kRecord);
  EXPECT_EQ(record.status, RecordStatus::kInvalid);
  EXPECT_EQ(record.reason,
            "invalid givens: digit 8 twice in row 1 (r1c1 and r1c3)");
}

TEST(DatasetParser, DeferredGivensCheckLeavesTheClashToCheckGivens) {
  std::string clash = kPuzzle;
  clash[2] = '8';
  PuzzleRecord record;
  DatasetParser::ParseRecord(DatasetFormat::kLines, clash, record,
                             GivensCheck::kDeferred);
  EXPECT_EQ(record.status, RecordStatus::kPuzzle);
  CheckGivens(record);
  EXPECT_EQ(record.status, RecordStatus::kInvalid);
  EXPECT_EQ(record.reason,
            "invalid givens: digit 8 twice in row 1 (r1c1 and r1c3)");
  // A malformed line stays malformed: there are no givens to check.
  DatasetParser::ParseRecord(DatasetFormat::kLines, "x" + clash.substr(1),
                             record, GivensCheck::kDeferred);
  CheckGivens(record);
  EXPECT_EQ(record.status, RecordStatus::kMalformed);
}

TEST(DatasetParser, ReadsKaggleCsvAndChecksTheSolutionColumn) {
  DatasetParser parser;
  PuzzleRecord record;
  EXPECT_EQ(parser.Parse(1, "quizzes,solutions\r", record), Kind::kSkip);
  EXPECT_EQ(parser.format(), DatasetFormat::kKaggle);
  std::string zeros = kPuzzle;
  for (char& ch : zeros) {
    if (ch == '.') ch = '0';
  }
  ASSERT_EQ(parser.Parse(2, zeros + "," + kSolution + "\r", record),
            Kind::kRecord);
  EXPECT_EQ(record.status, RecordStatus::kPuzzle) << record.reason;
  EXPECT_TRUE(record.has_expected);
  EXPECT_EQ(FormatGrid(record.expected), kSolution);

  std::string wrong = kSolution;
  std::swap(wrong[0], wrong[1]);
  // A wrong answer leaves the puzzle whole: its own status (issue 36).
  parser.Parse(3, zeros + "," + wrong, record);
  EXPECT_EQ(record.status, RecordStatus::kReferenceWrong);
  EXPECT_EQ(record.reason,
            "solution column is not a solution of the puzzle: cell r1c1 "
            "changes given 8 to 6");
  parser.Parse(4, zeros, record);
  EXPECT_EQ(record.reason, "expected puzzle,solution");
  parser.Parse(5, zeros + "," + kSolution.substr(1), record);
  EXPECT_EQ(record.reason, "solution column: expected 81 cells, found 80");
  // The header again (files concatenated) is a header, not a puzzle.
  EXPECT_EQ(parser.Parse(6, "quizzes,solutions", record), Kind::kSkip);
}

std::string WithZeros(std::string grid) {
  for (char& ch : grid) {
    if (ch == '.') ch = '0';
  }
  return grid;
}

// The recurrent-relational-network set: `quiz,solution` rows, no header.
TEST(DatasetParser, DetectsHeaderlessPuzzleSolutionRows) {
  DatasetParser parser;
  PuzzleRecord record;
  const std::string row = WithZeros(kPuzzle) + "," + kSolution;
  ASSERT_EQ(parser.Parse(1, row + "\r", record), Kind::kRecord);
  EXPECT_EQ(parser.format(), DatasetFormat::kKaggle);
  EXPECT_EQ(record.status, RecordStatus::kPuzzle) << record.reason;
  EXPECT_TRUE(record.has_expected);
  EXPECT_EQ(FormatGrid(record.puzzle), kPuzzle);
  EXPECT_EQ(parser.header(), "");
  EXPECT_EQ(parser.first_row(), row);
  // Not two 81-cell fields: a lines file (malformed rows), as before.
  for (const std::string& first :
       {"x" + row, row + "," + kSolution, kPuzzle + ";" + kSolution,
        WithZeros(kPuzzle) + ","}) {
    DatasetParser other;
    other.Parse(1, first, record);
    EXPECT_EQ(other.format(), DatasetFormat::kLines) << first;
  }
}

TEST(DatasetParser, LayoutHintSaysWhatAFileLooksLike) {
  EXPECT_EQ(LayoutHint("7,abc," + kPuzzle),
            "it looks like CSV rows with no header, 81 cells in column 3: a "
            "first line naming that column `puzzle` (and the solution's "
            "`solution`) makes it a CSV file (the first row: '7,abc," +
                kPuzzle.substr(0, 34) + "...')");
  EXPECT_TRUE(LayoutHint("id,grid,answer").starts_with(
      "it looks like CSV, but its first line names no puzzle column"));
  EXPECT_TRUE(LayoutHint(" 5 3 . | . 7 . | . . . ")
                  .starts_with("it looks like grids of 9 lines of 9 cells"));
  EXPECT_EQ(LayoutHint("hello\x01"),
            "expected 81 cells a line (`.` or `0` for a blank), "
            "`puzzle:count:solution` lines, `puzzle,solution` rows or a CSV "
            "whose header names a puzzle column (the first row: 'hello?')");
  EXPECT_EQ(UnreadableInput("a.txt", 1234, "hello"),
            "a.txt: no row is a puzzle (1,234 malformed): " +
                LayoutHint("hello"));
}

TEST(DatasetParser, ReadsKaggleThreeMillionLayout) {
  // Kaggle's "3 million Sudoku puzzles with ratings": id,puzzle,solution,...
  DatasetParser parser;
  PuzzleRecord record;
  EXPECT_EQ(parser.Parse(1, "id,puzzle,solution,clues,difficulty\r", record),
            Kind::kSkip);
  EXPECT_EQ(parser.format().kind, DatasetFormat::Kind::kCsv);
  EXPECT_EQ(FormatName(parser.format()), "csv");
  ASSERT_EQ(
      parser.Parse(2, "0," + kPuzzle + "," + kSolution + ",25,2.2", record),
      Kind::kRecord);
  EXPECT_EQ(record.status, RecordStatus::kPuzzle) << record.reason;
  EXPECT_EQ(FormatGrid(record.puzzle), kPuzzle);
  EXPECT_TRUE(record.has_expected);
  EXPECT_EQ(FormatGrid(record.expected), kSolution);

  std::string wrong = kSolution;
  std::swap(wrong[0], wrong[1]);
  parser.Parse(3, "1," + WithZeros(kPuzzle) + "," + wrong + ",25,0", record);
  EXPECT_EQ(record.status, RecordStatus::kReferenceWrong);
  EXPECT_EQ(record.reason,
            "solution column is not a solution of the puzzle: cell r1c1 "
            "changes given 8 to 6");
  parser.Parse(4, "2," + kPuzzle, record);
  EXPECT_EQ(record.status, RecordStatus::kMalformed);
  EXPECT_EQ(record.reason, "expected 5 columns as the header has, found 2");
  // A column too many breaks the file's shape as one too few does.
  parser.Parse(4, "2," + WithZeros(kPuzzle) + "," + kSolution + ",25,0,x",
               record);
  EXPECT_EQ(record.status, RecordStatus::kMalformed);
  EXPECT_EQ(record.reason, "expected 5 columns as the header has, found more");
  parser.Parse(5, "3," + kPuzzle.substr(1) + "," + kSolution + ",25,0", record);
  EXPECT_EQ(record.reason, "puzzle column: expected 81 cells, found 80");
  // The header again (files concatenated) is a header, not a puzzle.
  EXPECT_EQ(parser.Parse(6, "id,puzzle,solution,clues,difficulty", record),
            Kind::kSkip);
}

TEST(DatasetParser, ReadsMachineLearningLayoutWithQuotedFields) {
  DatasetParser parser;
  PuzzleRecord record;
  EXPECT_EQ(parser.Parse(1, "source,question,answer,rating", record),
            Kind::kSkip);
  EXPECT_EQ(parser.format().puzzle_column, 1);
  EXPECT_EQ(parser.format().solution_column, 2);
  ASSERT_EQ(
      parser.Parse(
          2, "\"forum, hardest\",\"" + kPuzzle + "\"," + kSolution + ",11.2",
          record),
      Kind::kRecord);
  EXPECT_EQ(record.status, RecordStatus::kPuzzle) << record.reason;
  EXPECT_TRUE(record.has_expected);
  // An empty answer where the layout has an answer column is an unlabelled
  // row, which no row of the layout is.
  parser.Parse(3, "made here," + WithZeros(kPuzzle) + ",,", record);
  EXPECT_EQ(record.status, RecordStatus::kMalformed);
  EXPECT_EQ(record.reason, "solution column is empty");
}

TEST(DatasetParser, CsvWithoutSolutionColumnChecksTheGivens) {
  DatasetParser parser;
  PuzzleRecord record;
  EXPECT_EQ(parser.Parse(1, "Difficulty,Quiz", record), Kind::kSkip);
  EXPECT_EQ(parser.format().puzzle_column, 1);
  EXPECT_EQ(parser.format().solution_column, DatasetFormat::kNoColumn);
  parser.Parse(2, "hard," + kPuzzle, record);
  EXPECT_EQ(record.status, RecordStatus::kPuzzle) << record.reason;
  EXPECT_FALSE(record.has_expected);
  std::string clash = kPuzzle;
  clash[2] = '8';
  parser.Parse(3, "hard," + clash, record);
  EXPECT_EQ(record.status, RecordStatus::kInvalid);
  DatasetParser::ParseRecord(parser.format(), "hard," + clash, record,
                             GivensCheck::kDeferred);
  EXPECT_EQ(record.status, RecordStatus::kPuzzle);
  parser.Parse(4, "hard", record);
  EXPECT_EQ(record.reason, "expected 2 columns as the header has, found 1");
}

TEST(RecognizeCsvHeader, NamesInAnyOrderOtherColumnsIgnored) {
  EXPECT_EQ(RecognizeCsvHeader("quizzes,solutions"), DatasetFormat::kKaggle);
  EXPECT_EQ(RecognizeCsvHeader("Puzzle,Solution"), DatasetFormat::kKaggle);
  const auto reversed = RecognizeCsvHeader("answer , rating, puzzle");
  ASSERT_TRUE(reversed);
  EXPECT_EQ(reversed->kind, DatasetFormat::Kind::kCsv);
  EXPECT_EQ(reversed->puzzle_column, 2);
  EXPECT_EQ(reversed->solution_column, 0);
  EXPECT_EQ(reversed->columns_needed, 3);
  EXPECT_EQ(RecognizeCsvHeader("id,rating,solution"), std::nullopt);
  EXPECT_EQ(RecognizeCsvHeader("hello"), std::nullopt);
  EXPECT_EQ(RecognizeCsvHeader(kPuzzle), std::nullopt);
}

TEST(DatasetParser, ReadsTheCountAndSolutionOfTestLines) {
  DatasetParser parser;
  PuzzleRecord record;
  parser.Parse(1, kPuzzle + ":1:" + kSolution, record);
  EXPECT_EQ(record.status, RecordStatus::kPuzzle) << record.reason;
  EXPECT_EQ(record.expected_count, 1u);
  EXPECT_TRUE(record.has_expected);
  EXPECT_EQ(FormatGrid(record.expected), kSolution);

  parser.Parse(2, kPuzzle + ":2:", record);
  EXPECT_EQ(record.expected_count, 2u);
  EXPECT_FALSE(record.has_expected);
  parser.Parse(3, kPuzzle + ":0:\r", record);
  EXPECT_EQ(record.expected_count, 0u);

  // A count alone, digits only, as other solvers' test files write it for
  // puzzles with no solution or several.
  parser.Parse(4, kPuzzle + ":2", record);
  EXPECT_EQ(record.expected_count, 2u);
  EXPECT_FALSE(record.has_expected);
  parser.Parse(4, kPuzzle + ":0\r", record);
  EXPECT_EQ(record.expected_count, 0u);

  // Anything else after the cells is a note, as before: a puzzle, no count.
  std::string wrong = kSolution;
  std::swap(wrong[0], wrong[1]);
  // A solution of 81 digits that is no solution of the puzzle is a wrong
  // reference (issue 36): the line is still its puzzle, with its count.
  for (const std::string& tail : std::vector<std::string>{
           ":many:", ":many", ": 1", ":1a", ":-1", ": 1:", ":-1:",
           " 1:" + kSolution, ":1:" + wrong, ":1:" + kSolution.substr(1),
           ":1:" + kPuzzle, ":99999999999"}) {
    parser.Parse(4, kPuzzle + tail, record);
    EXPECT_EQ(record.status, tail == ":1:" + wrong
                                 ? RecordStatus::kReferenceWrong
                                 : RecordStatus::kPuzzle)
        << tail;
    EXPECT_FALSE(record.has_expected) << tail;
    const bool counted = tail.starts_with(":1:");
    EXPECT_EQ(record.expected_count.has_value(), counted) << tail;
  }
  // A record read after one with a count does not keep it.
  parser.Parse(5, kPuzzle, record);
  EXPECT_EQ(record.expected_count, std::nullopt);
}

}  // namespace
}  // namespace sudoku
