// gen's options: their values and their one CLI11 definition.
#include "tools/gen/gen_options.h"

#include <charconv>

#include "engine/cli/help_text.h"
#include "engine/cli/numeric_options.h"
#include "engine/cli/shared_options.h"
#include "strategies/strategy.h"
#include "tools/lib/generator.h"

namespace sudoku {
namespace {

std::optional<int> ParseInt(std::string_view text) {
  int value = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

CLI::Validator ClueRangeValidator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return ParseClueRange(text)
                   ? std::string()
                   : "expected A or A..B with 0 <= A <= B <= 81";
      },
      "");
}

}  // namespace

std::optional<std::pair<int, int>> ParseClueRange(std::string_view text) {
  const size_t dots = text.find("..");
  const auto low = ParseInt(text.substr(0, dots));
  const auto high =
      dots == std::string_view::npos ? low : ParseInt(text.substr(dots + 2));
  if (!low || !high || *low < 0 || *high > kCells || *low > *high) {
    return std::nullopt;
  }
  return std::pair{*low, *high};
}

void SetupGen(CLI::App& app, GenOptions& options) {
  app.description(
      "Makes random Sudoku puzzles, reproducible from --seed whatever the "
      "thread count, as 81-character lines ('.' for blanks).");
  ValueName(
      app.add_option("-n,--count", options.count, "Puzzles to make, 0 to 10^12")
          ->capture_default_str()
          ->transform(WholeNumbers(0, 1'000'000'000'000)),
      "N");
  AddSeedOption(app, options.seed, "Seed: puzzle i depends only on (seed, i)",
                /*short_alias=*/true);
  CLI::Option* clues = ValueName(
      app.add_option("-c,--clues", options.clues,
                     "Clue count, or a range A..B drawn from per puzzle "
                     "(default: remove clues until none can go)")
          ->check(ClueRangeValidator()),
      "A..B");
  CLI::Option* min_clues =
      ValueName(app.add_option("--min-clues", options.min_clues,
                               "Lowest clue count, 0 to 81")
                    ->transform(WholeNumbers(0, kCells)),
                "N");
  CLI::Option* max_clues =
      ValueName(app.add_option("--max-clues", options.max_clues,
                               "Highest clue count, 0 to 81")
                    ->transform(WholeNumbers(0, kCells)),
                "N");
  clues->excludes(min_clues);
  clues->excludes(max_clues);
  ValueName(app.add_option("-k,--kind", options.kind,
                           "unique; minimal (no clue can go; --clues "
                           "filters); multiple (2+ solutions); nosolution "
                           "(legal givens, no solution); invalid (a repeated "
                           "given)")
                ->capture_default_str()
                ->check(CLI::IsMember({"unique", "minimal", "multiple",
                                       "nosolution", "invalid"})),
            "KIND");
  if (const Strategy* solver = DefaultCountingSolver()) {
    options.solver = std::string(solver->name);
  }
  ValueName(app.add_option("--solver", options.solver,
                           "Counting strategy that proves uniqueness")
                ->capture_default_str()
                ->check(CLI::IsMember(CountingStrategyNames())),
            "NAME");
  ValueName(app.add_option("--budget", options.budget,
                           "Node budget of one uniqueness check (a check "
                           "that runs out keeps its clue)")
                ->capture_default_str()
                ->transform(WholeNumbers(1, kNoMax)),
            "N");
  ValueName(app.add_option("--attempts", options.attempts,
                           "Solved grids to try per puzzle before giving up "
                           "on it, 1 to 1,000,000")
                ->capture_default_str()
                ->transform(WholeNumbers(1, 1'000'000)),
            "N");
  AddThreadsOption(app, options.threads);
  AddOutputOption(app, options.output);
  app.add_flag("--stats", options.stats,
               "Print the count, time and rate on standard error");
}

}  // namespace sudoku
