// Everything a run writes: the console table, the CSV, HTML and stats
// reports, the per-puzzle and solutions files; each checked as it is flushed.
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <iostream>
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
#include "engine/pipeline/driver.h"
#include "engine/report/report.h"

namespace sudoku {

// Writes one whole file through `write` to `path` and flushes it; false,
// having said so as "PROGRAM: cannot write PATH", when that fails. For the
// subcommands' single files (compare's JSON and pages, history's).
bool WriteOutputFile(const std::string& program, const std::string& path,
                     const std::function<void(std::ostream&)>& write);

// Whether one of a subcommand's `outputs` names the file of one of its
// `inputs` or of another output (FindPathClash); if so, says which as
// "PROGRAM: --json x names the same file as ...". Checked before anything
// is written, so that a slip of the keyboard costs no input.
bool OutputsClash(const std::string& program,
                  std::span<const NamedPath> inputs,
                  std::span<const NamedPath> outputs);

// Every output of a run's table: the console table, the CSV, HTML and stats
// reports, the per-puzzle and solutions files, the crash-time CSV. "-"
// names standard output; the console table then goes to standard error, so
// that it never mixes with the data.
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

  // Resuming: these files are kept up to the checkpoint's lengths and
  // written on from there, not started afresh.
  void ContinueFiles(std::vector<std::pair<std::string, uint64_t>> lengths) {
    continued_ = std::move(lengths);
  }

  // Ends every report and flushes every file, standard output too; a file
  // that could not be written is bad output, said (naming it) and raised.
  void Finish(ExitCode& exit_code);

 private:
  // One row of the table opened and its writer made.
  bool OpenRow(const OutputFile& row, const RunOptions& run,
               Observers& observers, bool per_puzzle_header,
               PartMarks* marks);
  // Keeps the --csv file's report ready for a crash (bench/run/crash_csv.h):
  // a strategy that crashes the process then leaves the rows accounted,
  // marked complete=false, not an empty file.
  void KeepCrashCsv(const std::string& path, const RunOptions& run,
                    Observers& observers);
  // "-" is standard output; a file is opened for writing, or said why not.
  std::ostream* OpenFile(const std::string& path);
  // A file a checkpoint recorded: cut back to its length then and opened
  // there; false, having said why, when it is shorter (it changed).
  bool Continue(const std::string& path, std::ofstream& file);
  // Flushes `out`, saying once which output failed when it did.
  bool Checked(const std::string& name, std::ostream& out, ExitCode& exit_code);

  std::ostream* console_ = &std::cout;
  bool has_console_ = false;
  std::vector<std::pair<std::string, std::ostream*>> files_;
  std::vector<std::unique_ptr<std::ofstream>> owned_;
  std::set<std::string> failed_;
  std::vector<std::pair<std::string, uint64_t>> continued_;
  std::vector<std::unique_ptr<Reporter>> reporters_;
  CrashCsv* crash_csv_ = nullptr;  // owned by the observers
};

}  // namespace sudoku
