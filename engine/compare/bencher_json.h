// Bencher's Metric Format (BMF) JSON, so that a report can be sent to
// Bencher (bencher run --adapter json --file FILE).
#pragma once

#include <ostream>
#include <span>

#include "engine/report/csv_reader.h"

namespace sudoku {

// One benchmark per row, named as the github-action-benchmark entries are
// (TrackerName), with three measures: "throughput" (puzzles/s, the median
// round, with the slowest and fastest round as lower_value and
// upper_value), "latency" (the mean time per searched puzzle, in
// nanoseconds, Bencher's unit for it) and "nodes" (nodes_total):
//   {"regression.txt/dlx limit=2 max_nodes=2000": {"throughput": {"value":
//    ..., "lower_value": ..., "upper_value": ...}, "latency": {"value": ...},
//    "nodes": {"value": ...}}, ...}
void WriteBencherJson(std::ostream& out, std::span<const ReportEntry> rows);

}  // namespace sudoku
