// One run's datasets in turn: each passed once, in --repeat rounds or from a
// checkpoint, reported as it ends, and its problems raised in the exit code.
#include "bench/run/run_datasets.h"

#include <algorithm>
#include <iostream>

#include "bench/run/ab_run.h"
#include "bench/run/process_strategy.h"
#include "bench/run/repeat_rounds.h"
#include "engine/input/input.h"
#include "engine/pipeline/interrupt.h"
#include "engine/report/console_reporter.h"

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

}  // namespace

std::vector<std::string> StrategyNames(const RunOptions& run) {
  std::vector<std::string> names;
  for (const Strategy* s : run.strategies) names.emplace_back(s->name);
  return names;
}

DatasetPass RunOnce(const std::string& path, const RunOptions& run,
                    Observers& observers, const PassResume* resume) {
  DatasetPass pass;
  pass.result = ObservedPass(path, run, observers, observers, resume);
  pass.rows = MakeRows(pass.result, run);
  return pass;
}

void RunDatasets(const RunCommandOptions& o, const RunOptions& run,
                 Observers& observers, Outputs& outputs, ExitCode& exit_code,
                 AbCheck* ab, std::optional<double> max_slowdown,
                 std::vector<std::string>* held_errors,
                 const Resumption& resumption) {
  const Manifest manifest = CurrentManifest();
  for (size_t index = 0; index < o.datasets.size(); ++index) {
    const std::string& path = o.datasets[index];
    if (InterruptSignal() != 0) {
      SayNotStarted(o.datasets, path);
      break;
    }
    // --ab's interval rests on pairs of batches: without --batch, each
    // dataset's batch follows its size.
    RunOptions dataset_run = run;
    if (ab != nullptr) {
      if (!o.batch_given) dataset_run.batch_size = AbBatchFor(path);
      ab->StartDataset(dataset_run.batch_size);
    }
    outputs.StartPass(path);
    DatasetPass pass;
    try {
      const std::optional<PassResume> resume = resumption.PassOf(index);
      if (resumption.Done(index)) {
        pass = resumption.Replay(index);
      } else {
        pass = o.repeat > 1 ? RunRounds(path, dataset_run, o.repeat, observers)
                            : RunOnce(path, dataset_run, observers,
                                      resume ? &*resume : nullptr);
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
    if (!o.quiet) outputs.console() << CountingNote(run);
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
    RaiseForResult(result, o.strict_expected, exit_code);
    if (result.stopped_strict) {
      std::cerr << "bench: stopped at the first bad line (--strict)\n";
      exit_code.Raise(kExitUsage);
      break;
    }
    if (result.interrupted_by != 0) {
      std::cerr << "bench: " << path << ": interrupted; the reports cover "
                << "lines 1.." << result.lines_read << " (last puzzle line "
                << result.last_line << ") and say complete=false\n";
      SayNotStarted(o.datasets, path, 1);
      break;
    }
  }
}

}  // namespace sudoku
