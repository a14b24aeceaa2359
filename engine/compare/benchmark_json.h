// github-action-benchmark's custom JSON, so CI can chart a report over time.
#pragma once

#include <ostream>
#include <span>

#include "engine/report/csv_reader.h"

namespace sudoku {

// "customBiggerIsBetter" (puzzles per second) or "customSmallerIsBetter"
// (node totals, p50 and p99 time) JSON: a list of {name, unit, value,
// range?, extra?}, one entry per row and metric.
void WriteBenchmarkJson(std::ostream& out, std::span<const ReportEntry> rows,
                        bool bigger_is_better);

}  // namespace sudoku
