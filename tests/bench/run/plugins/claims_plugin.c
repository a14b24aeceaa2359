/* A plugin that stops at its first solution and reports it solved, for the
 * tests of unchecked count claims and --reference (tests/bench/run/claims_test.cc). */
#include <stdint.h>

#include "sudoku_strategy_abi.h"

#ifndef CLAIMS_NAME
#define CLAIMS_NAME "claims"
#endif
#ifndef CLAIMS_CAPS
#define CLAIMS_CAPS 0
#endif

/* Row-major backtracking to the first solution. */
static int search(uint8_t grid[SUDOKU_CELLS], int cell, uint64_t* nodes,
                  uint64_t budget) {
  while (cell < SUDOKU_CELLS && grid[cell] != 0) ++cell;
  if (cell == SUDOKU_CELLS) return 1;
  const int row = cell / 9, column = cell % 9;
  const int box = row / 3 * 27 + column / 3 * 3;
  for (uint8_t digit = 1; digit <= 9; ++digit) {
    int clash = 0;
    for (int i = 0; i < 9 && !clash; ++i) {
      clash = grid[row * 9 + i] == digit || grid[i * 9 + column] == digit ||
              grid[box + i / 3 * 9 + i % 3] == digit;
    }
    if (clash) continue;
    if (*nodes == budget) return -1;
    ++*nodes;
    grid[cell] = digit;
    const int found = search(grid, cell + 1, nodes, budget);
    if (found != 0) return found;
    grid[cell] = 0;
  }
  return 0;
}

static void solve(void* state, const uint8_t givens[SUDOKU_CELLS],
                  uint32_t solution_limit, uint64_t node_budget,
                  struct sudoku_result* result) {
  (void)state, (void)solution_limit;
  for (int i = 0; i < SUDOKU_CELLS; ++i) result->solution[i] = givens[i];
  const int found = search(result->solution, 0, &result->nodes, node_budget);
  /* The defect under test: one solution is called the only one. */
  result->outcome = found > 0    ? SUDOKU_SOLVED
                    : found == 0 ? SUDOKU_NO_SOLUTION
                                 : SUDOKU_OVER_BUDGET;
  result->solutions = found > 0 ? 1 : 0;
}

static const struct sudoku_strategy strategies[] = {
    {CLAIMS_NAME, "stops at its first solution and calls it solved", "node",
     CLAIMS_CAPS, NULL, NULL, solve},
};
static const struct sudoku_strategy_table table = {
    SUDOKU_STRATEGY_ABI_VERSION, 1, strategies};

SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}

#ifdef CLAIMS_BUILD
SUDOKU_EXPORT const char* sudoku_strategy_build(void) { return CLAIMS_BUILD; }
#endif
