// Everything a run writes, by its table of outputs: the console table, the
// CSV, HTML and stats reports, the per-puzzle and solutions files, the
// crash-time CSV; each checked as it is flushed.
#include "bench/run/outputs.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "bench/run/crash_report.h"
#include "engine/distributed/shard_stats.h"
#include "engine/report/console_reporter.h"
#include "engine/report/csv_reporter.h"
#include "engine/report/html_reporter.h"
#include "engine/report/puzzle_outputs.h"

namespace sudoku {
namespace {

// The names of the strategies run, in order: the per-puzzle file's columns.
std::vector<std::string> StrategyNames(const RunOptions& run) {
  std::vector<std::string> names;
  for (const Strategy* s : run.strategies) names.emplace_back(s->name);
  return names;
}

}  // namespace

bool Outputs::Open(std::span<const OutputFile> files, const RunOptions& run,
                   Observers& observers, bool per_puzzle_header,
                   PartMarks* marks) {
  console_ = StdoutOptions(files).empty() ? &std::cout : &std::cerr;
  for (const OutputFile& row : files) {
    if (!OpenRow(row, run, observers, per_puzzle_header, marks)) return false;
  }
  return true;
}

bool Outputs::OpenRow(const OutputFile& row, const RunOptions& run,
                      Observers& observers, bool per_puzzle_header,
                      PartMarks* marks) {
  if (row.writer == OutputWriter::kConsoleTable) {
    reporters_.push_back(std::make_unique<ConsoleReporter>(*console_));
    has_console_ = true;
    return true;
  }
  if (row.writer == OutputWriter::kCheckpoint) {  // its keeper's
    std::string error;
    AtomicOutput::Options options;
    options.resolved = row.resolved;
    checkpoint_ = AtomicOutput::Open(row.path, options, error);
    if (checkpoint_ == nullptr) std::cerr << "bench: " << error << '\n';
    return checkpoint_ != nullptr;
  }
  if (row.writer == OutputWriter::kCrashCsv) {
    KeepCrashCsv(row.path, run, observers);
    return true;
  }
  std::ostream* out = OpenFile(row);
  if (out == nullptr) return false;
  switch (row.writer) {
    case OutputWriter::kCsv:
      reporters_.push_back(std::make_unique<CsvReporter>(*out));
      break;
    case OutputWriter::kHtml:
      reporters_.push_back(std::make_unique<HtmlReporter>(*out));
      break;
    case OutputWriter::kStats:
      reporters_.push_back(
          std::make_unique<ShardStatsWriter>(*out, run.shard, run));
      break;
    case OutputWriter::kPerPuzzle:
      observers.Add(std::make_unique<PerPuzzleWriter>(*out, StrategyNames(run),
                                                      per_puzzle_header));
      if (marks != nullptr) marks->Watch(PartFile::kPerPuzzle, *out);
      break;
    case OutputWriter::kSolutions:
      observers.Add(std::make_unique<SolutionsWriter>(*out));
      if (marks != nullptr) marks->Watch(PartFile::kSolutions, *out);
      break;
    default:
      break;
  }
  return true;
}

bool OutputsClash(const std::string& program, std::span<const NamedPath> inputs,
                  std::span<const NamedPath> outputs) {
  const auto clash = FindPathClash(inputs, outputs);
  if (clash) std::cerr << program << ": " << DescribeClash(*clash) << '\n';
  return clash.has_value();
}

bool WriteOutputFile(const std::string& program, const std::string& path,
                     const std::function<void(std::ostream&)>& write,
                     bool append) {
  if (path == "-") {
    write(std::cout);
    std::cout.flush();
    if (std::cout) return true;
    std::cerr << program << ": writing standard output failed\n";
    return false;
  }
  std::string error;
  AtomicOutput::Options options;
  options.append = append;
  const auto file = AtomicOutput::Open(path, options, error);
  if (file != nullptr) {
    write(file->stream());
    if (file->Commit(error)) return true;
  }
  std::cerr << program << ": " << error << '\n';
  return false;
}

void Outputs::AddStats(std::ostream& out, const RunOptions& run) {
  reporters_.push_back(std::make_unique<ShardStatsWriter>(out, run.shard, run));
}

void Outputs::ReportPass(const Manifest& manifest, const DatasetResult& result,
                         const std::vector<ReportRow>& rows) {
  for (auto& reporter : reporters_)
    reporter->ReportPass(manifest, result, rows);
  if (crash_csv_ != nullptr) crash_csv_->PassDone(manifest, result, rows);
}

void Outputs::KeepCrashCsv(const std::string& path, const RunOptions& run,
                           Observers& observers) {
  // The handler's write(2) goes to the temporary's descriptor and renames
  // it (CommitOutputFromSignal): the stream's buffer is lost with the
  // process.
  const AtomicOutput* csv = FileOf(path);
  if (csv == nullptr || !csv->replaces()) return;
  SetCrashCsvFile(csv->descriptor());
  auto keeper = std::make_unique<CrashCsv>(run);
  crash_csv_ = keeper.get();
  observers.Add(std::move(keeper));
}

AtomicOutput* Outputs::FileOf(const std::string& path) const {
  for (const auto& file : owned_) {
    if (file->path() == path) return file.get();
  }
  return nullptr;
}

bool Outputs::Flush(ExitCode& exit_code) {
  bool good = true;
  for (auto& [name, file] : files_) good &= Checked(name, *file, exit_code);
  return good;
}

std::vector<std::pair<std::string, uint64_t>> Outputs::Lengths(
    const std::vector<std::string>& names) {
  std::vector<std::pair<std::string, uint64_t>> lengths;
  for (const std::string& name : names) {
    if (AtomicOutput* file = FileOf(name)) {
      lengths.emplace_back(name, file->position());
    }
  }
  return lengths;
}

std::map<std::string, std::string> Outputs::Temporaries(
    const std::vector<std::string>& names) const {
  std::map<std::string, std::string> temporaries;
  for (const std::string& name : names) {
    if (const AtomicOutput* file = FileOf(name)) {
      temporaries[name] = file->temporary();
    }
  }
  return temporaries;
}

void Outputs::Finish(ExitCode& exit_code) {
  for (auto& reporter : reporters_) reporter->Finish();
  Flush(exit_code);
  Checked("-", std::cout, exit_code);
  // All or none: a run whose one output failed replaces no target (each
  // is dropped, its target as it was).
  for (auto& file : owned_) {
    std::string error;
    if (!failed_.empty()) {
      file->Discard();
    } else if (!file->Commit(error)) {
      SayFailed(file->path(), error, exit_code);
    }
  }
}

std::ostream* Outputs::OpenFile(const OutputFile& row) {
  const std::string& path = row.path;
  if (path == "-") {
    files_.emplace_back(path, &std::cout);
    return &std::cout;
  }
  AtomicOutput::Options options;
  options.resolved = row.resolved;
  options.keep_on_signal =
      std::find(kept_.begin(), kept_.end(), path) != kept_.end();
  for (const auto& [name, length] : continued_) {
    if (name != path) continue;
    options.resume = true;
    options.continued_length = length;
    const auto temporary = continued_temporaries_.find(name);
    if (temporary != continued_temporaries_.end()) {
      options.continued = temporary->second;
    }
  }
  std::string error;
  auto file = AtomicOutput::Open(path, options, error);
  if (file == nullptr) {
    std::cerr << "bench: " << (options.resume ? "--resume: " : "") << error
              << '\n';
    return nullptr;
  }
  files_.emplace_back(path, &file->stream());
  owned_.push_back(std::move(file));
  return files_.back().second;
}

bool Outputs::Checked(const std::string& name, std::ostream& out,
                      ExitCode& exit_code) {
  if (AtomicOutput* file = FileOf(name)) {
    std::string error;
    if (file->Flush(error)) return true;
    SayFailed(name, error, exit_code);
    return false;
  }
  errno = 0;
  out.flush();
  if (out) return true;
  SayFailed(name,
            "writing " + (name == "-" ? std::string("standard output") : name) +
                " failed" +
                (errno != 0 ? std::string(": ") + std::strerror(errno) : ""),
            exit_code);
  return false;
}

void Outputs::SayFailed(const std::string& name, const std::string& why,
                        ExitCode& exit_code) {
  if (failed_.insert(name).second) {
    const AtomicOutput* file = FileOf(name);
    std::cerr << "bench: " << why << "; "
              << (file != nullptr && file->replaces()
                      ? name + " is left as it was"
                      : "the output is incomplete")
              << '\n';
  }
  exit_code.Raise(kExitUsage);
}

}  // namespace sudoku
