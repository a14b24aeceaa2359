// Sudoku symmetries: random validity-preserving transforms, their inverses, and
// a canonical form.
#pragma once

#include <array>
#include <cstdint>
#include <random>

#include "strategies/strategy.h"

namespace sudoku {

// One element of the Sudoku symmetry group: an optional transposition, then a
// row and a column permutation that keep bands and stacks whole, then a digit
// relabelling. Every transform maps valid puzzles to valid puzzles with the
// same number of solutions.
struct Transform {
  bool transpose = false;
  // Output row r is source row rows[r] (after the optional transposition);
  // likewise for columns.
  std::array<uint8_t, 9> rows = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  std::array<uint8_t, 9> cols = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  // digits[d] replaces digit d; digits[0] must stay 0 (a blank).
  std::array<uint8_t, 10> digits = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};

  bool operator==(const Transform&) const = default;
};

// True when rows and cols keep bands and stacks together and digits is a
// permutation of 1..9 that fixes 0.
bool IsSudokuSymmetry(const Transform& transform);

// A uniformly random element of the group (3,359,232 * 9! of them).
Transform RandomTransform(std::mt19937_64& rng);

Grid ApplyTransform(const Transform& transform, const Grid& grid);

// The transform that undoes `transform`:
// ApplyTransform(InverseTransform(t), ApplyTransform(t, g)) == g.
Transform InverseTransform(const Transform& transform);

// The lexicographically smallest 81-cell string (blank = 0 sorts first) over
// the whole symmetry group, so two puzzles have the same canonical form
// exactly when one is a shuffle of the other: Canonicalize(grid).form
// (canonical.h), defined in canonical.cc.
Grid CanonicalForm(const Grid& grid);

}  // namespace sudoku
