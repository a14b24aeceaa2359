// `bench compare`'s readable output: a table of deltas per row, and the
// verdict.
#include "engine/compare/compare_table.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/common/text_format.h"

namespace sudoku {
namespace {

// Counts grouped, large values rounded, small ones to three figures.
std::string Number(double value) {
  if (std::isnan(value)) return "-";
  if (value == std::floor(value) && std::fabs(value) < 1e15) {
    return value < 0 ? "-" + Grouped(static_cast<uint64_t>(-value))
                     : Grouped(static_cast<uint64_t>(value));
  }
  if (std::fabs(value) >= 100) {
    return Grouped(static_cast<uint64_t>(std::llround(value)));
  }
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.3g", value);
  return buffer;
}

std::string Note(const RowComparison& r, const MetricDelta& m) {
  if (m.name == "puzzles_per_s") {
    std::string note = "rounds " + std::to_string(r.baseline_repeats) + "/" +
                       std::to_string(r.current_repeats);
    if (r.baseline_repeats > 1 || r.current_repeats > 1) {
      note += ", noise " + Percent(r.timing.noise);
    }
    return note;
  }
  if (!m.exact || m.baseline == m.current) return "";
  if (m.change == Change::kBetter || m.change == Change::kWorse) {
    return "CHANGED, " + std::string(ChangeName(m.change));
  }
  return "CHANGED";
}

void PrintRow(std::ostream& out, const RowComparison& r) {
  out << '\n'
      << ConsoleText(r.dataset) << "  " << ConsoleText(r.strategy) << "  limit "
      << r.limit << "  budget "
      << BudgetText(r.max_nodes) << "  [" << VerdictWords(r) << "]\n";
  if (!r.build_note.empty()) out << "    " << r.build_note << '\n';
  if (r.verdict == RowVerdict::kMissing) {
    out << "    in the baseline, not in the current report\n";
    return;
  }
  if (r.verdict == RowVerdict::kNew) {
    out << "    only in the current report (no baseline yet)\n";
    return;
  }
  std::vector<std::vector<std::string>> table = {
      {"metric", "baseline", "current", "ratio", ""}};
  for (const MetricDelta& m : r.metrics) {
    const std::string ratio = std::isnan(m.Ratio()) ? "-" : Fixed(m.Ratio(), 3);
    table.push_back(
        {m.name, Number(m.baseline), Number(m.current), ratio, Note(r, m)});
  }
  // The metric name and the note read left to right; numbers align.
  PrintTable(
      out, table,
      {.indent = "    ", .left_aligned = {0, 4}, .rule_under_header = false});
  out << "    timing " << r.timing.note << '\n';
  if (!r.instructions.note.empty()) {
    out << "    " << r.instructions.note << '\n';
  }
}

}  // namespace

void PrintComparison(std::ostream& out, const Comparison& comparison,
                     const std::string& bless) {
  if (!comparison.refusals.empty()) {
    for (const std::string& refusal : comparison.refusals) {
      out << "refused: " << ConsoleText(refusal) << '\n';
    }
    out << "verdict: REFUSED (exit 2): the reports cannot be compared\n";
    return;
  }
  for (const RowComparison& r : comparison.rows) PrintRow(out, r);
  const int code = comparison.ExitCode();
  const size_t changed = comparison.Count(RowVerdict::kChanged);
  out << "\nverdict: " << (code == 0 ? "PASS" : "FAIL") << " (exit " << code
      << "): " << VerdictCounts(comparison) << '\n';
  if (changed > 0) {
    // Exact columns gate whichever way they move: an improvement is a new
    // baseline to review and bless, not a pass.
    out << "changed rows searched differently from the baseline; if the "
           "change is meant, bless a new baseline"
        << (bless.empty() ? "" : ": " + bless) << '\n';
  }
}

std::string BlessCommand(const std::string& baseline,
                         const std::string& current) {
  const auto quoted = [](std::string path) {
    // A name that starts with '-' would be an option to cp.
    if (!path.empty() && path[0] == '-') path = "./" + path;
    if (path.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "abcdefghijklmnopqrstuvwxyz"
                               "0123456789_./+,:@%=-") == std::string::npos) {
      return path;
    }
    std::string out = "'";
    for (const char c : path) out += c == '\'' ? "'\\''" : std::string(1, c);
    return out + "'";
  };
  return "cp " + quoted(current) + " " + quoted(baseline);
}

}  // namespace sudoku
