// `bench merge PART.stats.json...`: the report a single run would have
// written, from the stats files of its `bench --shard K/N` parts.
#pragma once

#include "bench/cli/merge_options.h"
#include "bench/cli/subcommand.h"

namespace sudoku {

class MergeCommand : public Subcommand<MergeCommandOptions, SetupMerge> {
 public:
  // Merges and reports; returns the process exit code.
  int Execute();
};

}  // namespace sudoku
