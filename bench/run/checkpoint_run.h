// bench --checkpoint and --resume: keeps the checkpoint file of a run as it
// goes, and checks a checkpoint against the run that would resume it.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench/cli/run_options.h"
#include "bench/run/dataset_pass.h"
#include "bench/run/exit_code.h"
#include "bench/run/outputs.h"
#include "engine/distributed/checkpoint.h"
#include "engine/pipeline/driver.h"

namespace sudoku {

// Writes the checkpoint every `every_s` seconds of accounting (0: after
// every batch), after each dataset, and when the run is interrupted.
class CheckpointKeeper : public RunObserver {
 public:
  // The output files' lengths, once `flush` has written them out (false
  // when one failed: no checkpoint is then written over it).
  using Flush = std::function<bool()>;
  using Lengths =
      std::function<std::vector<std::pair<std::string, uint64_t>>()>;

  // `base` holds what never changes during the run: args, settings,
  // datasets, the statistics' manifest and settings, and the passes
  // already done when resuming.
  CheckpointKeeper(std::string path, double every_s, Checkpoint base,
                   Flush flush, Lengths lengths);

  // Resuming inside a dataset: until its first batch is accounted, a stop
  // still stands at the checkpoint's point (else a second resume would read
  // the lines before it again, and count them twice).
  void ResumeFrom(PassPoint point) { last_point_ = point; }
  void OnAccounted(const DatasetResult& so_far, PassPoint point) override;
  // A dataset's pass ended: whole, or interrupted (then `point` of its last
  // batch is where it resumes).
  void PassDone(const DatasetResult& result);
  // Throws CheckpointError when a checkpoint could not be written.
  void ThrowIfFailed() const;
  const std::string& path() const { return path_; }
  // Whether a checkpoint has been written (a run stopped before its first
  // batch has none to resume).
  bool written() const { return written_; }

 private:
  void Write(const DatasetResult* in_progress, PassPoint point);

  const std::string path_;
  const std::chrono::duration<double> every_;
  Checkpoint checkpoint_;
  Flush flush_;
  Lengths lengths_;
  std::chrono::steady_clock::time_point last_written_;
  PassPoint last_point_;
  std::string error_;
  bool written_ = false;
};

// The datasets as a checkpoint records them: path, size and the SHA-256 of
// the whole file. Throws InputError when one cannot be read.
std::vector<Checkpoint::Dataset> DatasetIdentities(
    const std::vector<std::string>& paths);

// Why `checkpoint` cannot be resumed by this run (other datasets or
// contents, other settings, another build); empty when it can.
std::string ResumeRefusal(
    const Checkpoint& checkpoint,
    const std::vector<std::pair<std::string, std::string>>& settings,
    const std::vector<Checkpoint::Dataset>& datasets, const Manifest& build);

// --checkpoint and --resume: false, having said why, when they do not fit
// the run or the checkpoint is refused; sets `resumed` when resuming.
// --resume FILE alone also keeps FILE as the checkpoint. `every_given`:
// whether --checkpoint-every was given; `settings` are this run's.
bool ResolveCheckpoint(RunCommandOptions& o, bool every_given,
                       const std::function<SettingList()>& settings,
                       std::optional<Checkpoint>& resumed);

// The command line a checkpoint records: `args` without --resume FILE.
std::vector<std::string> RecordedArgs(std::vector<std::string> args);

// A run resumed from a checkpoint, and the checkpoint it keeps: passes the
// checkpoint holds whole are reported from it, the one in progress goes on
// where it stopped.
struct Resumption {
  const Checkpoint* from = nullptr;
  CheckpointKeeper* keeper = nullptr;

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
  DatasetPass Replay(size_t index) const;
};

// The keeper of --checkpoint: what never changes in the run (command line,
// settings, datasets, build), and the passes a resumed checkpoint already
// holds whole. Null, having said why, when a dataset cannot be read.
std::unique_ptr<CheckpointKeeper> MakeKeeper(
    const RunCommandOptions& o, const RunOptions& run,
    const std::vector<std::string>& args, SettingList settings,
    const std::optional<Checkpoint>& resumed, Outputs& outputs,
    ExitCode& exit_code);

// Hands the accountant's checkpoint events to `keeper`, which the run owns
// (it outlives the observers' list).
std::unique_ptr<RunObserver> ForwardAccounted(CheckpointKeeper& keeper);

// The run is over: a failed checkpoint write is bad output; a run that
// ended whole needs its checkpoint no more (an interrupted one keeps it to
// be resumed).
void FinishCheckpoint(const CheckpointKeeper& keeper, ExitCode& exit_code);

}  // namespace sudoku
