// bench --checkpoint and --resume: the checkpoint kept as the run goes, and
// the checks before a run resumes one.
#include "bench/run/checkpoint_run.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "engine/distributed/shard_stats.h"
#include "engine/input/input.h"
#include "engine/pipeline/interrupt.h"

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
  // Interrupted, the pass goes on from here when resumed; stopped by an
  // error, it is done (partial), and the run went on to the next dataset.
  if (result.interrupted_by != 0) {
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

bool ResolveCheckpoint(RunCommandOptions& o, bool every_given,
                       const std::function<SettingList()>& settings,
                       std::optional<Checkpoint>& resumed) {
  if (!o.resume.empty() && o.checkpoint.empty()) o.checkpoint = o.resume;
  if (o.checkpoint.empty()) {
    if (!every_given) return true;
    std::cerr << "bench: --checkpoint-every needs --checkpoint FILE\n";
    return false;
  }
  std::string refusal;
  if (o.repeat > 1 || !o.ab.empty() || !o.shard.empty()) {
    refusal = "does not combine with --repeat, --ab or --shard";
  } else if (std::find(o.datasets.begin(), o.datasets.end(), "-") !=
             o.datasets.end()) {
    refusal = "needs files to read again: standard input cannot be resumed";
  } else if (Outputs::UsesStdout(o)) {
    refusal = "needs files to cut back on resume: no output can be '-'";
  }
  if (!refusal.empty()) {
    std::cerr << "bench: --checkpoint " << refusal << '\n';
    return false;
  }
  if (o.resume.empty()) return true;
  try {
    resumed = ReadCheckpointFile(o.resume);
    const std::string why = ResumeRefusal(
        *resumed, settings(), DatasetIdentities(o.datasets), CurrentManifest());
    if (!why.empty()) throw CheckpointError(why);
  } catch (const std::runtime_error& error) {
    std::cerr << "bench: --resume " << o.resume << ": refused: " << error.what()
              << '\n';
    return false;
  }
  return true;
}

std::vector<std::string> RecordedArgs(std::vector<std::string> args) {
  // A resumed run records the command line it continues, not --resume.
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--resume" && i + 1 < args.size()) {
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i),
                 args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
      --i;
    } else if (args[i].starts_with("--resume=")) {
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i));
      --i;
    }
  }
  return args;
}

DatasetPass Resumption::Replay(size_t index) const {
  DatasetPass pass;
  pass.result = from->stats.datasets[index];
  pass.rows = ShardRows(from->stats, index);
  return pass;
}

namespace {

class Forward : public RunObserver {
 public:
  explicit Forward(CheckpointKeeper& keeper) : keeper_(keeper) {}
  void OnAccounted(const DatasetResult& so_far, PassPoint point) override {
    keeper_.OnAccounted(so_far, point);
  }
  bool WantsRecords() const override { return false; }

 private:
  CheckpointKeeper& keeper_;
};

}  // namespace

std::unique_ptr<RunObserver> ForwardAccounted(CheckpointKeeper& keeper) {
  return std::make_unique<Forward>(keeper);
}

void FinishCheckpoint(const CheckpointKeeper& keeper, ExitCode& exit_code) {
  try {
    keeper.ThrowIfFailed();
  } catch (const CheckpointError& error) {
    std::cerr << "bench: --checkpoint " << keeper.path() << ": " << error.what()
              << '\n';
    exit_code.Raise(kExitUsage);
    return;
  }
  if (InterruptSignal() != 0) {
    if (!keeper.written()) return;
    std::cerr << "bench: checkpoint written to " << keeper.path()
              << "; continue with: bench --resume " << keeper.path() << '\n';
    return;
  }
  std::remove(keeper.path().c_str());
}

std::unique_ptr<CheckpointKeeper> MakeKeeper(
    const RunCommandOptions& o, const RunOptions& run,
    const std::vector<std::string>& args, SettingList settings,
    const std::optional<Checkpoint>& resumed, Outputs& outputs,
    ExitCode& exit_code) {
  Checkpoint base;
  base.args = args;
  base.settings = std::move(settings);
  base.stats.settings = SettingsOf(run);
  base.stats.manifest = CurrentManifest();
  if (resumed) {
    base.datasets = resumed->datasets;
    base.stats.manifest = resumed->stats.manifest;
    base.stats.datasets = resumed->stats.datasets;
    if (resumed->in_progress) base.stats.datasets.pop_back();
  } else {
    try {
      base.datasets = DatasetIdentities(o.datasets);
    } catch (const InputError& error) {
      std::cerr << "bench: " << error.what() << '\n';
      return nullptr;
    }
  }
  const std::vector<std::string> kept = {o.per_puzzle, o.solutions};
  auto keeper = std::make_unique<CheckpointKeeper>(
      o.checkpoint, o.checkpoint_every, std::move(base),
      [&outputs, &exit_code] { return outputs.Flush(exit_code); },
      [&outputs, kept] { return outputs.Lengths(kept); });
  if (resumed && resumed->in_progress) {
    keeper->ResumeFrom(*resumed->in_progress);
  }
  return keeper;
}

}  // namespace sudoku
