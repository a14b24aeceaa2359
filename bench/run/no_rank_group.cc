// The RankGroup of a build without MPI: there is never a job to join.
#include "bench/run/rank_group.h"

namespace sudoku {

std::unique_ptr<RankGroup> JoinRankGroup(int&, char**&) { return nullptr; }

}  // namespace sudoku
