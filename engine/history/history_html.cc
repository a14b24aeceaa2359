// The trend page of `bench history --html`: charts of every series over its
// commits, drawn with the HTML report's page and chart functions.
#include "engine/history/history_html.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "engine/common/text_format.h"
#include "engine/history/history_check.h"
#include "engine/report/html_reporter.h"
#include "engine/report/svg_chart.h"

namespace sudoku {
namespace {

std::string Cell(const std::string& text) {
  return "<td class=\"name\">" + HtmlEscape(text) + "</td>";
}

std::string Number(double value) {
  return "<td>" + Grouped(static_cast<uint64_t>(std::llround(value))) + "</td>";
}

// The table of `measure`, the chart's: its value per commit and band, in the
// chart's words; the wall clock beside it, labelled, when it is not judged.
std::string CommitTable(const std::vector<const SeriesPoint*>& points,
                        Measure measure) {
  const bool cpu = measure == Measure::kCpu;
  const std::string label(MeasureLabel(measure));
  std::string out = "<table class=\"commits\" data-measure=\"" +
                    std::string(MeasureName(measure)) +
                    "\"><tr><th>commit</th><th>date</th><th>runs</th><th>" +
                    HtmlEscape(label) +
                    "</th><th>band low</th><th>band high</th>" +
                    (cpu ? "<th>puzzles/s (wall clock, not judged)</th>" : "") +
                    "<th>nodes_total</th><th>solved</th><th>over_budget</th>"
                    "<th>wrong</th></tr>";
  // Newest first: the row people look for.
  for (size_t i = points.size(); i-- > 0;) {
    const SeriesPoint& p = *points[i];
    const ReportRow& r = p.First().row;
    out += "<tr>" + Cell(p.commit) + Cell(p.date) + Number(p.runs.size()) +
           Number(p.Throughput(measure)) + Number(p.Low(measure)) +
           Number(p.High(measure)) + (cpu ? Number(p.puzzles_per_s) : "") +
           Number(static_cast<double>(r.nodes_total)) +
           Number(static_cast<double>(r.solved)) +
           Number(static_cast<double>(r.over_budget)) +
           Number(static_cast<double>(r.wrong)) + "</tr>";
  }
  return TableBox(out + "</table>");
}

// What the chart's band is, or why it has none.
std::string BandText(const std::vector<const SeriesPoint*>& points,
                     Measure measure) {
  const bool banded = std::ranges::any_of(points, [&](const SeriesPoint* p) {
    return p->Low(measure) != p->High(measure);
  });
  if (measure == Measure::kCpu) {
    return banded ? "the band spans each commit's lowest to highest run"
                  : "no band: each commit has one run, and a run keeps its "
                    "median round's CPU time only (record more runs of a "
                    "commit for one)";
  }
  return banded ? "the band spans the slowest to fastest round of each "
                  "commit's runs"
                : "no band: each commit's runs ran one round";
}

std::string Section(size_t index, const Series& s, Measure wanted,
                    const ChangePointOptions& options) {
  std::vector<const SeriesPoint*> points;
  for (const SeriesPoint& p : s.points) points.push_back(&p);
  const Measure measure = JudgedMeasure(points, wanted);
  const std::string judged(MeasureLabel(measure));
  std::string judged_title = judged;
  judged_title[0] = static_cast<char>(std::toupper(judged_title[0]));
  const std::string id = "s" + std::to_string(index + 1) + "-";
  const std::string name =
      s.key.Name() + (s.key.branch.empty() ? "" : " [" + s.key.branch + "]");
  std::vector<TrendPoint> speed, nodes;
  for (const SeriesPoint* p : points) {
    speed.push_back(
        {p->commit, p->Throughput(measure), p->Low(measure), p->High(measure)});
    const double total = static_cast<double>(p->First().row.nodes_total);
    nodes.push_back({p->commit, total, total, total});
  }
  std::vector<TrendMark> speed_marks, node_marks;
  std::string notes;
  for (const ThroughputChange& c :
       ThroughputChanges(points, measure, options)) {
    speed_marks.push_back({c.index, ChangeText(c)});
    notes += "<li>" + HtmlEscape(judged + " " + ChangeText(c)) + " at " +
             HtmlEscape(points[c.index]->commit) + "</li>";
  }
  for (const ExactChange& c : ExactChanges(points)) {
    const std::string text = c.column + " " + c.before + " -> " + c.after;
    if (c.column == "nodes_total") node_marks.push_back({c.index, text});
    notes += "<li class=\"changed\">" + HtmlEscape(text) + " at " +
             HtmlEscape(points[c.index]->commit) + "</li>";
  }
  std::string out = "<section class=\"series\"><h2>" + HtmlEscape(name) +
                    "</h2><p>" + std::to_string(points.size()) +
                    " commits on " + HtmlEscape(s.key.Testbed()) +
                    "; judged on " + HtmlEscape(judged) + "; " +
                    HtmlEscape(BandText(points, measure)) + "</p>";
  if (!notes.empty()) out += "<ul>" + notes + "</ul>";
  out += "<div class=\"charts\">" +
         TrendChart(
             {id + "speed", judged_title + ": " + name, "commits, oldest first",
              judged, AxisUnit::kCount, AxisUnit::kCount, false, false},
             speed, speed_marks, MeasureName(measure)) +
         TrendChart(
             {id + "nodes", "Nodes in total: " + name, "commits, oldest first",
              "nodes", AxisUnit::kCount, AxisUnit::kCount, false, false},
             nodes, node_marks) +
         "</div>" + CommitTable(points, measure);
  return out + "</section>";
}

}  // namespace

void WriteHistoryHtml(std::ostream& out, const std::vector<Series>& series,
                      Measure measure, const ChangePointOptions& options,
                      const std::string& source) {
  std::string body =
      "<h1>sudoku-bench history</h1><p>" + std::to_string(series.size()) +
      " series from " + HtmlEscape(source) +
      ". Each dot is a commit (hover for its name and value); each series "
      "says which throughput it is judged on, which its chart and table "
      "show, and what its band is. A dashed line marks a change point of "
      "that throughput, or a change of the node total.</p>";
  for (size_t i = 0; i < series.size(); ++i) {
    body += Section(i, series[i], measure, options);
  }
  WriteHtmlPage(out, "sudoku-bench history", body);
}

}  // namespace sudoku
