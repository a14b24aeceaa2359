// shuffle's options: their values and their one CLI11 definition.
#include "tools/shuffle/shuffle_options.h"

#include "engine/cli/shared_options.h"

namespace sudoku {

void SetupShuffle(CLI::App& app, ShuffleOptions& options) {
  app.description(
      "Applies a random Sudoku symmetry (digit relabelling, row and column "
      "swaps within bands and stacks, band and stack swaps, transposition) "
      "to each puzzle; puzzle i's symmetry depends only on (seed, i).");
  AddInputFiles(app, options.inputs, "Puzzle files, - for standard input");
  AddSeedOption(app, options.seed,
                "Seed: puzzle i's symmetry depends only on (seed, i)",
                /*short_alias=*/true);
  CLI::Option* canonical = app.add_flag(
      "--canonical", options.canonical,
      "Write each puzzle's canonical form instead (the smallest string over "
      "all symmetries, blanks first): equal exactly for shuffles of one "
      "puzzle; not with --inverse");
  app.add_flag("--inverse", options.inverse,
               "Undo the shuffle made with the same --seed on the same input "
               "order; not with --canonical")
      ->excludes(canonical);
  AddThreadsOption(app, options.threads);
  AddOutputOption(app, options.output);
}

}  // namespace sudoku
