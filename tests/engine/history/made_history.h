// Histories made in memory for the check's tests: runs of the committed
// baseline's dlx row at the throughput a test asks for, one commit each.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "engine/history/history_check.h"
#include "engine/report/csv_reader.h"

namespace sudoku::testing {

// The dlx row of the committed baseline report.
inline ReportEntry DlxEntry() {
  for (ReportEntry& e : ReadCsvReportFile(std::string(SUDOKU_SOURCE_DIR) +
                                          "/bench/baseline/regression.csv")) {
    if (e.row.strategy == "dlx") return e;
  }
  ADD_FAILURE() << "no dlx row";
  return {};
}

class History {
 public:
  // A run of `commit` on `branch` at throughput `rate` and `nodes` in total;
  // its CPU time is its wall time, unless `cpu_rate` gives its puzzles per
  // CPU-second.
  History& Run(const std::string& commit, double rate, uint64_t nodes = 1000,
               const std::string& branch = "main", double cpu_rate = 0) {
    ReportEntry e = DlxEntry();
    e.row.puzzles_per_s = rate;
    e.row.wall_s = e.row.pass_wall_s = e.row.puzzles / rate;
    e.row.pass_cpu_s = e.row.puzzles / (cpu_rate > 0 ? cpu_rate : rate);
    e.row.puzzles_per_s_min = rate * 0.99;
    e.row.puzzles_per_s_max = rate * 1.01;
    e.row.nodes_total = nodes;
    return Add(commit, e, branch);
  }
  // A run of `commit` whose row is `e`, dated after every run before it.
  History& Add(const std::string& commit, ReportEntry e,
               const std::string& branch = "main") {
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

}  // namespace sudoku::testing
