// Puzzles of a known number of solutions, made from the sample's solution by
// blanking unavoidable rectangles ("deadly patterns").
#pragma once

#include <string>

#include "tests/fixtures.h"

namespace sudoku::testing {

// kSampleSolution with `rectangles` (1 or 2) unavoidable rectangles blanked:
// two rows of one band and two columns of two stacks holding a b / b a,
// each on rows of its own so that the swaps are independent. The puzzle has
// exactly 2^rectangles solutions, each rectangle swapped or not
// (tests/strategies/exact_count_test.cc checks this by brute force).
inline std::string DeadlyPatterns(int rectangles) {
  std::string g = kSampleSolution;
  int found = 0;
  bool row_used[9] = {};
  for (int r1 = 0; r1 < 9 && found < rectangles; ++r1) {
    for (int r2 = r1 + 1; r2 < r1 / 3 * 3 + 3 && found < rectangles; ++r2) {
      for (int c1 = 0; c1 < 9 && found < rectangles; ++c1) {
        for (int c2 = c1 / 3 * 3 + 3; c2 < 9 && found < rectangles; ++c2) {
          const int a = r1 * 9 + c1, b = r1 * 9 + c2, c = r2 * 9 + c1,
                    d = r2 * 9 + c2;
          if (row_used[r1] || row_used[r2] || g[a] != g[d] || g[b] != g[c]) {
            continue;
          }
          row_used[r1] = row_used[r2] = true;
          for (int cell : {a, b, c, d}) g[cell] = '.';
          ++found;
        }
      }
    }
  }
  return found == rectangles ? g : std::string();
}

}  // namespace sudoku::testing
