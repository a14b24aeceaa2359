// Golden-text tests for the reporters: the fixed CSV schema, its row values,
// the console table, and the text helpers both share.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "engine/common/text_format.h"
#include "engine/report/console_reporter.h"
#include "engine/report/csv_reader.h"
#include "engine/report/csv_reporter.h"
#include "engine/report/report.h"
#include "engine/report/report_schema.h"
#include "strategies/registry.h"
#include "tests/engine/fixed_manifest.h"

namespace sudoku {
namespace {

using testing::FixedManifest;

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
  EXPECT_EQ(
      header,
      "dataset,strategy,limit,max_nodes,threads,puzzles,solved,multiple,"
      "no_solution,invalid,malformed,over_budget,wall_s,puzzles_per_s,"
      "mean_us,p50_us,p90_us,p99_us,max_us,nodes_total,nodes_mean,"
      "nodes_max,no_guess_pct,wrong,disagreements,expected_differs,"
      "solve_s,pass_wall_s,pass_cpu_s,dataset_path,dataset_bytes,"
      "dataset_sha256,dataset_format,compression,version,git_revision,"
      "compiler,build_flags,cpu,date,repeats,puzzles_per_s_min,"
      "puzzles_per_s_max,errors,strategy_origin,strategy_sha256,ranks,hosts,"
      "nodes_p50,nodes_p90,nodes_p99,complete,last_line,unchecked,"
      "strategy_build,instructions_per_puzzle,instructions_by,"
      "instructions_sample,reference_wrong,several_claimed_one,solve_cpu_s,"
      "puzzles_per_cpu_s,puzzles_per_cpu_s_min,puzzles_per_cpu_s_max");
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
      "2.5,2.5,0,built in,,1,test-host:1,30,50,50,true,0,0,,,,,0,0,"
      // No time off the CPU: solve_cpu_s is solve_s.
      "0.000009,555555.6,"
      // One round: the CPU figure is its own extremes.
      "555555.6,555555.6");
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

TEST(DatasetNames, AreTheFileNamesWhenTheyDiffer) {
  EXPECT_EQ(DatasetNames({"data/easy.txt", "/tmp/hard.txt.gz", "-"}),
            (std::vector<std::string>{"easy.txt", "hard.txt.gz", "-"}));
}

TEST(DatasetNames, TwoFilesOfOneNameKeepTheFoldersThatTellThemApart) {
  EXPECT_EQ(DatasetNames({"a/x.txt", "b/x.txt", "y.txt", "c/d/x.txt",
                          "e/d/x.txt"}),
            (std::vector<std::string>{"a/x.txt", "b/x.txt", "y.txt",
                                      "c/d/x.txt", "e/d/x.txt"}));
  // A path with no folder to add stays the file name; the other gets one.
  EXPECT_EQ(DatasetNames({"x.txt", "a/x.txt"}),
            (std::vector<std::string>{"x.txt", "a/x.txt"}));
}

TEST(DatasetNames, APathGivenAgainIsCounted) {
  EXPECT_EQ(DatasetNames({"x.txt", "./x.txt", "x.txt", "-", "-"}),
            (std::vector<std::string>{"x.txt", "x.txt (2)", "x.txt (3)", "-",
                                      "- (2)"}));
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

// Runs without process strategies print the table they always did (the
// test above); one with unanswered puzzles gets an errors column and a line
// that says what they are.
TEST(ConsoleReporter, ShowsErrorsOnlyWhenThereAreSome) {
  DatasetResult result = SmallResult();
  result.stats[0].Add({Verdict::kError, 7000, 0, true});
  std::ostringstream out;
  ConsoleReporter(out).ReportPass(FixedManifest(), result,
                                  MakeRows(result, SmallOptions()));
  const std::string text = out.str();
  EXPECT_NE(text.find("over budget  wrong  errors  puzzles/s"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("bitmask         6       2         0     0        1  "
                      "        1            1      0       1"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("ERROR: 1 puzzles left unanswered"), std::string::npos)
      << text;
  const std::string plain = [] {
    std::ostringstream quiet;
    const DatasetResult small = SmallResult();
    ConsoleReporter(quiet).ReportPass(FixedManifest(), small,
                                      MakeRows(small, SmallOptions()));
    return quiet.str();
  }();
  EXPECT_EQ(plain.find("errors"), std::string::npos) << plain;
  EXPECT_EQ(plain.find("ERROR"), std::string::npos) << plain;
}

TEST(MakeRows, CountsErrorsInTheirOwnColumn) {
  DatasetResult result = SmallResult();
  result.stats[0].Add({Verdict::kError, 7000, 0, true});
  const ReportRow row = MakeRows(result, SmallOptions()).front();
  EXPECT_EQ(row.errors, 1u);
  EXPECT_EQ(row.wrong, 0u);
  EXPECT_EQ(row.puzzles, 6u);
}

TEST(Grouped, InsertsThousandsSeparators) {
  EXPECT_EQ(Grouped(0), "0");
  EXPECT_EQ(Grouped(999), "999");
  EXPECT_EQ(Grouped(1000), "1,000");
  EXPECT_EQ(Grouped(1234567), "1,234,567");
}

TEST(Grouped, BudgetTextSaysNoneForNoBudget) {
  EXPECT_EQ(BudgetText(kUnlimitedNodes), "none");
  EXPECT_EQ(BudgetText(2000), "2,000");
  EXPECT_EQ(Percent(0.125), "12.5%");
  EXPECT_EQ(Fixed(2.0 / 3.0, 3), "0.667");
}

TEST(PrintTable, RuleUnderTheHeaderAndNumbersRight) {
  std::ostringstream out;
  PrintTable(out, {{"name", "count"}, {"dlx", "1,000"}, {"bands", "7"}});
  EXPECT_EQ(out.str(),
            "  name   count\n"
            "  ------------\n"
            "  dlx    1,000\n"
            "  bands      7\n");
}

TEST(PrintTable, OtherLayoutsKeepNoTrailingBlanks) {
  std::ostringstream out;
  PrintTable(
      out, {{"metric", "base", ""}, {"nodes", "12", "CHANGED"}},
      {.indent = "    ", .left_aligned = {0, 2}, .rule_under_header = false});
  EXPECT_EQ(out.str(),
            "    metric  base\n"
            "    nodes     12  CHANGED\n");
}

// A row and a manifest where every field holds a value of its own, none the
// default, and text that needs quoting.
ReportEntry EveryFieldSet() {
  ReportEntry e;
  ReportRow& r = e.row;
  r = {"a,b.txt",
       "data/a,b.txt",
       "dlx",
       2,
       50,
       3,
       11,
       12,
       13,
       14,
       15,
       16,
       17,
       18,
       19,
       20,
       1.5,
       2.5,
       3.5,
       4.5,
       5.5,
       6.5,
       7.5,
       21,
       22,
       8.5,
       9.5,
       10.5,
       11.5,
       12.5,
       23,
       "beef",
       "lines",
       "gzip",
       5,
       0.5,
       4.5,
       24,
       "lib/a,b.so",
       "cafe"};
  e.manifest = {"0.1.0", "abc",          "GNU \"12\"",
                "-O3",   "CPU, 2 cores", "2026-01-01T00:00:00Z",
                1,       "test-host:1"};
  r.instructions_per_puzzle = 123456.5;
  r.instructions_by = "callgrind";
  r.instructions_sample = 200;
  return e;
}

TEST(ReportSchema, EveryColumnReadsBackWhatItWrote) {
  const ReportEntry written = EveryFieldSet();
  std::set<std::string_view> names;
  for (const ReportColumn& column : ReportColumns()) {
    EXPECT_TRUE(names.insert(column.name).second) << column.name << " twice";
    const std::string text = column.write(written.row, written.manifest);
    ReportEntry read;
    // The reader sees the field unquoted, as the CSV reader hands it over.
    std::string field = text;
    if (field.size() >= 2 && field.front() == '"') {
      field = field.substr(1, field.size() - 2);
      for (size_t at = field.find("\"\""); at != std::string::npos;
           at = field.find("\"\"", at + 1)) {
        field.erase(at, 1);
      }
    }
    column.read(field, "test", read.row, read.manifest);
    EXPECT_EQ(column.write(read.row, read.manifest), text) << column.name;
    if (column.number != nullptr) {
      EXPECT_EQ(column.number(read.row), column.number(written.row))
          << column.name;
    }
  }
}

TEST(ReportSchema, UncountedInstructionsAreEmptyFields) {
  ReportEntry e = EveryFieldSet();
  e.row.instructions_per_puzzle = 0;
  e.row.instructions_by.clear();
  e.row.instructions_sample = 0;
  for (const ReportColumn& column : ReportColumns()) {
    if (!column.name.starts_with("instructions_")) continue;
    EXPECT_EQ(column.write(e.row, e.manifest), "") << column.name;
    ReportEntry read = EveryFieldSet();
    column.read("", "test", read.row, read.manifest);
    EXPECT_EQ(column.write(read.row, read.manifest), "") << column.name;
  }
}

TEST(ReportSchema, NoBudgetIsAnEmptyField) {
  ReportEntry e = EveryFieldSet();
  e.row.max_nodes = kUnlimitedNodes;
  for (const ReportColumn& column : ReportColumns()) {
    if (column.name != "max_nodes") continue;
    EXPECT_EQ(column.write(e.row, e.manifest), "");
    ReportEntry read;
    column.read("", "test", read.row, read.manifest);
    EXPECT_EQ(read.row.max_nodes, kUnlimitedNodes);
    EXPECT_THROW(column.read("x", "test", read.row, read.manifest),
                 ReportFormatError);
  }
}

TEST(ReportSchema, CompareListsExactColumnsThenShownTimings) {
  const auto compared = ComparedColumns();
  ASSERT_FALSE(compared.empty());
  bool timings_began = false;
  for (const ReportColumn* column : compared) {
    EXPECT_NE(column->number, nullptr) << column->name;
    EXPECT_NE(column->Exact(), column->Timing()) << column->name;
    if (column->Timing()) {
      timings_began = true;
      EXPECT_EQ(column->compared, Compared::kTimingShown) << column->name;
    } else {
      EXPECT_FALSE(timings_began) << column->name << " after a timing";
    }
  }
  size_t exact = 0;
  for (const ReportColumn& column : ReportColumns()) {
    if (column.Exact()) {
      ++exact;
      EXPECT_GT(column.compare_order, 0) << column.name;
    }
  }
  EXPECT_EQ(exact, 14u);
}

}  // namespace
}  // namespace sudoku
