// RunDataset: wires the pipeline's stages (engine/pipeline*.cc) into one run
// over one dataset and fills its result.
#include "engine/pipeline/driver.h"

#include "engine/pipeline/pipeline.h"
#include "engine/pipeline/pipeline_accountant.h"
#include "engine/pipeline/pipeline_batch.h"
#include "engine/pipeline/pipeline_reader.h"
#include "engine/pipeline/pipeline_solver.h"

namespace sudoku {

DatasetResult RunDataset(const std::string& path, const RunOptions& options,
                         RunObserver& observer, const PassResume* resume) {
  const auto opened = path == "-" && options.open_stdin
                          ? std::make_unique<Input>(options.open_stdin(), path)
                          : std::make_unique<Input>(path);
  Input& input = *opened;
  input.SetMaxExpansion(options.max_expansion);
  DatasetResult result;
  if (resume != nullptr) result = resume->so_far;
  result.path = path;
  result.input = input.facts();

  BatchPool pool(options.batch_size);
  BatchReader reader(input, options, pool, resume);
  BatchSolver solver(path, options);
  StageThreads threads(options.threads);
  const auto start = Accountant::Clock::now();
  Accountant accountant(path, options, observer, result, start,
                        Accountant::ProcessCpuSeconds());
  threads.Run(pool, reader, solver, accountant);

  accountant.Time(result);
  // Every line read, comments after the last batch included (a batch is
  // cut only when it has a puzzle line).
  result.lines_read = reader.lines_read();
  result.read_error = reader.read_error();
  result.stopped_strict = reader.stopped_strict();
  result.interrupted_by = reader.interrupted_by();
  result.stopped_at_line_cap = reader.stopped_at_line_cap();
  result.first_line = reader.first_line();
  result.last_line = reader.last_line();
  result.split_by_blocks = reader.split_by_blocks();
  result.raw_bytes = input.raw_bytes_read();
  result.sha256 = input.Sha256Hex();
  result.format = reader.format();
  return result;
}

}  // namespace sudoku
