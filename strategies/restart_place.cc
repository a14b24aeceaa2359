// `restart-place`: seed 002, the solver. Place, then scan to check; every level
// rescans from the top-left corner.
//
// Each call scans the board from the top-left corner for the first empty
// cell, places digits 1..9 there one by one and only then checks the new digit
// against its column, row and box. The first solution ends the search. Only
// placements that pass the check are nodes.
#include "strategies/search_support.h"
#include "strategies/solvers.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

using support::NodeBudget;

class RestartPlaceSearch {
 public:
  RestartPlaceSearch(const Grid& givens, uint64_t node_budget)
      : board_(givens), budget_(node_budget) {}

  // True when solved, or when the budget ran out (budget_.exhausted()).
  bool Solve() {
    for (int i = 0; i < 9; ++i) {
      for (int j = 0; j < 9; ++j) {
        uint8_t& cell = board_[i * 9 + j];
        if (cell != 0) continue;
        for (uint8_t k = 1; k <= 9; ++k) {
          cell = k;
          if (IsValid(i, j)) {
            if (!budget_.Take()) return true;
            if (Solve()) return true;
          }
          cell = 0;
        }
        return false;
      }
    }
    return true;
  }

  const Grid& board() const { return board_; }
  const NodeBudget& budget() const { return budget_; }

 private:
  bool IsValid(int row, int col) const {
    const uint8_t digit = board_[row * 9 + col];
    for (int i = 0; i < 9; ++i) {
      if (i != row && board_[i * 9 + col] == digit) return false;
    }
    for (int j = 0; j < 9; ++j) {
      if (j != col && board_[row * 9 + j] == digit) return false;
    }
    // The seed skips the box cells sharing the row or the column: the two
    // loops above have already seen them.
    for (int i = row / 3 * 3; i < row / 3 * 3 + 3; ++i) {
      for (int j = col / 3 * 3; j < col / 3 * 3 + 3; ++j) {
        if (i != row && j != col && board_[i * 9 + j] == digit) return false;
      }
    }
    return true;
  }

  Grid board_;
  NodeBudget budget_;
};

}  // namespace

SolveResult SolveRestartPlace(const Grid& givens, uint32_t solution_limit,
                              uint64_t node_budget) {
  return support::SolveFirstTree<RestartPlaceSearch>(
      givens, solution_limit, node_budget,
      [](RestartPlaceSearch& search) { return search.Solve(); });
}

}  // namespace sudoku
