// bench --checkpoint and --resume: the checkpoint kept as the run goes, and
// the checks before a run resumes one.
#include "bench/run/checkpoint_run.h"

#include <filesystem>

#include "engine/input/input.h"

namespace sudoku {

CheckpointKeeper::CheckpointKeeper(std::string path, double every_s,
                                   Checkpoint base, Flush flush,
                                   Lengths lengths)
    : path_(std::move(path)),
      every_(every_s),
      checkpoint_(std::move(base)),
      flush_(std::move(flush)),
      lengths_(std::move(lengths)),
      last_written_(std::chrono::steady_clock::now()) {}

void CheckpointKeeper::OnAccounted(const DatasetResult& so_far,
                                   PassPoint point) {
  last_point_ = point;
  if (std::chrono::steady_clock::now() - last_written_ < every_) return;
  Write(&so_far, point);
}

void CheckpointKeeper::PassDone(const DatasetResult& result) {
  if (!result.complete()) {
    Write(&result, last_point_);
    return;
  }
  checkpoint_.stats.datasets.push_back(result);
  last_point_ = PassPoint{};
  Write(nullptr, {});
}

void CheckpointKeeper::ThrowIfFailed() const {
  if (!error_.empty()) throw CheckpointError(error_);
}

void CheckpointKeeper::Write(const DatasetResult* in_progress,
                             PassPoint point) {
  last_written_ = std::chrono::steady_clock::now();
  if (!error_.empty()) return;
  // The checkpoint must never promise more than the files hold.
  if (!flush_()) {
    error_ = "an output failed; no checkpoint written over it";
    return;
  }
  Checkpoint c = checkpoint_;
  c.outputs = lengths_();
  if (in_progress != nullptr) {
    c.stats.datasets.push_back(*in_progress);
    c.in_progress = point;
  }
  try {
    WriteFileAtomically(path_, CheckpointJson(c));
    written_ = true;
  } catch (const CheckpointError& error) {
    error_ = error.what();
  }
}

std::vector<Checkpoint::Dataset> DatasetIdentities(
    const std::vector<std::string>& paths) {
  std::vector<Checkpoint::Dataset> datasets;
  for (const std::string& path : paths) {
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    if (error) throw InputError("cannot read " + path + ": " + error.message());
    datasets.push_back({path, size, Input::FileSha256Hex(path)});
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
