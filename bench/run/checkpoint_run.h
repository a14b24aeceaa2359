// bench --checkpoint and --resume: keeps the checkpoint file of a run as it
// goes, and replays what it holds (checkpoint_check.h, which it includes,
// checks a checkpoint against the run that would resume it).
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench/run/checkpoint_check.h"
#include "bench/run/dataset_pass.h"
#include "bench/run/exit_code.h"
#include "bench/run/observers.h"
#include "bench/run/outputs.h"
#include "bench/run/pass_runner.h"
#include "bench/run/run_plan.h"
#include "engine/common/atomic_output.h"
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
  using Temporaries = std::function<std::map<std::string, std::string>()>;

  // `base` holds what never changes during the run: args, settings,
  // datasets, the statistics' manifest and settings, and the passes
  // already done when resuming.
  // `file` is the checkpoint's writer, locked for the whole run; each
  // checkpoint replaces its target whole.
  CheckpointKeeper(std::unique_ptr<AtomicOutput> file, double every_s,
                   Checkpoint base, Flush flush, Lengths lengths,
                   Temporaries temporaries);

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
  const std::string& path() const { return file_->path(); }
  // A run that ended whole needs its checkpoint no more.
  void Remove() { file_->Discard(/*also_target=*/true); }
  // Whether a checkpoint has been written (a run stopped before its first
  // batch has none to resume).
  bool written() const { return written_; }

 private:
  void Write(const DatasetResult* in_progress, PassPoint point);

  std::unique_ptr<AtomicOutput> file_;
  const std::chrono::duration<double> every_;
  Checkpoint checkpoint_;
  Flush flush_;
  Lengths lengths_;
  Temporaries temporaries_;
  std::chrono::steady_clock::time_point last_written_;
  PassPoint last_point_;
  std::string error_;
  bool written_ = false;
};

// The per-puzzle and solutions files of `plan`: what a checkpoint records by
// length, and a resumed run continues.
std::vector<std::string> CheckpointedFiles(const RunPlan& plan);

// --checkpoint's runner: each dataset once, the checkpoint written as the
// run goes (its observer added to `observers`), over the files of `outputs`
// flushed first (a failed flush raises `exit_code`); under --resume, the
// passes the checkpoint holds whole replayed and the one it stopped in
// continued where it stopped. Finish removes the checkpoint of a run that
// ended whole, and keeps an interrupted one's.
std::unique_ptr<PassRunner> MakeCheckpointRunner(const RunPlan& plan,
                                                 Observers& observers,
                                                 Outputs& outputs,
                                                 ExitCode& exit_code);

}  // namespace sudoku
