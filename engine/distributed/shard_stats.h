// The mergeable statistics of a `bench --shard` part as a JSON file, and the
// one routine that merges parts into the run a single process would have
// made (`bench merge` uses it; so will the MPI reduction).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/input/shard.h"
#include "engine/stats/run_options.h"
#include "engine/stats/run_result.h"
#include "engine/report/report.h"

namespace sudoku {

// A stats file that cannot be read, or parts that do not make one run; the
// message names the file. `bench merge` exits 2 on it.
class ShardStatsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A strategy as a report names it: parts that ran other builds of it
// do not merge.
struct ShardStrategy {
  std::string name;
  std::string origin;
  std::string sha256;
  friend bool operator==(const ShardStrategy&, const ShardStrategy&) = default;
};

// The settings every part of one run must share (threads excepted: a part
// may run on a machine of another size).
struct ShardSettings {
  std::vector<ShardStrategy> strategies;
  uint32_t limit = 1;
  uint64_t max_nodes = kUnlimitedNodes;
  uint64_t slowest = 0;
  int threads = 1;
};

// What one part (or, merged, the whole run) measured: one DatasetResult per
// dataset, in command-line order.
struct ShardPart {
  Shard shard;
  Manifest manifest;
  ShardSettings settings;
  std::vector<DatasetResult> datasets;
};

// The settings of a run, as the part's stats file records them.
ShardSettings SettingsOf(const RunOptions& options);

// The JSON text of a part (format: docs/scale-out.md).
std::string ShardStatsJson(const ShardPart& part);
// Reads it back exactly; throws ShardStatsError naming `where`.
ShardPart ParseShardStats(const std::string& text, const std::string& where);

// Merges parts 1..N of one run, given in any order, into the whole run:
// counts and histograms added, slowest puzzles merged, wall time the
// longest part's, CPU time summed. Throws ShardStatsError when the parts
// mix N, miss or repeat a part, or differ in build, settings or datasets;
// `names[i]` names parts[i] in the message.
ShardPart MergeShards(const std::vector<ShardPart>& parts,
                      const std::vector<std::string>& names);

// The report rows of one dataset of a (merged) part, as MakeRows gives a run,
// named among the part's datasets (DatasetNames).
std::vector<ReportRow> ShardRows(const ShardPart& part, size_t dataset);

// Writes a run's stats file when the run ends: each pass is kept as it is
// reported, the whole written by Finish.
class ShardStatsWriter : public Reporter {
 public:
  ShardStatsWriter(std::ostream& out, Shard shard, const RunOptions& options)
      : out_(out) {
    part_.shard = shard;
    part_.settings = SettingsOf(options);
  }
  void ReportPass(const Manifest& manifest, const DatasetResult& result,
                  const std::vector<ReportRow>& rows) override;
  void Finish() override;

 private:
  std::ostream& out_;
  ShardPart part_;
};

}  // namespace sudoku
