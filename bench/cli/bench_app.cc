// The `bench` program as a whole: what its --help says around the options
// (what bench is, where the docs are, its exit codes), its version, and the
// help flags.
#include "bench/cli/bench_app.h"

#include "bench/cli/bisect_options.h"
#include "bench/cli/compare_options.h"
#include "bench/cli/history_options.h"
#include "bench/cli/merge_options.h"
#include "engine/cli/program.h"
#include "engine/cli/usage_errors.h"
#include "engine/common/exit_codes.h"
#include "engine/report/report.h"

namespace sudoku {

std::string BenchDescription() {
  return "bench runs Sudoku solving strategies over puzzle datasets, verifies "
         "every\nanswer and reports timing and search effort. Every option "
         "is explained\nin docs/cli.md and in the manual page: `man bench` "
         "once installed,\n`man -l build/bench/bench.1` in a build "
         "directory.";
}

// The manual page's DESCRIPTION: --help's, without sending the reader to
// the page they are reading.
std::string BenchManDescription() {
  return "bench runs Sudoku solving strategies over puzzle datasets, verifies "
         "every\nanswer and reports timing and search effort. docs/cli.md in "
         "the sources\nexplains every option at more length; docs/guide.md "
         "is a tour of a session.";
}

// Real commands, each run as written over the shipped datasets/.
std::vector<std::pair<std::string, std::string>> BenchExamples() {
  return {
      {"bench --strategy all --max-nodes 10000 --csv report.csv "
       "datasets/mixed.txt",
       "Every built-in strategy over one corpus, a strategy stopped past "
       "10,000 nodes on a puzzle; the table on standard output, the rows in "
       "report.csv."},
      {"bench -s simd --limit 2 --solutions solutions.txt puzzles.txt",
       "Solve and prove each solution unique; write puzzle:count:solution "
       "per puzzle."},
      {"bench --plugin ./libmine.so -s mine,bands --limit 2 puzzles.txt",
       "A solver of your own (a shared library, see docs/plugins.md) beside "
       "a built-in one, which checks its counts."},
      {"bench compare --max-slowdown 50 baseline.csv current.csv",
       "Exit 1 when a search changed (nodes, outcomes) or timing fell past "
       "the noise and 50%."},
      {"bench history add --branch main run.csv && bench history check "
       "--branch main",
       "Record a run by commit and check the series for a step."},
  };
}

const ExitCodes& BenchExitCodes() {
  static const ExitCodes codes = {
      {{std::to_string(kExitOk), "all good"},
       {std::to_string(kExitFailure),
        "a wrong or disagreeing answer, a puzzle a process (--exec,\n"
        "--isolate) left unanswered, --repeat rounds that searched\n"
        "differently, a wrong reference answer in the file or several\n"
        "solutions where it claims one, an answer against the file's own\n"
        "(--strict-expected), or with --ab searches that differ or a\n"
        "--max-slowdown FAIL"},
       {std::to_string(kExitUsage),
        "bad usage, an unreadable input, an output that cannot be written,\n"
        "or --strict stopped at a bad line"},
       {std::to_string(kExitUndecided),
        "--ab --max-slowdown with too few batches for a verdict"},
       {std::to_string(kExitInterrupted) + ", " +
            std::to_string(kExitTerminated),
        "stopped by SIGINT, SIGTERM: the reports cover the lines accounted\n"
        "and say complete=false (a second signal exits at once)"}},
      "When several apply: 1, then 2, then 3; 130 and 143 before them."};
  return codes;
}

std::string BenchVersion() {
  const Manifest m = CurrentManifest();
  return "bench " + m.version + " (" + m.git_revision + ", " + m.compiler + ")";
}

void StartBenchApp(CLI::App& app) {
  app.name("bench");
  UseGroupedHelp(app);
  app.description(BenchDescription());
  app.footer(ExitCodesFooter(BenchExitCodes()));
}

ManPage BenchManPage() {
  return {.summary = "run Sudoku solving strategies over puzzle datasets",
          .source = "sudoku-bench " + CurrentManifest().version,
          .exit_codes = {{"bench", BenchExitCodes()},
                         {"compare", CompareExitCodes()},
                         {"merge", MergeExitCodes()},
                         {"bisect", BisectExitCodes()},
                         {"history", HistoryExitCodes()}},
          .description = BenchManDescription(),
          .examples = BenchExamples(),
          .see_also = SeeAlso("bench"),
          .machine_defaults = {{"--threads", ""}}};
}

void FinishBenchApp(CLI::App& app, std::ostream& out) {
  AddManFlag(app, BenchManPage(), out);
  // The subcommands copied -h from `app` when they were made; `app` moves
  // its own to the end of its list.
  app.set_help_flag();
  app.set_help_flag("-h,--help", "Print this help and exit")->group("Help");
  app.set_help_all_flag("--help-all",
                        "Print this help with every subcommand's options")
      ->group("Help");
  app.set_version_flag("--version", BenchVersion(),
                       "Print the version and exit")
      ->group("Help");
  // A usage error in the house style, pointing at --help alone: --help-all
  // adds only the subcommands' options.
  UseHouseErrors(app);
}

}  // namespace sudoku
