// The options of `bench merge`: their values and their one CLI11 definition.
#include "bench/cli/merge_options.h"

namespace sudoku {

CLI::App* SetupMerge(CLI::App& app, MergeCommandOptions& o) {
  CLI::App* subcommand = app.add_subcommand(
      "merge",
      "Merge the stats files of `bench --shard K/N` parts 1..N into the "
      "report one process would have written (every column but the timings "
      "equal). Exit codes: 0 ok; 1 the parts found wrong or disagreeing "
      "answers; 2 a part is missing, repeated, of another split, build, "
      "settings or dataset, or unreadable.");
  subcommand->add_option("parts", o.parts, "The parts' stats files")
      ->required()
      ->check(CLI::ExistingFile);
  subcommand->add_option("--csv", o.csv,
                          "Write the merged report as CSV, as `bench --csv`");
  subcommand->add_option("--html", o.html,
                          "Write the merged report as HTML, as `bench --html`");
  subcommand->add_flag("-q,--quiet", o.quiet, "No console table");
  return subcommand;
}

}  // namespace sudoku
