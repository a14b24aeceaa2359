// The resolve step's checks: the combinations of options that CLI11's
// excludes cannot say (they hang on a value, an output's path, a strategy
// or mpirun), and the files, before anything is opened for writing.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "bench/cli/run_options.h"
#include "bench/run/loaded_strategies.h"
#include "bench/run/output_table.h"
#include "bench/run/rank_group.h"

namespace sudoku {

// What the checks read.
struct PlanFacts {
  const RunCommandOptions& o;
  const OutputTable& outputs;
  const LoadedStrategies& strategies;
  bool max_slowdown_given = false;
  bool checkpoint_every_given = false;
  const RankGroup* ranks = nullptr;  // under mpirun
};

// --ab A,B's two names ("" for a missing one).
std::pair<std::string, std::string> AbNames(const std::string& ab);

// The first way the options do not hold together, as bench says it after
// "bench: "; empty when they do. One rule per feature, in a fixed order.
std::string CombinationProblem(const PlanFacts& facts);

// The files the run reads, as FindPathClash compares them: the datasets,
// the --plugin libraries, and a --resume checkpoint that the run does not
// go on keeping (--resume FILE keeps FILE: then it is an output only).
std::vector<NamedPath> InputPaths(const RunCommandOptions& o);

// Why an output would write over an input or another output ("--csv x.txt
// names the same file as the dataset x.txt: ..."); empty when none does.
std::string PathClashProblem(const RunCommandOptions& o,
                             const OutputTable& outputs);

// Why the dataset `path`, opened as `file` (bench/run/run_plan.h), cannot
// be opened, as its pass would say it ("cannot open PATH: ..."); empty when
// it can, and for standard input, pipes and devices, which are left to the
// pass (opening a FIFO would wait for its writer, and reading it would take
// its bytes).
// `compression`, when given, gets what the first bytes of a regular file
// opened say ("none": plain text); it is left alone otherwise.
std::string UnopenableDataset(const std::string& path, const std::string& file,
                              std::string* compression = nullptr);

}  // namespace sudoku
