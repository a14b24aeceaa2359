// A run's checkpoint (bench --checkpoint): how far each dataset is
// accounted, the statistics so far, and what the run must still be to
// resume it. JSON, written atomically.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/distributed/shard_stats.h"
#include "engine/stats/run_result.h"

namespace sudoku {

// A checkpoint that cannot be read or written, or that does not belong to
// this run; the message says why. bench exits 2 on it.
class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Checkpoint {
  // The command line that started the run (without the program name), so
  // `bench --resume FILE` alone can run it again.
  std::vector<std::string> args;
  // What decides the results (datasets, strategies, limits, output paths;
  // not threads): name and value, each compared on resume.
  std::vector<std::pair<std::string, std::string>> settings;
  // Every dataset as the run first saw it: path, size and SHA-256 of the
  // whole file.
  struct Dataset {
    std::string path;
    uint64_t size = 0;
    std::string sha256;
  };
  std::vector<Dataset> datasets;
  // The mergeable statistics (engine/distributed/shard_stats.h): the build
  // (manifest), the strategies and, per dataset begun, its pass so far; the
  // last one is the dataset in progress when `in_progress` is set.
  ShardPart stats;
  // Where the dataset in progress stands (absent between datasets).
  std::optional<PassPoint> in_progress;
  // The per-puzzle and solutions files: path and byte length when the
  // checkpoint was written. On resume they are cut back to these lengths.
  std::vector<std::pair<std::string, uint64_t>> outputs;
  // Where those bytes are until the run renames them over their paths: the
  // writer's temporary file of each (engine/common/atomic_output.h), which
  // --resume continues; absent, the path itself holds them.
  std::map<std::string, std::string> temporaries;
};

// The JSON text (format: docs/checkpoints.md).
std::string CheckpointJson(const Checkpoint& checkpoint);
// Reads it back; throws CheckpointError naming `where`.
Checkpoint ParseCheckpoint(const std::string& text, const std::string& where);
Checkpoint ReadCheckpointFile(const std::string& path);

// Why this build cannot resume a checkpoint made by `made_by`; empty when
// it can (same version, revision, compiler and flags).
std::string BuildMismatch(const Manifest& made_by, const Manifest& current);

}  // namespace sudoku
