// compare and history judge puzzles per CPU-second by the solves' time less
// the time off the CPU (puzzles_per_cpu_s) where the reports have it, and by
// the pass's process CPU time, for both sides, where one does not.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/compare/compare.h"
#include "engine/compare/judged_timing.h"
#include "engine/history/history_series.h"
#include "engine/history/history_store.h"
#include "engine/report/report.h"

namespace sudoku {
namespace {

using Entries = std::vector<ReportEntry>;

// A row of a three-round report whose wall throughput fell by half, as a
// stall would make it: the pass's CPU time says 2x slower, the solves' CPU
// time (when given) says whatever `cpu_rate` says.
ReportEntry Entry(double puzzles_per_s, double pass_cpu_s, double cpu_rate) {
  ReportEntry e;
  ReportRow& r = e.row;
  r.dataset = "regression.txt";
  r.strategy = "dlx";
  r.limit = 2;
  r.threads = 2;
  r.puzzles = 100;
  r.solved = 100;
  r.puzzles_per_s = puzzles_per_s;
  r.puzzles_per_s_min = puzzles_per_s * 0.99;
  r.puzzles_per_s_max = puzzles_per_s * 1.01;
  r.repeats = 3;
  r.pass_cpu_s = pass_cpu_s;
  r.pass_wall_s = r.wall_s = 100 / puzzles_per_s;
  r.puzzles_per_cpu_s = cpu_rate;
  r.solve_cpu_s = cpu_rate > 0 ? 100 / cpu_rate : 0;
  r.dataset_sha256 = "aaaa";
  e.manifest.cpu = "cpu A";
  e.line = 2;
  return e;
}

TEST(CpuMeasureTest, CompareReadsTheSolvesCpuTimeWhenBothHaveIt) {
  // The pass's CPU time doubled (a stall inside a solve, other work of the
  // pass), the solves' CPU time held: no regression.
  const Comparison held = CompareReports(Entries{Entry(1000, 0.1, 5000)},
                                         Entries{Entry(500, 0.2, 4950)}, {});
  // timing_words' slowdown: old rate / new rate - 1.
  EXPECT_NEAR(held.rows[0].timing.cpu_slowdown, 5000.0 / 4950 - 1, 1e-9);
  EXPECT_FALSE(held.rows[0].timing.regressed);
  EXPECT_EQ(held.ExitCode(), 0);
  // The solves' CPU time doubled too: slower.
  const Comparison slower = CompareReports(Entries{Entry(1000, 0.1, 5000)},
                                           Entries{Entry(500, 0.2, 2500)}, {});
  EXPECT_NEAR(slower.rows[0].timing.cpu_slowdown, 1.0, 1e-9);
  EXPECT_TRUE(slower.rows[0].timing.regressed);
}

TEST(CpuMeasureTest, CompareFallsBackToThePassForAnOlderReport) {
  // The baseline predates puzzles_per_cpu_s: both sides by the pass.
  const Comparison c = CompareReports(Entries{Entry(1000, 0.1, 0)},
                                      Entries{Entry(500, 0.2, 4950)}, {});
  EXPECT_NEAR(c.rows[0].timing.cpu_slowdown, 1.0, 1e-9);
}

TEST(CpuMeasureTest, RowFigureFallsBackToThePassShare) {
  EXPECT_DOUBLE_EQ(CpuPuzzlesPerSecond(Entry(1000, 0.1, 5000).row), 5000);
  // 100 puzzles over the whole pass's 0.1 CPU-seconds (wall_s is the pass).
  EXPECT_DOUBLE_EQ(CpuPuzzlesPerSecond(Entry(1000, 0.1, 0).row), 1000);
  EXPECT_DOUBLE_EQ(PassCpuPuzzlesPerSecond(Entry(1000, 0.1, 5000).row), 1000);
}

TEST(CpuMeasureTest, OneMeasureIsChosenForAllTheRowsJudgedTogether) {
  const ReportRow thread = Entry(1000, 0.1, 5000).row;
  const ReportRow pass = Entry(1000, 0.1, 0).row;
  ReportRow wall = pass;
  wall.pass_cpu_s = 0;
  EXPECT_EQ(CommonTimingMeasure(thread, thread), TimingMeasure::kThreadCpu);
  EXPECT_EQ(CommonTimingMeasure(thread, pass), TimingMeasure::kPassCpu);
  EXPECT_EQ(CommonTimingMeasure(pass, wall), TimingMeasure::kWall);
  EXPECT_DOUBLE_EQ(MeasuredThroughput(thread, TimingMeasure::kPassCpu), 1000);
  EXPECT_DOUBLE_EQ(MeasuredThroughput(thread, TimingMeasure::kWall), 1000);
}

TEST(CpuMeasureTest, ThePassFallbackSplitsAMultiStrategyPass) {
  // Two older reports of one strategy's row: its share of the pass's wall
  // time doubled (the other strategy of the pass got faster), the pass's CPU
  // time held. By its share it is 2x slower; by puzzles / pass_cpu_s, which
  // compare read before, it would not have moved at all.
  ReportEntry base = Entry(1000, 0.1, 0), cur = Entry(1000, 0.1, 0);
  base.row.pass_wall_s = 2 * base.row.wall_s;
  const Comparison c = CompareReports(Entries{base}, Entries{cur}, {});
  EXPECT_NEAR(c.rows[0].timing.cpu_slowdown, 1.0, 1e-9);
  // The page draws the figure the verdict went by.
  const JudgedTiming j =
      JudgeTiming(base.row, cur.row, c.rows[0].timing, CompareOptions{});
  EXPECT_EQ(j.key, "cpu");
  EXPECT_DOUBLE_EQ(j.baseline, PassCpuPuzzlesPerSecond(base.row));
  EXPECT_NEAR(j.ratio, j.current / j.baseline, 1e-12);
}

TEST(CpuMeasureTest, TheNoiseIsTheMeasuresOwnSpread) {
  // The wall clock's rounds spread 50% (preemptions), the CPU time's 1%: a
  // 20% slowdown in both is beyond the CPU time's noise and fails, where
  // the clock's spread would have hidden it.
  ReportEntry base = Entry(1000, 0.1, 5000), cur = Entry(833.3, 0.12, 4166.7);
  for (ReportEntry* e : {&base, &cur}) {
    ReportRow& r = e->row;
    r.puzzles_per_s_min = r.puzzles_per_s * 0.75;
    r.puzzles_per_s_max = r.puzzles_per_s * 1.25;
    r.puzzles_per_cpu_s_min = r.puzzles_per_cpu_s * 0.995;
    r.puzzles_per_cpu_s_max = r.puzzles_per_cpu_s * 1.005;
  }
  EXPECT_NEAR(MeasuredSpread(base.row, TimingMeasure::kThreadCpu), 0.01, 1e-9);
  EXPECT_NEAR(MeasuredSpread(base.row, TimingMeasure::kWall), 0.5, 1e-9);
  const Comparison c = CompareReports(Entries{base}, Entries{cur}, {});
  EXPECT_NEAR(c.rows[0].timing.noise, 0.01, 1e-6);
  EXPECT_TRUE(c.rows[0].timing.regressed);
  // Its detection limit: the 10% margin, larger than the noise; said.
  EXPECT_NEAR(c.rows[0].timing.detection_limit, 0.10, 1e-9);
  EXPECT_NE(c.rows[0].timing.note.find("; detection limit 10.0% slower"),
            std::string::npos)
      << c.rows[0].timing.note;
}

TEST(CpuMeasureTest, EveryGatedVerdictSaysItsDetectionLimit) {
  // The rows' CPU rounds spread 30%: a pass claims nothing under 30% slower.
  ReportEntry base = Entry(1000, 0.1, 5000), cur = base;
  for (ReportEntry* e : {&base, &cur}) {
    e->row.puzzles_per_cpu_s_min = 4250;
    e->row.puzzles_per_cpu_s_max = 5750;
  }
  const Comparison c = CompareReports(Entries{base}, Entries{cur}, {});
  EXPECT_FALSE(c.rows[0].timing.regressed);
  EXPECT_NEAR(c.rows[0].timing.detection_limit, 0.30, 1e-9);
  EXPECT_EQ(c.rows[0].timing.note,
            "gated: as fast; detection limit 30.0% slower");
}

TEST(CpuMeasureTest, RoundsKeepTheCpuTimesExtremes) {
  std::vector<ReportRow> rounds;
  for (double cpu : {5000.0, 4000.0, 6000.0}) {
    rounds.push_back(Entry(1000, 0.1, cpu).row);
  }
  const ReportRow row = SummarizeRounds(rounds);
  EXPECT_DOUBLE_EQ(row.puzzles_per_cpu_s, 5000);
  EXPECT_DOUBLE_EQ(row.puzzles_per_cpu_s_min, 4000);
  EXPECT_DOUBLE_EQ(row.puzzles_per_cpu_s_max, 6000);
}

StoredRun RunOf(int id, const std::string& commit, const ReportEntry& entry) {
  StoredRun run;
  run.id = id;
  run.commit = commit;
  run.branch = "main";
  run.results.push_back({id, entry, false});
  run.results.back().entry.manifest.date =
      "2026-12-0" + std::to_string(id) + "T00:00:00Z";
  return run;
}

TEST(CpuMeasureTest, HistorySeriesIsJudgedOnOneMeasure) {
  // Every run has the solves' CPU time: the series reads it.
  const auto modern = BuildSeries(std::vector<StoredRun>{RunOf(1, "c1", Entry(1000, 0.1, 5000)),
                                   RunOf(2, "c2", Entry(1000, 0.1, 5100))});
  ASSERT_EQ(modern.size(), 1u);
  EXPECT_DOUBLE_EQ(modern[0].points[0].cpu_puzzles_per_s, 5000);
  EXPECT_DOUBLE_EQ(modern[0].points[1].cpu_puzzles_per_s, 5100);
  // The first run predates it: every point by the pass's CPU time, so that
  // the change of measure (5x here) is no change point.
  const auto mixed = BuildSeries(std::vector<StoredRun>{RunOf(1, "c1", Entry(1000, 0.1, 0)),
                                  RunOf(2, "c2", Entry(1000, 0.1, 5100))});
  ASSERT_EQ(mixed.size(), 1u);
  EXPECT_DOUBLE_EQ(mixed[0].points[0].cpu_puzzles_per_s, 1000);
  EXPECT_DOUBLE_EQ(mixed[0].points[1].cpu_puzzles_per_s, 1000);
}

}  // namespace
}  // namespace sudoku
