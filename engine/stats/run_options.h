// The settings of one pass over a dataset: the strategies, their limits, the
// threads and batches, and what part of the input to read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/input/input.h"
#include "engine/input/shard.h"
#include "strategies/strategy.h"

namespace sudoku {

// How a pass counts the instructions of its solve calls (bench
// --instructions; engine/pipeline/instruction_count.h).
enum class InstructionCount {
  kOff,
  kCounter,    // the processor's counter, per thread
  kCallgrind,  // callgrind's collection, on only around the solve calls
};

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
  // Where each dataset is opened, by the path it was given: bench makes
  // every one absolute before a plugin loads, so that a plugin's chdir()
  // cannot lose a relative one. One not here is opened by its path; reports
  // and messages name the path as given.
  std::map<std::string, std::string> dataset_files;
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
  // bench --instructions: count the solve calls' instructions (a pass over a
  // sample, one strategy, in bench/run/instructions_run.cc).
  InstructionCount count_instructions = InstructionCount::kOff;
};

}  // namespace sudoku
