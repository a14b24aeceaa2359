// Small helpers shared by strategies: bit tricks, the node budget, result
// assembly (cell geometry is in geometry.h).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "strategies/geometry.h"
#include "strategies/strategy.h"

namespace sudoku::support {

// `triads` and `simd`: below the root, the triad pass runs only while at
// most this many cells are settled; on fuller boards it almost never saves a
// guess and costs more than one. Measured over thresholds (nodes and
// instructions per puzzle, --limit 2): at 40, serg-benchmark 45,000 -> 39,600
// instructions with 7.0 nodes kept, top1465 8.5 -> 8.6 nodes for 1.4% fewer
// instructions; at 30 top1465 rises to 9.1 nodes, and with no triad pass at
// all to 11.8.
inline constexpr int kTriadsMaxSettled = 40;

// The cells sharing a row, column or box with a cell, the cell excluded, as
// three 27-bit band words (bit i of word b is cell 27 b + i): `bands`,
// `triads` and `simd` keep cells in band words.
inline constexpr std::array<std::array<uint32_t, 3>, kCells> kPeerBands = [] {
  std::array<std::array<uint32_t, 3>, kCells> peers{};
  for (int a = 0; a < kCells; ++a) {
    for (int b = 0; b < kCells; ++b) {
      if (a != b && (RowOf(a) == RowOf(b) || ColOf(a) == ColOf(b) ||
                     BoxOf(a) == BoxOf(b))) {
        peers[a][b / 27] |= 1u << (b % 27);
      }
    }
  }
  return peers;
}();

inline constexpr uint16_t kAllDigits = 0x1FF;  // bit d-1 stands for digit d

constexpr uint16_t DigitBit(int digit) {
  return static_cast<uint16_t>(1u << (digit - 1));
}
// The digit of the lowest set bit of a non-empty mask.
inline int LowestDigit(uint16_t mask) { return std::countr_zero(mask) + 1; }

// Counts nodes and refuses the one that would pass the budget.
class NodeBudget {
 public:
  explicit NodeBudget(uint64_t budget) : budget_(budget) {}

  // Records one node; false (and exhausted() from then on) when the budget
  // is already spent, in which case the caller must unwind.
  bool Take() {
    if (nodes_ == budget_) {
      exhausted_ = true;
      return false;
    }
    ++nodes_;
    return true;
  }
  uint64_t nodes() const { return nodes_; }
  bool exhausted() const { return exhausted_; }

 private:
  uint64_t nodes_ = 0;
  uint64_t budget_;
  bool exhausted_ = false;
};

// True when no digit repeats in a row, column or box of `grid`. Strategies
// whose search would not notice clashing givens call this first, so that they
// never return a grid for an impossible puzzle.
inline bool GivensConsistent(const Grid& grid) {
  uint16_t rows[9] = {}, cols[9] = {}, boxes[9] = {};
  for (int cell = 0; cell < kCells; ++cell) {
    if (grid[cell] == 0) continue;
    const uint16_t bit = DigitBit(grid[cell]);
    const int r = RowOf(cell), c = ColOf(cell), b = BoxOf(cell);
    if ((rows[r] | cols[c] | boxes[b]) & bit) return false;
    rows[r] |= bit;
    cols[c] |= bit;
    boxes[b] |= bit;
  }
  return true;
}

// Turns what a search found into an outcome: reaching the limit answers it
// (one solution for a limit of 1, several for more); short of the limit a
// spent budget leaves the question, and so the count, open (a count of 5
// cut by the budget under --limit 10 is over budget, never a count of 5).
// Under kAllSolutions, reaching the limit is running out of counter: over
// budget too. A whole-tree seed may report more solutions than its limit.
inline SolveResult Finish(SolveResult result, uint32_t solution_limit,
                          const NodeBudget& budget) {
  result.nodes = budget.nodes();
  const bool reached = result.solutions >= solution_limit;
  if (reached && solution_limit == kAllSolutions) {
    result.outcome = Outcome::kOverBudget;
  } else if (reached) {
    result.outcome =
        result.solutions >= 2 ? Outcome::kMultiple : Outcome::kSolved;
  } else if (budget.exhausted()) {
    result.outcome = Outcome::kOverBudget;
  } else {
    result.outcome = result.solutions >= 2   ? Outcome::kMultiple
                     : result.solutions == 1 ? Outcome::kSolved
                                             : Outcome::kNoSolution;
  }
  return result;
}

// The seeds' board scans, row-major as they do them.
inline bool BoardFull(const Grid& board) {
  for (uint8_t digit : board) {
    if (digit == 0) return false;
  }
  return true;
}
inline int FirstEmptyCell(const Grid& board) {
  for (int cell = 0; cell < kCells; ++cell) {
    if (board[cell] == 0) return cell;
  }
  return -1;
}

// Counts a solution, keeping the first one found.
inline void RecordSolution(SolveResult& result, const Grid& board) {
  if (result.solutions == 0) result.solution = board;
  ++result.solutions;
}

// The shared frame of the first-solution seeds: `Search` is built from the
// givens and the budget, `start(search)` runs it and returns true when it
// solved the puzzle or ran out of budget; the board then holds the solution.
// Every placement of these blind searches is a guess.
template <typename Search, typename Start>
SolveResult SolveFirstTree(const Grid& givens, uint32_t solution_limit,
                           uint64_t node_budget, Start start) {
  SolveResult result;
  Search search(givens, node_budget);
  if (GivensConsistent(givens) && start(search) &&
      !search.budget().exhausted()) {
    RecordSolution(result, search.board());
  }
  result.guessed = search.budget().nodes() > 0;
  return Finish(result, solution_limit, search.budget());
}

}  // namespace sudoku::support
