// The console report: a readable table per dataset, and the costliest puzzles
// when asked.
#include "engine/report/console_reporter.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "engine/common/text_format.h"
#include "engine/input/puzzle.h"

namespace sudoku {
namespace {

// Three significant figures or so, for times that span nanoseconds to hours.
std::string Short(double value) {
  if (value >= 100) return Grouped(static_cast<uint64_t>(value + 0.5));
  if (value >= 10) return Fixed(value, 1);
  return Fixed(value, 2);
}

// An `errors` column after `wrong`, only when some strategy left a puzzle
// unanswered: runs without process strategies print the table they always
// did.
void AddErrorsColumn(const std::vector<ReportRow>& rows,
                     std::vector<std::vector<std::string>>& table) {
  const bool any = std::any_of(rows.begin(), rows.end(),
                               [](const ReportRow& r) { return r.errors > 0; });
  if (!any) return;
  const size_t after_wrong =
      std::find(table[0].begin(), table[0].end(), "wrong") - table[0].begin() +
      1;
  table[0].insert(table[0].begin() + after_wrong, "errors");
  for (size_t i = 0; i < rows.size(); ++i) {
    table[i + 1].insert(table[i + 1].begin() + after_wrong,
                        Grouped(rows[i].errors));
  }
}

uint64_t Unanswered(const std::vector<ReportRow>& rows) {
  uint64_t total = 0;
  for (const ReportRow& r : rows) total += r.errors;
  return total;
}

// The lines under the table that say what went wrong, and which counts
// nothing could check.
void WriteErrors(std::ostream& out, const DatasetResult& result,
                 const std::vector<ReportRow>& rows) {
  if (result.wrong_answers > 0 || result.disagreements > 0) {
    out << "  ERROR: " << Grouped(result.wrong_answers) << " wrong answers, "
        << Grouped(result.disagreements)
        << " unresolved disagreements (details on standard error)\n";
  }
  if (const uint64_t unanswered = Unanswered(rows); unanswered > 0) {
    out << "  ERROR: " << Grouped(unanswered)
        << " puzzles left unanswered: a strategy's process died, answered "
           "garbage or timed out (details on standard error)\n";
  }
  // The file's own references caught out: the run fails on them.
  if (!rows.empty() && rows.front().reference_wrong > 0) {
    out << "  REFERENCE WRONG: " << Grouped(rows.front().reference_wrong)
        << " lines whose reference answer is not a solution of their puzzle "
           "(named on standard error); their puzzles are solved and counted "
           "above\n";
  }
  for (const ReportRow& r : rows) {
    if (r.several_claimed_one == 0) continue;
    out << "  SEVERAL SOLUTIONS: " << r.strategy << " finds several solutions "
        << "to " << Grouped(r.several_claimed_one)
        << " puzzles whose line claims one (named on standard error)\n";
  }
  // A total that stopped at the most a report holds (AddNodes): its
  // strategy's node counts cannot all be true.
  for (const ReportRow& r : rows) {
    if (!NodesSaturated(r.nodes_total)) continue;
    out << "  NODES SATURATED: " << r.strategy << "'s nodes_total stopped at "
        << Grouped(r.nodes_total)
        << ", the most a report holds; the true sum is larger, and no "
           "search counts that many: its node counts are not believable\n";
  }
  // A loaded or process strategy's counts stand in the table as claims;
  // say loudly which of them nothing could contradict.
  for (const ReportRow& r : rows) {
    if (r.unchecked == 0) continue;
    out << "  UNCHECKED: " << Grouped(r.unchecked) << " of " << r.strategy
        << "'s answers claim a solution count (none, one, several) that "
           "nothing in this run could contradict: no built-in strategy "
           "that settles it ran and the file gives no count; run a built-in "
           "counting strategy beside it, or add --reference STRATEGY (e.g. "
           "bands)\n";
  }
}

}  // namespace

void ConsoleReporter::ReportPass(const Manifest&, const DatasetResult& result,
                                 const std::vector<ReportRow>& rows) {
  out_ << '\n'
       << result.path << ": " << Grouped(result.puzzle_lines)
       << " puzzle lines (" << Grouped(result.malformed) << " malformed, "
       << Grouped(result.invalid) << " invalid), " << Grouped(result.raw_bytes)
       << " bytes";
  if (result.input.compression != "none")
    out_ << " " << result.input.compression;
  out_ << ", format " << FormatName(result.format) << ", "
       << Fixed(result.wall_s, 2) << " s";
  if (!rows.empty()) {
    const ReportRow& first = rows.front();
    out_ << ", " << first.threads
         << (first.threads == 1 ? " thread" : " threads") << ", limit "
         << first.limit << ", budget " << BudgetText(first.max_nodes);
  }
  out_ << '\n';
  if (!result.read_error.empty()) {
    out_ << "  ERROR, pass ended early: " << result.read_error << '\n';
  }
  if (!result.complete()) {
    out_ << "  PARTIAL: " << result.PartialReason() << "; lines 1.."
         << Grouped(result.lines_read) << " accounted (last puzzle line "
         << result.last_line << ")\n";
  }
  if (rows.empty()) {
    const double mb = static_cast<double>(result.raw_bytes) / 1e6;
    out_ << "  parse only: " << Fixed(mb / std::max(result.wall_s, 1e-9), 1)
         << " MB/s, "
         << Grouped(static_cast<uint64_t>(result.puzzle_lines /
                                          std::max(result.wall_s, 1e-9)))
         << " lines/s\n";
    return;
  }
  std::vector<std::vector<std::string>> table = {
      {"strategy", "puzzles", "solved", "multiple", "none", "invalid",
       "malformed", "over budget", "wrong", "puzzles/s", "mean us", "p50 us",
       "p90 us", "p99 us", "max us", "mean nodes", "max nodes", "no guess %"}};
  for (const ReportRow& r : rows) {
    table.push_back({r.strategy, Grouped(r.puzzles), Grouped(r.solved),
                     Grouped(r.multiple), Grouped(r.no_solution),
                     Grouped(r.invalid), Grouped(r.malformed),
                     Grouped(r.over_budget), Grouped(r.wrong),
                     Grouped(static_cast<uint64_t>(r.puzzles_per_s + 0.5)),
                     Short(r.mean_us), Short(r.p50_us), Short(r.p90_us),
                     Short(r.p99_us), Short(r.max_us), Short(r.nodes_mean),
                     Grouped(r.nodes_max), Fixed(r.no_guess_pct, 1)});
  }
  AddErrorsColumn(rows, table);
  PrintTable(out_, table);
  for (size_t i = 0; i < result.stats.size(); ++i) {
    const auto slowest = result.stats[i].slowest.Sorted();
    if (slowest.empty()) continue;
    // Ranked by nodes (SlowestPuzzles); a strategy that counts none is
    // ranked by time, and the heading says which.
    const bool by_time = slowest.front().nodes == 0;
    out_ << "  costliest puzzles for " << rows[i].strategy
         << (by_time ? " (by time: it counts no nodes):\n"
                     : " (by nodes, then time):\n");
    for (const SlowPuzzle& p : slowest) {
      out_ << "    " << result.path << ":" << p.line << "  "
           << Short(p.nanos / 1000.0) << " us  " << Grouped(p.nodes)
           << " nodes  " << FormatGrid(p.puzzle)
           << (p.over_budget ? "  OVER BUDGET (stopped at --max-nodes)" : "")
           << '\n';
    }
  }
  WriteErrors(out_, result, rows);
}

}  // namespace sudoku
