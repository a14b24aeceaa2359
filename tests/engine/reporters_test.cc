// Golden-text tests for the reporters: the fixed CSV schema, its row values,
// and the console table.
#include <gtest/gtest.h>

#include <sstream>

#include "engine/console_reporter.h"
#include "engine/csv_reporter.h"
#include "engine/report.h"
#include "strategies/registry.h"

namespace sudoku {
namespace {

Manifest FixedManifest() {
  return {"0.1.0",       "abc1234",           "GNU 12.2.0",
          "Release -O3", "Test CPU, 2 cores", "2026-01-02T03:04:05Z"};
}

// One strategy on a five-line dataset: two solved (one by pure deduction),
// one over budget, one invalid, one malformed.
DatasetResult SmallResult() {
  DatasetResult r;
  r.path = "data/small.txt";
  r.raw_bytes = 420;
  r.sha256 = "00ff";
  r.format = DatasetFormat::kLines;
  r.puzzle_lines = 5;
  r.malformed = 1;
  r.invalid = 1;
  r.wall_s = 2.0;
  r.cpu_s = 3.5;
  StrategyStats s;
  s.Add({Verdict::kSolved, 1000, 10, false});
  s.Add({Verdict::kSolved, 3000, 30, true});
  s.Add({Verdict::kOverBudget, 5000, 50, true});
  s.AddUnsearched(Verdict::kInvalid);
  s.AddUnsearched(Verdict::kMalformed);
  r.stats.push_back(s);
  return r;
}

RunOptions SmallOptions() {
  RunOptions options;
  options.strategies = {FindStrategy("bitmask")};
  options.solution_limit = 2;
  options.max_nodes = 50;
  options.threads = 4;
  return options;
}

TEST(CsvReporter, HeaderIsTheDocumentedSchema) {
  std::ostringstream out;
  CsvReporter reporter(out);
  const DatasetResult result = SmallResult();
  reporter.ReportPass(FixedManifest(), result,
                      MakeRows(result, SmallOptions()));
  const std::string header = out.str().substr(0, out.str().find('\n'));
  EXPECT_EQ(header,
            "dataset,strategy,limit,max_nodes,threads,puzzles,solved,multiple,"
            "no_solution,invalid,malformed,over_budget,wall_s,puzzles_per_s,"
            "mean_us,p50_us,p90_us,p99_us,max_us,nodes_total,nodes_mean,"
            "nodes_max,no_guess_pct,wrong,disagreements,expected_differs,"
            "solve_s,pass_wall_s,pass_cpu_s,dataset_path,dataset_bytes,"
            "dataset_sha256,dataset_format,compression,version,git_revision,"
            "compiler,build_flags,cpu,date,repeats,puzzles_per_s_min,"
            "puzzles_per_s_max");
}

TEST(CsvReporter, RowGolden) {
  std::ostringstream out;
  CsvReporter reporter(out);
  const DatasetResult result = SmallResult();
  const auto rows = MakeRows(result, SmallOptions());
  reporter.ReportPass(FixedManifest(), result, rows);
  reporter.ReportPass(FixedManifest(), result, rows);  // header only once
  std::istringstream lines(out.str());
  std::string header, row, again, end;
  std::getline(lines, header);
  std::getline(lines, row);
  std::getline(lines, again);
  EXPECT_FALSE(std::getline(lines, end));
  EXPECT_EQ(row, again);
  // p50 is 3000 ns's bucket midpoint (2999 ns); p90, p99 clamp to the max.
  EXPECT_EQ(
      row,
      "small.txt,bitmask,2,50,4,5,2,0,0,1,1,1,2.000000,2.5,3.000,2.999,"
      "5.000,5.000,5.000,90,30.000,50,50.000,0,0,0,0.000009,2.000000,"
      "3.500000,data/small.txt,420,00ff,lines,none,0.1.0,abc1234,"
      "GNU 12.2.0,Release -O3,\"Test CPU, 2 cores\",2026-01-02T03:04:05Z,1,"
      "2.5,2.5");
}

TEST(CsvReporter, UnlimitedBudgetIsAnEmptyField) {
  RunOptions options = SmallOptions();
  options.max_nodes = kUnlimitedNodes;
  const auto rows = MakeRows(SmallResult(), options);
  std::ostringstream out;
  CsvReporter(out).ReportPass(FixedManifest(), SmallResult(), rows);
  EXPECT_NE(out.str().find("small.txt,bitmask,2,,4,"), std::string::npos);
}

TEST(CsvField, QuotesOnlyWhenNeeded) {
  EXPECT_EQ(CsvField("plain"), "plain");
  EXPECT_EQ(CsvField("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvField("say \"hi\""), "\"say \"\"hi\"\"\"");
}

TEST(MakeRows, SplitsWallTimeByShareOfSolveTime) {
  DatasetResult r = SmallResult();
  StrategyStats slow;
  slow.Add({Verdict::kSolved, 27000, 1, true});
  r.stats.push_back(slow);
  RunOptions options = SmallOptions();
  options.strategies.push_back(FindStrategy("visited"));
  const auto rows = MakeRows(r, options);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_DOUBLE_EQ(rows[0].wall_s, 2.0 * 9.0 / 36.0);
  EXPECT_DOUBLE_EQ(rows[1].wall_s, 2.0 * 27.0 / 36.0);
  EXPECT_DOUBLE_EQ(rows[0].wall_s + rows[1].wall_s, 2.0);
}

TEST(ConsoleReporter, PrintsATableWithEveryCount) {
  std::ostringstream out;
  ConsoleReporter reporter(out);
  const DatasetResult result = SmallResult();
  reporter.ReportPass(FixedManifest(), result,
                      MakeRows(result, SmallOptions()));
  const std::string text = out.str();
  EXPECT_NE(
      text.find("data/small.txt: 5 puzzle lines (1 malformed, 1 invalid), "
                "420 bytes, format lines, 2.00 s, 4 threads, limit 2, "
                "budget 50"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("strategy  puzzles  solved  multiple  none  invalid  "
                      "malformed  over budget  wrong  puzzles/s"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("bitmask         5       2         0     0        1  "
                      "        1            1      0          3"),
            std::string::npos)
      << text;
}

TEST(Grouped, InsertsThousandsSeparators) {
  EXPECT_EQ(Grouped(0), "0");
  EXPECT_EQ(Grouped(999), "999");
  EXPECT_EQ(Grouped(1000), "1,000");
  EXPECT_EQ(Grouped(1234567), "1,234,567");
}

}  // namespace
}  // namespace sudoku
