// The history's series and check on runs made in memory: commits in the
// order first run, exact changes named by their first commit, a fall seen
// once in the rolling window, baselines by revision and by branch, the
// ledger's puzzles, revisions resolved or refused; and the ledger's
// encoding.
#include <gtest/gtest.h>

#include <sstream>

#include "engine/history/history_check.h"
#include "engine/history/history_show.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

// The dlx row of the committed baseline report.
ReportEntry DlxEntry() {
  for (ReportEntry& e : ReadCsvReportFile(std::string(SUDOKU_SOURCE_DIR) +
                                          "/bench/baseline/regression.csv")) {
    if (e.row.strategy == "dlx") return e;
  }
  ADD_FAILURE() << "no dlx row";
  return {};
}

class History {
 public:
  // A run of `commit` on `branch` at throughput `rate` and `nodes` in total.
  History& Run(const std::string& commit, double rate, uint64_t nodes = 1000,
               const std::string& branch = "main") {
    ReportEntry e = DlxEntry();
    e.row.puzzles_per_s = rate;
    e.row.puzzles_per_s_min = rate * 0.99;
    e.row.puzzles_per_s_max = rate * 1.01;
    e.row.nodes_total = nodes;
    char date[32];
    std::snprintf(date, sizeof(date), "2026-12-01T%02d:%02d:00Z",
                  static_cast<int>(runs_.size() / 60),
                  static_cast<int>(runs_.size() % 60));
    e.manifest.date = date;
    const int64_t id = static_cast<int64_t>(runs_.size()) + 1;
    runs_.push_back({id,
                     "r.csv",
                     "sha",
                     commit,
                     branch,
                     "",
                     date,
                     date,
                     {{id * 10, e, false}}});
    return *this;
  }
  // `count` commits "cK" at `rate`, with 1% noise from a fixed sequence.
  History& Flat(int count, double rate, const std::string& prefix = "c") {
    static const double kNoise[] = {0.004,  -0.008, 0.011, -0.002, 0.006,
                                    -0.011, 0.001,  0.009, -0.005, -0.003};
    for (int i = 0; i < count; ++i) {
      Run(prefix + std::to_string(runs_.size()),
          rate * (1 + kNoise[runs_.size() % 10]));
    }
    return *this;
  }
  const std::vector<StoredRun>& runs() const { return runs_; }
  std::vector<Series> Build() const { return BuildSeries(runs_); }

  HistoryCheck Check(const CheckOptions& options = {}) {
    series_ = Build();
    std::vector<Series> judged, baselines;
    for (Series& s : series_) {
      (s.key.branch == options.against ? baselines : judged).push_back(s);
    }
    judged_ = std::move(judged);
    baselines_ = std::move(baselines);
    return CheckHistory(judged_, baselines_, runs_, options,
                        [](int64_t) { return std::vector<LedgerEntry>{}; });
  }

 private:
  std::vector<StoredRun> runs_;
  std::vector<Series> series_, judged_, baselines_;
};

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
  EXPECT_NE(reason.find("% at s0 (p = "), std::string::npos) << reason;
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
  EXPECT_NE(check.series[0].reasons[0].find("puzzles/s fell 20.0% from c29 "
                                            "to f11"),
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
  PrintHistory(out, h.Build(), {});
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
