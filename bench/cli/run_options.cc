// The options of `bench` itself (the run): their values and their one CLI11
// definition, which --help and the manual page print.
#include "bench/cli/run_options.h"

#include <algorithm>
#include <thread>

#include "strategies/registry.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

// The built-in names, for --help: the strategy list is checked after the
// plugins are loaded, so that their strategies can be named too.
std::string BuiltInNames() {
  std::string names;
  for (const Strategy& s : AllStrategies()) {
    names += (names.empty() ? "" : ", ") + std::string(s.name);
  }
  return names;
}

}  // namespace

void RunCommandCli::Setup(CLI::App& app, RunCommandOptions& options) {
  options.threads =
      static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  AddSelectionOptions(app, options);
  AddSearchOptions(app, options);
  AddOutputOptions(app, options);
  AddSplitAndPairOptions(app, options);
}

// What runs: datasets, and strategies built in, loaded or started.
void RunCommandCli::AddSelectionOptions(CLI::App& app, RunCommandOptions& o) {
  app.add_option(
      "datasets", o.datasets,
      "Dataset files: 81-character puzzle lines or Kaggle CSV, "
      "optionally gzip/xz/zstd compressed; '-' reads standard input");
  app.add_flag("--list", o.list,
               "List the registered strategies (name, then summary) and exit");
  app.add_option("-s,--strategy", o.strategies,
                 "Strategies to run, comma-separated, or 'all' (every one: "
                 "built in, loaded or --exec). Built in: " +
                     BuiltInNames() + "; --plugin and --exec add more")
      ->delimiter(',')
      ->allow_extra_args(false)  // "-s a FILE": FILE is a dataset
      ->capture_default_str();
  app.add_option("--plugin", o.plugins,
                 "Load strategies from a shared library that implements "
                 "strategies/sudoku_strategy_abi.h (repeatable); they are "
                 "then selectable by name, part of 'all' and shown by --list. "
                 "LABEL=PATH (LABEL of letters, digits, '_', '-') names them "
                 "LABEL:NAME, so two builds can run side by side")
      ->allow_extra_args(false);
  app.add_option("--exec", o.execs,
                 "NAME=COMMAND: a strategy that is a process (repeatable), "
                 "selectable by NAME like the others: /bin/sh -c COMMAND is "
                 "started once per worker thread and answers one puzzle per "
                 "line (protocol: README, 'Any language'); its time per "
                 "puzzle is the round trip. A puzzle it does not answer (it "
                 "died, answered garbage or timed out) is counted in 'errors' "
                 "with file:line, the process is restarted, the run goes on, "
                 "and the exit code is 1")
      ->allow_extra_args(false);
  app.add_option("--exec-timeout", o.exec_timeout,
                 "Seconds an --exec process may take over one puzzle before "
                 "it is killed and the puzzle counted as an error (a fresh "
                 "process gets 10 s more for its first answer, to start)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
}

// How each puzzle is searched, and by how many threads.
void RunCommandCli::AddSearchOptions(CLI::App& app, RunCommandOptions& o) {
  app.add_option("-t,--threads", o.threads,
                 "Worker threads (default: all cores)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  max_nodes_ =
      app.add_option("--max-nodes", o.max_nodes,
                     "Node budget per puzzle and strategy; a puzzle that needs "
                     "more counts as over budget (default: no budget)");
  app.add_option("--limit", o.limit,
                 "1: stop at the first solution; 2: prove uniqueness where "
                 "the strategy can count solutions")
      ->check(CLI::IsMember({1u, 2u}))
      ->capture_default_str();
  app.add_flag("--strict", o.strict,
               "Stop at the first malformed line or invalid puzzle (exit 2)");
  app.add_flag("--parse-only", o.parse_only,
               "Only read and parse (measures input speed); solves nothing");
  app.add_option("--batch", o.batch, "Puzzle lines per pipeline batch")
      ->check(CLI::Range(size_t{1}, size_t{1} << 20))
      ->capture_default_str();
  app.add_option("--repeat", o.repeat,
                 "Run each (dataset, strategy) N times, each in a pass of its "
                 "own, interleaved across strategies; puzzles/s is then the "
                 "median, with min and max in the CSV. Node counts and "
                 "outcomes must not change between rounds (exit 1)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  app.add_option("--lines", o.lines,
                 "Read at most N lines of each dataset (0: all), so that an "
                 "endless input such as /dev/urandom or a pipe ends; a stop "
                 "with input left is reported on standard error")
      ->capture_default_str();
  app.add_option("--max-expansion", o.max_expansion,
                 "Stop reading a compressed dataset (exit 2) once it has "
                 "decoded over 1 GiB and over R times its compressed bytes "
                 "read, a likely compression bomb; 0: no limit")
      ->capture_default_str();
}

// What is written, and what the person at the terminal sees.
void RunCommandCli::AddOutputOptions(CLI::App& app, RunCommandOptions& o) {
  app.add_option("--csv", o.csv,
                 "Write the report as CSV (one row per dataset and "
                 "strategy); '-' writes it to standard output (for --csv, "
                 "--per-puzzle, --solutions and --stats alike, one at a "
                 "time: the console table then goes to standard error)");
  app.add_option("--html", o.html,
                 "Write a self-contained HTML report with charts (outcomes, "
                 "cactus plot, time and node distributions, --slowest "
                 "puzzles, manifest), written when the run ends");
  app.add_option("--per-puzzle", o.per_puzzle,
                 "Write file,line,strategy,outcome,ns,nodes for every line "
                 "('-': standard output)");
  app.add_option("--solutions", o.solutions,
                 "Write puzzle:count:solution per puzzle, from the first "
                 "strategy, in input order ('-': standard output)");
  app.add_option("--slowest", o.slowest,
                 "Show the K costliest puzzles per strategy with their lines")
      ->capture_default_str();
  app.add_option("--max-messages", o.max_messages,
                 "Bad lines (and, separately, wrong answers) shown per dataset "
                 "on standard error; all are counted")
      ->capture_default_str();
  app.add_option("--progress", o.progress,
                 "Progress on standard error: auto (only on a terminal), "
                 "always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  app.add_flag("-q,--quiet", o.quiet, "No console table");
}

// Runs split over jobs (--shard) or paired build against build (--ab).
void RunCommandCli::AddSplitAndPairOptions(CLI::App& app, RunCommandOptions& o) {
  app.add_option(
      "--ab", o.ab,
      "A,B: run exactly these two strategies (built in, --plugin or --exec; "
      "-s is not used), interleaved per puzzle on the same threads "
      "with the order alternated per batch; check that they search "
      "identically (exit 1 if not) and print B's throughput "
      "relative to A with a 95% confidence interval");
  max_slowdown_ =
      app.add_option("--max-slowdown", o.max_slowdown,
                     "With --ab: exit 1 when the whole interval says B is "
                     "more than P percent slower than A (negative: demand "
                     "that B be faster); exit 3 when there are too few "
                     "batches for an interval")
          ->check(CLI::Range(-99.0, 1e6));
  app.add_option("--shard", o.shard,
                 "K/N: process only part K of N (K counted from 1: 1/3, 2/3, "
                 "3/3) of every dataset, split into line-aligned byte ranges "
                 "(compressed files by compressed bytes); line numbers stay "
                 "the file's own and the whole file is still hashed. Writes "
                 "the mergeable statistics to --stats (default: the --csv "
                 "path + .stats.json); `bench merge` combines the parts. "
                 "Per-puzzle and solutions files of parts 1..N concatenated "
                 "in order are the single run's. Not with standard input, "
                 "--repeat, --ab, --parse-only or --strict");
  app.add_option("--checkpoint", o.checkpoint,
                 "Keep a checkpoint in FILE (JSON, written atomically): how "
                 "far each dataset is accounted, the statistics so far, the "
                 "datasets' SHA-256, the settings and the build; written "
                 "every --checkpoint-every seconds, after each dataset and on "
                 "SIGINT/SIGTERM, removed when the run ends whole. Not with "
                 "standard input, '-' outputs, --repeat, --ab, --shard or "
                 "mpirun");
  checkpoint_every_ =
      app.add_option("--checkpoint-every", o.checkpoint_every,
                     "Seconds between checkpoints (0: after every batch)")
          ->check(CLI::Range(0.0, 1e9))
          ->capture_default_str();
  app.add_option("--resume", o.resume,
                 "Continue the run whose checkpoint is FILE: `bench --resume "
                 "FILE` alone reruns its command line; the datasets must be "
                 "unchanged (size and SHA-256), the settings and the build "
                 "the same (else exit 2, saying which). Per-puzzle and "
                 "solutions files are cut back to the checkpoint and "
                 "continued; the reports equal an uninterrupted run's");
  app.add_option("--stats", o.stats,
                 "Write the run's mergeable statistics (counts, histograms, "
                 "slowest puzzles, settings; JSON, see README) for `bench "
                 "merge`");
}

}  // namespace sudoku
