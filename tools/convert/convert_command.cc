// The convert command: puzzles from one file format to another, solved where
// the target needs it.
#include "tools/convert/convert_command.h"

#include <optional>
#include <ostream>

#include "engine/cli/output_files.h"
#include "engine/common/exit_codes.h"
#include "engine/input/puzzle.h"
#include "engine/pipeline/pipeline.h"
#include "strategies/registry.h"
#include "tools/lib/puzzle_batches.h"

namespace sudoku {
namespace {

// Solves each record of `batch` for the target format, in parallel: its
// count and solution, or in problems[i] why it has no place there.
void SolveBatch(const Strategy& solver, uint32_t limit, uint64_t budget,
                FileFormat to, std::vector<InputRecord>& batch,
                std::vector<std::optional<std::string>>& problems) {
  ParallelRanges(nullptr, batch.size(), 1, [&](size_t begin, size_t end) {
    for (size_t i = begin; i != end; ++i) {
      PuzzleRecord& record = batch[i].record;
      const SolveResult result = solver.Solve(record.puzzle, limit, budget);
      if (result.outcome == Outcome::kOverBudget) {
        problems[i] = "over the node budget of " + std::to_string(budget);
        continue;
      }
      record.expected_count = result.solutions;
      record.has_expected = result.outcome == Outcome::kSolved;
      if (record.has_expected) {
        record.expected = result.solution;
      } else if (to == FileFormat::kKaggle) {
        const auto conflict = FindConflict(record.puzzle);
        problems[i] =
            (conflict ? "invalid givens: " + DescribeConflict(*conflict) + "; "
             : result.outcome == Outcome::kMultiple
                 ? std::string("several solutions; ")
                 : std::string("no solution; ")) +
            "Kaggle rows need a unique one";
      }
    }
  });
}

}  // namespace

int RunConvert(const ConvertOptions& options, CommandStreams streams) {
  const FileFormat from = *ParseFileFormat(options.from);
  const FileFormat to = *ParseFileFormat(options.to);
  const Strategy* solver = FindStrategy(options.solver);
  const bool solve = to == FileFormat::kKaggle || to == FileFormat::kTest;
  if (solve && (solver == nullptr || !solver->Has(kCountsSolutions))) {
    streams.err << "convert: no counting strategy '" << options.solver << "'\n";
    return kExitUsage;
  }
  std::vector<NamedPath> inputs;
  for (const std::string& path : options.inputs) {
    inputs.push_back({"the input", path});
  }
  OutputFiles outputs("convert", streams.out, streams.err);
  if (!outputs.Open(inputs, {{"--output", options.output}})) {
    return kExitUsage;
  }
  const StageThreads threads(options.threads);
  const uint32_t limit = to == FileFormat::kKaggle ? 2 : options.limit;
  PuzzleWriter writer(outputs[0], to);
  bool bad = false;
  std::vector<std::optional<std::string>> problems;
  int exit_code = ReadInBatches(
      options.inputs, from, streams.in, streams.err,
      [&](std::vector<InputRecord>& batch, uint64_t) {
        if (!outputs.Good()) return;  // said once, at the end
        problems.assign(batch.size(), std::nullopt);
        if (solve) {
          SolveBatch(*solver, limit, options.budget, to, batch, problems);
        }
        for (size_t i = 0; i < batch.size(); ++i) {
          std::optional<std::string> problem = problems[i];
          if (!problem) problem = writer.Write(batch[i].record);
          if (problem) {
            ReportBadLine(streams.err, *batch[i].file, batch[i].record.line,
                          *problem);
            bad = true;
          }
        }
      });
  if (!outputs.Close()) return kExitUsage;
  if (bad && exit_code == kExitOk) exit_code = kExitFailure;
  return exit_code;
}

int ConvertMain(const std::vector<std::string>& args, CommandStreams streams) {
  CLI::App app;
  app.name("convert");
  ConvertOptions options;
  SetupConvert(app, options);
  AddToolDocs(
      app, "convert Sudoku puzzles between file formats",
      ToolExitCodes(
          "some input lines were bad or have no place in the target\nformat "
          "(each is reported as file:line: reason; the rest is\nwritten)"),
      streams.out);
  return ParseAndRun(app, args, streams,
                     [&] { return RunConvert(options, streams); });
}

}  // namespace sudoku
