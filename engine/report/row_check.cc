// The rows of a report checked for what no run of bench writes: counts that
// do not add up, numbers that are not numbers.
#include "engine/report/row_check.h"

#include <cmath>

#include "engine/common/text_format.h"
#include "engine/report/report_schema.h"

namespace sudoku {

std::string ImplausibleRowProblem(const std::string& path,
                                  std::span<const ReportEntry> entries) {
  for (const ReportEntry& entry : entries) {
    const ReportRow& r = entry.row;
    const std::string at = path + ":" + std::to_string(entry.line) + ": " +
                           ConsoleText(r.dataset) + " " +
                           ConsoleText(r.strategy) + ": ";
    const uint64_t outcomes = r.solved + r.multiple + r.no_solution +
                              r.invalid + r.malformed + r.over_budget +
                              r.wrong + r.errors;
    if (outcomes != r.puzzles) {
      return at + "its outcome counts add up to " + std::to_string(outcomes) +
             ", but it counts " + std::to_string(r.puzzles) +
             " puzzles; not a report bench wrote";
    }
    // Past what a signed 64-bit store holds: bench saturates its totals
    // below (AddNodes), and a history column would turn it negative.
    if (r.nodes_total > kMostNodes || r.nodes_max > kMostNodes) {
      return at + "nodes_total " + std::to_string(r.nodes_total) +
             " or nodes_max " + std::to_string(r.nodes_max) +
             " is past the most a count may be, " +
             std::to_string(kMostNodes) + "; not a report bench wrote";
    }
    for (const ReportColumn& column : ReportColumns()) {
      if (column.number == nullptr) continue;
      const double value = column.number(r);
      if (std::isfinite(value) && value >= 0) continue;
      return at + std::string(column.name) + " is " +
             column.write(r, entry.manifest) +
             ", not a finite number of zero or more; not a report bench wrote";
    }
  }
  return "";
}

std::string UnusableReportProblem(const std::string& path,
                                  std::span<const ReportEntry> entries) {
  if (std::string problem = PartialReportProblem(path, entries);
      !problem.empty()) {
    return problem;
  }
  return ImplausibleRowProblem(path, entries);
}

}  // namespace sudoku
