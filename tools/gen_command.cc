// The gen command: reproducible random puzzles of a chosen kind and clue count,
// made in parallel.
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <charconv>
#include <chrono>
#include <optional>
#include <ostream>

#include "engine/input/puzzle.h"
#include "strategies/registry.h"
#include "tools/commands.h"
#include "tools/generator.h"

namespace sudoku {
namespace {

// Puzzles made between two writes: big enough to keep every core busy,
// small enough that memory stays flat for a million puzzles.
constexpr uint64_t kBlock = 16384;

std::optional<int> ParseInt(std::string_view text) {
  int value = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

// "A" or "A..B" with 0 <= A <= B <= 81.
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

CLI::Validator ClueRangeValidator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return ParseClueRange(text)
                   ? std::string()
                   : "expected A or A..B with 0 <= A <= B <= 81";
      },
      "A..B");
}

// The clue counts a kind can be built for: unique puzzles need 17 clues,
// and the edge cases are one clue away from a unique puzzle.
std::pair<int, int> ClueLimits(PuzzleKind kind) {
  switch (kind) {
    case PuzzleKind::kUnique:
    case PuzzleKind::kMinimal:
      return {17, kCells};
    case PuzzleKind::kMultiple:
      return {0, kCells - 1};
    case PuzzleKind::kNoSolution:
    case PuzzleKind::kInvalid:
      return {18, kCells};
  }
  return {0, kCells};
}

}  // namespace

void SetupGen(CLI::App& app, GenOptions& options) {
  app.description(
      "Makes random Sudoku puzzles, reproducible from --seed whatever the "
      "thread count, as 81-character lines ('.' for blanks).");
  app.add_option("-n,--count", options.count, "puzzles to make")
      ->capture_default_str();
  app.add_option("-s,--seed", options.seed,
                 "seed; puzzle i depends only on (seed, i)")
      ->capture_default_str();
  CLI::Option* clues =
      app.add_option("-c,--clues", options.clues,
                     "clue count, or a range A..B drawn from per puzzle "
                     "(default: remove clues until none can go)")
          ->check(ClueRangeValidator());
  CLI::Option* min_clues =
      app.add_option("--min-clues", options.min_clues, "lowest clue count")
          ->check(CLI::Range(0, kCells));
  CLI::Option* max_clues =
      app.add_option("--max-clues", options.max_clues, "highest clue count")
          ->check(CLI::Range(0, kCells));
  clues->excludes(min_clues);
  clues->excludes(max_clues);
  app.add_option("-k,--kind", options.kind,
                 "unique; minimal (no clue can go; --clues filters); multiple "
                 "(2+ solutions); nosolution (legal givens, no solution); "
                 "invalid (a repeated given)")
      ->capture_default_str()
      ->check(CLI::IsMember(
          {"unique", "minimal", "multiple", "nosolution", "invalid"}));
  if (const Strategy* solver = DefaultCountingSolver()) {
    options.solver = std::string(solver->name);
  }
  app.add_option("--solver", options.solver,
                 "counting strategy that proves uniqueness")
      ->capture_default_str()
      ->check(CountingSolverValidator());
  app.add_option("--budget", options.budget,
                 "node budget of one uniqueness check (a check that runs out "
                 "keeps its clue)")
      ->capture_default_str();
  app.add_option("--attempts", options.attempts,
                 "solved grids to try per puzzle before giving up on it")
      ->capture_default_str()
      ->check(CLI::Range(1, 1'000'000));
  app.add_option("-t,--threads", options.threads,
                 "worker threads, 0 for every core")
      ->capture_default_str()
      ->check(CLI::Range(0, 4096));
  app.add_option("-o,--output", options.output,
                 "write to FILE instead of standard output");
  app.add_flag("--stats", options.stats,
               "print the count, time and rate on standard error");
}

int RunGen(const GenOptions& options, CommandStreams streams) {
  GeneratorOptions generator;
  generator.kind = ParsePuzzleKind(options.kind).value_or(PuzzleKind::kUnique);
  generator.solver = FindStrategy(options.solver);
  generator.node_budget = options.budget;
  generator.max_attempts = options.attempts;
  if (generator.solver == nullptr || !generator.solver->Has(kCountsSolutions)) {
    streams.err << "gen: no counting strategy '" << options.solver << "'\n";
    return kExitUsage;
  }
  if (!options.clues.empty()) {
    const auto range = ParseClueRange(options.clues);
    generator.min_clues = range->first;
    generator.max_clues = range->second;
  } else {
    if (options.min_clues >= 0) generator.min_clues = options.min_clues;
    if (options.max_clues >= 0) generator.max_clues = options.max_clues;
  }
  const auto [lowest, highest] = ClueLimits(generator.kind);
  if (generator.min_clues || generator.max_clues) {
    if (!generator.min_clues) generator.min_clues = lowest;
    if (!generator.max_clues) generator.max_clues = highest;
    if (*generator.min_clues < lowest || *generator.max_clues > highest ||
        *generator.min_clues > *generator.max_clues) {
      streams.err << "gen: " << options.kind << " puzzles take " << lowest
                  << ".." << highest << " clues\n";
      return kExitUsage;
    }
  }

  OutputTarget output(options.output, streams.out);
  if (!output.ok()) {
    streams.err << "gen: " << output.error() << '\n';
    return kExitUsage;
  }
  std::optional<tbb::global_control> threads;
  if (options.threads > 0) {
    threads.emplace(tbb::global_control::max_allowed_parallelism,
                    options.threads);
  }

  const auto start = std::chrono::steady_clock::now();
  int exit_code = kExitOk;
  std::string text;
  for (uint64_t first = 0; first < options.count; first += kBlock) {
    const uint64_t n = std::min(kBlock, options.count - first);
    const std::vector<GenerateOutcome> outcomes =
        GenerateRange(generator, options.seed, first, n);
    text.clear();
    for (uint64_t i = 0; i < n; ++i) {
      if (outcomes[i].puzzle) {
        text += FormatGrid(outcomes[i].puzzle->puzzle);
        text += '\n';
      } else {
        streams.err << "gen: puzzle " << first + i << ": " << outcomes[i].error
                    << '\n';
        exit_code = kExitFailure;
      }
    }
    output.stream() << text;
  }
  output.stream().flush();
  if (options.stats) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    const int workers = options.threads > 0 ? options.threads
                                            : tbb::info::default_concurrency();
    streams.err << "gen: " << options.count << " " << options.kind
                << " puzzles in " << seconds << " s ("
                << static_cast<uint64_t>(options.count /
                                         std::max(seconds, 1e-9))
                << " puzzles/s), solver " << options.solver << ", " << workers
                << " threads\n";
  }
  return exit_code;
}

int GenMain(const std::vector<std::string>& args, CommandStreams streams) {
  CLI::App app;
  app.name("gen");
  GenOptions options;
  SetupGen(app, options);
  AddToolDocs(app, "make random Sudoku puzzles, reproducible from a seed",
              ToolExitCodes("some puzzles could not be made (each is named "
                            "on standard\nerror; the others are written)",
                            "bad usage or an output that cannot be written"),
              streams.out);
  return ParseAndRun(app, args, streams,
                     [&] { return RunGen(options, streams); });
}

}  // namespace sudoku
