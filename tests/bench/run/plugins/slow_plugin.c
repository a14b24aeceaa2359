/* A strategy plugin that takes 20 ms a puzzle, for
 * tests/bench/hostile/one_writer_test.cc: a run over 300 puzzles lasts long
 * enough (6 s on one thread) for a second run to start beside it. Every
 * puzzle is answered "over budget" after 0 nodes, which the contract
 * allows. */
#include <stdint.h>
#include <time.h>

#include "sudoku_strategy_abi.h"

static void solve(void* state, const uint8_t givens[SUDOKU_CELLS],
                  uint32_t solution_limit, uint64_t node_budget,
                  struct sudoku_result* result) {
  (void)state, (void)givens, (void)solution_limit, (void)node_budget;
  const struct timespec pause = {0, 20 * 1000 * 1000};
  nanosleep(&pause, NULL);
  result->outcome = SUDOKU_OVER_BUDGET;
  result->nodes = 0;
}

static const struct sudoku_strategy strategies[] = {
    {"slow", "takes 20 ms a puzzle", "node", 0, NULL, NULL, solve},
};

static const struct sudoku_strategy_table table = {SUDOKU_STRATEGY_ABI_VERSION,
                                                   1, strategies};

SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}
