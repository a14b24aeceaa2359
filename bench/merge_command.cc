// `bench merge PART.stats.json...`: the report a single run would have
// written, from the stats files of its `bench --shard K/N` parts.
#include "bench/merge_command.h"

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "bench/run/exit_code.h"
#include "bench/run/outputs.h"
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
  std::vector<std::unique_ptr<Reporter>> reporters;
  if (!o.quiet)
    reporters.push_back(std::make_unique<ConsoleReporter>(std::cout));
  std::ofstream csv;
  if (!o.csv.empty()) {
    csv.open(o.csv);
    if (!csv) {
      std::cerr << "bench merge: cannot write " << o.csv << '\n';
      return kExitUsage;
    }
    reporters.push_back(std::make_unique<CsvReporter>(csv));
  }
  std::ofstream html;
  if (!o.html.empty()) {
    html.open(o.html);
    if (!html) {
      std::cerr << "bench merge: cannot write " << o.html << '\n';
      return kExitUsage;
    }
    reporters.push_back(std::make_unique<HtmlReporter>(html));
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
  csv.flush();
  if (!o.csv.empty() && !csv) {
    std::cerr << "bench merge: writing " << o.csv << " failed\n";
    return kExitUsage;
  }
  html.flush();
  if (!o.html.empty() && !html) {
    std::cerr << "bench merge: writing " << o.html << " failed\n";
    return kExitUsage;
  }
  return code;
}

}  // namespace sudoku
