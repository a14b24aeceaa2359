// convert's options: their values and their one CLI11 definition.
#include "tools/convert/convert_options.h"

#include "engine/cli/help_text.h"
#include "engine/cli/numeric_options.h"
#include "engine/cli/shared_options.h"
#include "strategies/strategy.h"
#include "tools/lib/generator.h"

namespace sudoku {

void SetupConvert(CLI::App& app, ConvertOptions& options) {
  app.description(
      "Converts puzzles between 81-character lines, .sdk grids, Kaggle CSV "
      "and the puzzle:count:solution test format. Bad input is reported as "
      "file:line: reason and skipped.");
  const std::vector<std::string> formats = {"lines", "sdk", "kaggle", "test"};
  AddInputFiles(app, options.inputs, "Puzzle files, - for standard input");
  ValueName(app.add_option("--from", options.from,
                           "Input format: lines, sdk, kaggle or test")
                ->capture_default_str()
                ->check(CLI::IsMember(formats)),
            "FORMAT");
  ValueName(app.add_option("--to", options.to,
                           "Output format: lines, sdk, kaggle or test")
                ->capture_default_str()
                ->check(CLI::IsMember(formats)),
            "FORMAT");
  if (const Strategy* solver = DefaultCountingSolver()) {
    options.solver = std::string(solver->name);
  }
  ValueName(app.add_option("--solver", options.solver,
                           "Counting strategy that solves for --to kaggle "
                           "and --to test")
                ->capture_default_str()
                ->check(CLI::IsMember(CountingStrategyNames())),
            "NAME");
  ValueName(app.add_option("--budget", options.budget, "Node budget per puzzle")
                ->capture_default_str()
                ->transform(WholeNumbers(1, kNoMax)),
            "N");
  ValueName(app.add_option("--limit", options.limit,
                           "Solutions to count for --to test, 2 to "
                           "1,000,000 (the count is exact below it and "
                           "means 'at least' at it)")
                ->capture_default_str()
                ->transform(WholeNumbers(2, 1'000'000)),
            "N");
  AddThreadsOption(app, options.threads);
  AddOutputOption(app, options.output);
}

}  // namespace sudoku
