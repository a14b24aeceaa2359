/* Plugins that write their givens buffer, casting away const as C code may,
 * or count more nodes than any search can, for the tests of the engine's
 * own copy of each puzzle and its node totals (givens_copy_test.cc). */
#include <stdint.h>
#include <string.h>

#include "sudoku_strategy_abi.h"

#ifndef SCRIBBLE_NAME
#define SCRIBBLE_NAME "scribble"
#endif

/* Row-major backtracking to the first solution, on `grid` in place. */
static int search(uint8_t grid[SUDOKU_CELLS], int cell, uint64_t* nodes) {
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
    ++*nodes;
    grid[cell] = digit;
    if (search(grid, cell + 1, nodes)) return 1;
    grid[cell] = 0;
  }
  return 0;
}

static void solve(void* state, const uint8_t givens[SUDOKU_CELLS],
                  uint32_t solution_limit, uint64_t node_budget,
                  struct sudoku_result* result) {
  (void)state, (void)solution_limit, (void)node_budget;
  /* The defect under test: the givens buffer is the plugin's scratch. */
  uint8_t* grid = (uint8_t*)givens;
#if defined(SCRIBBLE_FIXED)
  /* One valid grid, whatever the puzzle: a solution of none of them. */
  for (int cell = 0; cell < SUDOKU_CELLS; ++cell) {
    const int row = cell / 9, column = cell % 9;
    grid[cell] = (uint8_t)((row * 3 + row / 3 + column) % 9 + 1);
  }
  const int found = 1;
#else
  const int found = search(grid, 0, &result->nodes);
#endif
#if defined(SCRIBBLE_NODES)
  result->nodes = (uint64_t)(SCRIBBLE_NODES);
#endif
  memcpy(result->solution, grid, SUDOKU_CELLS);
  result->outcome = found ? SUDOKU_SOLVED : SUDOKU_NO_SOLUTION;
  result->solutions = found ? 1 : 0;
}

static const struct sudoku_strategy strategies[] = {
    {SCRIBBLE_NAME, "writes its givens buffer", "node", 0, NULL, NULL, solve},
};
static const struct sudoku_strategy_table table = {
    SUDOKU_STRATEGY_ABI_VERSION, 1, strategies};

SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}
