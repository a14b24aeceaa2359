// The convert command: puzzles from one file format to another, solved where
// the target needs it.
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <optional>
#include <ostream>

#include "engine/input/puzzle.h"
#include "strategies/registry.h"
#include "tools/commands.h"
#include "tools/generator.h"

namespace sudoku {

void SetupConvert(CLI::App& app, ConvertOptions& options) {
  app.description(
      "Converts puzzles between 81-character lines, .sdk grids, Kaggle CSV "
      "and the puzzle:count:solution test format. Bad input is reported as "
      "file:line: reason and skipped.");
  const std::vector<std::string> formats = {"lines", "sdk", "kaggle", "test"};
  app.add_option("files", options.inputs, "puzzle files, - for standard input")
      ->required()
      ->check(InputPathValidator());
  app.add_option("--from", options.from, "input format")
      ->capture_default_str()
      ->check(CLI::IsMember(formats));
  app.add_option("--to", options.to, "output format")
      ->capture_default_str()
      ->check(CLI::IsMember(formats));
  if (const Strategy* solver = DefaultCountingSolver()) {
    options.solver = std::string(solver->name);
  }
  app.add_option("--solver", options.solver,
                 "counting strategy that solves for --to kaggle and --to test")
      ->capture_default_str()
      ->check(CountingSolverValidator());
  app.add_option("--budget", options.budget, "node budget per puzzle")
      ->capture_default_str();
  app.add_option("--limit", options.limit,
                 "solutions to count for --to test (the count is exact below "
                 "it and means 'at least' at it)")
      ->capture_default_str()
      ->check(CLI::Range(2u, 1'000'000u));
  app.add_option("-t,--threads", options.threads,
                 "worker threads, 0 for every core")
      ->capture_default_str()
      ->check(CLI::Range(0, 4096));
  app.add_option("-o,--output", options.output,
                 "write to FILE instead of standard output");
}

int RunConvert(const ConvertOptions& options, CommandStreams streams) {
  const FileFormat from = *ParseFileFormat(options.from);
  const FileFormat to = *ParseFileFormat(options.to);
  const Strategy* solver = FindStrategy(options.solver);
  const bool solve = to == FileFormat::kKaggle || to == FileFormat::kTest;
  if (solve && (solver == nullptr || !solver->Has(kCountsSolutions))) {
    streams.err << "convert: no counting strategy '" << options.solver << "'\n";
    return kExitUsage;
  }
  OutputTarget output(options.output, streams.out);
  if (!output.ok()) {
    streams.err << "convert: " << output.error() << '\n';
    return kExitUsage;
  }
  std::optional<tbb::global_control> threads;
  if (options.threads > 0) {
    threads.emplace(tbb::global_control::max_allowed_parallelism,
                    options.threads);
  }
  const uint32_t limit = to == FileFormat::kKaggle ? 2 : options.limit;
  PuzzleWriter writer(output.stream(), to);
  bool bad = false;
  std::vector<std::optional<std::string>> problems;
  int exit_code = ReadInBatches(
      options.inputs, from, streams,
      [&](std::vector<InputRecord>& batch, uint64_t) {
        problems.assign(batch.size(), std::nullopt);
        if (solve) {
          tbb::parallel_for(
              tbb::blocked_range<size_t>(0, batch.size()),
              [&](const tbb::blocked_range<size_t>& range) {
                for (size_t i = range.begin(); i != range.end(); ++i) {
                  PuzzleRecord& record = batch[i].record;
                  const SolveResult result =
                      solver->solve(record.puzzle, limit, options.budget);
                  if (result.outcome == Outcome::kOverBudget) {
                    problems[i] = "over the node budget of " +
                                  std::to_string(options.budget);
                    continue;
                  }
                  record.expected_count = result.solutions;
                  record.has_expected = result.outcome == Outcome::kSolved;
                  if (record.has_expected) {
                    record.expected = result.solution;
                  } else if (to == FileFormat::kKaggle) {
                    const auto conflict = FindConflict(record.puzzle);
                    problems[i] =
                        (conflict ? "invalid givens: " +
                                        DescribeConflict(*conflict) + "; "
                         : result.outcome == Outcome::kMultiple
                             ? std::string("several solutions; ")
                             : std::string("no solution; ")) +
                        "Kaggle rows need a unique one";
                  }
                }
              });
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
  output.stream().flush();
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
