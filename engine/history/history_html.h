// `bench history --html`: the trend page, one section per series with its
// throughput and node totals over commits, change points marked.
#pragma once

#include <ostream>
#include <vector>

#include "engine/history/change_points.h"
#include "engine/history/history_series.h"

namespace sudoku {

// One self-contained page (the style, script and charts of `bench --html`):
// per series, the throughput judged by `measure` over its commits with its
// band and its change points, node totals with their exact changes, and a
// table of every commit.
void WriteHistoryHtml(std::ostream& out, const std::vector<Series>& series,
                      Measure measure, const ChangePointOptions& options,
                      const std::string& source);

}  // namespace sudoku
