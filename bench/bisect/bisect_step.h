// One commit of a bench bisect: built with COMMAND, run with bench, judged
// against GOOD. The driver tests GOOD and BAD with it, and `git bisect run`
// each commit between them (`bench bisect --step`).
#pragma once

#include <string>
#include <vector>

#include "bench/cli/bisect_options.h"
#include "engine/compare/bisect_judge.h"
#include "engine/report/csv_reader.h"

namespace sudoku {

// Thrown when SIGINT or SIGTERM asked bisect to stop: everything unwinds to
// the clean-up.
struct BisectStopped {
  int signal;
};

// Thrown when the bisection cannot go on: bisect's exit code and why.
struct BisectFailed {
  int exit_code;
  std::string message;
};

// How commits are told apart, decided on GOOD and BAD: their node and outcome
// counts when these differ, else --ab's timing against GOOD's build.
enum class BisectMode { kSearch, kSpeed };

// The work folder of a bisection, shared by the driver and its steps:
//
//   mode, cwd                 the mode, and the folder bench bisect ran in
//   good/ARTIFACT             GOOD's build, kept aside for the --ab runs
//   HASH.csv, HASH.per-puzzle.csv, HASH.ab.csv    each commit's bench outputs
//   HASH.build.log, HASH.bench.log                 and what its runs printed
//   tested.tsv                every commit tested: hash, mark, subject, why
class WorkFolder {
 public:
  explicit WorkFolder(std::string path) : path_(std::move(path)) {}
  const std::string& path() const { return path_; }
  std::string File(const std::string& name) const { return path_ + "/" + name; }

  void WriteMode(BisectMode mode, const std::string& cwd) const;
  BisectMode ReadMode() const;
  std::string ReadCwd() const;

 private:
  std::string path_;
};

// One tested commit, as tested.tsv keeps it.
struct TestedCommit {
  std::string hash;
  std::string mark;  // good, bad, undecided, or skipped (it could not run)
  std::string subject;
  std::vector<std::string> reasons;
};

// Appends `tested` to the folder's tested.tsv and prints it on standard
// error, so that a person sees the bisection go.
void RecordTested(const WorkFolder& folder, const TestedCommit& tested);
std::vector<TestedCommit> ReadTested(const WorkFolder& folder);

// Builds and runs the checked-out commit. Throws BisectStopped after a stop.
class CommitTester {
 public:
  // `bench` is this program, `top` the repository's top level, `cwd` the
  // folder bench bisect ran in (where BENCH-ARGS' paths start).
  CommitTester(const BisectCommandOptions& o, std::string bench,
               std::string top, std::string cwd, WorkFolder folder);

  // The checked-out commit's full hash and subject.
  void Describe(std::string& hash, std::string& subject) const;
  // Runs COMMAND at the top level, after removing the artifact a previous
  // commit left; false, with why in `why`, when it fails or leaves none.
  bool Build(const std::string& hash, std::string& why) const;
  // Copies the artifact aside as GOOD's build, for the --ab runs.
  void KeepAsGood() const;
  // The exact run: bench over the artifact alone; its report read back.
  bool RunSearch(const std::string& hash, std::vector<ReportEntry>& report,
                 std::string& why) const;
  // The timed run: bench --ab of GOOD's build against the artifact; each
  // dataset's verdict read back from the run's per-puzzle file.
  bool RunSpeed(const std::string& hash, std::vector<DatasetSpeed>& speeds,
                std::string& why) const;
  // Judges the checked-out commit against GOOD in `mode` and records it;
  // returns the mark (skipped when it could not be built or run).
  std::string Test(BisectMode mode, const std::string& good_hash) const;

 private:
  std::string Artifact() const;
  std::string GoodArtifact() const;
  void CheckStop() const;

  const BisectCommandOptions& o_;
  const std::string bench_, top_, cwd_;
  const WorkFolder folder_;
};

// bench bisect --step: tests the commit `git bisect run` checked out and
// returns what git reads: 0 good, 1 bad, 125 skip (undecided or not
// runnable), 255 to end the bisection (a stop, or a fault of bisect's own).
int RunBisectStep(const BisectCommandOptions& o);

// A commit's hash as bisect prints it: its first 12 digits.
std::string ShortHash(const std::string& hash);

}  // namespace sudoku
