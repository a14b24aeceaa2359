// The options of `bench compare`: their values and their one CLI11
// definition.
#include "bench/cli/compare_options.h"

namespace sudoku {

CLI::App* SetupCompare(CLI::App& app, CompareCommandOptions& o) {
  CLI::App* subcommand = app.add_subcommand(
      "compare",
      "Compare a report against a baseline (both written by --csv). Exit "
      "codes: 0 pass; 1 a node count or outcome count changed, a baseline "
      "row is missing, or throughput fell beyond --max-slowdown and the "
      "measured noise; 2 the reports ran on different datasets or cannot "
      "be read.");
  subcommand->add_option("baseline", o.baseline, "The baseline CSV report")
      ->required()
      ->check(CLI::ExistingFile);
  subcommand->add_option("current", o.current, "The current CSV report")
      ->required()
      ->check(CLI::ExistingFile);
  subcommand
      ->add_option("--max-slowdown", o.max_slowdown_pct,
                   "Percent fall in puzzles/s that fails, when it is also "
                   "beyond the run-to-run spread of both reports")
      ->check(CLI::Range(0.0, 100.0))
      ->capture_default_str();
  subcommand
      ->add_option("--min-repeats", o.min_repeats,
                   "Timing is gated only when both rows ran at least this "
                   "many --repeat rounds (one round has no noise estimate); "
                   "otherwise it is printed only")
      ->check(CLI::Range(2, 1000))
      ->capture_default_str();
  subcommand->add_flag("--no-timing-gate", o.no_timing_gate,
                        "Print timing only; gate on node counts and "
                        "outcomes alone");
  subcommand->add_option("--json", o.json,
                          "Write the verdict and every delta as JSON");
  subcommand->add_option(
      "--html", o.html,
      "Write the comparison as a self-contained HTML page: verdicts, "
      "throughput ratios with their noise bands, changed counts "
      "highlighted, baseline and current time and node distributions "
      "(drawn through the CSV's percentiles)");
  subcommand->add_option(
      "--bigger-is-better", o.bigger_is_better,
      "Write CURRENT's puzzles/s in github-action-benchmark's "
      "customBiggerIsBetter JSON");
  subcommand->add_option(
      "--smaller-is-better", o.smaller_is_better,
      "Write CURRENT's node totals and p50/p99 times in "
      "github-action-benchmark's customSmallerIsBetter JSON");
  return subcommand;
}

}  // namespace sudoku
