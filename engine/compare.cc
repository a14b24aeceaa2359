// Comparing reports: a baseline against a current run (`bench compare`), and
// the rounds of one run against each other (`bench --repeat`).
#include "engine/compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

#include "engine/report_schema.h"
#include "engine/text_format.h"

namespace sudoku {
namespace {

std::string Number(double value) {
  if (std::isnan(value)) return "-";
  if (value == std::floor(value) && std::fabs(value) < 1e15) {
    return value < 0 ? "-" + Grouped(static_cast<uint64_t>(-value))
                     : Grouped(static_cast<uint64_t>(value));
  }
  char buffer[64];
  if (std::fabs(value) >= 100) {
    return Grouped(static_cast<uint64_t>(std::llround(value)));
  }
  std::snprintf(buffer, sizeof(buffer), "%.3g", value);
  return buffer;
}

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

double RelativeSpread(const ReportRow& row) {
  return row.puzzles_per_s > 0
             ? (row.puzzles_per_s_max - row.puzzles_per_s_min) /
                   row.puzzles_per_s
             : 0.0;
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
  t.slowdown =
      b.puzzles_per_s > 0 ? 1.0 - c.puzzles_per_s / b.puzzles_per_s : 0.0;
  t.noise = std::max(RelativeSpread(b), RelativeSpread(c));
  // Without CPU figures the wall clock is all there is to go by.
  t.cpu_slowdown =
      b.pass_cpu_s > 0 && c.pass_cpu_s > 0 && c.puzzles > 0
          ? 1.0 - (c.puzzles / c.pass_cpu_s) / (b.puzzles / b.pass_cpu_s)
          : t.slowdown;
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
    const bool wall_fell =
        t.slowdown > options.max_slowdown && t.slowdown > t.noise;
    t.regressed = wall_fell && t.cpu_slowdown > options.max_slowdown;
    const std::string allowed = Percent(options.max_slowdown) + " allowed";
    const std::string noise = Percent(t.noise) + " noise";
    if (t.slowdown <= 0) {
      t.note = "gated: not slower";
    } else if (t.regressed) {
      t.note = "gated: " + Percent(t.slowdown) + " slower, beyond " + allowed +
               " and " + noise + "; " + Percent(t.cpu_slowdown) +
               " fewer puzzles per CPU-second";
    } else if (wall_fell) {
      t.note = "gated: " + Percent(t.slowdown) +
               " slower by the clock, but puzzles per CPU-second fell only " +
               Percent(t.cpu_slowdown) + ": other jobs took the time";
    } else if (t.slowdown > options.max_slowdown) {
      t.note = "gated: " + Percent(t.slowdown) + " slower, within " + noise;
    } else {
      t.note = "gated: " + Percent(t.slowdown) + " slower, within " + allowed;
    }
  }
  return t;
}

// The shown columns, and the other exact ones where they differ.
std::vector<MetricDelta> Metrics(const ReportRow& b, const ReportRow& c) {
  std::vector<MetricDelta> metrics;
  for (const ReportColumn* column : ComparedColumns()) {
    const double bv = column->number(b), cv = column->number(c);
    if (column->compared == Compared::kExact && bv == cv) continue;
    metrics.push_back({std::string(column->name), bv, cv, column->Exact()});
  }
  return metrics;
}

// JSON text for a string, escaped per RFC 8259.
std::string JsonString(std::string_view text) {
  std::string json = "\"";
  for (const char ch : text) {
    switch (ch) {
      case '"':
        json += "\\\"";
        break;
      case '\\':
        json += "\\\\";
        break;
      case '\n':
        json += "\\n";
        break;
      case '\r':
        json += "\\r";
        break;
      case '\t':
        json += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof(buffer), "\\u%04x", ch);
          json += buffer;
        } else {
          json += ch;
        }
    }
  }
  return json + "\"";
}

std::string JsonNumber(double value) {
  if (!std::isfinite(value)) return "null";
  char buffer[64];
  if (value == std::floor(value) && std::fabs(value) < 1e18) {
    std::snprintf(buffer, sizeof(buffer), "%.0f", value);
  } else {
    std::snprintf(buffer, sizeof(buffer), "%.10g", value);
  }
  return buffer;
}

std::string JsonBudget(uint64_t max_nodes) {
  return max_nodes == kUnlimitedNodes ? "null" : std::to_string(max_nodes);
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

std::vector<size_t> ByThroughput(std::span<const ReportRow> rounds) {
  std::vector<size_t> order(rounds.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    return rounds[x].puzzles_per_s < rounds[y].puzzles_per_s;
  });
  return order;
}

}  // namespace

size_t MedianRound(std::span<const ReportRow> rounds) {
  if (rounds.empty()) return 0;
  return ByThroughput(rounds)[(rounds.size() - 1) / 2];
}

ReportRow SummarizeRounds(std::span<const ReportRow> rounds) {
  if (rounds.empty()) return ReportRow{};
  const std::vector<size_t> order = ByThroughput(rounds);
  const size_t n = rounds.size();
  ReportRow row = rounds[order[(n - 1) / 2]];
  row.repeats = static_cast<int>(n);
  row.puzzles_per_s_min = rounds[order.front()].puzzles_per_s;
  row.puzzles_per_s_max = rounds[order.back()].puzzles_per_s;
  if (n % 2 == 0) {
    row.puzzles_per_s = (rounds[order[n / 2 - 1]].puzzles_per_s +
                         rounds[order[n / 2]].puzzles_per_s) /
                        2;
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

double MetricDelta::Ratio() const {
  if (baseline == 0) {
    return current == 0 ? 1.0 : std::numeric_limits<double>::quiet_NaN();
  }
  return current / baseline;
}

int Comparison::ExitCode() const {
  if (!refusals.empty()) return 2;
  for (const RowComparison& row : rows) {
    if (row.verdict == RowVerdict::kChanged ||
        row.verdict == RowVerdict::kSlower ||
        row.verdict == RowVerdict::kMissing) {
      return 1;
    }
  }
  return 0;
}

size_t Comparison::Count(RowVerdict verdict) const {
  return std::count_if(rows.begin(), rows.end(), [&](const RowComparison& r) {
    return r.verdict == verdict;
  });
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
    r.changed = SearchDifferences(base.row, cur.row);
    r.timing = CheckTiming(base, cur, options);
    if (!r.changed.empty()) {
      r.verdict = RowVerdict::kChanged;
    } else if (r.timing.regressed) {
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

void PrintComparison(std::ostream& out, const Comparison& comparison) {
  if (!comparison.refusals.empty()) {
    for (const std::string& refusal : comparison.refusals) {
      out << "refused: " << refusal << '\n';
    }
    out << "verdict: REFUSED (exit 2): the reports cannot be compared\n";
    return;
  }
  for (const RowComparison& r : comparison.rows) {
    out << '\n'
        << r.dataset << "  " << r.strategy << "  limit " << r.limit
        << "  budget " << BudgetText(r.max_nodes) << "  ["
        << RowVerdictName(r.verdict) << "]\n";
    if (r.verdict == RowVerdict::kMissing) {
      out << "    in the baseline, not in the current report\n";
      continue;
    }
    if (r.verdict == RowVerdict::kNew) {
      out << "    only in the current report (no baseline yet)\n";
      continue;
    }
    std::vector<std::vector<std::string>> table = {
        {"metric", "baseline", "current", "ratio", ""}};
    for (const MetricDelta& m : r.metrics) {
      char ratio[32] = "-";
      if (!std::isnan(m.Ratio())) {
        std::snprintf(ratio, sizeof(ratio), "%.3f", m.Ratio());
      }
      std::string note;
      if (m.exact && m.baseline != m.current) note = "CHANGED";
      if (m.name == "puzzles_per_s") {
        note = "rounds " + std::to_string(r.baseline_repeats) + "/" +
               std::to_string(r.current_repeats);
        if (r.baseline_repeats > 1 || r.current_repeats > 1) {
          note += ", noise " + Percent(r.timing.noise);
        }
      }
      table.push_back(
          {m.name, Number(m.baseline), Number(m.current), ratio, note});
    }
    // The metric name and the note read left to right; numbers align.
    PrintTable(out, table,
               {.indent = "    ", .left_aligned = {0, 4},
                .rule_under_header = false});
    out << "    timing " << r.timing.note << '\n';
  }
  const int code = comparison.ExitCode();
  out << "\nverdict: " << (code == 0 ? "PASS" : "FAIL") << " (exit " << code
      << "): " << comparison.Count(RowVerdict::kChanged) << " changed, "
      << comparison.Count(RowVerdict::kMissing) << " missing, "
      << comparison.Count(RowVerdict::kSlower) << " slower, "
      << comparison.Count(RowVerdict::kSame) << " same, "
      << comparison.Count(RowVerdict::kNew) << " new\n";
}

void WriteComparisonJson(std::ostream& out, const Comparison& comparison,
                         const std::string& baseline_path,
                         const std::string& current_path) {
  const int code = comparison.ExitCode();
  const CompareOptions& o = comparison.options;
  out << "{\n  \"verdict\": "
      << JsonString(code == 0   ? "pass"
                    : code == 1 ? "fail"
                                : "refused")
      << ",\n  \"exit_code\": " << code
      << ",\n  \"baseline\": " << JsonString(baseline_path)
      << ",\n  \"current\": " << JsonString(current_path)
      << ",\n  \"options\": {\"max_slowdown\": " << JsonNumber(o.max_slowdown)
      << ", \"min_repeats\": " << o.min_repeats
      << ", \"gate_timing\": " << (o.gate_timing ? "true" : "false")
      << "},\n  \"refusals\": [";
  for (size_t i = 0; i < comparison.refusals.size(); ++i) {
    out << (i ? ", " : "") << JsonString(comparison.refusals[i]);
  }
  out << "],\n  \"summary\": {";
  constexpr RowVerdict kAll[] = {RowVerdict::kSame, RowVerdict::kChanged,
                                 RowVerdict::kSlower, RowVerdict::kMissing,
                                 RowVerdict::kNew};
  for (size_t i = 0; i < std::size(kAll); ++i) {
    out << (i ? ", " : "") << JsonString(RowVerdictName(kAll[i])) << ": "
        << comparison.Count(kAll[i]);
  }
  out << "},\n  \"rows\": [";
  for (size_t i = 0; i < comparison.rows.size(); ++i) {
    const RowComparison& r = comparison.rows[i];
    out << (i ? "," : "") << "\n    {\"dataset\": " << JsonString(r.dataset)
        << ", \"strategy\": " << JsonString(r.strategy)
        << ", \"limit\": " << r.limit
        << ", \"max_nodes\": " << JsonBudget(r.max_nodes)
        << ", \"verdict\": " << JsonString(RowVerdictName(r.verdict))
        << ",\n     \"changed\": [";
    for (size_t j = 0; j < r.changed.size(); ++j) {
      out << (j ? ", " : "") << JsonString(r.changed[j]);
    }
    out << "],\n     \"metrics\": {";
    for (size_t j = 0; j < r.metrics.size(); ++j) {
      const MetricDelta& m = r.metrics[j];
      out << (j ? ", " : "") << JsonString(m.name)
          << ": {\"baseline\": " << JsonNumber(m.baseline)
          << ", \"current\": " << JsonNumber(m.current)
          << ", \"ratio\": " << JsonNumber(m.Ratio())
          << ", \"exact\": " << (m.exact ? "true" : "false") << "}";
    }
    out << "},\n     \"timing\": {\"gated\": "
        << (r.timing.gated ? "true" : "false")
        << ", \"regressed\": " << (r.timing.regressed ? "true" : "false")
        << ", \"slowdown\": " << JsonNumber(r.timing.slowdown)
        << ", \"noise\": " << JsonNumber(r.timing.noise)
        << ", \"cpu_slowdown\": " << JsonNumber(r.timing.cpu_slowdown)
        << ", \"baseline_repeats\": " << r.baseline_repeats
        << ", \"current_repeats\": " << r.current_repeats
        << ", \"note\": " << JsonString(r.timing.note) << "}}";
  }
  out << "\n  ]\n}\n";
}

void WriteBenchmarkJson(std::ostream& out, std::span<const ReportEntry> rows,
                        bool bigger_is_better) {
  struct Entry {
    std::string name, unit;
    double value;
    std::string range, extra;
  };
  std::vector<Entry> entries;
  for (const ReportEntry& e : rows) {
    const ReportRow& r = e.row;
    // Trackers key their charts on the name: the row's key, no commas.
    const std::string name =
        r.dataset + "/" + r.strategy + " limit=" + std::to_string(r.limit) +
        " max_nodes=" +
        (r.max_nodes == kUnlimitedNodes ? "none" : std::to_string(r.max_nodes));
    const std::string extra = std::to_string(r.repeats) + " rounds, " +
                              std::to_string(r.threads) + " threads, " +
                              e.manifest.git_revision + ", " + e.manifest.cpu;
    if (bigger_is_better) {
      std::string range;
      if (r.repeats > 1) {
        range =
            "± " + JsonNumber((r.puzzles_per_s_max - r.puzzles_per_s_min) / 2);
      }
      entries.push_back({name + ": puzzles/s", "puzzles/s", r.puzzles_per_s,
                         range, "median of " + extra});
    } else {
      entries.push_back({name + ": nodes", "nodes",
                         static_cast<double>(r.nodes_total), "", extra});
      entries.push_back({name + ": p50", "us", r.p50_us, "", extra});
      entries.push_back({name + ": p99", "us", r.p99_us, "", extra});
    }
  }
  out << "[";
  for (size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    out << (i ? "," : "") << "\n  {\"name\": " << JsonString(e.name)
        << ", \"unit\": " << JsonString(e.unit)
        << ", \"value\": " << JsonNumber(e.value);
    if (!e.range.empty()) out << ", \"range\": " << JsonString(e.range);
    out << ", \"extra\": " << JsonString(e.extra) << "}";
  }
  out << "\n]\n";
}

}  // namespace sudoku
