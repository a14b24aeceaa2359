// The processes of an `mpirun -np N bench` job as the run command sees them:
// who this process is, and the few collective steps the run needs. The MPI
// build implements it (bench/run/mpi_rank_group.cc); the run command never
// includes <mpi.h>, so a build without MPI is the same code.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/input/input.h"

namespace sudoku {

class RankGroup {
 public:
  virtual ~RankGroup() = default;
  virtual int rank() const = 0;  // 0 .. size()-1; rank 0 reports
  virtual int size() const = 0;
  // Every rank's `mine`, in rank order, on rank 0; empty elsewhere.
  virtual std::vector<std::string> GatherToRoot(const std::string& mine) = 0;
  // The largest of every rank's `mine`, on every rank.
  virtual int MaxOverRanks(int mine) = 0;
  // Rank 0's `value`, on every rank.
  virtual int FromRoot(int value) = 0;
  // Whether any one thread at a time may make the calls below (a oneTBB
  // worker runs the pipeline's reader), not only the main thread.
  virtual bool AnyThreadMayCall() const = 0;
  // Rank 0's standard input, raw, read by rank 0 and sent whole to every
  // rank in chunks. Collective: every rank must read it to its end, in step.
  virtual std::unique_ptr<ByteSource> StdinOfRoot() = 0;
};

// The job this process was started in by mpirun, or null: in a build without
// MPI, and when the binary was started by hand (then no MPI runtime is
// touched at all). The group ends MPI when it is destroyed.
std::unique_ptr<RankGroup> JoinRankGroup(int& argc, char**& argv);

}  // namespace sudoku
