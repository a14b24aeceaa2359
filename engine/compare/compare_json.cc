// `bench compare --json`: the verdict and every delta as one JSON object
// (see docs/ci.md).
#include "engine/compare/compare_json.h"

#include <iterator>

#include "engine/common/json_layout.h"

namespace sudoku {
namespace {

Json RowJson(const RowComparison& r) {
  Json metrics = Json::object();
  for (const MetricDelta& m : r.metrics) {
    metrics[m.name] = {{"baseline", JsonNumber(m.baseline)},
                       {"current", JsonNumber(m.current)},
                       {"ratio", JsonNumber(m.Ratio())},
                       {"exact", m.exact}};
    if (m.change != Change::kNone) {
      metrics[m.name]["change"] = ChangeName(m.change);
    }
  }
  const TimingCheck& t = r.timing;
  Json row = {
      {"dataset", r.dataset},
      {"strategy", r.strategy},
      {"limit", r.limit},
      {"max_nodes",
       r.max_nodes == kUnlimitedNodes ? Json() : Json(r.max_nodes)},
      {"verdict", RowVerdictName(r.verdict)},
      {"verdict_words", VerdictWords(r)},
      {"changed", r.changed},
      {"metrics", metrics},
      {"timing",
       {{"gated", t.gated},
        {"regressed", t.regressed},
        {"slowdown", JsonNumber(t.slowdown)},
        {"noise", JsonNumber(t.noise)},
        {"cpu_slowdown", JsonNumber(t.cpu_slowdown)},
        {"baseline_repeats", r.baseline_repeats},
        {"current_repeats", r.current_repeats},
        {"note", t.note}}},
  };
  // Only when it changed, so reports of one build compare as they always did.
  if (!r.build_note.empty()) row["build_note"] = r.build_note;
  // Only when counted (bench --instructions), likewise.
  if (!r.instructions.note.empty()) {
    const InstructionCheck& i = r.instructions;
    row["instructions"] = {{"compared", i.compared},
                           {"exact", i.exact},
                           {"regressed", i.regressed},
                           {"change", JsonNumber(i.change)},
                           {"note", i.note}};
  }
  if (r.change != Change::kNone) row["change"] = ChangeName(r.change);
  return row;
}

Json ComparisonJson(const Comparison& comparison,
                    const std::string& baseline_path,
                    const std::string& current_path) {
  const int code = comparison.ExitCode();
  const CompareOptions& o = comparison.options;
  Json summary = Json::object();
  constexpr RowVerdict kAll[] = {RowVerdict::kSame, RowVerdict::kChanged,
                                 RowVerdict::kSlower, RowVerdict::kMissing,
                                 RowVerdict::kNew};
  for (const RowVerdict verdict : kAll) {
    summary[std::string(RowVerdictName(verdict))] = comparison.Count(verdict);
  }
  // As the verdict line counts it: every row its gate found slower, a
  // changed one too (VerdictCounts).
  summary["slower"] = comparison.CountSlower();
  Json rows = Json::array();
  for (const RowComparison& r : comparison.rows) rows.push_back(RowJson(r));
  return {
      {"verdict", code == 0   ? "pass"
                  : code == 1 ? "fail"
                              : "refused"},
      {"exit_code", code},
      {"baseline", baseline_path},
      {"current", current_path},
      {"options",
       {{"max_slowdown", JsonNumber(o.max_slowdown)},
        {"min_repeats", o.min_repeats},
        {"gate_timing", o.gate_timing}}},
      {"refusals", comparison.refusals},
      {"summary", summary},
      {"rows", rows},
  };
}

}  // namespace

void WriteComparisonJson(std::ostream& out, const Comparison& comparison,
                         const std::string& baseline_path,
                         const std::string& current_path) {
  const Json json = ComparisonJson(comparison, baseline_path, current_path);
  // Each top-level member on its line, each row on its own few lines.
  out << MembersOnLines(json, "rows", {"changed", "metrics", "timing"});
}

}  // namespace sudoku
