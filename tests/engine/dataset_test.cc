// Tests for the dataset grammar: line formats, Kaggle CSV, comments, malformed
// and invalid lines.
#include "engine/dataset.h"

#include <gtest/gtest.h>

#include "engine/puzzle.h"
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
  parser.Parse(3, zeros + "," + wrong, record);
  EXPECT_EQ(record.status, RecordStatus::kMalformed);
  EXPECT_EQ(record.reason,
            "solution column is not a solution of the puzzle: cell r1c1 "
            "changes given 8 to 6");
  parser.Parse(4, zeros, record);
  EXPECT_EQ(record.reason, "expected puzzle,solution");
  parser.Parse(5, zeros + "," + kSolution.substr(1), record);
  EXPECT_EQ(record.reason, "solution column: expected 81 cells, found 80");
}

}  // namespace
}  // namespace sudoku
