// `bitmask`: the lineage's next step. The seed search with 9-bit row, column
// and box masks.
//
// The same tree as the seeds' first-solution search (empty cells in row-major
// order, digits ascending) but the candidates of a cell are one mask
// expression, ~(row | column | box), and are enumerated lowest bit first.
// Unlike the seeds it counts solutions up to the limit, so a limit of 2
// proves uniqueness. Every placement is a node.
#include <array>

#include "strategies/geometry.h"
#include "strategies/search_support.h"
#include "strategies/solvers.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

using support::kAllDigits;
using support::NodeBudget;

class BitmaskSearch {
 public:
  BitmaskSearch(const Grid& givens, uint32_t solution_limit,
                uint64_t node_budget)
      : board_(givens), budget_(node_budget), limit_(solution_limit) {
    for (int cell = 0; cell < kCells; ++cell) {
      if (board_[cell] == 0) {
        empties_[num_empty_++] = static_cast<uint8_t>(cell);
      } else {
        const uint16_t bit = support::DigitBit(board_[cell]);
        rows_[RowOf(cell)] |= bit;
        cols_[ColOf(cell)] |= bit;
        boxes_[BoxOf(cell)] |= bit;
      }
    }
  }

  // False when the search must stop: the limit is reached or the budget spent.
  bool Search(int k) {
    if (k == num_empty_) {
      support::RecordSolution(result_, board_);
      return result_.solutions < limit_;
    }
    const int cell = empties_[k];
    const int r = RowOf(cell), c = ColOf(cell), b = BoxOf(cell);
    uint16_t candidates = kAllDigits & ~(rows_[r] | cols_[c] | boxes_[b]);
    if (candidates & (candidates - 1)) result_.guessed = true;
    while (candidates != 0) {
      const uint16_t bit = candidates & -candidates;
      candidates ^= bit;
      if (!budget_.Take()) return false;
      rows_[r] |= bit;
      cols_[c] |= bit;
      boxes_[b] |= bit;
      board_[cell] = static_cast<uint8_t>(support::LowestDigit(bit));
      const bool go_on = Search(k + 1);
      rows_[r] ^= bit;
      cols_[c] ^= bit;
      boxes_[b] ^= bit;
      if (!go_on) return false;
    }
    board_[cell] = 0;
    return true;
  }

  SolveResult& result() { return result_; }
  const NodeBudget& budget() const { return budget_; }

 private:
  Grid board_;
  NodeBudget budget_;
  uint32_t limit_;
  SolveResult result_;
  uint16_t rows_[9] = {}, cols_[9] = {}, boxes_[9] = {};
  std::array<uint8_t, kCells> empties_{};
  int num_empty_ = 0;
};

}  // namespace

SolveResult SolveBitmask(const Grid& givens, uint32_t solution_limit,
                         uint64_t node_budget) {
  BitmaskSearch search(givens, solution_limit, node_budget);
  if (support::GivensConsistent(givens)) search.Search(0);
  return support::Finish(search.result(), solution_limit, search.budget());
}

}  // namespace sudoku
