// The accountant stage: counts, tallies, messages and per-record output, in
// order.
#include "engine/pipeline/pipeline_accountant.h"

#include <sys/resource.h>

#include <algorithm>
#include <span>

#include "engine/pipeline/pipeline_solver.h"

namespace sudoku {

Accountant::Accountant(const std::string& path, const RunOptions& options,
                       RunObserver& observer, DatasetResult& result,
                       Clock::time_point start, double cpu_start)
    : path_(path),
      strategies_(options.strategies.size()),
      keep_slowest_(options.slowest > 0),
      observer_(observer),
      result_(result),
      start_(start),
      cpu_start_(cpu_start),
      wall_before_(result.wall_s),
      cpu_before_(result.cpu_s) {
  if (result_.stats.size() != strategies_) {
    result_.stats.assign(strategies_, StrategyStats(options.slowest));
  }
}

double Accountant::ProcessCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& tv) {
    return static_cast<double>(tv.tv_sec) + tv.tv_usec * 1e-6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

void Accountant::Time(DatasetResult& result) const {
  result.wall_s = wall_before_ +
                  std::chrono::duration<double>(Clock::now() - start_).count();
  result.cpu_s = cpu_before_ + ProcessCpuSeconds() - cpu_start_;
}

void Accountant::Account(const Batch& batch) {
  // The batch crossed the pipeline's stages, which order the solver's store
  // before this load.
  if (stopped_ || batch.stopped.load(std::memory_order_relaxed)) {
    stopped_ = true;
    return;
  }
  // What may fail for want of memory comes first and what tells the
  // observer last, so that a batch is in result_ whole or not at all when
  // one of them throws (engine/common/resource_failure.h).
  if (keep_slowest_) {
    for (StrategyStats& s : result_.stats) {
      s.slowest.Reserve(batch.lines.size());
    }
  }
  const size_t blocks = (batch.records.size() + StrategyStats::kCpuBlock - 1) /
                        StrategyStats::kCpuBlock;
  for (StrategyStats& s : result_.stats) {
    const size_t needed = s.cpu_blocks.size() + blocks;
    if (needed > s.cpu_blocks.capacity()) {
      s.cpu_blocks.reserve(std::max(needed, 2 * s.cpu_blocks.capacity()));
    }
  }
  const size_t to_tell =
      BatchSolver::Tally(batch, strategies_, keep_slowest_, result_.stats,
                         result_.disagreements);
  // With strategies, Tally has counted the lines with a reason to tell.
  const bool reasons = strategies_ == 0 || to_tell > 0;
  CountRecords(batch, reasons);
  result_.wrong_answers = 0;
  for (const StrategyStats& s : result_.stats) {
    result_.wrong_answers += s.count(Verdict::kWrong);
  }
  result_.lines_read = batch.lines_consumed;
  result_.raw_bytes = batch.raw_bytes;
  result_.format = batch.format;
  if (!batch.lines.empty()) {
    if (result_.first_line == 0) result_.first_line = batch.lines[0].number;
    result_.last_line = batch.lines.back().number;
  }
  TellRecords(batch, reasons);
  const double elapsed =
      std::chrono::duration<double>(Clock::now() - start_).count();
  observer_.OnProgress(result_.puzzle_lines, batch.raw_bytes,
                       result_.input.raw_size, elapsed);
  Time(result_);
  observer_.OnAccounted(result_, {batch.lines_consumed, batch.line_position});
}

void Accountant::CountRecords(const Batch& batch, bool reasons) {
  result_.puzzle_lines += batch.records.size();
  // The common case: no record is malformed or invalid, and the records are
  // not read (they left the caches since they were solved).
  if (!reasons) return;
  for (const PuzzleRecord& record : batch.records) {
    if (record.status == RecordStatus::kInvalid) ++result_.invalid;
    if (record.status == RecordStatus::kMalformed) ++result_.malformed;
  }
}

void Accountant::TellRecords(const Batch& batch, bool reasons) {
  const bool wants_records = observer_.WantsRecords();
  if (!wants_records && !reasons && batch.problems.empty()) return;
  size_t problem = 0;
  for (size_t r = 0; r < batch.records.size(); ++r) {
    const PuzzleRecord& record = batch.records[r];
    if (record.status != RecordStatus::kPuzzle) {
      // A wrong reference is the file's fault, told among the bad lines;
      // its puzzle was solved like any other.
      observer_.OnProblem(
          path_ + ":" + std::to_string(record.line) + ": " +
              (record.status == RecordStatus::kReferenceWrong
                   ? "REFERENCE WRONG: "
                   : "") +
              record.reason,
          false);
    }
    for (;
         problem < batch.problems.size() && batch.problems[problem].record == r;
         ++problem) {
      observer_.OnProblem(batch.problems[problem].message,
                          batch.problems[problem].error);
    }
    if (!wants_records) continue;
    observer_.OnRecord(
        path_, record,
        std::span<const PuzzleOutcome>(batch.outcomes.data() + r * strategies_,
                                       strategies_));
  }
}

}  // namespace sudoku
