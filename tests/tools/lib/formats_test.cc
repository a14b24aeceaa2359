// Tests for the file formats: each reader's tolerance and errors, and
// writer/reader round trips.
#include "tools/lib/formats.h"

#include <gtest/gtest.h>

#include <sstream>

#include "engine/input/puzzle.h"

namespace sudoku {
namespace {

const std::string kPuzzle =
    "86...........91.68.234....5....1........53.863.....9..67.1.42...3...5...1."
    "2......";
const std::string kSolution =
    "86153749254729136892346817579681254321495378635874692167518423943962581718"
    "2379654";
const std::string kOther =
    "8...6...1....23.5...9.....7...7....4..7...3.......18...431.5......4....5.."
    ".....6.";

struct ReadResult {
  std::vector<PuzzleRecord> records;
  std::vector<std::string> bad;  // "line: reason"
};

ReadResult Read(const std::string& text, FileFormat format) {
  std::istringstream in(text);
  Input input(in, "-");
  ReadResult result;
  ReadPuzzles(
      input, format,
      [&](const PuzzleRecord& record) { result.records.push_back(record); },
      [&](uint64_t line, const std::string& reason) {
        result.bad.push_back(std::to_string(line) + ": " + reason);
      });
  return result;
}

std::string Write(const std::vector<PuzzleRecord>& records, FileFormat format) {
  std::ostringstream out;
  PuzzleWriter writer(out, format);
  for (const PuzzleRecord& record : records) {
    EXPECT_EQ(writer.Write(record), std::nullopt);
  }
  return out.str();
}

PuzzleRecord Record(const std::string& puzzle,
                    const std::optional<std::string>& solution, int count) {
  PuzzleRecord record;
  ParseGrid(puzzle, record.puzzle);
  if (solution) {
    ParseGrid(*solution, record.expected);
    record.has_expected = true;
  }
  record.expected_count = count;
  return record;
}

TEST(Formats, NamesRoundTrip) {
  for (const FileFormat f : {FileFormat::kLines, FileFormat::kSdk,
                             FileFormat::kKaggle, FileFormat::kTest}) {
    EXPECT_EQ(ParseFileFormat(FileFormatName(f)), f);
  }
  EXPECT_EQ(ParseFileFormat("csv"), std::nullopt);
}

TEST(Formats, LinesSkipCommentsBlanksAndSuffixes) {
  const ReadResult r =
      Read("# a comment\n\n" + kPuzzle + "\r\n" + kOther + " 17 hard\n" +
               kPuzzle + ":1:" + kSolution + "\n  " + kOther + ";x\n   \n",
           FileFormat::kLines);
  EXPECT_TRUE(r.bad.empty());
  ASSERT_EQ(r.records.size(), 4u);
  EXPECT_EQ(r.records[0].line, 3u);
  EXPECT_EQ(FormatGrid(r.records[1].puzzle), kOther);
  EXPECT_EQ(r.records[3].line, 6u);
}

TEST(Formats, LinesReportParseGridReasons) {
  const ReadResult r = Read(kPuzzle.substr(0, 80) + "\n" + kPuzzle + "x\n" +
                                "x" + kPuzzle.substr(1) + "\n" + kPuzzle + "\n",
                            FileFormat::kLines);
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_EQ(r.records[0].line, 4u);
  EXPECT_EQ(r.bad,
            (std::vector<std::string>{"1: expected 81 cells, found 80",
                                      "2: expected 81 cells, found 82",
                                      "3: bad character 'x' at column 1"}));
}

TEST(Formats, SdkGridsWithRulesAndComments) {
  const std::string sdk =
      "# from a book\n"
      "86. ... ...\n"
      "... .91 .68\r\n"
      ".23 4.. ..5\n"
      "---+---+---\n"
      "... .1. ...\n"
      "|...|.53|.86|\n"
      "3.. ... 9..\n"
      "67. 1.4 2..\n"
      ".3. ..5 ...\n"
      "1.2 ... ...\n"
      "\n";
  const ReadResult r = Read(sdk, FileFormat::kSdk);
  EXPECT_TRUE(r.bad.empty()) << r.bad[0];
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_EQ(FormatGrid(r.records[0].puzzle), kPuzzle);
  EXPECT_EQ(r.records[0].line, 2u);
}

TEST(Formats, SdkBadRowsAndShortGridsAreReportedAndSkipped) {
  const std::string good =
      Write({Record(kOther, std::nullopt, 1)}, FileFormat::kSdk);
  const std::string text = "123\n456456456\n\n" +  // a bad row, then the rest
                           std::string("12345678x\n") + "\n" +
                           "123456789\n987654321\n\n" +  // two rows only
                           good;
  const ReadResult r = Read(text, FileFormat::kSdk);
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_EQ(FormatGrid(r.records[0].puzzle), kOther);
  EXPECT_EQ(r.records[0].line, 9u);
  EXPECT_EQ(r.bad, (std::vector<std::string>{
                       "1: expected 9 cells in a grid row, found 3",
                       "4: bad character 'x' at column 9",
                       "6: grid has 2 rows, expected 9"}));
}

// A row cut at Input::kMaxLine is reported, never read as the part that fit.
TEST(Formats, SdkOverlongRowIsReported) {
  const std::string good =
      Write({Record(kOther, std::nullopt, 1)}, FileFormat::kSdk);
  const std::string text = "123456789" + std::string(Input::kMaxLine, ' ') +
                           "\n" + good.substr(10) + "\n" + good;
  const ReadResult r = Read(text, FileFormat::kSdk);
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_EQ(FormatGrid(r.records[0].puzzle), kOther);
  EXPECT_EQ(r.bad, (std::vector<std::string>{"1: " + Input::TooLongReason()}));
}

TEST(Formats, KaggleChecksSolutions) {
  std::string zeros = kPuzzle;
  for (char& ch : zeros) ch = ch == '.' ? '0' : ch;
  std::string wrong = kSolution;
  std::swap(wrong[79], wrong[80]);
  // Read as bench reads Kaggle rows: the reasons are the engine's, and a row
  // without its solution column is not a Kaggle row.
  const ReadResult r =
      Read("quizzes,solutions\r\n" + zeros + "," + kSolution + "\n" + zeros +
               "," + wrong + "\n" + zeros + "\n",
           FileFormat::kKaggle);
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_EQ(FormatGrid(r.records[0].puzzle), kPuzzle);
  ASSERT_TRUE(r.records[0].has_expected);
  EXPECT_EQ(FormatGrid(r.records[0].expected), kSolution);
  ASSERT_EQ(r.bad.size(), 2u);
  EXPECT_EQ(r.bad[0].substr(0, 50),
            "3: solution column is not a solution of the puzzle");
  EXPECT_EQ(r.bad[1], "4: expected puzzle,solution");
}

TEST(Formats, KaggleHeaderVariantsAndSpaces) {
  std::string zeros = kPuzzle;
  for (char& ch : zeros) ch = ch == '.' ? '0' : ch;
  const ReadResult r =
      Read("Puzzle,Solution\n" + zeros + " , " + kSolution + " \n",
           FileFormat::kKaggle);
  EXPECT_TRUE(r.bad.empty());
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_TRUE(r.records[0].has_expected);
  // Without a header the first row is data.
  EXPECT_EQ(
      Read(zeros + "," + kSolution + "\n", FileFormat::kKaggle).records.size(),
      1u);
}

TEST(Formats, TestFormatFields) {
  const ReadResult r =
      Read(kPuzzle + ":1:" + kSolution + "\n" + kOther + ":2:\n" + kPuzzle +
               ":1:\n" + kPuzzle + ":many:\n" + kPuzzle + "\n" + kOther +
               ":0\n" + kOther + ":many\n",
           FileFormat::kTest);
  ASSERT_EQ(r.records.size(), 3u);
  EXPECT_EQ(r.records[0].expected_count, 1u);
  EXPECT_TRUE(r.records[0].has_expected);
  EXPECT_EQ(r.records[1].expected_count, 2u);
  EXPECT_FALSE(r.records[1].has_expected);
  // `puzzle:count` without a solution field, as other solvers' files write.
  EXPECT_EQ(r.records[2].expected_count, 0u);
  EXPECT_EQ(r.bad,
            (std::vector<std::string>{"3: count 1 but no solution",
                                      "4: bad solution count 'many'",
                                      "5: expected puzzle:count:solution",
                                      "7: expected puzzle:count:solution"}));
}

TEST(Formats, EveryFormatRoundTrips) {
  const std::vector<PuzzleRecord> records = {Record(kPuzzle, kSolution, 1),
                                             Record(kOther, std::nullopt, 2)};
  for (const FileFormat f : {FileFormat::kLines, FileFormat::kSdk,
                             FileFormat::kKaggle, FileFormat::kTest}) {
    SCOPED_TRACE(FileFormatName(f));
    // Kaggle rows carry a solution, so only the unique puzzle goes there.
    const std::vector<PuzzleRecord> input =
        f == FileFormat::kKaggle ? std::vector{records[0]} : records;
    const std::string text = Write(input, f);
    const ReadResult back = Read(text, f);
    EXPECT_TRUE(back.bad.empty());
    ASSERT_EQ(back.records.size(), input.size());
    for (size_t i = 0; i < input.size(); ++i) {
      EXPECT_EQ(back.records[i].puzzle, input[i].puzzle);
      if (f == FileFormat::kKaggle || f == FileFormat::kTest) {
        EXPECT_EQ(back.records[i].has_expected, input[i].expected_count == 1u);
      }
    }
    EXPECT_EQ(Write(back.records, f), text);
  }
}

TEST(Formats, WritersSayWhatIsMissing) {
  std::ostringstream out;
  PuzzleWriter kaggle(out, FileFormat::kKaggle);
  EXPECT_NE(kaggle.Write(Record(kOther, std::nullopt, 2)), std::nullopt);
  EXPECT_EQ(out.str(), "quizzes,solutions\n");
  PuzzleRecord no_count = Record(kOther, std::nullopt, 0);
  no_count.expected_count.reset();
  PuzzleWriter test(out, FileFormat::kTest);
  EXPECT_NE(test.Write(no_count), std::nullopt);
}

}  // namespace
}  // namespace sudoku
