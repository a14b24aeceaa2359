// End-to-end tests of the bench CLI: formats, malformed input, golden CSV,
// order, exit codes.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "engine/input/puzzle.h"
#include "strategies/registry.h"
#include "strategies/strategy.h"
#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::Has;
using testing::ReadFile;
using testing::SeedFixtures;
using testing::TempPath;
using testing::WriteTempFile;

const std::string& kPuzzle = testing::kSamplePuzzle;
const std::string& kSolution = testing::kSampleSolution;

std::vector<std::vector<std::string>> CsvRows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::vector<std::string> fields;
    std::string field;
    bool quoted = false;
    for (char ch : line) {
      if (ch == '"') {
        quoted = !quoted;
      } else if (ch == ',' && !quoted) {
        fields.push_back(field);
        field.clear();
      } else {
        field += ch;
      }
    }
    fields.push_back(field);
    rows.push_back(fields);
  }
  return rows;
}

// The first `count` columns of every row: the deterministic part of a report.
std::string Leading(const std::string& csv, size_t count) {
  std::string text;
  for (const auto& row : CsvRows(csv)) {
    for (size_t i = 0; i < count && i < row.size(); ++i) {
      text += (i ? "," : "") + row[i];
    }
    text += "\n";
  }
  return text;
}

TEST(BenchCli, ListsEveryRegisteredStrategyNameFirst) {
  const BenchRun run = Bench("--list");
  EXPECT_EQ(run.exit_code, 0);
  std::istringstream lines(run.out);
  std::string line;
  for (const Strategy& s : AllStrategies()) {
    ASSERT_TRUE(std::getline(lines, line));
    EXPECT_TRUE(line.starts_with(std::string(s.name) + " ")) << line;
    EXPECT_NE(line.find(s.summary), std::string::npos) << line;
  }
  EXPECT_FALSE(std::getline(lines, line));
}

TEST(BenchCli, HelpAndUsageErrors) {
  const BenchRun help = Bench("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("Exit codes"), std::string::npos);
  EXPECT_NE(help.out.find("--max-nodes"), std::string::npos);
  EXPECT_EQ(Bench("--strategy no-such-strategy x.txt").exit_code, 2);
  EXPECT_EQ(Bench("--limit 3 x.txt").exit_code, 2);
  EXPECT_EQ(Bench("").exit_code, 2);
}

// --help groups the options in the order a newcomer needs them, ends with
// the subcommands and exit codes, and fits an 80-column terminal.
TEST(BenchCli, HelpGroupsTheOptionsInEightyColumns) {
  const BenchRun help = Bench("--help");
  ASSERT_EQ(help.exit_code, 0);
  size_t at = 0;
  for (const std::string heading :
       {"Input", "Strategies", "Run", "Outputs", "Two builds", "Scale-out",
        "Checkpoints", "Help", "Subcommands", "Exit codes"}) {
    const size_t found = help.out.find("\n" + heading + ":\n", at);
    ASSERT_NE(found, std::string::npos) << heading << " after " << at << "\n"
                                        << help.out;
    at = found;
  }
  for (const char* command :
       {"--help", "compare --help", "merge --help", "bisect --help", "history --help",
        "history add --help", "history show --help", "history check --help"}) {
    std::istringstream lines(Bench(command).out);
    std::string line;
    while (std::getline(lines, line)) {
      EXPECT_LE(line.size(), 80u) << command << ": " << line;
    }
  }
}

// bench --man is a manual page over the same definitions as --help: every
// long option of bench and its subcommands is in it, roff-escaped, and
// hidden options are not.
TEST(BenchCli, ManPageNamesEveryOptionOfTheHelp) {
  const BenchRun man = Bench("--man");
  ASSERT_EQ(man.exit_code, 0);
  EXPECT_NE(man.out.find(".TH BENCH 1 "), std::string::npos) << man.out;
  EXPECT_NE(man.out.find(".SH \"EXIT STATUS\""), std::string::npos);
  EXPECT_EQ(man.out.find("\\-\\-man"), std::string::npos);
  EXPECT_EQ(man.out.find("\\-\\-step"), std::string::npos);  // bisect's own
  const std::vector<std::string> options =
      testing::LongOptionsAsRoff(Bench("--help-all").out);
  for (const std::string& option : options) {
    EXPECT_NE(man.out.find(option), std::string::npos) << option;
  }
  EXPECT_GT(options.size(), 30u);
}

TEST(BenchCli, UnreadableInputIsNamedAndTheRunGoesOn) {
  const std::string good = WriteTempFile("cli_good.txt", kPuzzle + "\n");
  const BenchRun run = Bench("-q --csv " + TempPath("cli_missing.csv") +
                             " /no/such/file.txt " + good);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("cannot open /no/such/file.txt"), std::string::npos)
      << run.err;
  const auto rows = CsvRows(ReadFile(TempPath("cli_missing.csv")));
  ASSERT_EQ(rows.size(), 2u);  // the good file was still run
  EXPECT_EQ(rows[1][0], "cli_good.txt");
}

TEST(BenchCli, GoldenCsvOverEveryInputFormat) {
  std::string zeros = kPuzzle;
  for (char& ch : zeros) {
    if (ch == '.') ch = '0';
  }
  std::string clash = kPuzzle;
  clash[2] = '8';
  const std::string lines = WriteTempFile(
      "cli_lines.txt", "# comment\r\n" + kPuzzle + " 1.2 rating\r\n\r\n" +
                           kPuzzle + ":1:" + kSolution + "\n" + clash + "\n" +
                           kPuzzle.substr(1) + "\n" + std::string(81, '.'));
  const std::string kaggle = WriteTempFile(
      "cli_kaggle.csv", "quizzes,solutions\n" + zeros + "," + kSolution + "\n" +
                            zeros + "," + kPuzzle + "\n");
  const std::string gz = TempPath("cli_lines.txt.gz");
  gzFile file = gzopen(gz.c_str(), "wb");
  const std::string content = ReadFile(lines);
  gzwrite(file, content.data(), static_cast<unsigned>(content.size()));
  gzclose(file);

  const std::string csv = TempPath("cli_golden.csv");
  const BenchRun run = Bench(
      "-q -t 2 -s bitmask,visited --limit 2 --max-nodes 100000 "
      "--csv " +
      csv + " " + lines + " " + kaggle + " " + gz);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Leading(ReadFile(csv), 12),
            "dataset,strategy,limit,max_nodes,threads,puzzles,solved,multiple,"
            "no_solution,invalid,malformed,over_budget\n"
            "cli_lines.txt,bitmask,2,100000,2,5,2,1,0,1,1,0\n"
            "cli_lines.txt,visited,2,100000,2,5,3,0,0,1,1,0\n"
            "cli_kaggle.csv,bitmask,2,100000,2,2,1,0,0,0,1,0\n"
            "cli_kaggle.csv,visited,2,100000,2,2,1,0,0,0,1,0\n"
            "cli_lines.txt.gz,bitmask,2,100000,2,5,2,1,0,1,1,0\n"
            "cli_lines.txt.gz,visited,2,100000,2,5,3,0,0,1,1,0\n");
  // Bad lines are named with file and line on standard error.
  EXPECT_NE(run.err.find(lines + ":5: invalid givens: digit 8 twice in row 1 "
                                 "(r1c1 and r1c3)"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find(lines + ":6: expected 81 cells, found 80"),
            std::string::npos);
  EXPECT_NE(run.err.find(kaggle + ":3: solution column is not a solution of "
                                  "the puzzle: cell r1c3 is empty"),
            std::string::npos)
      << run.err;
  // The compressed copy is the same data: same nodes, other bytes.
  const auto rows = CsvRows(ReadFile(csv));
  EXPECT_EQ(rows[1][19], rows[5][19]);  // nodes_total
  EXPECT_EQ(rows[5][33], "gzip");
  EXPECT_NE(rows[1][31], rows[5][31]);  // dataset_sha256
}

TEST(BenchCli, PerPuzzleAndSolutionsKeepInputOrderUnderManyThreads) {
  std::string text;
  for (int i = 0; i < 20; ++i) {
    for (const auto& f : SeedFixtures()) text += f.text + "\n";
  }
  const std::string path = WriteTempFile("cli_order.txt", text);
  const std::string per = TempPath("cli_per.csv");
  const std::string sol = TempPath("cli_sol.txt");
  const BenchRun run = Bench(
      "-q -t 8 --batch 5 -s bitmask,scan --max-nodes 200000 "
      "--per-puzzle " +
      per + " --solutions " + sol + " " + path);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const auto rows = CsvRows(ReadFile(per));
  ASSERT_EQ(rows.size(), 1 + 2 * 20 * SeedFixtures().size());
  EXPECT_EQ(rows[0], (std::vector<std::string>{"file", "line", "strategy",
                                               "outcome", "ns", "nodes"}));
  for (size_t i = 1; i < rows.size(); ++i) {
    EXPECT_EQ(std::stoul(rows[i][1]), (i - 1) / 2 + 1) << i;
    EXPECT_EQ(rows[i][2], i % 2 ? "bitmask" : "scan");
  }
  // Invalid fixtures appear as puzzles with no solution.
  std::istringstream solutions(ReadFile(sol));
  std::string line;
  size_t count = 0;
  while (std::getline(solutions, line)) {
    const auto& f = SeedFixtures()[count % SeedFixtures().size()];
    ASSERT_EQ(line.substr(0, 81), f.text);
    const bool found = !f.invalid && f.has_solution;
    // Over the budget, the file says so, not "no solution".
    const bool over = !f.invalid && f.nodes_first > 200000;
    EXPECT_EQ(line.substr(81), over    ? ":over_budget"
                               : found ? ":1:" + FormatGrid(f.first_solution)
                                       : ":0:-")
        << line;
    ++count;
  }
  EXPECT_EQ(count, 20 * SeedFixtures().size());
}

TEST(BenchCli, StandardInputStrictAndParseOnly) {
  const std::string path =
      WriteTempFile("cli_stdin.txt", kPuzzle + "\nbroken\n" + kPuzzle + "\n");
  const BenchRun piped =
      Bench("-q --csv " + TempPath("cli_stdin.csv") + " -", path);
  EXPECT_EQ(piped.exit_code, 0);
  const auto rows = CsvRows(ReadFile(TempPath("cli_stdin.csv")));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1][0], "-");
  EXPECT_EQ(rows[1][5], "3");
  EXPECT_NE(piped.err.find("-:2: expected 81 cells, found 6"),
            std::string::npos);

  const BenchRun strict = Bench("--strict " + path);
  EXPECT_EQ(strict.exit_code, 2);
  EXPECT_NE(strict.err.find("--strict"), std::string::npos);

  const BenchRun parse = Bench("--parse-only " + path);
  EXPECT_EQ(parse.exit_code, 0);
  EXPECT_NE(parse.out.find("parse only"), std::string::npos);
}

// --slowest ranks by nodes (a load spike cannot promote an easy puzzle), says
// so, and marks the puzzles stopped by the budget, whose nodes are a floor.
TEST(BenchCli, SlowestRanksByNodesAndMarksOverBudget) {
  const std::string edge = std::string(SUDOKU_SOURCE_DIR) +
                           "/datasets/edge-cases.txt";
  const BenchRun run =
      Bench("--progress never -s dlx --limit 2 --slowest 2 " + edge);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(Has(run.out, "costliest puzzles for dlx (by nodes, then time):\n"
                           "    " + edge + ":28  "))
      << run.out;
  EXPECT_TRUE(Has(run.out, " 336 nodes ")) << run.out;
  EXPECT_FALSE(Has(run.out, "OVER BUDGET")) << run.out;

  const BenchRun budget =
      Bench("--progress never -s dlx --limit 2 --max-nodes 50 --slowest 1 " +
            edge);
  EXPECT_TRUE(Has(budget.out, " 50 nodes ")) << budget.out;
  EXPECT_TRUE(Has(budget.out, "  OVER BUDGET (stopped at --max-nodes)\n"))
      << budget.out;
}

TEST(BenchCli, StrategyOptionTakesOneWordSoDatasetsMayFollow) {
  const std::string path = WriteTempFile("cli_follow.txt", kPuzzle + "\n");
  const std::string csv = TempPath("cli_follow.csv");
  const BenchRun run =
      Bench("-q -s bitmask -s visited,dlx --csv " + csv + " " + path);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const auto rows = CsvRows(ReadFile(csv));
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[1][1], "bitmask");
  EXPECT_EQ(rows[2][1], "visited");
  EXPECT_EQ(rows[3][1], "dlx");
}

TEST(BenchCli, ReadsKaggleThreeMillionLayoutEndToEnd) {
  std::string zeros = kPuzzle;
  for (char& ch : zeros) {
    if (ch == '.') ch = '0';
  }
  std::string wrong = kSolution;
  std::swap(wrong[0], wrong[1]);
  const std::string header = "id,puzzle,solution,clues,difficulty\r\n";
  const std::string path = WriteTempFile(
      "cli_kaggle3m.csv",
      header + "0," + kPuzzle + "," + kSolution + ",25,2.2\r\n1," + zeros +
          "," + kSolution + ",25,0\r\n2," + zeros + "," + wrong + ",25,0\r\n" +
          header + "3," + zeros + "," + kSolution + ",25,0\r\n");
  const std::string csv = TempPath("cli_kaggle3m_report.csv");
  const BenchRun run = Bench(
      "-q -t 1 -s dlx --limit 2 --max-nodes 100000 --csv " + csv + " " + path);
  // The row with a wrong answer fails the run, its puzzle solved (issue 36).
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_EQ(Leading(ReadFile(csv), 12),
            "dataset,strategy,limit,max_nodes,threads,puzzles,solved,multiple,"
            "no_solution,invalid,malformed,over_budget\n"
            "cli_kaggle3m.csv,dlx,2,100000,1,4,4,0,0,0,0,0\n");
  // The header, first and repeated, is no puzzle; the bad row is named.
  EXPECT_EQ(run.err.find(":1:"), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find(":5:"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find(path + ":4: REFERENCE WRONG: solution column is not "
                                "a solution of the puzzle: cell r1c1 changes "
                                "given 8 to 6"),
            std::string::npos)
      << run.err;
  const auto rows = CsvRows(ReadFile(csv));
  ASSERT_EQ(rows.size(), 2u);
  const auto& names = rows[0];
  const size_t format = static_cast<size_t>(
      std::find(names.begin(), names.end(), "dataset_format") - names.begin());
  ASSERT_LT(format, rows[1].size());
  EXPECT_EQ(rows[1][format], "csv");
}

}  // namespace
}  // namespace sudoku
