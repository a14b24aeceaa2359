// Test hook for `dlx`: whether this thread's dancing-links matrix is exactly as
// the last puzzle's search found it.
#pragma once

#include "strategies/strategy.h"

namespace sudoku::dlx {

// True when the calling thread's exact-cover matrix (see dlx.cc) holds, link
// for link and count for count, what a fresh matrix reset for `givens`
// holds: after solving `givens`, whatever the outcome or budget, the search
// must have undone every cover it made. Also true for clashing givens,
// which the matrix never sees. Builds the thread's matrix if need be.
bool MatrixIsAsResetFor(const Grid& givens);

}  // namespace sudoku::dlx
