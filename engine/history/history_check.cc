// `bench history check`: exact changes named by the first commit that made
// them, throughput change points, and the newest commit's verdict.
#include "engine/history/history_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "engine/common/exit_codes.h"
#include "engine/common/json_layout.h"
#include "engine/common/text_format.h"
#include "engine/stats/quantile.h"

namespace sudoku {
namespace {

std::string Pct(double fraction) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%+.1f%%", fraction * 100);
  return buffer;
}

// The permutation test's p-value, and the confidence it gives that the
// change is real: "p = 0.005, 99.5% confidence".
std::string PValue(double p) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "p = %.3f, %.1f%% confidence", p,
                (1 - p) * 100);
  return buffer;
}

}  // namespace

std::string ChangeText(const ThroughputChange& change) {
  return Pct(change.size) + " (" + PValue(change.p_value) + ")";
}

std::vector<ThroughputChange> ThroughputChanges(
    const std::vector<const SeriesPoint*>& points,
    const ChangePointOptions& options) {
  std::vector<double> logs;
  for (const SeriesPoint* p : points) {
    logs.push_back(std::log(std::max(p->puzzles_per_s, 1e-9)));
  }
  const std::vector<ChangePoint> found = FindChangePoints(logs, options);
  std::vector<size_t> bounds = {0};
  for (const ChangePoint& c : found) bounds.push_back(c.index);
  bounds.push_back(points.size());
  const auto median = [&](size_t from, size_t to) {
    return Median({logs.begin() + from, logs.begin() + to});
  };
  std::vector<ThroughputChange> changes;
  for (size_t k = 0; k < found.size(); ++k) {
    const double before = median(bounds[k], bounds[k + 1]);
    const double after = median(bounds[k + 1], bounds[k + 2]);
    changes.push_back({found[k].index, std::exp(after - before) - 1,
                       found[k].p_value, false});
  }
  return changes;
}

std::vector<ExactChange> ExactChanges(
    const std::vector<const SeriesPoint*>& points) {
  std::vector<ExactChange> changes;
  for (size_t i = 1; i < points.size(); ++i) {
    const auto before = ExactValues(points[i - 1]->First());
    const auto after = ExactValues(points[i]->First());
    for (size_t c = 0; c < before.size(); ++c) {
      if (before[c].second == after[c].second) continue;
      changes.push_back(
          {i, before[c].first, before[c].second, after[c].second});
    }
  }
  return changes;
}

namespace {

using Points = std::vector<const SeriesPoint*>;

// The median puzzles/s of the segment (between change points) holding
// point `index`.
double SegmentMedian(const Points& points,
                     const std::vector<ThroughputChange>& changes,
                     size_t index) {
  size_t from = 0, to = points.size();
  for (const ThroughputChange& c : changes) {
    if (c.index <= index) from = c.index;
    if (c.index > index) {
      to = c.index;
      break;
    }
  }
  std::vector<double> values;
  for (size_t i = from; i < to; ++i) values.push_back(points[i]->puzzles_per_s);
  return Median(values);
}

// The newest point's exact columns against the baseline's: each that
// differs, named by the first commit after the baseline where it did.
void JudgeExact(SeriesCheck& check, const LedgerReader& ledger) {
  const Points& p = check.points;
  const size_t newest = p.size() - 1;
  if (!p[newest]->disagreement.empty()) {
    check.verdict = SeriesVerdict::kChanged;
    check.reasons.push_back(
        "runs of " + p[newest]->commit +
        " searched differently: " + p[newest]->disagreement);
  }
  if (check.baseline == newest) return;
  const auto base = ExactValues(p[check.baseline]->First());
  const auto now = ExactValues(p[newest]->First());
  size_t earliest = newest;
  for (size_t c = 0; c < base.size(); ++c) {
    if (base[c].second == now[c].second) continue;
    size_t first = check.baseline + 1;
    while (ExactValues(p[first]->First())[c].second == base[c].second) ++first;
    earliest = std::min(earliest, first);
    check.verdict = SeriesVerdict::kChanged;
    check.reasons.push_back(base[c].first + " " + base[c].second + " -> " +
                            now[c].second + ", first at " + p[first]->commit +
                            " (after " + p[first - 1]->commit + ")");
  }
  if (check.verdict != SeriesVerdict::kChanged || earliest == 0) return;
  // With a ledger on both sides of the first change, the puzzles that moved.
  const StoredResult* before = p[earliest - 1]->runs.front();
  const StoredResult* after = p[earliest]->runs.front();
  if (!before->has_ledger || !after->has_ledger) return;
  const std::vector<LedgerEntry> a = ledger(before->id), b = ledger(after->id);
  size_t total = 0;
  const std::string& path = after->entry.row.dataset_path;
  for (const LedgerDifference& d : LedgerDifferences(a, b, 5, &total)) {
    const auto side = [](const LedgerEntry* e) {
      return e ? std::string(VerdictName(e->outcome)) + " " +
                     std::to_string(e->nodes) + " nodes"
               : std::string("absent");
    };
    check.puzzles.push_back(path + ":" + std::to_string(d.line) + ": " +
                            side(d.before) + " -> " + side(d.after));
  }
  if (total > check.puzzles.size()) {
    check.puzzles.push_back(std::to_string(total - check.puzzles.size()) +
                            " more puzzles changed");
  }
}

// Rolling window: a fall is news when the window that ended one commit
// earlier had no change point within two commits of it, in the same
// direction; the newest commit must still sit below the level before it.
void JudgeRolling(SeriesCheck& check, const Points& all, size_t window,
                  const CheckOptions& options) {
  const size_t n = all.size();
  const size_t start = n > window ? n - window : 0;
  check.points.assign(all.begin() + start, all.end());
  check.baseline = check.points.size() > 1 ? check.points.size() - 2 : 0;
  check.changes = ThroughputChanges(check.points, options.change_points);
  if (n < 2) return;
  const size_t previous_start = n - 1 > window ? n - 1 - window : 0;
  const Points previous(all.begin() + previous_start, all.end() - 1);
  const std::vector<ThroughputChange> earlier =
      ThroughputChanges(previous, options.change_points);
  for (ThroughputChange& c : check.changes) {
    const size_t at = start + c.index;
    c.fresh = std::ranges::none_of(earlier, [&](const ThroughputChange& e) {
      const size_t e_at = previous_start + e.index;
      const size_t distance = at > e_at ? at - e_at : e_at - at;
      return distance <= 2 && (e.size < 0) == (c.size < 0);
    });
    if (!c.fresh || c.size >= 0) continue;
    const double level =
        SegmentMedian(check.points, check.changes, c.index - 1);
    const double newest =
        SegmentMedian(check.points, check.changes, check.points.size() - 1);
    const double fall = newest / level - 1;
    if (fall >= -options.max_slowdown_pct / 100) continue;
    if (check.verdict == SeriesVerdict::kPass) {
      check.verdict = SeriesVerdict::kSlower;
    }
    check.reasons.push_back("puzzles/s fell " + Pct(-c.size).substr(1) +
                            " at " + check.points[c.index]->commit + " (" +
                            PValue(c.p_value) + "), first seen now, " +
                            std::to_string(check.points.size() - c.index) +
                            " commits after it; since then " +
                            Pct(-fall).substr(1) + " below the level before");
  }
}

// Against a baseline point: the newest commit's segment against the
// baseline's, when a change point lies between them.
void JudgeAgainst(SeriesCheck& check, const CheckOptions& options) {
  check.changes = ThroughputChanges(check.points, options.change_points);
  const size_t newest = check.points.size() - 1;
  const auto first_after = std::ranges::find_if(
      check.changes,
      [&](const ThroughputChange& c) { return c.index > check.baseline; });
  if (first_after == check.changes.end()) return;
  const double base =
      SegmentMedian(check.points, check.changes, check.baseline);
  const double now = SegmentMedian(check.points, check.changes, newest);
  const double fall = now / base - 1;
  if (fall >= 0 || fall >= -options.max_slowdown_pct / 100) return;
  if (check.verdict == SeriesVerdict::kPass) {
    check.verdict = SeriesVerdict::kSlower;
  }
  check.reasons.push_back("puzzles/s fell " + Pct(-fall).substr(1) + " from " +
                          check.points[check.baseline]->commit + " to " +
                          check.points[newest]->commit + "; change point at " +
                          check.points[first_after->index]->commit + " (" +
                          PValue(first_after->p_value) + ")");
}

const Series* Find(const std::vector<Series>& all, SeriesKey key,
                   const std::string& branch) {
  key.branch = branch;
  const auto it = std::ranges::find(all, key, &Series::key);
  return it == all.end() ? nullptr : &*it;
}

}  // namespace

std::string_view SeriesVerdictName(SeriesVerdict verdict) {
  switch (verdict) {
    case SeriesVerdict::kPass:
      return "pass";
    case SeriesVerdict::kChanged:
      return "changed";
    case SeriesVerdict::kSlower:
      return "slower";
    case SeriesVerdict::kNew:
      return "new";
  }
  return "?";
}

size_t HistoryCheck::Count(SeriesVerdict verdict) const {
  return std::ranges::count(series, verdict, &SeriesCheck::verdict);
}

int HistoryCheck::ExitCode() const {
  return Count(SeriesVerdict::kChanged) + Count(SeriesVerdict::kSlower) > 0
             ? kExitFailure
             : kExitOk;
}

HistoryCheck CheckHistory(const std::vector<Series>& series,
                          const std::vector<Series>& baselines,
                          const std::vector<StoredRun>& runs,
                          const CheckOptions& options,
                          const LedgerReader& ledger) {
  HistoryCheck result;
  const bool against_branch = !options.against.empty() && !baselines.empty();
  std::string commit;
  if (options.against.empty()) {
    result.mode =
        "each series' newest commit against the one before "
        "(exact columns) and its last " +
        std::to_string(options.window) + " commits (throughput)";
  } else if (against_branch) {
    result.mode = "each series' newest commit against the newest " +
                  std::to_string(options.window) + " commits of branch " +
                  options.against;
  } else {
    commit = ResolveCommit(runs, options.against);
    result.mode = "each series' newest commit against " + commit;
  }
  for (const Series& s : series) {
    SeriesCheck check;
    check.key = s.key;
    Points own;
    for (const SeriesPoint& p : s.points) own.push_back(&p);
    if (options.against.empty()) {
      JudgeRolling(check, own, options.window, options);
    } else if (against_branch) {
      const Series* base = Find(baselines, s.key, options.against);
      if (base == nullptr) {
        check.verdict = SeriesVerdict::kNew;
        check.reasons.push_back("no series on " + options.against +
                                " to judge it against");
        check.points = own;
        result.series.push_back(std::move(check));
        continue;
      }
      const size_t keep = std::min(options.window, base->points.size());
      for (size_t i = base->points.size() - keep; i < base->points.size(); ++i)
        check.points.push_back(&base->points[i]);
      check.baseline = check.points.size() - 1;
      const size_t mine = std::min(options.window, own.size());
      check.points.insert(check.points.end(), own.end() - mine, own.end());
      JudgeAgainst(check, options);
    } else {
      const auto at = std::ranges::find(own, commit, &SeriesPoint::commit);
      if (at == own.end()) {
        check.verdict = SeriesVerdict::kNew;
        check.reasons.push_back("no run of " + commit + " in this series");
        check.points = own;
        result.series.push_back(std::move(check));
        continue;
      }
      check.points.assign(at, own.end());
      check.baseline = 0;
      JudgeAgainst(check, options);
    }
    check.exact_changes = ExactChanges(check.points);
    if (check.points.size() < 2 && options.against.empty()) {
      check.verdict = SeriesVerdict::kNew;
      check.reasons.push_back("its first commit");
    }
    JudgeExact(check, ledger);
    result.series.push_back(std::move(check));
  }
  return result;
}

void PrintHistoryCheck(std::ostream& out, const HistoryCheck& check) {
  out << "bench history check: " << check.mode << "\n\n";
  for (const SeriesCheck& s : check.series) {
    const SeriesPoint* newest = s.points.empty() ? nullptr : s.points.back();
    out << s.key.Name() << " [" << (s.key.branch.empty() ? "-" : s.key.branch)
        << "] on " << s.key.Testbed() << "\n  newest "
        << (newest ? newest->commit : "-") << ", " << s.points.size()
        << (s.points.size() == 1 ? " commit" : " commits") << " judged: ["
        << SeriesVerdictName(s.verdict) << "]\n";
    for (const std::string& reason : s.reasons) out << "  " << reason << '\n';
    for (const std::string& puzzle : s.puzzles) {
      out << "    " << puzzle << '\n';
    }
    for (const ExactChange& c : s.exact_changes) {
      out << "  exact: " << c.column << " " << c.before << " -> " << c.after
          << " at " << s.points[c.index]->commit << '\n';
    }
    for (const ThroughputChange& c : s.changes) {
      out << "  change point: puzzles/s " << Pct(c.size) << " at "
          << s.points[c.index]->commit << " (" << PValue(c.p_value)
          << (c.fresh ? ", new" : "") << ")\n";
    }
  }
  const int code = check.ExitCode();
  out << "\nverdict: " << (code == kExitOk ? "PASS" : "FAIL") << " (exit "
      << code << "): " << check.Count(SeriesVerdict::kChanged) << " changed, "
      << check.Count(SeriesVerdict::kSlower) << " slower, "
      << check.Count(SeriesVerdict::kPass) << " pass, "
      << check.Count(SeriesVerdict::kNew) << " new\n";
}

void WriteHistoryCheckJson(std::ostream& out, const HistoryCheck& check) {
  Json series = Json::array();
  for (const SeriesCheck& s : check.series) {
    Json exact = Json::array(), changes = Json::array();
    for (const ExactChange& c : s.exact_changes) {
      exact.push_back({{"column", c.column},
                       {"before", c.before},
                       {"after", c.after},
                       {"commit", s.points[c.index]->commit}});
    }
    for (const ThroughputChange& c : s.changes) {
      changes.push_back({{"commit", s.points[c.index]->commit},
                         {"size", JsonNumber(c.size)},
                         {"p_value", JsonNumber(c.p_value)},
                         {"fresh", c.fresh}});
    }
    series.push_back(
        {{"dataset", s.key.dataset},
         {"strategy", s.key.strategy},
         {"limit", s.key.limit},
         {"max_nodes", BudgetText(s.key.max_nodes)},
         {"threads", s.key.threads},
         {"branch", s.key.branch},
         {"testbed", s.key.Testbed()},
         {"newest", s.points.empty() ? "" : s.points.back()->commit},
         {"commits", s.points.size()},
         {"baseline", s.points.empty() ? "" : s.points[s.baseline]->commit},
         {"verdict", SeriesVerdictName(s.verdict)},
         {"reasons", s.reasons},
         {"puzzles", s.puzzles},
         {"exact_changes", exact},
         {"change_points", changes}});
  }
  const int code = check.ExitCode();
  const Json root = {{"verdict", code == kExitOk ? "pass" : "fail"},
                     {"exit_code", code},
                     {"mode", check.mode},
                     {"series", series}};
  // Each top-level member on its line, each series on its own few lines.
  out << MembersOnLines(root, "series", {"exact_changes", "change_points"});
}

}  // namespace sudoku
