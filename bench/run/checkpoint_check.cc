// What the resolve step needs of a checkpoint: the datasets as one records
// them, and why one cannot be resumed by this run. Below the checkpoint's
// runner (checkpoint_run.cc), so that the plan need not include a runner.
#include "bench/run/checkpoint_check.h"

#include <filesystem>

#include "engine/input/input.h"

namespace sudoku {

std::vector<Checkpoint::Dataset> DatasetIdentities(
    const std::vector<std::string>& paths,
    const std::vector<std::string>& files) {
  std::vector<Checkpoint::Dataset> datasets;
  for (size_t i = 0; i < paths.size(); ++i) {
    const std::string& path = paths[i];
    std::error_code error;
    const auto size = std::filesystem::file_size(files[i], error);
    if (error) throw InputError("cannot read " + path + ": " + error.message());
    datasets.push_back({path, size, Input::FileSha256Hex(files[i], path)});
  }
  return datasets;
}

std::string ResumeRefusal(
    const Checkpoint& checkpoint,
    const std::vector<std::pair<std::string, std::string>>& settings,
    const std::vector<Checkpoint::Dataset>& datasets, const Manifest& build) {
  if (std::string why = BuildMismatch(checkpoint.stats.manifest, build);
      !why.empty()) {
    return why;
  }
  for (const auto& [name, value] : settings) {
    std::string recorded = "(not recorded)";
    for (const auto& [n, v] : checkpoint.settings) {
      if (n == name) recorded = v;
    }
    if (recorded != value) {
      return "made with other settings: " + name + " was '" + recorded +
             "', is '" + value + "'";
    }
  }
  if (datasets.size() != checkpoint.datasets.size()) {
    return "made over " + std::to_string(checkpoint.datasets.size()) +
           " datasets, this run has " + std::to_string(datasets.size());
  }
  for (size_t i = 0; i < datasets.size(); ++i) {
    const Checkpoint::Dataset &was = checkpoint.datasets[i], &is = datasets[i];
    if (was.path != is.path) {
      return "made over " + was.path + ", not " + is.path;
    }
    if (was.size != is.size || was.sha256 != is.sha256) {
      return is.path + " changed since the checkpoint (" +
             std::to_string(was.size) + " bytes, sha256 " +
             was.sha256.substr(0, 12) + "..., now " + std::to_string(is.size) +
             " bytes, sha256 " + is.sha256.substr(0, 12) + "...)";
    }
  }
  return "";
}

}  // namespace sudoku
