// Everything a run writes: the console table, the CSV, HTML and stats
// reports, the per-puzzle and solutions files; each checked as it is flushed.
#pragma once

#include <cstdint>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bench/run/crash_csv.h"
#include "bench/run/exit_code.h"
#include "bench/run/observers.h"
#include "bench/run/output_table.h"
#include "bench/run/rank_parts.h"
#include "engine/common/atomic_output.h"
#include "engine/pipeline/driver.h"
#include "engine/report/report.h"

namespace sudoku {

// Writes one whole file through `write` to `path` with the one writer
// (engine/common/atomic_output.h; "-" is standard output); false, having
// said why as "PROGRAM: cannot write PATH: ...", when that fails, and then
// PATH is as it was. For the subcommands' single files (compare's JSON and
// pages, history's). `append` starts from PATH's bytes.
bool WriteOutputFile(const std::string& program, const std::string& path,
                     const std::function<void(std::ostream&)>& write,
                     bool append = false);

// Whether one of a subcommand's `outputs` names the file of one of its
// `inputs` or of another output (FindPathClash); if so, says which as
// "PROGRAM: --json x names the same file as ...". Checked before anything
// is written, so that a slip of the keyboard costs no input.
bool OutputsClash(const std::string& program, std::span<const NamedPath> inputs,
                  std::span<const NamedPath> outputs);

// Every output of a run's table: the console table, the CSV, HTML and stats
// reports, the per-puzzle and solutions files, the crash-time CSV. "-"
// names standard output; the console table then goes to standard error, so
// that it never mixes with the data. Each file is an AtomicOutput: Finish
// replaces every target at once, or none when one failed.
class Outputs {
 public:
  // Opens every row of `files` (bench/run/output_table.h) and makes its
  // writer: a reporter, or an observer of `observers`; the checkpoint's row
  // is its keeper's. `run` is what the reports describe; the per-puzzle
  // file opens with its header when `per_puzzle_header`; under mpirun,
  // `marks` watches the per-puzzle and solutions parts. False, having said
  // why, when a file cannot be opened.
  bool Open(std::span<const OutputFile> files, const RunOptions& run,
            Observers& observers, bool per_puzzle_header = true,
            PartMarks* marks = nullptr);

  // The --checkpoint file's writer, opened (and locked) with the others,
  // for its keeper; null when there is none.
  std::unique_ptr<AtomicOutput> TakeCheckpointFile() {
    return std::move(checkpoint_);
  }

  // Where the table and its notes go: standard output, unless an output
  // file is "-".
  std::ostream& console() { return *console_; }
  // Whether the console table is shown (no -q).
  bool has_console() const { return has_console_; }

  // The stats of this rank's part under mpirun, gathered by rank 0.
  void AddStats(std::ostream& out, const RunOptions& run);

  // A dataset's pass is about to start (the crash-time CSV's partial row),
  // reported under `name`.
  void StartPass(const std::string& path, const std::string& name) {
    if (crash_csv_ != nullptr) crash_csv_->StartPass(path, name);
  }
  void ReportPass(const Manifest& manifest, const DatasetResult& result,
                  const std::vector<ReportRow>& rows);

  // Flushes the files written so far; false, having said which one failed
  // and why (a full disk, a closed pipe), when one did. A checkpoint is
  // only written over files known to hold what it says.
  bool Flush(ExitCode& exit_code);

  // The byte lengths of the files named (after Flush), for a checkpoint.
  std::vector<std::pair<std::string, uint64_t>> Lengths(
      const std::vector<std::string>& names);
  // Where the bytes of the files named are until Finish: their temporaries.
  std::map<std::string, std::string> Temporaries(
      const std::vector<std::string>& names) const;

  // Resuming: these files are kept up to the checkpoint's lengths and
  // written on from there (from the temporary the checkpoint recorded, when
  // it is still there), not started afresh.
  void ContinueFiles(std::vector<std::pair<std::string, uint64_t>> lengths,
                     std::map<std::string, std::string> temporaries) {
    continued_ = std::move(lengths);
    continued_temporaries_ = std::move(temporaries);
  }
  // A checkpoint records these files' temporaries: a death by signal or a
  // failed run leaves them for --resume.
  void KeepForCheckpoint(std::vector<std::string> names) {
    kept_ = std::move(names);
  }

  // Ends every report and flushes every file, standard output too, then
  // replaces every target; a file that could not be written is bad output,
  // said (naming it) and raised, and then no target is replaced.
  void Finish(ExitCode& exit_code);

 private:
  // One row of the table opened and its writer made.
  bool OpenRow(const OutputFile& row, const RunOptions& run,
               Observers& observers, bool per_puzzle_header, PartMarks* marks);
  // Keeps the --csv file's report ready for a crash (bench/run/crash_csv.h):
  // a strategy that crashes the process then leaves the rows accounted,
  // marked complete=false, renamed over the target, not an empty file.
  void KeepCrashCsv(const std::string& path, const RunOptions& run,
                    Observers& observers);
  // "-" is standard output; a file is opened through the one writer (a
  // file a checkpoint recorded continued at its length then), or said why
  // not.
  std::ostream* OpenFile(const OutputFile& row);
  // The writer of `path`, or null (standard output).
  AtomicOutput* FileOf(const std::string& path) const;
  // Flushes `out`, saying once which output failed when it did.
  bool Checked(const std::string& name, std::ostream& out, ExitCode& exit_code);
  // Says, once, that writing `name` failed and why.
  void SayFailed(const std::string& name, const std::string& why,
                 ExitCode& exit_code);

  std::ostream* console_ = &std::cout;
  bool has_console_ = false;
  std::vector<std::pair<std::string, std::ostream*>> files_;
  std::vector<std::unique_ptr<AtomicOutput>> owned_;
  std::set<std::string> failed_;
  std::vector<std::pair<std::string, uint64_t>> continued_;
  std::map<std::string, std::string> continued_temporaries_;
  std::vector<std::string> kept_;
  std::unique_ptr<AtomicOutput> checkpoint_;
  std::vector<std::unique_ptr<Reporter>> reporters_;
  CrashCsv* crash_csv_ = nullptr;  // owned by the observers
};

}  // namespace sudoku
