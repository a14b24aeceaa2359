// `bench history check`: exact changes named by the first commit that made
// them, throughput change points with their size, and the newest commit's
// verdict; a fall fails once, at the first check that sees it.
#include "engine/history/history_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/common/exit_codes.h"
#include "engine/common/text_format.h"
#include "engine/compare/timing_words.h"
#include "engine/stats/hodges_lehmann.h"
#include "engine/stats/quantile.h"

namespace sudoku {
namespace {

using Points = std::vector<const SeriesPoint*>;

// A fall an earlier check reported is the same step as one of this check's
// when this check's change point nearest to it is that one, at most this
// many commits away (a step's place moves as commits come in: a 3% step
// under 2% noise is placed within 2 commits of where it will end up about
// four times in five), and the intervals of the two sizes overlap (a step
// that grew is news).
constexpr size_t kSameStep = 10;

std::vector<double> Logs(const Points& points, Measure measure) {
  std::vector<double> logs;
  for (const SeriesPoint* p : points) {
    logs.push_back(std::log(std::max(p->Throughput(measure), 1e-9)));
  }
  return logs;
}

}  // namespace

std::string ChangePercent(double fraction) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%+.1f%%", fraction * 100);
  return buffer;
}

std::string SlowdownInterval(const ThroughputChange& change) {
  // The throughput's high end is the slowdown's low one.
  return Fixed(std::floor(change.size_confidence * 100 + 1e-9), 0) +
         "% interval " + SlowerWords(SlowdownOfRatio(1 + change.size_high)) +
         " to " + SlowerWords(SlowdownOfRatio(1 + change.size_low));
}

std::string PValueText(double p) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "p = %.3f, %.1f%% confidence", p,
                (1 - p) * 100);
  return buffer;
}

std::string ChangeText(const ThroughputChange& change) {
  return SlowerWords(SlowdownOfRatio(1 + change.size)) + " (" +
         SlowdownInterval(change) + "; " + PValueText(change.p_value) + ")";
}

std::vector<ThroughputChange> ThroughputChanges(
    const std::vector<const SeriesPoint*>& points, Measure measure,
    const ChangePointOptions& options) {
  const std::vector<double> logs = Logs(points, measure);
  const std::vector<ChangePoint> found = FindChangePoints(logs, options);
  std::vector<size_t> bounds = {0};
  for (const ChangePoint& c : found) bounds.push_back(c.index);
  bounds.push_back(points.size());
  const auto segment = [&](size_t k) {
    return std::span(logs).subspan(bounds[k], bounds[k + 1] - bounds[k]);
  };
  std::vector<ThroughputChange> changes;
  for (size_t k = 0; k < found.size(); ++k) {
    const ShiftEstimate shift = HodgesLehmannShift(segment(k), segment(k + 1));
    ThroughputChange change;
    change.index = found[k].index;
    change.size = std::expm1(shift.estimate);
    change.size_low = std::expm1(shift.low);
    change.size_high = std::expm1(shift.high);
    change.size_confidence = shift.confidence;
    change.p_value = found[k].p_value;
    changes.push_back(change);
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

// The median throughput of the segment (between change points) holding
// point `index`.
double SegmentMedian(const Points& points, Measure measure,
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
  for (size_t i = from; i < to; ++i) {
    values.push_back(points[i]->Throughput(measure));
  }
  return Median(values);
}

// How far the newest commit's level lies below the level before `change`
// (negative: below), over the segments of `changes`.
double FallSince(const Points& points, Measure measure,
                 const std::vector<ThroughputChange>& changes,
                 const ThroughputChange& change) {
  const double level =
      SegmentMedian(points, measure, changes, change.index - 1);
  const double newest =
      SegmentMedian(points, measure, changes, points.size() - 1);
  return newest / level - 1;
}

// The falls that the rolling check of a window fails on: significant, and
// the newest commit still more than the allowed share below the level
// before. Their indices in `points`.
std::vector<size_t> FailingFalls(const Points& points, Measure measure,
                                 const std::vector<ThroughputChange>& changes,
                                 const CheckOptions& options) {
  std::vector<size_t> falls;
  for (const ThroughputChange& c : changes) {
    // Judged as every command judges --max-slowdown (timing_words.h);
    // under a margin of 0 or more a step up never fails.
    if (c.size >= 0 && options.max_slowdown_pct >= 0) continue;
    if (SlowdownOfRatio(1 + FallSince(points, measure, changes, c)) <=
        options.max_slowdown_pct / 100) {
      continue;
    }
    falls.push_back(c.index);
  }
  return falls;
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
    check.exact_said.push_back(
        {first, base[c].first, base[c].second, now[c].second});
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

// Instructions per puzzle counted alike (by the same counter, over as many
// puzzles) in two rows.
bool CountedAlike(const ReportRow& a, const ReportRow& b) {
  return !a.instructions_by.empty() && a.instructions_by == b.instructions_by &&
         a.instructions_sample == b.instructions_sample;
}

std::string InstructionsText(double value) { return GroupedCount(value); }

// A rise in instructions per puzzle from p[from] to the newest commit
// beyond `allowed` fails the series, its reason naming the first commit
// beyond it; `what` opens the reason. With `once`, only when that first
// commit is the newest: an earlier one's check has reported it already.
// True when it failed.
bool JudgeRise(SeriesCheck& check, size_t from, double allowed,
               const std::string& what, bool once) {
  const Points& p = check.points;
  const size_t newest = p.size() - 1;
  const ReportRow& base = p[from]->First().row;
  const ReportRow& now = p[newest]->First().row;
  const auto rise = [&](const ReportRow& r) {
    return r.instructions_per_puzzle / base.instructions_per_puzzle - 1;
  };
  if (!CountedAlike(base, now) || base.instructions_per_puzzle <= 0 ||
      rise(now) <= allowed) {
    return false;
  }
  size_t first = from + 1;
  while (first < newest && !(CountedAlike(base, p[first]->First().row) &&
                             rise(p[first]->First().row) > allowed)) {
    ++first;
  }
  if (once && first != newest) return false;
  check.slower = true;
  if (check.verdict == SeriesVerdict::kPass) {
    check.verdict = SeriesVerdict::kSlower;
  }
  check.reasons.push_back(
      what + "instructions_per_puzzle " +
      InstructionsText(base.instructions_per_puzzle) + " -> " +
      InstructionsText(now.instructions_per_puzzle) + " (" +
      ChangePercent(rise(now)) + ", beyond " + Percent(allowed) +
      " allowed), first at " + p[first]->commit + " (after " +
      p[first - 1]->commit + ")");
  return true;
}

// Instructions per puzzle: callgrind's exact among the runs of the newest
// commit (one build; a processor's counter may differ by a few, so its
// runs get the allowed share), and the newest against the baseline within
// the allowed rise, named by the first commit after the baseline beyond it;
// without --against, against the window's first commit too (a drift).
void JudgeInstructions(SeriesCheck& check, const CheckOptions& options) {
  const Points& p = check.points;
  const size_t newest = p.size() - 1;
  const ReportRow& now = p[newest]->First().row;
  const double allowed = options.max_instructions_pct / 100;
  for (const StoredResult* run : p[newest]->runs) {
    const ReportRow& r = run->entry.row;
    const double apart = std::fabs(r.instructions_per_puzzle /
                                       now.instructions_per_puzzle -
                                   1);
    if (!CountedAlike(now, r) || apart == 0 ||
        (now.instructions_by != "callgrind" && apart <= allowed)) {
      continue;
    }
    check.verdict = SeriesVerdict::kChanged;
    check.reasons.push_back(
        "runs of " + p[newest]->commit + " counted different instructions: " +
        InstructionsText(now.instructions_per_puzzle) + " and " +
        InstructionsText(r.instructions_per_puzzle) + " per puzzle");
    break;
  }
  // The step from the baseline; and in a rolling window, the drift from the
  // window's first commit too, which steps each within the tolerance reach.
  if (check.baseline == newest) return;
  if (JudgeRise(check, check.baseline, allowed, "", false) ||
      !options.against.empty() || check.baseline == 0) {
    return;
  }
  // Reported once, as a fall in throughput is: by the first commit past it.
  JudgeRise(check, 0, allowed,
            "drift since the window's first commit " + p[0]->commit + ": ",
            true);
}

// The window of `window` commits that ends with all[end - 1].
Points WindowEndingAt(const Points& all, size_t end, size_t window) {
  const size_t start = end > window ? end - window : 0;
  return Points(all.begin() + start, all.begin() + end);
}

size_t Distance(size_t a, size_t b) { return a > b ? a - b : b - a; }

// A fall a check failed on: where it stood then (an index in the whole
// series), the size it was reported with, and the commit whose check
// reported it.
struct Report {
  size_t index;
  ThroughputChange change;
  std::string commit;
};

// The rolling check of the window ending at all[end - 1], against the
// falls reported by the checks before it: `changes` (indices in the
// window) get fresh or reported_at, and the fresh falls join `reports`.
// A reported fall is this check's change point nearest to it when that is
// at most kSameStep commits away and their sizes' intervals overlap.
std::vector<ThroughputChange> JudgeWindow(const Points& all, size_t end,
                                          Measure measure,
                                          const CheckOptions& options,
                                          std::vector<Report>& reports) {
  const Points window = WindowEndingAt(all, end, options.window);
  const size_t start = end - window.size();
  std::vector<ThroughputChange> changes;
  if (options.memo == nullptr) {
    changes = ThroughputChanges(window, measure, options.change_points);
  } else {
    std::vector<double> logs = Logs(window, measure);
    auto it = options.memo->find(logs);
    if (it == options.memo->end()) {
      it = options.memo
               ->emplace(
                   std::move(logs),
                   ThroughputChanges(window, measure, options.change_points))
               .first;
    }
    changes = it->second;
  }
  const std::vector<size_t> failing =
      FailingFalls(window, measure, changes, options);
  if (failing.empty()) return changes;
  std::vector<bool> known(changes.size(), false);
  for (Report& r : reports) {
    size_t nearest = 0;
    for (size_t k = 1; k < changes.size(); ++k) {
      if (Distance(start + changes[k].index, r.index) <
          Distance(start + changes[nearest].index, r.index)) {
        nearest = k;
      }
    }
    const ThroughputChange& c = changes[nearest];
    if (Distance(start + c.index, r.index) > kSameStep ||
        c.size_low > r.change.size_high || r.change.size_low > c.size_high) {
      continue;
    }
    if (!known[nearest]) changes[nearest].reported_at = r.commit;
    known[nearest] = true;
  }
  for (ThroughputChange& c : changes) {
    const size_t k = static_cast<size_t>(&c - changes.data());
    if (known[k] || std::ranges::find(failing, c.index) == failing.end()) {
      continue;
    }
    c.fresh = true;
    reports.push_back({start + c.index, c, all[end - 1]->commit});
  }
  return changes;
}

// Rolling window: a fall fails the check that first sees it, and no later
// one. The checks of every commit in the window are replayed from what is
// stored, oldest first, each against the falls the ones before it reported,
// so a step is known however its place or its significance wobbled from
// window to window; nothing needs to be written (a history on a read-only
// path judges the same), and a step that grew beyond the interval it was
// reported with is news again.
void JudgeRolling(SeriesCheck& check, const Points& all,
                  const CheckOptions& options) {
  const size_t n = all.size();
  check.points = WindowEndingAt(all, n, options.window);
  const size_t start = n - check.points.size();
  check.baseline = check.points.size() > 1 ? check.points.size() - 2 : 0;
  std::vector<Report> reports;
  for (size_t end = start + 2 * options.change_points.min_segment; end < n;
       ++end) {
    JudgeWindow(all, end, check.measure, options, reports);
  }
  check.changes = JudgeWindow(all, n, check.measure, options, reports);
  if (n < 2) return;
  const std::string measure(MeasureLabel(check.measure));
  for (const ThroughputChange& c : check.changes) {
    if (!c.fresh) continue;
    check.slower = true;
    if (check.verdict == SeriesVerdict::kPass) {
      check.verdict = SeriesVerdict::kSlower;
    }
    const double fall =
        FallSince(check.points, check.measure, check.changes, c);
    check.reasons.push_back(
        measure + ": " + SlowerWords(SlowdownOfRatio(1 + c.size)) + " (" +
        SlowdownInterval(c) + ") at " + check.points[c.index]->commit + " (" +
        PValueText(c.p_value) + "), first seen now, " +
        std::to_string(check.points.size() - c.index) +
        " commits after it; since then " +
        SlowerWords(SlowdownOfRatio(1 + fall)) + " than the level before");
  }
}

// Against a baseline point: the newest commit's segment against the
// baseline's, when a change point lies between them.
void JudgeAgainst(SeriesCheck& check, const CheckOptions& options) {
  check.changes =
      ThroughputChanges(check.points, check.measure, options.change_points);
  const size_t newest = check.points.size() - 1;
  const auto first_after = std::ranges::find_if(
      check.changes,
      [&](const ThroughputChange& c) { return c.index > check.baseline; });
  if (first_after == check.changes.end()) return;
  const double base =
      SegmentMedian(check.points, check.measure, check.changes, check.baseline);
  const double now =
      SegmentMedian(check.points, check.measure, check.changes, newest);
  const double slowdown = Slowdown(base, now);
  if (slowdown <= options.max_slowdown_pct / 100) return;
  check.slower = true;
  if (check.verdict == SeriesVerdict::kPass) {
    check.verdict = SeriesVerdict::kSlower;
  }
  check.reasons.push_back(std::string(MeasureLabel(check.measure)) + ": " +
                          SlowerWords(slowdown) + " from " +
                          check.points[check.baseline]->commit + " to " +
                          check.points[newest]->commit + "; change point at " +
                          check.points[first_after->index]->commit + " (" +
                          SlowdownInterval(*first_after) + "; " +
                          PValueText(first_after->p_value) + ")");
}

const Series* Find(const std::vector<Series>& all, SeriesKey key,
                   const std::string& branch) {
  key.branch = branch;
  const auto it = std::ranges::find(all, key, &Series::key);
  return it == all.end() ? nullptr : &*it;
}

// Judges one series of the branch under test.
SeriesCheck JudgeSeries(const Series& s, const std::vector<Series>& baselines,
                        const std::string& commit, bool against_branch,
                        const CheckOptions& options,
                        const LedgerReader& ledger) {
  SeriesCheck check;
  check.key = s.key;
  Points own;
  for (const SeriesPoint& p : s.points) own.push_back(&p);
  const auto judged_as_new = [&](const std::string& reason) {
    check.verdict = SeriesVerdict::kNew;
    check.reasons.push_back(reason);
    check.points = own;
    check.measure = JudgedMeasure(own, options.measure);
    return check;
  };
  if (options.against.empty()) {
    // One measure for the window and every replayed one.
    check.measure = JudgedMeasure(own, options.measure);
    JudgeRolling(check, own, options);
  } else if (against_branch) {
    const Series* base = Find(baselines, s.key, options.against);
    if (base == nullptr) {
      return judged_as_new("no series on " + options.against +
                           " to judge it against");
    }
    const size_t keep = std::min(options.window, base->points.size());
    for (size_t i = base->points.size() - keep; i < base->points.size(); ++i)
      check.points.push_back(&base->points[i]);
    check.baseline = check.points.size() - 1;
    const size_t mine = std::min(options.window, own.size());
    check.points.insert(check.points.end(), own.end() - mine, own.end());
    check.measure = JudgedMeasure(check.points, options.measure);
    JudgeAgainst(check, options);
  } else {
    const auto at = std::ranges::find(own, commit, &SeriesPoint::commit);
    if (at == own.end()) {
      return judged_as_new("no run of " + commit + " in this series");
    }
    check.points.assign(at, own.end());
    check.baseline = 0;
    check.measure = JudgedMeasure(check.points, options.measure);
    JudgeAgainst(check, options);
  }
  check.exact_changes = ExactChanges(check.points);
  if (check.points.size() < 2 && options.against.empty()) {
    check.verdict = SeriesVerdict::kNew;
    check.reasons.push_back("its first commit");
  }
  JudgeExact(check, ledger);
  JudgeInstructions(check, options);
  return check;
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

std::string SeriesVerdictWords(const SeriesCheck& s) {
  std::string words(SeriesVerdictName(s.verdict));
  // A changed series' verdict is "changed"; it may have got slower too.
  if (s.verdict == SeriesVerdict::kChanged && s.slower) words += ", slower";
  return words;
}

size_t HistoryCheck::CountSlower() const {
  return std::ranges::count_if(series,
                               [](const SeriesCheck& s) { return s.slower; });
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
  result.measure = options.measure;
  const bool against_branch = !options.against.empty() && !baselines.empty();
  const std::string measure(MeasureLabel(options.measure));
  std::string commit;
  if (options.against.empty()) {
    result.mode =
        "each series' newest commit against the one before "
        "(exact columns) and its last " +
        std::to_string(options.window) + " commits (" + measure + ")";
  } else if (against_branch) {
    result.mode = "each series' newest commit against the newest " +
                  std::to_string(options.window) + " commits of branch " +
                  options.against + " (" + measure + ")";
  } else {
    commit = ResolveCommit(runs, options.against);
    result.mode =
        "each series' newest commit against " + commit + " (" + measure + ")";
  }
  for (const Series& s : series) {
    result.series.push_back(
        JudgeSeries(s, baselines, commit, against_branch, options, ledger));
  }
  return result;
}

}  // namespace sudoku
