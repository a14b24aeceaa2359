// The resolve step's checks: the combinations of options that CLI11's
// excludes cannot say, and the files, before anything is opened for
// writing.
#include "bench/run/plan_checks.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>

#include "engine/input/input.h"
#include "engine/input/shard.h"

namespace sudoku {
namespace {

bool ReadsStdin(const RunCommandOptions& o) {
  return std::find(o.datasets.begin(), o.datasets.end(), "-") !=
         o.datasets.end();
}

// The rules, one per feature, each the first problem it sees or "". The
// presence-only conflicts are CLI11 excludes in bench/cli/run_options.cc.

std::string RepeatRule(const PlanFacts& f) {
  const RunCommandOptions& o = f.o;
  if (o.repeat > 1 &&
      (o.parse_only || !o.per_puzzle.empty() || !o.solutions.empty())) {
    return "--repeat measures strategies; it does not combine with "
           "--parse-only, --per-puzzle or --solutions";
  }
  return "";
}

std::string StdoutRule(const PlanFacts& f) {
  // Said here, naming the option, before the writer would refuse '-'
  // naming no option.
  if (const OutputFile* kept = FindOutput(f.outputs, OutputWriter::kCheckpoint);
      kept != nullptr && kept->path == "-") {
    return kept->option +
           ": standard output cannot hold a checkpoint (a later --resume "
           "reads it back); give a file";
  }
  const std::vector<std::string> named = StdoutOptions(f.outputs);
  if (named.size() < 2) return "";
  return named[0] + " - and " + named[1] +
         " - would mix in standard output; give one of them a file";
}

std::string ReferenceRule(const PlanFacts& f) {
  const RunCommandOptions& o = f.o;
  if (o.reference.empty()) return "";
  // The reference settles a count by counting to 2 or more, in the same
  // pass as the strategies it holds to it (--ab, --parse-only: excluded by
  // CLI11).
  const char* clash = o.limit < 2    ? "needs --limit 2 or more"
                      : o.repeat > 1 ? "does not combine with --repeat"
                                     : nullptr;
  if (clash == nullptr) return "";
  return std::string("--reference ") + clash +
         " (it settles each puzzle's count beside the other strategies, "
         "counting to 2 or more)";
}

std::string ShardRule(const PlanFacts& f) {
  const RunCommandOptions& o = f.o;
  if (o.shard.empty()) return "";
  std::string error;
  if (!ParseShard(o.shard, error)) return error;
  if (o.lines != 0) {
    // A part that stops at the cap has not hashed the whole file, so its
    // dataset_sha256 would not be the file's and no merge could take it.
    return "--shard reads every line of its part; it does not combine with "
           "--lines";
  }
  if (o.repeat > 1) {  // --ab, --parse-only, --strict: excluded by CLI11
    return "--shard splits one pass; it does not combine with --repeat, "
           "--ab, --parse-only or --strict";
  }
  if (ReadsStdin(o)) {
    return "--shard " + o.shard +
           ": standard input cannot be split; give a file";
  }
  if (FindOutput(f.outputs, OutputWriter::kStats) == nullptr) {
    return "--shard " + o.shard +
           " needs --stats FILE (or --csv FILE) for `bench merge`";
  }
  return "";
}

std::string AbRule(const PlanFacts& f) {
  const RunCommandOptions& o = f.o;
  if (o.ab.empty()) {
    return f.max_slowdown_given
               ? "--max-slowdown judges an --ab run; give --ab A,B"
               : "";
  }
  const auto [a, b] = AbNames(o.ab);
  if (a.empty() || b.empty() || b.find(',') != std::string::npos) {
    return "--ab takes two strategy names, A,B (got '" + o.ab + "')";
  }
  if (a == b) {
    return "--ab " + o.ab +
           ": one strategy against itself; load the plugin twice under two "
           "labels (--plugin base=PATH --plugin new=PATH)";
  }
  for (const std::string& name : {a, b}) {
    if (f.strategies.Find(name) == nullptr) {
      return "--ab: no strategy named '" + name + "' (see --list)";
    }
  }
  if (o.repeat > 1) {  // --parse-only: excluded by CLI11
    return "--ab runs one interleaved pass; it does not combine with "
           "--repeat or --parse-only";
  }
  return "";
}

// Each rank opens the dataset itself: a pipe or device would give each its
// own bytes. A missing file is left to the open, which says so.
std::string RankDatasetRule(const RunCommandOptions& o) {
  for (const std::string& path : o.datasets) {
    std::error_code error;
    if (path != "-" && std::filesystem::exists(path, error) &&
        !std::filesystem::is_regular_file(path, error)) {
      return "under mpirun a dataset is a regular file or '-': " + path +
             " is neither (each rank would read its own bytes)";
    }
  }
  return "";
}

std::string RanksRule(const PlanFacts& f) {
  const RunCommandOptions& o = f.o;
  if (f.ranks == nullptr) return "";
  if (!o.shard.empty()) {
    return "--shard does not combine with mpirun: the ranks are the parts";
  }
  if (o.repeat > 1 || !o.ab.empty() || o.parse_only || o.strict) {
    return "under mpirun the ranks split one pass; --repeat, --ab, "
           "--parse-only and --strict do not combine with it";
  }
  if (!o.checkpoint.empty() || !o.resume.empty()) {
    return "--checkpoint and --resume do not combine with mpirun";
  }
  if (o.instructions > 0) {
    return "--instructions counts a sample of each whole dataset in one "
           "process; it does not combine with mpirun";
  }
  if (o.lines != 0) {
    return "under mpirun every rank reads its whole part (and hashes the "
           "whole file); --lines does not combine with it";
  }
  if (!StdoutOptions(f.outputs).empty()) {
    return "under mpirun the outputs are files ('-', standard output, is not "
           "joined across ranks)";
  }
  if (std::string problem = RankDatasetRule(o); !problem.empty()) {
    return problem;
  }
  if (ReadsStdin(o) && !f.ranks->AnyThreadMayCall()) {
    return "under mpirun standard input needs an MPI library with "
           "MPI_THREAD_SERIALIZED (a oneTBB thread reads and broadcasts it); "
           "this one lacks it: give a file";
  }
  return "";
}

std::string CheckpointRule(const PlanFacts& f) {
  const RunCommandOptions& o = f.o;
  const OutputFile* checkpoint =
      FindOutput(f.outputs, OutputWriter::kCheckpoint);
  if (checkpoint == nullptr) {
    return f.checkpoint_every_given
               ? "--checkpoint-every needs --checkpoint FILE"
               : "";
  }
  if (o.repeat > 1) {  // --ab, --shard: excluded by CLI11
    return "--checkpoint does not combine with --repeat, --ab or --shard";
  }
  if (ReadsStdin(o)) {
    return "--checkpoint needs files to read again: standard input cannot "
           "be resumed";
  }
  if (!StdoutOptions(f.outputs).empty()) {
    return "--checkpoint needs files to cut back on resume: no output can "
           "be '-'";
  }
  // A checkpoint is replaced (renamed over) as the run goes and removed at
  // its end: a FIFO or a device there would be lost, or refuse the rename.
  struct stat info {};
  if (stat(checkpoint->path.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
    return "--checkpoint " + checkpoint->path +
           ": not a regular file (the checkpoint is replaced as the run goes "
           "and removed at its end)";
  }
  return "";
}

using Rule = std::string (*)(const PlanFacts&);
constexpr Rule kRules[] = {RepeatRule, StdoutRule, ReferenceRule, ShardRule,
                           AbRule,     RanksRule,  CheckpointRule};

}  // namespace

std::pair<std::string, std::string> AbNames(const std::string& ab) {
  const size_t comma = ab.find(',');
  return {ab.substr(0, comma),
          comma == std::string::npos ? "" : ab.substr(comma + 1)};
}

std::string CombinationProblem(const PlanFacts& facts) {
  for (const Rule rule : kRules) {
    if (std::string problem = rule(facts); !problem.empty()) return problem;
  }
  return "";
}

std::vector<NamedPath> InputPaths(const RunCommandOptions& o) {
  std::vector<NamedPath> inputs;
  for (const std::string& path : o.datasets) {
    inputs.push_back({"the dataset", path});
  }
  for (const std::string& spec : o.plugins) {
    inputs.push_back({"--plugin", PluginSpec::Parse(spec).path});
  }
  if (!o.resume.empty() && !o.checkpoint.empty()) {
    const NamedPath resume{"--resume", o.resume};
    const NamedPath kept{"--checkpoint", o.checkpoint};
    if (!FindPathClash({&resume, 1}, {&kept, 1})) inputs.push_back(resume);
  }
  return inputs;
}

std::string PathClashProblem(const RunCommandOptions& o,
                             const OutputTable& outputs) {
  const std::vector<NamedPath> inputs = InputPaths(o);
  const std::vector<NamedPath> written = OutputPaths(outputs);
  const auto clash = FindPathClash(inputs, written);
  return clash ? DescribeClash(*clash) : "";
}

std::string UnopenableDataset(const std::string& path, const std::string& file,
                              std::string* compression) {
  struct stat info {};
  if (path == "-") return "";
  const bool exists = stat(file.c_str(), &info) == 0;
  if (exists && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode)) return "";
  try {
    const Input probe(file, path);  // opens and reads the first bytes only
    if (compression != nullptr) *compression = probe.facts().compression;
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

}  // namespace sudoku
