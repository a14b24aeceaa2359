// mpirun -np N bench: one part per rank, merged by rank 0 as `bench merge`
// merges the parts of --shard K/N.
#include "bench/run/scale_out.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "bench/run/outputs.h"
#include "bench/run/pass_runner.h"
#include "bench/run/rank_parts.h"
#include "bench/run/run_datasets.h"
#include "engine/common/atomic_output.h"
#include "engine/distributed/shard_stats.h"

namespace sudoku {
namespace {

// A rank's part of every dataset, one pass each; a dataset it cannot read
// is kept for rank 0 to say once (every rank may fail alike).
class RankPartRunner : public OnePassRunner {
 public:
  using OnePassRunner::OnePassRunner;
  void SayError(const std::string& error) override { held_.push_back(error); }
  const std::vector<std::string>& held() const { return held_; }

 private:
  std::vector<std::string> held_;
};

PartFile PartOf(OutputWriter writer) {
  return writer == OutputWriter::kPerPuzzle ? PartFile::kPerPuzzle
                                            : PartFile::kSolutions;
}

// Removes this rank's parts of the per-puzzle and solutions files.
void RemoveOwnParts(const RunPlan& plan) {
  for (const OutputFile& row : plan.outputs) {
    if (!row.rank_part.empty()) RemoveRankPart(row.path, plan.run.shard);
  }
}

// Rank 0 tries the report files it writes at the end before any rank
// solves, as a single process does, so an unwritable path costs no run.
bool CanWriteReports(const RunPlan& plan) {
  for (const OutputFile& row : MergedRows(plan.outputs)) {
    if (row.writer == OutputWriter::kConsoleTable) continue;
    // Opened and dropped: the target is left as it was.
    std::string error;
    if (AtomicOutput::Open(row.path, error) == nullptr) {
      std::cerr << "bench: " << error << '\n';
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
int ReportMerged(const RunPlan& plan,
                 const std::vector<std::string>& parts_json,
                 const std::vector<std::string>& marks) {
  ExitCode exit_code;
  ShardPart whole;
  const auto ranks = static_cast<uint32_t>(parts_json.size());
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
    for (const OutputFile& row : plan.outputs) {
      if (!row.rank_part.empty()) RemoveRankParts(row.path, ranks);
    }
    return kExitUsage;
  }
  RunOptions run = plan.run;  // the whole run's, as the stats describe it
  run.shard = Shard{};
  Observers unused(0, false);
  Outputs outputs;
  if (!outputs.Open(MergedRows(plan.outputs), run, unused)) return kExitUsage;
  for (size_t d = 0; d < whole.datasets.size(); ++d) {
    outputs.ReportPass(whole.manifest, whole.datasets[d], ShardRows(whole, d));
    if (outputs.has_console()) std::cout << plan.round_trip_note;
    RaiseForResult(whole.datasets[d], plan.strict_expected, exit_code);
  }
  outputs.Finish(exit_code);
  if (outputs.has_console()) std::cout << JobNote(whole.manifest, run.threads);
  for (const OutputFile& row : plan.outputs) {
    std::string error;
    if (row.rank_part.empty() ||
        JoinRankParts(row.path, PartOf(row.writer), marks, error)) {
      continue;
    }
    std::cerr << "bench: " << error << '\n';
    exit_code.Raise(kExitUsage);
  }
  return exit_code.code();
}

// After every rank's part: agrees on failure (one message, exit 2 on every
// rank), else gathers the parts' stats to rank 0, which merges and reports
// them and joins the per-puzzle parts by their `marks`; returns the job's
// exit code, the same on every rank.
int ReduceRanks(const RunPlan& plan, const std::vector<std::string>& held,
                const std::string& stats, const std::string& marks,
                int local_code) {
  RankGroup& ranks = *plan.ranks;
  // Every rank learns whether any failed before anything is merged, so a
  // file one rank could not read ends the whole job, said once.
  if (ranks.MaxOverRanks(held.empty() ? 0 : 1) != 0) {
    const std::vector<std::string> errors =
        ranks.GatherToRoot(held.empty() ? "" : held.front());
    for (const std::string& error : errors) {
      if (error.empty()) continue;
      std::cerr << "bench: " << error << '\n';
      break;
    }
    RemoveOwnParts(plan);
    return kExitUsage;
  }
  const std::vector<std::string> parts = ranks.GatherToRoot(stats);
  const std::vector<std::string> all_marks = ranks.GatherToRoot(marks);
  const bool unwritten =
      ranks.MaxOverRanks(local_code == kExitUsage ? 1 : 0) != 0;
  int code = kExitOk;
  if (ranks.rank() == 0) {
    code = ReportMerged(plan, parts, all_marks);
    if (unwritten && code != kExitFailure) code = kExitUsage;
  }
  return ranks.FromRoot(code);
}

}  // namespace

int ExecuteRanks(const RunPlan& plan) {
  RankGroup& ranks = *plan.ranks;
  const bool root = ranks.rank() == 0;
  ExitCode exit_code;
  RankPartRunner runner(plan.run);
  std::ostringstream stats;
  PartMarks marks;
  {
    Observers observers(plan.max_messages, plan.show_progress);
    observers.SetMarks(&marks);
    Outputs outputs;
    const bool opened =
        outputs.Open(RankPartRows(plan.outputs), plan.run, observers,
                     plan.per_puzzle_header, &marks) &&
        (!root || CanWriteReports(plan));
    // Any rank that cannot write ends every rank before the solving starts
    // (standard input is read by every rank in step: all run, or none).
    if (ranks.MaxOverRanks(opened ? 0 : 1) != 0) {
      RemoveOwnParts(plan);
      return kExitUsage;
    }
    outputs.AddStats(stats, plan.run);
    RunDatasets(plan, runner, {observers, outputs, exit_code});
    outputs.Finish(exit_code);
  }
  return ReduceRanks(plan, runner.held(), stats.str(), marks.Text(),
                     exit_code.code());
}

}  // namespace sudoku
