// What one pass over one dataset produced, as plain data: each strategy's
// answer to a line, the pass's counts and statistics, and where it stands.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "engine/input/dataset.h"
#include "engine/input/input.h"
#include "engine/stats/stats.h"
#include "strategies/strategy.h"

namespace sudoku {

// One strategy's answer to one puzzle line, after verification.
struct PuzzleOutcome {
  Verdict verdict = Verdict::kMalformed;
  SolveResult result;
  uint64_t nanos = 0;
  // Of nanos, the time the thread spent off the CPU (a preemption, a stall,
  // a sleep), as far as engine/pipeline/off_cpu_watch.h tells it; 0 for a
  // strategy that solves in another process (Strategy::solves_elsewhere).
  uint64_t off_cpu_nanos = 0;
  uint32_t disagreements = 0;  // unresolved clashes with other strategies
  // A valid answer that is not the file's own: another solution than its
  // solution column, or another count than its `puzzle:count:solution` says.
  bool differs_from_file = false;
  // A loaded or process strategy's claim about the solution count (none,
  // one, several) that nothing could contradict: no built-in strategy that
  // settles counts answered the puzzle, and the file gives no reference.
  bool unchecked = false;
  // Several solutions (Verdict::kMultiple) where the file claims one: a
  // solution column, a `puzzle:count:solution` count of 1, or a wrong
  // reference answer, which claims one too.
  bool several_claimed_one = false;

  // The solve's time on the CPU: what bench --ab sums per batch.
  uint64_t cpu_nanos() const {
    return nanos - std::min(off_cpu_nanos, nanos);
  }
};

// How far a pass has read, once everything read is accounted: the lines
// read (comments and blanks included) and where the last one starts
// (Input::line_position: a byte offset, compressed bytes in a compressed
// file). Enough to resume the pass at the next line.
struct PassPoint {
  uint64_t lines = 0;
  uint64_t line_position = 0;
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
  // Non-empty when the pass ended early for a failure: reading failed (a
  // truncated or corrupt file, a read error, a file cut shorter while read,
  // a line with no end), or memory or a thread could not be had. It names
  // the file and the line where reading or accounting stopped.
  std::string read_error;
  bool stopped_strict = false;  // at the first bad line (RunOptions::strict)
  // The file line numbers of the first and last puzzle line read (0: none),
  // which tell what a shard covered.
  uint64_t first_line = 0, last_line = 0;
  // A part of a split run: whether its lines were taken by line blocks
  // rather than by byte ranges (engine/input/shard.h).
  bool split_by_blocks = false;
  // Non-zero when SIGINT or SIGTERM stopped the reading: the pass covers
  // lines 1..lines_read only, and its reports say they are partial.
  int interrupted_by = 0;
  // Every line asked for (the whole input, or its first RunOptions::max_lines)
  // was accounted: no signal, failure (read_error) or --strict stop ended
  // the pass early. A pass that is not says complete=false in its reports,
  // which compare, history and merge then refuse.
  bool complete() const {
    return interrupted_by == 0 && read_error.empty() && !stopped_strict;
  }
  // Why the pass is partial, as the console says it ("interrupted by
  // SIGINT", ...); "" when it is complete.
  std::string PartialReason() const {
    if (interrupted_by != 0) {
      // SIGINT, SIGTERM, SIGHUP, SIGQUIT (engine/pipeline/interrupt.h).
      const char* name = sigabbrev_np(interrupted_by);
      return name != nullptr
                 ? "interrupted by SIG" + std::string(name)
                 : "interrupted by signal " + std::to_string(interrupted_by);
    }
    if (!read_error.empty()) return "the pass ended early at the error above";
    if (stopped_strict) return "stopped at the first bad line (--strict)";
    return "";
  }
  // Reading stopped at RunOptions::max_lines with more input left.
  bool stopped_at_line_cap = false;
  // The first content line (DatasetParser::first_row), which LayoutHint
  // describes when no line is a puzzle. Not kept in stats files.
  std::string first_row;
};

// A pass to continue from a checkpoint: what it had accounted, and where.
struct PassResume {
  DatasetResult so_far;
  PassPoint point;
};

}  // namespace sudoku
