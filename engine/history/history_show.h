// `bench history show`: each series as a table of its commits, or as JSON;
// and the newest commit's rows of each, for the hosted trackers.
#pragma once

#include <ostream>
#include <vector>

#include "engine/history/change_points.h"
#include "engine/history/history_series.h"

namespace sudoku {

// One table per series: commit, date, runs, puzzles/s with the rounds'
// min..max, puzzles per CPU-second, node total, outcome counts, and a note
// where a change point (of the throughput by `measure`, or the wall clock's
// where a commit has no CPU time) or an exact change falls.
void PrintHistory(std::ostream& out, const std::vector<Series>& series,
                  Measure measure, const ChangePointOptions& options);

// The same as JSON: every series with its points, change points and exact
// changes.
void WriteHistoryJson(std::ostream& out, const std::vector<Series>& series,
                      Measure measure, const ChangePointOptions& options);

// The newest commit's row of each series (its latest run), as a report's
// entries: what a tracker is sent after each CI run.
std::vector<ReportEntry> NewestEntries(const std::vector<Series>& series);

}  // namespace sudoku
