// What a report says of one (dataset, strategy): plain data derived from a
// DatasetResult, plus the run manifest.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/stats/run_options.h"
#include "engine/stats/run_result.h"

namespace sudoku {

// What two reports must share to be compared honestly.
struct Manifest {
  std::string version;       // project version
  std::string git_revision;  // of the build, "unknown" outside a checkout
  std::string compiler;
  std::string build_flags;
  std::string cpu;
  std::string date;  // UTC, ISO 8601, when the run started
  // The processes that ran it: 1, or the parts of a merged or MPI run, and
  // their hosts as "name:processes" in order of first appearance ("a:2 b:1").
  uint32_t ranks = 1;
  std::string hosts;
};

// The hosts of several processes' manifests as one list: "a:1 b:1" and
// "a:2" give "a:3 b:1".
std::string CombineHosts(const std::vector<std::string>& host_lists);

// The manifest of this build on this machine, dated now.
Manifest CurrentManifest();

// One row of every report: one strategy on one dataset.
struct ReportRow {
  std::string dataset;  // file name
  std::string dataset_path;
  std::string strategy;
  uint32_t limit = 1;
  uint64_t max_nodes = kUnlimitedNodes;
  int threads = 1;
  uint64_t puzzles = 0, solved = 0, multiple = 0, no_solution = 0, invalid = 0,
           malformed = 0, over_budget = 0, wrong = 0;
  uint64_t disagreements = 0, expected_differs = 0;
  double wall_s = 0;         // this strategy's share of the pass
  double puzzles_per_s = 0;  // puzzles / wall_s
  double mean_us = 0, p50_us = 0, p90_us = 0, p99_us = 0, max_us = 0;
  uint64_t nodes_total = 0, nodes_max = 0;
  double nodes_mean = 0;
  double no_guess_pct = 0;  // of the searched puzzles it solved
  double solve_s = 0;       // summed per-puzzle solve time (thread-seconds)
  double pass_wall_s = 0;   // the whole pass, every strategy
  double pass_cpu_s = 0;
  uint64_t dataset_bytes = 0;
  std::string dataset_sha256;
  std::string dataset_format;
  std::string compression;
  // Under --repeat: how many rounds ran; puzzles_per_s is then their median,
  // and min/max bound it, so a comparison can weigh the run-to-run noise.
  int repeats = 1;
  double puzzles_per_s_min = 0, puzzles_per_s_max = 0;
  // Puzzles a process strategy left unanswered (died, garbage, timed out).
  uint64_t errors = 0;
  // Which build of the strategy ran: Strategy::origin ("built in" for a
  // compiled-in one) and the SHA-256 of a loaded plugin's file.
  std::string strategy_origin = std::string(kBuiltInOrigin);
  std::string strategy_sha256;
  // Nodes per searched puzzle at these quantiles, from the node histogram
  // (within 0.8% of a recorded count, as the time percentiles).
  uint64_t nodes_p50 = 0, nodes_p90 = 0, nodes_p99 = 0;
  // False when SIGINT or SIGTERM stopped the run: the row covers the
  // dataset's lines up to last_line (its last puzzle line accounted) only.
  bool complete = true;
  uint64_t last_line = 0;
  // Count claims (none, one, several) of a loaded or process strategy that
  // nothing in the run could contradict (StrategyStats::unchecked).
  uint64_t unchecked = 0;
  // How a loaded strategy was built, as its plugin says (the ABI's optional
  // sudoku_strategy_build); empty for built-in and process strategies, whose
  // build is bench's own (build_flags) or unknown.
  std::string strategy_build;
  // bench --instructions: the solve calls' instructions per puzzle over an
  // evenly spaced sample of instructions_sample puzzles, counted by
  // instructions_by, "counter" (the processor's) or "callgrind"; empty
  // (instructions_by "") when not measured.
  double instructions_per_puzzle = 0;
  std::string instructions_by;
  uint64_t instructions_sample = 0;
  // Lines whose reference answer is wrong (StrategyStats::reference_wrong)
  // and puzzles of several solutions where the file claims one
  // (StrategyStats::several_claimed_one); either fails the run.
  uint64_t reference_wrong = 0;
  uint64_t several_claimed_one = 0;
  // solve_s less the time the solving thread spent off the CPU inside
  // solves (a preemption, a stall, a sleep: StrategyStats::off_cpu_nanos),
  // and puzzles / solve_cpu_s: the throughput the console ranks by and
  // compare, --ab and the history judge. 0 in reports from before them.
  double solve_cpu_s = 0;
  double puzzles_per_cpu_s = 0;
  // Under --repeat, puzzles_per_cpu_s's extremes over the rounds (it is
  // their median), as puzzles_per_s_min/max are the wall clock's: the noise
  // a verdict on CPU time weighs (MeasuredSpread). 0 in reports from before.
  double puzzles_per_cpu_s_min = 0, puzzles_per_cpu_s_max = 0;
};

// The one measure of time every timing verdict is judged on (bench compare,
// --ab, history check and show): chosen here alone, for all the rows a
// verdict weighs at once, so that two rows are never judged by two clocks.
enum class TimingMeasure {
  kThreadCpu,  // puzzles_per_cpu_s: the solves' thread CPU time, which a
               // preemption or a stall does not advance
  kPassCpu,    // a report from before it: the pass's process CPU time,
               // split as the pass's wall time is (PassCpuPuzzlesPerSecond)
  kWall,       // neither: the wall clock's puzzles_per_s
};

// The measure for rows judged together: the solves' thread CPU time when
// every row has it, else the pass's CPU time when every row has that, else
// the wall clock.
TimingMeasure CommonTimingMeasure(std::span<const ReportRow* const> rows);
TimingMeasure CommonTimingMeasure(const ReportRow& a, const ReportRow& b);

// A row's throughput on `measure`, in puzzles per second of it; 0 when the
// row lacks it.
double MeasuredThroughput(const ReportRow& row, TimingMeasure measure);

// The measure's relative spread over a row's --repeat rounds,
// (max - min) / median: the noise a verdict on it weighs. The thread CPU
// time's from puzzles_per_cpu_s_min/max, the wall clock's from
// puzzles_per_s_min/max; the pass's CPU time keeps no rounds and borrows
// the wall clock's. 0 for one round.
double MeasuredSpread(const ReportRow& row, TimingMeasure measure);

// "cpu" or "wall", as data-measure and history's --measure spell them; and
// as people read them: "puzzles per CPU-second", "puzzles/s (wall clock)".
std::string_view TimingMeasureKey(TimingMeasure measure);
std::string_view TimingMeasureLabel(TimingMeasure measure);

// Puzzles per CPU-second of a row by the pass's process CPU time: the
// pass's CPU seconds split as its wall time is, in proportion to the
// strategies' solve times (what history read before puzzles_per_cpu_s, and
// what a report from before it still gives); 0 when the row has none. A
// preemption does not add to it, but a stall inside one strategy's solve
// moves the split towards that strategy.
double PassCpuPuzzlesPerSecond(const ReportRow& row);

// Puzzles per CPU-second of one row alone, as history stores it beside
// puzzles_per_s: puzzles_per_cpu_s where the report has it, else
// PassCpuPuzzlesPerSecond. A verdict over several rows reads
// MeasuredThroughput on their CommonTimingMeasure instead.
double CpuPuzzlesPerSecond(const ReportRow& row);

// The rows of one pass, one per strategy. A pass that ran several
// strategies splits its wall time among them in proportion to their summed
// solve times, so a strategy's puzzles/s does not depend on its company;
// with one strategy wall_s is the pass's own.
std::vector<ReportRow> MakeRows(const DatasetResult& result,
                                const RunOptions& options);

// The name each of a run's datasets is reported under (`dataset`, the key
// by which bench compare and bench history match rows): its file name, as
// MakeRows gives it, unless another dataset of the run has the same one;
// then its path from the folder where the two part ("a/x.txt",
// "b/x.txt"), and a path given again is counted ("x.txt (2)", or the next
// count when a dataset of the run is named so). No two names are alike.
std::vector<std::string> DatasetNames(const std::vector<std::string>& paths);

// A report output: console table, CSV, ... Each sees every pass in order.
class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void ReportPass(const Manifest& manifest, const DatasetResult& result,
                          const std::vector<ReportRow>& rows) = 0;
  virtual void Finish() {}
};

}  // namespace sudoku
