// The options of `bench history` and its subcommands: their values and their
// one CLI11 definition.
#include "bench/cli/history_options.h"

#include "engine/cli/numeric_options.h"
#include "engine/common/text_format.h"

#include "engine/cli/shared_options.h"
namespace sudoku {
namespace {

// A label given to a recorded run (--commit, --branch, --testbed): read back
// in every later table, page and summary, so one line of UTF-8 text (a line
// break in it would forge a line of the console's output).
CLI::Validator Label() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        const std::string problem = LabelProblem(text);
        return problem.empty() ? "" : "'" + ConsoleText(text) + "' " + problem;
      },
      "");
}

// --db and --lock-timeout, on `history` and on each of its subcommands, so
// that they may come before or after the subcommand's name.
void AddDatabaseOptions(CLI::App* app, HistoryCommandOptions& o) {
  ValueName(app->add_option("--db", o.db,
                            "The history: an SQLite file, or a\n"
                            "postgresql://USER@HOST/DATABASE URL")
                ->capture_default_str(),
            "PATH|URL");
  ValueName(app->add_option("--lock-timeout", o.lock_timeout_s,
                            "Seconds to wait while another program writes\n"
                            "to the history (0 to 3600), then fail")
                ->transform(Numbers(0, 3600))
                ->capture_default_str(),
            "S");
}

// Which series are read: by show, check and the page.
void AddSelectionOptions(CLI::App* app, HistoryCommandOptions& o) {
  ValueName(app->add_option("--dataset", o.dataset,
                            "Only rows of this dataset (its file name)"),
            "NAME");
  ValueName(
      app->add_option("--strategy", o.strategy, "Only rows of this strategy"),
      "NAME");
  ValueName(app->add_option("--branch", o.branch,
                            "Only runs recorded on this branch"),
            "BRANCH");
  ValueName(app->add_option("--since", o.since,
                            "Only commits from this revision on, or first\n"
                            "run on or after this date (YYYY-MM-DD)"),
            "REV|DATE");
  ValueName(app->add_option("--measure", o.measure,
                            "The throughput judged: cpu (puzzles per\n"
                            "CPU-second, which load barely moves) or wall")
                ->check(CLI::IsMember({"cpu", "wall"}))
                ->capture_default_str(),
            "NAME");
}

// `history check`: its own options beside the database and the selection.
CLI::App* SetupCheck(CLI::App* h, HistoryCommandOptions& o) {
  CLI::App* check =
      h->add_subcommand("check", "A verdict on each series' newest commit");
  check->footer(ExitCodesFooter(HistoryExitCodes()));
  AddDatabaseOptions(check, o);
  AddSelectionOptions(check, o);
  ValueName(check->add_option("--against", o.against,
                              "Judge against this branch's newest commits,\n"
                              "or this revision (default: a rolling window)"),
            "BRANCH|REV");
  ValueName(check
                ->add_option("--window", o.window,
                             "Commits per series the rolling window holds\n"
                             "(6 to 1000)")
                ->transform(WholeNumbers(6, 1000))
                ->capture_default_str(),
            "N");
  AddMaxSlowdownOption(*check, o.max_slowdown_pct,
                       "judged\nat a significant change point",
                       true);
  ValueName(check
                ->add_option("--max-instructions", o.max_instructions_pct,
                             "Percent rise in instructions per puzzle that\n"
                             "fails (0 to 100; exact within a commit)")
                ->transform(Numbers(0, 100))
                ->capture_default_str(),
            "P");
  ValueName(check
                ->add_option("--statistic", o.statistic,
                             "What ranks the splits: rank (Mann-Whitney) or\n"
                             "energy (E-divisive means)")
                ->check(CLI::IsMember({"rank", "energy"}))
                ->capture_default_str(),
            "NAME");
  ValueName(check
                ->add_option("--json", o.check_json,
                             "Write the verdict of every series as JSON")
                ->check(OutputPathValidator()),
            "FILE");
  ValueName(check
                ->add_option("--markdown", o.markdown,
                             "Append the verdict as Markdown (a CI job\n"
                             "summary); - for standard output")
                ->check(OutputPathValidator()),
            "FILE");
  return check;
}

}  // namespace

const ExitCodes& HistoryExitCodes() {
  static const ExitCodes codes = StandardExitCodes(
      "all good: recorded, shown, or every series passes the check",
      "check: an exact column changed at the newest commit, or its\n"
      "throughput fell at a change point",
      "refused: a report that is partial, of another schema or without a\n"
      "revision; a database of another program, damaged, newer or locked;\n"
      "an unknown revision; or an output that cannot be written",
      "docs/history.md explains the store, the check and its method.");
  return codes;
}

HistoryApps SetupHistory(CLI::App& app, HistoryCommandOptions& o) {
  HistoryApps apps;
  CLI::App* h = apps.history = app.add_subcommand(
      "history", "Runs recorded by commit: add, show, check, --html");
  h->footer(ExitCodesFooter(HistoryExitCodes()));
  h->require_subcommand(0, 1);
  AddDatabaseOptions(h, o);
  ValueName(h->add_option("--html", o.html,
                          "Write the trend page: every series' throughput\n"
                          "and node totals over its commits")
                ->check(OutputPathValidator()),
            "FILE");
  AddSelectionOptions(h, o);

  CLI::App* add = apps.add = h->add_subcommand(
      "add", "Record reports of bench --csv, keyed by commit");
  add->footer(ExitCodesFooter(HistoryExitCodes()));
  ValueName(add->add_option("reports", o.reports,
                            "CSV reports written by bench --csv")
                ->required()
                ->check(CLI::ExistingFile),
            "REPORT ...");
  AddDatabaseOptions(add, o);
  ValueName(add->add_option("--commit", o.commit,
                            "The commit the reports ran (default: their\n"
                            "git_revision)")
                ->check(Label()),
            "REV");
  ValueName(add->add_option("--branch", o.branch,
                            "The branch the commit is on")
                ->check(Label()),
            "BRANCH");
  ValueName(add->add_option("--testbed", o.testbed,
                            "A name for the machine (beside its CPU and\n"
                            "build flags)")
                ->check(Label()),
            "LABEL");
  ValueName(add->add_option("--per-puzzle", o.per_puzzle,
                            "Keep the run's --per-puzzle file: each\n"
                            "puzzle's outcome and nodes")
                ->check(CLI::ExistingFile),
            "FILE");

  CLI::App* show = apps.show = h->add_subcommand(
      "show", "The series as tables: commits, puzzles/s, nodes");
  show->footer(ExitCodesFooter(HistoryExitCodes()));
  AddDatabaseOptions(show, o);
  AddSelectionOptions(show, o);
  show->add_flag("--json", o.json, "Print JSON instead of tables");
  ValueName(show->add_option("--bencher", o.bencher,
                             "Write each series' newest commit as Bencher\n"
                             "Metric Format JSON")
                ->check(OutputPathValidator()),
            "FILE");

  apps.check = SetupCheck(h, o);
  return apps;
}

}  // namespace sudoku
