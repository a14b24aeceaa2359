// Comparing reports: a baseline against a current run (`bench compare`), and
// the rounds of one run against each other (`bench --repeat`). Plain data
// out; compare_table.h, compare_json.h and benchmark_json.h print it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/report/csv_reader.h"
#include "engine/report/report.h"

namespace sudoku {

// Node counts and outcomes are deterministic, so they must match exactly; a
// solver that searches differently has changed whatever the clock says.
// Returns "metric a -> b" for every exact column of the report schema where
// `a` and `b` differ, empty when they searched alike.
std::vector<std::string> SearchDifferences(const ReportRow& a,
                                           const ReportRow& b);

// The round at the median throughput (the lower middle one for even N).
size_t MedianRound(std::span<const ReportRow> rounds);

// One row for the N rounds of one (dataset, strategy): the round at the
// median throughput (the lower middle one for even N), with puzzles_per_s
// the median itself and puzzles_per_s_min/max the extremes. Expects rounds
// that searched alike (SearchDifferences empty).
ReportRow SummarizeRounds(std::span<const ReportRow> rounds);

struct CompareOptions {
  // A slowdown (timing_words.h: current time / baseline time - 1) beyond
  // this fraction fails; a negative one demands a speed-up...
  double max_slowdown = 0.10;
  // ...if it is also beyond the noise: the larger relative spread
  // (max - min) / median of the two rows' rounds on the measure the verdict
  // goes by (CommonTimingMeasure, MeasuredSpread). One round has no spread,
  // so timing is gated only when both rows ran at least this many rounds,
  // on the same cpu and thread count; otherwise it is informational. A fall
  // must also show in puzzles per CPU-second when both rows have it (the
  // solves' thread CPU time, puzzles_per_cpu_s, where both reports have
  // that; else the pass's process CPU time): on a shared machine other jobs
  // steal wall time, not CPU time.
  int min_repeats = 3;
  bool gate_timing = true;
  // Instructions per puzzle (bench --instructions) between builds that are
  // not one build: a rise beyond this fraction fails. Between callgrind's
  // counts of one build (same revision, compiler, flags and plugin file)
  // over the same sample the count must be equal.
  double max_instructions = 0.01;
};

enum class RowVerdict {
  kSame,     // searched alike, and not slower beyond the gate
  kChanged,  // a node count or outcome count differs: fails
  kSlower,   // slower beyond --max-slowdown and the noise, or costlier in
             // instructions (InstructionCheck): fails
  kMissing,  // in the baseline, not in the current report: fails
  kNew,      // only in the current report: informational
};
std::string_view RowVerdictName(RowVerdict verdict);

// Which way an exact change goes. Any change fails until the baseline is
// re-blessed; the direction tells a reviewer whether to celebrate or look.
enum class Change {
  kNone,     // equal
  kBetter,   // toward the column's better side (fewer nodes, more solved)
  kWorse,    // away from it
  kMixed,    // a row: some columns better, some worse
  kNeither,  // a column without a better side (multiple, invalid, ...)
};
std::string_view ChangeName(Change change);

// One metric of a matched row, as printed and exported.
struct MetricDelta {
  std::string name;
  double baseline = 0;
  double current = 0;
  bool exact = false;  // deterministic: must be equal
  Change change = Change::kNone;  // for an exact metric that differs
  // current / baseline; NaN when the baseline is 0 and the current is not.
  double Ratio() const;
};

struct TimingCheck {
  bool gated = false;
  bool regressed = false;
  // Slowdowns as timing_words.h defines them: current time / baseline
  // time - 1, i.e. baseline / current puzzles per second, minus one.
  double slowdown = 0;      // by the clock
  double cpu_slowdown = 0;  // on the rows' CommonTimingMeasure (report.h)
  double noise = 0;  // the larger of the rows' spreads on that measure
  // The smallest slowdown the gate could have failed here: the larger of
  // --max-slowdown and the noise (0 when not gated).
  double detection_limit = 0;
  std::string note;  // why informational, or how the gate decided
};

// Instructions per puzzle, judged when both rows counted them.
struct InstructionCheck {
  bool compared = false;
  bool exact = false;      // callgrind's, one build, one sample
  bool regressed = false;  // differs (exact) or rose beyond the tolerance
  double change = 0;       // current / baseline - 1
  std::string note;        // how it was judged, or why not at all
};

struct RowComparison {
  std::string dataset, strategy;
  uint32_t limit = 1;
  uint64_t max_nodes = kUnlimitedNodes;
  RowVerdict verdict = RowVerdict::kSame;
  std::vector<MetricDelta> metrics;  // empty for kMissing and kNew
  // "metric a -> b (better)" for each exact column that differs (kChanged).
  std::vector<std::string> changed;
  // The row's direction over its directional columns: better when some
  // improved and none got worse, worse the other way round, mixed when
  // both; neither when only columns without a better side moved.
  Change change = Change::kNone;
  TimingCheck timing;
  InstructionCheck instructions;
  int baseline_repeats = 0, current_repeats = 0;
  // Set when the strategy's build changed (strategy_sha256 or
  // strategy_origin differ): "plugin build changed: sha256 1a2b... -> 5e6f...".
  // Informational: comparing two builds of one solver is the point.
  std::string build_note;
};

struct Comparison {
  // Reasons the reports cannot be compared at all (different datasets under
  // one name, duplicate rows); any of these makes the exit code 2.
  std::vector<std::string> refusals;
  std::vector<RowComparison> rows;  // baseline order, then new rows
  CompareOptions options;

  // 0 pass, 1 a row changed, went missing or regressed, 2 refused.
  int ExitCode() const;
  size_t Count(RowVerdict verdict) const;
  // Rows that changed in this direction.
  size_t Count(Change change) const;
  // Rows the gate found slower (timing or instructions), whatever else
  // they are: a row that changed and got slower is both, and says both
  // ("[changed, better, slower]"), so the verdict line counts it in both.
  size_t CountSlower() const;
};

// A row's verdict words as every printer shows them: "changed, better,
// slower", "same".
std::string VerdictWords(const RowComparison& row);

// The verdict line's counts, each the number of rows that carry the word:
// "1 changed (1 better), 0 missing, 1 slower, 0 same, 0 new".
std::string VerdictCounts(const Comparison& comparison);

// What changed in the build behind a row, or empty when the same build ran.
std::string BuildChange(const ReportRow& baseline, const ReportRow& current);

// Judges instructions per puzzle (both rows must have counted them).
InstructionCheck CheckInstructions(const ReportEntry& baseline,
                                   const ReportEntry& current,
                                   double max_instructions);

// Matches rows by (dataset, strategy, limit, max_nodes).
Comparison CompareReports(std::span<const ReportEntry> baseline,
                          std::span<const ReportEntry> current,
                          const CompareOptions& options);

}  // namespace sudoku
