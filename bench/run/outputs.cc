// Everything a run writes, by its table of outputs: the console table, the
// CSV, HTML and stats reports, the per-puzzle and solutions files, the
// crash-time CSV; each checked as it is flushed.
#include "bench/run/outputs.h"

#include <fcntl.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

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
  if (row.writer == OutputWriter::kCheckpoint) return true;  // its keeper's
  if (row.writer == OutputWriter::kCrashCsv) {
    KeepCrashCsv(row.path, run, observers);
    return true;
  }
  std::ostream* out = OpenFile(row.path);
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
      observers.Add(std::make_unique<PerPuzzleWriter>(
          *out, StrategyNames(run), per_puzzle_header));
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

bool OutputsClash(const std::string& program,
                  std::span<const NamedPath> inputs,
                  std::span<const NamedPath> outputs) {
  const auto clash = FindPathClash(inputs, outputs);
  if (clash) std::cerr << program << ": " << DescribeClash(*clash) << '\n';
  return clash.has_value();
}

bool WriteOutputFile(const std::string& program, const std::string& path,
                     const std::function<void(std::ostream&)>& write) {
  std::ofstream file(path);
  if (file) write(file);
  file.flush();
  if (file) return true;
  std::cerr << program << ": cannot write " << path << '\n';
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
  // A second descriptor of the same file, for the handler's write(2): the
  // ofstream's buffer is lost with the process.
  const int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return;
  SetCrashCsvFile(fd);
  auto keeper = std::make_unique<CrashCsv>(run);
  crash_csv_ = keeper.get();
  observers.Add(std::move(keeper));
}

bool Outputs::Flush(ExitCode& exit_code) {
  bool good = true;
  for (auto& [name, file] : files_) good &= Checked(name, *file, exit_code);
  return good;
}

std::vector<std::pair<std::string, uint64_t>> Outputs::Lengths(
    const std::vector<std::string>& names) {
  std::vector<std::pair<std::string, uint64_t>> lengths;
  for (auto& [name, file] : files_) {
    if (std::find(names.begin(), names.end(), name) == names.end()) continue;
    lengths.emplace_back(name, static_cast<uint64_t>(file->tellp()));
  }
  return lengths;
}

void Outputs::Finish(ExitCode& exit_code) {
  for (auto& reporter : reporters_) reporter->Finish();
  Flush(exit_code);
  Checked("-", std::cout, exit_code);
}

std::ostream* Outputs::OpenFile(const std::string& path) {
  if (path == "-") {
    files_.emplace_back(path, &std::cout);
    return &std::cout;
  }
  auto file = std::make_unique<std::ofstream>();
  if (!Continue(path, *file)) return nullptr;
  if (!file->is_open()) file->open(path, std::ios::binary);
  if (!*file) {
    std::cerr << "bench: cannot write " << path << ": " << std::strerror(errno)
              << '\n';
    return nullptr;
  }
  files_.emplace_back(path, file.get());
  owned_.push_back(std::move(file));
  return owned_.back().get();
}

bool Outputs::Continue(const std::string& path, std::ofstream& file) {
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

bool Outputs::Checked(const std::string& name, std::ostream& out,
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

}  // namespace sudoku
