// End-to-end tests of corpus check: each kind of bad row named by file:line,
// the counts, the exit codes, and the good and bad rows written as they were.
#include <gtest/gtest.h>

#include <string>

#include "engine/input/puzzle.h"
#include "strategies/registry.h"
#include "tests/fixtures.h"
#include "tests/tools/tool_run.h"
#include "tools/corpus/corpus_command.h"
#include "tools/gen/gen_command.h"

namespace sudoku {
namespace {

using testing::Call;
using testing::CommandRun;
using testing::Lines;
using testing::WriteTempFile;

std::string Solution(const std::string& puzzle) {
  return testing::UniqueSolutionText(puzzle);
}

// Two digits of a solution swapped: a grid that solves nothing.
std::string Broken(std::string solution) {
  std::swap(solution[0], solution[1]);
  return solution;
}

struct Rows {
  std::vector<std::string> puzzles;
  Rows() {
    const CommandRun gen = Call(GenMain, {"-n", "3", "-s", "7"});
    puzzles = Lines(gen.out);
  }
};

const std::string kSeveral(81, '.');
const std::string kInvalid = "11" + std::string(79, '.');
// Row 1 holds 1-8 and column 9 a 9 below: the corner has no digit left.
const std::string kNoSolution = "12345678.........9" + std::string(63, '.');

TEST(CorpusCheck, NamesEachKindOfBadRowAndCountsThem) {
  const Rows r;
  const std::string& p = r.puzzles[0];
  const std::string csv =
      "puzzle,solution\n" + p + "," + Solution(p) + "\n" +  // 2 good
      "12x," + Solution(p) + "\n" +                         // 3 malformed
      kInvalid + "," + Solution(p) + "\n" +                 // 4 invalid
      kNoSolution + "," + Solution(p) + "\n" +              // 5 none
      kSeveral + "," + Solution(p) + "\n" +                 // 6 several
      r.puzzles[1] + "," + Broken(Solution(r.puzzles[1])) + "\n";  // 7
  const std::string path = WriteTempFile("check-kinds.csv", csv);
  const CommandRun run = Call(CorpusMain, {"check", path});
  EXPECT_EQ(run.code, 1) << run.err;
  const auto listed = Lines(run.out);
  ASSERT_EQ(listed.size(), 5u) << run.out;
  EXPECT_EQ(listed[0].find(path + ":3\tmalformed\t"), 0u);
  EXPECT_EQ(listed[1].find(path + ":4\tinvalid givens\t"), 0u);
  EXPECT_EQ(listed[2].find(path + ":5\tno solution\t"), 0u);
  EXPECT_EQ(listed[3].find(path + ":6\tseveral solutions\t"), 0u);
  EXPECT_EQ(listed[4].find(path + ":7\twrong answer\t"), 0u);
  EXPECT_NE(run.err.find(path + ":7: wrong answer: "), std::string::npos);
  EXPECT_EQ(Lines(run.err).back(),
            "corpus check: 6 rows in 1 file: 1 good, 5 bad (malformed 1; "
            "invalid givens 1; no solution 1; several solutions 1; wrong "
            "answer 1)");
}

TEST(CorpusCheck, CleanFilesExitZeroAndUnreadableOnesTwo) {
  const Rows r;
  std::string lines;
  for (const std::string& p : r.puzzles) lines += p + "\n";
  const CommandRun run = Call(CorpusMain, {"check", "-"}, lines);
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(Call(CorpusMain, {"check", "/nonexistent"}).code, 2);
}

TEST(CorpusCheck, CountFieldsAreChecked) {
  const Rows r;
  const std::string& p = r.puzzles[0];
  int clues = 0;
  for (const char c : p) clues += c != '.' && c != '0';
  // The 3M layout's clues column, right and wrong.
  const std::string csv = "id,puzzle,solution,clues,difficulty\n1," + p + "," +
                          Solution(p) + "," + std::to_string(clues) +
                          ",0.0\n2," + p + "," + Solution(p) + "," +
                          std::to_string(clues + 1) + ",0.0\n";
  const CommandRun run =
      Call(CorpusMain, {"check", WriteTempFile("check-3m.csv", csv)});
  EXPECT_EQ(run.code, 1);
  ASSERT_EQ(Lines(run.out).size(), 1u);
  EXPECT_NE(run.out.find(":3\twrong count\tclues column says"),
            std::string::npos);
  // A `puzzle:count:solution` line claiming two solutions of a unique one.
  const CommandRun lines =
      Call(CorpusMain, {"check", "-"}, p + ":2:" + Solution(p) + "\n");
  EXPECT_EQ(lines.code, 1);
  EXPECT_NE(lines.out.find("-:1\twrong count\t"), std::string::npos);
}

TEST(CorpusCheck, WritesGoodAndBadRowsAsTheyWereWithTheHeader) {
  const Rows r;
  const std::string& p = r.puzzles[0];
  const std::string good_row = "7," + p + "," + Solution(p) + ",x \"y\"";
  const std::string bad_row = "8," + kSeveral + ",,z";
  const std::string header = "id,puzzle,solution,note";
  const std::string path = WriteTempFile(
      "check-split.csv", header + "\n" + good_row + "\n" + bad_row + "\n");
  const std::string good = testing::TempPath("check-good.csv");
  const std::string bad = testing::TempPath("check-bad.csv");
  const CommandRun run =
      Call(CorpusMain, {"check", path, "--good", good, "--bad", bad});
  EXPECT_EQ(run.code, 1) << run.err;
  EXPECT_EQ(testing::ReadFile(good), header + "\n" + good_row + "\n");
  EXPECT_EQ(testing::ReadFile(bad),
            header + ",reason\n" + bad_row +
                ",\"malformed: solution column is empty\"\n");
  // An output on an input's path is refused before anything is read.
  EXPECT_EQ(Call(CorpusMain, {"check", path, "--bad", path}).code, 2);
}

}  // namespace
}  // namespace sudoku
