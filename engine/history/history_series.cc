// Stored runs grouped into series of commits; revisions and dates resolved
// against what the history holds.
#include "engine/history/history_series.h"

#include <algorithm>
#include <map>
#include <regex>

#include "engine/common/text_format.h"
#include "engine/history/change_points.h"
#include "engine/report/report_schema.h"
#include "engine/stats/quantile.h"

namespace sudoku {

std::string_view MeasureName(Measure measure) {
  return measure == Measure::kCpu ? "cpu" : "wall";
}

std::string_view MeasureLabel(Measure measure) {
  return measure == Measure::kCpu ? "puzzles per CPU-second"
                                  : "puzzles/s (wall clock)";
}

Measure JudgedMeasure(std::span<const SeriesPoint* const> points,
                      Measure wanted) {
  if (wanted == Measure::kWall) return wanted;
  const bool all_have_cpu = std::ranges::all_of(
      points, [](const SeriesPoint* p) { return p->cpu_puzzles_per_s > 0; });
  return all_have_cpu ? Measure::kCpu : Measure::kWall;
}

std::string SeriesKey::Name() const {
  return dataset + " " + strategy + " limit " + std::to_string(limit) +
         " budget " + BudgetText(max_nodes) + " " + std::to_string(threads) +
         (threads == 1 ? " thread" : " threads");
}

std::string SeriesKey::Testbed() const {
  return (testbed.empty() ? "" : testbed + ": ") + cpu + ", " + build_flags;
}

std::vector<std::pair<std::string, std::string>> ExactValues(
    const ReportEntry& entry) {
  std::vector<std::pair<std::string, std::string>> values;
  for (const ReportColumn& column : ReportColumns()) {
    if (!column.Exact()) continue;
    values.emplace_back(std::string(column.name),
                        column.write(entry.row, entry.manifest));
  }
  return values;
}

std::vector<Series> BuildSeries(const std::vector<StoredRun>& runs) {
  struct Building {
    std::map<std::string, SeriesPoint> by_commit;
  };
  std::map<SeriesKey, Building> building;
  for (const StoredRun& run : runs) {
    for (const StoredResult& result : run.results) {
      const ReportRow& r = result.entry.row;
      const Manifest& m = result.entry.manifest;
      const SeriesKey key{r.dataset,     r.dataset_sha256, r.strategy,  r.limit,
                          r.max_nodes,   r.threads,        run.testbed, m.cpu,
                          m.build_flags, run.branch};
      SeriesPoint& point = building[key].by_commit[run.commit];
      point.commit = run.commit;
      if (point.runs.empty() || m.date < point.date) point.date = m.date;
      point.runs.push_back(&result);
    }
  }
  std::vector<Series> series;
  for (auto& [key, b] : building) {
    Series s{key, {}};
    // One measure for the whole series (CommonTimingMeasure: the solves'
    // thread CPU time when every run has it), so that a change of measure
    // is no change point.
    std::vector<const ReportRow*> rows;
    for (const auto& [commit, point] : b.by_commit) {
      for (const StoredResult* run : point.runs) rows.push_back(&run->entry.row);
    }
    const TimingMeasure measure = CommonTimingMeasure(rows);
    for (auto& [commit, point] : b.by_commit) {
      std::vector<double> medians, cpu;
      point.low = point.runs.front()->entry.row.puzzles_per_s_min;
      point.high = point.runs.front()->entry.row.puzzles_per_s_max;
      const auto exact = ExactValues(point.First());
      for (const StoredResult* run : point.runs) {
        const ReportRow& r = run->entry.row;
        medians.push_back(r.puzzles_per_s);
        cpu.push_back(measure == TimingMeasure::kWall
                          ? 0
                          : MeasuredThroughput(r, measure));
        point.low = std::min(point.low, r.puzzles_per_s_min);
        point.high = std::max(point.high, r.puzzles_per_s_max);
        const auto other = ExactValues(run->entry);
        for (size_t c = 0; c < exact.size() && point.disagreement.empty();
             ++c) {
          if (other[c].second == exact[c].second) continue;
          point.disagreement = exact[c].first + " " + exact[c].second +
                               " in one run, " + other[c].second +
                               " in another";
        }
      }
      point.puzzles_per_s = Median(medians);
      if (std::ranges::min(cpu) > 0) {
        point.cpu_puzzles_per_s = Median(cpu);
        point.cpu_low = std::ranges::min(cpu);
        point.cpu_high = std::ranges::max(cpu);
      }
      s.points.push_back(std::move(point));
    }
    // Commits in the order they were first run; ties by the order recorded.
    std::ranges::stable_sort(s.points,
                             [](const SeriesPoint& a, const SeriesPoint& b) {
                               if (a.date != b.date) return a.date < b.date;
                               return a.runs.front()->id < b.runs.front()->id;
                             });
    series.push_back(std::move(s));
  }
  return series;
}

namespace {

// The hash in a revision as `git describe --always --dirty` writes it:
// "9b3e0d5", "9b3e0d5-dirty", "v1.2-3-g9b3e0d5"; "" when there is none.
std::string HashOf(const std::string& revision) {
  static const std::regex described(
      R"(^(?:.*-g)?([0-9a-f]{7,40})(?:-dirty)?$)");
  std::smatch match;
  return std::regex_match(revision, match, described) ? match[1].str() : "";
}

}  // namespace

std::string ResolveCommit(const std::vector<StoredRun>& runs,
                          const std::string& rev) {
  std::vector<std::string> matches;
  for (const StoredRun& run : runs) {
    const std::string hash = HashOf(run.commit);
    const bool match =
        run.commit == rev || (rev.size() >= 4 && run.commit.starts_with(rev)) ||
        // A full hash (git merge-base's) names a stored abbreviation of it.
        (!hash.empty() && rev.size() >= hash.size() && rev.starts_with(hash));
    if (match && std::ranges::find(matches, run.commit) == matches.end()) {
      matches.push_back(run.commit);
    }
  }
  if (matches.size() == 1) return matches[0];
  if (matches.empty()) {
    throw HistoryError("unknown revision " + rev +
                       ": no run of it is recorded (bench history show lists "
                       "the commits)");
  }
  std::string names;
  for (const std::string& m : matches) names += " " + m;
  throw HistoryError("revision " + rev + " is ambiguous:" + names);
}

bool LooksLikeDate(const std::string& text) {
  static const std::regex date(R"(^\d{4}-\d{2}-\d{2}([T ][0-9:]+Z?)?$)");
  return std::regex_match(text, date);
}

void KeepSince(std::vector<Series>& series, const std::string& since,
               const std::vector<StoredRun>& runs) {
  if (since.empty()) return;
  if (LooksLikeDate(since)) {
    for (Series& s : series) {
      std::erase_if(s.points,
                    [&](const SeriesPoint& p) { return p.date < since; });
    }
  } else {
    const std::string commit = ResolveCommit(runs, since);
    for (Series& s : series) {
      const auto at = std::ranges::find(s.points, commit, &SeriesPoint::commit);
      // A series that never ran the revision keeps what was run after it.
      std::string from_date;
      if (at != s.points.end()) {
        s.points.erase(s.points.begin(), at);
        continue;
      }
      for (const StoredRun& run : runs) {
        if (run.commit == commit && (from_date.empty() || run.date < from_date))
          from_date = run.date;
      }
      std::erase_if(s.points,
                    [&](const SeriesPoint& p) { return p.date < from_date; });
    }
  }
  std::erase_if(series, [](const Series& s) { return s.points.empty(); });
}

}  // namespace sudoku
