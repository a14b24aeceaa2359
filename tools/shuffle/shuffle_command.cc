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
#include "tools/lib/row_rewrite.h"
#include "tools/lib/symmetry.h"

namespace sudoku {

namespace {

// Where the rows of a CSV or a JSON Lines file go: in their layout, header
// first, their other columns kept. Every input must share the first's
// layout, as one output holds one.
class RowLayout {
 public:
  // Why `record`'s file cannot join the output, or "" once its header (the
  // first time) is in `text`.
  std::string Join(const InputRecord& record, std::string& text) {
    const std::string& header = record.header ? *record.header : kNone;
    if (!first_) {
      first_ = record.file;
      format_ = record.format;
      header_ = header;
      if (!header.empty()) text += header + '\n';
      return "";
    }
    if (record.format == format_ && header == header_) return "";
    return *record.file + " is in another layout (" +
           std::string(FormatName(record.format)) + ") than " + *first_ +
           " (" + std::string(FormatName(format_)) +
           "), and the output keeps one layout: shuffle them apart";
  }

 private:
  inline static const std::string kNone;
  const std::string* first_ = nullptr;
  DatasetFormat format_;
  std::string header_;
};

}  // namespace

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
  std::vector<Grid> results, answers;
  std::string text, refused;
  RowLayout layout;
  const int exit_code = ReadInBatches(
      options.inputs, FileFormat::kLines, streams.in, streams.err,
      [&](std::vector<InputRecord>& batch, uint64_t first_index) {
        if (!outputs.Good() || !refused.empty()) return;  // said at the end
        results.resize(batch.size());
        answers.resize(batch.size());
        ParallelRanges(nullptr, batch.size(), 1, [&](size_t begin, size_t end) {
          for (size_t i = begin; i != end; ++i) {
            const PuzzleRecord& record = batch[i].record;
            Transform transform;
            if (options.canonical) {
              transform = Canonicalize(record.puzzle).transform;
            } else {
              std::mt19937_64 rng = PuzzleRng(options.seed, first_index + i);
              transform = RandomTransform(rng);
              if (options.inverse) transform = InverseTransform(transform);
            }
            results[i] = ApplyTransform(transform, record.puzzle);
            // The label goes with the question, by the same symmetry.
            if (record.has_expected) {
              answers[i] = ApplyTransform(transform, record.expected);
            }
          }
        });
        text.clear();
        for (size_t i = 0; i < batch.size(); ++i) {
          const InputRecord& input = batch[i];
          if (KeepsColumns(input.format) || input.header != nullptr) {
            refused = layout.Join(input, text);
            if (!refused.empty()) break;
          }
          if (KeepsColumns(input.format)) {
            text += RewriteRow(input.format, input.row, results[i],
                               input.record.has_expected ? &answers[i]
                                                         : nullptr);
          } else {
            text += FormatGrid(results[i]);
          }
          text += '\n';
        }
        outputs[0] << text;
      },
      /*keep_rows=*/true);
  if (!refused.empty()) {
    streams.err << "shuffle: " << refused << '\n';
    return kExitUsage;
  }
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
