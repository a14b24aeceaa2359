// Marking the ranks' per-puzzle and solutions parts by line block, and
// joining them on rank 0 in the single process's line order.
#include "bench/run/rank_parts.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include "engine/common/atomic_output.h"

namespace sudoku {
namespace {

// One rank's run of output lines of one (dataset, block), as bytes of its
// part. A rank's header comes before its first mark: dataset 0.
struct Run {
  uint64_t dataset = 0, block = 0;
  size_t rank = 0;
  uint64_t begin = 0, end = 0;
};

// The runs of rank `rank`'s part of `size` bytes, from its marks.
std::vector<Run> RunsOf(const std::string& marks, PartFile file, size_t rank,
                        uint64_t size) {
  std::vector<Run> runs{{0, 0, rank, 0, size}};
  std::istringstream in(marks);
  int id = 0;
  uint64_t dataset = 0, block = 0, offset = 0;
  while (in >> id >> dataset >> block >> offset) {
    if (id != static_cast<int>(file)) continue;
    runs.back().end = offset;
    runs.push_back({dataset, block, rank, offset, size});
  }
  return runs;
}

bool Copy(std::ifstream& in, uint64_t begin, uint64_t end, std::ostream& out) {
  std::vector<char> chunk(1 << 16);
  in.clear();  // an earlier run may have read to the end
  in.seekg(static_cast<std::streamoff>(begin));
  while (begin < end && in) {
    const auto n = static_cast<std::streamsize>(
        std::min<uint64_t>(chunk.size(), end - begin));
    in.read(chunk.data(), n);
    out.write(chunk.data(), in.gcount());
    begin += static_cast<uint64_t>(in.gcount());
  }
  return begin == end;
}

}  // namespace

std::string RankPartPath(const std::string& path, const Shard& shard) {
  return path + ".part-" + std::to_string(shard.index) + "-of-" +
         std::to_string(shard.count);
}

void PartMarks::Watch(PartFile file, std::ostream& out) {
  files_.emplace_back(file, &out);
}

void PartMarks::BeforeRecord(uint64_t line) {
  const uint64_t block = (line - 1) / kBlockLines;
  if (dataset_ == marked_dataset_ && block == marked_block_) return;
  marked_dataset_ = dataset_;
  marked_block_ = block;
  for (const auto& [file, out] : files_) {
    text_ += std::to_string(static_cast<int>(file)) + ' ' +
             std::to_string(dataset_) + ' ' + std::to_string(block) + ' ' +
             std::to_string(static_cast<long long>(out->tellp())) + '\n';
  }
}

bool JoinRankParts(const std::string& path, PartFile file,
                   const std::vector<std::string>& marks, std::string& error) {
  const auto count = static_cast<uint32_t>(marks.size());
  std::vector<std::ifstream> parts;
  std::vector<Run> runs;
  for (uint32_t k = 1; k <= count; ++k) {
    const std::string part = RankPartPath(path, Shard{k, count});
    std::error_code ec;
    const uint64_t size = std::filesystem::file_size(part, ec);
    parts.emplace_back(part, std::ios::binary);
    if (ec || !parts.back()) {
      error = "cannot read " + part + " (rank " + std::to_string(k - 1) +
              "'s part)";
      return false;
    }
    for (const Run& run : RunsOf(marks[k - 1], file, k - 1, size)) {
      if (run.end > run.begin) runs.push_back(run);
    }
  }
  std::stable_sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) {
    return std::tie(a.dataset, a.block, a.rank) <
           std::tie(b.dataset, b.block, b.rank);
  });
  const auto joined = AtomicOutput::Open(path, error);
  bool copied = joined != nullptr;
  for (const Run& run : runs) {
    copied =
        copied && Copy(parts[run.rank], run.begin, run.end, joined->stream());
  }
  parts.clear();
  RemoveRankParts(path, count);
  if (joined == nullptr) return false;
  if (!copied || !joined->Commit(error)) {
    if (error.empty()) error = "writing " + path + " failed";
    return false;
  }
  return true;
}

void RemoveRankPart(const std::string& path, const Shard& shard) {
  if (!path.empty()) std::remove(RankPartPath(path, shard).c_str());
}

void RemoveRankParts(const std::string& path, uint32_t count) {
  for (uint32_t k = 1; k <= count; ++k) RemoveRankPart(path, Shard{k, count});
}

}  // namespace sudoku
