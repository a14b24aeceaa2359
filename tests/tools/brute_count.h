// An independent solution counter for the tools tests, sharing no code with the
// strategies.
#pragma once

#include "strategies/strategy.h"

namespace sudoku::testing {

// Solutions of `grid`, counted up to `limit` by plain backtracking over the
// emptiest cell; 0 for givens that clash.
int BruteCount(const Grid& grid, int limit);

}  // namespace sudoku::testing
