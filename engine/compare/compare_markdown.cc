// `bench compare --markdown`: a heading with the verdict, the counts, and a
// table of the rows that changed, got slower, went missing or are new, each
// with what moved and by how much.
#include "engine/compare/compare_markdown.h"

#include <cmath>
#include <cstdio>

#include "engine/common/text_format.h"
#include "engine/compare/timing_words.h"

namespace sudoku {
namespace {

// Counts grouped (with their fraction when large), other values to three
// figures.
std::string Value(double value) {
  if (value == std::floor(value) && value >= 0 && value < 1e15) {
    return Grouped(static_cast<uint64_t>(value));
  }
  // A large count with a fraction (instructions per puzzle): as a number,
  // "1,426,849.3", never "1.43e+06".
  if (std::fabs(value) >= 1000 && std::fabs(value) < 1e15) {
    return GroupedCount(value);
  }
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.3g", value);
  return buffer;
}

// "+3.1%" from the baseline to the current value; "" when there is no ratio.
std::string Relative(const MetricDelta& m) {
  const double ratio = m.Ratio();
  if (!std::isfinite(ratio)) return "";
  // A small change of a large count keeps two figures: "+0.0032%".
  const double percent = (ratio - 1) * 100;
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer),
                std::fabs(percent) >= 0.1 ? "%+.1f%%" : "%+.2g%%", percent);
  return buffer;
}

// "nodes_total 1,000 -> 1,200 (+20.0%, worse)".
std::string Moved(const MetricDelta& m) {
  std::string size = Relative(m);
  if (m.change == Change::kBetter || m.change == Change::kWorse) {
    size += (size.empty() ? "" : ", ") + std::string(ChangeName(m.change));
  }
  return m.name + " " + Value(m.baseline) + " -> " + Value(m.current) +
         (size.empty() ? "" : " (" + size + ")");
}

// What moved in a row that did not stay the same, one item a line.
std::string WhatMoved(const RowComparison& r) {
  std::string out;
  const auto line = [&](const std::string& text) {
    out += (out.empty() ? "" : "\n") + text;
  };
  if (r.verdict == RowVerdict::kMissing) {
    line("in the baseline, not in the current report");
  } else if (r.verdict == RowVerdict::kNew) {
    line("only in the current report (no baseline yet)");
  }
  for (const MetricDelta& m : r.metrics) {
    if (m.exact && m.baseline != m.current) line(Moved(m));
  }
  if (r.timing.regressed) {
    // A throughput in the timing words: its ratio new/old and the slowdown.
    for (const MetricDelta& m : r.metrics) {
      if (m.name != "puzzles_per_s") continue;
      line(m.name + " " + Value(m.baseline) + " -> " + Value(m.current) +
           " (" + RatioWords(m.Ratio()) + ", " + SlowerWords(r.timing.slowdown) +
           ")");
    }
    line("timing " + r.timing.note);
  }
  if (r.instructions.regressed) {
    for (const MetricDelta& m : r.metrics) {
      if (m.name == "instructions_per_puzzle") line(Moved(m));
    }
    line(r.instructions.note);
  }
  if (!r.build_note.empty()) line(r.build_note);
  return out;
}

}  // namespace

void WriteComparisonMarkdown(std::ostream& out, const Comparison& comparison,
                             const std::string& baseline_path,
                             const std::string& current_path) {
  const int code = comparison.ExitCode();
  const char* verdict = code == 0 ? "PASS" : code == 1 ? "FAIL" : "REFUSED";
  out << "### bench compare: " << verdict << " (exit " << code << ")\n\n"
      << "Baseline " << MarkdownCode(baseline_path) << ", current "
      << MarkdownCode(current_path);
  if (!comparison.refusals.empty()) {
    out << ": the reports cannot be compared.\n\n";
    for (const std::string& refusal : comparison.refusals) {
      out << "- " << MarkdownCell(refusal) << '\n';
    }
    out << '\n';
    return;
  }
  out << ": " << VerdictCounts(comparison) << ".\n\n";
  bool any = false;
  for (const RowComparison& r : comparison.rows) {
    if (r.verdict == RowVerdict::kSame) continue;
    if (!any) {
      out << "| dataset | strategy | limit | budget | verdict | what moved |\n"
          << "|---|---|---|---|---|---|\n";
      any = true;
    }
    const std::string tag = VerdictWords(r);
    out << "| " << MarkdownCell(r.dataset) << " | " << MarkdownCell(r.strategy)
        << " | " << r.limit << " | " << BudgetText(r.max_nodes) << " | **"
        << tag << "** | " << MarkdownCell(WhatMoved(r)) << " |\n";
  }
  if (!any) out << "Every row is the same as the baseline's.\n";
  out << '\n';
}

}  // namespace sudoku
