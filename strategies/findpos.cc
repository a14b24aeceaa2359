// `findpos`: seed 001, method 2. Visited tables, but a fullness test and a
// first-empty scan at every node.
//
// Digits are tested against row, column and box tables before placing, yet
// every call still scans the board to see whether it is full and again to
// find the first empty cell (row-major). Digits 1..9; the whole tree is
// walked, recording every solution. Every placement is a node.
#include "strategies/search_support.h"
#include "strategies/solvers.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

using support::NodeBudget;

class FindPosSearch {
 public:
  FindPosSearch(const Grid& givens, uint64_t node_budget)
      : board_(givens), budget_(node_budget) {
    for (int cell = 0; cell < kCells; ++cell) {
      if (board_[cell] != 0) Mark(cell / 9, cell % 9, board_[cell], 1);
    }
  }

  // False when the budget ran out and the search must unwind.
  bool Dfs() {
    if (support::BoardFull(board_)) {
      support::RecordSolution(result_, board_);
      return true;
    }
    const int pos = support::FirstEmptyCell(board_);
    const int i = pos / 9, j = pos % 9;
    for (int num = 1; num <= 9; ++num) {
      if (row_[i][num] != 0 || col_[j][num] != 0 ||
          block_[i / 3][j / 3][num] != 0) {
        continue;
      }
      if (!budget_.Take()) return false;
      board_[pos] = static_cast<uint8_t>(num);
      Mark(i, j, num, 1);
      const bool go_on = Dfs();
      board_[pos] = 0;
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

SolveResult SolveFindPos(const Grid& givens, uint32_t solution_limit,
                         uint64_t node_budget) {
  FindPosSearch search(givens, node_budget);
  if (support::GivensConsistent(givens)) search.Dfs();
  search.result().guessed = search.budget().nodes() > 0;
  return support::Finish(search.result(), solution_limit, search.budget());
}

}  // namespace sudoku
