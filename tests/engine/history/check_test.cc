// The history's series and check on runs made in memory: commits in the
// order first run, exact changes named by their first commit, a fall seen
// once in the rolling window, baselines by revision and by branch, the
// ledger's puzzles, revisions resolved or refused; and the ledger's
// encoding.
#include <gtest/gtest.h>

#include <sstream>

#include "engine/compare/timing_words.h"
#include "engine/history/history_check.h"
#include "engine/history/history_show.h"
#include "tests/engine/history/made_history.h"

namespace sudoku {
namespace {

using testing::History;

TEST(HistorySeries, CommitsInTheOrderFirstRunEachRunOnce) {
  History h;
  h.Run("a", 100).Run("b", 110).Run("a", 104);
  const std::vector<Series> series = h.Build();
  ASSERT_EQ(series.size(), 1u);
  ASSERT_EQ(series[0].points.size(), 2u);
  EXPECT_EQ(series[0].points[0].commit, "a");
  EXPECT_EQ(series[0].points[0].runs.size(), 2u);
  EXPECT_DOUBLE_EQ(series[0].points[0].puzzles_per_s, 102);  // the median
  EXPECT_DOUBLE_EQ(series[0].points[0].low, 99);
  EXPECT_DOUBLE_EQ(series[0].points[0].high, 104 * 1.01);
  EXPECT_EQ(series[0].points[1].commit, "b");
}

TEST(HistorySeries, RunsOfOneCommitThatSearchedDifferentlyFail) {
  History h;
  h.Run("a", 100).Run("b", 100, 1000).Run("b", 100, 1001);
  const HistoryCheck check = h.Check();
  ASSERT_EQ(check.series.size(), 1u);
  EXPECT_EQ(check.series[0].verdict, SeriesVerdict::kChanged);
  EXPECT_EQ(check.series[0].reasons[0],
            "runs of b searched differently: nodes_total 1000 in one run, "
            "1001 in another");
  EXPECT_EQ(check.ExitCode(), 1);
}

TEST(HistoryCheck, AnExactChangeFailsOnTheCommitThatMadeIt) {
  History h;
  h.Flat(5, 100).Run("x", 100, 1200);
  HistoryCheck check = h.Check();
  EXPECT_EQ(check.series[0].verdict, SeriesVerdict::kChanged);
  EXPECT_EQ(check.series[0].reasons[0],
            "nodes_total 1000 -> 1200, first at x (after c4)");
  // One commit later the change is history: listed, not failed.
  h.Run("y", 100, 1200);
  check = h.Check();
  EXPECT_EQ(check.series[0].verdict, SeriesVerdict::kPass);
  ASSERT_EQ(check.series[0].exact_changes.size(), 1u);
  EXPECT_EQ(
      check.series[0].points[check.series[0].exact_changes[0].index]->commit,
      "x");
  EXPECT_EQ(check.ExitCode(), 0);
}

TEST(HistoryCheck, AFallFailsOnceWhenFirstSeen) {
  History h;
  h.Flat(20, 1000);
  int failures = 0;
  std::string reason;
  for (int i = 0; i < 20; ++i) {
    h.Run("s" + std::to_string(i), 900 * (1 + 0.004 * (i % 3 - 1)));
    const HistoryCheck check = h.Check();
    if (check.series[0].verdict == SeriesVerdict::kSlower) {
      ++failures;
      reason = check.series[0].reasons[0];
    }
  }
  EXPECT_EQ(failures, 1);
  EXPECT_NE(reason.find(" slower) at s0 (p = "), std::string::npos) << reason;
}

// The scenario of issue 37: a step, checked after every commit, fails once;
// it stays known while its place and significance move from window to
// window, and when it leaves the window it does not come back as new.
TEST(HistoryCheck, AStepThatLeavesTheWindowDoesNotComeBack) {
  History h;
  h.Flat(30, 1000);
  CheckOptions options;
  options.window = 20;
  std::vector<std::string> failed;
  for (int i = 0; i < 45; ++i) {
    h.Run("s" + std::to_string(i), 960 * (1 + 0.004 * (i % 3 - 1)));
    const HistoryCheck check = h.Check(options);
    const SeriesCheck& s = check.series[0];
    if (s.verdict == SeriesVerdict::kSlower)
      failed.push_back(s.points.back()->commit);
    for (const ThroughputChange& c : s.changes) {
      // Every later check that still sees it names the check that reported it.
      if (!c.fresh && c.size < 0 && !failed.empty()) {
        EXPECT_EQ(c.reported_at, failed[0]) << s.points.back()->commit;
      }
    }
  }
  ASSERT_EQ(failed.size(), 1u);
}

// The size of a step is the step's, with an interval that holds it.
TEST(HistoryCheck, AFallIsSizedByTheStepNotTheSpread) {
  History h;
  h.Flat(20, 1000);
  for (int i = 0; i < 10; ++i) {
    h.Run("s" + std::to_string(i), 960 * (1 + 0.004 * (i % 3 - 1)));
  }
  const HistoryCheck check = h.Check();
  ASSERT_EQ(check.series[0].changes.size(), 1u);
  const ThroughputChange& c = check.series[0].changes[0];
  EXPECT_EQ(check.series[0].points[c.index]->commit, "s0");
  EXPECT_NEAR(c.size, -0.04, 0.005);
  EXPECT_LT(c.size_low, -0.04);
  EXPECT_GT(c.size_high, -0.04);
  EXPECT_GE(c.size_confidence, 0.95);
  // show and the HTML page say it in the timing words, never "-4.0%".
  const std::string text = ChangeText(c);
  EXPECT_EQ(text.rfind(SlowerWords(SlowdownOfRatio(1 + c.size)) + " (95% "
                       "interval ", 0), 0u) << text;
  EXPECT_EQ(text.find("-"), std::string::npos) << text;
}

// A planted improvement is a change point that the console shows, and it
// fails nothing (issue 49 item 3).
TEST(HistoryCheck, AnImprovementIsAChangePointThatPasses) {
  History h;
  h.Flat(20, 1000);
  for (int i = 0; i < 10; ++i) {
    h.Run("u" + std::to_string(i), 1047 * (1 + 0.004 * (i % 3 - 1)));
  }
  const HistoryCheck check = h.Check();
  ASSERT_EQ(check.series[0].changes.size(), 1u);
  const ThroughputChange& c = check.series[0].changes[0];
  EXPECT_EQ(check.series[0].points[c.index]->commit, "u0");
  EXPECT_NEAR(c.size, 0.047, 0.005);
  EXPECT_EQ(check.series[0].verdict, SeriesVerdict::kPass);
  EXPECT_EQ(check.ExitCode(), 0);
  std::ostringstream out;
  PrintHistoryCheck(out, check);
  EXPECT_NE(out.str().find("faster at u0"), std::string::npos) << out.str();
}

// CPU time is judged by default; the wall clock on asking, or where a
// commit has none; either way the verdict says which.
TEST(HistoryCheck, JudgesCpuTimeByDefaultAndSaysWhich) {
  History h;
  // The wall clock fell 30% from k10 on (a busy machine), the CPU time
  // did not move.
  for (int i = 0; i < 20; ++i) {
    const double jitter = 1 + 0.004 * (i % 3 - 1);
    h.Run("k" + std::to_string(i), (i < 10 ? 1000 : 700) * jitter, 1000, "main",
          500 * jitter);
  }
  HistoryCheck check = h.Check();
  EXPECT_EQ(check.series[0].measure, Measure::kCpu);
  EXPECT_EQ(check.series[0].verdict, SeriesVerdict::kPass);
  EXPECT_NE(check.mode.find("(puzzles per CPU-second)"), std::string::npos);
  CheckOptions wall;
  wall.measure = Measure::kWall;
  EXPECT_TRUE(h.Check(wall).series[0].changes.size() == 1);
  // A run without CPU time: the series falls back to the wall clock.
  ReportEntry old = testing::DlxEntry();
  old.row.pass_cpu_s = 0;
  h.Add("k20", old);
  check = h.Check();
  EXPECT_EQ(check.series[0].measure, Measure::kWall);
  std::ostringstream out;
  PrintHistoryCheck(out, check);
  EXPECT_NE(out.str().find("  judged on puzzles/s (wall clock): a commit of "
                           "it has no CPU time\n"),
            std::string::npos)
      << out.str();
}

TEST(HistoryCheck, MarkdownNamesEachSeriesThatFailedWithItsSize) {
  History h;
  h.Flat(20, 1000);
  for (int i = 0; i < 4; ++i) h.Run("s" + std::to_string(i), 900);
  h.Run("s4", 900, 1200);
  std::ostringstream out;
  const HistoryCheck check = h.Check();
  WriteHistoryCheckMarkdown(out, check);
  const std::string testbed = check.series[0].key.Testbed();
  EXPECT_EQ(out.str(),
            "### bench history check: FAIL (exit 1)\n"
            "\n"
            "Each series' newest commit against the one before (exact columns) "
            "and its last 60 commits (puzzles per CPU-second): 1 changed, 1 "
            "slower, 0 pass, 0 new.\n"
            "\n"
            "| series | branch | newest | verdict | what changed |\n"
            "|---|---|---|---|---|\n"
            "| regression.txt dlx limit 2 budget 2,000 2 threads on " +
                testbed +
                " | main | s4 | **changed, slower** | puzzles per CPU-second: "
                "11.1% slower "
                "(95% interval 10.6% slower to 11.8% slower) at s0 (p = 0.010, "
                "99.0% confidence), first seen now, 5 commits after it; since "
                "then 11.1% slower than the level before<br>nodes_total 1000 "
                "-&gt; 1200, "
                "first at s4 (after s3) |\n"
                "\n");
}

// The console says each timing in the words of timing_words.h: a change
// point as a slowdown with its interval, no signed throughput change, and
// the verdict line counts the series that carry each word.
TEST(HistoryCheck, TheConsoleSaysChangePointsInTimingWords) {
  History h;
  h.Flat(20, 1000);
  for (int i = 0; i < 4; ++i) h.Run("s" + std::to_string(i), 900);
  h.Run("s4", 900, 1200);
  std::ostringstream out;
  PrintHistoryCheck(out, h.Check());
  EXPECT_NE(out.str().find("judged: [changed, slower]"), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("change point: puzzles per CPU-second 11.1% slower "
                           "at s0 (95% interval 10.6% slower to 11.8% slower; "),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("verdict: FAIL (exit 1): 1 changed, 1 slower, 0 "
                           "pass, 0 new"),
            std::string::npos)
      << out.str();
  EXPECT_EQ(out.str().find("-1"), std::string::npos) << out.str();
}

TEST(HistoryCheck, MaxSlowdownLetsASmallFallPass) {
  History h;
  h.Flat(20, 1000);
  CheckOptions options;
  options.max_slowdown_pct = 15;
  for (int i = 0; i < 20; ++i) {
    h.Run("s" + std::to_string(i), 900 * (1 + 0.004 * (i % 3 - 1)));
    EXPECT_EQ(h.Check(options).ExitCode(), 0);
  }
}

TEST(HistoryCheck, AgainstARevisionNamesTheFirstChange) {
  History h;
  h.Flat(3, 100).Run("base", 100).Flat(3, 100).Run("m", 100, 1500);
  h.Flat(2, 100);  // nodes back to 1000 here: the newest equals base
  CheckOptions options;
  options.against = "base";
  HistoryCheck check = h.Check(options);
  EXPECT_EQ(check.series[0].verdict, SeriesVerdict::kPass);
  h.Run("n", 100, 1500);
  check = h.Check(options);
  EXPECT_EQ(check.series[0].verdict, SeriesVerdict::kChanged);
  EXPECT_EQ(check.series[0].reasons[0],
            "nodes_total 1000 -> 1500, first at m (after c6)");
}

TEST(HistoryCheck, AgainstABranchJudgesTheOtherBranches) {
  History h;
  h.Flat(30, 1000);  // main
  for (int i = 0; i < 12; ++i) {
    h.Run("f" + std::to_string(i), 800 * (1 + 0.004 * (i % 3 - 1)), 1000,
          "feature");
  }
  CheckOptions options;
  options.against = "main";
  const HistoryCheck check = h.Check(options);
  ASSERT_EQ(check.series.size(), 1u);
  EXPECT_EQ(check.series[0].key.branch, "feature");
  EXPECT_EQ(check.series[0].verdict, SeriesVerdict::kSlower);
  // 1,000 to about 800 puzzles per CPU-second: each takes about 25% longer.
  EXPECT_NE(check.series[0].reasons[0].find("puzzles per CPU-second: 24.9% "
                                            "slower from c29 to f11"),
            std::string::npos)
      << check.series[0].reasons[0];
}

TEST(HistoryCheck, AnUnknownRevisionIsRefused) {
  History h;
  h.Flat(3, 100);
  CheckOptions options;
  options.against = "deadbeef";
  try {
    h.Check(options);
    FAIL() << "checked against a revision never run";
  } catch (const HistoryError& error) {
    EXPECT_EQ(std::string(error.what()),
              "unknown revision deadbeef: no run of it is recorded (bench "
              "history show lists the commits)");
  }
}

TEST(HistorySeries, RevisionsByPrefixAndDates) {
  History h;
  h.Run("a1b2c3d", 100).Run("a1b2fff", 100).Run("9f8e7d6-dirty", 100);
  h.Run("v1.2-3-g0123abcd", 100);
  EXPECT_EQ(ResolveCommit(h.runs(), "a1b2c3d4e5f6a7b8"), "a1b2c3d");
  EXPECT_EQ(ResolveCommit(h.runs(), "9f8e"), "9f8e7d6-dirty");
  EXPECT_EQ(ResolveCommit(h.runs(), "9f8e7d6aaaa"), "9f8e7d6-dirty");
  EXPECT_EQ(ResolveCommit(h.runs(), "0123abcdef0123"), "v1.2-3-g0123abcd");
  EXPECT_THROW(ResolveCommit(h.runs(), "a1b2"), HistoryError);  // ambiguous
  EXPECT_THROW(ResolveCommit(h.runs(), "a1b"), HistoryError);   // too short
  EXPECT_TRUE(LooksLikeDate("2026-12-01"));
  EXPECT_TRUE(LooksLikeDate("2026-12-01T10:00:00Z"));
  EXPECT_FALSE(LooksLikeDate("a1b2c3d"));
  std::vector<Series> series = h.Build();
  KeepSince(series, "a1b2fff", h.runs());
  ASSERT_EQ(series[0].points.size(), 3u);
  EXPECT_EQ(series[0].points[0].commit, "a1b2fff");
}

TEST(HistoryShow, TablesNoteChangesAtTheirCommits) {
  History h;
  h.Flat(4, 100).Run("x", 100, 1200);
  std::ostringstream out;
  PrintHistory(out, h.Build(), Measure::kWall, {});
  EXPECT_NE(out.str().find("nodes_total 1000 -> 1200"), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("regression.txt dlx limit 2 budget 2,000 2 "
                           "threads [main]"),
            std::string::npos)
      << out.str();
}

TEST(HistoryLedger, EncodesInAboutTwoBytesAPuzzle) {
  std::vector<LedgerEntry> ledger;
  for (uint64_t line = 3; line < 1003; ++line) {
    ledger.push_back(
        {line, line % 11 ? Verdict::kSolved : Verdict::kMultiple, line % 100});
  }
  const SqlBlob bytes = EncodeLedger(ledger);
  EXPECT_EQ(bytes.size(), 2000u);  // one byte of line and outcome, one of nodes
  EXPECT_EQ(DecodeLedger(bytes), ledger);
  ledger.push_back({1002, Verdict::kSolved, 1});
  EXPECT_THROW(EncodeLedger(ledger), HistoryError);
  EXPECT_THROW(DecodeLedger(SqlBlob{0x80}), HistoryError);
}

TEST(HistoryLedger, DifferencesInLineOrder) {
  const std::vector<LedgerEntry> before = {{2, Verdict::kSolved, 5},
                                           {3, Verdict::kSolved, 7},
                                           {5, Verdict::kSolved, 9}};
  const std::vector<LedgerEntry> after = {{2, Verdict::kSolved, 5},
                                          {3, Verdict::kOverBudget, 8},
                                          {4, Verdict::kSolved, 1}};
  size_t total = 0;
  const auto d = LedgerDifferences(before, after, 2, &total);
  EXPECT_EQ(total, 3u);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].line, 3u);
  EXPECT_EQ(d[1].line, 4u);
  EXPECT_EQ(d[1].before, nullptr);
}

}  // namespace
}  // namespace sudoku
