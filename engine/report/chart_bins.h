// Histograms re-binned for the HTML report's charts: counts per log bin (a
// distribution), or cumulated (a cactus plot's line).
#pragma once

#include <vector>

#include "engine/report/svg_chart.h"
#include "engine/stats/histogram.h"

namespace sudoku {

// A histogram re-binned on a log axis, `per_doubling` bins to each power of
// two, as (bin's geometric centre, count) with NaN for an empty bin between
// two full ones; values scaled by `scale` (1e-3: nanoseconds to µs) and 0
// counted in the first bin above 1.
std::vector<ChartPoint> LogDensity(const LogHistogram& histogram,
                                   int per_doubling, double scale);

// The same bins cumulated: (bin's upper edge, values at or below it), the last
// point at the exact maximum: a cactus plot's line.
std::vector<ChartPoint> Cumulative(const LogHistogram& histogram,
                                   int per_doubling, double scale);

}  // namespace sudoku
