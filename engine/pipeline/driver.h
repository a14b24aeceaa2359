// The streaming driver: read, solve in parallel with every selected strategy,
// verify, account in input order.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/input/dataset.h"
#include "engine/input/input.h"
#include "engine/input/shard.h"
#include "engine/stats/stats.h"
#include "strategies/strategy.h"

namespace sudoku {

struct RunOptions {
  // Empty: parse only (measures reading and parsing, solves nothing).
  std::vector<const Strategy*> strategies;
  uint32_t solution_limit = 1;
  uint64_t max_nodes = kUnlimitedNodes;
  int threads = 1;
  size_t batch_size = 2048;  // puzzle lines per pipeline token
  size_t slowest = 0;        // keep the K costliest puzzles per strategy
  bool strict = false;       // stop at the first malformed or invalid line
  // bench --ab: run the strategies in reverse order on odd batches, so
  // neither gains from always running first (warm caches) or second.
  bool alternate_order = false;
  // bench --shard K/N: read only part K of N of every dataset (the rest is
  // hashed, not parsed), with the file's own line numbers.
  Shard shard;
  // Under mpirun: standard input and compressed files are split by line
  // blocks (engine/input/shard.h) instead of refused or split by position.
  bool split_streams_by_blocks = false;
  // Under mpirun: the raw bytes "-" stands for (rank 0's standard input, sent
  // to every rank); unset, this process's own standard input.
  std::function<std::unique_ptr<ByteSource>()> open_stdin;
  // bench --lines N: read at most N lines of each dataset (0: all), so an
  // endless input (/dev/zero, a pipe) ends; the stop is reported.
  uint64_t max_lines = 0;
  // bench --max-expansion: Input::SetMaxExpansion for every dataset.
  uint64_t max_expansion = Input::kDefaultMaxExpansion;
  // bench --reference: the index in `strategies` of a trusted strategy that
  // counts solutions (solution_limit 2); where it settles a puzzle (one
  // solution, several, none), any other strategy's different outcome is
  // wrong. -1: none.
  int reference = -1;
};

// One strategy's answer to one puzzle line, after verification.
struct PuzzleOutcome {
  Verdict verdict = Verdict::kMalformed;
  SolveResult result;
  uint64_t nanos = 0;
  uint32_t disagreements = 0;  // unresolved clashes with other strategies
  // A valid answer that is not the file's own: another solution than its
  // solution column, or another count than its `puzzle:count:solution` says.
  bool differs_from_file = false;
  // A loaded or process strategy's claim about the solution count (none,
  // one, several) that nothing could contradict: no built-in strategy that
  // settles counts answered the puzzle, and the file gives no reference.
  bool unchecked = false;
};

struct DatasetResult;

// How far a pass has read, once everything read is accounted: the lines
// read (comments and blanks included) and where the last one starts
// (Input::line_position: a byte offset, compressed bytes in a compressed
// file). Enough to resume the pass at the next line.
struct PassPoint {
  uint64_t lines = 0;
  uint64_t line_position = 0;
};

// Sees every line's results in input order, from the driver's serial stage.
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  // `outcomes` has one entry per strategy, in RunOptions order.
  virtual void OnRecord(const std::string& /*path*/, const PuzzleRecord&,
                        std::span<const PuzzleOutcome> /*outcomes*/) {}
  // A problem worth a person's attention, already phrased "file:line: ...".
  // `error` marks wrong or disagreeing answers (exit 1); otherwise a bad
  // input line, which is counted and skipped.
  virtual void OnProblem(const std::string& /*message*/, bool /*error*/) {}
  virtual void OnProgress(uint64_t /*lines_done*/, uint64_t /*raw_bytes*/,
                          std::optional<uint64_t> /*raw_size*/,
                          double /*elapsed_s*/) {}
  // After each batch is accounted: the pass so far (counts and statistics
  // of exactly the lines accounted, wall and CPU time so far) and where it
  // stands. A checkpoint is written from here.
  virtual void OnAccounted(const DatasetResult& /*so_far*/, PassPoint) {}
  // False when OnRecord does nothing, so the accountant need not call it for
  // every line (asked once per batch).
  virtual bool WantsRecords() const { return true; }
};

// What one pass over one dataset produced.
struct DatasetResult {
  std::string path;
  InputFacts input;
  std::string sha256;
  uint64_t raw_bytes = 0;
  DatasetFormat format = DatasetFormat::kUnknown;
  uint64_t lines_read = 0;    // every line, comments and blanks included
  uint64_t puzzle_lines = 0;  // lines that are puzzles or meant to be
  uint64_t malformed = 0;
  uint64_t invalid = 0;
  double wall_s = 0;
  double cpu_s = 0;  // process CPU time during the pass, every thread
  std::vector<StrategyStats> stats;  // one per strategy, RunOptions order
  uint64_t wrong_answers = 0;        // verdicts kWrong, all strategies
  uint64_t disagreements = 0;
  std::string read_error;  // non-empty when reading stopped early
  bool stopped_strict = false;
  // The file line numbers of the first and last puzzle line read (0: none),
  // which tell what a shard covered.
  uint64_t first_line = 0, last_line = 0;
  // A part of a split run: whether its lines were taken by line blocks
  // rather than by byte ranges (engine/input/shard.h).
  bool split_by_blocks = false;
  // Non-zero when SIGINT or SIGTERM stopped the reading: the pass covers
  // lines 1..lines_read only, and its reports say they are partial.
  int interrupted_by = 0;
  bool complete() const { return interrupted_by == 0; }
  // Reading stopped at RunOptions::max_lines with more input left.
  bool stopped_at_line_cap = false;
};

// A pass to continue from a checkpoint: what it had accounted, and where.
struct PassResume {
  DatasetResult so_far;
  PassPoint point;
};

// Runs `options.strategies` over the dataset at `path` ("-": stdin). Throws
// InputError when the file cannot be opened; a failure later in the file
// ends the pass early with `read_error` set, keeping what was accounted.
// With `resume`, the lines up to resume->point are read again (hashed and
// classified, not solved) and the pass goes on from there, its counts and
// statistics continuing resume->so_far's; throws InputError when the file
// no longer has that line where the checkpoint saw it.
DatasetResult RunDataset(const std::string& path, const RunOptions& options,
                         RunObserver& observer,
                         const PassResume* resume = nullptr);

}  // namespace sudoku
