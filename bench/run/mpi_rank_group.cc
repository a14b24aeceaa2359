// The RankGroup of an MPI build: Open MPI's world communicator, joined only
// when mpirun started this process.
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bench/run/rank_group.h"

namespace sudoku {
namespace {

// Open MPI's mpirun sets OMPI_COMM_WORLD_SIZE; PMIx and PMI launchers (srun)
// set PMIX_RANK or PMI_RANK. A binary started by hand has none and never
// initialises MPI, so it runs exactly as the plain build does.
bool StartedByLauncher() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

// Rank 0's standard input on every rank: rank 0 reads a chunk and
// broadcasts its size, then its bytes; size 0 ends the stream, -1 says rank
// 0 could not read. Each Read may run on another oneTBB thread (the
// pipeline's serial reader), one at a time: MPI_THREAD_SERIALIZED.
class BroadcastStdin : public ByteSource {
 public:
  explicit BroadcastStdin(int rank) : root_(rank == 0) {}

  size_t Read(char* buffer, size_t capacity) override {
    if (at_ == chunk_.size()) {
      if (ended_) return 0;
      NextChunk();
      if (ended_) return 0;
    }
    const size_t n = std::min(capacity, chunk_.size() - at_);
    std::memcpy(buffer, chunk_.data() + at_, n);
    at_ += n;
    return n;
  }

 private:
  static constexpr size_t kChunk = 1 << 20;

  void NextChunk() {
    long long size = 0;
    if (root_) {
      chunk_.resize(kChunk);
      size =
          static_cast<long long>(std::fread(chunk_.data(), 1, kChunk, stdin));
      if (std::ferror(stdin)) size = -1;
    }
    MPI_Bcast(&size, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
    at_ = 0;
    chunk_.resize(size > 0 ? static_cast<size_t>(size) : 0);
    if (size <= 0) {
      ended_ = true;
      if (size < 0) throw InputError("cannot read - (rank 0's standard input)");
      return;
    }
    MPI_Bcast(chunk_.data(), static_cast<int>(size), MPI_CHAR, 0,
              MPI_COMM_WORLD);
  }

  bool root_;
  std::vector<char> chunk_;
  size_t at_ = 0;
  bool ended_ = false;
};

class MpiRankGroup : public RankGroup {
 public:
  MpiRankGroup(int& argc, char**& argv) {
    // The main thread makes every call but one: standard input is read and
    // broadcast by the pipeline's serial reader, on whichever oneTBB thread
    // runs it, while the main thread waits for the pipeline.
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided_);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  ~MpiRankGroup() override { MPI_Finalize(); }

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  std::vector<std::string> GatherToRoot(const std::string& mine) override {
    int length = static_cast<int>(mine.size());
    std::vector<int> lengths(size_);
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0,
               MPI_COMM_WORLD);
    std::vector<int> offsets(size_, 0);
    int total = 0;
    for (int r = 0; r < size_; ++r) {
      offsets[r] = total;
      total += lengths[r];
    }
    std::string all(rank_ == 0 ? total : 0, '\0');
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(),
                offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
    std::vector<std::string> parts;
    if (rank_ != 0) return parts;
    for (int r = 0; r < size_; ++r)
      parts.push_back(all.substr(offsets[r], lengths[r]));
    return parts;
  }

  int MaxOverRanks(int mine) override {
    int max = 0;
    MPI_Allreduce(&mine, &max, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return max;
  }

  int FromRoot(int value) override {
    MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return value;
  }

  bool AnyThreadMayCall() const override {
    return provided_ >= MPI_THREAD_SERIALIZED;
  }

  std::unique_ptr<ByteSource> StdinOfRoot() override {
    return std::make_unique<BroadcastStdin>(rank_);
  }

 private:
  int rank_ = 0, size_ = 1;
  int provided_ = MPI_THREAD_SINGLE;
};

}  // namespace

std::unique_ptr<RankGroup> JoinRankGroup(int& argc, char**& argv) {
  if (!StartedByLauncher()) return nullptr;
  return std::make_unique<MpiRankGroup>(argc, argv);
}

}  // namespace sudoku
