// Comparing reports: a baseline against a current run (`bench compare`), and
// the rounds of one run against each other (`bench --repeat`). The verdict
// logic only; the printers are compare_table.cc, compare_json.cc and
// benchmark_json.cc.
#include "engine/compare/compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

#include "engine/common/exit_codes.h"
#include "engine/common/text_format.h"
#include "engine/compare/timing_words.h"
#include "engine/report/report_schema.h"
#include "engine/stats/quantile.h"

namespace sudoku {
namespace {

std::string ExactText(double value) {
  // Integers as integers; no_guess_pct keeps the CSV's three decimals.
  char buffer[64];
  if (value == std::floor(value) && std::fabs(value) < 1e18) {
    std::snprintf(buffer, sizeof(buffer), "%.0f", value);
  } else {
    std::snprintf(buffer, sizeof(buffer), "%.3f", value);
  }
  return buffer;
}

using Key = std::tuple<std::string, std::string, uint32_t, uint64_t>;

Key KeyOf(const ReportRow& row) {
  return {row.dataset, row.strategy, row.limit, row.max_nodes};
}

std::string KeyText(const Key& key) {
  return std::get<0>(key) + " " + std::get<1>(key) + " limit " +
         std::to_string(std::get<2>(key)) + " budget " +
         BudgetText(std::get<3>(key));
}

// Refuses duplicate keys: a row that matches two rows has no one verdict.
std::map<Key, const ReportEntry*> Index(std::span<const ReportEntry> entries,
                                        const std::string& side,
                                        std::vector<std::string>& refusals) {
  std::map<Key, const ReportEntry*> index;
  for (const ReportEntry& e : entries) {
    const auto [it, inserted] = index.emplace(KeyOf(e.row), &e);
    if (!inserted) {
      refusals.push_back(side + " report has two rows for " +
                         KeyText(it->first) + " (lines " +
                         std::to_string(it->second->line) + " and " +
                         std::to_string(e.line) + ")");
    }
  }
  return index;
}

TimingCheck CheckTiming(const ReportEntry& base, const ReportEntry& cur,
                        const CompareOptions& options) {
  TimingCheck t;
  const ReportRow& b = base.row;
  const ReportRow& c = cur.row;
  // The slowdown of timing_words.h: new time / old time - 1, by the clock
  // and on the one measure both rows have (TimingMeasure: the solves'
  // thread CPU time, which a preemption or a stall does not move, where
  // both reports have it), whose rounds' spread is the noise.
  t.slowdown = b.puzzles_per_s > 0
                   ? Slowdown(b.puzzles_per_s, c.puzzles_per_s)
                   : 0.0;
  const TimingMeasure measure = CommonTimingMeasure(b, c);
  const double b_rate = MeasuredThroughput(b, measure);
  t.cpu_slowdown = b_rate > 0 ? Slowdown(b_rate, MeasuredThroughput(c, measure))
                              : t.slowdown;
  t.noise = std::max(MeasuredSpread(b, measure), MeasuredSpread(c, measure));
  if (!options.gate_timing) {
    t.note = "informational: timing gate off";
  } else if (b.repeats < options.min_repeats ||
             c.repeats < options.min_repeats) {
    t.note = "informational: " + std::to_string(b.repeats) + " vs " +
             std::to_string(c.repeats) +
             " rounds; gating needs a noise estimate, --repeat " +
             std::to_string(options.min_repeats) + " or more on both";
  } else if (base.manifest.cpu != cur.manifest.cpu) {
    t.note = "informational: different cpus (" + base.manifest.cpu + " vs " +
             cur.manifest.cpu + ")";
  } else if (b.threads != c.threads) {
    t.note = "informational: " + std::to_string(b.threads) + " vs " +
             std::to_string(c.threads) + " threads";
  } else if (b.puzzles_per_s <= 0) {
    t.note = "informational: no baseline throughput";
  } else {
    t.gated = true;
    const double limit = options.max_slowdown;
    TimingFinding f{.slowdown = t.slowdown,
                    .cpu_slowdown = t.cpu_slowdown,
                    .noise = t.noise,
                    .max_slowdown_pct = 100 * limit};
    f.beyond_allowed = t.slowdown > limit;
    // The noise is how far a slowdown must lie from no change to be one;
    // under a negative margin (a speed-up demanded), from the margin. Both
    // are the measure's: a preemption widens the clock's spread, not it.
    f.beyond_noise = t.cpu_slowdown - std::min(limit, 0.0) > t.noise;
    // The smallest slowdown this pair could have failed: past the margin
    // and the noise, so that "within" never claims more than was measured.
    f.detection_limit = std::max(limit, std::min(limit, 0.0) + t.noise);
    t.detection_limit = f.detection_limit;
    // Both clocks must agree: on a shared machine other jobs steal wall
    // time, not CPU time.
    f.regressed = f.beyond_allowed && f.beyond_noise && t.cpu_slowdown > limit;
    t.regressed = f.regressed;
    t.note = GateWords(f);
  }
  return t;
}

Change Direction(const ReportColumn& column, double baseline, double current) {
  if (baseline == current) return Change::kNone;
  switch (column.better) {
    case Better::kHigher:
      return current > baseline ? Change::kBetter : Change::kWorse;
    case Better::kLower:
      return current < baseline ? Change::kBetter : Change::kWorse;
    case Better::kNeither:
      break;
  }
  return Change::kNeither;
}

// The shown columns, and the other exact ones where they differ.
std::vector<MetricDelta> Metrics(const ReportRow& b, const ReportRow& c) {
  std::vector<MetricDelta> metrics;
  for (const ReportColumn* column : ComparedColumns()) {
    const double bv = column->number(b), cv = column->number(c);
    if (column->compared == Compared::kExact && bv == cv) continue;
    MetricDelta& m = metrics.emplace_back(
        MetricDelta{std::string(column->name), bv, cv, column->Exact()});
    if (m.exact) m.change = Direction(*column, bv, cv);
  }
  return metrics;
}

// The row's direction from its exact metrics' (see RowComparison::change).
Change RowDirection(const std::vector<MetricDelta>& metrics) {
  bool better = false, worse = false, neither = false;
  for (const MetricDelta& m : metrics) {
    better |= m.change == Change::kBetter;
    worse |= m.change == Change::kWorse;
    neither |= m.change == Change::kNeither;
  }
  if (better && worse) return Change::kMixed;
  if (better) return Change::kBetter;
  if (worse) return Change::kWorse;
  return neither ? Change::kNeither : Change::kNone;
}

// SearchDifferences with each change's direction, for compare's readers.
std::vector<std::string> DescribedChanges(
    const std::vector<std::string>& differences,
    const std::vector<MetricDelta>& metrics) {
  std::vector<std::string> described;
  for (const std::string& difference : differences) {
    const std::string name = difference.substr(0, difference.find(' '));
    std::string text = difference;
    for (const MetricDelta& m : metrics) {
      if (m.name == name && m.change != Change::kNone) {
        text += " (" + std::string(ChangeName(m.change)) + ")";
      }
    }
    described.push_back(text);
  }
  return described;
}

}  // namespace

std::vector<std::string> SearchDifferences(const ReportRow& a,
                                           const ReportRow& b) {
  std::vector<std::string> differences;
  for (const ReportColumn* column : ComparedColumns()) {
    if (!column->Exact()) continue;
    const double va = column->number(a), vb = column->number(b);
    if (va != vb) {
      differences.push_back(std::string(column->name) + " " + ExactText(va) +
                            " -> " + ExactText(vb));
    }
  }
  return differences;
}

namespace {

std::vector<double> Throughputs(std::span<const ReportRow> rounds) {
  std::vector<double> values;
  for (const ReportRow& round : rounds) values.push_back(round.puzzles_per_s);
  return values;
}

}  // namespace

size_t MedianRound(std::span<const ReportRow> rounds) {
  return LowerMedianIndex(Throughputs(rounds));
}

ReportRow SummarizeRounds(std::span<const ReportRow> rounds) {
  if (rounds.empty()) return ReportRow{};
  const std::vector<double> values = Throughputs(rounds);
  ReportRow row = rounds[LowerMedianIndex(values)];
  row.repeats = static_cast<int>(rounds.size());
  row.puzzles_per_s_min = *std::ranges::min_element(values);
  row.puzzles_per_s_max = *std::ranges::max_element(values);
  row.puzzles_per_s = Median(values);
  // The CPU figure is the median of the rounds' own, as the wall figure is,
  // with its extremes: the noise compare weighs on it (MeasuredSpread).
  std::vector<double> cpu;
  for (const ReportRow& r : rounds) cpu.push_back(r.puzzles_per_cpu_s);
  if (std::ranges::min(cpu) > 0) {
    row.puzzles_per_cpu_s = Median(cpu);
    row.solve_cpu_s = row.puzzles / row.puzzles_per_cpu_s;
    row.puzzles_per_cpu_s_min = std::ranges::min(cpu);
    row.puzzles_per_cpu_s_max = std::ranges::max(cpu);
  }
  return row;
}

std::string_view RowVerdictName(RowVerdict verdict) {
  switch (verdict) {
    case RowVerdict::kSame:
      return "same";
    case RowVerdict::kChanged:
      return "changed";
    case RowVerdict::kSlower:
      return "slower";
    case RowVerdict::kMissing:
      return "missing";
    case RowVerdict::kNew:
      return "new";
  }
  return "?";
}

std::string_view ChangeName(Change change) {
  switch (change) {
    case Change::kNone:
      return "none";
    case Change::kBetter:
      return "better";
    case Change::kWorse:
      return "worse";
    case Change::kMixed:
      return "mixed";
    case Change::kNeither:
      return "neither better nor worse";
  }
  return "?";
}

double MetricDelta::Ratio() const {
  if (baseline == 0) {
    return current == 0 ? 1.0 : std::numeric_limits<double>::quiet_NaN();
  }
  return current / baseline;
}

int Comparison::ExitCode() const {
  if (!refusals.empty()) return kExitUsage;
  for (const RowComparison& row : rows) {
    if (row.verdict == RowVerdict::kChanged ||
        row.verdict == RowVerdict::kSlower ||
        row.verdict == RowVerdict::kMissing) {
      return kExitFailure;
    }
  }
  return kExitOk;
}

size_t Comparison::Count(RowVerdict verdict) const {
  return std::count_if(rows.begin(), rows.end(), [&](const RowComparison& r) {
    return r.verdict == verdict;
  });
}

size_t Comparison::Count(Change change) const {
  return std::count_if(rows.begin(), rows.end(), [&](const RowComparison& r) {
    return r.verdict == RowVerdict::kChanged && r.change == change;
  });
}

size_t Comparison::CountSlower() const {
  return std::count_if(rows.begin(), rows.end(), [](const RowComparison& r) {
    return r.timing.regressed || r.instructions.regressed;
  });
}

std::string VerdictWords(const RowComparison& r) {
  std::string words(RowVerdictName(r.verdict));
  if (r.verdict == RowVerdict::kChanged && r.change != Change::kNone) {
    words += ", " + std::string(ChangeName(r.change));
  }
  // A changed row's verdict is "changed"; its timing may still have failed.
  if (r.verdict != RowVerdict::kSlower &&
      (r.timing.regressed || r.instructions.regressed)) {
    words += ", slower";
  }
  return words;
}

std::string VerdictCounts(const Comparison& comparison) {
  const size_t changed = comparison.Count(RowVerdict::kChanged);
  std::string text = std::to_string(changed) + " changed";
  // Only the directions that occur: "1 changed (1 better)".
  std::string directions;
  for (const auto& [change, name] :
       {std::pair{Change::kBetter, "better"}, {Change::kWorse, "worse"},
        {Change::kMixed, "mixed"}, {Change::kNeither, "other"}}) {
    if (const size_t n = comparison.Count(change)) {
      directions +=
          (directions.empty() ? "" : ", ") + std::to_string(n) + " " + name;
    }
  }
  if (!directions.empty()) text += " (" + directions + ")";
  return text + ", " + std::to_string(comparison.Count(RowVerdict::kMissing)) +
         " missing, " + std::to_string(comparison.CountSlower()) +
         " slower, " + std::to_string(comparison.Count(RowVerdict::kSame)) +
         " same, " + std::to_string(comparison.Count(RowVerdict::kNew)) +
         " new";
}

namespace {

// A hash short enough to read, long enough to tell builds apart.
std::string ShortHash(const std::string& sha256) {
  if (sha256.empty()) return "none";
  return sha256.size() > 12 ? sha256.substr(0, 12) + "..." : sha256;
}

}  // namespace

std::string BuildChange(const ReportRow& baseline, const ReportRow& current) {
  const bool origin_moved = baseline.strategy_origin != current.strategy_origin;
  std::string origin_change;
  if (origin_moved) {
    origin_change =
        "origin " + baseline.strategy_origin + " -> " + current.strategy_origin;
  }
  if (baseline.strategy_sha256 != current.strategy_sha256) {
    return "plugin build changed: sha256 " +
           ShortHash(baseline.strategy_sha256) + " -> " +
           ShortHash(current.strategy_sha256) +
           (origin_moved ? "; " + origin_change : "");
  }
  return origin_moved ? "strategy " + origin_change : "";
}

InstructionCheck CheckInstructions(const ReportEntry& baseline,
                                   const ReportEntry& current,
                                   double max_instructions) {
  InstructionCheck check;
  const ReportRow& b = baseline.row;
  const ReportRow& c = current.row;
  const Manifest& bm = baseline.manifest;
  const Manifest& cm = current.manifest;
  if (b.instructions_by.empty() || c.instructions_by.empty()) return check;
  const auto counted = [](const ReportRow& row) {
    return row.instructions_by + " over " +
           std::to_string(row.instructions_sample) + " puzzles";
  };
  // Counts of other code than the compiler made for these flags, or of
  // another sample, measure something else: said, never judged.
  if (b.instructions_by != c.instructions_by ||
      b.instructions_sample != c.instructions_sample) {
    check.note = "instructions not compared: " + counted(b) + " vs " +
                 counted(c);
    return check;
  }
  if (bm.build_flags != cm.build_flags || bm.compiler != cm.compiler) {
    check.note = "instructions not compared: unlike builds (" +
                 bm.compiler + " " + bm.build_flags + " vs " + cm.compiler +
                 " " + cm.build_flags + ")";
    return check;
  }
  check.compared = true;
  check.change = b.instructions_per_puzzle > 0
                     ? c.instructions_per_puzzle / b.instructions_per_puzzle - 1
                     : 0.0;
  // A simulator's count is exact; a processor's counter may count a few
  // instructions more on one run than another (work on the way back from
  // an interrupt), so its counts get the tolerance even on one build.
  // One build is one file: a plugin's by its SHA-256 wherever it lies (a
  // byte copy elsewhere is the same build), a built-in one by its origin.
  check.exact = b.instructions_by == "callgrind" &&
                bm.git_revision == cm.git_revision &&
                bm.git_revision != "unknown" &&
                b.strategy_sha256 == c.strategy_sha256 &&
                (!b.strategy_sha256.empty() ||
                 b.strategy_origin == c.strategy_origin);
  const std::string by = b.instructions_by + ", " +
                         std::to_string(b.instructions_sample) + " puzzles";
  if (check.exact) {
    check.regressed = b.instructions_per_puzzle != c.instructions_per_puzzle;
    check.note = check.regressed
                     ? "instructions differ on one build (" + by +
                           "): the count should be exact"
                     : "instructions equal (one build, " + by + ")";
  } else {
    check.regressed = check.change > max_instructions;
    const std::string size =
        (check.change >= 0 ? "+" : "-") + Percent(std::fabs(check.change));
    check.note = "instructions " + size + " (" + by + "; " +
                 (check.regressed ? "beyond " : "within ") +
                 Percent(max_instructions) + " allowed between builds)";
  }
  return check;
}

Comparison CompareReports(std::span<const ReportEntry> baseline,
                          std::span<const ReportEntry> current,
                          const CompareOptions& options) {
  Comparison comparison;
  comparison.options = options;
  const auto base_index = Index(baseline, "baseline", comparison.refusals);
  const auto cur_index = Index(current, "current", comparison.refusals);

  // Same file name, other bytes: the node counts would differ for a reason
  // that is not the solver's, so no verdict is honest.
  std::set<std::string> refused_datasets;
  for (const auto& [key, base] : base_index) {
    const auto it = cur_index.find(key);
    if (it == cur_index.end()) continue;
    const ReportRow& b = base->row;
    const ReportRow& c = it->second->row;
    if (b.dataset_sha256 != c.dataset_sha256 &&
        refused_datasets.insert(b.dataset).second) {
      comparison.refusals.push_back(
          "dataset " + b.dataset + " differs: sha256 " + b.dataset_sha256 +
          " in the baseline, " + c.dataset_sha256 +
          " in the current report; these reports ran on different data");
    }
  }

  auto add = [&](const ReportRow& row, RowVerdict verdict) -> RowComparison& {
    RowComparison& r = comparison.rows.emplace_back();
    r.dataset = row.dataset;
    r.strategy = row.strategy;
    r.limit = row.limit;
    r.max_nodes = row.max_nodes;
    r.verdict = verdict;
    return r;
  };
  for (const ReportEntry& base : baseline) {
    const auto it = cur_index.find(KeyOf(base.row));
    if (base_index.at(KeyOf(base.row)) != &base) continue;  // a duplicate
    if (it == cur_index.end()) {
      add(base.row, RowVerdict::kMissing).baseline_repeats = base.row.repeats;
      continue;
    }
    const ReportEntry& cur = *it->second;
    RowComparison& r = add(base.row, RowVerdict::kSame);
    r.baseline_repeats = base.row.repeats;
    r.current_repeats = cur.row.repeats;
    r.metrics = Metrics(base.row, cur.row);
    r.changed =
        DescribedChanges(SearchDifferences(base.row, cur.row), r.metrics);
    r.change = RowDirection(r.metrics);
    r.timing = CheckTiming(base, cur, options);
    r.build_note = BuildChange(base.row, cur.row);
    r.instructions =
        CheckInstructions(base, cur, options.max_instructions);
    if (r.instructions.compared) {
      r.metrics.push_back({"instructions_per_puzzle",
                           base.row.instructions_per_puzzle,
                           cur.row.instructions_per_puzzle, false});
    }
    if (!r.changed.empty()) {
      r.verdict = RowVerdict::kChanged;
    } else if (r.timing.regressed || r.instructions.regressed) {
      r.verdict = RowVerdict::kSlower;
    }
  }
  for (const ReportEntry& cur : current) {
    if (cur_index.at(KeyOf(cur.row)) != &cur) continue;
    if (!base_index.contains(KeyOf(cur.row))) {
      add(cur.row, RowVerdict::kNew).current_repeats = cur.row.repeats;
    }
  }
  return comparison;
}

}  // namespace sudoku
