// Tests of report comparison: reading CSV reports back, verdicts on crafted
// pairs of reports, summaries of --repeat rounds, and the JSON outputs.
#include "engine/compare/compare.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/common/json_layout.h"
#include "engine/compare/benchmark_json.h"
#include "engine/compare/compare_json.h"
#include "engine/compare/compare_table.h"
#include "engine/report/csv_reader.h"
#include "engine/report/csv_reporter.h"
#include "engine/report/report_schema.h"
#include "strategies/registry.h"

namespace sudoku {
namespace {

// The outputs are checked as JSON, not as text: parse throws on anything
// RFC 8259 does not allow.
nlohmann::json ParseJson(const std::string& text) {
  return nlohmann::json::parse(text);
}

// A row of a three-round report on machine "cpu A".
ReportEntry Entry(const std::string& strategy, double puzzles_per_s = 1000,
                  double spread = 0.02) {
  ReportEntry e;
  ReportRow& r = e.row;
  r.dataset = "regression.txt";
  r.dataset_path = "datasets/regression.txt";
  r.strategy = strategy;
  r.limit = 2;
  r.max_nodes = 2000;
  r.threads = 2;
  r.puzzles = 100;
  r.solved = 90;
  r.over_budget = 10;
  r.nodes_total = 12345;
  r.nodes_max = 2000;
  r.puzzles_per_s = puzzles_per_s;
  // One strategy in the pass: its share of the pass's time is all of it.
  r.wall_s = r.pass_wall_s = r.puzzles / puzzles_per_s;
  r.puzzles_per_s_min = puzzles_per_s * (1 - spread / 2);
  r.puzzles_per_s_max = puzzles_per_s * (1 + spread / 2);
  r.repeats = 3;
  r.p50_us = 10;
  r.p99_us = 100;
  r.dataset_sha256 = "aaaa";
  e.manifest.cpu = "cpu A";
  return e;
}

std::vector<ReportEntry> Report(std::vector<ReportEntry> entries) {
  for (size_t i = 0; i < entries.size(); ++i) entries[i].line = i + 2;
  return entries;
}

const RowComparison& Row(const Comparison& c, const std::string& strategy) {
  for (const RowComparison& r : c.rows) {
    if (r.strategy == strategy) return r;
  }
  throw std::runtime_error("no row for " + strategy);
}

TEST(CompareReports, IdenticalReportsPass) {
  const auto base = Report({Entry("dlx"), Entry("bands")});
  const Comparison c = CompareReports(base, base, {});
  EXPECT_EQ(c.ExitCode(), 0);
  ASSERT_EQ(c.rows.size(), 2u);
  for (const RowComparison& r : c.rows) {
    EXPECT_EQ(r.verdict, RowVerdict::kSame);
    EXPECT_TRUE(r.changed.empty());
    EXPECT_TRUE(r.timing.gated) << r.timing.note;
    EXPECT_FALSE(r.timing.regressed);
  }
}

TEST(CompareReports, ChangedNodeTotalFailsWhateverTheClockSays) {
  auto current = Report({Entry("dlx", 5000), Entry("bands")});
  current[0].row.nodes_total += 1;
  const Comparison c =
      CompareReports(Report({Entry("dlx"), Entry("bands")}), current, {});
  EXPECT_EQ(c.ExitCode(), 1);
  const RowComparison& dlx = Row(c, "dlx");
  EXPECT_EQ(dlx.verdict, RowVerdict::kChanged);
  ASSERT_EQ(dlx.changed.size(), 1u);
  EXPECT_EQ(dlx.changed[0], "nodes_total 12345 -> 12346 (worse)");
  EXPECT_EQ(dlx.change, Change::kWorse);
  EXPECT_EQ(Row(c, "bands").verdict, RowVerdict::kSame);
}

TEST(CompareReports, ChangedOutcomeCountFails) {
  auto current = Report({Entry("dlx")});
  current[0].row.solved -= 1;
  current[0].row.over_budget += 1;
  const Comparison c = CompareReports(Report({Entry("dlx")}), current, {});
  EXPECT_EQ(c.ExitCode(), 1);
  EXPECT_EQ(c.rows[0].verdict, RowVerdict::kChanged);
  EXPECT_EQ(c.rows[0].changed, (std::vector<std::string>{
                                   "solved 90 -> 89 (worse)",
                                   "over_budget 10 -> 11 (worse)"}));
}

TEST(CompareReports, WrongAnswersAndNodeMaxAreExactToo) {
  auto current = Report({Entry("dlx")});
  current[0].row.wrong = 1;
  current[0].row.nodes_max = 1999;
  const Comparison c = CompareReports(Report({Entry("dlx")}), current, {});
  EXPECT_EQ(c.ExitCode(), 1);
  EXPECT_EQ(c.rows[0].changed.size(), 2u);
  // A differing field the table does not always show is shown then.
  bool shown = false;
  for (const MetricDelta& m : c.rows[0].metrics) {
    shown |= m.name == "nodes_max" && m.exact;
  }
  EXPECT_TRUE(shown);
}

TEST(CompareReports, UnansweredPuzzlesAreExact) {
  auto current = Report({Entry("dlx")});
  current[0].row.errors = 2;
  const Comparison c = CompareReports(Report({Entry("dlx")}), current, {});
  EXPECT_EQ(c.ExitCode(), 1);
  EXPECT_EQ(c.rows[0].changed,
            (std::vector<std::string>{"errors 0 -> 2 (worse)"}));
}

// An improvement still fails (the baseline must be re-blessed), but says so:
// an 11.6x fall in nodes is not a regression.
TEST(CompareReports, FewerNodesAreABetterChangeAndStillFail) {
  auto current = Report({Entry("dlx")});
  current[0].row.nodes_total = 1064;  // 12345 / 11.6
  current[0].row.nodes_max = 100;
  const Comparison c = CompareReports(Report({Entry("dlx")}), current, {});
  EXPECT_EQ(c.ExitCode(), 1);
  EXPECT_EQ(c.rows[0].verdict, RowVerdict::kChanged);
  EXPECT_EQ(c.rows[0].change, Change::kBetter);
  EXPECT_EQ(c.rows[0].changed,
            (std::vector<std::string>{"nodes_total 12345 -> 1064 (better)",
                                      "nodes_max 2000 -> 100 (better)"}));
  EXPECT_EQ(c.Count(Change::kBetter), 1u);
  std::ostringstream out;
  PrintComparison(out, c);
  EXPECT_NE(out.str().find("[changed, better]"), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("CHANGED, better"), std::string::npos);
  EXPECT_NE(out.str().find("verdict: FAIL (exit 1): 1 changed (1 better)"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("bless a new baseline"), std::string::npos);
}

// The advice to bless names the files the user gave, not this repository's
// .ci/regression (which a solver's own repository does not have).
TEST(CompareReports, TheBlessCommandIsInTheUsersFiles) {
  auto current = Report({Entry("dlx")});
  current[0].row.nodes_total += 1;
  const Comparison c = CompareReports(Report({Entry("dlx")}), current, {});
  std::ostringstream out;
  PrintComparison(out, c, BlessCommand("ci/baseline.csv", "current.csv"));
  EXPECT_NE(out.str().find("bless a new baseline: cp current.csv "
                           "ci/baseline.csv\n"),
            std::string::npos)
      << out.str();
  EXPECT_EQ(out.str().find(".ci/regression"), std::string::npos);
  EXPECT_EQ(BlessCommand("my base.csv", "-new.csv"),
            "cp ./-new.csv 'my base.csv'");
  EXPECT_EQ(BlessCommand("it's.csv", "a.csv"), "cp a.csv 'it'\\''s.csv'");
}

// A row that improved in one column and got worse in another is mixed; a
// column without a better side (multiple) gives no direction of its own.
TEST(CompareReports, DirectionsMixAndSomeColumnsHaveNone) {
  auto mixed = Report({Entry("dlx"), Entry("bands")});
  mixed[0].row.nodes_total -= 100;
  mixed[0].row.wrong = 1;
  mixed[1].row.multiple += 1;
  mixed[1].row.solved -= 1;
  const Comparison c =
      CompareReports(Report({Entry("dlx"), Entry("bands")}), mixed, {});
  EXPECT_EQ(Row(c, "dlx").change, Change::kMixed);
  // solved fell (worse); multiple rose (neither): worse overall.
  EXPECT_EQ(Row(c, "bands").change, Change::kWorse);
  auto other = Report({Entry("dlx")});
  other[0].row.multiple += 1;
  other[0].row.puzzles += 1;
  const Comparison o = CompareReports(Report({Entry("dlx")}), other, {});
  EXPECT_EQ(o.rows[0].change, Change::kNeither);
  EXPECT_EQ(o.rows[0].changed[0],
            "puzzles 100 -> 101 (neither better nor worse)");
  std::ostringstream out;
  PrintComparison(out, o);
  EXPECT_NE(out.str().find("  [changed, neither better nor worse]"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("1 changed (1 other)"), std::string::npos);
}

TEST(CompareReports, SlowerWithinNoisePasses) {
  // 1,000 to 800 puzzles/s: each takes 25% longer (25% slower), beyond the
  // 10% allowed, but the rounds spread by 30%.
  const Comparison c = CompareReports(Report({Entry("dlx", 1000, 0.30)}),
                                      Report({Entry("dlx", 800, 0.05)}), {});
  EXPECT_EQ(c.ExitCode(), 0);
  EXPECT_TRUE(c.rows[0].timing.gated);
  EXPECT_FALSE(c.rows[0].timing.regressed);
  EXPECT_NEAR(c.rows[0].timing.slowdown, 0.25, 1e-9);
  EXPECT_NEAR(c.rows[0].timing.noise, 0.30, 1e-9);
  EXPECT_NE(c.rows[0].timing.note.find("within 30.0% noise"), std::string::npos)
      << c.rows[0].timing.note;
}

TEST(CompareReports, SlowerBeyondNoiseFails) {
  const Comparison c = CompareReports(Report({Entry("dlx", 1000, 0.05)}),
                                      Report({Entry("dlx", 800, 0.05)}), {});
  EXPECT_EQ(c.ExitCode(), 1);
  EXPECT_EQ(c.rows[0].verdict, RowVerdict::kSlower);
  EXPECT_TRUE(c.rows[0].timing.regressed);
}

TEST(CompareReports, SlowerByTheClockOnlyIsABusyMachine) {
  // Half the throughput, but the same CPU time per puzzle: other jobs took
  // the wall time, the solver did not get slower.
  auto base = Report({Entry("dlx", 1000, 0.05)});
  auto cur = Report({Entry("dlx", 500, 0.05)});
  base[0].row.pass_cpu_s = 0.10;
  cur[0].row.pass_cpu_s = 0.11;
  const Comparison busy = CompareReports(base, cur, {});
  EXPECT_EQ(busy.ExitCode(), 0);
  EXPECT_FALSE(busy.rows[0].timing.regressed);
  // 0.11 s of CPU where 0.10 s were: 10% slower by CPU time.
  EXPECT_NEAR(busy.rows[0].timing.cpu_slowdown, 0.1, 1e-9);
  EXPECT_NE(busy.rows[0].timing.note.find("other jobs"), std::string::npos)
      << busy.rows[0].timing.note;

  cur[0].row.pass_cpu_s = 0.2;  // now the CPU time doubled too
  const Comparison slower = CompareReports(base, cur, {});
  EXPECT_EQ(slower.ExitCode(), 1);
  EXPECT_EQ(slower.rows[0].verdict, RowVerdict::kSlower);
  EXPECT_NEAR(slower.rows[0].timing.cpu_slowdown, 1.0, 1e-9);  // 100% slower
}

TEST(CompareReports, SlowerWithinTheAllowedFallPasses) {
  CompareOptions wide;
  wide.max_slowdown = 0.5;
  const Comparison c = CompareReports(Report({Entry("dlx", 1000, 0.01)}),
                                      Report({Entry("dlx", 800, 0.01)}), wide);
  EXPECT_EQ(c.ExitCode(), 0);
  EXPECT_TRUE(c.rows[0].timing.gated);
}

TEST(CompareReports, FasterNeverFails) {
  const Comparison c = CompareReports(Report({Entry("dlx", 1000, 0.0)}),
                                      Report({Entry("dlx", 3000, 0.0)}), {});
  EXPECT_EQ(c.ExitCode(), 0);
  EXPECT_LT(c.rows[0].timing.slowdown, 0);
}

TEST(CompareReports, TimingIsInformationalWithoutANoiseEstimate) {
  auto base = Report({Entry("dlx", 1000, 0.0)});
  base[0].row.repeats = 1;
  const Comparison c =
      CompareReports(base, Report({Entry("dlx", 100, 0.0)}), {});
  EXPECT_EQ(c.ExitCode(), 0);
  EXPECT_FALSE(c.rows[0].timing.gated);
  EXPECT_NE(c.rows[0].timing.note.find("--repeat 3"), std::string::npos);
}

TEST(CompareReports, TimingIsInformationalAcrossMachinesOrThreadCounts) {
  auto other_cpu = Report({Entry("dlx", 100)});
  other_cpu[0].manifest.cpu = "cpu B";
  const Comparison cpu = CompareReports(Report({Entry("dlx")}), other_cpu, {});
  EXPECT_EQ(cpu.ExitCode(), 0);
  EXPECT_FALSE(cpu.rows[0].timing.gated);

  auto more_threads = Report({Entry("dlx", 100)});
  more_threads[0].row.threads = 8;
  const Comparison threads =
      CompareReports(Report({Entry("dlx")}), more_threads, {});
  EXPECT_EQ(threads.ExitCode(), 0);
  EXPECT_FALSE(threads.rows[0].timing.gated);
}

TEST(CompareReports, TimingGateCanBeTurnedOff) {
  CompareOptions off;
  off.gate_timing = false;
  const Comparison c = CompareReports(Report({Entry("dlx", 1000, 0.0)}),
                                      Report({Entry("dlx", 10, 0.0)}), off);
  EXPECT_EQ(c.ExitCode(), 0);
  EXPECT_FALSE(c.rows[0].timing.gated);
}

TEST(CompareReports, DifferentDatasetBytesUnderOneNameRefuse) {
  auto current = Report({Entry("dlx")});
  current[0].row.dataset_sha256 = "bbbb";
  const Comparison c = CompareReports(Report({Entry("dlx")}), current, {});
  EXPECT_EQ(c.ExitCode(), 2);
  ASSERT_EQ(c.refusals.size(), 1u);
  EXPECT_NE(c.refusals[0].find("regression.txt"), std::string::npos);
  EXPECT_NE(c.refusals[0].find("aaaa"), std::string::npos);
  EXPECT_NE(c.refusals[0].find("bbbb"), std::string::npos);
  std::ostringstream text;
  PrintComparison(text, c);
  EXPECT_NE(text.str().find("REFUSED (exit 2)"), std::string::npos);
}

TEST(CompareReports, RowMissingFromCurrentFails) {
  const Comparison c = CompareReports(Report({Entry("dlx"), Entry("bands")}),
                                      Report({Entry("dlx")}), {});
  EXPECT_EQ(c.ExitCode(), 1);
  EXPECT_EQ(Row(c, "bands").verdict, RowVerdict::kMissing);
  EXPECT_EQ(Row(c, "dlx").verdict, RowVerdict::kSame);
}

TEST(CompareReports, NewRowInCurrentIsInformational) {
  const Comparison c = CompareReports(
      Report({Entry("dlx")}), Report({Entry("dlx"), Entry("bands")}), {});
  EXPECT_EQ(c.ExitCode(), 0);
  EXPECT_EQ(Row(c, "bands").verdict, RowVerdict::kNew);
  EXPECT_EQ(c.rows.back().strategy, "bands");  // new rows come last
}

TEST(CompareReports, OtherBudgetOrLimitIsAnotherRow) {
  auto current = Report({Entry("dlx")});
  current[0].row.max_nodes = kUnlimitedNodes;
  current[0].row.nodes_total = 999999;
  const Comparison c = CompareReports(Report({Entry("dlx")}), current, {});
  EXPECT_EQ(c.ExitCode(), 1);
  ASSERT_EQ(c.rows.size(), 2u);
  EXPECT_EQ(c.rows[0].verdict, RowVerdict::kMissing);
  EXPECT_EQ(c.rows[1].verdict, RowVerdict::kNew);
}

TEST(CompareReports, DuplicateRowsRefuse) {
  const Comparison c = CompareReports(Report({Entry("dlx"), Entry("dlx")}),
                                      Report({Entry("dlx")}), {});
  EXPECT_EQ(c.ExitCode(), 2);
  ASSERT_EQ(c.refusals.size(), 1u);
  EXPECT_NE(c.refusals[0].find("lines 2 and 3"), std::string::npos)
      << c.refusals[0];
}

TEST(CompareReports, TableNamesEveryRowAndTheVerdict) {
  auto current = Report({Entry("dlx")});
  current[0].row.nodes_total = 20000;
  const Comparison c =
      CompareReports(Report({Entry("dlx"), Entry("bands")}), current, {});
  std::ostringstream out;
  PrintComparison(out, c);
  const std::string text = out.str();
  EXPECT_NE(text.find("regression.txt  dlx  limit 2  budget 2,000  "
                      "[changed, worse]"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("nodes_total"), std::string::npos);
  EXPECT_NE(text.find("CHANGED"), std::string::npos);
  EXPECT_NE(text.find("[missing]"), std::string::npos);
  EXPECT_NE(text.find("verdict: FAIL (exit 1): 1 changed (1 worse), 1 "
                      "missing, 0 slower, 0 same, 0 new"),
            std::string::npos)
      << text;
}

TEST(ComparisonJson, CarriesTheVerdictAndEveryDelta) {
  auto current = Report({Entry("dlx", 1000), Entry("scan", 500, 0.01)});
  current[0].row.nodes_total = 20000;
  current[0].row.max_nodes = kUnlimitedNodes;
  auto base = Report({Entry("dlx"), Entry("scan", 1000, 0.01)});
  base[0].row.max_nodes = kUnlimitedNodes;
  base[0].row.dataset = "needs \"escaping\"\t";
  current[0].row.dataset = base[0].row.dataset;
  const Comparison c = CompareReports(base, current, {});
  std::ostringstream out;
  WriteComparisonJson(out, c, "base.csv", "cur.csv");
  const nlohmann::json json = ParseJson(out.str());
  EXPECT_EQ(json.at("verdict").get<std::string>(), "fail");
  EXPECT_EQ(json.at("exit_code").get<double>(), 1);
  EXPECT_EQ(json.at("baseline").get<std::string>(), "base.csv");
  EXPECT_EQ(json.at("options").at("max_slowdown").get<double>(), 0.1);
  EXPECT_EQ(json.at("summary").at("changed").get<double>(), 1);
  EXPECT_EQ(json.at("summary").at("slower").get<double>(), 1);
  EXPECT_EQ(json.at("refusals").size(), 0u);
  ASSERT_EQ(json.at("rows").size(), 2u);
  const nlohmann::json& dlx = json.at("rows").at(0);
  EXPECT_EQ(dlx.at("dataset").get<std::string>(), "needs \"escaping\"\t");
  EXPECT_TRUE(dlx.at("max_nodes").is_null());
  EXPECT_EQ(dlx.at("verdict").get<std::string>(), "changed");
  EXPECT_EQ(dlx.at("changed").at(0).get<std::string>(),
            "nodes_total 12345 -> 20000 (worse)");
  EXPECT_EQ(dlx.at("change").get<std::string>(), "worse");
  EXPECT_EQ(dlx.at("metrics").at("nodes_total").at("change").get<std::string>(),
            "worse");
  EXPECT_FALSE(dlx.at("metrics").at("solved").contains("change"));
  EXPECT_EQ(dlx.at("metrics").at("nodes_total").at("current").get<double>(),
            20000);
  EXPECT_TRUE(dlx.at("metrics").at("nodes_total").at("exact").get<bool>());
  EXPECT_FALSE(dlx.at("metrics").at("puzzles_per_s").at("exact").get<bool>());
  const nlohmann::json& scan = json.at("rows").at(1);
  EXPECT_EQ(scan.at("max_nodes").get<double>(), 2000);
  EXPECT_EQ(scan.at("verdict").get<std::string>(), "slower");
  EXPECT_TRUE(scan.at("timing").at("gated").get<bool>());
  EXPECT_TRUE(scan.at("timing").at("regressed").get<bool>());
  // Half the throughput: twice the time, 100% slower (timing_words.h).
  EXPECT_NEAR(scan.at("timing").at("slowdown").get<double>(), 1.0, 1e-9);
  EXPECT_NEAR(scan.at("timing").at("cpu_slowdown").get<double>(), 1.0, 1e-9);
  EXPECT_NEAR(scan.at("metrics").at("puzzles_per_s").at("ratio").get<double>(),
              0.5, 1e-9);
}

TEST(ComparisonJson, RefusalIsExitTwo) {
  auto current = Report({Entry("dlx")});
  current[0].row.dataset_sha256 = "bbbb";
  std::ostringstream out;
  WriteComparisonJson(out, CompareReports(Report({Entry("dlx")}), current, {}),
                      "a", "b");
  const nlohmann::json json = ParseJson(out.str());
  EXPECT_EQ(json.at("verdict").get<std::string>(), "refused");
  EXPECT_EQ(json.at("exit_code").get<double>(), 2);
  EXPECT_EQ(json.at("refusals").size(), 1u);
}

TEST(BenchmarkJson, BiggerIsBetterIsThroughputWithItsRange) {
  std::ostringstream out;
  WriteBenchmarkJson(out, Report({Entry("dlx", 1000, 0.2)}), true);
  const nlohmann::json json = ParseJson(out.str());
  ASSERT_EQ(json.size(), 1u);
  EXPECT_EQ(json.at(0).at("name").get<std::string>(),
            "regression.txt/dlx limit=2 max_nodes=2000: puzzles/s");
  EXPECT_EQ(json.at(0).at("unit").get<std::string>(), "puzzles/s");
  EXPECT_EQ(json.at(0).at("value").get<double>(), 1000);
  EXPECT_EQ(json.at(0).at("range").get<std::string>(), "± 100");
  EXPECT_TRUE(json.at(0).contains("extra"));
}

TEST(BenchmarkJson, SmallerIsBetterIsNodesAndLatency) {
  auto rows = Report({Entry("dlx"), Entry("bands")});
  rows[1].row.repeats = 1;
  std::ostringstream out;
  WriteBenchmarkJson(out, rows, false);
  const nlohmann::json json = ParseJson(out.str());
  ASSERT_EQ(json.size(), 6u);
  EXPECT_EQ(json.at(0).at("unit").get<std::string>(), "nodes");
  EXPECT_EQ(json.at(0).at("value").get<double>(), 12345);
  EXPECT_EQ(json.at(1).at("unit").get<std::string>(), "us");
  EXPECT_EQ(json.at(2).at("value").get<double>(), 100);
  for (size_t i = 0; i < json.size(); ++i) {
    EXPECT_TRUE(json.at(i).contains("name") && json.at(i).contains("unit") &&
                json.at(i).contains("value"));
    EXPECT_FALSE(json.at(i).contains("range"));
  }
}

// The layout is pinned: one entry per line, as the hand-written files were
// before nlohmann wrote them, so tracked files do not churn.
TEST(BenchmarkJson, OneEntryPerLine) {
  auto rows = Report({Entry("dlx", 1000, 0.2)});
  rows[0].row.strategy = "say \"hi\"\t\x01";
  rows[0].manifest.git_revision = "abc";
  std::ostringstream out;
  WriteBenchmarkJson(out, rows, true);
  EXPECT_EQ(out.str(),
            "[\n"
            "  {\"name\": \"regression.txt/say \\\"hi\\\"\\t\\u0001 limit=2 "
            "max_nodes=2000: puzzles/s\", \"unit\": \"puzzles/s\", \"value\": "
            "1000, \"range\": \"± 100\", \"extra\": \"median of 3 rounds, 2 "
            "threads, abc, cpu A\"}\n"
            "]\n");
  std::ostringstream empty;
  WriteBenchmarkJson(empty, {}, false);
  EXPECT_EQ(empty.str(), "[\n]\n");
}

TEST(JsonNumber, IntegersPlainOthersToTenDigitsNonFiniteNull) {
  EXPECT_EQ(JsonNumber(3.0).dump(), "3");
  EXPECT_EQ(JsonNumber(-12.0).dump(), "-12");
  EXPECT_EQ(JsonNumber(0.1).dump(), "0.1");
  EXPECT_EQ(JsonNumber(2.0 / 3.0).dump(), "0.6666666667");
  EXPECT_EQ(JsonNumber(1234567.891234).dump(), "1234567.891");
  EXPECT_EQ(JsonNumber(0.000012345).dump(), "1.2345e-05");
  EXPECT_EQ(JsonNumber(std::nan("")).dump(), "null");
  EXPECT_EQ(JsonNumber(1.0 / 0.0).dump(), "null");
}

TEST(ComparisonJson, OneRowPerFewLines) {
  const auto base = Report({Entry("dlx")});
  std::ostringstream out;
  WriteComparisonJson(out, CompareReports(base, base, {}), "b", "c");
  const std::string text = out.str();
  EXPECT_EQ(text.substr(0, text.find("\"rows\"")),
            "{\n"
            "  \"verdict\": \"pass\",\n"
            "  \"exit_code\": 0,\n"
            "  \"baseline\": \"b\",\n"
            "  \"current\": \"c\",\n"
            "  \"options\": {\"max_slowdown\": 0.1, \"min_repeats\": 3, "
            "\"gate_timing\": true},\n"
            "  \"refusals\": [],\n"
            "  \"summary\": {\"same\": 1, \"changed\": 0, \"slower\": 0, "
            "\"missing\": 0, \"new\": 0},\n  ");
  EXPECT_NE(
      text.find("\"rows\": [\n    {\"dataset\": \"regression.txt\", "
                "\"strategy\": \"dlx\", \"limit\": 2, \"max_nodes\": 2000, "
                "\"verdict\": \"same\", \"verdict_words\": \"same\",\n     "
                "\"changed\": [],\n     "
                "\"metrics\": {\"solved\": {\"baseline\": 90, "),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("\"note\": \"gated: as fast; detection limit 10.0% "
                      "slower\"}}\n  ]\n}\n"),
            std::string::npos)
      << text;
}

TEST(Rounds, SummaryIsTheMedianRoundWithItsExtremes) {
  std::vector<ReportRow> rounds(3, Entry("dlx").row);
  rounds[0].puzzles_per_s = 900;
  rounds[0].p50_us = 1;
  rounds[1].puzzles_per_s = 1200;
  rounds[1].p50_us = 2;
  rounds[2].puzzles_per_s = 1000;
  rounds[2].p50_us = 3;
  EXPECT_EQ(MedianRound(rounds), 2u);
  const ReportRow row = SummarizeRounds(rounds);
  EXPECT_EQ(row.repeats, 3);
  EXPECT_EQ(row.puzzles_per_s, 1000);
  EXPECT_EQ(row.puzzles_per_s_min, 900);
  EXPECT_EQ(row.puzzles_per_s_max, 1200);
  EXPECT_EQ(row.p50_us, 3);  // from the median round
}

TEST(Rounds, EvenCountTakesTheMeanOfTheMiddleTwo) {
  std::vector<ReportRow> rounds(4, Entry("dlx").row);
  const double rates[] = {400, 100, 300, 200};
  for (size_t i = 0; i < 4; ++i) rounds[i].puzzles_per_s = rates[i];
  EXPECT_EQ(MedianRound(rounds), 3u);  // 200, the lower middle
  const ReportRow row = SummarizeRounds(rounds);
  EXPECT_EQ(row.puzzles_per_s, 250);
  EXPECT_EQ(row.puzzles_per_s_min, 100);
  EXPECT_EQ(row.puzzles_per_s_max, 400);
}

TEST(Rounds, SearchDifferencesNameEveryDeterministicField) {
  const ReportRow a = Entry("dlx").row;
  ReportRow b = Entry("dlx", 5).row;  // other timing: not a difference
  EXPECT_TRUE(SearchDifferences(a, b).empty());
  b.multiple = 3;
  b.no_guess_pct = 12.5;
  EXPECT_EQ(SearchDifferences(a, b),
            (std::vector<std::string>{"multiple 0 -> 3",
                                      "no_guess_pct 0 -> 12.500"}));
}

// What CsvReporter writes, ReadCsvReport reads back.
TEST(CsvReader, ReadsWhatTheReporterWrites) {
  DatasetResult result;
  result.path = "data/a,b.txt";
  result.sha256 = "00ff";
  result.wall_s = 2;
  StrategyStats stats;
  stats.Add({Verdict::kSolved, 1000, 10, true});
  stats.Add({Verdict::kOverBudget, 3000, 50, true});
  result.stats = {stats, stats};
  RunOptions options;
  options.strategies = {FindStrategy("bitmask"), FindStrategy("dlx")};
  options.solution_limit = 2;
  options.max_nodes = kUnlimitedNodes;
  options.threads = 3;
  std::vector<ReportRow> rows = MakeRows(result, options);
  rows[1].max_nodes = 50;
  rows[1].repeats = 5;
  rows[1].puzzles_per_s_min = 0.5;
  rows[1].puzzles_per_s_max = 2.5;
  const Manifest manifest = {"0.1.0",
                             "abc",
                             "GNU 12",
                             "-O3",
                             "CPU, \"2\" cores",
                             "2026-01-01T00:00:00Z",
                             1,
                             "test-host:1"};
  std::stringstream csv;
  CsvReporter(csv).ReportPass(manifest, result, rows);
  const std::vector<ReportEntry> read = ReadCsvReport(csv, "mem.csv");
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0].line, 2u);
  EXPECT_EQ(read[0].row.dataset, "a,b.txt");
  EXPECT_EQ(read[0].row.strategy, "bitmask");
  EXPECT_EQ(read[0].row.max_nodes, kUnlimitedNodes);
  EXPECT_EQ(read[0].row.threads, 3);
  EXPECT_EQ(read[0].row.solved, 1u);
  EXPECT_EQ(read[0].row.over_budget, 1u);
  EXPECT_EQ(read[0].row.nodes_total, 60u);
  EXPECT_EQ(read[0].row.repeats, 1);
  EXPECT_EQ(read[0].row.dataset_sha256, "00ff");
  EXPECT_EQ(read[0].manifest.cpu, "CPU, \"2\" cores");
  EXPECT_EQ(read[1].row.strategy, "dlx");
  EXPECT_EQ(read[1].row.max_nodes, 50u);
  EXPECT_EQ(read[1].row.repeats, 5);
  EXPECT_EQ(read[1].row.puzzles_per_s_max, 2.5);
  EXPECT_TRUE(SearchDifferences(read[0].row, rows[0]).empty());
}

std::string ValidCsv() {
  std::ostringstream csv;
  DatasetResult result;
  result.path = "x.txt";
  result.stats.resize(1);
  RunOptions options;
  options.strategies = {FindStrategy("dlx")};
  CsvReporter(csv).ReportPass({}, result, MakeRows(result, options));
  return csv.str();
}

TEST(CsvReader, ReportsFromBeforeRepeatReadAsOneRound) {
  std::istringstream csv(ValidCsv());
  // Drop the three columns appended for --repeat, and the three after them.
  std::string text, line;
  while (std::getline(csv, line)) {
    for (int i = 0; i < 6; ++i) line.erase(line.rfind(','));
    text += line + "\r\n";  // and read CRLF line ends
  }
  std::istringstream old(text);
  const auto read = ReadCsvReport(old, "old.csv");
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].row.repeats, 1);
  EXPECT_EQ(read[0].row.puzzles_per_s_min, read[0].row.puzzles_per_s);
  EXPECT_EQ(read[0].row.errors, 0u);  // no process strategy could err then
}

TEST(CsvReader, ReportsFromBeforePluginsReadAsBuiltIn) {
  std::istringstream csv(ValidCsv());
  std::string text, line;
  while (std::getline(csv, line)) {
    for (int i = 0; i < 2; ++i) line.erase(line.rfind(','));
    text += line + "\n";
  }
  std::istringstream old(text);
  const auto read = ReadCsvReport(old, "old.csv");
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].row.strategy_origin, "built in");
  EXPECT_EQ(read[0].row.strategy_sha256, "");
}

TEST(Compare, AChangedPluginBuildIsNotedAndStillCompared) {
  auto base = Report({Entry("base:x"), Entry("dlx")});
  auto cur = base;
  base[0].row.strategy_origin = cur[0].row.strategy_origin = "old/libx.so";
  base[0].row.strategy_sha256 = "1a2b3c4d5e6f7a8b9c0d";
  cur[0].row.strategy_sha256 = "5e6f7a8b9c0d1e2f3a4b";
  cur[0].row.nodes_total += 1;
  const Comparison c = CompareReports(base, cur, {});
  const RowComparison& plugin = Row(c, "base:x");
  EXPECT_EQ(plugin.build_note,
            "plugin build changed: sha256 1a2b3c4d5e6f... -> 5e6f7a8b9c0d...");
  EXPECT_EQ(plugin.verdict, RowVerdict::kChanged);  // compared as usual
  EXPECT_EQ(Row(c, "dlx").build_note, "");
  std::ostringstream table;
  PrintComparison(table, c);
  EXPECT_NE(table.str().find("  [changed, worse]\n    plugin build changed: sha256 "
                             "1a2b3c4d5e6f... -> 5e6f7a8b9c0d...\n"),
            std::string::npos)
      << table.str();
  std::ostringstream json;
  WriteComparisonJson(json, c, "b", "c");
  const nlohmann::json parsed = ParseJson(json.str());
  EXPECT_EQ(parsed["rows"][0]["build_note"],
            "plugin build changed: sha256 1a2b3c4d5e6f... -> 5e6f7a8b9c0d...");
  EXPECT_FALSE(parsed["rows"][1].contains("build_note"));
}

TEST(Compare, BuildChangeNamesAMovedOriginAndAPluginThatBecameBuiltIn) {
  ReportRow a, b;
  EXPECT_EQ(BuildChange(a, b), "");
  b.strategy_origin = "exec: ./solver";
  EXPECT_EQ(BuildChange(a, b), "strategy origin built in -> exec: ./solver");
  a.strategy_origin = "lib/x.so";
  a.strategy_sha256 = "abcd";
  b.strategy_origin = "built in";
  EXPECT_EQ(BuildChange(a, b),
            "plugin build changed: sha256 abcd -> none; origin lib/x.so -> "
            "built in");
}

void ExpectRejected(const std::string& text, const std::string& message) {
  std::istringstream in(text);
  try {
    ReadCsvReport(in, "bad.csv");
    ADD_FAILURE() << "accepted: " << text;
  } catch (const ReportFormatError& error) {
    EXPECT_NE(std::string(error.what()).find(message), std::string::npos)
        << error.what();
  }
}

TEST(CsvReader, RejectsWhatIsNotAReport) {
  ExpectRejected("", "bad.csv: empty");
  ExpectRejected("a,b\n1,2\n", "no column 'dataset'");
  const std::string good = ValidCsv();
  const std::string header = good.substr(0, good.find('\n') + 1);
  const std::string row = good.substr(header.size());
  const size_t columns = ReportColumns().size();
  ExpectRejected(header + row.substr(0, row.rfind(',')) + "\n",
                 "bad.csv:2: " + std::to_string(columns - 1) +
                     " fields, the header has " + std::to_string(columns));
  std::string bad_number = row;
  bad_number.replace(bad_number.find(",dlx,1,") + 5, 1, "x");
  ExpectRejected(header + bad_number, "bad.csv:2: column limit: not a number");
  ExpectRejected(header + "\"never closed," + row, "never ends");
  ExpectRejected("dataset,dataset\n", "column 'dataset' twice");
}

TEST(CsvReader, MissingFileIsAFormatError) {
  EXPECT_THROW(ReadCsvReportFile("/no/such/report.csv"), ReportFormatError);
}

}  // namespace
}  // namespace sudoku
