// bench --ab A,B: two strategies (two builds of one) interleaved per puzzle
// in one pass, and a verdict on B's throughput against A's.
#pragma once

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "bench/cli/run_options.h"
#include "bench/run/exit_code.h"
#include "bench/run/observers.h"
#include "bench/run/outputs.h"
#include "engine/pipeline/driver.h"
#include "strategies/strategy.h"

namespace sudoku {

// A built-in or loaded strategy by name; null when there is none.
using StrategyLookup = std::function<const Strategy*(std::string_view)>;

// --ab: the two strategies in `pair`, or none without --ab; false, having
// said why, when the option is misused (--max-slowdown without --ab too).
bool ResolveAb(const RunCommandOptions& o, bool max_slowdown_given,
               const StrategyLookup& find, std::vector<const Strategy*>& pair);

// The pipeline batch an --ab pass over `path` takes when --batch is not
// given: from a plain regular file's size (AbBatchSize), a fixed one for
// standard input, pipes and compressed files, whose lines the size does not
// tell.
size_t AbBatchFor(const std::string& path);

// Runs every dataset with the pair `run.strategies` interleaved, printing
// the verdict after each; --max-slowdown's `max_slowdown` (percent) gates
// it.
void RunAbPair(const RunCommandOptions& o, const RunOptions& run,
               std::optional<double> max_slowdown, Observers& observers,
               Outputs& outputs, ExitCode& exit_code);

}  // namespace sudoku
