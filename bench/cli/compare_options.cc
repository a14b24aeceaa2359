// The options of `bench compare`: their values and their one CLI11
// definition.
#include "bench/cli/compare_options.h"

#include "engine/cli/help_text.h"
#include "engine/cli/numeric_options.h"
#include "engine/cli/shared_options.h"

namespace sudoku {

const ExitCodes& CompareExitCodes() {
  static const ExitCodes codes = StandardExitCodes(
      "pass: every baseline row present, searched alike, none slower",
      "a node or outcome count changed, a baseline row is missing, or\n"
      "throughput fell beyond --max-slowdown and the measured noise",
      "refused: the reports ran on other data, one is partial or cannot\n"
      "be read, or an output cannot be written",
      "BASELINE and CURRENT are CSV reports of bench; docs/ci.md explains "
      "the gate.");
  return codes;
}

CLI::App* SetupCompare(CLI::App& app, CompareCommandOptions& o) {
  CLI::App* subcommand = app.add_subcommand(
      "compare", "A regression verdict: a report against a baseline");
  subcommand->footer(ExitCodesFooter(CompareExitCodes()));
  ValueName(
      subcommand->add_option("baseline", o.baseline, "The baseline CSV report")
          ->required()
          ->check(CLI::ExistingFile),
      "FILE");
  ValueName(
      subcommand->add_option("current", o.current, "The current CSV report")
          ->required()
          ->check(CLI::ExistingFile),
      "FILE");
  AddMaxSlowdownOption(*subcommand, o.max_slowdown_pct,
                       "judged\nby the clock and by CPU time, beyond both "
                       "reports' spread",
                       true);
  ValueName(subcommand
                ->add_option("--min-repeats", o.min_repeats,
                             "Gate timing only for rows of at least N "
                             "rounds\nof --repeat (2 to 1000); otherwise "
                             "print it")
                ->transform(WholeNumbers(2, 1000))
                ->capture_default_str(),
            "N");
  ValueName(subcommand
                ->add_option("--max-instructions", o.max_instructions_pct,
                             "Percent rise in instructions per puzzle that "
                             "fails\nbetween builds (exact on one build)")
                ->transform(Numbers(0, 100))
                ->capture_default_str(),
            "P");
  subcommand->add_flag("--no-timing-gate", o.no_timing_gate,
                       "Print timing only; gate on counts alone");
  ValueName(subcommand
                ->add_option("--json", o.json,
                             "Write the verdict and every delta as JSON")
                ->check(OutputPathValidator()),
            "FILE");
  ValueName(
      subcommand
          ->add_option("--html", o.html,
                       "Write the comparison as a self-contained HTML page")
          ->check(OutputPathValidator()),
      "FILE");
  ValueName(subcommand
                ->add_option("--bigger-is-better", o.bigger_is_better,
                             "CURRENT's puzzles/s as "
                             "github-action-benchmark JSON")
                ->check(OutputPathValidator()),
            "FILE");
  ValueName(subcommand
                ->add_option("--smaller-is-better", o.smaller_is_better,
                             "CURRENT's node totals and p50/p99 times, "
                             "as\ngithub-action-benchmark JSON")
                ->check(OutputPathValidator()),
            "FILE");
  ValueName(subcommand
                ->add_option("--markdown", o.markdown,
                             "Append the verdict and the rows that moved "
                             "as\nMarkdown (a CI job summary); - for "
                             "standard output")
                ->check(OutputPathValidator()),
            "FILE");
  ValueName(subcommand
                ->add_option("--bencher", o.bencher,
                             "CURRENT's puzzles/s, mean time and node "
                             "totals\nas Bencher Metric Format JSON")
                ->check(OutputPathValidator()),
            "FILE");
  return subcommand;
}

}  // namespace sudoku
