// github-action-benchmark's custom JSON, so CI can chart a report over time.
#include "engine/compare/benchmark_json.h"

#include <string>

#include "engine/common/json_layout.h"

namespace sudoku {
namespace {

Json Entry(const std::string& name, const std::string& unit, double value,
           const std::string& extra, const std::string& range = "") {
  Json entry = {{"name", name}, {"unit", unit}, {"value", JsonNumber(value)}};
  if (!range.empty()) entry["range"] = range;
  entry["extra"] = extra;
  return entry;
}

}  // namespace

std::string TrackerName(const ReportRow& r) {
  return r.dataset + "/" + r.strategy + " limit=" + std::to_string(r.limit) +
         " max_nodes=" +
         (r.max_nodes == kUnlimitedNodes ? "none"
                                         : std::to_string(r.max_nodes));
}

void WriteBenchmarkJson(std::ostream& out, std::span<const ReportEntry> rows,
                        bool bigger_is_better) {
  Json entries = Json::array();
  for (const ReportEntry& e : rows) {
    const ReportRow& r = e.row;
    const std::string name = TrackerName(r);
    const std::string extra = std::to_string(r.repeats) + " rounds, " +
                              std::to_string(r.threads) + " threads, " +
                              e.manifest.git_revision + ", " + e.manifest.cpu;
    if (bigger_is_better) {
      const std::string range =
          r.repeats > 1
              ? "± " + OneLine(JsonNumber(
                           (r.puzzles_per_s_max - r.puzzles_per_s_min) / 2))
              : "";
      entries.push_back(Entry(name + ": puzzles/s", "puzzles/s",
                              r.puzzles_per_s, "median of " + extra, range));
    } else {
      entries.push_back(Entry(name + ": nodes", "nodes",
                              static_cast<double>(r.nodes_total), extra));
      entries.push_back(Entry(name + ": p50", "us", r.p50_us, extra));
      entries.push_back(Entry(name + ": p99", "us", r.p99_us, extra));
    }
  }
  out << LinePerElement(entries, "  ", "") << '\n';
}

}  // namespace sudoku
