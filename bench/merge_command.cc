// `bench merge PART.stats.json...`: the report a single run would have
// written, from the stats files of its `bench --shard K/N` parts.
#include "bench/merge_command.h"

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "bench/run/exit_code.h"
#include "bench/run/outputs.h"
#include "engine/common/atomic_output.h"
#include "engine/common/exit_codes.h"
#include "engine/distributed/shard_stats.h"
#include "engine/report/console_reporter.h"
#include "engine/report/csv_reporter.h"
#include "engine/report/html_reporter.h"

namespace sudoku {
namespace {

ShardPart ReadPart(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  if (!file) throw ShardStatsError("cannot read " + path);
  return ParseShardStats(text.str(), path);
}

// What the single run's exit code would have said of its results.
int ResultCode(const DatasetResult& result) {
  if (!result.read_error.empty()) return kExitUsage;
  ExitCode code;
  RaiseForResult(result, false, code);
  return code.code();
}

}  // namespace

int MergeCommand::Execute() {
  const MergeCommandOptions& o = options_;
  std::vector<NamedPath> inputs;
  for (const std::string& path : o.parts) inputs.push_back({"the part", path});
  const NamedPath outputs[] = {{"--csv", o.csv}, {"--html", o.html}};
  if (OutputsClash("bench merge", inputs, outputs)) return kExitUsage;
  ShardPart whole;
  try {
    std::vector<ShardPart> parts;
    for (const std::string& path : o.parts) parts.push_back(ReadPart(path));
    whole = MergeShards(parts, o.parts);
  } catch (const ShardStatsError& error) {
    std::cerr << "bench merge: " << error.what() << '\n';
    return kExitUsage;
  }
  if (o.csv == "-" && o.html == "-") {
    std::cerr << "bench merge: --csv - and --html - would mix in standard "
                 "output; give one of them a file\n";
    return kExitUsage;
  }
  // Every file opened before any is written: one that cannot be refuses
  // the run with every target as it was.
  std::vector<std::unique_ptr<Reporter>> reporters;
  std::vector<std::unique_ptr<AtomicOutput>> files;
  const auto open = [&](const std::string& path) -> std::ostream* {
    if (path == "-") return &std::cout;
    std::string error;
    files.push_back(AtomicOutput::Open(path, error));
    if (files.back() != nullptr) return &files.back()->stream();
    std::cerr << "bench merge: " << error << '\n';
    return nullptr;
  };
  // With the report on standard output, the table goes to standard error.
  const bool data_on_stdout = o.csv == "-" || o.html == "-";
  if (!o.quiet) {
    reporters.push_back(std::make_unique<ConsoleReporter>(
        data_on_stdout ? std::cerr : std::cout));
  }
  if (!o.csv.empty()) {
    std::ostream* csv = open(o.csv);
    if (csv == nullptr) return kExitUsage;
    reporters.push_back(std::make_unique<CsvReporter>(*csv));
  }
  if (!o.html.empty()) {
    std::ostream* html = open(o.html);
    if (html == nullptr) return kExitUsage;
    reporters.push_back(std::make_unique<HtmlReporter>(*html));
  }
  int code = kExitOk;
  for (size_t d = 0; d < whole.datasets.size(); ++d) {
    const std::vector<ReportRow> rows = ShardRows(whole, d);
    for (auto& r : reporters)
      r->ReportPass(whole.manifest, whole.datasets[d], rows);
    const int result_code = ResultCode(whole.datasets[d]);
    if (code != kExitFailure && result_code != kExitOk) code = result_code;
  }
  for (auto& r : reporters) r->Finish();
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "bench merge: writing standard output failed\n";
    return kExitUsage;
  }
  for (const auto& file : files) {
    std::string error;
    if (!file->Flush(error)) {
      std::cerr << "bench merge: " << error << "; " << file->path()
                << " is left as it was\n";
      return kExitUsage;  // every file dropped: all or none
    }
  }
  for (const auto& file : files) {
    std::string error;
    if (!file->Commit(error)) {
      std::cerr << "bench merge: " << error << '\n';
      return kExitUsage;
    }
  }
  return code;
}

}  // namespace sudoku
