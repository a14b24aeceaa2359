// One commit of a bench bisect: built with COMMAND, run with bench, judged
// against GOOD; and `bench bisect --step`, which git bisect run calls.
#include "bench/bisect/bisect_step.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "bench/bisect/bisect_plan.h"
#include "bench/bisect/bisect_process.h"
#include "engine/common/exit_codes.h"
#include "engine/common/file_identity.h"
#include "engine/report/per_puzzle_reader.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

constexpr int kLogLines = 8;  // of a failed build or run, in messages

// `git bisect run`'s reading of a step's exit code.
constexpr int kGitGood = 0;
constexpr int kGitBad = 1;
constexpr int kGitSkip = 125;
constexpr int kGitAbort = 255;

// A tab or line break in a reason would break tested.tsv's lines.
std::string OneField(std::string text) {
  for (char& c : text) {
    if (c == '\t' || c == '\n') c = ' ';
  }
  return text;
}

}  // namespace

void WorkFolder::WriteMode(BisectMode mode, const std::string& cwd) const {
  std::ofstream(File("mode"))
      << (mode == BisectMode::kSearch ? "search" : "speed");
  std::ofstream(File("cwd")) << cwd;
}

BisectMode WorkFolder::ReadMode() const {
  const std::string mode = FileText(File("mode"));
  if (mode == "search") return BisectMode::kSearch;
  if (mode == "speed") return BisectMode::kSpeed;
  throw BisectFailed{kExitUsage, File("mode") +
                                     ": no mode; is this the work "
                                     "folder of a bisection?"};
}

std::string WorkFolder::ReadCwd() const { return FileText(File("cwd")); }

void RecordTested(const WorkFolder& folder, const TestedCommit& tested) {
  std::ofstream out(folder.File("tested.tsv"), std::ios::app);
  out << tested.hash << '\t' << tested.mark << '\t' << OneField(tested.subject);
  for (const std::string& reason : tested.reasons) {
    out << '\t' << OneField(reason);
  }
  out << '\n';
  std::cerr << "bench bisect: " << ShortHash(tested.hash) << " " << tested.mark
            << ": " << tested.subject << '\n';
  for (const std::string& reason : tested.reasons) {
    std::cerr << "    " << reason << '\n';
  }
}

std::vector<TestedCommit> ReadTested(const WorkFolder& folder) {
  std::vector<TestedCommit> tested;
  std::istringstream in(FileText(folder.File("tested.tsv")));
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, '\t');) {
      fields.push_back(cell);
    }
    if (fields.size() < 3) continue;
    tested.push_back(
        {fields[0], fields[1], fields[2], {fields.begin() + 3, fields.end()}});
  }
  return tested;
}

CommitTester::CommitTester(const BisectCommandOptions& o, std::string bench,
                           std::string top, std::string cwd, WorkFolder folder)
    : o_(o),
      bench_(std::move(bench)),
      top_(std::move(top)),
      cwd_(std::move(cwd)),
      folder_(std::move(folder)) {}

std::string CommitTester::Artifact() const {
  const std::string& path = o_.exec.empty() ? o_.plugin : o_.exec;
  return fs::path(path).is_absolute() ? path : top_ + "/" + path;
}

std::string CommitTester::GoodArtifact() const {
  return folder_.File("good/" + fs::path(Artifact()).filename().string());
}

void CommitTester::CheckStop() const {
  if (const int signal = BisectStopSignal()) throw BisectStopped{signal};
}

void CommitTester::Describe(std::string& hash, std::string& subject) const {
  const std::string scratch = folder_.File("git-step");
  const GitResult head = Git({"rev-parse", "HEAD"}, top_, scratch);
  const GitResult log = Git({"log", "-1", "--format=%s"}, top_, scratch);
  CheckStop();
  if (!head.ok()) {
    throw BisectFailed{kExitUsage, "git rev-parse HEAD: " + head.err};
  }
  hash = head.out;
  subject = log.out;
}

bool CommitTester::Build(const std::string& hash, std::string& why) const {
  // A stale artifact from the commit before must not pass for this one's.
  std::error_code ignored;
  fs::remove(Artifact(), ignored);
  Child build;
  build.argv = {"/bin/sh", "-c", o_.build};
  build.cwd = top_;
  build.output = build.errors = folder_.File(hash + ".build.log");
  const ChildEnd end = RunChild(build);
  CheckStop();
  if (!end.Succeeded()) {
    why = "the build failed (" + end.Describe() + "); it ended:\n" +
          LastLines(build.output, kLogLines);
    return false;
  }
  if (!fs::is_regular_file(Artifact())) {
    why = "the build succeeded but left no " + Artifact() +
          " (--plugin, --exec: the path from the repository's top level)";
    return false;
  }
  return true;
}

void CommitTester::KeepAsGood() const {
  fs::create_directories(folder_.File("good"));
  // copy_file keeps the permission bits: an --exec program stays executable.
  fs::copy_file(Artifact(), GoodArtifact(),
                fs::copy_options::overwrite_existing);
}

bool CommitTester::RunSearch(const std::string& hash,
                             std::vector<ReportEntry>& report,
                             std::string& why) const {
  Child run;
  run.argv = {bench_};
  const std::string csv = folder_.File(hash + ".csv");
  const std::string per_puzzle =
      o_.per_puzzle.empty() ? "" : folder_.File(hash + ".per-puzzle.csv");
  for (const std::string& word :
       SearchRunArgs(o_, Artifact(), csv, per_puzzle)) {
    run.argv.push_back(word);
  }
  run.cwd = cwd_;
  run.output = run.errors = folder_.File(hash + ".bench.log");
  const ChildEnd end = RunChild(run);
  CheckStop();
  // Exit 1 (a wrong answer) is a finding the report holds in its counts.
  if (!end.started || end.signal != 0 || end.exit_code > kExitFailure) {
    why = "bench failed (" + end.Describe() + "):\n" +
          LastLines(run.output, kLogLines);
    return false;
  }
  try {
    report = ReadCsvReportFile(csv);
  } catch (const ReportFormatError& error) {
    why = std::string("bench's report cannot be read: ") + error.what();
    return false;
  }
  return true;
}

bool CommitTester::RunSpeed(const std::string& hash,
                            std::vector<DatasetSpeed>& speeds,
                            std::string& why) const {
  const std::string label = ShortHash(hash);
  const std::string per_puzzle = folder_.File(hash + ".ab.csv");
  Child run;
  run.argv = {bench_};
  for (const std::string& word :
       SpeedRunArgs(o_, GoodArtifact(), Artifact(), label, per_puzzle)) {
    run.argv.push_back(word);
  }
  run.cwd = cwd_;
  run.output = run.errors = folder_.File(hash + ".bench.log");
  const ChildEnd end = RunChild(run);
  CheckStop();
  if (!end.Succeeded()) {
    why = end.exit_code == kExitFailure
              ? "it searches differently from GOOD or answers wrongly, so "
                "its time cannot be held against GOOD's (bench --ab exit "
                "1):\n"
              : "bench --ab failed (" + end.Describe() + "):\n";
    why += LastLines(run.output, kLogLines);
    return false;
  }
  try {
    std::ifstream in(per_puzzle, std::ios::binary);
    PerPuzzleReader rows(in, per_puzzle);
    speeds =
        SpeedsFromPerPuzzle(rows, LabelledStrategy("good", o_.strategy),
                            LabelledStrategy(label, o_.strategy), o_.batch);
  } catch (const ReportFormatError& error) {
    why = std::string("bench --ab's per-puzzle file cannot be read: ") +
          error.what();
    return false;
  }
  return true;
}

std::string CommitTester::Test(BisectMode mode,
                               const std::string& good_hash) const {
  TestedCommit tested;
  Describe(tested.hash, tested.subject);
  std::string why;
  CommitJudgement judgement;
  bool ran = Build(tested.hash, why);
  if (ran && mode == BisectMode::kSearch) {
    std::vector<ReportEntry> report;
    ran = RunSearch(tested.hash, report, why);
    if (ran) {
      judgement = JudgeSearch(
          ReadCsvReportFile(folder_.File(good_hash + ".csv")), report);
      if (judgement.mark == CommitMark::kGood) {
        judgement.reasons = {"node and outcome counts as GOOD's"};
      }
    }
  } else if (ran) {
    std::vector<DatasetSpeed> speeds;
    ran = RunSpeed(tested.hash, speeds, why);
    if (ran) judgement = JudgeSpeed(speeds, o_.max_slowdown_pct);
  }
  if (ran) {
    tested.mark = CommitMarkName(judgement.mark);
    tested.reasons = judgement.reasons;
  } else {
    tested.mark = "skipped";
    std::istringstream lines(why);
    for (std::string line; std::getline(lines, line);) {
      tested.reasons.push_back(line);
    }
  }
  RecordTested(folder_, tested);
  return tested.mark;
}

int RunBisectStep(const BisectCommandOptions& o) {
  try {
    const WorkFolder folder(o.step);
    const std::string cwd = folder.ReadCwd();
    const GitResult top =
        Git({"rev-parse", "--show-toplevel"}, cwd, folder.File("git-step"));
    if (!top.ok()) throw BisectFailed{kExitUsage, top.err};
    const CommitTester tester(o, ThisProgram(), top.out, cwd, folder);
    const std::string mark = tester.Test(folder.ReadMode(), o.good);
    if (mark == CommitMarkName(CommitMark::kGood)) return kGitGood;
    if (mark == CommitMarkName(CommitMark::kBad)) return kGitBad;
    return kGitSkip;
  } catch (const BisectStopped&) {
    return kGitAbort;
  } catch (const BisectFailed& failure) {
    std::cerr << "bench bisect: " << failure.message << '\n';
    return kGitAbort;
  } catch (const std::exception& error) {
    std::cerr << "bench bisect: " << error.what() << '\n';
    return kGitAbort;
  }
}

std::string ShortHash(const std::string& hash) { return hash.substr(0, 12); }

}  // namespace sudoku
