// The options of `bench` itself (the run): their values and their one CLI11
// definition, which --help, the manual page and a checkpoint's recorded
// settings read.
#include "bench/cli/run_options.h"

#include <algorithm>
#include <concepts>

#include "engine/cli/help_text.h"
#include "engine/cli/numeric_options.h"
#include "engine/cli/shared_options.h"
#include "strategies/registry.h"

namespace sudoku {
namespace {

// --limit: a whole number up to the most a count holds, or `all`, which is
// that most (kAllSolutions): a search that reaches it is over budget.
CLI::Validator SolutionLimits() {
  const CLI::Validator whole = WholeNumbers(1, kAllSolutions);
  return CLI::Validator(
      [whole](std::string& text) -> std::string {
        if (text == "all") {
          text = std::to_string(kAllSolutions);
          return {};
        }
        std::string error = whole(text);
        if (!error.empty()) error.insert(error.size() - 1, ", or all");
        return error;
      },
      "", kRangeValidator);
}

// --help's groups, in the order a newcomer needs them. The long
// explanations are docs/cli.md's; a line here says what and in what unit.
constexpr const char* kInput = "Input";
constexpr const char* kStrategies = "Strategies";
constexpr const char* kRun = "Run";
constexpr const char* kOutputs = "Outputs";
constexpr const char* kTwoBuilds = "Two builds";
constexpr const char* kScaleOut = "Scale-out";
constexpr const char* kCheckpoints = "Checkpoints";

// The built-in names, for --help, in lines of at most `width`: the strategy
// list is checked after the plugins are loaded, so that their strategies
// can be named too.
std::string BuiltInNames(size_t width) {
  std::string names, line;
  for (const Strategy& s : AllStrategies()) {
    if (!line.empty() && line.size() + 2 + s.name.size() > width) {
      names += line + ",\n";
      line.clear();
    }
    line += (line.empty() ? "" : ", ") + std::string(s.name);
  }
  return names + line;
}

// A setting's value as a checkpoint records it.
std::string SettingText(const std::string& value) { return value; }
std::string SettingText(bool value) { return value ? "yes" : "no"; }
std::string SettingText(std::unsigned_integral auto value) {
  return std::to_string(value);
}
std::string SettingText(const std::vector<std::string>& values) {
  std::string text;
  for (const std::string& v : values) text += v + "\n";
  return text;
}

// "--max-nodes" is recorded as "max_nodes", the positional "datasets" as
// itself.
std::string SettingName(const CLI::Option& option) {
  std::string name = option.get_lnames().empty() ? option.get_name()
                                                 : option.get_lnames().front();
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

}  // namespace

template <typename T>
CLI::Option* RunCommandCli::Recorded(CLI::Option* option, const T& value) {
  recorded_.push_back(
      {SettingName(*option), [&value] { return SettingText(value); }});
  return option;
}

void RunCommandCli::Setup(CLI::App& app, RunCommandOptions& options) {
  AddInputOptions(app, options);
  AddStrategyOptions(app, options);
  AddRunOptions(app, options);
  AddOutputOptions(app, options);
  AddTwoBuildOptions(app, options);
  AddScaleOutOptions(app, options);
  AddCheckpointOptions(app, options);
  AddExclusions(app);
}

void RunCommandCli::AddExclusions(CLI::App& app) {
  // Each pair: one option, and those it never runs with (CLI11 makes the
  // exclusion mutual).
  const std::pair<const char*, std::vector<const char*>> kExcludes[] = {
      // --ab interleaves two strategies in one pass of every whole dataset.
      {"--ab",
       {"--parse-only", "--reference", "--shard", "--checkpoint", "--resume"}},
      // A part cannot know the whole file's first bad line, nor be resumed.
      {"--shard", {"--parse-only", "--strict", "--checkpoint", "--resume"}},
      // The reference counts, in the pass of the strategies it holds.
      {"--reference", {"--parse-only"}},
      // Counted on a sample of each whole dataset, in this process or a
      // child of its own.
      {"--instructions",
       {"--ab", "--shard", "--checkpoint", "--resume", "--parse-only",
        "--isolate"}},
  };
  for (const auto& [name, others] : kExcludes) {
    CLI::Option* option = app.get_option(name);
    for (const char* other : others) option->excludes(app.get_option(other));
  }
  // Each pair: an option, and the one it only qualifies, without which it
  // would be taken and do nothing. --checkpoint-every (--checkpoint or
  // --resume) and --max-slowdown (--ab) are the plan's (plan_checks.cc):
  // the first has two ways in, the second its own words.
  const std::pair<const char*, const char*> kNeeds[] = {
      {"--instructions-by", "--instructions"},
      {"--exec-timeout", "--exec"},
      {"--overwrite-checkpoint", "--checkpoint"},
  };
  for (const auto& [name, needed] : kNeeds) {
    app.get_option(name)->needs(app.get_option(needed));
  }
}

SettingList RunCommandCli::RecordedSettings(
    const std::string& strategies) const {
  SettingList settings;
  for (const Setting& s : recorded_) {
    settings.emplace_back(s.name, s.value ? s.value() : strategies);
  }
  return settings;
}

// What is read: the datasets, and how far.
void RunCommandCli::AddInputOptions(CLI::App& app, RunCommandOptions& o) {
  ValueName(Recorded(app.add_option("datasets", o.datasets,
                                    "Puzzle files: lines or CSV, plain or "
                                    "gzip/xz/zstd;\n'-' reads standard input"),
                     o.datasets),
            "FILE ...");
  Recorded(app.add_flag("--strict", o.strict,
                        "Stop at the first malformed line or invalid\n"
                        "puzzle (exit 2)"),
           o.strict)
      ->group(kInput);
  Recorded(AddLinesOption(app, o.lines), o.lines)->group(kInput);
  ValueName(Recorded(app.add_option("--max-expansion", o.max_expansion,
                                    "Stop a compressed dataset once it "
                                    "decodes over\n1 GiB and R times its "
                                    "bytes read (exit 2; 0: off; up to 10^6)")
                         ->capture_default_str()
                         ->transform(WholeNumbers(0, 1'000'000)),
                     o.max_expansion),
            "R")
      ->group(kInput);
}

// Which strategies run: built in, loaded from a library, or processes.
void RunCommandCli::AddStrategyOptions(CLI::App& app, RunCommandOptions& o) {
  CLI::Option* strategy =
      app.add_option("-s,--strategy", o.strategies,
                     "Strategies to run, comma-separated, or 'all';\n"
                     "built in: " +
                         BuiltInNames(42))
          ->delimiter(',')
          ->allow_extra_args(false)  // "-s a FILE": FILE is a dataset
          ->capture_default_str();
  ValueName(strategy, "NAME,...")->group(kStrategies);
  recorded_.push_back({"strategies", nullptr});
  app.add_flag("--list", o.list,
               "List the strategies (name, summary, origin) and exit")
      ->group(kStrategies);
  ValueName(app.add_option("--plugin", o.plugins,
                           "Load strategies from a shared library "
                           "(repeatable);\nLABEL=PATH names them LABEL:NAME")
                ->allow_extra_args(false),
            "[LABEL=]PATH")
      ->group(kStrategies);
  app.add_flag("--isolate", o.isolate,
               "Run each --plugin strategy in a child process per\n"
               "thread: a crash costs a puzzle (errors), not the run")
      ->group(kStrategies);
  ValueName(app.add_option("--exec", o.execs,
                           "A strategy that is a process: /bin/sh -c "
                           "COMMAND\nanswers a puzzle a line (repeatable)")
                ->allow_extra_args(false),
            "NAME=COMMAND")
      ->group(kStrategies);
  ValueName(app.add_option("--exec-timeout", o.exec_timeout,
                           "Seconds an --exec process may take over one "
                           "puzzle")
                ->transform(Numbers(0, 1e6, /*above_min=*/true))
                ->capture_default_str(),
            "S")
      ->group(kStrategies);
  std::vector<std::string> counting;
  for (const Strategy& s : AllStrategies()) {
    if (s.Has(kCountsSolutions)) counting.emplace_back(s.name);
  }
  ValueName(Recorded(app.add_option("--reference", o.reference,
                                    "A built-in counting strategy whose count "
                                    "settles\nevery puzzle: other counts are "
                                    "wrong (--limit 2 or more)")
                         ->check(CLI::IsMember(counting)),
                     o.reference),
            "NAME")
      ->group(kStrategies);
}

// How each puzzle is searched, by how many threads, how many times.
void RunCommandCli::AddRunOptions(CLI::App& app, RunCommandOptions& o) {
  AddThreadsOption(app, o.threads)->group(kRun);
  ValueName(Recorded(app.add_option("--max-nodes", o.max_nodes,
                                    "Node budget per puzzle and strategy "
                                    "(default: none)")
                         ->transform(WholeNumbers(1, kNoMax)),
                     o.max_nodes),
            "N")
      ->group(kRun);
  ValueName(Recorded(app.add_option("--limit", o.limit,
                                    "Solutions to count: 1 stops at the first, "
                                    "2 proves\nuniqueness, N up to 2^32-1 "
                                    "counts to N, all every one")
                         ->transform(SolutionLimits())
                         ->capture_default_str(),
                     o.limit),
            "N|all")
      ->group(kRun);
  batch_ = ValueName(Recorded(app.add_option("--batch", o.batch,
                                             "Puzzle lines per pipeline "
                                             "batch, up to 2^20 (--ab:\n"
                                             "from the dataset's size)")
                                  ->transform(WholeNumbers(1, 1 << 20))
                                  ->capture_default_str(),
                              o.batch),
                     "N")
               ->group(kRun);
  ValueName(app.add_option("--repeat", o.repeat,
                           "Run each (dataset, strategy) N times, 1 to "
                           "1000,\ninterleaved; puzzles/s is the median "
                           "round's")
                ->transform(WholeNumbers(1, 1000))
                ->capture_default_str(),
            "N")
      ->group(kRun);
  ValueName(app.add_flag("--instructions{200}", o.instructions,
                         "Also count instructions per puzzle over N evenly\n"
                         "spaced puzzles (processor counter, else callgrind)")
                ->transform(WholeNumbers(1, 1000000)),
            "[=N]")
      ->group(kRun);
  ValueName(app.add_option("--instructions-by", o.instructions_by,
                           "How --instructions counts: auto (the counter\n"
                           "where the kernel has it, else callgrind)")
                ->check(CLI::IsMember({"auto", "counter", "callgrind"}))
                ->capture_default_str(),
            "HOW")
      ->group(kRun);
  app.add_flag("--instructions-child", o.instructions_child)->group("");
  Recorded(app.add_flag("--parse-only", o.parse_only,
                        "Only read and parse (input speed); solve nothing"),
           o.parse_only)
      ->group(kRun);
  app.add_flag("--strict-expected", o.strict_expected,
               "Exit 1 when an answer contradicts the file's own\n"
               "count or solution (expected_differs)")
      ->group(kRun);
}

// What is written, and what the person at the terminal sees.
void RunCommandCli::AddOutputOptions(CLI::App& app, RunCommandOptions& o) {
  ValueName(Recorded(app.add_option("--csv", o.csv,
                                    "Write the report as CSV, a row per "
                                    "(dataset,\nstrategy); '-' for any "
                                    "output is standard output")
                         ->check(OutputPathValidator()),
                     o.csv),
            "FILE")
      ->group(kOutputs);
  ValueName(app.add_option("--html", o.html,
                           "Write a self-contained HTML report with charts")
                ->check(OutputPathValidator()),
            "FILE")
      ->group(kOutputs);
  ValueName(Recorded(app.add_option("--per-puzzle", o.per_puzzle,
                                    "Write file,line,strategy,outcome,ns,nodes "
                                    "per line")
                         ->check(OutputPathValidator()),
                     o.per_puzzle),
            "FILE")
      ->group(kOutputs);
  ValueName(Recorded(app.add_option("--solutions", o.solutions,
                                    "Write puzzle:count:solution, first "
                                    "strategy's")
                         ->check(OutputPathValidator()),
                     o.solutions),
            "FILE")
      ->group(kOutputs);
  ValueName(Recorded(app.add_option("--slowest", o.slowest,
                                    "Show the K costliest puzzles per "
                                    "strategy, up to 10^6")
                         ->capture_default_str()
                         ->transform(WholeNumbers(0, 1'000'000)),
                     o.slowest),
            "K")
      ->group(kOutputs);
  AddMaxMessagesOption(app, o.max_messages,
                       "Bad lines, and apart wrong answers,")
      ->group(kOutputs);
  ValueName(app.add_option("--progress", o.progress,
                           "Progress on standard error: auto (on a "
                           "terminal),\nalways or never")
                ->check(CLI::IsMember({"auto", "always", "never"}))
                ->capture_default_str(),
            "WHEN")
      ->group(kOutputs);
  app.add_flag("-q,--quiet", o.quiet, "No console table")->group(kOutputs);
}

// Two strategies, typically two builds of one solver, side by side.
void RunCommandCli::AddTwoBuildOptions(CLI::App& app, RunCommandOptions& o) {
  ValueName(app.add_option("--ab", o.ab,
                           "Run A and B interleaved per puzzle, check "
                           "they\nsearch alike; B's throughput vs A with 95% "
                           "CI"),
            "A,B")
      ->group(kTwoBuilds);
  max_slowdown_ = AddMaxSlowdownOption(app, o.max_slowdown,
                                       "with --ab: exit 1 if\nsurely so, 3 "
                                       "if undecided",
                                       false)
          ->group(kTwoBuilds);
}

// One run over many processes: parts merged later, or MPI ranks.
void RunCommandCli::AddScaleOutOptions(CLI::App& app, RunCommandOptions& o) {
  ValueName(app.add_option("--shard", o.shard,
                           "Run part K of N (from 1) of every dataset; "
                           "merge\nthe parts with `bench merge`"),
            "K/N")
      ->group(kScaleOut);
  ValueName(Recorded(app.add_option("--stats", o.stats,
                                    "Write the mergeable statistics (JSON); "
                                    "--shard's\ndefault: the --csv path + "
                                    ".stats.json")
                         ->check(OutputPathValidator()),
                     o.stats),
            "FILE")
      ->group(kScaleOut);
}

// Surviving a stop, SIGKILL included.
void RunCommandCli::AddCheckpointOptions(CLI::App& app, RunCommandOptions& o) {
  ValueName(Recorded(app.add_option("--checkpoint", o.checkpoint,
                                    "Keep a checkpoint in FILE, to resume the "
                                    "run\nafter any stop")
                         ->check(OutputPathValidator()),
                     o.checkpoint),
            "FILE")
      ->group(kCheckpoints);
  checkpoint_every_ =
      ValueName(app.add_option("--checkpoint-every", o.checkpoint_every,
                               "Seconds between checkpoints (0: after every "
                               "batch)")
                    ->transform(Numbers(0, 1e9))
                    ->capture_default_str(),
                "S")
          ->group(kCheckpoints);
  app.add_flag("--overwrite-checkpoint", o.overwrite_checkpoint,
               "Start afresh over an existing --checkpoint FILE\n(else "
               "refused: it may be a stopped run's, to resume)")
      ->group(kCheckpoints);
  ValueName(app.add_option("--resume", o.resume,
                           "Continue the run checkpointed in FILE; "
                           "given\nalone, rerun its command line"),
            "FILE")
      ->group(kCheckpoints);
}

}  // namespace sudoku
