// The shuffle command: random Sudoku symmetries per puzzle, their inverses, or
// a canonical form.
#include "tools/shuffle/shuffle_command.h"

#include <ostream>

#include "engine/cli/output_files.h"
#include "engine/common/exit_codes.h"
#include "engine/input/puzzle.h"
#include "engine/pipeline/pipeline.h"
#include "tools/lib/canonical.h"
#include "tools/lib/generator.h"
#include "tools/lib/puzzle_batches.h"
#include "tools/lib/symmetry.h"

namespace sudoku {

int RunShuffle(const ShuffleOptions& options, CommandStreams streams) {
  std::vector<NamedPath> inputs;
  for (const std::string& path : options.inputs) {
    inputs.push_back({"the input", path});
  }
  OutputFiles outputs("shuffle", streams.out, streams.err);
  if (!outputs.Open(inputs, {{"--output", options.output}})) {
    return kExitUsage;
  }
  const StageThreads threads(options.threads);
  std::vector<Grid> results;
  std::string text;
  const int exit_code = ReadInBatches(
      options.inputs, FileFormat::kLines, streams.in, streams.err,
      [&](std::vector<InputRecord>& batch, uint64_t first_index) {
        if (!outputs.Good()) return;  // said once, at the end
        results.resize(batch.size());
        ParallelRanges(nullptr, batch.size(), 1, [&](size_t begin, size_t end) {
          for (size_t i = begin; i != end; ++i) {
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
        outputs[0] << text;
      });
  if (!outputs.Close()) return kExitUsage;
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
