// `bench compare --html`: the comparison as one self-contained page: each
// row's verdict, throughput ratio against its noise band, changed counts
// highlighted, and the two time distributions overlaid.
#pragma once

#include <ostream>
#include <span>
#include <string>

#include "engine/compare/compare.h"
#include "engine/report/csv_reader.h"

namespace sudoku {

// The distributions come from the CSV's percentile columns (p50, p90, p99,
// max of time; nodes_p50..p99 and nodes_max of nodes), drawn as quantile
// curves: the CSV is what `bench compare` reads, and a committed baseline
// has no histogram beside it.
void WriteComparisonHtml(std::ostream& out, const Comparison& comparison,
                         std::span<const ReportEntry> baseline,
                         std::span<const ReportEntry> current,
                         const std::string& baseline_name,
                         const std::string& current_name);

}  // namespace sudoku
