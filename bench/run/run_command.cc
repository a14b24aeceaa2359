// The main job of `bench`: the strategies loaded and the options checked,
// then every dataset run, in this process or as one rank of an MPI job.
#include "bench/run/run_command.h"

#include <algorithm>
#include <iostream>
#include <memory>

#include "bench/run/ab_run.h"
#include "bench/run/checkpoint_run.h"
#include "bench/run/crash_report.h"
#include "bench/run/observers.h"
#include "bench/run/outputs.h"
#include "bench/run/plugin_server.h"
#include "bench/run/run_datasets.h"
#include "bench/run/scale_out.h"
#include "engine/common/exit_codes.h"
#include "engine/distributed/shard_stats.h"
#include "engine/pipeline/interrupt.h"
#include "strategies/registry.h"
#include "strategies/strategy.h"

namespace sudoku {

int RunCommand::Execute() {
  // From the plugins' loading to the last report: exit() in between (a
  // plugin's) is a run that did not finish, never a pass.
  const ExitGuard exit_guard;
  options_.batch_given = cli_.BatchGiven();
  const RunCommandOptions& o = options_;
  OnlyRootComplains only_root(ranks_);
  if (!LoadStrategies()) return kExitUsage;
  if (o.list) {
    ListStrategies();
    return kExitOk;
  }
  if (o.datasets.empty()) {
    std::cerr << "bench: no dataset given (see --help)\n";
    return kExitUsage;
  }
  if (o.repeat > 1 &&
      (o.parse_only || !o.per_puzzle.empty() || !o.solutions.empty())) {
    std::cerr << "bench: --repeat measures strategies; it does not combine "
                 "with --parse-only, --per-puzzle or --solutions\n";
    return kExitUsage;
  }
  if (!OneStdout()) return kExitUsage;
  if (!o.reference.empty()) {
    // The reference settles a count by counting to 2, in the same pass as
    // the strategies it holds to it.
    const char* clash = o.limit != 2           ? "needs --limit 2"
                        : !o.ab.empty()        ? "does not combine with --ab"
                        : o.repeat > 1         ? "does not combine with --repeat"
                        : o.parse_only         ? "does not combine with --parse-only"
                                               : nullptr;
    if (clash != nullptr) {
      std::cerr << "bench: --reference " << clash
                << " (it settles each puzzle's count beside the other "
                   "strategies, counting to 2)\n";
      return kExitUsage;
    }
  }
  RunOptions run = MakeRunOptions();
  std::string stats_path;
  if (!ResolveShard(o, run, stats_path)) return kExitUsage;
  std::vector<const Strategy*> ab_pair;
  const auto find = [this](std::string_view name) { return FindLoaded(name); };
  if (!ResolveAb(o, cli_.MaxSlowdownGiven(), find, ab_pair)) return kExitUsage;
  if (ranks_ != nullptr) {
    only_root.Release();
    return ExecuteRanks(o, *ranks_, run);
  }
  if (!ab_pair.empty()) {
    run.strategies = ab_pair;
    run.alternate_order = true;
  }
  std::optional<Checkpoint> resumed;
  if (!ResolveCheckpoint(
          options_, cli_.CheckpointEveryGiven(),
          [this, &run] { return CheckpointSettings(run); }, resumed)) {
    return kExitUsage;
  }
  Observers observers(o.max_messages, ShowsProgress(o.progress));
  Outputs outputs;
  if (resumed) outputs.ContinueFiles(resumed->outputs);
  if (!outputs.Open(o, StrategyNames(run), observers,
                    run.shard.index == 1 && !resumed) ||
      (!stats_path.empty() && !outputs.OpenStats(stats_path, run))) {
    return kExitUsage;
  }
  outputs.KeepCrashCsv(o, run, observers);
  ExitCode exit_code;
  std::unique_ptr<CheckpointKeeper> keeper;
  if (!o.checkpoint.empty()) {
    keeper = MakeKeeper(o, run, args_, CheckpointSettings(run), resumed,
                        outputs, exit_code);
    if (keeper == nullptr) return kExitUsage;
    observers.Add(ForwardAccounted(*keeper));
  }
  const Resumption resumption{resumed ? &*resumed : nullptr, keeper.get()};
  if (!ab_pair.empty()) {
    RunAbPair(o, run,
              cli_.MaxSlowdownGiven() ? std::optional<double>(o.max_slowdown)
                                      : std::nullopt,
              observers, outputs, exit_code);
  } else {
    RunDatasets(o, run, observers, outputs, exit_code, nullptr, std::nullopt,
                nullptr, resumption);
  }
  outputs.Finish(exit_code);
  if (keeper != nullptr) FinishCheckpoint(*keeper, exit_code);
  // Interrupted, the reports are partial whatever they found: the code says
  // so first (128 + the signal), as a shell's would.
  if (const int signal = InterruptSignal(); signal != 0) {
    return InterruptExitCode(signal);
  }
  return exit_code.code();
}

SettingList RunCommand::CheckpointSettings(const RunOptions& run) const {
  std::string strategies;
  for (const ShardStrategy& s : SettingsOf(run).strategies) {
    strategies += s.name + " (" + s.origin + " " + s.sha256 + ")\n";
  }
  return cli_.RecordedSettings(strategies);
}

void RunCommand::SetArgs(std::vector<std::string> args) {
  args_ = RecordedArgs(std::move(args));
}

bool RunCommand::OneStdout() const {
  const RunCommandOptions& o = options_;
  std::vector<std::string> named;
  if (o.csv == "-") named.push_back("--csv");
  if (o.per_puzzle == "-") named.push_back("--per-puzzle");
  if (o.solutions == "-") named.push_back("--solutions");
  if (o.stats == "-") named.push_back("--stats");
  if (o.html == "-") named.push_back("--html");
  if (named.size() < 2) return true;
  std::cerr << "bench: " << named[0] << " - and " << named[1]
            << " - would mix in standard output; give one of them a file\n";
  return false;
}

bool RunCommand::LoadStrategies() {
  for (const std::string& path : options_.plugins) {
    std::string error;
    if (!plugins_.Load(path, AllStrategies(), error)) {
      std::cerr << "bench: " << error << '\n';
      return false;
    }
  }
  for (const Strategy& s : AllStrategies()) strategies_.push_back(&s);
  if (options_.isolate) {
    // Each plugin strategy is served by a child of this executable, which
    // loads the library itself: a crash ends that child, not the run.
    for (const Strategy& s : plugins_.strategies()) {
      processes_.AddServed(
          s,
          ServePluginCommand(std::string(s.origin),
                             std::string(PluginLoader::OwnName(s))),
          options_.exec_timeout);
    }
  } else {
    for (const Strategy& s : plugins_.strategies()) strategies_.push_back(&s);
  }
  if (!AddProcessStrategies()) return false;
  for (const std::string& name : options_.strategies) {
    if (name == "all" || FindLoaded(name) != nullptr) continue;
    std::string choices = "all";
    for (const Strategy* s : strategies_)
      choices += ", " + std::string(s->name);
    std::cerr << "bench: --strategy: no strategy named '" << name
              << "' (choose from " << choices << ")\n";
    return false;
  }
  return true;
}

bool RunCommand::AddProcessStrategies() {
  for (const std::string& spec : options_.execs) {
    std::string error;
    if (!processes_.Add(spec, options_.exec_timeout, strategies_, error)) {
      std::cerr << "bench: " << error << '\n';
      return false;
    }
  }
  for (const Strategy& s : processes_.strategies()) strategies_.push_back(&s);
  return true;
}

const Strategy* RunCommand::FindLoaded(std::string_view name) const {
  for (const Strategy* s : strategies_) {
    if (s->name == name) return s;
  }
  return nullptr;
}

// One line per strategy: name, summary, and where it came from.
void RunCommand::ListStrategies() const {
  size_t width = 0;
  for (const Strategy* s : strategies_) width = std::max(width, s->name.size());
  for (const Strategy* s : strategies_) {
    std::cout << s->name << std::string(width - s->name.size() + 2, ' ')
              << s->summary << "  ["
              << (s->origin.empty() ? kBuiltIn : s->origin)
              << (s->origin_sha256.empty()
                      ? ""
                      : ", sha256 " +
                            std::string(s->origin_sha256.substr(0, 12)))
              << "]\n";
  }
}

RunOptions RunCommand::MakeRunOptions() const {
  const RunCommandOptions& o = options_;
  RunOptions run;
  if (!o.parse_only) {
    for (const std::string& name : o.strategies) {
      if (name == "all") {
        for (const Strategy* s : strategies_) run.strategies.push_back(s);
      } else {
        run.strategies.push_back(FindLoaded(name));
      }
    }
    // A strategy named twice (or in "all" and by name) runs once.
    std::vector<const Strategy*> unique;
    for (const Strategy* s : run.strategies) {
      if (std::find(unique.begin(), unique.end(), s) == unique.end()) {
        unique.push_back(s);
      }
    }
    run.strategies = unique;
    // The reference runs beside them, last, so that the first strategy (the
    // one --solutions writes) is still the first one named.
    if (!o.reference.empty()) {
      const Strategy* reference = FindLoaded(o.reference);
      auto it = std::find(run.strategies.begin(), run.strategies.end(),
                          reference);
      if (it == run.strategies.end()) {
        run.strategies.push_back(reference);
        it = run.strategies.end() - 1;
      }
      run.reference = static_cast<int>(it - run.strategies.begin());
    }
  }
  run.solution_limit = o.limit;
  run.max_nodes = o.max_nodes;
  run.threads = o.threads;
  run.batch_size = o.batch;
  run.slowest = o.slowest;
  run.strict = o.strict;
  run.max_lines = o.lines;
  run.max_expansion = o.max_expansion;
  return run;
}

}  // namespace sudoku
