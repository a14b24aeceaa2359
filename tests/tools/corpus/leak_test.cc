// End-to-end tests of corpus leak and dupes over every leak kind: a corpus
// planted in the test from 17-clue puzzles and their solutions (relabelled,
// transposed, clues added and removed, other clues of one grid, a broken
// answer, a malformed row), each row's kind and partner, and the exit codes.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "engine/input/puzzle.h"
#include "strategies/registry.h"
#include "tests/fixtures.h"
#include "tests/tools/lib/sample_rows.h"
#include "tests/tools/tool_run.h"
#include "tools/corpus/corpus_command.h"
#include "tools/lib/symmetry.h"

namespace sudoku {
namespace {

using testing::Call;
using testing::CommandRun;
using testing::Lines;
using testing::WriteTempFile;

using Row = testing::SampleRow;
using testing::Moved;
using testing::SampleRows;
using testing::WithFewerClues;
using testing::WithMoreClues;

std::string Cells(const Grid& grid, bool any) {
  return any ? FormatGrid(grid) : "";
}

// A `source,question,answer,rating` file of the rows.
std::string Csv(const std::string& name, const std::vector<Row>& rows,
                const std::string& extra = "") {
  std::string text = "source,question,answer,rating\n";
  for (const Row& row : rows) {
    const bool answered = row.answer != Grid{};
    text += "planted," + Cells(row.puzzle, true) + "," +
            Cells(row.answer, answered) + ",0.5\n";
  }
  return WriteTempFile(name, text + extra);
}

int SolutionsOf(const Grid& puzzle) {
  return FindStrategy("simd")->Solve(puzzle, 2, kUnlimitedNodes).solutions;
}

// The planted corpus: a training file of 8 rows, and a test file with one
// row of each kind, a broken answer, rows of no single solution and a
// malformed row. Line 1 of each file is its header.
struct Planted {
  std::string train, test, clean;
  std::vector<std::string> expected;  // corpus leak's lines
};

Planted Plant() {
  std::mt19937_64 rng(36);
  const std::vector<Row> base = SampleRows(12);
  std::vector<Row> train(base.begin(), base.begin() + 8);
  train[3] = WithMoreClues(train[3], 6, 0);  // line 5: for "fewer clues"
  Transform relabel;
  relabel.digits = {0, 9, 8, 7, 6, 5, 4, 3, 2, 1};
  Transform transpose;
  transpose.transpose = true;
  auto moved = [&](const Row& row) { return Moved(row, RandomTransform(rng)); };
  // Other clues of train[5]'s grid: all its givens but one, and more
  // cells until the solution is unique, so that neither clue set holds the
  // other.
  Row other = WithFewerClues(train[5], 1);
  for (int from = 30; SolutionsOf(other.puzzle) != 1; from += 7) {
    other = WithMoreClues(other, 1, from);
  }
  Row broken = train[6];  // a copy whose answer is broken
  std::swap(broken.answer[0], broken.answer[1]);
  Row broken_more = moved(WithMoreClues(train[7], 3, 10));
  std::swap(broken_more.answer[2], broken_more.answer[11]);
  Row several = WithFewerClues(base[9], 1);  // 16 clues: several solutions
  several.answer = Grid{};
  EXPECT_EQ(SolutionsOf(several.puzzle), 2);
  const std::vector<Row> test = {
      train[0],                              // 2: same text
      Moved(train[1], relabel),              // 3: same puzzle, relabelled
      Moved(train[2], transpose),            // 4: same puzzle, transposed
      moved(WithMoreClues(train[4], 4, 0)),  // 5: more clues
      moved(base[3]),                        // 6: fewer clues (of line 5)
      moved(other),                          // 7: same grid
      broken,                                // 8: same text, answer broken
      broken_more,                           // 9: more clues, answer broken
      moved(base[8]),                        // 10: unrelated
      several,                               // 11: several solutions
      {base[10].puzzle, Grid{}},             // 12: no answer, unrelated
  };
  Planted planted;
  planted.train = Csv("leak-kinds-train.csv", train);
  planted.test = Csv("leak-kinds-test.csv", test, "planted,12x,,0.5\n");
  planted.clean = Csv("leak-kinds-clean.csv", {test[8], test[9], test[10]},
                      "planted,12x,,0.5\n");
  const std::string& tr = planted.train;
  const std::string& te = planted.test;
  planted.expected = {
      te + ":2\tsame text\t" + tr + ":2",
      te + ":3\tsame puzzle\t" + tr + ":3",
      te + ":4\tsame puzzle\t" + tr + ":4",
      te + ":5\tmore clues\t" + tr + ":6",
      te + ":6\tfewer clues\t" + tr + ":5",
      te + ":7\tsame grid\t" + tr + ":7",
      te + ":8\tsame text\t" + tr + ":8",
      te + ":9\tmore clues\t" + tr + ":9",
  };
  return planted;
}

std::string Summary(const CommandRun& run) {
  const auto lines = Lines(run.err);
  return lines.empty() ? "" : lines.back();
}

TEST(CorpusLeakKinds, EachPlantedRowIsReportedOnceWithItsKindAndPartner) {
  const Planted p = Plant();
  const CommandRun run =
      Call(CorpusMain, {"leak", "--train", p.train, "--test", p.test});
  EXPECT_EQ(run.code, 1) << run.err;
  EXPECT_EQ(Lines(run.out), p.expected);
  // Every bad row is named with its status, as corpus check names it: the
  // wrong answers, the malformed row, and the rows of no single solution,
  // whose answer column is empty (no row of a layout with answers).
  EXPECT_NE(run.err.find(p.test + ":8: wrong answer: solution column"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find(p.test + ":9: wrong answer: solution column"),
            std::string::npos);
  EXPECT_NE(run.err.find(p.test + ":11: malformed: solution column is empty"),
            std::string::npos);
  EXPECT_NE(run.err.find(p.test + ":13: malformed: puzzle column"),
            std::string::npos);
  EXPECT_EQ(Summary(run),
            "corpus leak: 8 of 9 test rows (88.9%) leak: 2 same text, 2 same "
            "puzzle, 2 more clues, 1 fewer clues, 1 same grid; 17 of 17 "
            "puzzle rows on a solution grid; training rows: 8 good, 0 bad; "
            "test rows: 7 good, 5 bad (malformed 3; wrong answer 2)");
}

TEST(CorpusLeakKinds, ExitCodesGateAPipeline) {
  const Planted p = Plant();
  auto leak = [&](const std::string& test, std::vector<std::string> more) {
    std::vector<std::string> args = {"leak", "--train", p.train, "--test",
                                     test};
    args.insert(args.end(), more.begin(), more.end());
    return Call(CorpusMain, args).code;
  };
  EXPECT_EQ(leak(p.test, {}), 1);
  EXPECT_EQ(leak(p.test, {"--max-leaks", "7"}), 1);
  EXPECT_EQ(leak(p.test, {"--max-leaks", "8"}), 0);
  // Unrelated rows, one of several solutions and a malformed row: clean.
  EXPECT_EQ(leak(p.clean, {}), 0);
  // Unusable: a missing file, and a file with no puzzle row.
  EXPECT_EQ(leak(testing::TempPath("leak-kinds-missing.csv"), {}), 2);
  const std::string junk = WriteTempFile("leak-kinds-junk.txt", "12x\nabc\n");
  const CommandRun run =
      Call(CorpusMain, {"leak", "--train", p.train, "--test", junk});
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find(junk + ": no row is a puzzle (2 malformed)"),
            std::string::npos)
      << run.err;
}

// dupes compares each row with the rows before it: over the training file
// then the test file it finds the same rows, with the same partners.
TEST(CorpusLeakKinds, DupesFindsTheSameRowsWithinOneSet) {
  const Planted p = Plant();
  const std::string groups = testing::TempPath("leak-kinds-groups.txt");
  const CommandRun run =
      Call(CorpusMain, {"dupes", "--groups", groups, p.train, p.test});
  EXPECT_EQ(run.code, 1) << run.err;
  EXPECT_EQ(Lines(run.out), p.expected);
  EXPECT_NE(Summary(run).find("; 8 rows repeat an earlier one: 2 same text, 2 "
                              "same puzzle, 2 more clues, 1 fewer clues, 1 "
                              "same grid; 17 of 17 puzzle rows on a solution "
                              "grid"),
            std::string::npos)
      << Summary(run);
  // The puzzle groups: rows of the same text and puzzle only.
  EXPECT_EQ(Lines(testing::ReadFile(groups)).size(), 4u);
  EXPECT_EQ(
      Call(CorpusMain, {"dupes", "--max-leaks", "8", p.train, p.test}).code, 0);
  EXPECT_EQ(Call(CorpusMain, {"dupes", p.clean}).code, 0);
  // The memory bound and its folder are still taken.
  const CommandRun small =
      Call(CorpusMain, {"dupes", "--memory", "1", "--temp-dir",
                        ::testing::TempDir(), p.train, p.test});
  EXPECT_EQ(small.out, run.out);
}

// Within one set the later row is reported, naming the earlier: a row with
// fewer clues after one with more is "fewer clues", and the reverse "more".
TEST(CorpusLeakKinds, DupesNamesTheEarlierRowOfEachPair) {
  const std::vector<Row> base = SampleRows(2);
  const Row more = WithMoreClues(base[0], 5, 0);
  const std::string path =
      Csv("leak-kinds-pairs.csv",
          {more, base[1], base[0], WithMoreClues(base[1], 2, 0)});
  const CommandRun run = Call(CorpusMain, {"dupes", path});
  EXPECT_EQ(run.code, 1);
  EXPECT_EQ(Lines(run.out), (std::vector<std::string>{
                                path + ":4\tfewer clues\t" + path + ":2",
                                path + ":5\tmore clues\t" + path + ":3"}));
}

}  // namespace
}  // namespace sudoku
