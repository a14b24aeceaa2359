// The check on real series: tests/data/history-toy-step4-{a,b,c,d}.csv,
// recorded by bench/scripts/record_history_series.sh (a C plugin over 36
// commits, 4% slower from c21 on, each run with --repeat 3 on a loaded
// 2-core machine and checked after its add, as CI would). Replayed commit by
// commit here, judged on CPU time and on the wall clock.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/history/history_check.h"
#include "engine/stats/quantile.h"
#include "tests/engine/history/made_history.h"

namespace sudoku {
namespace {

using testing::History;

struct Recorded {
  std::string commit;
  int step_pct = 0;
  ReportEntry entry;
};

std::vector<Recorded> ReadSeries(const std::string& name) {
  std::ifstream file(std::string(SUDOKU_SOURCE_DIR) + "/tests/data/" + name);
  std::vector<Recorded> series;
  std::string line;
  bool header = true;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (header) {
      header = false;
      continue;
    }
    std::istringstream fields(line);
    std::string commit, step, load, puzzles, wall, pass_wall, pass_cpu, rate,
        low, high;
    for (std::string* f : {&commit, &step, &load, &puzzles, &wall, &pass_wall,
                           &pass_cpu, &rate, &low, &high}) {
      std::getline(fields, *f, ',');
    }
    Recorded r{commit, std::stoi(step), testing::DlxEntry()};
    ReportRow& row = r.entry.row;
    row.dataset = "mixed-1000.txt";
    row.strategy = "toy";
    row.puzzles = std::stoull(puzzles);
    row.wall_s = std::stod(wall);
    row.pass_wall_s = std::stod(pass_wall);
    row.pass_cpu_s = std::stod(pass_cpu);
    row.puzzles_per_s = std::stod(rate);
    row.puzzles_per_s_min = std::stod(low);
    row.puzzles_per_s_max = std::stod(high);
    series.push_back(r);
  }
  return series;
}

// What the checks after each add said: the commit of each check that
// failed, the commit its fresh fall was placed at, and the fall's size.
struct Failure {
  std::string check, at;
  double size = 0;
};

std::vector<Failure> ReplayChecks(const std::vector<Recorded>& series,
                                  Measure measure) {
  History h;
  std::vector<Failure> failures;
  CheckOptions options;
  options.measure = measure;
  for (const Recorded& r : series) {
    h.Add(r.commit, r.entry);
    const HistoryCheck check = h.Check(options);
    const SeriesCheck& s = check.series.at(0);
    for (const ThroughputChange& c : s.changes) {
      if (!c.fresh) continue;
      failures.push_back({r.commit, s.points[c.index]->commit, c.size});
      std::printf("  %s\n", s.reasons.at(0).c_str());
    }
  }
  return failures;
}

// Robust relative spread: 1.4826 median absolute deviations of the logs.
double Spread(std::vector<double> values) {
  for (double& v : values) v = std::log(v);
  const double median = Median(values);
  for (double& v : values) v = std::fabs(v - median);
  return 1.4826 * Median(values);
}

// The four recordings of 2026-12-04 (docs/history.md, "Measured on real
// series"): the checks, replayed commit by commit, fail where they failed
// then. On this machine (2 cores shared with up to 7 other sessions, load
// 8 to 17) the CPU time of the plugin's own solves moved by up to 30% with
// what ran beside it, so neither measure could tell the 4% step at c21 from
// the load: the test keeps what each judged, to be re-measured when the
// method changes.
TEST(RecordedSeries, WhatEachMeasureJudged) {
  struct Expected {
    const char* file;
    std::vector<std::pair<std::string, std::string>> cpu, wall;
  };
  const Expected recordings[] = {
      {"history-toy-step4-a.csv",
       {{"c16", "c13"}, {"c24", "c17"}},
       {{"c24", "c14"}}},
      {"history-toy-step4-b.csv", {{"c23", "c19"}}, {}},
      {"history-toy-step4-c.csv", {}, {{"c11", "c06"}, {"c19", "c17"}}},
      {"history-toy-step4-d.csv", {}, {}},
  };
  for (const Expected& e : recordings) {
    std::printf("%s\n", e.file);
    const std::vector<Recorded> series = ReadSeries(e.file);
    ASSERT_EQ(series.size(), 36u) << e.file;
    ASSERT_EQ(series[20].step_pct, 4) << e.file;
    for (const auto& [measure, expected] :
         {std::pair(Measure::kCpu, e.cpu), std::pair(Measure::kWall, e.wall)}) {
      const std::vector<Failure> failures = ReplayChecks(series, measure);
      std::vector<std::pair<std::string, std::string>> got;
      for (const Failure& f : failures) got.emplace_back(f.check, f.at);
      EXPECT_EQ(got, expected) << e.file << " " << MeasureName(measure);
    }
  }
}

// While the load held still (recording a, c01 to c12, load 8.7 to 8.95),
// puzzles per CPU-second were the steadier witness by far: their spread a
// few times smaller than the wall clock's.
TEST(RecordedSeries, CpuTimeIsTheSteadierWitnessWhileTheLoadHolds) {
  const std::vector<Recorded> series = ReadSeries("history-toy-step4-a.csv");
  std::vector<double> cpu, wall;
  for (size_t i = 0; i < 12; ++i) {
    cpu.push_back(CpuThroughput(series[i].entry.row));
    wall.push_back(series[i].entry.row.puzzles_per_s);
  }
  std::printf(
      "c01..c12: spread of puzzles per CPU-second %.1f%%, of "
      "puzzles/s %.1f%%\n",
      100 * Spread(cpu), 100 * Spread(wall));
  EXPECT_LT(Spread(cpu), Spread(wall) / 3);
  EXPECT_LT(Spread(cpu), 0.02);
}

}  // namespace
}  // namespace sudoku
