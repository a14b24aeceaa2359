// The resolve step: the parsed command line made, once, into the run's plan.
#include "bench/run/run_plan.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <utility>

#include "bench/run/checkpoint_check.h"
#include "bench/run/observers.h"
#include "bench/run/plan_checks.h"
#include "bench/run/process_strategy.h"
#include "engine/compare/ab_verdict.h"
#include "engine/distributed/shard_stats.h"
#include "engine/report/report.h"

namespace sudoku {
namespace {

// The command line a checkpoint records: `args` without --resume FILE (a
// resumed run records the command line it continues).
std::vector<std::string> WithoutResume(std::vector<std::string> args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const auto at = args.begin() + static_cast<std::ptrdiff_t>(i);
    if (args[i] == "--resume" && i + 1 < args.size()) {
      args.erase(at, at + 2);
      --i;
    } else if (args[i].starts_with("--resume=")) {
      args.erase(at);
      --i;
    }
  }
  return args;
}

// Where each dataset is opened: made absolute now, against the folder the
// command was given in ("-" stays standard input).
std::vector<std::string> DatasetFiles(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code error;
    std::filesystem::path absolute = path;
    if (path != "-" && !path.empty()) {
      absolute = std::filesystem::absolute(path, error);
    }
    files.push_back(error ? path : absolute.string());
  }
  return files;
}

RunMode ModeOf(const RunCommandOptions& o, const RankGroup* ranks,
               const OutputTable& outputs) {
  if (ranks != nullptr) return RunMode::kRanks;
  if (!o.ab.empty()) return RunMode::kAb;
  if (o.repeat > 1) return RunMode::kRounds;
  if (FindOutput(outputs, OutputWriter::kCheckpoint) != nullptr) {
    return RunMode::kCheckpoint;
  }
  return RunMode::kOnePass;
}

// The engine's options, once the options hold together.
RunOptions EngineOptions(const RunCommandOptions& o,
                         const LoadedStrategies& strategies, RankGroup* ranks) {
  RunOptions run;
  run.strategies = strategies.Selected(o, run.reference);
  run.solution_limit = o.limit;
  run.max_nodes = o.max_nodes;
  run.threads = o.threads;
  run.batch_size = o.batch;
  run.slowest = o.slowest;
  run.strict = o.strict;
  run.max_lines = o.lines;
  run.max_expansion = o.max_expansion;
  if (o.instructions_child) {
    run.count_instructions = InstructionCount::kCallgrind;
  }
  std::string unused;
  if (!o.shard.empty()) run.shard = *ParseShard(o.shard, unused);
  if (!o.ab.empty()) {
    const auto [a, b] = AbNames(o.ab);
    run.strategies = {strategies.Find(a), strategies.Find(b)};
    run.alternate_order = true;
  }
  if (ranks != nullptr) {
    run.shard = Shard{static_cast<uint32_t>(ranks->rank() + 1),
                      static_cast<uint32_t>(ranks->size())};
    run.split_streams_by_blocks = true;
    run.open_stdin = [ranks] { return ranks->StdinOfRoot(); };
  }
  return run;
}

// Under mpirun: a problem any rank found ends every rank, said once by rank
// 0 (its own, else the first another rank found), so that all run or none.
std::string Agreed(RankGroup* ranks, const std::string& problem) {
  if (ranks == nullptr) return problem;
  if (ranks->MaxOverRanks(problem.empty() ? 0 : 1) == 0) return "";
  for (const std::string& found : ranks->GatherToRoot(problem)) {
    if (!found.empty()) return found;
  }
  return problem.empty() ? "another rank refused the run" : problem;
}

// --ab's batch for the dataset opened as `file`, whose first bytes said
// `compression` ("" when they were not read).
size_t AbBatchFor(const std::string& file, const std::string& compression) {
  struct stat info {};
  if (file == "-" || stat(file.c_str(), &info) != 0 ||
      !S_ISREG(info.st_mode)) {
    return AbBatchSize(0, false);
  }
  return AbBatchSize(static_cast<uint64_t>(info.st_size),
                     compression == "none");
}

// The checks on files, before anything is opened for writing: no output on
// an input or on another output (`clash`, found before a plugin loaded),
// every dataset openable. A dataset that is not is said now and skipped,
// unless the mode needs every one. --ab's batches are taken from the same
// look at each dataset's first bytes.
bool CheckFiles(std::string clash, RunPlan& plan, std::ostream& err) {
  std::string problem = std::move(clash);
  std::vector<std::string> unopenable;
  for (size_t i = 0; problem.empty() && i < plan.datasets.size(); ++i) {
    std::string compression;
    std::string why = UnopenableDataset(plan.datasets[i],
                                        plan.dataset_files[i], &compression);
    if (plan.mode == RunMode::kAb) {
      plan.ab.batches.push_back(
          AbBatchFor(plan.dataset_files[i], compression));
    }
    if (why.empty()) continue;
    plan.unreadable.push_back(i);
    unopenable.push_back(std::move(why));
  }
  // A checkpoint records every dataset; ranks must all run or none.
  if (!unopenable.empty() &&
      (plan.mode == RunMode::kCheckpoint || plan.mode == RunMode::kRanks)) {
    problem = unopenable.front();
  }
  problem = Agreed(plan.ranks, problem);
  if (!problem.empty()) {
    err << "bench: " << problem << '\n';
    return false;
  }
  for (const std::string& why : unopenable) err << "bench: " << why << '\n';
  return true;
}

// What a checkpoint must share with the run that resumes it: the recorded
// options, and the strategies as run with where each came from.
SettingList CheckpointSettings(const RunCommandCli& cli,
                               const RunOptions& run) {
  std::string strategies;
  for (const ShardStrategy& s : SettingsOf(run).strategies) {
    strategies += s.name + " (" + s.origin + " " + s.sha256 + ")\n";
  }
  return cli.RecordedSettings(strategies);
}

// --checkpoint and --resume: what the keeper starts from, and the
// checkpoint resumed (read here, once, unless `resumed` holds it already),
// checked against this run; false, having said why, when it is refused.
bool ResolveCheckpoint(const RunCommandOptions& o, const RunCommandCli& cli,
                       std::vector<std::string> args,
                       std::optional<Checkpoint> resumed, RunPlan& plan,
                       std::ostream& err) {
  const OutputFile* file = FindOutput(plan.outputs, OutputWriter::kCheckpoint);
  if (file == nullptr) return true;
  CheckpointPlan& c = plan.checkpoint;
  c.path = file->path;
  // A checkpoint left there is a stopped run's, resumable: a new run would
  // replace it, then remove it at its end.
  std::error_code missing;
  if (o.resume.empty() && !o.overwrite_checkpoint &&
      std::filesystem::exists(file->resolved, missing)) {
    err << "bench: --checkpoint " << c.path
        << " exists: a stopped run's checkpoint, which a new run would "
           "replace; continue that run with --resume "
        << c.path << ", or start afresh with --overwrite-checkpoint\n";
    return false;
  }
  c.every_s = o.checkpoint_every;
  c.args = std::move(args);
  c.settings = CheckpointSettings(cli, plan.run);
  try {
    if (!o.resume.empty() && !resumed) resumed = ReadCheckpointFile(o.resume);
    c.datasets = DatasetIdentities(plan.datasets, plan.dataset_files);
    if (resumed) {
      const std::string why =
          ResumeRefusal(*resumed, c.settings, c.datasets, CurrentManifest());
      if (!why.empty()) throw CheckpointError(why);
    }
  } catch (const std::runtime_error& error) {
    err << "bench: "
        << (o.resume.empty() ? "" : "--resume " + o.resume + ": refused: ")
        << error.what() << '\n';
    return false;
  }
  c.resumed = std::move(resumed);
  return true;
}

std::unique_ptr<const RunPlan> Resolve(const RunCommandOptions& o,
                                       const RunCommandCli& cli,
                                       std::vector<std::string> args,
                                       RankGroup* ranks, std::ostream& err,
                                       std::optional<Checkpoint> resumed) {
  auto plan = std::make_unique<RunPlan>();
  std::optional<Shard> rank;
  if (ranks != nullptr) {
    rank = Shard{static_cast<uint32_t>(ranks->rank() + 1),
                 static_cast<uint32_t>(ranks->size())};
  }
  // The outputs' paths resolved before a plugin is loaded: one that calls
  // chdir() cannot move them.
  plan->outputs = MakeOutputTable(o, rank);
  plan->dataset_files = DatasetFiles(o.datasets);
  // Compared now, by the paths as given: after a plugin's chdir() they
  // would name other files.
  std::string clash = PathClashProblem(o, plan->outputs);
  auto strategies = std::make_shared<LoadedStrategies>();
  if (!strategies->Load(o, err)) return nullptr;
  plan->strategies = strategies;
  plan->list = o.list;
  if (o.list) return plan;
  if (o.datasets.empty()) {
    err << "bench: no dataset given (see --help)\n";
    return nullptr;
  }
  const PlanFacts facts{o,
                        plan->outputs,
                        *strategies,
                        cli.MaxSlowdownGiven(),
                        cli.CheckpointEveryGiven(),
                        ranks};
  if (const std::string problem = CombinationProblem(facts); !problem.empty()) {
    err << "bench: " << problem << '\n';
    return nullptr;
  }
  plan->mode = ModeOf(o, ranks, plan->outputs);
  plan->datasets = o.datasets;
  plan->dataset_names = DatasetNames(o.datasets);
  plan->run = EngineOptions(o, *strategies, ranks);
  plan->round_trip_note = RoundTripNote(plan->run.strategies);
  for (size_t i = 0; i < plan->datasets.size(); ++i) {
    plan->run.dataset_files[plan->datasets[i]] = plan->dataset_files[i];
  }
  plan->ranks = ranks;
  plan->max_messages = o.max_messages;
  plan->show_progress =
      (ranks == nullptr || ranks->rank() == 0) && ShowsProgress(o.progress);
  plan->strict_expected = o.strict_expected;
  plan->repeat = o.repeat;
  plan->instructions.sample = o.instructions;
  plan->instructions.by = o.instructions_by;
  plan->instructions.plugins = o.plugins;
  for (const std::string& exec : o.execs) {
    plan->instructions.exec_names.push_back(exec.substr(0, exec.find('=')));
  }
  if (cli.MaxSlowdownGiven()) plan->ab.max_slowdown = o.max_slowdown;
  plan->ab.batch_given = cli.BatchGiven();
  if (!CheckFiles(std::move(clash), *plan, err) ||
      !ResolveCheckpoint(o, cli, std::move(args), std::move(resumed), *plan,
                         err)) {
    return nullptr;
  }
  // The per-puzzle header opens the whole file: a later part, rank or
  // resumed run leaves it to the first.
  plan->per_puzzle_header = ranks != nullptr ? ranks->rank() == 0
                                             : plan->run.shard.index == 1 &&
                                                   !plan->checkpoint.resumed;
  return plan;
}

// `bench --resume FILE` alone: the command line FILE records, parsed as
// bench's own, resumed from FILE (read here, once).
std::unique_ptr<const RunPlan> ResolveResumeAlone(const std::string& file,
                                                  RankGroup* ranks,
                                                  std::ostream& err) {
  Checkpoint checkpoint;
  try {
    checkpoint = ReadCheckpointFile(file);
  } catch (const CheckpointError& error) {
    err << "bench: --resume: " << error.what() << '\n';
    return nullptr;
  }
  CLI::App app;
  RunCommandOptions o;
  RunCommandCli cli;
  cli.Setup(app, o);
  std::vector<std::string> words = checkpoint.args;
  words.insert(words.end(), {"--resume", file});
  std::reverse(words.begin(), words.end());  // CLI11 takes them last first
  try {
    app.parse(words);
  } catch (const CLI::ParseError& error) {
    err << "bench: --resume " << file
        << ": its command line is refused: " << error.what() << '\n';
    return nullptr;
  }
  std::vector<std::string> args = checkpoint.args;
  return Resolve(o, cli, std::move(args), ranks, err, std::move(checkpoint));
}

}  // namespace

bool RunPlan::Unreadable(size_t index) const {
  return std::find(unreadable.begin(), unreadable.end(), index) !=
         unreadable.end();
}

std::unique_ptr<const RunPlan> ResolvePlan(const RunCommandOptions& o,
                                           const RunCommandCli& cli,
                                           const std::vector<std::string>& args,
                                           RankGroup* ranks,
                                           std::ostream& err) {
  if (args.size() == 2 && args[0] == "--resume") {
    return ResolveResumeAlone(args[1], ranks, err);
  }
  return Resolve(o, cli, WithoutResume(args), ranks, err, std::nullopt);
}

}  // namespace sudoku
