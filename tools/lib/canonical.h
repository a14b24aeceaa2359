// The minlex canonical form of a puzzle under the whole Sudoku group and its
// automorphism count (and, in grid_key.h, the keys the corpus tool groups
// rows by).
#pragma once

#include <cstdint>
#include <string_view>

#include "strategies/strategy.h"
#include "tools/lib/grid_key.h"
#include "tools/lib/symmetry.h"

namespace sudoku {

struct Canonical {
  // The lexicographically smallest image of the givens over all
  // 2 x 6^8 x 9! group elements (blank = 0 sorts first): digits are then
  // 1, 2, 3, ... in order of first appearance.
  Grid form{};
  // Group elements that map the puzzle to itself (1 for most puzzles); an
  // absent digit's free relabelling counts too, so a puzzle using d digits
  // has at least (9 - d)!.
  uint64_t automorphisms = 0;
  // One group element that maps the puzzle to `form`.
  Transform transform;
};

// Defined for any grid, valid or not, empty or full. Reentrant; a thread
// keeps its work lists between calls (see canonical.cc for their bound).
Canonical Canonicalize(const Grid& grid);

}  // namespace sudoku
