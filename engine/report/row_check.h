// Whether the rows of a CSV report are rows bench could have written: what
// bench compare and bench history add check before they use a report.
#pragma once

#include <span>
#include <string>

#include "engine/report/csv_reader.h"

namespace sudoku {

// The first row of `entries` (read from `path`) whose outcome counts do not
// add up to its puzzles (solved + multiple + no_solution + invalid +
// malformed + over_budget + wrong + errors: every line lands in exactly one
// count), or one of whose numbers is not finite or is negative (a "nan"
// that the CSV's number syntax lets through); "" when every row is sound.
// "PATH:LINE: DATASET STRATEGY: ..." otherwise.
std::string ImplausibleRowProblem(const std::string& path,
                                  std::span<const ReportEntry> entries);

// The one rule every reader of a report for a verdict applies (bench
// compare, bench history add) before it uses a row: a partial report
// (PartialReportProblem), then an implausible row (ImplausibleRowProblem);
// "" when the rows may be judged.
std::string UnusableReportProblem(const std::string& path,
                                  std::span<const ReportEntry> entries);

}  // namespace sudoku
