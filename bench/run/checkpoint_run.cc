// bench --checkpoint and --resume: the checkpoint kept as the run goes, and
// the run resumed from one (the checks before resuming are
// checkpoint_check.cc's, the plan's).
#include "bench/run/checkpoint_run.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "engine/distributed/shard_stats.h"
#include "engine/pipeline/interrupt.h"

namespace sudoku {

CheckpointKeeper::CheckpointKeeper(std::unique_ptr<AtomicOutput> file,
                                   double every_s, Checkpoint base, Flush flush,
                                   Lengths lengths, Temporaries temporaries)
    : file_(std::move(file)),
      every_(every_s),
      checkpoint_(std::move(base)),
      flush_(std::move(flush)),
      lengths_(std::move(lengths)),
      temporaries_(std::move(temporaries)),
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
  c.temporaries = temporaries_();
  if (in_progress != nullptr) {
    c.stats.datasets.push_back(*in_progress);
    c.in_progress = point;
  }
  if (file_->Replace(CheckpointJson(c), error_)) written_ = true;
}

std::vector<std::string> CheckpointedFiles(const RunPlan& plan) {
  std::vector<std::string> files;
  for (const OutputWriter writer :
       {OutputWriter::kPerPuzzle, OutputWriter::kSolutions}) {
    const OutputFile* file = FindOutput(plan.outputs, writer);
    if (file != nullptr) files.push_back(file->path);
  }
  return files;
}

namespace {

// A run resumed from a checkpoint: passes the checkpoint holds whole are
// reported from it, the one in progress goes on where it stopped.
struct Resumption {
  const Checkpoint* from = nullptr;

  // Passes the checkpoint holds whole.
  size_t done() const {
    if (from == nullptr) return 0;
    return from->stats.datasets.size() - (from->in_progress ? 1 : 0);
  }
  bool Done(size_t index) const { return index < done(); }
  std::optional<PassResume> PassOf(size_t index) const {
    if (from == nullptr || !from->in_progress || index != done()) return {};
    PassResume resume{from->stats.datasets[index], *from->in_progress};
    resume.so_far.lines_read = resume.point.lines;
    return resume;
  }
  DatasetPass Replay(size_t index) const {
    DatasetPass pass;
    pass.result = from->stats.datasets[index];
    pass.rows = ShardRows(from->stats, index);
    pass.replayed_by = from->stats.manifest;
    return pass;
  }
};

// Hands the accountant's checkpoint events to the keeper, which the runner
// owns (it outlives the observers' list).
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

// The keeper of --checkpoint: what never changes in the run (command line,
// settings, datasets, build), and the passes a resumed checkpoint already
// holds whole.
std::unique_ptr<CheckpointKeeper> MakeKeeper(const RunPlan& plan,
                                             Outputs& outputs,
                                             ExitCode& exit_code) {
  const CheckpointPlan& c = plan.checkpoint;
  Checkpoint base;
  base.args = c.args;
  base.settings = c.settings;
  base.stats.settings = SettingsOf(plan.run);
  base.stats.manifest = CurrentManifest();
  base.datasets = c.datasets;
  if (c.resumed) {
    base.stats.manifest = c.resumed->stats.manifest;
    base.stats.datasets = c.resumed->stats.datasets;
    if (c.resumed->in_progress) base.stats.datasets.pop_back();
  }
  // The files a resumed run cuts back to the lengths recorded.
  const std::vector<std::string> kept = CheckpointedFiles(plan);
  auto keeper = std::make_unique<CheckpointKeeper>(
      outputs.TakeCheckpointFile(), c.every_s, std::move(base),
      [&outputs, &exit_code] { return outputs.Flush(exit_code); },
      [&outputs, kept] { return outputs.Lengths(kept); },
      [&outputs, kept] { return outputs.Temporaries(kept); });
  if (c.resumed && c.resumed->in_progress) {
    keeper->ResumeFrom(*c.resumed->in_progress);
  }
  return keeper;
}

class CheckpointRunner : public PassRunner {
 public:
  CheckpointRunner(const RunPlan& plan,
                   std::unique_ptr<CheckpointKeeper> keeper)
      : run_(plan.run), keeper_(std::move(keeper)) {
    if (plan.checkpoint.resumed) resumption_.from = &*plan.checkpoint.resumed;
  }

  DatasetPass Run(size_t index, const std::string& path,
                  Observers& observers) override {
    if (resumption_.Done(index)) return resumption_.Replay(index);
    const std::optional<PassResume> resume = resumption_.PassOf(index);
    return RunOnce(path, run_, observers, resume ? &*resume : nullptr);
  }

  void AfterReport(const std::string&, const DatasetPass& pass, std::ostream&,
                   ExitCode&) override {
    // Replayed passes are in the checkpoint already.
    if (!pass.replayed_by) keeper_->PassDone(pass.result);
  }

  // A failed checkpoint write is bad output; a run that ended whole needs
  // its checkpoint no more (an interrupted one keeps it to be resumed).
  void Finish(ExitCode& exit_code) override {
    try {
      keeper_->ThrowIfFailed();
    } catch (const CheckpointError& error) {
      std::cerr << "bench: --checkpoint " << keeper_->path() << ": "
                << error.what() << '\n';
      exit_code.Raise(kExitUsage);
      return;
    }
    if (InterruptSignal() != 0) {
      if (!keeper_->written()) return;
      std::cerr << "bench: checkpoint written to " << keeper_->path()
                << "; continue with: bench --resume " << keeper_->path()
                << '\n';
      return;
    }
    keeper_->Remove();
  }

 private:
  const RunOptions& run_;
  std::unique_ptr<CheckpointKeeper> keeper_;
  Resumption resumption_;
};

}  // namespace

std::unique_ptr<PassRunner> MakeCheckpointRunner(const RunPlan& plan,
                                                 Observers& observers,
                                                 Outputs& outputs,
                                                 ExitCode& exit_code) {
  auto keeper = MakeKeeper(plan, outputs, exit_code);
  observers.Add(std::make_unique<Forward>(*keeper));
  return std::make_unique<CheckpointRunner>(plan, std::move(keeper));
}

}  // namespace sudoku
