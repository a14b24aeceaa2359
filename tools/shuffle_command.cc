// The shuffle command: random Sudoku symmetries per puzzle, their inverses, or
// a canonical form.
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <optional>
#include <ostream>

#include "engine/input/puzzle.h"
#include "tools/commands.h"
#include "tools/generator.h"
#include "tools/symmetry.h"

namespace sudoku {

void SetupShuffle(CLI::App& app, ShuffleOptions& options) {
  app.description(
      "Applies a random Sudoku symmetry (digit relabelling, row and column "
      "swaps within bands and stacks, band and stack swaps, transposition) "
      "to each puzzle; puzzle i's symmetry depends only on (seed, i).");
  app.add_option("files", options.inputs, "puzzle files, - for standard input")
      ->required()
      ->check(InputPathValidator());
  app.add_option("-s,--seed", options.seed, "seed")->capture_default_str();
  CLI::Option* canonical = app.add_flag(
      "--canonical", options.canonical,
      "write each puzzle's canonical form instead (the smallest string over "
      "all symmetries, blanks first): equal exactly for shuffles of one "
      "puzzle");
  app.add_flag("--inverse", options.inverse,
               "undo the shuffle made with the same --seed on the same input "
               "order")
      ->excludes(canonical);
  app.add_option("-t,--threads", options.threads,
                 "worker threads, 0 for every core")
      ->capture_default_str()
      ->check(CLI::Range(0, 4096));
  app.add_option("-o,--output", options.output,
                 "write to FILE instead of standard output");
}

int RunShuffle(const ShuffleOptions& options, CommandStreams streams) {
  OutputTarget output(options.output, streams.out);
  if (!output.ok()) {
    streams.err << "shuffle: " << output.error() << '\n';
    return kExitUsage;
  }
  std::optional<tbb::global_control> threads;
  if (options.threads > 0) {
    threads.emplace(tbb::global_control::max_allowed_parallelism,
                    options.threads);
  }
  std::vector<Grid> results;
  std::string text;
  const int exit_code = ReadInBatches(
      options.inputs, FileFormat::kLines, streams,
      [&](std::vector<InputRecord>& batch, uint64_t first_index) {
        results.resize(batch.size());
        tbb::parallel_for(
            tbb::blocked_range<size_t>(0, batch.size()),
            [&](const tbb::blocked_range<size_t>& range) {
              for (size_t i = range.begin(); i != range.end(); ++i) {
                const Grid& puzzle = batch[i].record.puzzle;
                if (options.canonical) {
                  results[i] = CanonicalForm(puzzle);
                  continue;
                }
                std::mt19937_64 rng = PuzzleRng(options.seed, first_index + i);
                Transform transform = RandomTransform(rng);
                if (options.inverse) transform = InverseTransform(transform);
                results[i] = ApplyTransform(transform, puzzle);
              }
            });
        text.clear();
        for (const Grid& grid : results) {
          text += FormatGrid(grid);
          text += '\n';
        }
        output.stream() << text;
      });
  output.stream().flush();
  return exit_code;
}

int ShuffleMain(const std::vector<std::string>& args, CommandStreams streams) {
  CLI::App app;
  app.name("shuffle");
  ShuffleOptions options;
  SetupShuffle(app, options);
  AddToolDocs(app,
              "rewrite Sudoku puzzles by random symmetries, or canonically",
              ToolExitCodes("some input lines were bad (each is reported as "
                            "file:line:\nreason; the rest is written)"),
              streams.out);
  return ParseAndRun(app, args, streams,
                     [&] { return RunShuffle(options, streams); });
}

}  // namespace sudoku
