// The run as a plan: the command line resolved once, after parsing, into
// what the run does (its mode, the engine's options, the strategies, its
// inputs and the table of its outputs); everything after reads it and never
// edits it.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "bench/cli/run_options.h"
#include "bench/run/loaded_strategies.h"
#include "bench/run/output_table.h"
#include "bench/run/rank_group.h"
#include "engine/distributed/checkpoint.h"
#include "engine/stats/run_options.h"

namespace sudoku {

// How the datasets are run: one pass runner each (bench/run/pass_runner.h).
enum class RunMode {
  kOnePass,     // each dataset once (a --shard part too)
  kRounds,      // --repeat N: N interleaved rounds per (dataset, strategy)
  kAb,          // --ab A,B: the pair interleaved per batch, and a verdict
  kCheckpoint,  // --checkpoint, --resume: one pass each, kept in a file
  kRanks,       // mpirun -np N: each rank its part, rank 0 merges
};

// --ab A,B: the pair is run.strategies.
struct AbPlan {
  std::optional<double> max_slowdown;  // --max-slowdown, percent
  bool batch_given = false;  // else each dataset's batch follows its size
  // Each dataset's batch without --batch, by the plan's index: from a plain
  // regular file's size (AbBatchSize), a fixed one for standard input,
  // pipes and compressed files, whose lines the size does not tell.
  std::vector<size_t> batches;
};

// --checkpoint FILE (or --resume FILE, which keeps FILE).
struct CheckpointPlan {
  std::string path;
  double every_s = 60;
  std::vector<std::string> args;  // the command line it records
  SettingList settings;           // what a resumed run must share
  std::vector<Checkpoint::Dataset> datasets;  // paths, sizes, SHA-256
  std::optional<Checkpoint> resumed;          // --resume: read once
};

// --instructions N: what the count's sample and its child need.
struct InstructionsPlan {
  size_t sample = 0;  // puzzles per dataset; 0: not counted
  std::string by = "auto";  // --instructions-by
  std::vector<std::string> plugins;     // --plugin, as given, for the child
  std::vector<std::string> exec_names;  // --exec strategies: not counted
};

struct RunPlan {
  RunMode mode = RunMode::kOnePass;
  bool list = false;  // --list: print the strategies, run nothing
  std::vector<std::string> datasets;  // as given: what messages say
  // Where each dataset is opened: its path made absolute before a plugin
  // loads ("-" stays "-"), so that a plugin's chdir() cannot lose it.
  std::vector<std::string> dataset_files;
  // What each dataset is reported under: its file name, made unique
  // (DatasetNames), so that the run's report keys each row once.
  std::vector<std::string> dataset_names;
  // Indexes of datasets that could not be opened: said at the start and
  // skipped (exit 2), so that one missing file costs no other's run.
  std::vector<size_t> unreadable;
  RunOptions run;  // the engine's options, the same for every dataset
  // The console's footnote on --exec's strategies under each dataset's
  // table (RoundTripNote); empty when none runs.
  std::string round_trip_note;
  // What run.strategies point into.
  std::shared_ptr<const LoadedStrategies> strategies;
  OutputTable outputs;
  bool per_puzzle_header = true;  // a later part leaves it to the first
  uint64_t max_messages = 20;
  bool show_progress = false;
  bool strict_expected = false;
  int repeat = 1;
  AbPlan ab;
  CheckpointPlan checkpoint;
  InstructionsPlan instructions;
  RankGroup* ranks = nullptr;  // under mpirun

  bool Unreadable(size_t index) const;
};

// Resolves the parsed command line `o` (parsed by `cli`; `args` as given,
// without the program name) into the plan; null, having said why on `err`,
// when the options do not hold together or an input or output is refused.
// `bench --resume FILE` alone resolves the command line FILE records. Under
// mpirun, `ranks` is this process's job: the checks on files are agreed by
// every rank, so that all run or none.
std::unique_ptr<const RunPlan> ResolvePlan(const RunCommandOptions& o,
                                           const RunCommandCli& cli,
                                           const std::vector<std::string>& args,
                                           RankGroup* ranks, std::ostream& err);

}  // namespace sudoku
