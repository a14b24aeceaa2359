// RunDataset: wires the pipeline's stages (engine/pipeline*.cc) into one run
// over one dataset and fills its result.
#include "engine/pipeline/driver.h"

#include "engine/common/resource_failure.h"
#include "engine/pipeline/interrupt.h"
#include "engine/pipeline/pipeline.h"
#include "engine/pipeline/pipeline_accountant.h"
#include "engine/pipeline/pipeline_batch.h"
#include "engine/pipeline/pipeline_reader.h"
#include "engine/pipeline/pipeline_solver.h"

namespace sudoku {
namespace {

// Runs the stages over `input`, accounting into `result`. Every batch the
// accountant took is in `result` whole, even when this throws.
void RunStages(Input& input, const RunOptions& options, RunObserver& observer,
               const PassResume* resume, DatasetResult& result) {
  BatchPool pool(options.batch_size);
  BatchReader reader(input, options, pool, resume);
  BatchSolver solver(result.path, options);
  StageThreads threads(options.threads);
  const auto start = Accountant::Clock::now();
  Accountant accountant(result.path, options, observer, result, start,
                        Accountant::ProcessCpuSeconds());
  try {
    threads.Run(pool, reader, solver, accountant);
  } catch (...) {
    accountant.Time(result);
    throw;
  }
  accountant.Time(result);
  result.read_error = reader.read_error();
  result.stopped_strict = reader.stopped_strict();
  result.format = reader.format();
  result.first_row = reader.first_row();
  result.split_by_blocks = reader.split_by_blocks();
  if (accountant.stopped()) {
    // Puzzles read but left unsolved by a stop: the pass covers the
    // batches accounted before them (lines_read, last_line and raw_bytes
    // as the accountant left them), as if reading had stopped there. The
    // reader may have read to the end before the stop came.
    result.interrupted_by = InterruptSignal();
    return;
  }
  // Every line read, comments after the last batch included (a batch is
  // cut only when it has a puzzle line).
  result.lines_read = reader.lines_read();
  result.interrupted_by = reader.interrupted_by();
  result.stopped_at_line_cap = reader.stopped_at_line_cap();
  result.first_line = reader.first_line();
  result.last_line = reader.last_line();
  result.raw_bytes = input.raw_bytes_read();
}

}  // namespace

DatasetResult RunDataset(const std::string& path, const RunOptions& options,
                         RunObserver& observer, const PassResume* resume) {
  DatasetResult result;
  if (resume != nullptr) result = resume->so_far;
  result.path = path;
  std::unique_ptr<Input> input;
  try {
    const auto file = options.dataset_files.find(path);
    input = path == "-" && options.open_stdin
                ? std::make_unique<Input>(options.open_stdin(), path)
                : std::make_unique<Input>(
                      file != options.dataset_files.end() ? file->second : path,
                      path);
    input->SetMaxExpansion(options.max_expansion);
    result.input = input->facts();
    RunStages(*input, options, observer, resume, result);
  } catch (...) {
    // Memory or a thread that could not be had ends the pass, not the
    // process: what was accounted is reported, as partial. Anything else
    // (an input that cannot be opened, a bug) goes on up.
    const std::exception_ptr error = std::current_exception();
    const auto shortage = FindResourceShortage(error);
    if (!shortage) throw;
    const std::string last = std::to_string(result.lines_read);
    result.read_error =
        path + ": " + shortage->Text() + "; the pass stopped " +
        (result.lines_read == 0
             ? std::string("before any line was accounted")
             : "after line " + last + " (the reports cover lines 1.." + last +
                   ")");
    if (result.stats.size() != options.strategies.size()) {
      result.stats.assign(options.strategies.size(),
                          StrategyStats(options.slowest));
    }
  }
  if (input != nullptr) result.sha256 = input->Sha256Hex();
  return result;
}

}  // namespace sudoku
