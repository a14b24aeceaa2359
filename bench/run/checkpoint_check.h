// What the resolve step needs of a checkpoint: the datasets as one records
// them, and why one cannot be resumed by this run.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/distributed/checkpoint.h"

namespace sudoku {

// The datasets as a checkpoint records them: path, size and the SHA-256 of
// the whole file, each read from its `files` entry (RunPlan::dataset_files)
// and recorded by its path as given. Throws InputError when one cannot be
// read.
std::vector<Checkpoint::Dataset> DatasetIdentities(
    const std::vector<std::string>& paths,
    const std::vector<std::string>& files);

// Why `checkpoint` cannot be resumed by this run (other datasets or
// contents, other settings, another build); empty when it can.
std::string ResumeRefusal(
    const Checkpoint& checkpoint,
    const std::vector<std::pair<std::string, std::string>>& settings,
    const std::vector<Checkpoint::Dataset>& datasets, const Manifest& build);

}  // namespace sudoku
