// `positional`: seed 001, method 3. Visited tables with the position carried
// through the recursion.
//
// No fullness test and no first-empty scan: the search walks the cells in
// row-major order, so reaching row 9 means the board is full. Digits 1..9;
// the whole tree is walked, recording every solution. Every placement is a
// node.
#include "strategies/search_support.h"
#include "strategies/solvers.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

using support::NodeBudget;

class PositionalSearch {
 public:
  PositionalSearch(const Grid& givens, uint64_t node_budget)
      : board_(givens), budget_(node_budget) {
    for (int cell = 0; cell < kCells; ++cell) {
      if (board_[cell] != 0) Mark(cell / 9, cell % 9, board_[cell], 1);
    }
  }

  // False when the budget ran out and the search must unwind.
  bool Dfs(int i, int j) {
    if (i == 9) {
      support::RecordSolution(result_, board_);
      return true;
    }
    const int next_i = i + (j + 1 >= 9), next_j = (j + 1) % 9;
    uint8_t& cell = board_[i * 9 + j];
    if (cell != 0) return Dfs(next_i, next_j);
    for (int num = 1; num <= 9; ++num) {
      if (row_[i][num] != 0 || col_[j][num] != 0 ||
          block_[i / 3][j / 3][num] != 0) {
        continue;
      }
      if (!budget_.Take()) return false;
      cell = static_cast<uint8_t>(num);
      Mark(i, j, num, 1);
      const bool go_on = Dfs(next_i, next_j);
      cell = 0;
      Mark(i, j, num, 0);
      if (!go_on) return false;
    }
    return true;
  }

  SolveResult& result() { return result_; }
  const NodeBudget& budget() const { return budget_; }

 private:
  void Mark(int i, int j, int num, int on) {
    row_[i][num] = on;
    col_[j][num] = on;
    block_[i / 3][j / 3][num] = on;
  }

  Grid board_;
  NodeBudget budget_;
  SolveResult result_;
  int row_[10][10] = {};
  int col_[10][10] = {};
  int block_[3][3][10] = {};
};

}  // namespace

SolveResult SolvePositional(const Grid& givens, uint32_t solution_limit,
                            uint64_t node_budget) {
  PositionalSearch search(givens, node_budget);
  if (support::GivensConsistent(givens)) search.Dfs(0, 0);
  search.result().guessed = search.budget().nodes() > 0;
  return support::Finish(search.result(), solution_limit, search.budget());
}

}  // namespace sudoku
