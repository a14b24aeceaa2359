// The per-puzzle and solutions files of an `mpirun -np N bench` job: each
// rank writes its part, marking where its line blocks start, and rank 0
// joins the parts in the single process's line order.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "engine/input/shard.h"

namespace sudoku {

// Where rank K-1 writes its part of a per-puzzle or solutions file `path`.
std::string RankPartPath(const std::string& path, const Shard& shard);

// The files a rank marks, by the id every rank gives them alike.
enum class PartFile { kPerPuzzle = 0, kSolutions = 1 };

// Records, in each watched file, the offset where the output of every new
// (dataset, line block) starts. Line blocks are engine/input/shard.h's: one rank
// owns a whole block under the block rule, and under byte ranges a block
// two ranks share is the lower rank's lines first. So ordering every
// rank's runs by (dataset, block, rank) gives the single process's order
// under either rule.
class PartMarks {
 public:
  void Watch(PartFile file, std::ostream& out);
  void StartDataset() { ++dataset_; }
  // Before the writers write the outputs of file line `line`.
  void BeforeRecord(uint64_t line);
  // The marks as text, "file dataset block offset" lines, to gather.
  std::string Text() const { return text_; }

 private:
  std::vector<std::pair<PartFile, std::ostream*>> files_;
  uint64_t dataset_ = 0;  // 1 for the first dataset
  uint64_t marked_dataset_ = 0, marked_block_ = 0;
  std::string text_;
};

// Writes `path` from its N parts (RankPartPath), given every rank's marks
// (rank order), and removes the parts: rank 0's part opens with the
// header, then every marked run in (dataset, block, rank) order. False,
// with `error` set, when a part cannot be read or `path` written.
bool JoinRankParts(const std::string& path, PartFile file,
                   const std::vector<std::string>& marks, std::string& error);

// Removes this rank's part of `path`, if `path` was asked for.
void RemoveRankPart(const std::string& path, const Shard& shard);
// Removes every rank's part of `path` (N parts), if `path` was asked for.
void RemoveRankParts(const std::string& path, uint32_t count);

}  // namespace sudoku
