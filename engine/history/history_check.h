// `bench history check`: per series, where an exact column changed, the
// throughput change points with their size and confidence, and a verdict on
// the newest commit against a rolling window or a baseline.
#pragma once

#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "engine/history/change_points.h"
#include "engine/history/history_series.h"

namespace sudoku {

struct ThroughputChange;

// Change points already found, by the log throughputs they were found in. A
// caller that checks one series after every commit (the tests' simulations)
// keeps one across the checks, so that the checks each one replays are not
// worked out again; the answers are the same without it.
using ChangeMemo = std::map<std::vector<double>, std::vector<ThroughputChange>>;

struct CheckOptions {
  // "": each series' newest commit against the commits before it in a
  // rolling window. A branch: against that branch's series of the same key
  // (its newest `window` commits). A revision: against the series' point at
  // that commit (the merge-base, say), and everything since.
  std::string against;
  size_t window = 60;
  // A significant step must be slower than this (percent, as every
  // --max-slowdown: timing_words.h) to fail.
  double max_slowdown_pct = 0;
  // Instructions per puzzle (bench --instructions), counted alike: a rise
  // from the baseline beyond this (percent) fails; runs of one commit must
  // agree exactly (a series is one build's flags).
  double max_instructions_pct = 1;
  // The throughput judged; a series with a commit that has no CPU time is
  // judged on the wall clock.
  Measure measure = Measure::kCpu;
  ChangePointOptions change_points;
  ChangeMemo* memo = nullptr;  // optional, see ChangeMemo
};

// Where an exact column's value differs from the point before.
struct ExactChange {
  size_t index = 0;  // in SeriesCheck::points
  std::string column, before, after;
};

// A change point of the series' throughput.
struct ThroughputChange {
  size_t index = 0;  // first point after the change
  // The step's size, after / before - 1: Hodges-Lehmann's estimate of the
  // shift in log throughput between the adjoining segments (the median of
  // every difference across the change), and its rank interval, which holds
  // the step with probability `size_confidence` (95%, less when a side has
  // too few commits for that).
  double size = 0, size_low = 0, size_high = 0;
  double size_confidence = 0;
  double p_value = 1;
  // Rolling window, falls only: whether this check is the first to report
  // it; if not, the commit whose check did.
  bool fresh = false;
  std::string reported_at;
};

// The change points of the points' throughput by `measure` (its logs),
// each sized by the segments on either side of it.
std::vector<ThroughputChange> ThroughputChanges(
    const std::vector<const SeriesPoint*>& points, Measure measure,
    const ChangePointOptions& options);

// A step in the vocabulary of docs/glossary.md#timing-words: "4.3% slower
// (95% interval 3.3% slower to 5.3% slower; p = 0.005, 99.5% confidence)".
std::string ChangeText(const ThroughputChange& change);
// A signed change of a count: "+0.6%"; "p = 0.005, 99.5% confidence".
std::string ChangePercent(double fraction);
std::string PValueText(double p);
// The interval of a step as slowdowns (timing_words.h): "95% interval 3.3%
// slower to 5.3% slower".
std::string SlowdownInterval(const ThroughputChange& change);

// Every change of an exact column from one point to the next.
std::vector<ExactChange> ExactChanges(
    const std::vector<const SeriesPoint*>& points);

enum class SeriesVerdict { kPass, kChanged, kSlower, kNew };
std::string_view SeriesVerdictName(SeriesVerdict verdict);

struct SeriesCheck {
  SeriesKey key;
  Measure measure = Measure::kCpu;  // what its throughput was judged on
  // What was judged, oldest first: the window, or the baseline's commits
  // followed by this series' own.
  std::vector<const SeriesPoint*> points;
  size_t baseline = 0;  // the point the newest is judged against
  std::vector<ExactChange> exact_changes;
  // The exact changes a reason already states (baseline -> newest, first at
  // one commit): the console does not list them again as "exact:" lines.
  std::vector<ExactChange> exact_said;
  std::vector<ThroughputChange> changes;
  SeriesVerdict verdict = SeriesVerdict::kPass;
  // Slower (throughput or instructions) whatever the verdict: a series
  // that changed and got slower says both.
  bool slower = false;
  std::vector<std::string> reasons;  // why it failed, one a line
  std::vector<std::string> puzzles;  // ledger lines whose work changed
};

// A series' verdict as every output shows it: "changed, slower", "pass".
std::string SeriesVerdictWords(const SeriesCheck& series);

struct HistoryCheck {
  std::string mode;                 // said once, above the series
  Measure measure = Measure::kCpu;  // asked for (a series may fall back)
  std::vector<SeriesCheck> series;
  size_t Count(SeriesVerdict verdict) const;
  // Series that got slower, a changed one too: the verdict line counts
  // each word its series carry (SeriesVerdictWords).
  size_t CountSlower() const;
  // 0: every series passes; 1: an exact column changed or throughput fell.
  int ExitCode() const;
};

// Reads the ledger of a stored row (empty when it has none).
using LedgerReader = std::function<std::vector<LedgerEntry>(int64_t)>;

// Judges `series` (those of the branch under test: every branch but
// `options.against` when that is a branch); `baselines` are the series of
// the branch named by --against, if it is one. Throws HistoryError for a
// revision no run has.
HistoryCheck CheckHistory(const std::vector<Series>& series,
                          const std::vector<Series>& baselines,
                          const std::vector<StoredRun>& runs,
                          const CheckOptions& options,
                          const LedgerReader& ledger);

// The judgement as people read it, as JSON (--json) and as a Markdown
// summary for a CI job's page or a pull request (--markdown):
// history_check_output.cc.
void PrintHistoryCheck(std::ostream& out, const HistoryCheck& check);
void WriteHistoryCheckJson(std::ostream& out, const HistoryCheck& check);
void WriteHistoryCheckMarkdown(std::ostream& out, const HistoryCheck& check);

}  // namespace sudoku
