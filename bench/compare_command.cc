// `bench compare BASELINE.csv CURRENT.csv`: a verdict on a run against a
// committed baseline, as a table, an exit code and JSON.
#include "bench/compare_command.h"

#include <algorithm>
#include <functional>
#include <iostream>
#include <set>
#include <vector>

#include "engine/cli/output_files.h"
#include "engine/common/exit_codes.h"
#include "engine/compare/bencher_json.h"
#include "engine/compare/benchmark_json.h"
#include "engine/compare/compare.h"
#include "engine/compare/compare_html.h"
#include "engine/compare/compare_json.h"
#include "engine/compare/compare_markdown.h"
#include "engine/compare/compare_table.h"
#include "engine/report/csv_reader.h"
#include "engine/report/row_check.h"

namespace sudoku {

int CompareCommand::Execute() {
  const CompareCommandOptions& o = options_;
  const std::vector<NamedPath> inputs = {{"the baseline", o.baseline},
                                         {"the current report", o.current}};
  // Every output opened (and checked against the inputs) before anything
  // is read: one that cannot be refuses the run with every target as it
  // was, and all are replaced together at the end.
  std::vector<NamedPath> outputs;
  std::vector<std::function<void(std::ostream&)>> writers;
  std::set<size_t> appended;
  std::vector<ReportEntry> baseline, current;
  Comparison comparison;
  const auto add = [&](const char* option, const std::string& path,
                       std::function<void(std::ostream&)> write) {
    if (path.empty()) return;
    outputs.push_back({option, path});
    writers.push_back(std::move(write));
  };
  add("--json", o.json, [&](std::ostream& out) {
    WriteComparisonJson(out, comparison, o.baseline, o.current);
  });
  add("--html", o.html, [&](std::ostream& out) {
    WriteComparisonHtml(out, comparison, baseline, current, o.baseline,
                        o.current);
  });
  add("--bigger-is-better", o.bigger_is_better, [&](std::ostream& out) {
    WriteBenchmarkJson(out, current, /*bigger_is_better=*/true);
  });
  add("--smaller-is-better", o.smaller_is_better, [&](std::ostream& out) {
    WriteBenchmarkJson(out, current, /*bigger_is_better=*/false);
  });
  if (!o.markdown.empty()) appended.insert(outputs.size());
  add("--markdown", o.markdown, [&](std::ostream& out) {
    WriteComparisonMarkdown(out, comparison, o.baseline, o.current);
  });
  add("--bencher", o.bencher,
      [&](std::ostream& out) { WriteBencherJson(out, current); });
  OutputFiles files("bench compare", std::cout, std::cerr);
  if (!files.Open(inputs, outputs, appended)) return kExitUsage;
  try {
    baseline = ReadCsvReportFile(o.baseline);
    current = ReadCsvReportFile(o.current);
  } catch (const ReportFormatError& error) {
    std::cerr << "bench compare: " << error.what() << '\n';
    return kExitUsage;
  }
  for (const auto& [path, entries] :
       {std::pair(&o.baseline, &baseline), std::pair(&o.current, &current)}) {
    if (const std::string problem = UnusableReportProblem(*path, *entries);
        !problem.empty()) {
      std::cerr << "bench compare: " << problem << '\n';
      return kExitUsage;
    }
  }
  CompareOptions options;
  options.max_slowdown = o.max_slowdown_pct / 100.0;
  options.max_instructions = o.max_instructions_pct / 100.0;
  options.min_repeats = o.min_repeats;
  options.gate_timing = !o.no_timing_gate;
  comparison = CompareReports(baseline, current, options);

  // With an output on standard output, the table goes to standard error.
  const bool data_on_stdout = std::ranges::any_of(
      outputs, [](const NamedPath& output) { return output.path == "-"; });
  std::ostream& console = data_on_stdout ? std::cerr : std::cout;
  console << "bench compare: baseline " << o.baseline << ", current "
          << o.current << '\n';
  PrintComparison(console, comparison, BlessCommand(o.baseline, o.current));
  int exit_code = comparison.ExitCode();
  for (size_t i = 0; i < writers.size(); ++i) writers[i](files[i]);
  // A lost output is a broken CI step, but never hides a failed verdict.
  if (!files.Close() && exit_code == 0) exit_code = kExitUsage;
  return exit_code;
}

}  // namespace sudoku
