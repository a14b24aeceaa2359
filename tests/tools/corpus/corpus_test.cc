// End-to-end tests of corpus canon, dupes, leak and card on small inputs, bad
// rows and spilled sorts included.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "engine/input/input.h"
#include "engine/input/puzzle.h"
#include "tests/fixtures.h"
#include "tests/tools/tool_run.h"
#include "tools/corpus/corpus_command.h"
#include "tools/gen/gen_command.h"
#include "tools/lib/canonical.h"
#include "tools/lib/corpus_groups.h"
#include "tools/shuffle/shuffle_command.h"

namespace sudoku {
namespace {

using testing::Call;
using testing::CommandRun;
using testing::Lines;
using testing::WriteTempFile;

// n unique puzzles from gen, one per line.
std::string Puzzles(int n, int seed) {
  const CommandRun run =
      Call(GenMain, {"-n", std::to_string(n), "-s", std::to_string(seed)});
  EXPECT_EQ(run.code, 0) << run.err;
  return run.out;
}

// The summary line corpus prints on standard error.
std::string Summary(const CommandRun& run) {
  const auto lines = Lines(run.err);
  return lines.empty() ? "" : lines.back();
}

TEST(CorpusCanon, WritesEachRowsFormInInputOrder) {
  const std::string corpus = Puzzles(6, 3);
  const std::string input = "# a comment\n" + corpus;
  const CommandRun run = Call(CorpusMain, {"canon", "-"}, input);
  ASSERT_EQ(run.code, 0) << run.err;
  const auto forms = Lines(run.out);
  const auto puzzles = Lines(corpus);
  ASSERT_EQ(forms.size(), puzzles.size());
  for (size_t i = 0; i < forms.size(); ++i) {
    EXPECT_EQ(forms[i],
              FormatGrid(CanonicalForm(testing::ParsedGrid(puzzles[i]))));
  }
  // The same forms as shuffle --canonical: one implementation.
  EXPECT_EQ(run.out, Call(ShuffleMain, {"--canonical", "-"}, corpus).out);
  const CommandRun where =
      Call(CorpusMain, {"canon", "--locations", "--automorphisms", "-"}, input);
  ASSERT_EQ(where.code, 0);
  EXPECT_EQ(Lines(where.out)[0], "-:2\t" + forms[0] + "\t1");
}

TEST(CorpusCanon, BadRowsAreNamedCountedAndSkipped) {
  const std::string good = Puzzles(2, 4);
  const std::string path = WriteTempFile(
      "canon-bad.txt", good.substr(0, 82) + "12x\n\n" + good.substr(82));
  const CommandRun run = Call(CorpusMain, {"canon", path});
  EXPECT_EQ(run.code, 1);
  EXPECT_EQ(Lines(run.out).size(), 2u);
  EXPECT_EQ(run.err, path + ":2: expected 81 cells, found 3\n");
  EXPECT_EQ(Call(CorpusMain, {"canon", "/nonexistent"}).code, 2);
}

TEST(CorpusCanon, ReadsCompressedAndCsvInputs) {
  const std::string corpus = Puzzles(4, 5);
  const std::string gz = testing::TempPath("canon.txt.gz");
  gzFile file = gzopen(gz.c_str(), "wb");
  ASSERT_NE(file, nullptr);
  gzwrite(file, corpus.data(), static_cast<unsigned>(corpus.size()));
  gzclose(file);
  std::string csv = "id,puzzle,difficulty\n";
  for (const std::string& line : Lines(corpus)) csv += "7," + line + ",2.5\n";
  const std::string plain = Call(CorpusMain, {"canon", "-"}, corpus).out;
  EXPECT_EQ(Call(CorpusMain, {"canon", gz}).out, plain);
  EXPECT_EQ(Call(CorpusMain, {"canon", "-"}, csv).out, plain);
}

// A file and a shuffled copy of it: every row of each is a duplicate of its
// row in the other, and of nothing else.
TEST(CorpusDupes, AFileAndItsShuffleAreAllDuplicates) {
  const std::string corpus = Puzzles(40, 6);
  const std::string a = WriteTempFile("dupes-a.txt", corpus);
  const std::string b =
      WriteTempFile("dupes-b.txt", Call(ShuffleMain, {"--seed", "9", a}).out);
  const std::string path = testing::TempPath("dupes-groups.txt");
  const CommandRun run = Call(CorpusMain, {"dupes", "--groups", path, a, b});
  ASSERT_EQ(run.code, 1) << run.err;  // rows repeat earlier ones
  EXPECT_EQ(Lines(run.out).size(), 40u);
  const auto groups = Lines(testing::ReadFile(path));
  ASSERT_EQ(groups.size(), 40u);
  for (size_t i = 0; i < groups.size(); ++i) {
    const std::string row = std::to_string(i + 1);
    EXPECT_EQ(groups[i],
              "2 rows, 2 spellings: " + a + ":" + row + " ~ " + b + ":" + row);
  }
  EXPECT_EQ(Summary(run),
            "corpus dupes: 80 rows in 2 files: 80 good, 0 bad; 80 puzzles = 40 "
            "distinct + 0 exact copies + 40 other spellings; 40 puzzles occur "
            "more than once, in 80 rows; 40 rows repeat an earlier one: 0 same "
            "text, 40 same puzzle, 0 more clues, 0 fewer clues, 0 same grid; "
            "80 of 80 puzzle rows on a solution grid");
}

TEST(CorpusDupes, TellsExactCopiesFromOtherSpellingsAndLosesNoRow) {
  const auto puzzles = Lines(Puzzles(3, 7));
  const std::string shuffled =
      Call(ShuffleMain, {"--seed", "2", "-"}, puzzles[0] + "\n").out;
  // Line 1 a comment, 2 puzzle A, 3 puzzle B, 4 A again, 5 malformed,
  // 6 A shuffled, 7 C, 8 blank, 9 B again (0 for blanks: the same text).
  std::string b0 = puzzles[1];
  std::replace(b0.begin(), b0.end(), '.', '0');
  const std::string input = "# corpus\n" + puzzles[0] + "\n" + puzzles[1] +
                            "\n" + puzzles[0] + "\nnot a puzzle\n" + shuffled +
                            puzzles[2] + "\n\n" + b0 + "\n";
  const std::string groups = testing::TempPath("dupes-exact.txt");
  const CommandRun run =
      Call(CorpusMain, {"dupes", "--groups", groups, "-"}, input);
  EXPECT_EQ(run.code, 1);
  EXPECT_EQ(Lines(testing::ReadFile(groups)),
            (std::vector<std::string>{"3 rows, 2 spellings: -:2 = -:4 ~ -:6",
                                      "2 rows, 1 spelling: -:3 = -:9"}));
  EXPECT_EQ(Lines(run.out), (std::vector<std::string>{"-:4\tsame text\t-:2",
                                                      "-:6\tsame puzzle\t-:2",
                                                      "-:9\tsame text\t-:3"}));
  EXPECT_EQ(Lines(run.err)[0], "-:5: malformed: expected 81 cells, found 3");
  // 7 rows: 6 puzzles + 1 malformed; 6 = 3 distinct + 2 exact + 1 other.
  EXPECT_EQ(Summary(run),
            "corpus dupes: 7 rows in 1 file: 6 good, 1 bad (malformed 1); 6 "
            "puzzles = 3 "
            "distinct + 2 exact copies + 1 other spellings; 2 puzzles occur "
            "more than once, in 5 rows; 3 rows repeat an earlier one: 2 same "
            "text, 1 same puzzle, 0 more clues, 0 fewer clues, 0 same grid; 6 "
            "of 6 puzzle rows on a solution grid");
}

TEST(CorpusDupes, InvalidAndEmptyPuzzlesAreGroupedToo) {
  // A digit twice in row 1 within box 1, and the same clash moved by a
  // symmetry (to box 9, relabelled).
  const std::string invalid = "11" + std::string(79, '.');
  const std::string moved = std::string(79, '.') + "55";
  const std::string empty(81, '0');
  const std::string groups = testing::TempPath("dupes-invalid.txt");
  const CommandRun run = Call(CorpusMain, {"dupes", "--groups", groups, "-"},
                              invalid + "\n" + empty + "\n" + moved + "\n");
  EXPECT_EQ(run.code, 1);
  EXPECT_EQ(testing::ReadFile(groups), "2 rows, 2 spellings: -:1 ~ -:3\n");
  EXPECT_EQ(run.out, "-:3\tsame puzzle\t-:1\n");
}

TEST(CorpusDupes, MessagesStopAtMaxMessages) {
  std::string input;
  for (int i = 0; i < 5; ++i) input += "bad\n";
  input += Puzzles(1, 12);  // an input of bad rows alone would be unusable
  const CommandRun run =
      Call(CorpusMain, {"dupes", "--max-messages", "2", "-"}, input);
  EXPECT_EQ(run.code, 0);  // malformed rows do not make exit 1
  const auto lines = Lines(run.err);
  ASSERT_EQ(lines.size(), 4u) << run.err;
  EXPECT_EQ(lines[1], "-:2: malformed: expected 81 cells, found 3");
  EXPECT_EQ(lines[2],
            "-: 3 more bad lines not shown (all are counted; --max-messages all "
            "shows every one)");
}

// Past the memory bound the keys and the printed lines go through sorted
// runs on disk; the groups come out the same.
TEST(CorpusDupes, SameGroupsWhenTheKeysSpillToDisk) {
  const auto puzzles = Lines(Puzzles(50, 8));
  std::mt19937_64 rng(3);
  auto fill = [&](PuzzleGroups& groups) {
    std::mt19937_64 draw(4);
    for (uint64_t line = 1; line <= 6000; ++line) {
      CorpusRow row;
      row.line = line;
      row.file = static_cast<uint32_t>(line % 3);
      row.puzzle = ApplyTransform(RandomTransform(draw),
                                  testing::ParsedGrid(puzzles[draw() % 50]));
      CanonicalizeRow(row);
      groups.Add(row);
    }
  };
  const std::vector<std::string> paths = {"a", "b", "c"};
  PuzzleGroups in_memory(size_t{64} << 20, ::testing::TempDir());
  fill(in_memory);
  std::ostringstream expected;
  const DuplicateCounts all = WriteDuplicateGroups(
      in_memory, paths, size_t{64} << 20, ::testing::TempDir(), expected);
  EXPECT_EQ(in_memory.runs_written(), 0u);
  PuzzleGroups spilled(32 * 1024, ::testing::TempDir());
  fill(spilled);
  EXPECT_GT(spilled.runs_written(), 1u);
  std::ostringstream got;
  const DuplicateCounts counts = WriteDuplicateGroups(
      spilled, paths, 32 * 1024, ::testing::TempDir(), got);
  EXPECT_EQ(got.str(), expected.str());
  EXPECT_EQ(counts.distinct, 50u);
  EXPECT_EQ(counts.rows, 6000u);
  EXPECT_EQ(all.rows, counts.rows);
  EXPECT_EQ(counts.distinct + counts.exact() + counts.reworded(), counts.rows);
}

TEST(CorpusLeak, NamesTestRowsThatAreTrainingPuzzles) {
  const auto puzzles = Lines(Puzzles(5, 10));
  const std::string train =
      WriteTempFile("leak-train.txt",
                    puzzles[0] + "\n" + puzzles[1] + "\n" + puzzles[2] + "\n");
  const std::string moved =
      Call(ShuffleMain, {"--seed", "4", "-"}, puzzles[2] + "\n").out;
  const std::string test =
      WriteTempFile("leak-test.txt", puzzles[3] + "\n" + puzzles[1] + "\n" +
                                         moved + puzzles[4] + "\n");
  const CommandRun run =
      Call(CorpusMain, {"leak", "--train", train, "--test", test});
  ASSERT_EQ(run.code, 1) << run.err;  // leaks found
  EXPECT_EQ(Call(CorpusMain,
                 {"leak", "--train", train, "--test", test, "--max-leaks", "2"})
                .code,
            0);
  // A malformed row is named and counted, but is no leak.
  const std::string clean =
      WriteTempFile("leak-clean.txt", puzzles[3] + "\n12x\n");
  EXPECT_EQ(Call(CorpusMain, {"leak", "--train", train, "--test", clean}).code,
            0);
  EXPECT_EQ(Lines(run.out), (std::vector<std::string>{
                                test + ":2\tsame text\t" + train + ":2",
                                test + ":3\tsame puzzle\t" + train + ":3"}));
  EXPECT_EQ(Summary(run),
            "corpus leak: 2 of 4 test rows (50.0%) leak: 1 same text, 1 same "
            "puzzle, 0 more clues, 0 fewer clues, 0 same grid; 7 of 7 puzzle "
            "rows on a solution grid; training rows: 3 good, 0 bad; test "
            "rows: 4 good, 0 bad");
  EXPECT_EQ(Call(CorpusMain, {"leak", "--train", train}).code, 2);
}

TEST(CorpusCard, CountsEveryRowOnceAndWritesMarkdownAndJson) {
  const auto unique = Lines(Puzzles(3, 11));
  const std::string several(81, '.');
  const std::string invalid = "11" + std::string(79, '.');
  const std::string input = unique[0] + "\n" + unique[1] + "\n" + unique[0] +
                            "\n" + several + "\n" + invalid + "\nxyz\n" +
                            unique[2] + "\n";
  const std::string path = WriteTempFile("card.txt", input);
  const std::string json = testing::TempPath("card.json");
  const CommandRun run =
      Call(CorpusMain, {"card", "--json", json, "-t", "2", "--minimal", path});
  EXPECT_EQ(run.code, 1) << run.err;
  EXPECT_NE(run.err.find(path + ":5: invalid givens: digit 1 twice in row 1"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find(path + ":6: malformed: expected 81 cells, found 3"),
            std::string::npos);
  EXPECT_NE(run.out.find("# Corpus card"), std::string::npos);
  EXPECT_NE(run.out.find("| good | 4 | 57.1% |"), std::string::npos)
      << run.out;
  const auto card = nlohmann::json::parse(testing::ReadFile(json));
  EXPECT_EQ(card["card"], "sudoku-bench corpus card");
  EXPECT_EQ(card["rows"], 7);
  EXPECT_EQ(card["statuses"]["good"], 4);
  EXPECT_EQ(card["statuses"]["several solutions"], 1);
  EXPECT_EQ(card["statuses"]["no solution"], 0);
  EXPECT_EQ(card["statuses"]["invalid givens"], 1);
  EXPECT_EQ(card["statuses"]["malformed"], 1);
  // The grid-level repeats, as corpus dupes finds them.
  EXPECT_EQ(card["duplicates"]["repeats"]["same text"], 1);
  EXPECT_EQ(card["files"][0]["sha256"], Input::FileSha256Hex(path));
  EXPECT_EQ(card["files"][0]["layout"], "lines");
  EXPECT_EQ(card["files"][0]["rows"], 7);
  // gen makes minimal puzzles unless told a clue count.
  EXPECT_EQ(card["minimal"]["minimal"], 4);
  EXPECT_EQ(card["duplicates"]["distinct"], 5);
  EXPECT_EQ(card["duplicates"]["exact"], 1);
  EXPECT_EQ(card["rater"]["strategy"], "bands");
  int banded = 0;
  for (const auto& band : card["difficulty"])
    banded += band["puzzles"].get<int>();
  EXPECT_EQ(banded, 4);
  int histogram = 0;
  for (const auto& [clues, rows] : card["clues"]["histogram"].items()) {
    histogram += rows.get<int>();
  }
  EXPECT_EQ(histogram, 6);
}

TEST(CorpusCommand, UsageErrorsExitTwo) {
  EXPECT_EQ(Call(CorpusMain, {}).code, 2);
  EXPECT_EQ(Call(CorpusMain, {"sort", "-"}).code, 2);
  EXPECT_EQ(Call(CorpusMain, {"card", "--rater", "scan", "-"}).code, 2);
  EXPECT_EQ(Call(CorpusMain, {"dupes", "--memory", "0", "-"}).code, 2);
  EXPECT_EQ(Call(CorpusMain, {"dupes", "-o", "/nonexistent/x", "-"}).code, 2);
}

// --man is a manual page over the same definitions: every long option of
// every subcommand's --help is in it.
TEST(CorpusCommand, ManPageNamesEverySubcommandsOptions) {
  const CommandRun man = Call(CorpusMain, {"--man"});
  ASSERT_EQ(man.code, 0);
  EXPECT_NE(man.out.find(".TH CORPUS 1 "), std::string::npos);
  for (const std::string sub : {"canon", "dupes", "leak", "card"}) {
    const CommandRun help = Call(CorpusMain, {sub, "--help"});
    EXPECT_EQ(help.code, 0);
    for (const std::string& option : testing::LongOptionsAsRoff(help.out)) {
      EXPECT_NE(man.out.find(option), std::string::npos) << sub << option;
    }
  }
}

}  // namespace
}  // namespace sudoku
