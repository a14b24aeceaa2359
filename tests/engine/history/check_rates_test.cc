// The rolling check measured as CI runs it, after every commit, on seeded
// synthetic series: false alarms per 100 steady commits, and how many
// commits after a 3%, 5% or 10% step the check first fails, where it places
// the step and how big it says it is. docs/history.md quotes the figures;
// the test asserts the headline ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

#include "engine/history/history_check.h"
#include "engine/stats/quantile.h"

namespace sudoku {
namespace {

// Box-Muller over SplitMix64, as change_points_test.cc: the same series on
// every run, so the same figures.
class Noise {
 public:
  explicit Noise(uint64_t seed) : random_(seed) {}
  double Uniform() {
    return static_cast<double>(random_.Next() >> 11) * 0x1.0p-53;
  }
  double Gaussian() {
    const double u = std::max(Uniform(), 1e-300);
    return std::sqrt(-2 * std::log(u)) *
           std::cos(2 * std::numbers::pi * Uniform());
  }
  // log(throughput) noise: `sd` Gaussian, and with `heavy` one commit in 20
  // that a busy machine made 10% to 40% slower.
  double Log(double sd, bool heavy) {
    double z = sd * Gaussian();
    if (heavy && Uniform() < 0.05) z += std::log(0.9 - 0.3 * Uniform());
    return z;
  }

 private:
  SplitMix64 random_;
};

// A series of commits whose throughput (by either measure) the test sets;
// every commit shares one stored row, so the exact columns never change.
class Simulated {
 public:
  Simulated() {
    result_.entry.row.dataset = "synthetic.txt";
    result_.entry.row.strategy = "s";
  }
  void Add(double log_rate) {
    SeriesPoint p;
    p.commit = "c" + std::to_string(series_.points.size());
    p.runs = {&result_};
    p.puzzles_per_s = p.low = p.high = std::exp(log_rate);
    p.cpu_puzzles_per_s = p.cpu_low = p.cpu_high = p.puzzles_per_s;
    series_.points.push_back(p);
  }
  // The rolling check of the newest commit, as bench history check makes
  // it (the memo only spares working out the replayed windows again).
  // Its points point into the series judged, kept until the next Check.
  SeriesCheck Check() {
    judged_ = {series_};
    CheckOptions options;
    options.memo = &memo_;
    const HistoryCheck check =
        CheckHistory(judged_, {}, {}, options,
                     [](int64_t) { return std::vector<LedgerEntry>{}; });
    return check.series.at(0);
  }
  size_t size() const { return series_.points.size(); }

 private:
  std::vector<Series> judged_;
  StoredResult result_;
  Series series_;
  ChangeMemo memo_;
};

constexpr int kWarmUp = 40;  // commits of history before the measured ones

struct Alarms {
  int checks = 0, failed = 0;
  double Per100() const { return 100.0 * failed / checks; }
};

// `series` series of kWarmUp + `commits` steady commits, checked after each
// of the last `commits`.
Alarms FalseAlarms(int series, int commits, double sd, bool heavy) {
  Noise noise(20261204);
  Alarms alarms;
  for (int s = 0; s < series; ++s) {
    Simulated h;
    for (int i = 0; i < kWarmUp; ++i) h.Add(noise.Log(sd, heavy));
    for (int i = 0; i < commits; ++i) {
      h.Add(noise.Log(sd, heavy));
      ++alarms.checks;
      alarms.failed += h.Check().verdict == SeriesVerdict::kSlower;
    }
  }
  return alarms;
}

struct Detection {
  int series = 0;
  std::vector<int> delays;  // commits from the step to the failing check
  int placed_at = 0, placed_within2 = 0;  // the named commit vs the step
  std::vector<double> sizes;              // the size the failing check gave
  int covered = 0;                        // its interval held the step
  double Found() const { return 100.0 * delays.size() / series; }
  double Within(int commits) const {
    return 100.0 *
           std::ranges::count_if(delays, [&](int d) { return d <= commits; }) /
           series;
  }
  double Share(int count) const {
    return delays.empty() ? 0 : 100.0 * count / delays.size();
  }
};

// `series` series with kWarmUp steady commits, then a fall of `step` (0.05:
// 5% slower), checked after each commit until a check fails or `patience`
// commits have passed.
Detection Delay(int series, double step, int patience, double sd, bool heavy) {
  Noise noise(20261205);
  Detection d;
  d.series = series;
  for (int s = 0; s < series; ++s) {
    Simulated h;
    for (int i = 0; i < kWarmUp; ++i) h.Add(noise.Log(sd, heavy));
    for (int after = 1; after <= patience; ++after) {
      h.Add(std::log1p(-step) + noise.Log(sd, heavy));
      const SeriesCheck check = h.Check();
      if (check.verdict != SeriesVerdict::kSlower) continue;
      d.delays.push_back(after);
      const ThroughputChange& c = *std::ranges::find_if(
          check.changes, [](const ThroughputChange& c) { return c.fresh; });
      const std::string& named = check.points[c.index]->commit;
      const int at = std::stoi(named.substr(1));
      d.placed_at += at == kWarmUp;
      d.placed_within2 += std::abs(at - kWarmUp) <= 2;
      d.sizes.push_back(-c.size);
      d.covered += c.size_low <= -step && -step <= c.size_high;
      break;
    }
  }
  return d;
}

void Print(const std::string& name, const Detection& d) {
  std::vector<double> delays(d.delays.begin(), d.delays.end());
  std::printf(
      "%-34s found %5.1f%% (within 10: %5.1f%%, 20: %5.1f%%), median delay "
      "%4.1f commits, 90th %4.1f; named at the step %5.1f%%, within 2 "
      "%5.1f%%; size median %4.1f%%, interval held it %5.1f%%\n",
      name.c_str(), d.Found(), d.Within(10), d.Within(20), Median(delays),
      Quantile(delays, 0.9), d.Share(d.placed_at), d.Share(d.placed_within2),
      100 * Median(d.sizes), d.Share(d.covered));
}

// `series` series with a fall of `step` after kWarmUp commits, checked after
// each of `after` commits past it (more than a window: the step passes
// through the window and out of it); how many checks failed naming a commit
// within 5 of the step, per series.
std::vector<int> FailuresPerStep(int series, double step, int after,
                                 double sd) {
  Noise noise(20261206);
  std::vector<int> failures;
  for (int s = 0; s < series; ++s) {
    Simulated h;
    for (int i = 0; i < kWarmUp; ++i) h.Add(noise.Log(sd, false));
    int count = 0;
    for (int i = 0; i < after; ++i) {
      h.Add(std::log1p(-step) + noise.Log(sd, false));
      const SeriesCheck check = h.Check();
      if (check.verdict != SeriesVerdict::kSlower) continue;
      for (const ThroughputChange& c : check.changes) {
        if (!c.fresh) continue;
        const int at = std::stoi(check.points[c.index]->commit.substr(1));
        count += std::abs(at - kWarmUp) <= 5;
      }
    }
    failures.push_back(count);
  }
  return failures;
}

// Steady commits under 2% noise fail a check rarely: the headline figure
// docs/history.md states, at most 1 in 100 commits.
TEST(CheckRates, FalseAlarmsPer100SteadyCommits) {
  const Alarms plain = FalseAlarms(100, 100, 0.02, false);
  const Alarms heavy = FalseAlarms(100, 100, 0.02, true);
  std::printf("2%% noise: %.2f false alarms per 100 steady commits\n",
              plain.Per100());
  std::printf("2%% noise + 1 in 20 made 10-40%% slower: %.2f per 100\n",
              heavy.Per100());
  EXPECT_LE(plain.Per100(), 1.0);
  EXPECT_LE(heavy.Per100(), 1.5);
}

// How soon a step fails the check, how well it is placed and sized.
TEST(CheckRates, DetectionDelayOfThreeFiveAndTenPercentSteps) {
  const Detection three = Delay(100, 0.03, 40, 0.02, false);
  const Detection five = Delay(100, 0.05, 40, 0.02, false);
  const Detection ten = Delay(100, 0.10, 40, 0.02, false);
  Print("3% step, 2% noise", three);
  Print("5% step, 2% noise", five);
  Print("10% step, 2% noise", ten);
  for (double step : {0.03, 0.05, 0.10}) {
    Print(std::to_string(static_cast<int>(step * 100)) +
              "% step, 2% noise + 5% outliers",
          Delay(100, step, 40, 0.02, true));
  }
  // A step of five noise widths is failed within 3 to 5 commits; of 1.5
  // (3%), most within 20.
  EXPECT_GE(ten.Within(5), 95.0);
  EXPECT_GE(five.Within(10), 90.0);
  EXPECT_GE(three.Within(20), 75.0);
  EXPECT_GE(ten.Share(ten.placed_at), 90.0);
  // The size is the step's: its median within a point of the truth, and the
  // 95% interval holding it about as often as it says.
  EXPECT_NEAR(Median(ten.sizes), 0.10, 0.01);
  EXPECT_NEAR(Median(five.sizes), 0.05, 0.01);
  EXPECT_GE(ten.Share(ten.covered), 85.0);
}

// A step is reported once: the checks after the one that failed on it know
// it, however its place or its significance wobbles from window to window,
// and when it leaves the window it does not come back as new (docs/history.md,
// "Reported once"). What is left: a step first placed far (over 10 commits)
// from where later checks place it, or split by the noise into two change
// points, fails a second time now and then.
TEST(CheckRates, AStepFailsOnceThroughAndOutOfTheWindow) {
  int more_in_all = 0, series_in_all = 0;
  for (double step : {0.03, 0.05, 0.10}) {
    const std::vector<int> failures = FailuresPerStep(50, step, 100, 0.02);
    const int once = static_cast<int>(std::ranges::count(failures, 1));
    const int more = static_cast<int>(
        std::ranges::count_if(failures, [](int f) { return f > 1; }));
    std::printf(
        "%.0f%% step, 100 commits after it: failed once in %d of %zu "
        "series, more than once in %d\n",
        step * 100, once, failures.size(), more);
    EXPECT_GE(once, 45) << step;
    more_in_all += more;
    series_in_all += static_cast<int>(failures.size());
  }
  EXPECT_LE(more_in_all, series_in_all / 25);  // at most 4%
}

}  // namespace
}  // namespace sudoku
