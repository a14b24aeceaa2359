// Sudoku symmetries: random validity-preserving transforms and their inverses
// (the canonical form is in canonical.cc).
#include "tools/lib/symmetry.h"

#include <algorithm>

#include "strategies/geometry.h"

namespace sudoku {
namespace {

using Line = std::array<uint8_t, 9>;

Grid Transposed(const Grid& grid) {
  Grid out;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) out[CellAt(r, c)] = grid[CellAt(c, r)];
  }
  return out;
}

// A random line order that keeps the three groups of three together.
Line RandomLineOrder(std::mt19937_64& rng) {
  std::array<uint8_t, 3> groups = {0, 1, 2};
  std::shuffle(groups.begin(), groups.end(), rng);
  Line order;
  for (int i = 0; i < 3; ++i) {
    std::array<uint8_t, 3> within = {0, 1, 2};
    std::shuffle(within.begin(), within.end(), rng);
    for (int j = 0; j < 3; ++j) {
      order[3 * i + j] = static_cast<uint8_t>(3 * groups[i] + within[j]);
    }
  }
  return order;
}

bool IsLineOrder(const Line& order) {
  unsigned seen = 0;
  for (int i = 0; i < 9; ++i) {
    if (order[i] > 8 || order[i] / 3 != order[i - i % 3] / 3) return false;
    seen |= 1u << order[i];
  }
  return seen == 0x1FF;
}

Line InverseOrder(const Line& order) {
  Line inverse;
  for (int i = 0; i < 9; ++i) inverse[order[i]] = static_cast<uint8_t>(i);
  return inverse;
}

}  // namespace

bool IsSudokuSymmetry(const Transform& transform) {
  if (!IsLineOrder(transform.rows) || !IsLineOrder(transform.cols)) {
    return false;
  }
  if (transform.digits[0] != 0) return false;
  unsigned seen = 0;
  for (int d = 1; d <= 9; ++d) {
    const int to = transform.digits[d];
    if (to < 1 || to > 9) return false;
    seen |= 1u << to;
  }
  return seen == 0x3FE;
}

Transform RandomTransform(std::mt19937_64& rng) {
  Transform transform;
  transform.transpose = (rng() & 1) != 0;
  transform.rows = RandomLineOrder(rng);
  transform.cols = RandomLineOrder(rng);
  std::shuffle(transform.digits.begin() + 1, transform.digits.end(), rng);
  return transform;
}

Grid ApplyTransform(const Transform& transform, const Grid& grid) {
  const Grid source = transform.transpose ? Transposed(grid) : grid;
  Grid out;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int from = CellAt(transform.rows[r], transform.cols[c]);
      out[CellAt(r, c)] = transform.digits[source[from]];
    }
  }
  return out;
}

Transform InverseTransform(const Transform& transform) {
  // Undoing "transpose, then permute" is "permute back, then transpose", and
  // a transposition turns a row order into a column order.
  Transform inverse;
  inverse.transpose = transform.transpose;
  const Line rows = InverseOrder(transform.rows);
  const Line cols = InverseOrder(transform.cols);
  inverse.rows = transform.transpose ? cols : rows;
  inverse.cols = transform.transpose ? rows : cols;
  for (int d = 0; d <= 9; ++d) {
    inverse.digits[transform.digits[d]] = static_cast<uint8_t>(d);
  }
  return inverse;
}

}  // namespace sudoku
