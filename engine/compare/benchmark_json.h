// github-action-benchmark's custom JSON, so CI can chart a report over time.
#pragma once

#include <ostream>
#include <span>
#include <string>

#include "engine/report/csv_reader.h"

namespace sudoku {

// What trackers key their charts on: the row's key, without commas:
// "regression.txt/dlx limit=2 max_nodes=2000".
std::string TrackerName(const ReportRow& row);

// "customBiggerIsBetter" (puzzles per second) or "customSmallerIsBetter"
// (node totals, p50 and p99 time) JSON: a list of {name, unit, value,
// range?, extra?}, one entry per row and metric.
void WriteBenchmarkJson(std::ostream& out, std::span<const ReportEntry> rows,
                        bool bigger_is_better);

}  // namespace sudoku
