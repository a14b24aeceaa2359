// `bench history check`: per series, where an exact column changed, the
// throughput change points with their size and confidence, and a verdict on
// the newest commit against a rolling window or a baseline.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/history/change_points.h"
#include "engine/history/history_series.h"

namespace sudoku {

struct CheckOptions {
  // "": each series' newest commit against the commits before it in a
  // rolling window. A branch: against that branch's series of the same key
  // (its newest `window` commits). A revision: against the series' point at
  // that commit (the merge-base, say), and everything since.
  std::string against;
  size_t window = 60;
  // A throughput fall must be larger than this (percent) to fail, beyond
  // being significant.
  double max_slowdown_pct = 0;
  ChangePointOptions change_points;
};

// Where an exact column's value differs from the point before.
struct ExactChange {
  size_t index = 0;  // in SeriesCheck::points
  std::string column, before, after;
};

// A change point of the series' throughput.
struct ThroughputChange {
  size_t index = 0;  // first point after the change
  double size = 0;   // median after / median before - 1, over the adjoining
                     // segments
  double p_value = 1;
  // Rolling window: not yet found when the commit before the newest was the
  // newest, so this check is the first to see it.
  bool fresh = false;
};

// The change points of the points' throughput (log puzzles/s), each sized
// by the medians of the segments on either side of it.
std::vector<ThroughputChange> ThroughputChanges(
    const std::vector<const SeriesPoint*>& points,
    const ChangePointOptions& options);

// "-3.1% (p = 0.005)".
std::string ChangeText(const ThroughputChange& change);

// Every change of an exact column from one point to the next.
std::vector<ExactChange> ExactChanges(
    const std::vector<const SeriesPoint*>& points);

enum class SeriesVerdict { kPass, kChanged, kSlower, kNew };
std::string_view SeriesVerdictName(SeriesVerdict verdict);

struct SeriesCheck {
  SeriesKey key;
  // What was judged, oldest first: the window, or the baseline's commits
  // followed by this series' own.
  std::vector<const SeriesPoint*> points;
  size_t baseline = 0;  // the point the newest is judged against
  std::vector<ExactChange> exact_changes;
  std::vector<ThroughputChange> changes;
  SeriesVerdict verdict = SeriesVerdict::kPass;
  std::vector<std::string> reasons;  // why it failed, one a line
  std::vector<std::string> puzzles;  // ledger lines whose work changed
};

struct HistoryCheck {
  std::string mode;  // said once, above the series
  std::vector<SeriesCheck> series;
  size_t Count(SeriesVerdict verdict) const;
  // 0: every series passes; 1: an exact column changed or throughput fell.
  int ExitCode() const;
};

// Reads the ledger of a stored row (empty when it has none).
using LedgerReader = std::function<std::vector<LedgerEntry>(int64_t)>;

// Judges `series` (those of the branch under test: every branch but
// `options.against` when that is a branch); `baselines` are the series of
// the branch named by --against, if it is one. Throws HistoryError for a
// revision no run has.
HistoryCheck CheckHistory(const std::vector<Series>& series,
                          const std::vector<Series>& baselines,
                          const std::vector<StoredRun>& runs,
                          const CheckOptions& options,
                          const LedgerReader& ledger);

// The judgement as people read it, and as JSON (--json).
void PrintHistoryCheck(std::ostream& out, const HistoryCheck& check);
void WriteHistoryCheckJson(std::ostream& out, const HistoryCheck& check);

}  // namespace sudoku
