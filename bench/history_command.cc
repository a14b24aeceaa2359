// `bench history`: records reports by commit (add), prints the series
// (show), judges the newest commits (check) and draws the trend page
// (--html), over an SQLite file or a PostgreSQL database.
#include "bench/history_command.h"

#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <set>
#include <tuple>

#include "bench/run/outputs.h"
#include "engine/cli/output_files.h"
#include "engine/common/exit_codes.h"
#include "engine/common/text_format.h"
#include "engine/compare/bencher_json.h"
#include "engine/history/history_check.h"
#include "engine/history/history_html.h"
#include "engine/history/history_show.h"
#include "engine/history/history_store.h"
#include "engine/input/input.h"
#include "engine/report/row_check.h"

namespace sudoku {
namespace {

constexpr char kName[] = "bench history";

int Refuse(const std::string& problem) {
  std::cerr << kName << ": " << problem << '\n';
  return kExitUsage;
}

// A report as it will be recorded, or why it cannot be ("" when it can).
std::string ReadRun(const std::string& path, const HistoryCommandOptions& o,
                    NewRun& run) {
  try {
    run.entries = ReadCsvReportFile(path);
  } catch (const ReportFormatError& error) {
    return error.what();
  }
  if (run.entries.empty()) return path + ": a report without rows";
  // A partial report beside whole ones would read as a change; a NaN would
  // reach the database as a raw SQL error; counts that do not add up would
  // be history. The rule bench compare applies too.
  if (std::string problem = UnusableReportProblem(path, run.entries);
      !problem.empty()) {
    return problem;
  }
  std::set<std::tuple<std::string, std::string, uint32_t, uint64_t, int>> keys;
  for (const ReportEntry& e : run.entries) {
    const ReportRow& r = e.row;
    if (!keys.emplace(r.dataset, r.strategy, r.limit, r.max_nodes, r.threads)
             .second) {
      return path + ":" + std::to_string(e.line) + ": a second row of " +
             r.dataset + " " + r.strategy + " with the same settings";
    }
    if (o.commit.empty() &&
        e.manifest.git_revision != run.entries[0].manifest.git_revision) {
      return path + ":" + std::to_string(e.line) +
             ": rows of two revisions; give --commit REV";
    }
  }
  run.commit =
      o.commit.empty() ? run.entries[0].manifest.git_revision : o.commit;
  if (run.commit.empty() || run.commit == "unknown") {
    return path +
           ": its git_revision is unknown (bench was built outside a git "
           "checkout); give --commit REV";
  }
  // --commit is checked as it is given; a report's own revision here.
  if (std::string problem = LabelProblem(run.commit); !problem.empty()) {
    return path + ":" + std::to_string(run.entries[0].line) +
           ": its git_revision '" + ConsoleText(run.commit) + "' " + problem +
           "; give --commit REV";
  }
  run.report = path;
  try {
    run.report_sha256 = Input::FileSha256Hex(path);
  } catch (const InputError& error) {
    return error.what();
  }
  run.branch = o.branch;
  run.testbed = o.testbed;
  return "";
}

// Gives each row of `runs` its ledger from the --per-puzzle file, matched
// by the dataset's path and the strategy; "" when every ledger found its
// row, of as many puzzles as the row counts.
std::string AttachLedgers(const std::string& path, std::vector<NewRun>& runs) {
  for (auto& [where, ledger] : ReadPerPuzzleFile(path)) {
    const auto& [file, strategy] = where;
    bool found = false;
    for (NewRun& run : runs) {
      for (size_t i = 0; i < run.entries.size() && !found; ++i) {
        const ReportRow& r = run.entries[i].row;
        if (r.dataset_path != file || r.strategy != strategy) continue;
        if (ledger.size() != r.puzzles) {
          return path + ": " + std::to_string(ledger.size()) + " lines of " +
                 file + " for " + strategy + ", but " + run.report +
                 " counts " + std::to_string(r.puzzles) +
                 " puzzles: not the same run";
        }
        run.ledgers.resize(run.entries.size());
        run.ledgers[i] = std::move(ledger);
        found = true;
      }
    }
    if (!found) {
      return path + ": lines of " + file + " for " + strategy +
             " match no row of the reports";
    }
  }
  return "";
}

ChangePointOptions ChangeOptions(const HistoryCommandOptions& o) {
  ChangePointOptions options;
  options.statistic = o.statistic == "energy" ? ChangeStatistic::kEnergy
                                              : ChangeStatistic::kRank;
  return options;
}

Measure MeasureOf(const HistoryCommandOptions& o) {
  return o.measure == "wall" ? Measure::kWall : Measure::kCpu;
}

// The stored runs that `o` selects (by `branch`, which check leaves empty
// to read every branch), and their series from --since on.
std::vector<Series> ReadSeries(HistoryStore& store,
                               const HistoryCommandOptions& o,
                               const std::string& branch,
                               std::vector<StoredRun>& runs) {
  runs = store.Runs({o.dataset, o.strategy, branch});
  std::vector<Series> series = BuildSeries(runs);
  KeepSince(series, o.since, runs);
  return series;
}

std::string PerPuzzle(size_t bytes, size_t puzzles) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.2f",
                static_cast<double>(bytes) / static_cast<double>(puzzles));
  return buffer;
}

}  // namespace

bool HistoryCommand::OutputsClash() const {
  const HistoryCommandOptions& o = options_;
  std::vector<NamedPath> inputs, outputs;
  if (apps_.add->parsed()) {
    for (const std::string& path : o.reports) {
      inputs.push_back({"the report", path});
    }
    inputs.push_back({"--per-puzzle", o.per_puzzle});
    outputs.push_back({"--db", o.db});
  } else {
    inputs.push_back({"--db", o.db});
    if (apps_.show->parsed()) outputs.push_back({"--bencher", o.bencher});
    if (apps_.check->parsed()) {
      outputs.push_back({"--json", o.check_json});
      outputs.push_back({"--markdown", o.markdown});
    }
    if (outputs.empty()) outputs.push_back({"--html", o.html});
  }
  return sudoku::OutputsClash(kName, inputs, outputs);
}

int HistoryCommand::Execute() {
  if (OutputsClash()) return kExitUsage;
  try {
    if (apps_.add->parsed()) return Add();
    if (apps_.show->parsed()) return Show();
    if (apps_.check->parsed()) return Check();
    if (!options_.html.empty()) return Page();
    return Refuse(
        "say what to do: add, show, check or --html FILE "
        "(bench history --help)");
  } catch (const HistoryError& error) {
    return Refuse(error.what());
  }
}

int HistoryCommand::Add() {
  const HistoryCommandOptions& o = options_;
  // A file-size limit then fails the write that meets it, which is said and
  // undone, instead of ending bench in the middle of it.
  signal(SIGXFSZ, SIG_IGN);
  std::vector<NewRun> runs(o.reports.size());
  for (size_t i = 0; i < o.reports.size(); ++i) {
    if (std::string problem = ReadRun(o.reports[i], o, runs[i]);
        !problem.empty()) {
      return Refuse(problem);
    }
  }
  if (!o.per_puzzle.empty()) {
    // A --per-puzzle file is one run's, as its report is: with two reports
    // of the same data its lines could belong to either.
    if (runs.size() != 1) {
      return Refuse(
          "--per-puzzle goes with the one report of the run that "
          "wrote it; add the other reports apart");
    }
    if (std::string problem = AttachLedgers(o.per_puzzle, runs);
        !problem.empty()) {
      return Refuse(problem);
    }
  }
  HistoryStore store = HistoryStore::Open(o.db, true, o.lock_timeout_s);
  const std::vector<AddResult> results = store.Add(runs);
  for (size_t i = 0; i < runs.size(); ++i) {
    const AddResult& r = results[i];
    if (!r.added) {
      std::cout << kName << ": " << runs[i].report
                << " was recorded before (run " << r.run << ", commit "
                << r.commit << "); it is kept once\n";
      continue;
    }
    std::cout << kName << ": recorded " << runs[i].report << ": " << r.rows
              << (r.rows == 1 ? " row" : " rows") << " of commit " << r.commit
              << (runs[i].branch.empty() ? "" : " on " + runs[i].branch)
              << " (run " << r.run << ") in " << store.where() << '\n';
    if (r.ledger_puzzles > 0) {
      std::cout << kName << ": ledger: " << Grouped(r.ledger_puzzles)
                << " puzzle results in " << Grouped(r.ledger_bytes)
                << " bytes (" << PerPuzzle(r.ledger_bytes, r.ledger_puzzles)
                << " a puzzle)\n";
    }
  }
  return kExitOk;
}

int HistoryCommand::Show() {
  const HistoryCommandOptions& o = options_;
  HistoryStore store = HistoryStore::Open(o.db, false, o.lock_timeout_s);
  std::vector<StoredRun> runs;
  const std::vector<Series> series = ReadSeries(store, o, o.branch, runs);
  // With --bencher on standard output, the history goes to standard error.
  std::ostream& console = o.bencher == "-" ? std::cerr : std::cout;
  if (o.json) {
    WriteHistoryJson(console, series, MeasureOf(o), ChangeOptions(o));
  } else {
    PrintHistory(console, series, MeasureOf(o), ChangeOptions(o));
  }
  if (!o.bencher.empty() &&
      !WriteOutputFile(kName, o.bencher, [&](std::ostream& out) {
        WriteBencherJson(out, NewestEntries(series));
      })) {
    return kExitUsage;
  }
  return kExitOk;
}

int HistoryCommand::Check() {
  const HistoryCommandOptions& o = options_;
  // Both outputs opened before the database is read, and replaced together
  // at the end: one that cannot be refuses the run with both as they were.
  std::vector<NamedPath> outputs;
  std::set<size_t> appended;
  if (!o.check_json.empty()) outputs.push_back({"--json", o.check_json});
  if (!o.markdown.empty()) {
    appended.insert(outputs.size());
    outputs.push_back({"--markdown", o.markdown});
  }
  OutputFiles files(kName, std::cout, std::cerr);
  if (!files.Open({}, outputs, appended)) return kExitUsage;
  HistoryStore store = HistoryStore::Open(o.db, false, o.lock_timeout_s);
  // Every branch is read: --against may name one as the baseline.
  const std::vector<StoredRun> runs = store.Runs({o.dataset, o.strategy, ""});
  const bool against_branch =
      !o.against.empty() &&
      std::ranges::any_of(
          runs, [&](const StoredRun& run) { return run.branch == o.against; });
  std::vector<Series> all = BuildSeries(runs);
  KeepSince(all, o.since, runs);
  std::vector<Series> judged, baselines;
  for (Series& s : all) {
    if (against_branch && s.key.branch == o.against) {
      baselines.push_back(std::move(s));
    } else if (o.branch.empty() || s.key.branch == o.branch) {
      judged.push_back(std::move(s));
    }
  }
  if (judged.empty()) {
    return Refuse("no series to check in " + store.where() +
                  (o.branch.empty() ? "" : " on branch " + o.branch) +
                  (against_branch ? " beside " + o.against : ""));
  }
  CheckOptions options;
  options.against = o.against;
  options.window = static_cast<size_t>(o.window);
  options.max_slowdown_pct = o.max_slowdown_pct;
  options.max_instructions_pct = o.max_instructions_pct;
  options.measure = MeasureOf(o);
  options.change_points = ChangeOptions(o);
  const HistoryCheck check =
      CheckHistory(judged, baselines, runs, options,
                   [&](int64_t id) { return store.Ledger(id); });
  // With an output on standard output, the verdict goes to standard error.
  PrintHistoryCheck(
      o.markdown == "-" || o.check_json == "-" ? std::cerr : std::cout, check);
  int exit_code = check.ExitCode();
  size_t next = 0;
  if (!o.check_json.empty()) WriteHistoryCheckJson(files[next++], check);
  if (!o.markdown.empty()) WriteHistoryCheckMarkdown(files[next], check);
  // A lost output is a broken CI step, but never hides a failed verdict.
  if (!files.Close() && exit_code == kExitOk) exit_code = kExitUsage;
  return exit_code;
}

int HistoryCommand::Page() {
  const HistoryCommandOptions& o = options_;
  HistoryStore store = HistoryStore::Open(o.db, false, o.lock_timeout_s);
  std::vector<StoredRun> runs;
  const std::vector<Series> series = ReadSeries(store, o, o.branch, runs);
  if (!WriteOutputFile(kName, o.html, [&](std::ostream& out) {
        WriteHistoryHtml(out, series, MeasureOf(o), ChangeOptions(o),
                         store.where());
      })) {
    return kExitUsage;
  }
  // With the page on standard output, the note goes to standard error.
  (o.html == "-" ? std::cerr : std::cout)
      << kName << ": wrote " << o.html << ": " << series.size()
            << " series\n";
  return kExitOk;
}

}  // namespace sudoku
