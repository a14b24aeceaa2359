// The loop over a plan's datasets: each passed by the mode's runner,
// reported as it ends, its problems raised in the exit code.
#include "bench/run/run_datasets.h"

#include <algorithm>
#include <iostream>

#include "engine/input/dataset.h"
#include "engine/input/input.h"
#include "engine/pipeline/interrupt.h"
#include "engine/pipeline/pipeline_reader.h"

namespace sudoku {
namespace {

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

// Under the table: a loaded or process strategy that does not promise to
// count solutions shows "solved" at --limit 2 beside strategies that prove
// uniqueness; say what its column means, unless a reference holds it.
std::string CountingNote(const RunOptions& run) {
  if (run.solution_limit < 2 || run.reference >= 0) return "";
  std::string names;
  for (const Strategy* s : run.strategies) {
    if (s->origin.empty() || s->Has(kCountsSolutions) ||
        s->Has(kSeedWholeTree)) {
      continue;
    }
    names += (names.empty() ? "" : ", ") + std::string(s->name);
  }
  if (names.empty()) return "";
  return "  NOTE: " + names +
         " does not promise to count solutions: at --limit 2 its 'solved' "
         "says a solution was found, not that it is the only one; "
         "--reference STRATEGY holds its counts to a built-in one\n";
}

// A dataset with lines meant as puzzles and not one of them read as a
// puzzle is in no layout bench reads: an input that cannot be read, not a
// run of zero puzzles. A part of a split run sees too little to say so.
bool NoPuzzleRead(const RunPlan& plan, const DatasetResult& result) {
  return plan.run.shard.whole() && !result.stopped_strict &&
         result.puzzle_lines > 0 && result.malformed == result.puzzle_lines;
}

// One pass reported: the reports, the notes under the table, what the mode
// adds, and the problems the pass met. False when the run stops here.
bool ReportDataset(const RunPlan& plan, PassRunner& runner,
                   const std::string& path, const DatasetPass& pass,
                   const Manifest& manifest, PassSinks sinks) {
  Outputs& outputs = sinks.outputs;
  ExitCode& exit_code = sinks.exit_code;
  const DatasetResult& result = pass.result;
  if (pass.rounds_differ) exit_code.Raise(kExitFailure);
  outputs.ReportPass(pass.replayed_by ? *pass.replayed_by : manifest, result,
                     pass.rows);
  if (outputs.has_console()) {
    outputs.console() << pass.repeat_notes << plan.round_trip_note
                      << CountingNote(plan.run);
  }
  runner.AfterReport(path, pass, outputs.console(), exit_code);
  if (!result.read_error.empty()) {
    runner.SayError(result.read_error);
    exit_code.Raise(kExitUsage);
  }
  if (result.stopped_at_line_cap) {
    std::cerr << "bench: " << LineCapNote(path, result.lines_read) << '\n';
  }
  RaiseForResult(result, plan.strict_expected, exit_code);
  if (sinks.counts != nullptr) {
    // A gate says what it checked: a node budget that stops most searches
    // leaves most answers unchecked, and -q hides the table that shows it.
    std::vector<std::string> names;
    for (const Strategy* s : plan.run.strategies) names.emplace_back(s->name);
    sinks.counts->Report(std::cerr, path, names);
  }
  if (NoPuzzleRead(plan, result)) {
    std::cerr << "bench: "
              << UnreadableInput(path, result.puzzle_lines, result.first_row)
              << '\n';
    exit_code.Raise(kExitUsage);
  }
  if (result.stopped_strict) {
    std::cerr << "bench: stopped at the first bad line (--strict)\n";
    exit_code.Raise(kExitUsage);
    return false;
  }
  if (result.interrupted_by != 0) {
    std::cerr << "bench: " << path << ": interrupted; the reports cover "
              << "lines 1.." << result.lines_read << " (last puzzle line "
              << result.last_line << ") and say complete=false\n";
    SayNotStarted(plan.datasets, path, 1);
    return false;
  }
  return true;
}

}  // namespace

void RunDatasets(const RunPlan& plan, PassRunner& runner, PassSinks sinks) {
  const Manifest manifest = CurrentManifest();
  for (size_t index = 0; index < plan.datasets.size(); ++index) {
    const std::string& path = plan.datasets[index];
    if (InterruptSignal() != 0) {
      SayNotStarted(plan.datasets, path);
      break;
    }
    if (plan.Unreadable(index)) {
      sinks.exit_code.Raise(kExitUsage);
      continue;
    }
    const std::string& name = plan.dataset_names[index];
    sinks.outputs.StartPass(path, name);
    DatasetPass pass;
    try {
      pass = runner.Run(index, path, sinks.observers);
    } catch (const InputError& error) {
      runner.SayError(error.what());
      sinks.exit_code.Raise(kExitUsage);
      continue;
    }
    for (ReportRow& row : pass.rows) row.dataset = name;
    if (!ReportDataset(plan, runner, path, pass, manifest, sinks)) break;
  }
}

}  // namespace sudoku
