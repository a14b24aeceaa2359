// `bench compare BASELINE.csv CURRENT.csv`: a verdict on a run against a
// committed baseline, as a table, an exit code and JSON.
#include "bench/compare_command.h"

#include <fstream>
#include <functional>
#include <iostream>

#include "engine/common/exit_codes.h"
#include "engine/compare/benchmark_json.h"
#include "engine/compare/compare.h"
#include "engine/compare/compare_html.h"
#include "engine/compare/compare_json.h"
#include "engine/compare/compare_table.h"
#include "engine/report/csv_reader.h"

namespace sudoku {
namespace {

// Writes through `write` to `path`; false (and a message) when that fails.
bool WriteFile(const std::string& path,
               const std::function<void(std::ostream&)>& write) {
  std::ofstream file(path);
  if (file) write(file);
  file.flush();
  if (!file) {
    std::cerr << "bench compare: cannot write " << path << '\n';
    return false;
  }
  return true;
}

}  // namespace

void CompareCommand::Setup(CLI::App& app) {
  Options& o = options_;
  subcommand_ = app.add_subcommand(
      "compare",
      "Compare a report against a baseline (both written by --csv). Exit "
      "codes: 0 pass; 1 a node count or outcome count changed, a baseline "
      "row is missing, or throughput fell beyond --max-slowdown and the "
      "measured noise; 2 the reports ran on different datasets or cannot "
      "be read.");
  subcommand_->add_option("baseline", o.baseline, "The baseline CSV report")
      ->required()
      ->check(CLI::ExistingFile);
  subcommand_->add_option("current", o.current, "The current CSV report")
      ->required()
      ->check(CLI::ExistingFile);
  subcommand_
      ->add_option("--max-slowdown", o.max_slowdown_pct,
                   "Percent fall in puzzles/s that fails, when it is also "
                   "beyond the run-to-run spread of both reports")
      ->check(CLI::Range(0.0, 100.0))
      ->capture_default_str();
  subcommand_
      ->add_option("--min-repeats", o.min_repeats,
                   "Timing is gated only when both rows ran at least this "
                   "many --repeat rounds (one round has no noise estimate); "
                   "otherwise it is printed only")
      ->check(CLI::Range(2, 1000))
      ->capture_default_str();
  subcommand_->add_flag("--no-timing-gate", o.no_timing_gate,
                        "Print timing only; gate on node counts and "
                        "outcomes alone");
  subcommand_->add_option("--json", o.json,
                          "Write the verdict and every delta as JSON");
  subcommand_->add_option(
      "--html", o.html,
      "Write the comparison as a self-contained HTML page: verdicts, "
      "throughput ratios with their noise bands, changed counts "
      "highlighted, baseline and current time and node distributions "
      "(drawn through the CSV's percentiles)");
  subcommand_->add_option(
      "--bigger-is-better", o.bigger_is_better,
      "Write CURRENT's puzzles/s in github-action-benchmark's "
      "customBiggerIsBetter JSON");
  subcommand_->add_option(
      "--smaller-is-better", o.smaller_is_better,
      "Write CURRENT's node totals and p50/p99 times in "
      "github-action-benchmark's customSmallerIsBetter JSON");
}

namespace {

// A report of an interrupted run (complete=false) covers part of its
// datasets; compared with a whole one, every count would read as a
// regression, so it is refused, saying where it stopped.
bool RefusePartial(const std::string& path,
                   const std::vector<ReportEntry>& entries) {
  for (const ReportEntry& entry : entries) {
    if (entry.row.complete) continue;
    std::cerr << "bench compare: " << path << ":" << entry.line << ": "
              << entry.row.dataset << " " << entry.row.strategy
              << " is a partial report (the run was interrupted after line "
              << entry.row.last_line
              << "); resume it (bench --resume) or run it again\n";
    return false;
  }
  return true;
}

}  // namespace

int CompareCommand::Execute() {
  const Options& o = options_;
  std::vector<ReportEntry> baseline, current;
  try {
    baseline = ReadCsvReportFile(o.baseline);
    current = ReadCsvReportFile(o.current);
  } catch (const ReportFormatError& error) {
    std::cerr << "bench compare: " << error.what() << '\n';
    return kExitUsage;
  }
  if (!RefusePartial(o.baseline, baseline) ||
      !RefusePartial(o.current, current)) {
    return kExitUsage;
  }
  CompareOptions options;
  options.max_slowdown = o.max_slowdown_pct / 100.0;
  options.min_repeats = o.min_repeats;
  options.gate_timing = !o.no_timing_gate;
  const Comparison comparison = CompareReports(baseline, current, options);

  std::cout << "bench compare: baseline " << o.baseline << ", current "
            << o.current << '\n';
  PrintComparison(std::cout, comparison);
  int exit_code = comparison.ExitCode();
  bool written = true;
  if (!o.json.empty()) {
    written &= WriteFile(o.json, [&](std::ostream& out) {
      WriteComparisonJson(out, comparison, o.baseline, o.current);
    });
  }
  if (!o.html.empty()) {
    written &= WriteFile(o.html, [&](std::ostream& out) {
      WriteComparisonHtml(out, comparison, baseline, current, o.baseline,
                          o.current);
    });
  }
  if (!o.bigger_is_better.empty()) {
    written &= WriteFile(o.bigger_is_better, [&](std::ostream& out) {
      WriteBenchmarkJson(out, current, /*bigger_is_better=*/true);
    });
  }
  if (!o.smaller_is_better.empty()) {
    written &= WriteFile(o.smaller_is_better, [&](std::ostream& out) {
      WriteBenchmarkJson(out, current, /*bigger_is_better=*/false);
    });
  }
  // A lost output is a broken CI step, but never hides a failed verdict.
  if (!written && exit_code == 0) exit_code = kExitUsage;
  return exit_code;
}

}  // namespace sudoku
