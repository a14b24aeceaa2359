// corpus reads inputs as the engine does: a CSV's fields by the one split
// (quoted commas, quoted and padded counts), one layout in --good and --bad,
// --lines on an endless input, an archive refused by name.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

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
using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;

struct Row {
  std::string puzzle, solution;
  int clues = 0;
};

std::vector<Row> Puzzles() {
  std::vector<Row> rows;
  for (const std::string& p : Lines(Call(GenMain, {"-n", "3", "-s", "5"}).out)) {
    Row row{p};
    Grid grid{};
    EXPECT_FALSE(ParseGrid(p, grid));
    const SolveResult result =
        FindStrategy("simd")->Solve(grid, 1, kUnlimitedNodes);
    row.solution = FormatGrid(result.solution);
    for (const char c : p) row.clues += c != '.' && c != '0';
    rows.push_back(row);
  }
  return rows;
}

TEST(CorpusCsvFields, QuotedCommasAndQuotedOrPaddedCountsAreRead) {
  const std::vector<Row> r = Puzzles();
  const std::string n = std::to_string(r[0].clues);
  const std::string csv =
      "source,puzzle,solution,clues\n"
      "\"Smith, J.\"," + r[0].puzzle + "," + r[0].solution + "," + n + "\n" +
      "\"a \"\"b\"\", c\"," + r[0].puzzle + "," + r[0].solution + ",\"" + n +
      "\"\n" +
      "x," + r[0].puzzle + "," + r[0].solution + ", " + n + " \n" +
      "y," + r[0].puzzle + "," + r[0].solution + ",\" " + n + " \"\n" +
      // A wrong count is still wrong, quoted or not.
      "\"q, r\"," + r[0].puzzle + "," + r[0].solution + ",\"" +
      std::to_string(r[0].clues + 1) + "\"\n";
  const std::string path = WriteTempFile("fields.csv", csv);
  const CommandRun run = Call(CorpusMain, {"check", path});
  EXPECT_EQ(run.code, 1) << run.err;
  ASSERT_EQ(Lines(run.out).size(), 1u) << run.out;
  EXPECT_EQ(run.out.find(path + ":6\twrong count\tclues column says '" +
                         std::to_string(r[0].clues + 1) + "'"),
            0u)
      << run.out;
  EXPECT_EQ(Lines(run.err).back(),
            "corpus check: 5 rows in 1 file: 4 good, 1 bad (wrong count 1)");
  EXPECT_EQ(ReadFile(path), csv);
}

TEST(CorpusCsvFields, AHeaderNamingCluesInQuotesOrWithACommaBeforeIt) {
  const std::vector<Row> r = Puzzles();
  const std::string csv = "\"id, long\",\"puzzle\",\" Clues \"\n1," +
                          r[1].puzzle + "," + std::to_string(r[1].clues) +
                          "\n2," + r[1].puzzle + ",80\n";
  const CommandRun run =
      Call(CorpusMain, {"check", WriteTempFile("header.csv", csv)});
  EXPECT_EQ(run.code, 1) << run.err;
  EXPECT_NE(run.out.find(":3\twrong count\tclues column says '80'"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(Lines(run.out).size(), 1u) << run.out;
}

TEST(CorpusCsvFields, AByteOrderMarkBeforeTheHeaderIsSkipped) {
  const std::vector<Row> r = Puzzles();
  const std::string csv = "\xEF\xBB\xBFpuzzle,solution,clues\n" + r[2].puzzle +
                          "," + r[2].solution + "," +
                          std::to_string(r[2].clues) + "\n";
  const std::string good = TempPath("bom-good.csv");
  const CommandRun run = Call(
      CorpusMain, {"check", WriteTempFile("bom.csv", csv), "--good", good});
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(ReadFile(good), csv.substr(3));
}

// --good and --bad keep rows as they were: inputs in two layouts would make
// one file that no reader reads. They are refused, naming both.
TEST(CorpusCheckLayouts, InputsInAnotherLayoutAreRefusedForGoodAndBad) {
  const std::vector<Row> r = Puzzles();
  const std::string lines = WriteTempFile("l.txt", r[0].puzzle + "\n");
  const std::string kaggle = WriteTempFile(
      "k.csv", "quizzes,solutions\n" + r[1].puzzle + "," + r[1].solution + "\n");
  const std::string csv = WriteTempFile(
      "c.csv", "id,puzzle\n1," + r[2].puzzle + "\n");
  const std::string csv2 = WriteTempFile(
      "c2.csv", "puzzle,id\n" + r[2].puzzle + ",1\n");
  for (const auto& [first, second, option] :
       {std::tuple{lines, kaggle, "--good"}, std::tuple{kaggle, csv, "--bad"},
        std::tuple{csv, lines, "--good"}, std::tuple{csv, csv2, "--good"}}) {
    const std::string out = TempPath("mixed.out");
    const CommandRun run =
        Call(CorpusMain, {"check", first, second, option, out});
    EXPECT_EQ(run.code, 2) << first << " " << second << ": " << run.err;
    EXPECT_NE(run.err.find(second + " is in another layout ("), std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find(") than " + first + " ("), std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find(std::string(option) + " keeps rows as they were"),
              std::string::npos)
        << run.err;
  }
  // Without --good or --bad, any mix is checked.
  EXPECT_EQ(Call(CorpusMain, {"check", lines, kaggle, csv, csv2}).code, 0);
}

TEST(CorpusCheckLayouts, InputsOfOneLayoutMakeOneFileWithOneHeader) {
  const std::vector<Row> r = Puzzles();
  const std::string a = WriteTempFile(
      "a.csv", "id,puzzle\n1," + r[0].puzzle + "\n2," + r[1].puzzle + "\n");
  const std::string b = WriteTempFile("b.csv", "id,puzzle\n3," + r[2].puzzle + "\n");
  // Kaggle rows read alike with their header or without.
  const std::string k1 = WriteTempFile(
      "k1.csv", "quizzes,solutions\n" + r[0].puzzle + "," + r[0].solution + "\n");
  const std::string k2 =
      WriteTempFile("k2.csv", r[1].puzzle + "," + r[1].solution + "\n");
  const std::string good = TempPath("one-layout.csv");
  CommandRun run = Call(CorpusMain, {"check", a, b, "--good", good});
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(ReadFile(good), "id,puzzle\n1," + r[0].puzzle + "\n2," +
                                r[1].puzzle + "\n3," + r[2].puzzle + "\n");
  run = Call(CorpusMain, {"check", k1, k2, "--good", good});
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(ReadFile(good), "quizzes,solutions\n" + r[0].puzzle + "," +
                                r[0].solution + "\n" + r[1].puzzle + "," +
                                r[1].solution + "\n");
}

// A writer that sends puzzle lines down a pipe until its reader leaves.
class EndlessPipe {
 public:
  explicit EndlessPipe(const std::string& line) {
    signal(SIGPIPE, SIG_IGN);
    EXPECT_EQ(pipe(fds_), 0);
    writer_ = std::thread([this, line] {
      std::string chunk;
      while (chunk.size() < 65536) chunk += line + "\n";
      while (write(fds_[1], chunk.data(), chunk.size()) > 0) {
      }
    });
  }
  ~EndlessPipe() {
    close(fds_[0]);  // the writer's next write fails: it ends
    writer_.join();
    close(fds_[1]);
  }
  std::string path() const {
    return "/proc/self/fd/" + std::to_string(fds_[0]);
  }

 private:
  int fds_[2] = {-1, -1};
  std::thread writer_;
};

TEST(CorpusLines, EverySubcommandStopsAnEndlessInputAtLines) {
  const std::vector<Row> r = Puzzles();
  for (const char* sub : {"check", "canon", "dupes", "card"}) {
    EndlessPipe endless(r[0].puzzle);
    const CommandRun run =
        Call(CorpusMain, {sub, "--lines", "5000", endless.path()});
    EXPECT_NE(run.err.find(endless.path() +
                           ":5000: stopped after 5000 lines (--lines); the "
                           "rest was not read"),
              std::string::npos)
        << sub << ": " << run.err;
    if (std::string(sub) == "canon") {
      EXPECT_EQ(Lines(run.out).size(), 5000u);
      EXPECT_EQ(run.code, 0) << run.err;
    }
  }
  EndlessPipe train(r[0].puzzle), test(r[1].puzzle);
  const CommandRun leak =
      Call(CorpusMain, {"leak", "--lines", "100", "--train", train.path(),
                        "--test", test.path()});
  EXPECT_NE(leak.err.find(":100: stopped after 100 lines"), std::string::npos)
      << leak.err;
}

TEST(CorpusLines, AFileShorterThanLinesIsReadWholeAndSaysNothing) {
  const std::vector<Row> r = Puzzles();
  const std::string path = WriteTempFile(
      "short.txt", r[0].puzzle + "\n" + r[1].puzzle + "\n" + r[2].puzzle + "\n");
  CommandRun run = Call(CorpusMain, {"canon", "--lines", "3", path});
  EXPECT_EQ(Lines(run.out).size(), 3u);
  EXPECT_EQ(run.err.find("stopped after"), std::string::npos) << run.err;
  run = Call(CorpusMain, {"canon", "--lines", "2", path});
  EXPECT_EQ(Lines(run.out).size(), 2u);
  EXPECT_NE(run.err.find(path + ":2: stopped after 2 lines"), std::string::npos)
      << run.err;
  EXPECT_EQ(Call(CorpusMain, {"canon", "--lines", "-1", path}).code, 2);
}

TEST(CorpusArchives, ATarIsRefusedByNameWithExitTwo) {
  // tar is essential in Debian: made by tar itself, a header and checksum
  // as every tar writes them.
  const std::string folder = TempPath("tar-src");
  std::filesystem::create_directories(folder);
  WriteTempFile("tar-src/puzzles.txt", Puzzles()[0].puzzle + "\n");
  const std::string path = TempPath("set.tar");
  ASSERT_EQ(std::system(("tar -cf '" + path + "' -C '" + folder +
                         "' puzzles.txt")
                            .c_str()),
            0);
  const std::string tar = ReadFile(path);
  for (const char* sub : {"check", "canon", "dupes", "card"}) {
    const CommandRun run = Call(CorpusMain, {sub, path});
    EXPECT_EQ(run.code, 2) << sub << ": " << run.err;
    EXPECT_NE(run.err.find(path + " is a tar archive, not a dataset of lines: "
                                  "extract it (tar -xf) and name the file "
                                  "inside"),
              std::string::npos)
        << sub << ": " << run.err;
    EXPECT_EQ(run.out.find("puzzles.txt"), std::string::npos) << run.out;
  }
  EXPECT_EQ(ReadFile(path), tar);
}

}  // namespace
}  // namespace sudoku
