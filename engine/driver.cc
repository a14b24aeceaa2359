// RunDataset: wires the pipeline's stages (engine/pipeline*.cc) into one run
// over one dataset and fills its result.
#include "engine/driver.h"

#include <sys/resource.h>

#include <chrono>

#include "engine/pipeline.h"

namespace sudoku {
namespace {

double ProcessCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& tv) {
    return static_cast<double>(tv.tv_sec) + tv.tv_usec * 1e-6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

}  // namespace

DatasetResult RunDataset(const std::string& path, const RunOptions& options,
                         RunObserver& observer) {
  Input input(path);
  input.SetMaxExpansion(options.max_expansion);
  DatasetResult result;
  result.path = path;
  result.input = input.facts();

  BatchPool pool(options.batch_size);
  BatchReader reader(input, options, pool);
  BatchSolver solver(path, options);
  const auto start = Accountant::Clock::now();
  const double cpu_start = ProcessCpuSeconds();
  Accountant accountant(path, options.strategies.size(), observer, result,
                        start);
  RunStages(pool, reader, solver, accountant, options.threads);

  result.wall_s =
      std::chrono::duration<double>(Accountant::Clock::now() - start).count();
  result.cpu_s = ProcessCpuSeconds() - cpu_start;
  result.lines_read = reader.lines_read();
  result.read_error = reader.read_error();
  result.stopped_strict = reader.stopped_strict();
  result.stopped_at_line_cap = reader.stopped_at_line_cap();
  result.first_line = reader.first_line();
  result.last_line = reader.last_line();
  result.raw_bytes = input.raw_bytes_read();
  result.sha256 = input.Sha256Hex();
  result.format = reader.format();
  result.stats = solver.MergedStats();
  result.disagreements = solver.Disagreements();
  for (const auto& s : result.stats) {
    result.wrong_answers += s.count(Verdict::kWrong);
  }
  return result;
}

}  // namespace sudoku
