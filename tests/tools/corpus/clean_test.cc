// End-to-end tests of corpus clean and of --kinds: a training and a test set
// planted with bad rows, duplicates and leaks of every kind, in three
// layouts; what is kept (as it was), what is listed as dropped (reason,
// kind, partner), that leak and dupes find nothing in the outputs, and the
// refusals.
#include <gtest/gtest.h>

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
using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;
using Row = testing::SampleRow;
using testing::Moved;
using testing::SampleRows;
using testing::WithFewerClues;
using testing::WithMoreClues;

// A layout the tests write: its header (empty: none) and its row.
struct Layout {
  const char* name;
  const char* header;
  std::string (*row)(const std::string& puzzle, const std::string& answer);
};

std::string Digits(std::string text) {
  for (char& ch : text) ch = ch == '.' ? '0' : ch;
  return text;
}

const Layout kLayouts[] = {
    {"source", "source,question,answer,rating",
     [](const std::string& p, const std::string& a) {
       return "planted," + p + "," + a + ",0.5";
     }},
    {"kaggle", "quizzes,solutions",
     [](const std::string& p, const std::string& a) {
       return Digits(p) + "," + a;
     }},
    {"headerless", "",
     [](const std::string& p, const std::string& a) {
       return Digits(p) + "," + a;
     }},
};

int SolutionsOf(const Grid& puzzle) {
  return FindStrategy("simd")->Solve(puzzle, 2, kUnlimitedNodes).solutions;
}

// Other clues of `row`'s grid: all its givens but one, and more cells until
// the solution is unique, so that neither clue set holds the other.
Row OtherClues(const Row& row) {
  Row other = WithFewerClues(row, 1);
  for (int from = 30; SolutionsOf(other.puzzle) != 1; from += 7) {
    other = WithMoreClues(other, 1, from);
  }
  return other;
}

// The planted pair of one layout: each set's row texts (no header), its
// file, and each dropped row as the dropped list starts it (file, line,
// reason, kind, partner file, partner line).
struct Pair {
  std::vector<std::string> train_rows, test_rows;
  std::string train, test;
  std::vector<std::string> dropped;
  std::vector<size_t> train_kept, test_kept;  // indexes into the rows
};

Pair Plant(const Layout& layout) {
  std::mt19937_64 rng(45);
  auto moved = [&](const Row& row) { return Moved(row, RandomTransform(rng)); };
  auto text = [&](const Row& row) {
    const bool answered = row.answer != Grid{};
    return layout.row(FormatGrid(row.puzzle),
                      answered ? Digits(FormatGrid(row.answer)) : "");
  };
  const std::vector<Row> base = SampleRows(12);
  std::vector<Row> train(base.begin(), base.begin() + 8);
  train[3] = WithMoreClues(train[3], 6, 0);  // for "fewer clues"
  Transform relabel;
  relabel.digits = {0, 9, 8, 7, 6, 5, 4, 3, 2, 1};
  Transform transpose;
  transpose.transpose = true;
  Row wrong = base[8];
  std::swap(wrong.answer[0], wrong.answer[1]);
  // Its answer is one of its two solutions: an empty answer in a layout with
  // an answer column is malformed (the one row verdict), not several.
  Row several = WithFewerClues(base[9], 1);
  EXPECT_EQ(SolutionsOf(several.puzzle), 2);
  Pair pair;
  for (const Row& row : train) pair.train_rows.push_back(text(row));
  pair.train_rows.push_back(text(wrong));                          // 8: bad
  pair.train_rows.push_back(layout.row("12x", ""));                // 9: bad
  pair.train_rows.push_back(text(train[0]));                       // 10: of 0
  pair.train_rows.push_back(text(Moved(train[1], relabel)));       // 11: of 1
  pair.train_rows.push_back(text(WithMoreClues(train[2], 3, 0)));  // 12
  pair.train_rows.push_back(text(OtherClues(train[5])));  // 13: same grid
  const Row kept = moved(base[10]);
  pair.test_rows = {
      text(train[0]),                              // 0: same text
      text(Moved(train[1], transpose)),            // 1: same puzzle
      text(moved(WithMoreClues(train[4], 4, 0))),  // 2: more clues
      text(moved(base[3])),                        // 3: fewer clues
      text(moved(OtherClues(train[6]))),           // 4: same grid
      text(kept),                                  // 5: kept
      text(Moved(kept, transpose)),                // 6: repeats 5
      text(several),                               // 7: bad
      text(base[11]),                              // 8: kept
  };
  const std::string header = layout.header;
  auto file = [&](const std::string& name,
                  const std::vector<std::string>& rows) {
    std::string content = header.empty() ? "" : header + "\n";
    for (const std::string& row : rows) content += row + "\n";
    return WriteTempFile(std::string("clean-") + layout.name + "-" + name,
                         content);
  };
  pair.train = file("train.csv", pair.train_rows);
  pair.test = file("test.csv", pair.test_rows);
  const int first = header.empty() ? 1 : 2;  // the line of row 0
  auto at = [&](const std::string& path, int index) {
    return path + "," + std::to_string(first + index);
  };
  auto drop = [&](const std::string& where, const std::string& why,
                  const std::string& partner) {
    return where + "," + why + "," + partner;
  };
  const std::string& tr = pair.train;
  const std::string& te = pair.test;
  pair.dropped = {
      drop(at(tr, 8), "bad,wrong answer", ","),
      drop(at(tr, 9), "bad,malformed", ","),
      drop(at(tr, 10), "duplicate,same text", at(tr, 0)),
      drop(at(tr, 11), "duplicate,same puzzle", at(tr, 1)),
      drop(at(tr, 12), "duplicate,more clues", at(tr, 2)),
      drop(at(te, 0), "leak,same text", at(tr, 0)),
      drop(at(te, 1), "leak,same puzzle", at(tr, 1)),
      drop(at(te, 2), "leak,more clues", at(tr, 4)),
      drop(at(te, 3), "leak,fewer clues", at(tr, 3)),
      drop(at(te, 4), "leak,same grid", at(tr, 6)),
      drop(at(te, 6), "duplicate,same puzzle", at(te, 5)),
      drop(at(te, 7), "bad,several solutions", ","),
  };
  pair.train_kept = {0, 1, 2, 3, 4, 5, 6, 7, 13};
  pair.test_kept = {5, 8};
  return pair;
}

// The dropped list's rows, each cut after its sixth field (the detail, free
// text, is left out).
std::vector<std::string> DroppedHeads(const std::string& path) {
  std::vector<std::string> heads;
  for (const std::string& line : Lines(ReadFile(path))) {
    size_t at = 0;
    for (int field = 0; field < 6 && at != std::string::npos; ++field) {
      at = line.find(',', at == 0 ? 0 : at + 1);
    }
    heads.push_back(line.substr(0, at));
  }
  return heads;
}

std::string Kept(const std::string& header,
                 const std::vector<std::string>& rows,
                 const std::vector<size_t>& kept) {
  std::string text = header.empty() ? "" : header + "\n";
  for (const size_t i : kept) text += rows[i] + "\n";
  return text;
}

std::string Summary(const CommandRun& run) {
  const auto lines = Lines(run.err);
  return lines.empty() ? "" : lines.back();
}

struct Outputs {
  std::string train, test, dropped;
};

Outputs OutputsOf(const std::string& name) {
  return {TempPath("clean-" + name + "-train-out.csv"),
          TempPath("clean-" + name + "-test-out.csv"),
          TempPath("clean-" + name + "-dropped.csv")};
}

CommandRun Clean(const Pair& pair, const Outputs& out,
                 std::vector<std::string> more = {}) {
  std::vector<std::string> args = {
      "clean",   "--train",    pair.train, "--test", pair.test,  "--train-out",
      out.train, "--test-out", out.test,   "-o",     out.dropped};
  args.insert(args.end(), more.begin(), more.end());
  return Call(CorpusMain, args);
}

class CorpusClean : public ::testing::TestWithParam<Layout> {};

TEST_P(CorpusClean, DropsEveryPlantedRowWithItsReasonAndKeepsTheRestAsItWas) {
  const Layout& layout = GetParam();
  const Pair pair = Plant(layout);
  const Outputs out = OutputsOf(layout.name);
  const CommandRun run = Clean(pair, out);
  ASSERT_EQ(run.code, 0) << run.err;
  std::vector<std::string> expected = {
      "file,line,reason,kind,partner_file,partner_line"};
  expected.insert(expected.end(), pair.dropped.begin(), pair.dropped.end());
  EXPECT_EQ(DroppedHeads(out.dropped), expected);
  EXPECT_EQ(ReadFile(out.train),
            Kept(layout.header, pair.train_rows, pair.train_kept));
  EXPECT_EQ(ReadFile(out.test),
            Kept(layout.header, pair.test_rows, pair.test_kept));
  EXPECT_EQ(Summary(run),
            "corpus clean: train " + pair.train +
                ": 14 rows, 9 kept, 5 dropped (bad 2: malformed 1, wrong "
                "answer 1; duplicate 3: same text 1, same puzzle 1, more "
                "clues 1); test " +
                pair.test +
                ": 9 rows, 2 kept, 7 dropped (bad 1: several solutions 1; "
                "duplicate 1: same puzzle 1; leak 5: same text 1, same puzzle "
                "1, more clues 1, fewer clues 1, same grid 1); dropped: leaks "
                "of same-text,same-puzzle,more-clues,fewer-clues,same-grid, "
                "duplicates of same-text,same-puzzle,more-clues,fewer-clues");
  // The outputs are clean: leak finds no kind, dupes none but the one
  // same-grid row the default keeps, check no bad row.
  const CommandRun leak =
      Call(CorpusMain, {"leak", "--train", out.train, "--test", out.test});
  EXPECT_EQ(leak.code, 0) << leak.err;
  EXPECT_EQ(leak.out, "");
  EXPECT_EQ(Call(CorpusMain, {"check", out.train, out.test}).code, 0);
  const CommandRun dupes = Call(CorpusMain, {"dupes", out.train});
  EXPECT_EQ(Lines(dupes.out).size(), 1u);
  EXPECT_NE(dupes.out.find("\tsame grid\t"), std::string::npos);
  EXPECT_EQ(Call(CorpusMain, {"dupes", "--kinds",
                              "same-text,same-puzzle,more-clues,fewer-clues",
                              out.train, out.test})
                .code,
            0);
  // The user decides on rows of one grid: named, they go too.
  const CommandRun all = Clean(pair, out, {"--dupe-kinds", "all"});
  EXPECT_EQ(all.code, 0) << all.err;
  EXPECT_EQ(Call(CorpusMain, {"dupes", out.train}).code, 0);
  EXPECT_EQ(Lines(ReadFile(out.dropped)).size(), expected.size() + 1);
}

INSTANTIATE_TEST_SUITE_P(Layouts, CorpusClean, ::testing::ValuesIn(kLayouts),
                         [](const auto& info) {
                           return std::string(info.param.name);
                         });

// --kinds drops a kind and every stronger one: named "same text" alone, only
// the copy of a training row goes, and leak --kinds same-text agrees.
TEST(CorpusCleanKinds, NamedKindsAndStrongerAreDropped) {
  const Pair pair = Plant(kLayouts[0]);
  const Outputs out = OutputsOf("kinds");
  const CommandRun run = Clean(pair, out, {"--kinds", "same-text"});
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_NE(Summary(run).find("leak 1: same text 1)"), std::string::npos)
      << Summary(run);
  const std::vector<std::string> leak = {"leak", "--train", out.train, "--test",
                                         out.test};
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> args = leak;
    args.insert(args.end(), more.begin(), more.end());
    return Call(CorpusMain, args);
  };
  EXPECT_EQ(with({"--kinds", "same-text"}).code, 0);
  EXPECT_EQ(with({}).code, 1);
  // Named "more clues", the stronger kinds go as well: same text, same
  // puzzle; fewer clues and same grid stay.
  ASSERT_EQ(Clean(pair, out, {"--kinds", "more-clues"}).code, 0);
  EXPECT_EQ(with({"--kinds", "same-text,same-puzzle,more-clues"}).code, 0);
  const CommandRun left = with({});
  EXPECT_EQ(left.code, 1);
  EXPECT_EQ(Lines(left.out).size(), 2u) << left.out;
}

// --kinds on leak and dupes: only the named kinds are listed and counted
// toward --max-leaks; the summary still counts every kind.
TEST(CorpusKindsFilter, LeakAndDupesCountOnlyTheNamedKinds) {
  const Pair pair = Plant(kLayouts[0]);
  const std::vector<std::string> leak = {"leak", "--train", pair.train,
                                         "--test", pair.test};
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> args = leak;
    args.insert(args.end(), more.begin(), more.end());
    return Call(CorpusMain, args);
  };
  const CommandRun grid = with({"--kinds", "same-grid"});
  EXPECT_EQ(grid.code, 1);
  EXPECT_EQ(Lines(grid.out),
            (std::vector<std::string>{pair.test + ":6\tsame grid\t" +
                                      pair.train + ":8"}));
  EXPECT_NE(Summary(grid).find("1 same grid;"), std::string::npos);
  EXPECT_NE(Summary(grid).find("; 1 of --kinds same-grid"), std::string::npos)
      << Summary(grid);
  EXPECT_EQ(with({"--kinds", "same-grid", "--max-leaks", "1"}).code, 0);
  EXPECT_EQ(
      with({"--kinds", "fewer clues,more-clues", "--max-leaks", "2"}).code, 0);
  EXPECT_EQ(
      with({"--kinds", "fewer-clues,more-clues", "--max-leaks", "1"}).code, 1);
  EXPECT_EQ(with({"--kinds", "none"}).code, 0);
  const CommandRun unknown = with({"--kinds", "same-text,same-answer"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.err.find("unknown kind 'same-answer'"), std::string::npos)
      << unknown.err;
  const CommandRun dupes =
      Call(CorpusMain, {"dupes", "--kinds", "same-text", pair.train});
  EXPECT_EQ(dupes.code, 1);
  EXPECT_EQ(Lines(dupes.out),
            (std::vector<std::string>{pair.train + ":12\tsame text\t" +
                                      pair.train + ":2"}));
  EXPECT_EQ(
      Call(CorpusMain, {"dupes", "--kinds", "same-grid", pair.train}).code, 1);
  EXPECT_EQ(
      Call(CorpusMain, {"dupes", "--kinds", "fewer-clues", pair.train}).code,
      0);
}

// No input is touched: an output on an input's path, standard input (read
// twice) and a missing output are refused before anything is written.
TEST(CorpusCleanRefuses, AnOutputThatIsAnInputStandardInputAndMissingOutputs) {
  const Pair pair = Plant(kLayouts[1]);
  const std::string train_before = ReadFile(pair.train);
  const Outputs out = OutputsOf("refused");
  std::remove(out.test.c_str());
  auto clean = [&](const std::string& train, const std::string& train_out,
                   const std::string& dropped) {
    return Call(CorpusMain,
                {"clean", "--train", train, "--test", pair.test, "--train-out",
                 train_out, "--test-out", out.test, "-o", dropped});
  };
  const CommandRun over = clean(pair.train, pair.train, out.dropped);
  EXPECT_EQ(over.code, 2);
  EXPECT_NE(over.err.find(pair.train), std::string::npos) << over.err;
  EXPECT_EQ(clean(pair.train, out.train, pair.test).code, 2);
  EXPECT_EQ(ReadFile(pair.train), train_before);
  EXPECT_FALSE(std::ifstream(out.test).good());  // nothing written
  const CommandRun piped = clean("-", out.train, out.dropped);
  EXPECT_EQ(piped.code, 2);
  EXPECT_NE(piped.err.find("standard input"), std::string::npos) << piped.err;
  EXPECT_EQ(Call(CorpusMain, {"clean", "--train", pair.train, "--test",
                              pair.test, "--train-out", out.train})
                .code,
            2);
  EXPECT_FALSE(std::ifstream(out.test).good());
}

}  // namespace
}  // namespace sudoku
