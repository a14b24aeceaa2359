// `restart`: seed 001, the readable template. Check before placing; every level
// rescans from the top-left corner.
//
// Each call scans the board from the top-left corner for the first empty
// cell, tries digits 1..9 there, and checks a digit against its column, row
// and box (skipping the cell itself) before placing it. The first solution
// ends the search. Every placement is a node.
#include "strategies/search_support.h"
#include "strategies/solvers.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

using support::NodeBudget;

class RestartSearch {
 public:
  RestartSearch(const Grid& givens, uint64_t node_budget)
      : board_(givens), budget_(node_budget) {}

  // True when solved, or when the budget ran out (budget_.exhausted()).
  bool Dfs() {
    for (int i = 0; i < 9; ++i) {
      for (int j = 0; j < 9; ++j) {
        uint8_t& cell = board_[i * 9 + j];
        if (cell != 0) continue;
        for (uint8_t k = 1; k <= 9; ++k) {
          if (IsValid(i, j, k)) {
            if (!budget_.Take()) return true;
            cell = k;
            if (Dfs()) return true;
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
  bool IsValid(int i, int j, uint8_t k) const {
    for (int row = 0; row < 9; ++row) {
      if (row != i && board_[row * 9 + j] == k) return false;
    }
    for (int col = 0; col < 9; ++col) {
      if (col != j && board_[i * 9 + col] == k) return false;
    }
    for (int x = i / 3 * 3; x < i / 3 * 3 + 3; ++x) {
      for (int y = j / 3 * 3; y < j / 3 * 3 + 3; ++y) {
        if (x == i && y == j) continue;
        if (board_[x * 9 + y] == k) return false;
      }
    }
    return true;
  }

  Grid board_;
  NodeBudget budget_;
};

}  // namespace

SolveResult SolveRestart(const Grid& givens, uint32_t solution_limit,
                         uint64_t node_budget) {
  return support::SolveFirstTree<RestartSearch>(
      givens, solution_limit, node_budget,
      [](RestartSearch& search) { return search.Dfs(); });
}

}  // namespace sudoku
