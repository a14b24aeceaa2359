// The options of `bench merge`: their values and their one CLI11 definition.
#include "bench/cli/merge_options.h"

#include "engine/cli/help_text.h"
#include "engine/cli/shared_options.h"

namespace sudoku {

const ExitCodes& MergeExitCodes() {
  static const ExitCodes codes = StandardExitCodes(
      "all good",
      "the parts found wrong or disagreeing answers, or puzzles an --exec\n"
      "process left unanswered",
      "a part is missing, repeated, of another split, build, settings or\n"
      "dataset, or unreadable; or an output cannot be written",
      "The merged report equals one process's in every column but the "
      "timings\n(docs/scale-out.md).");
  return codes;
}

CLI::App* SetupMerge(CLI::App& app, MergeCommandOptions& o) {
  CLI::App* subcommand = app.add_subcommand(
      "merge", "Merge a sharded run's stats files into one report");
  subcommand->footer(ExitCodesFooter(MergeExitCodes()));
  ValueName(subcommand->add_option("parts", o.parts, "The parts' stats files")
                ->required()
                ->check(CLI::ExistingFile),
            "PART ...");
  ValueName(
      subcommand->add_option("--csv", o.csv, "Write the merged report as CSV")
          ->check(OutputPathValidator()),
      "FILE");
  ValueName(
      subcommand
          ->add_option("--html", o.html, "Write the merged report as HTML")
          ->check(OutputPathValidator()),
      "FILE");
  subcommand->add_flag("-q,--quiet", o.quiet, "No console table");
  return subcommand;
}

}  // namespace sudoku
