// `bench history show`: series as tables and as JSON, change points and
// exact changes noted at their commits.
#include "engine/history/history_show.h"

#include <cmath>
#include <cstdlib>
#include <map>

#include "engine/common/json_layout.h"
#include "engine/common/text_format.h"
#include "engine/history/history_check.h"

namespace sudoku {
namespace {

std::vector<const SeriesPoint*> PointsOf(const Series& s) {
  std::vector<const SeriesPoint*> points;
  for (const SeriesPoint& p : s.points) points.push_back(&p);
  return points;
}

// What happened at each point: its change point, its exact changes.
std::map<size_t, std::vector<std::string>> Notes(
    const std::vector<const SeriesPoint*>& points, Measure measure,
    const ChangePointOptions& options) {
  std::map<size_t, std::vector<std::string>> notes;
  for (const ThroughputChange& c :
       ThroughputChanges(points, measure, options)) {
    notes[c.index].push_back("change point of " +
                             std::string(MeasureLabel(measure)) + " " +
                             ChangeText(c));
  }
  for (const ExactChange& c : ExactChanges(points)) {
    notes[c.index].push_back(c.column + " " + c.before + " -> " + c.after);
  }
  for (size_t i = 0; i < points.size(); ++i) {
    if (!points[i]->disagreement.empty()) {
      notes[i].push_back("runs disagree: " + points[i]->disagreement);
    }
  }
  return notes;
}

// A column's CSV text as a JSON number when it is one.
Json JsonValue(const std::string& text) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size()) return text;
  return JsonNumber(value);
}

std::string Rate(double value) {
  return Grouped(static_cast<uint64_t>(std::llround(value)));
}

}  // namespace

void PrintHistory(std::ostream& out, const std::vector<Series>& series,
                  Measure measure, const ChangePointOptions& options) {
  if (series.empty()) out << "no runs recorded match\n";
  for (const Series& s : series) {
    out << ConsoleText(s.key.Name()) << " ["
        << ConsoleText(s.key.branch.empty() ? "-" : s.key.branch) << "] on "
        << ConsoleText(s.key.Testbed()) << '\n';
    std::vector<std::vector<std::string>> table = {
        {"commit", "date", "runs", "puzzles/s", "min..max", "per CPU-s",
         "nodes_total", "solved", "multiple", "no_solution", "over_budget",
         "wrong", "errors", "note"}};
    const std::vector<const SeriesPoint*> points = PointsOf(s);
    const auto notes = Notes(points, JudgedMeasure(points, measure), options);
    for (size_t i = 0; i < points.size(); ++i) {
      const SeriesPoint& p = *points[i];
      const ReportRow& r = p.First().row;
      std::string note;
      if (const auto it = notes.find(i); it != notes.end()) {
        for (const std::string& n : it->second) {
          note += (note.empty() ? "" : "; ") + n;
        }
      }
      table.push_back(
          {p.commit, p.date, std::to_string(p.runs.size()),
           Rate(p.puzzles_per_s), Rate(p.low) + ".." + Rate(p.high),
           p.cpu_puzzles_per_s > 0 ? Rate(p.cpu_puzzles_per_s) : "-",
           Grouped(r.nodes_total), Grouped(r.solved), Grouped(r.multiple),
           Grouped(r.no_solution), Grouped(r.over_budget), Grouped(r.wrong),
           Grouped(r.errors), note});
    }
    PrintTable(out, table, {.left_aligned = {0, 1, 13}});
    out << '\n';
  }
}

void WriteHistoryJson(std::ostream& out, const std::vector<Series>& series,
                      Measure measure, const ChangePointOptions& options) {
  Json list = Json::array();
  for (const Series& s : series) {
    const std::vector<const SeriesPoint*> points = PointsOf(s);
    Json commits = Json::array();
    for (const SeriesPoint* p : points) {
      Json point = {{"commit", p->commit},
                    {"date", p->date},
                    {"runs", p->runs.size()},
                    {"puzzles_per_s", JsonNumber(p->puzzles_per_s)},
                    {"puzzles_per_s_min", JsonNumber(p->low)},
                    {"puzzles_per_s_max", JsonNumber(p->high)},
                    {"cpu_puzzles_per_s", JsonNumber(p->cpu_puzzles_per_s)},
                    {"cpu_puzzles_per_s_min", JsonNumber(p->cpu_low)},
                    {"cpu_puzzles_per_s_max", JsonNumber(p->cpu_high)}};
      for (const auto& [column, value] : ExactValues(p->First())) {
        point[column] = JsonValue(value);
      }
      if (!p->disagreement.empty()) point["disagreement"] = p->disagreement;
      commits.push_back(point);
    }
    Json changes = Json::array(), exact = Json::array();
    const Measure judged = JudgedMeasure(points, measure);
    for (const ThroughputChange& c :
         ThroughputChanges(points, judged, options)) {
      changes.push_back({{"commit", points[c.index]->commit},
                         {"size", JsonNumber(c.size)},
                         {"size_low", JsonNumber(c.size_low)},
                         {"size_high", JsonNumber(c.size_high)},
                         {"size_confidence", JsonNumber(c.size_confidence)},
                         {"p_value", JsonNumber(c.p_value)}});
    }
    for (const ExactChange& c : ExactChanges(points)) {
      exact.push_back({{"commit", points[c.index]->commit},
                       {"column", c.column},
                       {"before", c.before},
                       {"after", c.after}});
    }
    list.push_back({{"dataset", s.key.dataset},
                    {"dataset_sha256", s.key.dataset_sha256},
                    {"strategy", s.key.strategy},
                    {"limit", s.key.limit},
                    {"max_nodes", BudgetText(s.key.max_nodes)},
                    {"threads", s.key.threads},
                    {"branch", s.key.branch},
                    {"testbed", s.key.testbed},
                    {"cpu", s.key.cpu},
                    {"build_flags", s.key.build_flags},
                    {"measure", MeasureName(judged)},
                    {"change_points", changes},
                    {"exact_changes", exact},
                    {"commits", commits}});
  }
  out << MembersOnLines({{"series", list}}, "series",
                        {"change_points", "exact_changes", "commits"});
}

std::vector<ReportEntry> NewestEntries(const std::vector<Series>& series) {
  std::vector<ReportEntry> entries;
  for (const Series& s : series) {
    if (!s.points.empty())
      entries.push_back(s.points.back().runs.back()->entry);
  }
  return entries;
}

}  // namespace sudoku
