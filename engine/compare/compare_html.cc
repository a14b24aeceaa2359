// `bench compare --html`: the comparison as one self-contained page: each
// row's verdict, throughput ratio against its noise band, changed counts
// highlighted, and the two time distributions overlaid.
#include "engine/compare/compare_html.h"

#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "engine/common/text_format.h"
#include "engine/compare/judged_timing.h"
#include "engine/report/html_reporter.h"
#include "engine/report/svg_chart.h"

namespace sudoku {
namespace {

using Key = std::tuple<std::string, std::string, uint32_t, uint64_t>;
using EntriesByKey = std::map<Key, const ReportEntry*>;

EntriesByKey IndexOf(std::span<const ReportEntry> entries) {
  EntriesByKey index;
  for (const ReportEntry& e : entries) {
    index.emplace(
        Key{e.row.dataset, e.row.strategy, e.row.limit, e.row.max_nodes}, &e);
  }
  return index;
}

const ReportEntry* Find(const EntriesByKey& index, const RowComparison& r) {
  const auto it = index.find(Key{r.dataset, r.strategy, r.limit, r.max_nodes});
  return it == index.end() ? nullptr : it->second;
}

std::string RowName(const RowComparison& r) {
  return r.dataset + " " + r.strategy + " limit " + std::to_string(r.limit) +
         " budget " + BudgetText(r.max_nodes);
}

// A quantile curve through the percentiles the CSV keeps: (value, fraction
// of puzzles at or below it).
std::vector<ChartPoint> Quantiles(double p50, double p90, double p99,
                                  double max) {
  return {{p50, 0.5}, {p90, 0.9}, {p99, 0.99}, {max, 1.0}};
}

std::string Distributions(const std::string& id, const std::string& name,
                          const ReportRow& base, const ReportRow& cur) {
  const auto times = [](const ReportRow& r) {
    return Quantiles(r.p50_us, r.p90_us, r.p99_us, r.max_us);
  };
  std::string out = LineChart(
      {id + "times", "Time per puzzle: " + name, "time per puzzle (log)",
       "share of puzzles at or below", AxisUnit::kMicros, AxisUnit::kFraction,
       true, false},
      {{"baseline", times(base), true}, {"current", times(cur), false}});
  if (base.nodes_p50 == 0 && cur.nodes_p50 == 0) return out;
  const auto nodes = [](const ReportRow& r) {
    return Quantiles(r.nodes_p50, r.nodes_p90, r.nodes_p99, r.nodes_max);
  };
  return out +
         LineChart(
             {id + "nodes", "Nodes per puzzle: " + name,
              "nodes per puzzle (log)", "share of puzzles at or below",
              AxisUnit::kCount, AxisUnit::kFraction, true, false},
             {{"baseline", nodes(base), true}, {"current", nodes(cur), false}});
}

// The measure the chart draws for this row, first: its figures, ratio, band
// and the verdict's note, in the chart's words.
std::string JudgedRow(const RowComparison& r, const JudgedTiming& t) {
  const auto figure = [](double v) { return "<td>" + Fixed(v, 1) + "</td>"; };
  return "<tr class=\"judged\" data-measure=\"" + t.key +
         "\"><td class=\"name\">" + HtmlEscape(t.label) + " (judged)</td>" +
         figure(t.baseline) + figure(t.current) + "<td>" + Fixed(t.ratio, 3) +
         "</td><td class=\"name\">" +
         HtmlEscape("band " + Fixed(t.low, 3) + " to " + Fixed(t.high, 3) +
                    "; " + r.timing.note) +
         "</td></tr>";
}

std::string MetricsTable(const RowComparison& r, const ReportEntry& base,
                         const ReportEntry& cur, const JudgedTiming& timing) {
  std::string out =
      "<table class=\"metrics\"><tr><th>metric</th><th>baseline</th>"
      "<th>current</th><th>ratio</th><th></th></tr>" +
      JudgedRow(r, timing);
  for (const MetricDelta& m : r.metrics) {
    const bool changed = m.exact && m.baseline != m.current;
    std::string note = changed ? "CHANGED" : "";
    if (m.change == Change::kBetter || m.change == Change::kWorse) {
      note += ", " + std::string(ChangeName(m.change));
    }
    if (m.name == "puzzles_per_s") {
      note = "wall clock; its rounds' noise " + Percent(r.timing.noise);
    }
    out += std::string(changed ? "<tr class=\"changed\">" : "<tr>") +
           "<td class=\"name\">" + HtmlEscape(m.name) + "</td>" +
           SchemaCell(base.row, base.manifest, m.name) +
           SchemaCell(cur.row, cur.manifest, m.name) + "<td>" +
           (std::isnan(m.Ratio()) ? "-" : Fixed(m.Ratio(), 3)) +
           "</td><td class=\"name\">" + HtmlEscape(note) + "</td></tr>";
  }
  return TableBox(out + "</table>");
}

std::string RowSection(size_t i, const RowComparison& r, const EntriesByKey& base,
                       const EntriesByKey& cur, const CompareOptions& options) {
  const std::string verdict(RowVerdictName(r.verdict));
  const std::string direction =
      r.verdict == RowVerdict::kChanged && r.change != Change::kNone
          ? ", " + std::string(ChangeName(r.change))
          : "";
  std::string out = "<section class=\"row\"><h3 class=\"verdict-" + verdict +
                    "\">" + HtmlEscape(RowName(r)) + " [" + verdict +
                    direction + "]</h3>";
  if (!r.build_note.empty()) out += "<p>" + HtmlEscape(r.build_note) + "</p>";
  if (!r.changed.empty()) {
    out += "<p class=\"changed\">searched differently: ";
    for (size_t c = 0; c < r.changed.size(); ++c) {
      out += (c ? "; " : "") + HtmlEscape(r.changed[c]);
    }
    out += "</p>";
  }
  const ReportEntry* b = Find(base, r);
  const ReportEntry* c = Find(cur, r);
  if (r.verdict == RowVerdict::kMissing || r.verdict == RowVerdict::kNew ||
      b == nullptr || c == nullptr) {
    out += r.verdict == RowVerdict::kNew
               ? "<p>only in the current report (no baseline yet)</p>"
               : "<p>in the baseline, not in the current report</p>";
    return out + "</section>";
  }
  out +=
      MetricsTable(r, *b, *c, JudgeTiming(b->row, c->row, r.timing, options)) +
      "<div class=\"charts\">" +
      Distributions("r" + std::to_string(i + 1) + "-",
                    r.dataset + " " + r.strategy, b->row, c->row) +
      "</div>";
  return out + "</section>";
}

// Every matched row's ratio of the measure its verdict weighs, in the band
// the timing gate allows: a dot left of its band is a fall the gate counts.
std::string RatioSection(const Comparison& comparison, const EntriesByKey& base,
                         const EntriesByKey& cur) {
  std::vector<std::pair<const RowComparison*, JudgedTiming>> judged;
  std::set<std::string> keys;
  for (const RowComparison& r : comparison.rows) {
    const ReportEntry* b = Find(base, r);
    const ReportEntry* c = Find(cur, r);
    if (r.metrics.empty() || b == nullptr || c == nullptr) continue;
    judged.emplace_back(
        &r, JudgeTiming(b->row, c->row, r.timing, comparison.options));
    keys.insert(judged.back().second.key);
  }
  if (judged.empty()) return "";
  // One measure names the chart; rows of a mixed page say which is theirs.
  const std::string label = judged.front().second.label;
  std::string measure;
  for (const std::string& k : keys) measure += (measure.empty() ? "" : " ") + k;
  std::vector<RatioRow> rows;
  for (const auto& [r, t] : judged) {
    rows.push_back({r->dataset + " " + r->strategy +
                        (keys.size() > 1 ? " (" + t.key + ")" : ""),
                    t.ratio, t.low, t.high, r->verdict == RowVerdict::kSlower,
                    r->timing.note, r->timing.gated});
  }
  const std::string what =
      keys.size() > 1 ? "Throughput" : "Throughput in " + label;
  return "<div class=\"charts\">" +
         RatioChart(
             {"ratios",
              what + ", current / baseline, in the band the timing "
                     "gate allows",
              "current / baseline" +
                  (keys.size() > 1
                       ? std::string(" (cpu: per CPU-second, wall: per second)")
                       : ", " + label) +
                  " (log axis)",
              measure},
             rows) +
         "</div>";
}

std::string Verdicts(const Comparison& comparison) {
  std::string out =
      "<p>Exit code " + std::to_string(comparison.ExitCode()) + ": ";
  const RowVerdict all[] = {RowVerdict::kSame, RowVerdict::kChanged,
                            RowVerdict::kSlower, RowVerdict::kMissing,
                            RowVerdict::kNew};
  for (RowVerdict v : all) {
    out += std::to_string(comparison.Count(v)) + " " +
           std::string(RowVerdictName(v)) + (v == RowVerdict::kNew ? "" : ", ");
  }
  out += ".</p>";
  for (const std::string& refusal : comparison.refusals) {
    out += "<p class=\"changed\">refused: " + HtmlEscape(refusal) + "</p>";
  }
  return out;
}

}  // namespace

void WriteComparisonHtml(std::ostream& out, const Comparison& comparison,
                         std::span<const ReportEntry> baseline,
                         std::span<const ReportEntry> current,
                         const std::string& baseline_name,
                         const std::string& current_name) {
  const EntriesByKey base = IndexOf(baseline), cur = IndexOf(current);
  std::string body = "<h1>bench compare</h1><p>baseline " +
                     HtmlEscape(baseline_name) + ", current " +
                     HtmlEscape(current_name) +
                     ". Distributions are drawn through the CSV's "
                     "percentiles (p50, p90, p99, max).</p>" +
                     Verdicts(comparison);
  body += RatioSection(comparison, base, cur);
  for (size_t i = 0; i < comparison.rows.size(); ++i) {
    body += RowSection(i, comparison.rows[i], base, cur, comparison.options);
  }
  WriteHtmlPage(out, "bench compare", body);
}

}  // namespace sudoku
