// `fullcheck`: seed 001, method 1. Check the whole board on entry to every
// node.
//
// Each call checks every row, column and box of the board for a repeated
// digit, returns if there is one, records a solution when the board is full,
// else finds the first empty cell (row-major) and recurses once per digit 1..9
// placed there unchecked. The search never stops early: it walks the whole
// tree. A node is an entry whose check passes, the root excluded.
#include <cstring>

#include "strategies/search_support.h"
#include "strategies/solvers.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

using support::NodeBudget;

class FullCheckSearch {
 public:
  FullCheckSearch(const Grid& givens, uint64_t node_budget)
      : board_(givens), budget_(node_budget) {}

  // False when the budget ran out and the search must unwind.
  bool Dfs(bool is_root) {
    if (!CheckSudoku()) return true;
    if (!is_root && !budget_.Take()) return false;
    if (support::BoardFull(board_)) {
      support::RecordSolution(result_, board_);
      return true;
    }
    const int pos = support::FirstEmptyCell(board_);
    for (uint8_t num = 1; num <= 9; ++num) {
      board_[pos] = num;
      const bool go_on = Dfs(false);
      board_[pos] = 0;
      if (!go_on) return false;
    }
    return true;
  }

  SolveResult& result() { return result_; }
  const NodeBudget& budget() const { return budget_; }

 private:
  bool CheckSudoku() {
    int flag[10];
    for (int i = 0; i < 9; ++i) {
      std::memset(flag, 0, sizeof(flag));
      for (int j = 0; j < 9; ++j) {
        if (!Seen(flag, board_[i * 9 + j])) return false;
      }
    }
    for (int i = 0; i < 9; ++i) {
      std::memset(flag, 0, sizeof(flag));
      for (int j = 0; j < 9; ++j) {
        if (!Seen(flag, board_[j * 9 + i])) return false;
      }
    }
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) {
        std::memset(flag, 0, sizeof(flag));
        for (int m = 0; m < 3; ++m) {
          for (int n = 0; n < 3; ++n) {
            if (!Seen(flag, board_[(i * 3 + m) * 9 + j * 3 + n])) return false;
          }
        }
      }
    }
    return true;
  }

  // Marks `digit` in `flag`; false when it was already there.
  static bool Seen(int* flag, uint8_t digit) {
    if (digit == 0) return true;
    if (flag[digit]) return false;
    flag[digit] = 1;
    return true;
  }

  Grid board_;
  NodeBudget budget_;
  SolveResult result_;
};

}  // namespace

SolveResult SolveFullCheck(const Grid& givens, uint32_t solution_limit,
                           uint64_t node_budget) {
  FullCheckSearch search(givens, node_budget);
  search.Dfs(/*is_root=*/true);
  search.result().guessed = search.budget().nodes() > 0;
  return support::Finish(search.result(), solution_limit, search.budget());
}

}  // namespace sudoku
