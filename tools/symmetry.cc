// Sudoku symmetries: random validity-preserving transforms, their inverses, and
// a canonical form.
#include "tools/symmetry.h"

#include <algorithm>
#include <numeric>

#include "strategies/geometry.h"

namespace sudoku {
namespace {

using Line = std::array<uint8_t, 9>;

// The six orders of three things.
constexpr std::array<std::array<uint8_t, 3>, 6> kOrders3 = {{
    {0, 1, 2},
    {0, 2, 1},
    {1, 0, 2},
    {1, 2, 0},
    {2, 0, 1},
    {2, 1, 0},
}};

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

// Branch and bound over the group for the smallest relabelled string.
//
// For each orientation (2) and each column order (6 stack orders * 6^3
// orders within stacks = 1296), rows are chosen one at a time: a band's first
// row from an unused band, then the rest of that band. The digit relabelling
// is not enumerated: for a fixed cell order the smallest string labels digits
// 1, 2, 3, ... in order of first appearance, so each chosen row extends the
// labelling greedily. A row whose relabelled text already exceeds the best
// string's row at that depth cuts its subtree. In practice almost every
// column order dies on the first row after a few cells, and whole families
// of column orders die together when their first stacks already lose (see
// ChooseStacks), so a puzzle costs a few thousand row evaluations rather
// than the group's 3,359,232 full strings.
class CanonicalSearch {
 public:
  Grid Run(const Grid& grid) {
    best_.fill(0xFF);
    for (int orientation = 0; orientation < 2; ++orientation) {
      source_ = orientation == 0 ? grid : Transposed(grid);
      ChooseStacks(0, 0);
    }
    return best_;
  }

 private:
  using Labels = std::array<uint8_t, 10>;

  // Fills cols_ one stack at a time. Before going deeper it checks that some
  // row, relabelled from scratch over the columns chosen so far, can still
  // begin a first row no greater than the best string's; when none can, no
  // completion of this column order can win.
  void ChooseStacks(int position, unsigned stacks_used) {
    if (position == 3) {
      SearchRows(0, 0, 0, 0, Labels{}, 1, false);
      return;
    }
    for (int stack = 0; stack < 3; ++stack) {
      if (stacks_used >> stack & 1) continue;
      for (const auto& order : kOrders3) {
        for (int j = 0; j < 3; ++j) {
          cols_[3 * position + j] = static_cast<uint8_t>(3 * stack + order[j]);
        }
        // The last stack is left to SearchRows, whose first row does the
        // same comparison over all nine columns.
        if (position < 2 && !FirstRowCanTie(3 * position + 3)) continue;
        ChooseStacks(position + 1, stacks_used | 1u << stack);
      }
    }
  }

  // True when some source row's first `width` cells, relabelled from
  // scratch, are no greater than the best string's.
  bool FirstRowCanTie(int width) const {
    for (int r = 0; r < 9; ++r) {
      Labels labels{};
      int next = 1;
      bool tie = true;
      for (int c = 0; c < width; ++c) {
        uint8_t v = source_[CellAt(r, cols_[c])];
        if (v != 0) {
          if (labels[v] == 0) labels[v] = static_cast<uint8_t>(next++);
          v = labels[v];
        }
        if (v != best_[c]) {
          tie = v < best_[c];
          break;
        }
      }
      if (tie) return true;
    }
    return false;
  }

  // `less`: the rows chosen so far already spell something smaller than the
  // best string's first k rows (otherwise they are equal to them).
  void SearchRows(int k, unsigned bands_used, int band, unsigned rows_used,
                  const Labels& labels, int next_label, bool less) {
    if (k == 9) {
      if (less) {
        best_ = current_;
        ++version_;
      }
      return;
    }
    // A better string found below this node shares this node's prefix, so
    // from then on the prefix is equal to the best one, not smaller.
    const uint64_t version_on_entry = version_;
    const bool new_band = k % 3 == 0;
    for (int b = new_band ? 0 : band; b < (new_band ? 3 : band + 1); ++b) {
      if (new_band && (bands_used >> b & 1)) continue;
      for (int r = 3 * b; r < 3 * b + 3; ++r) {
        if (rows_used >> r & 1) continue;
        if (version_ != version_on_entry) less = false;
        Labels row_labels = labels;
        int row_next = next_label;
        bool row_less = less;
        bool cut = false;
        for (int c = 0; c < 9; ++c) {
          uint8_t v = source_[CellAt(r, cols_[c])];
          if (v != 0) {
            if (row_labels[v] == 0) {
              row_labels[v] = static_cast<uint8_t>(row_next++);
            }
            v = row_labels[v];
          }
          current_[CellAt(k, c)] = v;
          if (!row_less) {
            if (v < best_[CellAt(k, c)]) {
              row_less = true;
            } else if (v > best_[CellAt(k, c)]) {
              cut = true;
              break;
            }
          }
        }
        if (cut) continue;
        SearchRows(k + 1, bands_used | 1u << b, b, rows_used | 1u << r,
                   row_labels, row_next, row_less);
      }
    }
  }

  Grid source_{};
  Line cols_{};
  Grid current_{};
  Grid best_{};
  uint64_t version_ = 0;
};

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

Grid CanonicalForm(const Grid& grid) { return CanonicalSearch().Run(grid); }

}  // namespace sudoku
