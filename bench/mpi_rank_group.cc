// The RankGroup of an MPI build: Open MPI's world communicator, joined only
// when mpirun started this process.
#include <mpi.h>

#include <cstdlib>

#include "bench/rank_group.h"

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

class MpiRankGroup : public RankGroup {
 public:
  MpiRankGroup(int& argc, char**& argv) {
    // Only the main thread calls MPI; oneTBB's workers never do.
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
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

 private:
  int rank_ = 0, size_ = 1;
};

}  // namespace

std::unique_ptr<RankGroup> JoinRankGroup(int& argc, char**& argv) {
  if (!StartedByLauncher()) return nullptr;
  return std::make_unique<MpiRankGroup>(argc, argv);
}

}  // namespace sudoku
