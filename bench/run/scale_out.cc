// Runs split over processes: --shard K/N (one part per process, merged later
// by `bench merge`) and mpirun -np N bench (one part per rank, merged by
// rank 0 as `bench merge` would).
#include "bench/run/scale_out.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "bench/run/outputs.h"
#include "bench/run/process_strategy.h"
#include "bench/run/rank_parts.h"
#include "bench/run/run_datasets.h"
#include "engine/distributed/shard_stats.h"
#include "engine/input/shard.h"

namespace sudoku {

bool ResolveShard(const RunCommandOptions& o, RunOptions& run,
                  std::string& stats_path) {
  stats_path = o.stats;
  if (o.shard.empty()) return true;
  std::string error;
  const auto shard = ParseShard(o.shard, error);
  if (!shard) {
    std::cerr << "bench: " << error << '\n';
    return false;
  }
  run.shard = *shard;
  if (o.lines != 0) {
    // A part that stops at the cap has not hashed the whole file, so its
    // dataset_sha256 would not be the file's and no merge could take it.
    std::cerr << "bench: --shard reads every line of its part; it does not "
                 "combine with --lines\n";
    return false;
  }
  if (o.repeat > 1 || !o.ab.empty() || o.parse_only || o.strict) {
    std::cerr << "bench: --shard splits one pass; it does not combine with "
                 "--repeat, --ab, --parse-only or --strict\n";
    return false;
  }
  for (const std::string& path : o.datasets) {
    if (path == "-") {
      std::cerr << "bench: --shard " << o.shard
                << ": standard input cannot be split; give a file\n";
      return false;
    }
  }
  if (stats_path.empty() && !o.csv.empty()) stats_path = o.csv + ".stats.json";
  if (stats_path.empty()) {
    std::cerr << "bench: --shard " << o.shard
              << " needs --stats FILE (or --csv FILE) for `bench merge`\n";
    return false;
  }
  return true;
}

// mpirun -np N bench: each rank runs its part as --shard K/N does; rank 0
// merges the parts' stats with MergeShards, as `bench merge` does.
namespace {

// Joins every rank's part of `path` into it, in line order.
void JoinParts(const std::string& path, PartFile file,
               const std::vector<std::string>& marks, ExitCode& exit_code) {
  if (path.empty()) return;
  std::string error;
  if (!JoinRankParts(path, file, marks, error)) {
    std::cerr << "bench: " << error << '\n';
    exit_code.Raise(kExitUsage);
  }
}

// Rank 0 opens the report files it writes at the end before any rank
// solves, as a single process does, so an unwritable path costs no run.
bool CanWriteReports(const RunCommandOptions& o) {
  for (const std::string& path : {o.csv, o.stats, o.html}) {
    if (path.empty() || path == "-") continue;
    if (!std::ofstream(path, std::ios::trunc)) {
      std::cerr << "bench: cannot write " << path << ": "
                << std::strerror(errno) << '\n';
      return false;
    }
  }
  return true;
}

// "mpi: 2 ranks x 1 threads on a:2": the job's shape, also in the CSV's
// ranks and hosts columns.
std::string JobNote(const Manifest& manifest, int threads) {
  return "  mpi: " + std::to_string(manifest.ranks) + " ranks x " +
         std::to_string(threads) + " threads on " + manifest.hosts + "\n";
}

// Rank 0: merges the ranks' stats into the single run and reports it as a
// single process would have; returns the exit code that run would have had.
int ReportMerged(const RunCommandOptions& o, const RunOptions& run,
                 const std::vector<std::string>& parts_json,
                 const std::vector<std::string>& marks) {
  ExitCode exit_code;
  ShardPart whole;
  try {
    std::vector<ShardPart> parts;
    std::vector<std::string> names;
    for (size_t r = 0; r < parts_json.size(); ++r) {
      names.push_back("rank " + std::to_string(r));
      parts.push_back(ParseShardStats(parts_json[r], names.back()));
    }
    whole = MergeShards(parts, names);
  } catch (const ShardStatsError& error) {
    std::cerr << "bench: " << error.what() << '\n';
    RemoveRankParts(o.per_puzzle, static_cast<uint32_t>(parts_json.size()));
    RemoveRankParts(o.solutions, static_cast<uint32_t>(parts_json.size()));
    return kExitUsage;
  }
  Observers unused(0, false);
  Outputs outputs;
  RunCommandOptions report = o;  // the table and the CSV, nothing else
  report.per_puzzle.clear();
  report.solutions.clear();
  if (!outputs.Open(report, {}, unused) ||
      (!o.stats.empty() && !outputs.OpenStats(o.stats, run))) {
    return kExitUsage;
  }
  for (size_t d = 0; d < whole.datasets.size(); ++d) {
    outputs.ReportPass(whole.manifest, whole.datasets[d], ShardRows(whole, d));
    if (!o.quiet) std::cout << RoundTripNote(run.strategies);
    RaiseForResult(whole.datasets[d], o.strict_expected, exit_code);
  }
  outputs.Finish(exit_code);
  if (!o.quiet) std::cout << JobNote(whole.manifest, run.threads);
  JoinParts(o.per_puzzle, PartFile::kPerPuzzle, marks, exit_code);
  JoinParts(o.solutions, PartFile::kSolutions, marks, exit_code);
  return exit_code.code();
}

// After every rank's part: agrees on failure (one message, exit 2 on every
// rank), else gathers the parts' stats to rank 0, which merges and reports
// them and joins the per-puzzle parts by their `marks`; returns the job's
// exit code, the same on every rank.
int ReduceRanks(const RunCommandOptions& o, RankGroup& ranks,
                const RunOptions& run,
                const std::vector<std::string>& held_errors,
                const std::string& stats, const std::string& marks,
                int local_code) {
  const bool root = ranks.rank() == 0;
  // Every rank learns whether any failed before anything is merged, so a
  // file one rank could not read ends the whole job, said once.
  if (ranks.MaxOverRanks(held_errors.empty() ? 0 : 1) != 0) {
    const std::vector<std::string> errors =
        ranks.GatherToRoot(held_errors.empty() ? "" : held_errors.front());
    for (const std::string& error : errors) {
      if (error.empty()) continue;
      std::cerr << "bench: " << error << '\n';
      break;
    }
    RemoveRankPart(o.per_puzzle, run.shard);
    RemoveRankPart(o.solutions, run.shard);
    return kExitUsage;
  }
  const std::vector<std::string> parts = ranks.GatherToRoot(stats);
  const std::vector<std::string> all_marks = ranks.GatherToRoot(marks);
  const bool unwritten =
      ranks.MaxOverRanks(local_code == kExitUsage ? 1 : 0) != 0;
  int code = kExitOk;
  if (root) {
    RunOptions whole = run;
    whole.shard = Shard{};
    code = ReportMerged(o, whole, parts, all_marks);
    if (unwritten && code != kExitFailure) code = kExitUsage;
  }
  return ranks.FromRoot(code);
}

// False, having said why (on rank 0), when the options cannot be split.
bool ResolveRanks(const RunCommandOptions& o, RankGroup& ranks,
                  RunOptions& run) {
  const bool speaks = ranks.rank() == 0;
  std::string refusal;
  if (!o.shard.empty()) {
    refusal = "--shard does not combine with mpirun: the ranks are the parts";
  } else if (o.repeat > 1 || !o.ab.empty() || o.parse_only || o.strict) {
    refusal =
        "under mpirun the ranks split one pass; --repeat, --ab, "
        "--parse-only and --strict do not combine with it";
  } else if (!o.checkpoint.empty() || !o.resume.empty()) {
    refusal = "--checkpoint and --resume do not combine with mpirun";
  } else if (o.lines != 0) {
    refusal =
        "under mpirun every rank reads its whole part (and hashes the whole "
        "file); --lines does not combine with it";
  } else if (Outputs::UsesStdout(o)) {
    refusal =
        "under mpirun the outputs are files ('-', standard output, is not "
        "joined across ranks)";
  }
  for (const std::string& path : o.datasets) {
    // Each rank opens the dataset itself: a pipe or device would give each
    // its own bytes. A missing file is left to the open, which says so.
    std::error_code error;
    if (refusal.empty() && path != "-" &&
        std::filesystem::exists(path, error) &&
        !std::filesystem::is_regular_file(path, error)) {
      refusal = "under mpirun a dataset is a regular file or '-': " + path +
                " is neither (each rank would read its own bytes)";
    }
  }
  const bool reads_stdin =
      std::find(o.datasets.begin(), o.datasets.end(), "-") != o.datasets.end();
  if (reads_stdin && refusal.empty() && !ranks.AnyThreadMayCall()) {
    refusal =
        "under mpirun standard input needs an MPI library with "
        "MPI_THREAD_SERIALIZED (a oneTBB thread reads and broadcasts it); "
        "this one lacks it: give a file";
  }
  if (!refusal.empty()) {
    if (speaks) std::cerr << "bench: " << refusal << '\n';
    return false;
  }
  run.shard = Shard{static_cast<uint32_t>(ranks.rank() + 1),
                    static_cast<uint32_t>(ranks.size())};
  run.split_streams_by_blocks = true;
  RankGroup* group = &ranks;
  run.open_stdin = [group] { return group->StdinOfRoot(); };
  return true;
}

}  // namespace

int ExecuteRanks(const RunCommandOptions& o, RankGroup& ranks, RunOptions run) {
  if (!ResolveRanks(o, ranks, run)) return kExitUsage;
  const bool root = ranks.rank() == 0;
  RunCommandOptions mine =
      o;  // this rank's files: no table or CSV, its own parts
  mine.quiet = true;
  mine.csv.clear();
  mine.html.clear();
  if (!o.per_puzzle.empty())
    mine.per_puzzle = RankPartPath(o.per_puzzle, run.shard);
  if (!o.solutions.empty())
    mine.solutions = RankPartPath(o.solutions, run.shard);
  const bool show_progress = root && ShowsProgress(o.progress);
  ExitCode exit_code;
  std::vector<std::string> held_errors;
  std::ostringstream stats;
  PartMarks marks;
  {
    Observers observers(o.max_messages, show_progress);
    observers.SetMarks(&marks);
    Outputs outputs;
    const bool opened =
        outputs.Open(mine, StrategyNames(run), observers, root, &marks) &&
        (!root || CanWriteReports(o));
    // Any rank that cannot write ends every rank before the solving starts
    // (standard input is read by every rank in step: all run, or none).
    if (ranks.MaxOverRanks(opened ? 0 : 1) != 0) {
      RemoveRankPart(o.per_puzzle, run.shard);
      RemoveRankPart(o.solutions, run.shard);
      return kExitUsage;
    }
    outputs.AddStats(stats, run);
    RunDatasets(mine, run, observers, outputs, exit_code, nullptr, std::nullopt,
                &held_errors);
    outputs.Finish(exit_code);
  }
  return ReduceRanks(o, ranks, run, held_errors, stats.str(), marks.Text(),
                     exit_code.code());
}

}  // namespace sudoku
