// bench bisect's plan as plain data: the bench command lines it runs on each
// commit, the words of BENCH-ARGS it refuses, and what `git bisect` said.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bench/cli/bisect_options.h"

namespace sudoku {

// bench's options that bisect sets on every run itself (the strategy, its
// outputs, the batching) or that do not fit one run per commit, and `-`
// (standard input, which only the first run could read): the first word of
// `bench_args` naming one ("--csv", "--csv=x.csv", "-sdlx"), or empty when
// there is none.
std::string ClashingBenchArg(std::span<const std::string> bench_args);

// The strategy under test as --ab names it when its build is labelled
// `label` ("good" for GOOD's, a commit's hash for the others).
std::string LabelledStrategy(const std::string& label,
                             const std::string& strategy);

// The options that load `artifact` as the strategy: --plugin [LABEL=]PATH,
// or --exec NAME='PATH' (the path quoted for /bin/sh).
std::vector<std::string> LoadArtifact(const BisectCommandOptions& o,
                                      const std::string& label,
                                      const std::string& artifact);

// bench's arguments for one commit's exact run: its build alone, the report
// to `csv` and, when not empty, the per-puzzle file to `per_puzzle`.
std::vector<std::string> SearchRunArgs(const BisectCommandOptions& o,
                                       const std::string& artifact,
                                       const std::string& csv,
                                       const std::string& per_puzzle);

// bench's arguments for one commit's timed run: GOOD's build (A, "good")
// against the commit's (B, `label`) with --ab, the per-puzzle file (from
// which bisect reads the times) to `per_puzzle`.
std::vector<std::string> SpeedRunArgs(const BisectCommandOptions& o,
                                      const std::string& good_artifact,
                                      const std::string& artifact,
                                      const std::string& label,
                                      const std::string& per_puzzle);

// The command `git bisect run` runs on each commit: this bench, `bisect`,
// the options with GOOD and BAD as full hashes, and --step with the work
// folder.
std::vector<std::string> StepCommand(const BisectCommandOptions& o,
                                     const std::string& bench,
                                     const std::string& good_hash,
                                     const std::string& bad_hash,
                                     const std::string& work_dir);

// What `git bisect` printed when it stopped.
struct BisectEnd {
  std::string first_bad;                // the hash, when it named one
  std::vector<std::string> candidates;  // when only skipped commits were left
};
BisectEnd ParseBisectOutput(std::string_view text);

}  // namespace sudoku
