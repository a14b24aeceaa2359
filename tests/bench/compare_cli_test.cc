// End-to-end tests of regression tracking: `bench --repeat` and
// `bench compare`, their files and exit codes.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::Lines;
using testing::ReadFile;
using testing::SeedFixtures;
using testing::WriteTempFile;

// ctest runs every test in a process of its own, several at once: each test
// names its files after itself.
std::string TestPath(const std::string& suffix) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return testing::TempPath(std::string(info->test_suite_name()) + "." +
                           info->name() + "." + suffix);
}

// The seed fixtures, a few times over, under `name` in a folder of its own.
std::string Corpus(const std::string& folder, const std::string& name,
                   int copies = 3) {
  std::string text;
  for (int i = 0; i < copies; ++i) {
    for (const auto& f : SeedFixtures()) text += f.text + "\n";
  }
  const std::string dir = TestPath(folder);
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/" + name;
  FILE* file = std::fopen(path.c_str(), "w");
  std::fwrite(text.data(), 1, text.size(), file);
  std::fclose(file);
  return path;
}

const std::string kRun =
    "-q -t 3 -s dlx,bitmask,scan --limit 2 --max-nodes 5000 --repeat 3 ";

// Writes a report of `dataset` and returns its path.
std::string Report(const std::string& dataset, const std::string& name) {
  const std::string csv = TestPath(name);
  const BenchRun run = Bench(kRun + "--csv " + csv + " " + dataset);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  return csv;
}

// Splits at commas outside quotes, keeping each field's text as written
// (quotes included) so that Join gives the line back: build flags such as
// -fsanitize=address,undefined are quoted.
std::vector<std::string> Split(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (char ch : line) {
    if (ch == '"') quoted = !quoted;
    if (ch == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += ch;
    }
  }
  return fields;
}

std::string Join(const std::vector<std::string>& parts, char separator) {
  std::string text;
  for (size_t i = 0; i < parts.size(); ++i) {
    text += (i ? std::string(1, separator) : "") + parts[i];
  }
  return text;
}

size_t Column(const std::string& header, const std::string& name) {
  const auto fields = Split(header);
  return std::find(fields.begin(), fields.end(), name) - fields.begin();
}

// `csv` with `column` of data row `row` (1 = first after the header) set.
std::string Edited(const std::string& csv, size_t row,
                   const std::string& column, const std::string& value) {
  auto lines = Lines(ReadFile(csv));
  auto fields = Split(lines.at(row));
  fields.at(Column(lines[0], column)) = value;
  lines[row] = Join(fields, ',');
  return Join(lines, '\n') + "\n";
}

TEST(BenchRepeatCli, RoundsReportTheMedianAndTheSpreadOfEachStrategy) {
  const std::string dataset = Corpus("data", "repeat.txt");
  const std::string csv = TestPath("repeat.csv");
  const BenchRun run = Bench(
      "-t 4 --batch 7 -s dlx,bitmask --limit 2 --max-nodes 5000 "
      "--repeat 3 --csv " +
      csv + " " + dataset);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("median of 3 interleaved rounds"), std::string::npos)
      << run.out;
  const auto lines = Lines(ReadFile(csv));
  ASSERT_EQ(lines.size(), 3u);
  const size_t repeats = Column(lines[0], "repeats");
  const size_t rate = Column(lines[0], "puzzles_per_s");
  const size_t low = Column(lines[0], "puzzles_per_s_min");
  const size_t high = Column(lines[0], "puzzles_per_s_max");
  for (size_t r = 1; r < lines.size(); ++r) {
    const auto fields = Split(lines[r]);
    EXPECT_EQ(fields[1], r == 1 ? "dlx" : "bitmask");
    EXPECT_EQ(fields[repeats], "3");
    EXPECT_LE(std::stod(fields[low]), std::stod(fields[rate]));
    EXPECT_LE(std::stod(fields[rate]), std::stod(fields[high]));
    EXPECT_GT(std::stod(fields[low]), 0);
  }
  // The same counts as one joint pass: rounds change timing, not search.
  const std::string single = TestPath("single.csv");
  ASSERT_EQ(Bench("-q -t 1 -s dlx,bitmask --limit 2 --max-nodes 5000 --csv " +
                  single + " " + dataset)
                .exit_code,
            0);
  const auto one = Lines(ReadFile(single));
  const size_t nodes = Column(lines[0], "nodes_total");
  for (size_t r = 1; r < lines.size(); ++r) {
    EXPECT_EQ(Split(lines[r])[nodes], Split(one[r])[nodes]);
    EXPECT_EQ(Split(lines[r])[6], Split(one[r])[6]);  // solved
  }
}

TEST(BenchRepeatCli, RefusesOutputsThatListEveryPuzzle) {
  const std::string dataset = Corpus("data", "refuse.txt", 1);
  const BenchRun run =
      Bench("--repeat 2 --per-puzzle " + TestPath("per.csv") + " " + dataset);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--repeat"), std::string::npos) << run.err;
  EXPECT_EQ(Bench("--repeat 0 " + dataset).exit_code, 2);
}

TEST(BenchCompareCli, TheSameSearchTwicePassesAndWritesEveryOutput) {
  const std::string dataset = Corpus("data", "same.txt");
  const std::string base = Report(dataset, "base.csv");
  const std::string cur = Report(dataset, "cur.csv");
  const std::string json = TestPath("verdict.json");
  const std::string bigger = TestPath("bigger.json");
  const std::string smaller = TestPath("smaller.json");
  // Timing on a loaded test machine is noise: gate on the search alone.
  const BenchRun run = Bench(
      "compare --no-timing-gate --json " + json + " --bigger-is-better " +
      bigger + " --smaller-is-better " + smaller + " " + base + " " + cur);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("same.txt  dlx  limit 2  budget 5,000  [same]"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("verdict: PASS (exit 0): 0 changed, 0 missing, 0 "
                         "slower, 3 same, 0 new"),
            std::string::npos)
      << run.out;
  const std::string verdict = ReadFile(json);
  EXPECT_NE(verdict.find("\"verdict\": \"pass\""), std::string::npos);
  EXPECT_NE(verdict.find("\"exit_code\": 0"), std::string::npos);
  EXPECT_NE(ReadFile(bigger).find("\"name\": \"same.txt/scan limit=2 "
                                  "max_nodes=5000: puzzles/s\", \"unit\": "
                                  "\"puzzles/s\""),
            std::string::npos)
      << ReadFile(bigger);
  EXPECT_NE(ReadFile(smaller).find("\"unit\": \"nodes\""), std::string::npos);
}

TEST(BenchCompareCli, AChangedNodeCountOrOutcomeFails) {
  const std::string dataset = Corpus("data", "changed.txt");
  const std::string base = Report(dataset, "base.csv");
  const std::string nodes =
      WriteTempFile("changed_nodes.csv", Edited(base, 2, "nodes_total", "1"));
  const BenchRun run = Bench("compare " + base + " " + nodes);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  // nodes_total set to 1: fewer nodes, a better change, which still fails.
  EXPECT_NE(run.out.find("bitmask  limit 2  budget 5,000  [changed, better]"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("CHANGED"), std::string::npos);

  // A puzzle moved from solved to over_budget (the counts still add up to
  // the puzzles: a row whose counts do not is refused, exit 2).
  const auto lines = Lines(ReadFile(base));
  const auto fields = Split(lines.at(1));
  const int solved_count = std::stoi(fields.at(Column(lines[0], "solved")));
  const int over = std::stoi(fields.at(Column(lines[0], "over_budget")));
  const std::string one_less = WriteTempFile(
      "changed_solved.csv",
      Edited(base, 1, "solved", std::to_string(solved_count - 1)));
  const std::string solved = WriteTempFile(
      "changed_solved.csv",
      Edited(one_less, 1, "over_budget", std::to_string(over + 1)));
  EXPECT_EQ(Bench("compare " + base + " " + solved).exit_code, 1);
}

TEST(BenchCompareCli, ARowMissingFromCurrentFailsANewRowDoesNot) {
  const std::string dataset = Corpus("data", "rows.txt");
  const std::string full = Report(dataset, "full.csv");
  auto lines = Lines(ReadFile(full));
  lines.pop_back();
  const std::string fewer =
      WriteTempFile("rows_fewer.csv", Join(lines, '\n') + "\n");
  const BenchRun missing = Bench("compare " + full + " " + fewer);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.out.find("scan  limit 2  budget 5,000  [missing]"),
            std::string::npos)
      << missing.out;
  const BenchRun added =
      Bench("compare --no-timing-gate " + fewer + " " + full);
  EXPECT_EQ(added.exit_code, 0) << added.out;
  EXPECT_NE(added.out.find("[new]"), std::string::npos);
}

TEST(BenchCompareCli, OtherDataUnderTheSameNameIsRefused) {
  const std::string base = Report(Corpus("a", "data.txt", 2), "base.csv");
  const std::string cur = Report(Corpus("b", "data.txt", 3), "cur.csv");
  const BenchRun run = Bench("compare " + base + " " + cur);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("dataset data.txt differs: sha256"), std::string::npos)
      << run.out;
}

TEST(BenchCompareCli, UnreadableReportsExitTwo) {
  const std::string dataset = Corpus("data", "unreadable.txt", 1);
  const std::string good = Report(dataset, "good.csv");
  EXPECT_EQ(Bench("compare " + good + " /no/such.csv").exit_code, 2);
  EXPECT_EQ(Bench("compare " + good).exit_code, 2);
  const std::string garbage = WriteTempFile("garbage.csv", "hello,world\n");
  const BenchRun run = Bench("compare " + good + " " + garbage);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("no column 'dataset'"), std::string::npos) << run.err;
  const std::string cut = WriteTempFile(
      "cut.csv", ReadFile(good).substr(0, ReadFile(good).size() - 20));
  EXPECT_EQ(Bench("compare " + good + " " + cut).exit_code, 2);
}

}  // namespace
}  // namespace sudoku
