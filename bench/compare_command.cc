// `bench compare BASELINE.csv CURRENT.csv`: a verdict on a run against a
// committed baseline, as a table, an exit code and JSON.
#include "bench/compare_command.h"

#include <iostream>

#include "bench/run/outputs.h"
#include "bench/summary_file.h"
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
  const NamedPath inputs[] = {{"the baseline", o.baseline},
                              {"the current report", o.current}};
  const NamedPath outputs[] = {{"--json", o.json},
                               {"--html", o.html},
                               {"--bigger-is-better", o.bigger_is_better},
                               {"--smaller-is-better", o.smaller_is_better},
                               {"--bencher", o.bencher},
                               {"--markdown", o.markdown}};
  if (OutputsClash("bench compare", inputs, outputs)) return kExitUsage;
  std::vector<ReportEntry> baseline, current;
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
  const Comparison comparison = CompareReports(baseline, current, options);

  // With the summary on standard output, the table goes to standard error.
  std::ostream& console = o.markdown == "-" ? std::cerr : std::cout;
  console << "bench compare: baseline " << o.baseline << ", current "
          << o.current << '\n';
  PrintComparison(console, comparison, BlessCommand(o.baseline, o.current));
  int exit_code = comparison.ExitCode();
  bool written = true;
  if (!o.json.empty()) {
    written &= WriteOutputFile("bench compare", o.json, [&](std::ostream& out) {
      WriteComparisonJson(out, comparison, o.baseline, o.current);
    });
  }
  if (!o.html.empty()) {
    written &= WriteOutputFile("bench compare", o.html, [&](std::ostream& out) {
      WriteComparisonHtml(out, comparison, baseline, current, o.baseline,
                          o.current);
    });
  }
  if (!o.bigger_is_better.empty()) {
    written &= WriteOutputFile(
        "bench compare", o.bigger_is_better, [&](std::ostream& out) {
          WriteBenchmarkJson(out, current, /*bigger_is_better=*/true);
        });
  }
  if (!o.smaller_is_better.empty()) {
    written &= WriteOutputFile(
        "bench compare", o.smaller_is_better, [&](std::ostream& out) {
          WriteBenchmarkJson(out, current, /*bigger_is_better=*/false);
        });
  }
  if (!o.markdown.empty()) {
    written &=
        AppendSummary("bench compare", o.markdown, [&](std::ostream& out) {
          WriteComparisonMarkdown(out, comparison, o.baseline, o.current);
        });
  }
  if (!o.bencher.empty()) {
    written &= WriteOutputFile(
        "bench compare", o.bencher,
        [&](std::ostream& out) { WriteBencherJson(out, current); });
  }
  // A lost output is a broken CI step, but never hides a failed verdict.
  if (!written && exit_code == 0) exit_code = kExitUsage;
  return exit_code;
}

}  // namespace sudoku
