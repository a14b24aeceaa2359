// The streaming driver: read, solve in parallel with every selected strategy,
// verify, account in input order.
#pragma once

#include <string>

#include "engine/stats/run_observer.h"
#include "engine/stats/run_options.h"
#include "engine/stats/run_result.h"

namespace sudoku {

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
