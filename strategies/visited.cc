// `visited`: seed 000, Code 2. Boolean visited tables for rows, columns and
// boxes.
//
// The same search as `scan` (row-major cells carried in the recursion, digits
// 1..9, stop at the first solution) but a digit is tested against three
// tables of booleans before it is placed, instead of scanning the board after.
#include "strategies/search_support.h"
#include "strategies/solvers.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

using support::NodeBudget;

class VisitedSearch {
 public:
  VisitedSearch(const Grid& givens, uint64_t node_budget)
      : board_(givens), budget_(node_budget) {
    for (int cell = 0; cell < kCells; ++cell) {
      if (board_[cell] != 0) Mark(cell / 9, cell % 9, board_[cell] - 1, true);
    }
  }

  bool Backtrack(int row, int col) {
    if (col == 9) {
      ++row;
      col = 0;
    }
    if (row == 9) return true;
    uint8_t& cell = board_[row * 9 + col];
    if (cell != 0) return Backtrack(row, col + 1);
    for (int val = 0; val < 9; ++val) {
      if (visited_row_[row][val] || visited_col_[col][val] ||
          visited_box_[row / 3][col / 3][val]) {
        continue;
      }
      if (!budget_.Take()) return true;
      Mark(row, col, val, true);
      cell = static_cast<uint8_t>(val + 1);
      if (Backtrack(row, col + 1)) return true;
      cell = 0;
      Mark(row, col, val, false);
    }
    return false;
  }

  const Grid& board() const { return board_; }
  const NodeBudget& budget() const { return budget_; }

 private:
  void Mark(int row, int col, int val, bool on) {
    visited_row_[row][val] = on;
    visited_col_[col][val] = on;
    visited_box_[row / 3][col / 3][val] = on;
  }

  Grid board_;
  NodeBudget budget_;
  bool visited_row_[9][9] = {};
  bool visited_col_[9][9] = {};
  bool visited_box_[3][3][9] = {};
};

}  // namespace

SolveResult SolveVisited(const Grid& givens, uint32_t solution_limit,
                         uint64_t node_budget) {
  return support::SolveFirstTree<VisitedSearch>(
      givens, solution_limit, node_budget,
      [](VisitedSearch& search) { return search.Backtrack(0, 0); });
}

}  // namespace sudoku
