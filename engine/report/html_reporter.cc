// The HTML report (`bench --html`): one self-contained page of charts and
// tables over every pass of a run, written when the run ends.
#include "engine/report/html_reporter.h"

#include <algorithm>
#include <stdexcept>

#include "engine/common/text_format.h"
#include "engine/report/chart_bins.h"
#include "engine/report/report_schema.h"

namespace sudoku {
namespace {

// Bins per power of two: the cactus line finer than the distributions, whose
// bins must each hold enough puzzles to be read as a shape.
constexpr int kCactusBins = 8, kDensityBins = 2;

// A table wider than the window scrolls in its box, which shows a shadow at
// an edge where more of it lies (Lea Verou's scrolling shadows, CSS alone).
constexpr std::string_view kStyle = R"(
body{font:14px system-ui,sans-serif;margin:24px;color:#222;max-width:1500px}
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-top:1px solid #ccc;padding-top:12px}
h1,h2,h3,p,li{overflow-wrap:anywhere}
.table-box{max-width:100%;overflow-x:auto;margin:8px 0;background:linear-gradient(to right,#fff 30%,#fff0) left/40px 100%,linear-gradient(to left,#fff 30%,#fff0) right/40px 100%,radial-gradient(farthest-side at 0 50%,#0003,#0000) left/12px 100%,radial-gradient(farthest-side at 100% 50%,#0003,#0000) right/12px 100%;background-repeat:no-repeat;background-attachment:local,local,scroll,scroll}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:3px 7px}
td{text-align:right;font-variant-numeric:tabular-nums}td.name,th{text-align:left}td.name{white-space:nowrap}
.charts{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
svg.chart{border:1px solid #eee;flex:1 1 600px;min-width:0;max-width:720px;height:auto}
svg .legend.off{opacity:.35}
.verdict-same{background:#dff0d8}.verdict-new{background:#eef}
.verdict-changed,.verdict-slower,.verdict-missing,.changed{background:#f8d7da}
)";

// Clicking a legend entry hides or shows every mark of that series; a page
// opened at #only=CHART shows that chart alone (to link to it, or for the
// browser check's screenshot of each chart).
constexpr std::string_view kScript = R"(
var only = /^#only=(.+)$/.exec(location.hash);
if (only) {
  var chart = document.querySelector(
      'svg[data-chart="' + CSS.escape(decodeURIComponent(only[1])) + '"]');
  if (chart) {
    document.body.replaceChildren(chart);
    document.body.style.margin = '0';
  }
}
document.querySelectorAll('[data-toggle]').forEach(function (entry) {
  entry.addEventListener('click', function () {
    var name = entry.getAttribute('data-toggle');
    var off = entry.classList.toggle('off');
    var svg = entry.closest('svg');
    svg.querySelectorAll('[data-series]').forEach(function (mark) {
      if (mark.getAttribute('data-series') === name)
        mark.style.display = off ? 'none' : '';
    });
  });
});
)";

const ReportColumn& ColumnNamed(std::string_view name) {
  for (const ReportColumn& column : ReportColumns()) {
    if (column.name == name) return column;
  }
  throw std::logic_error("no report column " + std::string(name));
}

// The per-strategy table: these columns, as the CSV writes them.
constexpr std::string_view kTableColumns[] = {
    "puzzles",     "solved",      "multiple",  "no_solution", "over_budget",
    "invalid",     "malformed",   "wrong",     "errors",      "puzzles_per_s",
    "mean_us",     "p50_us",      "p90_us",    "p99_us",      "max_us",
    "nodes_total", "nodes_mean",  "nodes_p50", "nodes_p90",   "nodes_p99",
    "nodes_max",   "no_guess_pct"};

std::string Cell(const std::string& text) {
  return "<td class=\"name\">" + HtmlEscape(text) + "</td>";
}

std::string NumbersTable(const std::vector<ReportRow>& rows,
                         const Manifest& manifest) {
  std::string out = "<table class=\"numbers\"><tr><th>strategy</th>";
  for (std::string_view name : kTableColumns) {
    out += "<th>" + std::string(name) + "</th>";
  }
  out += "</tr>";
  for (const ReportRow& row : rows) {
    out += "<tr data-strategy=\"" + HtmlEscape(row.strategy) + "\">" +
           Cell(row.strategy);
    for (std::string_view name : kTableColumns) {
      out += SchemaCell(row, manifest, name);
    }
    out += "</tr>";
  }
  return TableBox(out + "</table>");
}

std::vector<BarSegment> OutcomeSegments(const std::vector<ReportRow>& rows) {
  // Okabe and Ito's eight colours, which stay apart under each colour
  // vision deficiency: "solved" and "wrong" were green and red.
  std::vector<BarSegment> segments = {
      {"solved", "#009e73", {}},      {"multiple", "#56b4e9", {}},
      {"no solution", "#0072b2", {}}, {"over budget", "#e69f00", {}},
      {"invalid", "#cc79a7", {}},     {"malformed", "#f0e442", {}},
      {"wrong", "#d55e00", {}},       {"error", "#000000", {}}};
  for (const ReportRow& r : rows) {
    const uint64_t counts[] = {r.solved,      r.multiple, r.no_solution,
                               r.over_budget, r.invalid,  r.malformed,
                               r.wrong,       r.errors};
    for (size_t i = 0; i < segments.size(); ++i) {
      segments[i].values.push_back(counts[i]);
    }
  }
  return segments;
}

std::string SlowestTable(const std::string& path,
                         const std::vector<ReportRow>& rows,
                         const std::vector<std::vector<SlowPuzzle>>& slowest) {
  std::string out =
      "<table class=\"slowest\"><tr><th>strategy</th><th>puzzle</th>"
      "<th>nodes</th><th>time (\u00b5s)</th></tr>";
  for (size_t s = 0; s < rows.size(); ++s) {
    for (const SlowPuzzle& p : slowest[s]) {
      out += "<tr>" + Cell(rows[s].strategy) +
             Cell(path + ":" + std::to_string(p.line)) + "<td>" +
             Grouped(p.nodes) + (p.over_budget ? " (over budget)" : "") +
             "</td><td>" +
             Fixed(static_cast<double>(p.nanos) / 1000.0, 3) + "</td></tr>";
    }
  }
  return TableBox(out + "</table>");
}

// Background for a throughput relative to the fastest: green at the
// fastest, through yellow, to red at none.
std::string Shade(double relative) {
  const int hue = static_cast<int>(120 * std::clamp(relative, 0.0, 1.0));
  return "hsl(" + std::to_string(hue) + ",70%,82%)";
}

}  // namespace

std::string SchemaCell(const ReportRow& row, const Manifest& manifest,
                       std::string_view column, const std::string& attributes) {
  return "<td" + attributes + " data-column=\"" + std::string(column) + "\">" +
         HtmlEscape(ColumnNamed(column).write(row, manifest)) + "</td>";
}

std::string TableBox(const std::string& table) {
  return "<div class=\"table-box\" tabindex=\"0\">" + table + "</div>";
}

void WriteHtmlPage(std::ostream& out, std::string_view title,
                   const std::string& body) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      << "<title>" << HtmlEscape(title) << "</title><style>" << kStyle
      << "</style></head><body>\n"
      << body << "\n<script>" << kScript << "</script></body></html>\n";
}

void HtmlReporter::ReportPass(const Manifest& manifest,
                              const DatasetResult& result,
                              const std::vector<ReportRow>& rows) {
  if (passes_.empty()) manifest_ = manifest;
  PassView pass{result.path, rows, {}};
  for (size_t i = 0; i < rows.size() && i < result.stats.size(); ++i) {
    const StrategyStats& s = result.stats[i];
    pass.strategies.push_back({Cumulative(s.nanos, kCactusBins, 1e-3),
                               LogDensity(s.nanos, kDensityBins, 1e-3),
                               LogDensity(s.nodes, kDensityBins, 1.0),
                               s.slowest.Sorted()});
  }
  pass.strategies.resize(rows.size());
  passes_.push_back(std::move(pass));
}

std::string HtmlReporter::Summary() const {
  std::vector<std::string> strategies;
  for (const PassView& p : passes_) {
    for (const ReportRow& r : p.rows) {
      if (std::ranges::find(strategies, r.strategy) == strategies.end())
        strategies.push_back(r.strategy);
    }
  }
  std::string out = "<table class=\"summary\"><tr><th>strategy</th>";
  for (const PassView& p : passes_)
    out += "<th>" + HtmlEscape(p.path) + "</th>";
  out += "</tr>";
  for (const std::string& name : strategies) {
    out += "<tr data-strategy=\"" + HtmlEscape(name) + "\">" + Cell(name);
    for (const PassView& p : passes_) {
      double fastest = 0;
      for (const ReportRow& r : p.rows) {
        fastest = std::max(fastest, r.puzzles_per_s);
      }
      auto row = std::ranges::find(p.rows, name, &ReportRow::strategy);
      if (row == p.rows.end()) {
        out += "<td></td>";
        continue;
      }
      const double share = fastest > 0 ? row->puzzles_per_s / fastest : 0;
      out +=
          SchemaCell(*row, manifest_, "puzzles_per_s",
                     " data-dataset=\"" + HtmlEscape(p.path) +
                         "\" style=\"background:" + Shade(share) +
                         "\" title=\"" + Percent(share) + " of the fastest\"");
    }
    out += "</tr>";
  }
  return "<h2>Summary: puzzles per second</h2><p>Each cell is coloured by its "
         "share of the fastest strategy on that dataset (green: fastest).</p>" +
         TableBox(out + "</table>");
}

namespace {

// A partial run's page (interrupted, or stopped early by an error or
// --strict) says so where its numbers are, as the CSV's complete and
// last_line columns do.
std::string PartialNote(const std::vector<ReportRow>& rows) {
  if (rows.empty() || rows[0].complete) return "";
  return "<p class=\"partial\"><strong>Partial:</strong> the run was "
         "interrupted or stopped early; these figures cover the lines up to " +
         std::to_string(rows[0].last_line) + " only.</p>";
}

}  // namespace

std::string HtmlReporter::Section(size_t index) const {
  const PassView& p = passes_[index];
  const std::string id = "d" + std::to_string(index + 1) + "-";
  std::string out = "<section class=\"dataset\" data-dataset=\"" +
                    HtmlEscape(p.path) + "\"><h2>" + HtmlEscape(p.path) +
                    "</h2>" + PartialNote(p.rows) +
                    NumbersTable(p.rows, manifest_) + "<div class=\"charts\">";
  std::vector<std::string> names;
  std::vector<ChartSeries> cactus;
  std::vector<DistributionRow> times, nodes;
  for (size_t s = 0; s < p.rows.size(); ++s) {
    const ReportRow& row = p.rows[s];
    names.push_back(row.strategy);
    cactus.push_back({row.strategy, p.strategies[s].cactus});
    times.push_back(
        {row.strategy, p.strategies[s].time_density, row.p50_us, s});
    nodes.push_back({row.strategy, p.strategies[s].node_density,
                     static_cast<double>(row.nodes_p50), s});
  }
  // Titles name the dataset, so that a chart cut out of the page says it.
  const std::string on = p.rows.empty() ? "" : ": " + p.rows[0].dataset;
  out += StackedBars(id + "outcomes", "Outcomes per strategy" + on, names,
                     OutcomeSegments(p.rows));
  out += LineChart({id + "cactus", "Puzzles answered within a time" + on,
                    "time per puzzle (log)", "puzzles answered",
                    AxisUnit::kMicros, AxisUnit::kCount, true, false},
                   cactus);
  out += DistributionRows(
      {id + "times", "Time per puzzle" + on + ", fastest median first",
       "time per puzzle (log; 2 bins per doubling)", "", AxisUnit::kMicros,
       AxisUnit::kCount, true, false},
      times);
  out += DistributionRows(
      {id + "nodes", "Nodes per puzzle" + on + ", fewest median first",
       "nodes per puzzle (log; 2 bins per doubling; 0 counted at 1)", "",
       AxisUnit::kCount, AxisUnit::kCount, true, false},
      nodes);
  out += "</div>";
  std::vector<std::vector<SlowPuzzle>> slowest;
  for (const StrategyView& v : p.strategies) slowest.push_back(v.slowest);
  if (std::ranges::any_of(slowest, [](auto& s) { return !s.empty(); })) {
    out += "<h3>Slowest puzzles</h3>" + SlowestTable(p.path, p.rows, slowest);
  }
  return out + "</section>";
}

std::string HtmlReporter::ManifestTable() const {
  const Manifest& m = manifest_;
  const ReportRow first = passes_.empty() ? ReportRow{} : passes_[0].rows[0];
  const std::pair<std::string, std::string> facts[] = {
      {"version", m.version},
      {"git revision", m.git_revision},
      {"compiler", m.compiler},
      {"build flags", m.build_flags},
      {"cpu", m.cpu},
      {"date", m.date},
      {"processes",
       std::to_string(m.ranks) + (m.hosts.empty() ? "" : " on " + m.hosts)},
      {"threads per process", std::to_string(first.threads)},
      {"solution limit", std::to_string(first.limit)},
      {"node budget", BudgetText(first.max_nodes)}};
  std::string manifest = "<table class=\"manifest\">";
  for (const auto& [name, value] : facts) {
    manifest += "<tr><th>" + name + "</th>" + Cell(value) + "</tr>";
  }
  std::string datasets =
      "<table class=\"datasets\"><tr><th>dataset</th><th>bytes</th>"
      "<th>format</th><th>compression</th><th>sha256</th></tr>";
  for (const PassView& p : passes_) {
    if (p.rows.empty()) continue;
    const std::string of = " data-dataset=\"" + HtmlEscape(p.path) + "\"";
    datasets += "<tr>" + Cell(p.path) +
                SchemaCell(p.rows[0], m, "dataset_bytes", of) +
                SchemaCell(p.rows[0], m, "dataset_format", of) +
                SchemaCell(p.rows[0], m, "compression", of) +
                SchemaCell(p.rows[0], m, "dataset_sha256", of) + "</tr>";
  }
  return "<h2>Run manifest</h2>" + TableBox(manifest + "</table>") +
         TableBox(datasets + "</table>");
}

void HtmlReporter::Finish() {
  std::erase_if(passes_, [](const PassView& p) { return p.rows.empty(); });
  std::string body = "<h1>sudoku-bench run</h1><p>" +
                     std::to_string(passes_.size()) +
                     " dataset(s); every number in the tables is the CSV "
                     "report's value. Click a legend entry to hide a "
                     "strategy.</p>";
  if (passes_.size() > 1) body += Summary();
  for (size_t i = 0; i < passes_.size(); ++i) body += Section(i);
  body += ManifestTable();
  WriteHtmlPage(out_, "sudoku-bench report", body);
  out_.flush();
}

}  // namespace sudoku
