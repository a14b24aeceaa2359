// `bench bisect`: checks the repository, tests GOOD and BAD, chooses how to
// tell commits apart, drives `git bisect run` and names the first bad commit.
#include "bench/bisect/bisect_command.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "bench/bisect/bisect_plan.h"
#include "bench/bisect/bisect_process.h"
#include "bench/bisect/bisect_step.h"
#include "bench/cli/run_options.h"
#include "bench/run/outputs.h"
#include "engine/common/atomic_output.h"
#include "engine/common/exit_codes.h"
#include "engine/common/file_identity.h"
#include "engine/common/text_format.h"
#include "engine/compare/timing_words.h"
#include "engine/pipeline/interrupt.h"
#include "engine/report/per_puzzle_reader.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

constexpr size_t kShownChanges = 5;  // puzzles whose work changed, printed

// A temporary folder, removed with everything in it however bisect ends.
class TempFolder {
 public:
  TempFolder() {
    const char* tmp = getenv("TMPDIR");
    std::string pattern =
        std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") +
        "/bench-bisect-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) {
      throw BisectFailed{kExitUsage,
                         "cannot make a temporary folder like " + pattern};
    }
    path_ = pattern;
  }
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// `git bisect start` and, however bisect ends (a failure, an exception, a
// Ctrl-C), `git bisect reset`: the repository is left on the branch or
// commit it was on.
class BisectSession {
 public:
  BisectSession(std::string top, std::string scratch)
      : top_(std::move(top)), scratch_(std::move(scratch)) {
    const GitResult start = Git({"bisect", "start"}, top_, scratch_);
    if (!start.ok()) {
      throw BisectFailed{kExitUsage, "git bisect start: " + start.err};
    }
  }
  ~BisectSession() {
    const GitResult reset =
        Git({"bisect", "reset"}, top_, scratch_, /*stoppable=*/false);
    if (!reset.ok()) {
      std::cerr << "bench bisect: git bisect reset failed (" +
                       reset.end.Describe() + "); run it in " + top_ + ":\n"
                << reset.err;
    }
  }
  BisectSession(const BisectSession&) = delete;
  BisectSession& operator=(const BisectSession&) = delete;

 private:
  const std::string top_, scratch_;
};

// One bisection, from the checks of the repository to the answer.
class Bisection {
 public:
  Bisection(const BisectCommandOptions& o, const std::string& work)
      : o_(o), folder_(work), scratch_(folder_.File("git-driver")) {}

  int Run();

 private:
  // `git ARGS` in the top level; its output, or BisectFailed (exit 2)
  // saying `what` went wrong.
  std::string GitOrFail(const std::vector<std::string>& args,
                        const std::string& what) const;
  void CheckStop() const {
    if (const int signal = BisectStopSignal()) throw BisectStopped{signal};
  }
  void CheckRepository();
  std::string Resolve(const std::string& revision, const std::string& option);
  std::string Subject(const std::string& hash) const;
  // Checks out and builds GOOD or BAD, and runs it alone.
  void TestEndpoint(const CommitTester& tester, const std::string& hash,
                    const std::string& role, std::vector<ReportEntry>& report);
  // On GOOD's and BAD's runs: counts when they differ, else --ab timing,
  // which must find BAD slower beyond the margin (else exit 1 or 3).
  BisectMode ChooseMode(const CommitTester& tester,
                        const std::vector<ReportEntry>& good_report,
                        const std::vector<ReportEntry>& bad_report,
                        int& exit_code);
  int Conclude(const BisectEnd& end, BisectMode mode);
  int WriteWorkChanges(const std::string& first_bad, BisectMode mode) const;

  const BisectCommandOptions& o_;
  const WorkFolder folder_;
  const std::string scratch_;
  std::string cwd_, top_, good_, bad_;
};

std::string Bisection::GitOrFail(const std::vector<std::string>& args,
                                 const std::string& what) const {
  const GitResult result = Git(args, top_.empty() ? cwd_ : top_, scratch_);
  CheckStop();
  if (!result.ok()) {
    throw BisectFailed{kExitUsage, what + "\n" + result.err};
  }
  return result.out;
}

std::string Bisection::Resolve(const std::string& revision,
                               const std::string& option) {
  return GitOrFail(
      {"rev-parse", "--verify", "--quiet", "--end-of-options",
       revision + "^{commit}"},
      option + " " + revision + ": no such commit in this repository");
}

std::string Bisection::Subject(const std::string& hash) const {
  return Git({"log", "-1", "--format=%s", hash}, top_, scratch_).out;
}

void Bisection::CheckRepository() {
  cwd_ = fs::current_path().string();
  top_ = GitOrFail({"rev-parse", "--show-toplevel"},
                   "bench bisect runs inside the solver's git work tree; " +
                       cwd_ + " is not in one");
  if (o_.plugin.empty() == o_.exec.empty()) {
    throw BisectFailed{kExitUsage,
                       "say where COMMAND leaves the strategy under test: "
                       "--plugin PATH (a shared library) or --exec PATH (a "
                       "program)"};
  }
  const std::string clash = ClashingBenchArg(o_.bench_args);
  if (!clash.empty()) {
    throw BisectFailed{
        kExitUsage,
        "BENCH-ARGS may not hold '" + clash +
            "': bisect chooses the strategy, the outputs and the batching "
            "itself, and reads the datasets once per commit (bench bisect "
            "--help)"};
  }
  good_ = Resolve(o_.good, "--good");
  bad_ = Resolve(o_.bad, "--bad");
  if (good_ == bad_) {
    throw BisectFailed{kExitUsage, "--good and --bad are one commit, " +
                                       ShortHash(good_) + ": nothing lies between"};
  }
  if (!Git({"merge-base", "--is-ancestor", good_, bad_}, top_, scratch_).ok()) {
    CheckStop();
    throw BisectFailed{
        kExitUsage,
        "GOOD " + ShortHash(good_) + " is not an ancestor of BAD " + ShortHash(bad_)};
  }
  if (Git({"bisect", "log"}, top_, scratch_).ok()) {
    throw BisectFailed{kExitUsage, "a git bisect is already under way in " +
                                       top_ +
                                       "; end it first (git bisect reset)"};
  }
  const std::string changes = GitOrFail(
      {"status", "--porcelain", "--untracked-files=no"}, "git status failed");
  if (!changes.empty()) {
    throw BisectFailed{kExitUsage,
                       "the work tree has uncommitted changes; commit or "
                       "stash them, since bisect checks out other commits:\n" +
                           changes};
  }
  const std::string& artifact = o_.exec.empty() ? o_.plugin : o_.exec;
  if (Git({"ls-files", "--error-unmatch", "--", artifact}, top_, scratch_)
          .ok()) {
    throw BisectFailed{kExitUsage, artifact +
                                       " is tracked by git; it must be what "
                                       "COMMAND builds, not a committed file"};
  }
  CheckStop();
}

void Bisection::TestEndpoint(const CommitTester& tester,
                             const std::string& hash, const std::string& role,
                             std::vector<ReportEntry>& report) {
  GitOrFail({"checkout", "--quiet", "--detach", hash},
            "git checkout " + ShortHash(hash) + " failed");
  std::string why;
  if (!tester.Build(hash, why)) {
    throw BisectFailed{kExitUsage, role + " " + ShortHash(hash) + ": " + why};
  }
  if (role == "GOOD") tester.KeepAsGood();
  if (!tester.RunSearch(hash, report, why)) {
    throw BisectFailed{kExitUsage, role + " " + ShortHash(hash) + ": " + why};
  }
}

BisectMode Bisection::ChooseMode(const CommitTester& tester,
                                 const std::vector<ReportEntry>& good_report,
                                 const std::vector<ReportEntry>& bad_report,
                                 int& exit_code) {
  TestedCommit bad{bad_, "", Subject(bad_), {}};
  CommitJudgement judgement = JudgeSearch(good_report, bad_report);
  if (judgement.mark == CommitMark::kUndecided) {
    std::string why;
    for (const std::string& r : judgement.reasons) why += "\n    " + r;
    throw BisectFailed{kExitUsage,
                       "GOOD's and BAD's reports cannot be compared:" + why};
  }
  BisectMode mode = BisectMode::kSearch;
  if (judgement.mark == CommitMark::kGood) {
    mode = BisectMode::kSpeed;
    std::vector<DatasetSpeed> speeds;
    std::string why;
    if (!tester.RunSpeed(bad_, speeds, why)) {
      throw BisectFailed{kExitUsage, "BAD " + ShortHash(bad_) + ": " + why};
    }
    judgement = JudgeSpeed(speeds, o_.max_slowdown_pct);
  }
  bad.mark = CommitMarkName(judgement.mark);
  bad.reasons = judgement.reasons;
  RecordTested(folder_, bad);
  if (judgement.mark == CommitMark::kGood) {
    std::cout << "nothing to find: BAD " << ShortHash(bad_)
              << " searches as GOOD does and is not slower beyond "
              << AllowedWords(o_.max_slowdown_pct) << '\n';
    exit_code = kExitFailure;
  } else if (judgement.mark == CommitMark::kUndecided) {
    std::cout << "UNDECIDED: BAD " << ShortHash(bad_)
              << " searches as GOOD does, and its timing cannot say whether "
                 "it is slower beyond "
              << AllowedWords(o_.max_slowdown_pct)
              << " (more puzzles or a smaller --batch narrow the "
                 "interval)\n";
    exit_code = kExitUndecided;
  }
  return mode;
}

int Bisection::Run() {
  CheckRepository();
  const std::string apart = GitOrFail(
      {"rev-list", "--count", good_ + ".." + bad_}, "git rev-list failed");
  std::cerr << "bench bisect: GOOD " << ShortHash(good_) << " (" << Subject(good_)
            << "), BAD " << ShortHash(bad_) << " (" << Subject(bad_) << "), "
            << apart << (apart == "1" ? " commit" : " commits") << " apart\n";
  const BisectSession session(top_, scratch_);
  const CommitTester tester(o_, ThisProgram(), top_, cwd_, folder_);
  std::vector<ReportEntry> good_report, bad_report;
  TestEndpoint(tester, good_, "GOOD", good_report);
  RecordTested(folder_,
               {good_, "good", Subject(good_), {"GOOD, the reference"}});
  TestEndpoint(tester, bad_, "BAD", bad_report);
  int exit_code = kExitOk;
  const BisectMode mode =
      ChooseMode(tester, good_report, bad_report, exit_code);
  if (exit_code != kExitOk) return exit_code;
  std::cerr << "bench bisect: "
            << (mode == BisectMode::kSearch
                    ? "BAD searches differently from GOOD: commits are told "
                      "apart by node and outcome counts, one run each"
                    : "BAD searches as GOOD does but is slower: commits are "
                      "told apart by bench --ab against GOOD's build")
            << '\n';
  folder_.WriteMode(mode, cwd_);

  // git names the first bad commit itself when GOOD and BAD are adjacent.
  std::string said = GitOrFail({"bisect", "bad", bad_}, "git bisect bad");
  said += "\n" + GitOrFail({"bisect", "good", good_}, "git bisect good");
  BisectEnd end = ParseBisectOutput(said);
  if (end.first_bad.empty()) {
    Child run;
    run.argv = {"git", "bisect", "run"};
    for (const std::string& word :
         StepCommand(o_, ThisProgram(), good_, bad_, folder_.path())) {
      run.argv.push_back(word);
    }
    run.cwd = top_;
    run.output = folder_.File("git-bisect-run.log");
    RunChild(run);  // its stderr is the steps' progress, shown as it goes
    CheckStop();
    end = ParseBisectOutput(FileText(run.output));
    if (end.first_bad.empty() && end.candidates.empty()) {
      throw BisectFailed{kExitUsage,
                         "git bisect run ended without naming a commit:\n" +
                             LastLines(run.output, 8)};
    }
  }
  return Conclude(end, mode);
}

int Bisection::Conclude(const BisectEnd& end, BisectMode mode) {
  const std::vector<TestedCommit> tested = ReadTested(folder_);
  auto describe = [&](const std::string& hash, bool with_mark) {
    std::string text = hash + " " + Subject(hash) + "\n";
    for (const TestedCommit& t : tested) {
      if (t.hash != hash) continue;
      if (with_mark) text += "    tested " + t.mark + "\n";
      for (const std::string& r : t.reasons) text += "    " + r + "\n";
    }
    if (with_mark && text.find("    tested ") == std::string::npos) {
      text += "    not tested\n";
    }
    return text;
  };
  std::cerr << "bench bisect: " << tested.size() << " commits tested\n";
  if (end.first_bad.empty()) {
    std::cout << "UNDECIDED: the first bad commit is one of these "
              << end.candidates.size()
              << ", which bisect could not tell apart:\n";
    for (const std::string& hash : end.candidates) {
      std::cout << "  " << describe(hash, true);
    }
    return kExitUndecided;
  }
  std::cout << "first bad commit: " << describe(end.first_bad, false);
  return o_.per_puzzle.empty() ? kExitOk
                               : WriteWorkChanges(end.first_bad, mode);
}

int Bisection::WriteWorkChanges(const std::string& first_bad,
                                BisectMode mode) const {
  std::string error;
  const auto file = AtomicOutput::Open(o_.per_puzzle, error);
  if (file == nullptr) {
    std::cerr << "bench bisect: " << error << '\n';
    return kExitUsage;
  }
  std::ostream& out = file->stream();
  out << kWorkChangeHeader << '\n';
  uint64_t compared = 0;
  std::vector<WorkChange> shown;
  uint64_t changed = 0;
  if (mode == BisectMode::kSearch) {
    const std::string good_path = folder_.File(good_ + ".per-puzzle.csv");
    const std::string bad_path = folder_.File(first_bad + ".per-puzzle.csv");
    std::ifstream good_in(good_path, std::ios::binary);
    std::ifstream bad_in(bad_path, std::ios::binary);
    try {
      PerPuzzleReader good(good_in, good_path), bad(bad_in, bad_path);
      compared = DiffWork(good, bad, [&](const WorkChange& c) {
        out << WorkChangeCsv(c) << '\n';
        if (++changed <= kShownChanges) shown.push_back(c);
      });
    } catch (const ReportFormatError& error) {
      std::cerr << "bench bisect: --per-puzzle: " << error.what() << '\n';
      return kExitUsage;
    }
  }
  if (!file->Commit(error)) {
    std::cerr << "bench bisect: " << error << '\n';
    return kExitUsage;
  }
  if (mode == BisectMode::kSpeed) {
    std::cout << "the work of every puzzle is GOOD's (the commit searches "
                 "alike, only slower); "
              << o_.per_puzzle << " lists none\n";
    return kExitOk;
  }
  std::cout << "the work of " << Grouped(changed) << " of " << Grouped(compared)
            << " puzzles changed, all in " << o_.per_puzzle
            << (changed > shown.size() ? "; the first " : "")
            << (changed > shown.size() ? std::to_string(shown.size()) : "")
            << (changed > 0 ? ":" : "") << '\n';
  for (const WorkChange& c : shown) {
    std::cout << "    " << c.file << ":" << c.line << ": " << c.good_outcome
              << " in " << Grouped(c.good_nodes) << " nodes -> "
              << c.bad_outcome << " in " << Grouped(c.bad_nodes) << " nodes\n";
  }
  return kExitOk;
}

// Whether --per-puzzle names a dataset of BENCH-ARGS (as bench parses them;
// none when bench would refuse them, which the first run then says); said
// if so, before anything runs.
bool PerPuzzleClash(const BisectCommandOptions& o) {
  CLI::App app;
  RunCommandOptions run;
  RunCommandCli cli;
  cli.Setup(app, run);
  std::vector<std::string> words(o.bench_args.rbegin(), o.bench_args.rend());
  try {
    app.parse(words);
  } catch (const CLI::ParseError&) {
    return false;
  }
  std::vector<NamedPath> inputs;
  for (const std::string& path : run.datasets) {
    inputs.push_back({"the dataset", path});
  }
  const NamedPath outputs[] = {{"--per-puzzle", o.per_puzzle}};
  return OutputsClash("bench bisect", inputs, outputs);
}

}  // namespace

int BisectCommand::Execute() {
  InstallBisectSignals();
  if (!options_.step.empty()) return RunBisectStep(options_);
  if (PerPuzzleClash(options_)) return kExitUsage;
  try {
    const TempFolder work;
    Bisection bisection(options_, work.path());
    return bisection.Run();
  } catch (const BisectStopped& stop) {
    std::cerr << "bench bisect: stopped; the repository is as it was\n";
    return InterruptExitCode(stop.signal);
  } catch (const BisectFailed& failure) {
    std::cerr << "bench bisect: " << failure.message << '\n';
    return failure.exit_code;
  } catch (const std::exception& error) {
    std::cerr << "bench bisect: " << error.what() << '\n';
    return kExitUsage;
  }
}

}  // namespace sudoku
