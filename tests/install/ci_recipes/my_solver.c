/* A user's solver for tests/install/ci_recipes_test.sh: row-major
 * backtracking that counts solutions. Built with -DMY_SOLVER_REVERSED it
 * fills the cells from the last to the first, a changed search (other node
 * counts, same answers) that the CI recipes must fail on. */
#include <stdint.h>
#include <string.h>

#include "sudoku_strategy_abi.h"

#ifndef MY_SOLVER_REVERSED
#define MY_SOLVER_REVERSED 0
#endif

struct search {
  uint8_t grid[SUDOKU_CELLS], first[SUDOKU_CELLS];
  uint16_t row[9], col[9], box[9];
  uint32_t limit, solutions;
  uint64_t budget, nodes;
  int over_budget;
};

static int cell_at(int step) {
  return MY_SOLVER_REVERSED ? SUDOKU_CELLS - 1 - step : step;
}

static void set(struct search* s, int cell, int d, int on) {
  const int r = cell / 9, c = cell % 9, b = r / 3 * 3 + c / 3;
  const uint16_t bit = (uint16_t)(1u << d);
  if (on) {
    s->row[r] |= bit, s->col[c] |= bit, s->box[b] |= bit;
  } else {
    s->row[r] &= (uint16_t)~bit, s->col[c] &= (uint16_t)~bit;
    s->box[b] &= (uint16_t)~bit;
  }
  s->grid[cell] = (uint8_t)(on ? d : 0);
}

static void search(struct search* s, int step) {
  while (step < SUDOKU_CELLS && s->grid[cell_at(step)] != 0) ++step;
  if (step == SUDOKU_CELLS) {
    if (s->solutions++ == 0) memcpy(s->first, s->grid, SUDOKU_CELLS);
    return;
  }
  const int cell = cell_at(step), r = cell / 9, c = cell % 9;
  const uint16_t used =
      (uint16_t)(s->row[r] | s->col[c] | s->box[r / 3 * 3 + c / 3]);
  for (int d = 1; d <= 9; ++d) {
    if (used & (1u << d)) continue;
    if (s->solutions >= s->limit || s->over_budget) return;
    if (s->nodes == s->budget) {
      s->over_budget = 1;
      return;
    }
    ++s->nodes;
    set(s, cell, d, 1);
    search(s, step + 1);
    set(s, cell, d, 0);
  }
}

static void solve(void* state, const uint8_t givens[SUDOKU_CELLS],
                  uint32_t solution_limit, uint64_t node_budget,
                  struct sudoku_result* result) {
  struct search s;
  (void)state;
  memset(&s, 0, sizeof(s));
  s.limit = solution_limit;
  s.budget = node_budget;
  for (int cell = 0; cell < SUDOKU_CELLS; ++cell) {
    const int d = givens[cell], r = cell / 9, c = cell % 9;
    if (d == 0) continue;
    if ((s.row[r] | s.col[c] | s.box[r / 3 * 3 + c / 3]) & (1u << d)) {
      result->outcome = SUDOKU_NO_SOLUTION;
      return;
    }
    set(&s, cell, d, 1);
  }
  search(&s, 0);
  result->solutions = s.solutions;
  result->nodes = s.nodes;
  result->guessed = 1;
  if (s.solutions > 0) memcpy(result->solution, s.first, SUDOKU_CELLS);
  result->outcome = s.solutions >= 2 ? SUDOKU_MULTIPLE
                    : s.over_budget  ? SUDOKU_OVER_BUDGET
                    : s.solutions    ? SUDOKU_SOLVED
                                     : SUDOKU_NO_SOLUTION;
}

static const struct sudoku_strategy strategies[] = {
    {"my-solver", "row-major backtracking, a CI recipe test's", "placement",
     SUDOKU_CAP_COUNTS_SOLUTIONS, NULL, NULL, solve},
};
static const struct sudoku_strategy_table table = {
    SUDOKU_STRATEGY_ABI_VERSION, 1, strategies};

SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}
