// `bench compare BASELINE.csv CURRENT.csv`: a verdict on a run against a
// committed baseline, as a table, an exit code and JSON.
#include "bench/compare_command.h"

#include <fstream>
#include <functional>
#include <iostream>

#include "engine/common/exit_codes.h"
#include "engine/compare/benchmark_json.h"
#include "engine/compare/compare.h"
#include "engine/compare/compare_html.h"
#include "engine/compare/compare_json.h"
#include "engine/compare/compare_table.h"
#include "engine/report/csv_reader.h"

namespace sudoku {
namespace {

// Writes through `write` to `path`; false (and a message) when that fails.
bool WriteFile(const std::string& path,
               const std::function<void(std::ostream&)>& write) {
  std::ofstream file(path);
  if (file) write(file);
  file.flush();
  if (!file) {
    std::cerr << "bench compare: cannot write " << path << '\n';
    return false;
  }
  return true;
}

// A report of an interrupted run (complete=false) covers part of its
// datasets; compared with a whole one, every count would read as a
// regression, so it is refused, saying where it stopped.
bool RefusePartial(const std::string& path,
                   const std::vector<ReportEntry>& entries) {
  for (const ReportEntry& entry : entries) {
    if (entry.row.complete) continue;
    std::cerr << "bench compare: " << path << ":" << entry.line << ": "
              << entry.row.dataset << " " << entry.row.strategy
              << " is a partial report (the run was interrupted after line "
              << entry.row.last_line
              << "); resume it (bench --resume) or run it again\n";
    return false;
  }
  return true;
}

}  // namespace

int CompareCommand::Execute() {
  const CompareCommandOptions& o = options_;
  std::vector<ReportEntry> baseline, current;
  try {
    baseline = ReadCsvReportFile(o.baseline);
    current = ReadCsvReportFile(o.current);
  } catch (const ReportFormatError& error) {
    std::cerr << "bench compare: " << error.what() << '\n';
    return kExitUsage;
  }
  if (!RefusePartial(o.baseline, baseline) ||
      !RefusePartial(o.current, current)) {
    return kExitUsage;
  }
  CompareOptions options;
  options.max_slowdown = o.max_slowdown_pct / 100.0;
  options.min_repeats = o.min_repeats;
  options.gate_timing = !o.no_timing_gate;
  const Comparison comparison = CompareReports(baseline, current, options);

  std::cout << "bench compare: baseline " << o.baseline << ", current "
            << o.current << '\n';
  PrintComparison(std::cout, comparison);
  int exit_code = comparison.ExitCode();
  bool written = true;
  if (!o.json.empty()) {
    written &= WriteFile(o.json, [&](std::ostream& out) {
      WriteComparisonJson(out, comparison, o.baseline, o.current);
    });
  }
  if (!o.html.empty()) {
    written &= WriteFile(o.html, [&](std::ostream& out) {
      WriteComparisonHtml(out, comparison, baseline, current, o.baseline,
                          o.current);
    });
  }
  if (!o.bigger_is_better.empty()) {
    written &= WriteFile(o.bigger_is_better, [&](std::ostream& out) {
      WriteBenchmarkJson(out, current, /*bigger_is_better=*/true);
    });
  }
  if (!o.smaller_is_better.empty()) {
    written &= WriteFile(o.smaller_is_better, [&](std::ostream& out) {
      WriteBenchmarkJson(out, current, /*bigger_is_better=*/false);
    });
  }
  // A lost output is a broken CI step, but never hides a failed verdict.
  if (!written && exit_code == 0) exit_code = kExitUsage;
  return exit_code;
}

}  // namespace sudoku
