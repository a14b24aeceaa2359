// `scan`: seed 000, Code 1. Place a digit, then scan its row, column and box to
// check it.
//
// Cells are visited in row-major order with the position carried through the
// recursion; digits 1..9 in order; the first solution ends the search. The
// check after placing counts how many cells of the row, the column and the box
// equal the new digit; the placement stands only when each count is exactly
// one (the cell itself). Only placements that pass that check are nodes.
#include "strategies/search_support.h"
#include "strategies/solvers.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

using support::NodeBudget;

class ScanSearch {
 public:
  ScanSearch(const Grid& givens, uint64_t node_budget)
      : board_(givens), budget_(node_budget) {}

  // True when solved, or when the budget ran out (budget_.exhausted()).
  bool Backtrack(int row, int col) {
    if (col == 9) {
      ++row;
      col = 0;
    }
    if (row == 9) return true;
    uint8_t& cell = board_[row * 9 + col];
    if (cell != 0) return Backtrack(row, col + 1);
    for (uint8_t digit = 1; digit <= 9; ++digit) {
      cell = digit;
      if (RuleCheck(row, col)) {
        if (!budget_.Take()) return true;
        if (Backtrack(row, col + 1)) return true;
      }
      cell = 0;
    }
    return false;
  }

  const Grid& board() const { return board_; }
  const NodeBudget& budget() const { return budget_; }

 private:
  bool RuleCheck(int row, int col) const {
    const uint8_t digit = board_[row * 9 + col];
    int correct_count = 0;  // one per rule when the digit is alone in it
    for (int i = 0; i < 9; ++i) {
      correct_count += board_[i * 9 + col] == digit;
      correct_count += board_[row * 9 + i] == digit;
    }
    const int top = row / 3 * 3, left = col / 3 * 3;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) {
        correct_count += board_[(top + i) * 9 + left + j] == digit;
      }
    }
    return correct_count == 3;
  }

  Grid board_;
  NodeBudget budget_;
};

}  // namespace

SolveResult SolveScan(const Grid& givens, uint32_t solution_limit,
                      uint64_t node_budget) {
  return support::SolveFirstTree<ScanSearch>(
      givens, solution_limit, node_budget,
      [](ScanSearch& search) { return search.Backtrack(0, 0); });
}

}  // namespace sudoku
