// The stored runs as series: one per (dataset, strategy, settings, testbed,
// branch), one point per commit in the order the commits were first run.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
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

// Which throughput a series is judged on. kCpu: puzzles per CPU-second, which
// other jobs on a loaded machine barely move (they take the wall clock's time,
// not this process's CPU time); kWall: puzzles per second of the wall clock.
enum class Measure { kCpu, kWall };

// "cpu", "wall": as --measure and the JSON spell them.
std::string_view MeasureName(Measure measure);
// "puzzles per CPU-second", "puzzles/s (wall clock)": as people read them.
std::string_view MeasureLabel(Measure measure);

// One commit of a series: every run of it, and what they say together.
struct SeriesPoint {
  std::string commit;
  std::string date;  // the first run's date: the commits' order
  std::vector<const StoredResult*> runs;  // oldest first
  // The median of the runs' puzzles/s, and the slowest and fastest round of
  // any run (puzzles_per_s_min and _max).
  double puzzles_per_s = 0, low = 0, high = 0;
  // The median of the runs' puzzles per CPU-second, and the lowest and
  // highest run (a report holds its median round's CPU time only); 0 when a
  // run has no CPU time.
  double cpu_puzzles_per_s = 0, cpu_low = 0, cpu_high = 0;
  // Exact columns on which two runs of this commit disagree ("" when none):
  // the same build searched differently, which no noise explains.
  std::string disagreement;

  const ReportEntry& First() const { return runs.front()->entry; }
  // The throughput by `measure`, and its band.
  double Throughput(Measure measure) const {
    return measure == Measure::kCpu ? cpu_puzzles_per_s : puzzles_per_s;
  }
  double Low(Measure measure) const {
    return measure == Measure::kCpu ? cpu_low : low;
  }
  double High(Measure measure) const {
    return measure == Measure::kCpu ? cpu_high : high;
  }
};

// The measure `points` are judged on: `wanted`, unless it is kCpu and a
// point has no CPU time (a report of a run that did not measure it), when
// the wall clock is all there is.
Measure JudgedMeasure(std::span<const SeriesPoint* const> points,
                      Measure wanted);

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
