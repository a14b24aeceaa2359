// The options of `bench bisect`: their values and their one CLI11
// definition.
#include "bench/cli/bisect_options.h"

#include "engine/cli/numeric_options.h"
#include "engine/cli/shared_options.h"
#include "engine/common/exit_codes.h"

namespace sudoku {

const ExitCodes& BisectExitCodes() {
  static const ExitCodes codes = {
      {{std::to_string(kExitOk), "found: the first bad commit is named"},
       {std::to_string(kExitFailure),
        "nothing to find: BAD searches as GOOD does and is not slower\n"
        "beyond --max-slowdown"},
       {std::to_string(kExitUsage),
        "bad usage, no clean git work tree, an unknown revision, or GOOD\n"
        "or BAD could not be built or run"},
       {std::to_string(kExitUndecided),
        "UNDECIDED: the commits it could not tell apart are named"},
       {std::to_string(kExitInterrupted) + ", " +
            std::to_string(kExitTerminated),
        "stopped by SIGINT, SIGTERM"}},
      "Whatever the exit, the repository is left as it was (git bisect "
      "reset);\ndocs/ci.md shows a bisection."};
  return codes;
}

CLI::App* SetupBisect(CLI::App& app, BisectCommandOptions& o) {
  CLI::App* sub = app.add_subcommand(
      "bisect", "Name the commit that changed a solver's work or time");
  sub->footer(ExitCodesFooter(BisectExitCodes()));
  ValueName(sub->add_option("bench-args", o.bench_args,
                            "bench's arguments for every run, after --:\n"
                            "datasets, --limit, --max-nodes, --threads")
                ->required(),
            "-- BENCH-ARGS");
  ValueName(sub->add_option("--good", o.good,
                            "A commit whose solver is good (an ancestor of "
                            "BAD)")
                ->required(),
            "REV");
  ValueName(sub->add_option("--bad", o.bad, "A commit whose solver is bad")
                ->capture_default_str(),
            "REV");
  ValueName(sub->add_option("--build", o.build,
                            "Shell command that builds the checked-out "
                            "commit,\nrun at the repository's top level")
                ->required(),
            "COMMAND");
  CLI::Option* plugin = ValueName(
      sub->add_option("--plugin", o.plugin,
                      "The shared library COMMAND leaves, from the top\n"
                      "level: the plugin under test"),
      "PATH");
  CLI::Option* exec = ValueName(
      sub->add_option("--exec", o.exec,
                      "Or the program COMMAND leaves: a process strategy"),
      "PATH");
  plugin->excludes(exec);
  ValueName(sub->add_option("-s,--strategy", o.strategy,
                            "The strategy's name in the plugin (or the "
                            "name\ngiven to the --exec program)")
                ->required(),
            "NAME");
  AddMaxSlowdownOption(*sub, o.max_slowdown_pct,
                       "counts equal:\nbad when --ab's interval is wholly "
                       "over P, good when under",
                       true);
  ValueName(sub->add_option("--batch", o.batch,
                            "Puzzle lines per batch (1 to 2^20); more "
                            "batches\ngive --ab a narrower interval")
                ->transform(WholeNumbers(1, 1 << 20))
                ->capture_default_str(),
            "N");
  ValueName(sub->add_option("--per-puzzle", o.per_puzzle,
                            "Write the puzzles whose outcome or nodes "
                            "changed at\nthe first bad commit, as CSV")
                ->check(OutputPathValidator()),
            "FILE");
  // Hidden: the command git bisect run runs on each commit.
  sub->add_option("--step", o.step)->group("");
  return sub;
}

}  // namespace sudoku
