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
#include "engine/stats/cpu_rank.h"

namespace sudoku {
namespace {

// Three significant figures or so, for times that span nanoseconds to hours.
std::string TableFigure(double value) {
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

// The rows ranked by puzzles per CPU-second, which a preemption or a stall
// does not move (ReportRow::puzzles_per_cpu_s), and each row's rank cell:
// its place, and "(~N)" when its CPU blocks cannot tell it from rank N's.
struct Ranked {
  std::vector<size_t> order;  // row indices, fastest first
  std::vector<std::string> cells;
  bool within_noise = false, too_few_blocks = false;
};

Ranked RankRows(const DatasetResult& result,
                const std::vector<ReportRow>& rows) {
  std::vector<double> rates;
  std::vector<std::span<const uint64_t>> blocks;
  for (size_t i = 0; i < rows.size(); ++i) {
    rates.push_back(rows[i].puzzles_per_cpu_s);
    if (i < result.stats.size()) blocks.push_back(result.stats[i].cpu_blocks);
  }
  Ranked ranked;
  size_t place = 0;
  for (const CpuRank& rank : RankByCpu(rates, blocks)) {
    ranked.order.push_back(rank.index);
    std::string cell = std::to_string(++place);
    if (rank.from_above == Separation::kWithinNoise) {
      ranked.within_noise = true;
      cell += " (~" + std::to_string(place - 1) + ")";
    }
    ranked.too_few_blocks |=
        place > 1 && rank.from_above == Separation::kTooFewBlocks;
    ranked.cells.push_back(cell);
  }
  return ranked;
}

// What the rank column means, under a table of several strategies.
void WriteRankNote(std::ostream& out, const Ranked& ranked) {
  out << "  rank: by puzzles/cpu-s, puzzles per second of solve time less "
         "the time the thread spent off the CPU (preempted, stalled); "
         "puzzles/s is by the wall clock\n";
  if (ranked.within_noise) {
    out << "  (~N): within noise of rank N: the blocks of "
        << StrategyStats::kCpuBlock
        << " lines do not tell the two apart (two standard errors)\n";
  }
  if (ranked.too_few_blocks) {
    out << "  noise unknown: fewer than " << kLeastNoiseBlocks
        << " blocks of " << StrategyStats::kCpuBlock
        << " lines, too few to tell a difference from noise\n";
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

// The table of a pass's rows, ranked when there are several.
void WriteTable(std::ostream& out, const DatasetResult& result,
                const std::vector<ReportRow>& rows) {
  const Ranked ranked = RankRows(result, rows);
  const bool several = rows.size() > 1;
  std::vector<std::vector<std::string>> table = {
      {"strategy", "puzzles", "solved", "multiple", "none", "invalid",
       "malformed", "over budget", "wrong", "puzzles/s", "puzzles/cpu-s",
       "mean us", "p50 us", "p90 us", "p99 us", "max us", "mean nodes",
       "max nodes", "no guess %"}};
  std::vector<ReportRow> shown;
  for (size_t place = 0; place < ranked.order.size(); ++place) {
    const ReportRow& r = rows[ranked.order[place]];
    shown.push_back(r);
    table.push_back({r.strategy, Grouped(r.puzzles), Grouped(r.solved),
                     Grouped(r.multiple), Grouped(r.no_solution),
                     Grouped(r.invalid), Grouped(r.malformed),
                     Grouped(r.over_budget), Grouped(r.wrong),
                     Grouped(static_cast<uint64_t>(r.puzzles_per_s + 0.5)),
                     Grouped(static_cast<uint64_t>(r.puzzles_per_cpu_s + 0.5)),
                     TableFigure(r.mean_us), TableFigure(r.p50_us), TableFigure(r.p90_us),
                     TableFigure(r.p99_us), TableFigure(r.max_us), TableFigure(r.nodes_mean),
                     Grouped(r.nodes_max), Fixed(r.no_guess_pct, 1)});
    if (several) table.back().insert(table.back().begin(), ranked.cells[place]);
  }
  if (several) table[0].insert(table[0].begin(), "rank");
  AddErrorsColumn(shown, table);
  TableLayout layout;
  if (several) layout.left_aligned = {0, 1};
  PrintTable(out, table, layout);
  if (several) WriteRankNote(out, ranked);
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
  WriteTable(out_, result, rows);
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
           << TableFigure(p.nanos / 1000.0) << " us  " << Grouped(p.nodes)
           << " nodes  " << FormatGrid(p.puzzle)
           << (p.over_budget ? "  OVER BUDGET (stopped at --max-nodes)" : "")
           << '\n';
    }
  }
  WriteErrors(out_, result, rows);
}

}  // namespace sudoku
