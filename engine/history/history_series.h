// The stored runs as series: one per (dataset, strategy, settings, testbed,
// branch), one point per commit in the order the commits were first run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/history/history_store.h"

namespace sudoku {

// What makes two rows points of one series: the same data, the same
// settings, on the same testbed (the --testbed label, the CPU and the build
// flags), on the same branch.
struct SeriesKey {
  std::string dataset, dataset_sha256, strategy;
  uint32_t limit = 1;
  uint64_t max_nodes = 0;
  int threads = 1;
  std::string testbed, cpu, build_flags;
  std::string branch;

  auto operator<=>(const SeriesKey&) const = default;
  // "regression.txt dlx limit 2 budget 2,000 2 threads" and the testbed.
  std::string Name() const;
  std::string Testbed() const;
};

// One commit of a series: every run of it, and what they say together.
struct SeriesPoint {
  std::string commit;
  std::string date;  // the first run's date: the commits' order
  std::vector<const StoredResult*> runs;  // oldest first
  // The median of the runs' puzzles/s, and the slowest and fastest round of
  // any run (puzzles_per_s_min and _max).
  double puzzles_per_s = 0, low = 0, high = 0;
  // Exact columns on which two runs of this commit disagree ("" when none):
  // the same build searched differently, which no noise explains.
  std::string disagreement;

  const ReportEntry& First() const { return runs.front()->entry; }
};

struct Series {
  SeriesKey key;
  std::vector<SeriesPoint> points;
};

// Groups the runs into series, sorted by key; each series' points ordered
// by the date their commit was first run (then by when it was recorded).
std::vector<Series> BuildSeries(const std::vector<StoredRun>& runs);

// The exact columns of a report row (those `bench compare` requires to be
// equal), as the CSV writes them.
std::vector<std::pair<std::string, std::string>> ExactValues(
    const ReportEntry& entry);

// The stored commit that `rev` names: equal to it, a prefix of at least 4
// characters of it, or a longer hash that begins with the hash in it (as
// `git describe --always --dirty` wrote it: "9b3e0d5-dirty",
// "v1.2-3-g9b3e0d5"). Throws HistoryError when no stored commit, or more
// than one, matches.
std::string ResolveCommit(const std::vector<StoredRun>& runs,
                          const std::string& rev);

// True when `text` is a date (YYYY-MM-DD, optionally with a time), not a
// revision.
bool LooksLikeDate(const std::string& text);

// The points from `since` on: a date (points first run on or after it) or a
// revision (its point and those after it).
void KeepSince(std::vector<Series>& series, const std::string& since,
               const std::vector<StoredRun>& runs);

}  // namespace sudoku
