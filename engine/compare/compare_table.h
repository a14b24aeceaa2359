// `bench compare`'s readable output: a table of deltas per row, and the
// verdict.
#pragma once

#include <ostream>

#include "engine/compare/compare.h"

namespace sudoku {

void PrintComparison(std::ostream& out, const Comparison& comparison);

}  // namespace sudoku
