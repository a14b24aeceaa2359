// Tests for the file's own reference answers caught out: a wrong answer is
// its own outcome with its puzzle still solved, and several solutions where
// the file claims one are named and counted.
#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/input/dataset.h"
#include "engine/input/puzzle.h"
#include "engine/pipeline/driver.h"
#include "strategies/registry.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::WriteTempFile;

const std::string& kPuzzle = testing::kSamplePuzzle;
const std::string& kSolution = testing::kSampleSolution;

// What the serial stage hands out: each line's first outcome and the
// messages.
class Recorder : public RunObserver {
 public:
  void OnRecord(const std::string&, const PuzzleRecord& record,
                std::span<const PuzzleOutcome> outcomes) override {
    lines.push_back(record.line);
    verdicts.push_back(outcomes.front().verdict);
    nodes.push_back(outcomes.front().result.nodes);
  }
  bool WantsRecords() const override { return true; }
  void OnProblem(const std::string& message, bool error) override {
    (error ? errors : bad_lines).push_back(message);
  }
  std::vector<uint64_t> lines;
  std::vector<Verdict> verdicts;
  std::vector<uint64_t> nodes;
  std::vector<std::string> errors, bad_lines;
};

// The cells of kSolution that make an unavoidable rectangle: two rows of one
// band and two columns of two stacks holding a b / b a. Blanking them leaves
// a puzzle with exactly two solutions, kSolution and the swap.
std::optional<std::array<int, 4>> Rectangle() {
  for (int r1 = 0; r1 < 9; ++r1) {
    for (int r2 = r1 + 1; r2 < r1 / 3 * 3 + 3; ++r2) {
      for (int c1 = 0; c1 < 9; ++c1) {
        for (int c2 = c1 / 3 * 3 + 3; c2 < 9; ++c2) {
          const auto at = [](int r, int c) { return r * 9 + c; };
          if (kSolution[at(r1, c1)] == kSolution[at(r2, c2)] &&
              kSolution[at(r1, c2)] == kSolution[at(r2, c1)]) {
            return std::array<int, 4>{at(r1, c1), at(r1, c2), at(r2, c1),
                                      at(r2, c2)};
          }
        }
      }
    }
  }
  return std::nullopt;
}

std::string TwoSolutionPuzzle() {
  std::string puzzle = kSolution;
  const auto cells = Rectangle();
  EXPECT_TRUE(cells.has_value());
  if (cells) {
    for (int cell : *cells) puzzle[cell] = '0';
  }
  return puzzle;
}

std::string Zeros(std::string puzzle) {
  for (char& ch : puzzle) {
    if (ch == '.') ch = '0';
  }
  return puzzle;
}

// kSolution with one blank cell's digit changed so that row 1 repeats a
// given (kPuzzle's row 1 starts "86."), and with a given changed.
std::string BreaksARule() {
  std::string answer = kSolution;
  answer[2] = '6';
  return answer;
}
std::string ChangesAGiven() {
  std::string answer = kSolution;
  answer[0] = '1';
  return answer;
}

RunOptions SimdAtLimit2(int threads) {
  RunOptions options;
  options.strategies.push_back(FindStrategy("simd"));
  options.threads = threads;
  options.solution_limit = 2;
  return options;
}

uint64_t NodesAlone(const std::string& puzzle) {
  Grid grid{};
  EXPECT_FALSE(ParseGrid(puzzle, grid).has_value());
  return FindStrategy("simd")->Solve(grid, 2, kUnlimitedNodes).nodes;
}

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(ReferenceWrong, IsItsOwnOutcomeAndThePuzzleIsStillSolved) {
  const std::string two = TwoSolutionPuzzle();
  const std::string path = WriteTempFile(
      "reference_wrong.csv",
      "quizzes,solutions\n" +                            // line 1
          Zeros(kPuzzle) + "," + kSolution + "\n" +      // 2: good
          Zeros(kPuzzle) + "," + BreaksARule() + "\n" +  // 3: breaks a rule
          Zeros(kPuzzle) + "," + ChangesAGiven() + "\n" +  // 4: a given
          two + "," + kSolution + "\n" +                 // 5: two solutions
          "123," + kSolution + "\n");                    // 6: malformed
  for (int threads : {1, 2}) {
    Recorder recorder;
    const DatasetResult r = RunDataset(path, SimdAtLimit2(threads), recorder);
    const StrategyStats& s = r.stats[0];
    EXPECT_EQ(s.puzzles(), 5u);
    EXPECT_EQ(s.count(Verdict::kSolved), 3u);
    EXPECT_EQ(s.count(Verdict::kMultiple), 1u);
    EXPECT_EQ(s.count(Verdict::kMalformed), 1u);
    EXPECT_EQ(r.malformed, 1u);
    EXPECT_EQ(s.reference_wrong, 2u);
    EXPECT_EQ(s.several_claimed_one, 1u);
    EXPECT_EQ(s.expected_differs, 0u);
    EXPECT_EQ(r.wrong_answers, 0u);
    EXPECT_TRUE(recorder.errors.empty());
    ASSERT_EQ(recorder.bad_lines.size(), 4u);
    EXPECT_TRUE(Has(recorder.bad_lines[0],
                    path + ":3: REFERENCE WRONG: solution column is not a "
                           "solution of the puzzle: digit 6 twice"))
        << recorder.bad_lines[0];
    EXPECT_TRUE(Has(recorder.bad_lines[1],
                    path + ":4: REFERENCE WRONG: solution column is not a "
                           "solution of the puzzle: cell r1c1 changes given "
                           "8 to 1"))
        << recorder.bad_lines[1];
    EXPECT_EQ(recorder.bad_lines[2],
              path + ":5: simd finds several solutions, the file gives one "
                     "answer");
    EXPECT_TRUE(Has(recorder.bad_lines[3], path + ":6: puzzle column: "))
        << recorder.bad_lines[3];
    // The wrong references' puzzles are searched exactly as the good one's,
    // and every node count is that of the puzzle solved alone.
    ASSERT_EQ(recorder.nodes.size(), 5u);
    const uint64_t alone = NodesAlone(kPuzzle);
    EXPECT_EQ(recorder.nodes[0], alone);
    EXPECT_EQ(recorder.nodes[1], alone);
    EXPECT_EQ(recorder.nodes[2], alone);
    EXPECT_EQ(recorder.nodes[3], NodesAlone(two));
    EXPECT_EQ(s.nodes_total, 3 * alone + NodesAlone(two));
    EXPECT_EQ(recorder.verdicts[1], Verdict::kSolved);
    EXPECT_EQ(recorder.verdicts[4], Verdict::kMalformed);
  }
}

// A solution field that is not 81 digits leaves the row malformed: the row
// itself does not parse. Clashing givens make it invalid, before its answer.
TEST(ReferenceWrong, WhatDoesNotParseStaysMalformedAndClashesInvalid) {
  PuzzleRecord record;
  const DatasetFormat kaggle = DatasetFormat::kKaggle;
  DatasetParser::ParseRecord(kaggle, kPuzzle + "," + kSolution.substr(1),
                             record);
  EXPECT_EQ(record.status, RecordStatus::kMalformed);
  EXPECT_TRUE(Has(record.reason, "solution column: ")) << record.reason;
  DatasetParser::ParseRecord(kaggle, kPuzzle + "," + kPuzzle, record);
  EXPECT_EQ(record.status, RecordStatus::kMalformed);
  EXPECT_EQ(record.reason,
            "solution column is not a solution of the puzzle: cell r1c3 is "
            "empty");

  DatasetParser::ParseRecord(kaggle, kPuzzle + "," + BreaksARule(), record);
  EXPECT_EQ(record.status, RecordStatus::kReferenceWrong);
  EXPECT_FALSE(record.has_expected);

  std::string clash = kPuzzle;
  clash[2] = '6';  // row 1 then holds two given 6s
  DatasetParser::ParseRecord(kaggle, clash + "," + BreaksARule(), record);
  EXPECT_EQ(record.status, RecordStatus::kInvalid);

  // The lines format: a test line's solution grid that does not solve the
  // puzzle is a wrong reference, its count kept; a note that is no grid is
  // the plain puzzle line it always was.
  DatasetParser::ParseRecord(DatasetFormat::kLines,
                             kPuzzle + ":1:" + ChangesAGiven(), record);
  EXPECT_EQ(record.status, RecordStatus::kReferenceWrong);
  EXPECT_EQ(record.reason, "solution: cell r1c1 changes given 8 to 1");
  EXPECT_EQ(record.expected_count, 1u);
  DatasetParser::ParseRecord(DatasetFormat::kLines, kPuzzle + ":1:12345",
                             record);
  EXPECT_EQ(record.status, RecordStatus::kPuzzle);
  // Deferred, clashing givens are found by CheckGivens, before the answer.
  DatasetParser::ParseRecord(DatasetFormat::kLines,
                             clash + ":1:" + kSolution, record,
                             GivensCheck::kDeferred);
  EXPECT_EQ(record.status, RecordStatus::kReferenceWrong);
  CheckGivens(record);
  EXPECT_EQ(record.status, RecordStatus::kInvalid);
}

TEST(ReferenceWrong, TestLinesAreJudgedAsCsvRowsAre) {
  const std::string two = TwoSolutionPuzzle();
  const std::string path = WriteTempFile(
      "reference_wrong.txt", kPuzzle + ":1:" + kSolution + "\n" +     // good
                                 kPuzzle + ":1:" + BreaksARule() + "\n" +
                                 two + ":1:" + kSolution + "\n" +  // several
                                 two + ":2:" + kSolution + "\n");  // agrees
  Recorder recorder;
  const DatasetResult r = RunDataset(path, SimdAtLimit2(2), recorder);
  const StrategyStats& s = r.stats[0];
  EXPECT_EQ(s.count(Verdict::kSolved), 2u);
  EXPECT_EQ(s.count(Verdict::kMultiple), 2u);
  EXPECT_EQ(s.reference_wrong, 1u);
  EXPECT_EQ(s.several_claimed_one, 1u);
  ASSERT_EQ(recorder.bad_lines.size(), 2u);
  EXPECT_TRUE(Has(recorder.bad_lines[0],
                  path + ":2: REFERENCE WRONG: solution: digit 6 twice"))
      << recorder.bad_lines[0];
  EXPECT_EQ(recorder.bad_lines[1],
            path + ":3: simd finds several solutions, the file says 1");
}

}  // namespace
}  // namespace sudoku
