// The gen command: reproducible random puzzles of a chosen kind and clue count,
// made in parallel.
#include "tools/gen/gen_command.h"

#include <chrono>
#include <optional>
#include <ostream>

#include "engine/cli/output_files.h"
#include "engine/common/exit_codes.h"
#include "engine/input/puzzle.h"
#include "engine/pipeline/pipeline.h"
#include "strategies/registry.h"
#include "tools/lib/generator.h"

namespace sudoku {
namespace {

// Puzzles made between two writes: big enough to keep every core busy,
// small enough that memory stays flat for a million puzzles.
constexpr uint64_t kBlock = 16384;

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

// The generator's settings from the options, or nullopt (having said why)
// when they cannot make the kind asked for.
std::optional<GeneratorOptions> Resolve(const GenOptions& options,
                                        std::ostream& err) {
  GeneratorOptions generator;
  generator.kind = ParsePuzzleKind(options.kind).value_or(PuzzleKind::kUnique);
  generator.solver = FindStrategy(options.solver);
  generator.node_budget = options.budget;
  generator.max_attempts = options.attempts;
  if (generator.solver == nullptr || !generator.solver->Has(kCountsSolutions)) {
    err << "gen: no counting strategy '" << options.solver << "'\n";
    return std::nullopt;
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
      err << "gen: " << options.kind << " puzzles take " << lowest << ".."
          << highest << " clues\n";
      return std::nullopt;
    }
  }
  return generator;
}

}  // namespace

int RunGen(const GenOptions& options, CommandStreams streams) {
  const std::optional<GeneratorOptions> generator =
      Resolve(options, streams.err);
  if (!generator) return kExitUsage;
  OutputFiles outputs("gen", streams.out, streams.err);
  if (!outputs.Open({}, {{"--output", options.output}})) return kExitUsage;
  const StageThreads threads(options.threads);

  const auto start = std::chrono::steady_clock::now();
  int exit_code = kExitOk;
  std::string text;
  for (uint64_t first = 0; first < options.count && outputs.Good();
       first += kBlock) {
    const uint64_t n = std::min(kBlock, options.count - first);
    const std::vector<GenerateOutcome> outcomes =
        GenerateRange(*generator, options.seed, first, n);
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
    outputs[0] << text;
  }
  if (!outputs.Close()) return kExitUsage;
  if (options.stats) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    streams.err << "gen: " << options.count << " " << options.kind
                << " puzzles in " << seconds << " s ("
                << static_cast<uint64_t>(options.count /
                                         std::max(seconds, 1e-9))
                << " puzzles/s), solver " << options.solver << ", "
                << options.threads << " threads\n";
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
