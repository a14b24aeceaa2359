// Bencher's Metric Format (BMF) JSON of a report's rows.
#include "engine/compare/bencher_json.h"

#include "engine/common/json_layout.h"
#include "engine/compare/benchmark_json.h"

namespace sudoku {

void WriteBencherJson(std::ostream& out, std::span<const ReportEntry> rows) {
  Json root = Json::object();
  for (const ReportEntry& e : rows) {
    const ReportRow& r = e.row;
    Json throughput = {{"value", JsonNumber(r.puzzles_per_s)}};
    if (r.repeats > 1) {
      throughput["lower_value"] = JsonNumber(r.puzzles_per_s_min);
      throughput["upper_value"] = JsonNumber(r.puzzles_per_s_max);
    }
    root[TrackerName(r)] = {
        {"throughput", throughput},
        {"latency", {{"value", JsonNumber(r.mean_us * 1000)}}},
        {"nodes", {{"value", JsonNumber(static_cast<double>(r.nodes_total))}}}};
  }
  // One benchmark a line, so that a diff shows which moved.
  out << "{";
  bool first = true;
  for (const auto& [name, measures] : root.items()) {
    out << (first ? "\n  " : ",\n  ") << OneLine(name) << ": "
        << OneLine(measures);
    first = false;
  }
  out << (first ? "}\n" : "\n}\n");
}

}  // namespace sudoku
