// The main job of `bench`: its options, and running them over every dataset
// given.
#include "bench/run/run_command.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

#include "bench/run/checkpoint_run.h"
#include "bench/run/rank_group.h"
#include "bench/run/rank_parts.h"
#include "engine/common/exit_codes.h"
#include "engine/compare/ab_check.h"
#include "engine/compare/compare.h"
#include "engine/distributed/shard_stats.h"
#include "engine/pipeline/driver.h"
#include "engine/pipeline/interrupt.h"
#include "engine/report/console_reporter.h"
#include "engine/report/csv_reporter.h"
#include "engine/report/html_reporter.h"
#include "engine/report/puzzle_outputs.h"
#include "engine/report/report.h"
#include "strategies/registry.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

// The built-in names, for --help: the strategy list is checked after the
// plugins are loaded, so that their strategies can be named too.
std::string BuiltInNames() {
  std::string names;
  for (const Strategy& s : AllStrategies()) {
    names += (names.empty() ? "" : ", ") + std::string(s.name);
  }
  return names;
}

// Forwards the driver's events to every output, and speaks to the person at
// the terminal: problems on stderr (capped), progress when stderr is a tty.
class Observers : public RunObserver {
 public:
  Observers(size_t max_messages, bool show_progress)
      : max_messages_(max_messages), show_progress_(show_progress) {}

  void Add(std::unique_ptr<RunObserver> observer) {
    outputs_.push_back(std::move(observer));
  }
  // Under mpirun: marks where the outputs of each line block start.
  void SetMarks(PartMarks* marks) { marks_ = marks; }
  void StartDataset(const std::string& path) {
    if (marks_ != nullptr) marks_->StartDataset();
    path_ = path;
    shown_input_ = shown_errors_ = hidden_input_ = hidden_errors_ = 0;
    last_progress_ = -1;
  }
  void EndDataset() {
    ClearProgress();
    if (hidden_input_ > 0) {
      std::cerr << path_ << ": " << hidden_input_
                << " more bad lines not shown (all are counted in the report; "
                   "--per-puzzle lists every line)\n";
    }
    if (hidden_errors_ > 0) {
      std::cerr << path_ << ": " << hidden_errors_
                << " more wrong answers, disagreements or errors not shown "
                   "(all are counted in the report)\n";
    }
  }

  void OnRecord(const std::string& path, const PuzzleRecord& record,
                std::span<const PuzzleOutcome> outcomes) override {
    if (marks_ != nullptr) marks_->BeforeRecord(record.line);
    for (auto& o : outputs_) o->OnRecord(path, record, outcomes);
  }
  void OnAccounted(const DatasetResult& so_far, PassPoint point) override {
    for (auto& o : outputs_) o->OnAccounted(so_far, point);
  }
  bool WantsRecords() const override {
    return marks_ != nullptr || !outputs_.empty();
  }
  void OnProblem(const std::string& message, bool error) override {
    size_t& shown = error ? shown_errors_ : shown_input_;
    if (shown >= max_messages_) {
      ++(error ? hidden_errors_ : hidden_input_);
      return;
    }
    ++shown;
    ClearProgress();
    std::cerr << message << '\n';
  }
  void OnProgress(uint64_t lines, uint64_t raw_bytes,
                  std::optional<uint64_t> raw_size, double elapsed) override {
    if (!show_progress_ || elapsed < 1.0 || elapsed - last_progress_ < 0.25) {
      return;
    }
    last_progress_ = elapsed;
    char text[256];
    const double rate = lines / elapsed;
    int n =
        std::snprintf(text, sizeof(text), "\r%s: %s lines, %s/s, %.1f s",
                      path_.c_str(), Grouped(lines).c_str(),
                      Grouped(static_cast<uint64_t>(rate)).c_str(), elapsed);
    if (raw_size && *raw_size > 0 && raw_bytes > 0) {
      const double done = static_cast<double>(raw_bytes) / *raw_size;
      std::snprintf(text + n, sizeof(text) - n, ", %.0f%%, ~%.0f s left",
                    100.0 * done,
                    elapsed * (1.0 - done) / std::max(done, 1e-9));
    }
    std::cerr << text << "\x1b[K" << std::flush;
    progress_shown_ = true;
  }

 private:
  void ClearProgress() {
    if (progress_shown_) std::cerr << "\r\x1b[K" << std::flush;
    progress_shown_ = false;
  }

  std::vector<std::unique_ptr<RunObserver>> outputs_;
  PartMarks* marks_ = nullptr;
  size_t max_messages_;
  bool show_progress_;
  bool progress_shown_ = false;
  double last_progress_ = -1;
  std::string path_;
  size_t shown_input_ = 0, shown_errors_ = 0, hidden_input_ = 0,
         hidden_errors_ = 0;
};

// Under --repeat every pass reads the same lines: bad lines are shown in the
// first pass only, wrong answers in each strategy's first round; later
// differences surface as rounds that searched differently.
class RoundObserver : public RunObserver {
 public:
  RoundObserver(RunObserver& inner, bool show_input, bool show_errors)
      : inner_(inner), show_input_(show_input), show_errors_(show_errors) {}
  void OnProblem(const std::string& message, bool error) override {
    if (error ? show_errors_ : show_input_) inner_.OnProblem(message, error);
  }
  void OnProgress(uint64_t lines, uint64_t raw_bytes,
                  std::optional<uint64_t> raw_size, double elapsed) override {
    inner_.OnProgress(lines, raw_bytes, raw_size, elapsed);
  }

 private:
  RunObserver& inner_;
  bool show_input_, show_errors_;
};

// One pass over one dataset, with `observer` seeing the driver's events and
// `observers` told where the dataset starts and ends (to count what it hid),
// even when reading fails.
DatasetResult ObservedPass(const std::string& path, const RunOptions& run,
                           Observers& observers, RunObserver& observer,
                           const PassResume* resume = nullptr) {
  observers.StartDataset(path);
  DatasetResult result;
  try {
    result = RunDataset(path, run, observer, resume);
  } catch (...) {
    observers.EndDataset();
    throw;
  }
  observers.EndDataset();
  return result;
}

// One dataset under --repeat N: per strategy, a pass of its own in every
// round, the rounds interleaved (A, B, A, B, ...) so a drift in the machine's
// speed touches every strategy alike.
struct RepeatedRun {
  std::vector<std::vector<ReportRow>> rows;  // [strategy][round]
  std::vector<std::vector<DatasetResult>> passes;
  DatasetResult broken;  // a pass that hit a read error or --strict
  bool is_broken = false;
};

RepeatedRun RunRepeated(const std::string& path, const RunOptions& run,
                        int repeat, Observers& observers) {
  RepeatedRun out;
  out.rows.resize(run.strategies.size());
  out.passes.resize(run.strategies.size());
  for (int round = 0; round < repeat; ++round) {
    for (size_t s = 0; s < run.strategies.size(); ++s) {
      RunOptions one = run;
      one.strategies = {run.strategies[s]};
      RoundObserver observer(observers, round == 0 && s == 0, round == 0);
      DatasetResult result = ObservedPass(path, one, observers, observer);
      if (!result.read_error.empty() || result.stopped_strict ||
          !result.complete()) {
        // Every later pass would stop at the same line; report this one.
        out.broken = std::move(result);
        out.is_broken = true;
        return out;
      }
      out.rows[s].push_back(MakeRows(result, one).front());
      out.passes[s].push_back(std::move(result));
    }
  }
  return out;
}

// Folds the rounds into one pass for the reporters: per strategy the median
// round (its stats, its row), the row carrying the median and extremes of
// every round's throughput. False, having said why, when a strategy's rounds
// searched differently: nodes and outcomes are deterministic, so that is a
// bug (a data race, uninitialised state) and never noise.
bool CombineRounds(const std::string& path, const RepeatedRun& repeated,
                   DatasetResult& result, std::vector<ReportRow>& rows) {
  bool alike = true;
  result = DatasetResult{};
  for (size_t s = 0; s < repeated.rows.size(); ++s) {
    const std::vector<ReportRow>& rounds = repeated.rows[s];
    for (size_t r = 1; r < rounds.size(); ++r) {
      const std::vector<std::string> differences =
          SearchDifferences(rounds[0], rounds[r]);
      if (differences.empty()) continue;
      alike = false;
      std::cerr << "bench: " << path << ": " << rounds[0].strategy << ": round "
                << r + 1 << " searched differently from round 1 (";
      for (size_t i = 0; i < differences.size(); ++i) {
        std::cerr << (i ? ", " : "") << differences[i];
      }
      std::cerr << "); node counts and outcomes must repeat exactly\n";
    }
    const size_t median = MedianRound(rounds);
    const DatasetResult& pass = repeated.passes[s][median];
    if (s == 0) {
      result = pass;
      result.stats.clear();
      result.wall_s = result.cpu_s = 0;
      result.wrong_answers = 0;
    }
    result.stats.push_back(pass.stats.front());
    result.wall_s += pass.wall_s;
    result.cpu_s += pass.cpu_s;
    result.wrong_answers += pass.wrong_answers;
    rows.push_back(SummarizeRounds(rounds));
  }
  return alike;
}

// The spread the console table leaves out.
std::string RoundsNote(const std::vector<ReportRow>& rows) {
  if (rows.empty()) return "";
  std::string note = "  puzzles/s is the median of " +
                     std::to_string(rows.front().repeats) +
                     " interleaved rounds, each strategy in a pass of its "
                     "own; min .. max:\n";
  size_t width = 0;
  for (const ReportRow& r : rows) width = std::max(width, r.strategy.size());
  for (const ReportRow& r : rows) {
    note += "    " + r.strategy +
            std::string(width - r.strategy.size() + 2, ' ') +
            Grouped(static_cast<uint64_t>(r.puzzles_per_s_min + 0.5)) + " .. " +
            Grouped(static_cast<uint64_t>(r.puzzles_per_s_max + 0.5)) + "\n";
  }
  return note;
}

// The exit code: a wrong answer outranks bad input, as it is what CI must
// never miss.
class ExitCode {
 public:
  // A failure outranks a usage error, which outranks no verdict.
  void Raise(int code) {
    if (Rank(code) > Rank(code_)) code_ = code;
  }
  int code() const { return code_; }

 private:
  static int Rank(int code) {
    switch (code) {
      case kExitFailure:
        return 3;
      case kExitUsage:
        return 2;
      case kExitUndecided:
        return 1;
      default:
        return 0;
    }
  }
  int code_ = kExitOk;
};

// The console table, the CSV report, the per-puzzle and solutions files.
// "-" names standard output; the console table then goes to standard error,
// so that it never mixes with the data.
class Outputs {
 public:
  // Opens every file asked for; false, having said why, when one cannot be.
  bool Open(const RunCommand::Options& o, const std::vector<std::string>& names,
            Observers& observers, bool per_puzzle_header = true,
            PartMarks* marks = nullptr) {
    console_ = UsesStdout(o) ? &std::cerr : &std::cout;
    if (!o.quiet)
      reporters_.push_back(std::make_unique<ConsoleReporter>(*console_));
    if (!o.csv.empty()) {
      auto* out = OpenFile(o.csv);
      if (!out) return false;
      reporters_.push_back(std::make_unique<CsvReporter>(*out));
    }
    if (!o.html.empty()) {
      auto* out = OpenFile(o.html);
      if (!out) return false;
      reporters_.push_back(std::make_unique<HtmlReporter>(*out));
    }
    if (!o.per_puzzle.empty()) {
      auto* out = OpenFile(o.per_puzzle);
      if (!out) return false;
      observers.Add(
          std::make_unique<PerPuzzleWriter>(*out, names, per_puzzle_header));
      if (marks != nullptr) marks->Watch(PartFile::kPerPuzzle, *out);
    }
    if (!o.solutions.empty()) {
      auto* out = OpenFile(o.solutions);
      if (!out) return false;
      observers.Add(std::make_unique<SolutionsWriter>(*out));
      if (marks != nullptr) marks->Watch(PartFile::kSolutions, *out);
    }
    return true;
  }

  // Where the table and its notes go: standard output, unless an output
  // file is "-".
  std::ostream& console() { return *console_; }

  // Whether any output file is "-" (standard output).
  static bool UsesStdout(const RunCommand::Options& o) {
    return o.csv == "-" || o.per_puzzle == "-" || o.solutions == "-" ||
           o.stats == "-" || o.html == "-";
  }

  // The mergeable statistics of a --shard part (or of any run, --stats).
  bool OpenStats(const std::string& path, const RunOptions& run) {
    auto* out = OpenFile(path);
    if (!out) return false;
    reporters_.push_back(
        std::make_unique<ShardStatsWriter>(*out, run.shard, run));
    return true;
  }

  // The stats of this rank's part under mpirun, gathered by rank 0.
  void AddStats(std::ostream& out, const RunOptions& run) {
    reporters_.push_back(
        std::make_unique<ShardStatsWriter>(out, run.shard, run));
  }

  void ReportPass(const Manifest& manifest, const DatasetResult& result,
                  const std::vector<ReportRow>& rows) {
    for (auto& reporter : reporters_)
      reporter->ReportPass(manifest, result, rows);
  }

  // Flushes the files written so far; false, having said which one failed
  // and why (a full disk, a closed pipe), when one did. A checkpoint is
  // only written over files known to hold what it says.
  bool Flush(ExitCode& exit_code) {
    bool good = true;
    for (auto& [name, file] : files_) good &= Checked(name, *file, exit_code);
    return good;
  }

  // The byte lengths of the files named (after Flush), for a checkpoint.
  std::vector<std::pair<std::string, uint64_t>> Lengths(
      const std::vector<std::string>& names) {
    std::vector<std::pair<std::string, uint64_t>> lengths;
    for (auto& [name, file] : files_) {
      if (std::find(names.begin(), names.end(), name) == names.end()) continue;
      lengths.emplace_back(name, static_cast<uint64_t>(file->tellp()));
    }
    return lengths;
  }

  // Resuming: these files are kept up to the checkpoint's lengths and
  // written on from there, not started afresh.
  void ContinueFiles(std::vector<std::pair<std::string, uint64_t>> lengths) {
    continued_ = std::move(lengths);
  }

  // Ends every report and flushes every file, standard output too; a file
  // that could not be written is bad output, said (naming it) and raised.
  void Finish(ExitCode& exit_code) {
    for (auto& reporter : reporters_) reporter->Finish();
    Flush(exit_code);
    Checked("-", std::cout, exit_code);
  }

 private:
  // "-" is standard output; a file is opened for writing, or said why not.
  std::ostream* OpenFile(const std::string& path) {
    if (path == "-") {
      files_.emplace_back(path, &std::cout);
      return &std::cout;
    }
    auto file = std::make_unique<std::ofstream>();
    if (!Continue(path, *file)) return nullptr;
    if (!file->is_open()) file->open(path, std::ios::binary);
    if (!*file) {
      std::cerr << "bench: cannot write " << path << ": "
                << std::strerror(errno) << '\n';
      return nullptr;
    }
    files_.emplace_back(path, file.get());
    owned_.push_back(std::move(file));
    return owned_.back().get();
  }

  // A file a checkpoint recorded: cut back to its length then and opened
  // there; false, having said why, when it is shorter (it changed).
  bool Continue(const std::string& path, std::ofstream& file) {
    for (const auto& [name, length] : continued_) {
      if (name != path) continue;
      std::error_code error;
      const auto size = std::filesystem::file_size(path, error);
      if (error || size < length) {
        std::cerr << "bench: --resume: " << path << " holds "
                  << (error ? 0 : size) << " bytes, fewer than the " << length
                  << " the checkpoint recorded (it changed)\n";
        return false;
      }
      std::filesystem::resize_file(path, length, error);
      file.open(path, std::ios::in | std::ios::out | std::ios::binary);
      file.seekp(static_cast<std::streamoff>(length));
    }
    return true;
  }

  // Flushes `out`, saying once which output failed when it did.
  bool Checked(const std::string& name, std::ostream& out,
               ExitCode& exit_code) {
    errno = 0;
    out.flush();
    if (out) return true;
    if (failed_.insert(name).second) {
      std::cerr << "bench: writing " << (name == "-" ? "standard output" : name)
                << " failed"
                << (errno != 0 ? std::string(": ") + std::strerror(errno) : "")
                << "; the output is incomplete\n";
    }
    exit_code.Raise(kExitUsage);
    return false;
  }

  std::ostream* console_ = &std::cout;
  std::vector<std::pair<std::string, std::ostream*>> files_;
  std::vector<std::unique_ptr<std::ofstream>> owned_;
  std::set<std::string> failed_;
  std::vector<std::pair<std::string, uint64_t>> continued_;
  std::vector<std::unique_ptr<Reporter>> reporters_;
};

std::vector<std::string> StrategyNames(const RunOptions& run) {
  std::vector<std::string> names;
  for (const Strategy* s : run.strategies) names.emplace_back(s->name);
  return names;
}

// What one dataset produced, ready for the reporters.
struct DatasetPass {
  DatasetResult result;
  std::vector<ReportRow> rows;
  std::string repeat_notes;
  bool rounds_differ = false;  // rounds of --repeat searched differently
};

DatasetPass RunOnce(const std::string& path, const RunOptions& run,
                    Observers& observers, const PassResume* resume = nullptr) {
  DatasetPass pass;
  pass.result = ObservedPass(path, run, observers, observers, resume);
  pass.rows = MakeRows(pass.result, run);
  return pass;
}

DatasetPass RunRounds(const std::string& path, const RunOptions& run,
                      int repeat, Observers& observers) {
  DatasetPass pass;
  RepeatedRun repeated = RunRepeated(path, run, repeat, observers);
  if (repeated.is_broken) {
    pass.result = std::move(repeated.broken);
    RunOptions first = run;
    first.strategies.resize(pass.result.stats.size());
    pass.rows = MakeRows(pass.result, first);
  } else {
    pass.rounds_differ = !CombineRounds(path, repeated, pass.result, pass.rows);
    pass.repeat_notes = RoundsNote(pass.rows);
  }
  return pass;
}

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

// After an interruption: the datasets from `from` on (skipping `skip` of
// them) that no report covers.
void SayNotStarted(const std::vector<std::string>& datasets,
                   const std::string& from, size_t skip = 0) {
  auto it = std::find(datasets.begin(), datasets.end(), from);
  if (it == datasets.end()) return;
  it += static_cast<std::ptrdiff_t>(
      std::min<size_t>(skip, static_cast<size_t>(datasets.end() - it)));
  if (it == datasets.end()) return;
  std::cerr << "bench: interrupted; not started:";
  for (; it != datasets.end(); ++it) std::cerr << ' ' << *it;
  std::cerr << '\n';
}

DatasetPass Resumption::Replay(size_t index) const {
  DatasetPass pass;
  pass.result = from->stats.datasets[index];
  pass.rows = ShardRows(from->stats, index);
  return pass;
}

// Hands the accountant's checkpoint events to the keeper, which the run
// owns (it outlives the observers' list).
class ForwardAccounted : public RunObserver {
 public:
  explicit ForwardAccounted(CheckpointKeeper& keeper) : keeper_(keeper) {}
  void OnAccounted(const DatasetResult& so_far, PassPoint point) override {
    keeper_.OnAccounted(so_far, point);
  }

 private:
  CheckpointKeeper& keeper_;
};

// The run is over: a failed checkpoint write is bad output; a run that
// ended whole needs its checkpoint no more (an interrupted one keeps it to
// be resumed).
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

// The keeper of --checkpoint: what never changes in the run (command line,
// settings, datasets, build), and the passes a resumed checkpoint already
// holds whole. Null, having said why, when a dataset cannot be read.
std::unique_ptr<CheckpointKeeper> MakeKeeper(
    const RunCommand::Options& o, const RunOptions& run,
    const std::vector<std::string>& args,
    std::vector<std::pair<std::string, std::string>> settings,
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

// Runs every dataset in turn, reporting each as it ends; stops after a pass
// that --strict or a signal stopped.
void RunDatasets(const RunCommand::Options& o, const RunOptions& run,
                 Observers& observers, Outputs& outputs, ExitCode& exit_code,
                 AbCheck* ab = nullptr,
                 std::optional<double> max_slowdown = std::nullopt,
                 std::vector<std::string>* held_errors = nullptr,
                 const Resumption& resumption = {}) {
  const Manifest manifest = CurrentManifest();
  for (size_t index = 0; index < o.datasets.size(); ++index) {
    const std::string& path = o.datasets[index];
    if (InterruptSignal() != 0) {
      SayNotStarted(o.datasets, path);
      break;
    }
    if (ab != nullptr) ab->StartDataset();
    DatasetPass pass;
    try {
      const std::optional<PassResume> resume = resumption.PassOf(index);
      if (resumption.Done(index)) {
        pass = resumption.Replay(index);
      } else {
        pass = o.repeat > 1
                   ? RunRounds(path, run, o.repeat, observers)
                   : RunOnce(path, run, observers, resume ? &*resume : nullptr);
      }
    } catch (const InputError& error) {
      // Under mpirun every rank may fail alike: rank 0 says it once.
      if (held_errors != nullptr) {
        held_errors->push_back(error.what());
      } else {
        std::cerr << "bench: " << error.what() << '\n';
      }
      exit_code.Raise(kExitUsage);
      continue;
    }
    if (pass.rounds_differ) exit_code.Raise(kExitFailure);
    const DatasetResult& result = pass.result;
    outputs.ReportPass(
        resumption.Done(index) ? resumption.from->stats.manifest : manifest,
        result, pass.rows);
    // Replayed passes are in the checkpoint already.
    if (resumption.keeper != nullptr && !resumption.Done(index)) {
      resumption.keeper->PassDone(result);
    }
    if (!o.quiet) outputs.console() << pass.repeat_notes;
    if (!o.quiet) outputs.console() << RoundTripNote(run.strategies);
    if (ab != nullptr) {
      exit_code.Raise(
          ab->Report(outputs.console(), std::cerr, path, max_slowdown));
    }
    if (!result.read_error.empty() && held_errors != nullptr) {
      held_errors->push_back(result.read_error);
    } else if (!result.read_error.empty()) {
      std::cerr << "bench: " << result.read_error << '\n';
      exit_code.Raise(kExitUsage);
    }
    if (result.stopped_at_line_cap) {
      std::cerr << "bench: " << path << ":" << result.lines_read
                << ": stopped after " << result.lines_read
                << " lines (--lines); the rest was not read\n";
    }
    if (result.wrong_answers > 0 || result.disagreements > 0) {
      exit_code.Raise(kExitFailure);
    }
    // A puzzle a process strategy left unanswered: the run did not answer
    // everything it was asked.
    for (const StrategyStats& s : result.stats) {
      if (s.count(Verdict::kError) > 0) exit_code.Raise(kExitFailure);
    }
    if (result.stopped_strict) {
      std::cerr << "bench: stopped at the first bad line (--strict)\n";
      exit_code.Raise(kExitUsage);
      break;
    }
    if (!result.complete()) {
      std::cerr << "bench: " << path << ": interrupted; the reports cover "
                << "lines 1.." << result.lines_read << " (last puzzle line "
                << result.last_line << ") and say complete=false\n";
      SayNotStarted(o.datasets, path, 1);
      break;
    }
  }
}

}  // namespace

std::string BenchVersion() {
  const Manifest m = CurrentManifest();
  return "bench " + m.version + " (" + m.git_revision + ", " + m.compiler + ")";
}

void RunCommand::Setup(CLI::App& app) {
  options_.threads =
      static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  AddSelectionOptions(app);
  AddSearchOptions(app);
  AddOutputOptions(app);
  AddSplitAndPairOptions(app);
}

// What runs: datasets, and strategies built in, loaded or started.
void RunCommand::AddSelectionOptions(CLI::App& app) {
  Options& o = options_;
  app.add_option(
      "datasets", o.datasets,
      "Dataset files: 81-character puzzle lines or Kaggle CSV, "
      "optionally gzip/xz/zstd compressed; '-' reads standard input");
  app.add_flag("--list", o.list,
               "List the registered strategies (name, then summary) and exit");
  app.add_option("-s,--strategy", o.strategies,
                 "Strategies to run, comma-separated, or 'all' (every one: "
                 "built in, loaded or --exec). Built in: " +
                     BuiltInNames() + "; --plugin and --exec add more")
      ->delimiter(',')
      ->allow_extra_args(false)  // "-s a FILE": FILE is a dataset
      ->capture_default_str();
  app.add_option("--plugin", o.plugins,
                 "Load strategies from a shared library that implements "
                 "strategies/sudoku_strategy_abi.h (repeatable); they are "
                 "then selectable by name, part of 'all' and shown by --list. "
                 "LABEL=PATH (LABEL of letters, digits, '_', '-') names them "
                 "LABEL:NAME, so two builds can run side by side")
      ->allow_extra_args(false);
  app.add_option("--exec", o.execs,
                 "NAME=COMMAND: a strategy that is a process (repeatable), "
                 "selectable by NAME like the others: /bin/sh -c COMMAND is "
                 "started once per worker thread and answers one puzzle per "
                 "line (protocol: README, 'Any language'); its time per "
                 "puzzle is the round trip. A puzzle it does not answer (it "
                 "died, answered garbage or timed out) is counted in 'errors' "
                 "with file:line, the process is restarted, the run goes on, "
                 "and the exit code is 1")
      ->allow_extra_args(false);
  app.add_option("--exec-timeout", o.exec_timeout,
                 "Seconds an --exec process may take over one puzzle before "
                 "it is killed and the puzzle counted as an error (a fresh "
                 "process gets 10 s more for its first answer, to start)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
}

// How each puzzle is searched, and by how many threads.
void RunCommand::AddSearchOptions(CLI::App& app) {
  Options& o = options_;
  app.add_option("-t,--threads", o.threads,
                 "Worker threads (default: all cores)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  max_nodes_option_ =
      app.add_option("--max-nodes", o.max_nodes,
                     "Node budget per puzzle and strategy; a puzzle that needs "
                     "more counts as over budget (default: no budget)");
  app.add_option("--limit", o.limit,
                 "1: stop at the first solution; 2: prove uniqueness where "
                 "the strategy can count solutions")
      ->check(CLI::IsMember({1u, 2u}))
      ->capture_default_str();
  app.add_flag("--strict", o.strict,
               "Stop at the first malformed line or invalid puzzle (exit 2)");
  app.add_flag("--parse-only", o.parse_only,
               "Only read and parse (measures input speed); solves nothing");
  app.add_option("--batch", o.batch, "Puzzle lines per pipeline batch")
      ->check(CLI::Range(size_t{1}, size_t{1} << 20))
      ->capture_default_str();
  app.add_option("--repeat", o.repeat,
                 "Run each (dataset, strategy) N times, each in a pass of its "
                 "own, interleaved across strategies; puzzles/s is then the "
                 "median, with min and max in the CSV. Node counts and "
                 "outcomes must not change between rounds (exit 1)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  app.add_option("--lines", o.lines,
                 "Read at most N lines of each dataset (0: all), so that an "
                 "endless input such as /dev/urandom or a pipe ends; a stop "
                 "with input left is reported on standard error")
      ->capture_default_str();
  app.add_option("--max-expansion", o.max_expansion,
                 "Stop reading a compressed dataset (exit 2) once it has "
                 "decoded over 1 GiB and over R times its compressed bytes "
                 "read, a likely compression bomb; 0: no limit")
      ->capture_default_str();
}

// What is written, and what the person at the terminal sees.
void RunCommand::AddOutputOptions(CLI::App& app) {
  Options& o = options_;
  app.add_option("--csv", o.csv,
                 "Write the report as CSV (one row per dataset and "
                 "strategy); '-' writes it to standard output (for --csv, "
                 "--per-puzzle, --solutions and --stats alike, one at a "
                 "time: the console table then goes to standard error)");
  app.add_option("--html", o.html,
                 "Write a self-contained HTML report with charts (outcomes, "
                 "cactus plot, time and node distributions, --slowest "
                 "puzzles, manifest), written when the run ends");
  app.add_option("--per-puzzle", o.per_puzzle,
                 "Write file,line,strategy,outcome,ns,nodes for every line "
                 "('-': standard output)");
  app.add_option("--solutions", o.solutions,
                 "Write puzzle:count:solution per puzzle, from the first "
                 "strategy, in input order ('-': standard output)");
  app.add_option("--slowest", o.slowest,
                 "Show the K costliest puzzles per strategy with their lines")
      ->capture_default_str();
  app.add_option("--max-messages", o.max_messages,
                 "Bad lines (and, separately, wrong answers) shown per dataset "
                 "on standard error; all are counted")
      ->capture_default_str();
  app.add_option("--progress", o.progress,
                 "Progress on standard error: auto (only on a terminal), "
                 "always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  app.add_flag("-q,--quiet", o.quiet, "No console table");
}

// Runs split over jobs (--shard) or paired build against build (--ab).
void RunCommand::AddSplitAndPairOptions(CLI::App& app) {
  Options& o = options_;
  app.add_option(
      "--ab", o.ab,
      "A,B: run exactly these two strategies (built in, --plugin or --exec; "
      "-s is not used), interleaved per puzzle on the same threads "
      "with the order alternated per batch; check that they search "
      "identically (exit 1 if not) and print B's throughput "
      "relative to A with a 95% confidence interval");
  max_slowdown_option_ =
      app.add_option("--max-slowdown", o.max_slowdown,
                     "With --ab: exit 1 when the whole interval says B is "
                     "more than P percent slower than A (negative: demand "
                     "that B be faster); exit 3 when there are too few "
                     "batches for an interval")
          ->check(CLI::Range(-99.0, 1e6));
  app.add_option("--shard", o.shard,
                 "K/N: process only part K of N (K counted from 1: 1/3, 2/3, "
                 "3/3) of every dataset, split into line-aligned byte ranges "
                 "(compressed files by compressed bytes); line numbers stay "
                 "the file's own and the whole file is still hashed. Writes "
                 "the mergeable statistics to --stats (default: the --csv "
                 "path + .stats.json); `bench merge` combines the parts. "
                 "Per-puzzle and solutions files of parts 1..N concatenated "
                 "in order are the single run's. Not with standard input, "
                 "--repeat, --ab, --parse-only or --strict");
  app.add_option("--checkpoint", o.checkpoint,
                 "Keep a checkpoint in FILE (JSON, written atomically): how "
                 "far each dataset is accounted, the statistics so far, the "
                 "datasets' SHA-256, the settings and the build; written "
                 "every --checkpoint-every seconds, after each dataset and on "
                 "SIGINT/SIGTERM, removed when the run ends whole. Not with "
                 "standard input, '-' outputs, --repeat, --ab, --shard or "
                 "mpirun");
  checkpoint_every_option_ =
      app.add_option("--checkpoint-every", o.checkpoint_every,
                     "Seconds between checkpoints (0: after every batch)")
          ->check(CLI::Range(0.0, 1e9))
          ->capture_default_str();
  app.add_option("--resume", o.resume,
                 "Continue the run whose checkpoint is FILE: `bench --resume "
                 "FILE` alone reruns its command line; the datasets must be "
                 "unchanged (size and SHA-256), the settings and the build "
                 "the same (else exit 2, saying which). Per-puzzle and "
                 "solutions files are cut back to the checkpoint and "
                 "continued; the reports equal an uninterrupted run's");
  app.add_option("--stats", o.stats,
                 "Write the run's mergeable statistics (counts, histograms, "
                 "slowest puzzles, settings; JSON, see README) for `bench "
                 "merge`");
}

namespace {

// Under mpirun every rank checks the same options and loads the same
// strategies: rank 0 alone says what is wrong with them, so the job says it
// once. Restored when the ranks start their own work.
class OnlyRootComplains {
 public:
  explicit OnlyRootComplains(const RankGroup* ranks)
      : silenced_(ranks != nullptr && ranks->rank() != 0) {
    if (silenced_) saved_ = std::cerr.rdbuf(nullptr);
  }
  ~OnlyRootComplains() { Release(); }
  void Release() {
    if (silenced_) std::cerr.rdbuf(saved_);  // also clears the bad state
    silenced_ = false;
  }

 private:
  bool silenced_;
  std::streambuf* saved_ = nullptr;
};

}  // namespace

int RunCommand::Execute() {
  const Options& o = options_;
  OnlyRootComplains only_root(ranks_);
  if (!LoadStrategies()) return kExitUsage;
  if (o.list) {
    ListStrategies();
    return kExitOk;
  }
  if (o.datasets.empty()) {
    std::cerr << "bench: no dataset given (see --help)\n";
    return kExitUsage;
  }
  if (o.repeat > 1 &&
      (o.parse_only || !o.per_puzzle.empty() || !o.solutions.empty())) {
    std::cerr << "bench: --repeat measures strategies; it does not combine "
                 "with --parse-only, --per-puzzle or --solutions\n";
    return kExitUsage;
  }
  if (!OneStdout()) return kExitUsage;
  RunOptions run = MakeRunOptions();
  std::string stats_path;
  if (!ResolveShard(run, stats_path)) return kExitUsage;
  std::vector<const Strategy*> ab_pair;
  if (!ResolveAb(ab_pair)) return kExitUsage;
  if (ranks_ != nullptr) {
    only_root.Release();
    return ExecuteRanks(run);
  }
  if (!ab_pair.empty()) {
    run.strategies = ab_pair;
    run.alternate_order = true;
  }
  std::optional<Checkpoint> resumed;
  if (!ResolveCheckpoint(run, resumed)) return kExitUsage;
  const bool show_progress =
      o.progress == "always" || (o.progress == "auto" && isatty(STDERR_FILENO));
  Observers observers(o.max_messages, show_progress);
  Outputs outputs;
  if (resumed) outputs.ContinueFiles(resumed->outputs);
  if (!outputs.Open(o, StrategyNames(run), observers,
                    run.shard.index == 1 && !resumed) ||
      (!stats_path.empty() && !outputs.OpenStats(stats_path, run))) {
    return kExitUsage;
  }
  ExitCode exit_code;
  std::unique_ptr<CheckpointKeeper> keeper;
  if (!o.checkpoint.empty()) {
    keeper = MakeKeeper(o, run, args_, CheckpointSettings(run), resumed,
                        outputs, exit_code);
    if (keeper == nullptr) return kExitUsage;
    observers.Add(std::make_unique<ForwardAccounted>(*keeper));
  }
  const Resumption resumption{resumed ? &*resumed : nullptr, keeper.get()};
  if (!ab_pair.empty()) {
    auto ab = std::make_unique<AbCheck>(std::string(ab_pair[0]->name),
                                        std::string(ab_pair[1]->name),
                                        run.batch_size);
    AbCheck* check = ab.get();
    observers.Add(std::move(ab));
    RunDatasets(o, run, observers, outputs, exit_code, check,
                max_slowdown_option_->count()
                    ? std::optional<double>(o.max_slowdown)
                    : std::nullopt);
  } else {
    RunDatasets(o, run, observers, outputs, exit_code, nullptr, std::nullopt,
                nullptr, resumption);
  }
  outputs.Finish(exit_code);
  if (keeper != nullptr) FinishCheckpoint(*keeper, exit_code);
  // Interrupted, the reports are partial whatever they found: the code says
  // so first (128 + the signal), as a shell's would.
  if (const int signal = InterruptSignal(); signal != 0) {
    return InterruptExitCode(signal);
  }
  return exit_code.code();
}

std::vector<std::pair<std::string, std::string>> RunCommand::CheckpointSettings(
    const RunOptions& run) const {
  const Options& o = options_;
  std::string datasets, strategies;
  for (const std::string& d : o.datasets) datasets += d + "\n";
  for (const ShardStrategy& s : SettingsOf(run).strategies) {
    strategies += s.name + " (" + s.origin + " " + s.sha256 + ")\n";
  }
  return {{"datasets", datasets},
          {"strategies", strategies},
          {"limit", std::to_string(run.solution_limit)},
          {"max_nodes", std::to_string(run.max_nodes)},
          {"slowest", std::to_string(run.slowest)},
          {"batch", std::to_string(run.batch_size)},
          {"strict", run.strict ? "yes" : "no"},
          {"parse_only", o.parse_only ? "yes" : "no"},
          {"csv", o.csv},
          {"per_puzzle", o.per_puzzle},
          {"solutions", o.solutions},
          {"stats", o.stats},
          {"checkpoint", o.checkpoint},
          {"lines", std::to_string(o.lines)},
          {"max_expansion", std::to_string(o.max_expansion)}};
}

bool RunCommand::ResolveCheckpoint(RunOptions& run,
                                   std::optional<Checkpoint>& resumed) {
  Options& o = options_;
  if (!o.resume.empty() && o.checkpoint.empty()) o.checkpoint = o.resume;
  if (o.checkpoint.empty()) {
    if (checkpoint_every_option_->count() == 0) return true;
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
    const std::string why =
        ResumeRefusal(*resumed, CheckpointSettings(run),
                      DatasetIdentities(o.datasets), CurrentManifest());
    if (!why.empty()) throw CheckpointError(why);
  } catch (const std::runtime_error& error) {
    std::cerr << "bench: --resume " << o.resume << ": refused: " << error.what()
              << '\n';
    return false;
  }
  return true;
}

void RunCommand::SetArgs(std::vector<std::string> args) {
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
  args_ = std::move(args);
}

bool RunCommand::OneStdout() const {
  const Options& o = options_;
  std::vector<std::string> named;
  if (o.csv == "-") named.push_back("--csv");
  if (o.per_puzzle == "-") named.push_back("--per-puzzle");
  if (o.solutions == "-") named.push_back("--solutions");
  if (o.stats == "-") named.push_back("--stats");
  if (o.html == "-") named.push_back("--html");
  if (named.size() < 2) return true;
  std::cerr << "bench: " << named[0] << " - and " << named[1]
            << " - would mix in standard output; give one of them a file\n";
  return false;
}

bool RunCommand::LoadStrategies() {
  for (const std::string& path : options_.plugins) {
    std::string error;
    if (!plugins_.Load(path, AllStrategies(), error)) {
      std::cerr << "bench: " << error << '\n';
      return false;
    }
  }
  for (const Strategy& s : AllStrategies()) strategies_.push_back(&s);
  for (const Strategy& s : plugins_.strategies()) strategies_.push_back(&s);
  if (!AddProcessStrategies()) return false;
  for (const std::string& name : options_.strategies) {
    if (name == "all" || FindLoaded(name) != nullptr) continue;
    std::string choices = "all";
    for (const Strategy* s : strategies_)
      choices += ", " + std::string(s->name);
    std::cerr << "bench: --strategy: no strategy named '" << name
              << "' (choose from " << choices << ")\n";
    return false;
  }
  return true;
}

bool RunCommand::AddProcessStrategies() {
  for (const std::string& spec : options_.execs) {
    std::string error;
    if (!processes_.Add(spec, options_.exec_timeout, strategies_, error)) {
      std::cerr << "bench: " << error << '\n';
      return false;
    }
  }
  for (const Strategy& s : processes_.strategies()) strategies_.push_back(&s);
  return true;
}

bool RunCommand::ResolveAb(std::vector<const Strategy*>& pair) const {
  const Options& o = options_;
  if (o.ab.empty()) {
    if (max_slowdown_option_->count() == 0) return true;
    std::cerr << "bench: --max-slowdown judges an --ab run; give --ab A,B\n";
    return false;
  }
  const size_t comma = o.ab.find(',');
  const std::string a = o.ab.substr(0, comma);
  const std::string b =
      comma == std::string::npos ? "" : o.ab.substr(comma + 1);
  if (a.empty() || b.empty() || b.find(',') != std::string::npos) {
    std::cerr << "bench: --ab takes two strategy names, A,B (got '" << o.ab
              << "')\n";
    return false;
  }
  if (a == b) {
    std::cerr << "bench: --ab " << o.ab
              << ": one strategy against itself; load the plugin twice under "
                 "two labels (--plugin base=PATH --plugin new=PATH)\n";
    return false;
  }
  for (const std::string& name : {a, b}) {
    const Strategy* s = FindLoaded(name);
    if (s == nullptr) {
      std::cerr << "bench: --ab: no strategy named '" << name
                << "' (see --list)\n";
      return false;
    }
    pair.push_back(s);
  }
  if (o.repeat > 1 || o.parse_only) {
    std::cerr << "bench: --ab runs one interleaved pass; it does not combine "
                 "with --repeat or --parse-only\n";
    return false;
  }
  return true;
}

bool RunCommand::ResolveShard(RunOptions& run, std::string& stats_path) const {
  const Options& o = options_;
  stats_path = o.stats;
  if (o.shard.empty()) return true;
  std::string error;
  const auto shard = ParseShard(o.shard, error);
  if (!shard) {
    std::cerr << "bench: " << error << '\n';
    return false;
  }
  run.shard = *shard;
  if (o.lines != 0) {
    // A part that stops at the cap has not hashed the whole file, so its
    // dataset_sha256 would not be the file's and no merge could take it.
    std::cerr << "bench: --shard reads every line of its part; it does not "
                 "combine with --lines\n";
    return false;
  }
  if (o.repeat > 1 || !o.ab.empty() || o.parse_only || o.strict) {
    std::cerr << "bench: --shard splits one pass; it does not combine with "
                 "--repeat, --ab, --parse-only or --strict\n";
    return false;
  }
  for (const std::string& path : o.datasets) {
    if (path == "-") {
      std::cerr << "bench: --shard " << o.shard
                << ": standard input cannot be split; give a file\n";
      return false;
    }
  }
  if (stats_path.empty() && !o.csv.empty()) stats_path = o.csv + ".stats.json";
  if (stats_path.empty()) {
    std::cerr << "bench: --shard " << o.shard
              << " needs --stats FILE (or --csv FILE) for `bench merge`\n";
    return false;
  }
  return true;
}

const Strategy* RunCommand::FindLoaded(std::string_view name) const {
  for (const Strategy* s : strategies_) {
    if (s->name == name) return s;
  }
  return nullptr;
}

// One line per strategy: name, summary, and where it came from.
void RunCommand::ListStrategies() const {
  size_t width = 0;
  for (const Strategy* s : strategies_) width = std::max(width, s->name.size());
  for (const Strategy* s : strategies_) {
    std::cout << s->name << std::string(width - s->name.size() + 2, ' ')
              << s->summary << "  ["
              << (s->origin.empty() ? kBuiltIn : s->origin)
              << (s->origin_sha256.empty()
                      ? ""
                      : ", sha256 " +
                            std::string(s->origin_sha256.substr(0, 12)))
              << "]\n";
  }
}

RunOptions RunCommand::MakeRunOptions() const {
  const Options& o = options_;
  RunOptions run;
  if (!o.parse_only) {
    for (const std::string& name : o.strategies) {
      if (name == "all") {
        for (const Strategy* s : strategies_) run.strategies.push_back(s);
      } else {
        run.strategies.push_back(FindLoaded(name));
      }
    }
    // A strategy named twice (or in "all" and by name) runs once.
    std::vector<const Strategy*> unique;
    for (const Strategy* s : run.strategies) {
      if (std::find(unique.begin(), unique.end(), s) == unique.end()) {
        unique.push_back(s);
      }
    }
    run.strategies = unique;
  }
  run.solution_limit = o.limit;
  run.max_nodes = max_nodes_option_->count() ? o.max_nodes : kUnlimitedNodes;
  run.threads = o.threads;
  run.batch_size = o.batch;
  run.slowest = o.slowest;
  run.strict = o.strict;
  run.max_lines = o.lines;
  run.max_expansion = o.max_expansion;
  return run;
}

// mpirun -np N bench: each rank runs its part as --shard K/N does; rank 0
// merges the parts' stats with MergeShards, as `bench merge` does.
namespace {

// Joins every rank's part of `path` into it, in line order.
void JoinParts(const std::string& path, PartFile file,
               const std::vector<std::string>& marks, ExitCode& exit_code) {
  if (path.empty()) return;
  std::string error;
  if (!JoinRankParts(path, file, marks, error)) {
    std::cerr << "bench: " << error << '\n';
    exit_code.Raise(kExitUsage);
  }
}

// Rank 0 opens the report files it writes at the end before any rank
// solves, as a single process does, so an unwritable path costs no run.
bool CanWriteReports(const RunCommand::Options& o) {
  for (const std::string& path : {o.csv, o.stats, o.html}) {
    if (path.empty() || path == "-") continue;
    if (!std::ofstream(path, std::ios::trunc)) {
      std::cerr << "bench: cannot write " << path << ": "
                << std::strerror(errno) << '\n';
      return false;
    }
  }
  return true;
}

// "mpi: 2 ranks x 1 threads on a:2": the job's shape, also in the CSV's
// ranks and hosts columns.
std::string JobNote(const Manifest& manifest, int threads) {
  return "  mpi: " + std::to_string(manifest.ranks) + " ranks x " +
         std::to_string(threads) + " threads on " + manifest.hosts + "\n";
}

// What the single run's exit code would have said of a merged dataset.
void RaiseForResult(const DatasetResult& result, ExitCode& exit_code) {
  if (result.wrong_answers > 0 || result.disagreements > 0) {
    exit_code.Raise(kExitFailure);
  }
  for (const StrategyStats& s : result.stats) {
    if (s.count(Verdict::kError) > 0) exit_code.Raise(kExitFailure);
  }
}

// Rank 0: merges the ranks' stats into the single run and reports it as a
// single process would have; returns the exit code that run would have had.
int ReportMerged(const RunCommand::Options& o, const RunOptions& run,
                 const std::vector<std::string>& parts_json,
                 const std::vector<std::string>& marks) {
  ExitCode exit_code;
  ShardPart whole;
  try {
    std::vector<ShardPart> parts;
    std::vector<std::string> names;
    for (size_t r = 0; r < parts_json.size(); ++r) {
      names.push_back("rank " + std::to_string(r));
      parts.push_back(ParseShardStats(parts_json[r], names.back()));
    }
    whole = MergeShards(parts, names);
  } catch (const ShardStatsError& error) {
    std::cerr << "bench: " << error.what() << '\n';
    RemoveRankParts(o.per_puzzle, static_cast<uint32_t>(parts_json.size()));
    RemoveRankParts(o.solutions, static_cast<uint32_t>(parts_json.size()));
    return kExitUsage;
  }
  Observers unused(0, false);
  Outputs outputs;
  RunCommand::Options report = o;  // the table and the CSV, nothing else
  report.per_puzzle.clear();
  report.solutions.clear();
  if (!outputs.Open(report, {}, unused) ||
      (!o.stats.empty() && !outputs.OpenStats(o.stats, run))) {
    return kExitUsage;
  }
  for (size_t d = 0; d < whole.datasets.size(); ++d) {
    outputs.ReportPass(whole.manifest, whole.datasets[d], ShardRows(whole, d));
    if (!o.quiet) std::cout << RoundTripNote(run.strategies);
    RaiseForResult(whole.datasets[d], exit_code);
  }
  outputs.Finish(exit_code);
  if (!o.quiet) std::cout << JobNote(whole.manifest, run.threads);
  JoinParts(o.per_puzzle, PartFile::kPerPuzzle, marks, exit_code);
  JoinParts(o.solutions, PartFile::kSolutions, marks, exit_code);
  return exit_code.code();
}

}  // namespace

int RunCommand::ReduceRanks(const RunOptions& run,
                            const std::vector<std::string>& held_errors,
                            const std::string& stats, const std::string& marks,
                            int local_code) {
  const Options& o = options_;
  const bool root = ranks_->rank() == 0;
  // Every rank learns whether any failed before anything is merged, so a
  // file one rank could not read ends the whole job, said once.
  if (ranks_->MaxOverRanks(held_errors.empty() ? 0 : 1) != 0) {
    const std::vector<std::string> errors =
        ranks_->GatherToRoot(held_errors.empty() ? "" : held_errors.front());
    for (const std::string& error : errors) {
      if (error.empty()) continue;
      std::cerr << "bench: " << error << '\n';
      break;
    }
    RemoveRankPart(o.per_puzzle, run.shard);
    RemoveRankPart(o.solutions, run.shard);
    return kExitUsage;
  }
  const std::vector<std::string> parts = ranks_->GatherToRoot(stats);
  const std::vector<std::string> all_marks = ranks_->GatherToRoot(marks);
  const bool unwritten =
      ranks_->MaxOverRanks(local_code == kExitUsage ? 1 : 0) != 0;
  int code = kExitOk;
  if (root) {
    RunOptions whole = run;
    whole.shard = Shard{};
    code = ReportMerged(o, whole, parts, all_marks);
    if (unwritten && code != kExitFailure) code = kExitUsage;
  }
  return ranks_->FromRoot(code);
}

bool RunCommand::ResolveRanks(RunOptions& run) const {
  const Options& o = options_;
  const bool speaks = ranks_->rank() == 0;
  std::string refusal;
  if (!o.shard.empty()) {
    refusal = "--shard does not combine with mpirun: the ranks are the parts";
  } else if (o.repeat > 1 || !o.ab.empty() || o.parse_only || o.strict) {
    refusal =
        "under mpirun the ranks split one pass; --repeat, --ab, "
        "--parse-only and --strict do not combine with it";
  } else if (!o.checkpoint.empty() || !o.resume.empty()) {
    refusal = "--checkpoint and --resume do not combine with mpirun";
  } else if (o.lines != 0) {
    refusal =
        "under mpirun every rank reads its whole part (and hashes the whole "
        "file); --lines does not combine with it";
  } else if (Outputs::UsesStdout(o)) {
    refusal =
        "under mpirun the outputs are files ('-', standard output, is not "
        "joined across ranks)";
  }
  for (const std::string& path : o.datasets) {
    // Each rank opens the dataset itself: a pipe or device would give each
    // its own bytes. A missing file is left to the open, which says so.
    std::error_code error;
    if (refusal.empty() && path != "-" &&
        std::filesystem::exists(path, error) &&
        !std::filesystem::is_regular_file(path, error)) {
      refusal = "under mpirun a dataset is a regular file or '-': " + path +
                " is neither (each rank would read its own bytes)";
    }
  }
  const bool reads_stdin =
      std::find(o.datasets.begin(), o.datasets.end(), "-") != o.datasets.end();
  if (reads_stdin && refusal.empty() && !ranks_->AnyThreadMayCall()) {
    refusal =
        "under mpirun standard input needs an MPI library with "
        "MPI_THREAD_SERIALIZED (a oneTBB thread reads and broadcasts it); "
        "this one lacks it: give a file";
  }
  if (!refusal.empty()) {
    if (speaks) std::cerr << "bench: " << refusal << '\n';
    return false;
  }
  run.shard = Shard{static_cast<uint32_t>(ranks_->rank() + 1),
                    static_cast<uint32_t>(ranks_->size())};
  run.split_streams_by_blocks = true;
  RankGroup* ranks = ranks_;
  run.open_stdin = [ranks] { return ranks->StdinOfRoot(); };
  return true;
}

int RunCommand::ExecuteRanks(RunOptions run) {
  if (!ResolveRanks(run)) return kExitUsage;
  const Options& o = options_;
  const bool root = ranks_->rank() == 0;
  Options mine = o;  // this rank's files: no table or CSV, its own parts
  mine.quiet = true;
  mine.csv.clear();
  mine.html.clear();
  if (!o.per_puzzle.empty())
    mine.per_puzzle = RankPartPath(o.per_puzzle, run.shard);
  if (!o.solutions.empty())
    mine.solutions = RankPartPath(o.solutions, run.shard);
  const bool show_progress =
      root && (o.progress == "always" ||
               (o.progress == "auto" && isatty(STDERR_FILENO)));
  ExitCode exit_code;
  std::vector<std::string> held_errors;
  std::ostringstream stats;
  PartMarks marks;
  {
    Observers observers(o.max_messages, show_progress);
    observers.SetMarks(&marks);
    Outputs outputs;
    const bool opened =
        outputs.Open(mine, StrategyNames(run), observers, root, &marks) &&
        (!root || CanWriteReports(o));
    // Any rank that cannot write ends every rank before the solving starts
    // (standard input is read by every rank in step: all run, or none).
    if (ranks_->MaxOverRanks(opened ? 0 : 1) != 0) {
      RemoveRankPart(o.per_puzzle, run.shard);
      RemoveRankPart(o.solutions, run.shard);
      return kExitUsage;
    }
    outputs.AddStats(stats, run);
    RunDatasets(mine, run, observers, outputs, exit_code, nullptr, std::nullopt,
                &held_errors);
    outputs.Finish(exit_code);
  }
  return ReduceRanks(run, held_errors, stats.str(), marks.Text(),
                     exit_code.code());
}

}  // namespace sudoku
