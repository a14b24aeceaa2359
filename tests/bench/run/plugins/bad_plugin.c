/* Deliberately bad strategy plugins for tests/bench/run/plugin_test.cc: one source,
 * one defect per build (BAD_* defines). */
#include <stdint.h>
#include <string.h>

#include "sudoku_strategy_abi.h"

/* Claims every puzzle solved and, by defect, answers or counts wrongly
 * (unused where the defect is having no solve function). */
__attribute__((unused)) static void solve(void* state,
                                          const uint8_t givens[SUDOKU_CELLS],
                                          uint32_t solution_limit,
                                          uint64_t node_budget,
                                          struct sudoku_result* result) {
  (void)state, (void)solution_limit, (void)node_budget;
  result->outcome = SUDOKU_SOLVED;
  result->solutions = 1;
  result->nodes = 1;
  /* Rows of 1..9, each row the same: every column repeats a digit. */
  for (int cell = 0; cell < SUDOKU_CELLS; ++cell)
    result->solution[cell] = (uint8_t)(cell % 9 + 1);
  (void)givens;
#if defined(BAD_OVER_BUDGET)
  result->outcome = SUDOKU_OVER_BUDGET;
  result->solutions = 0;
  result->nodes = node_budget + 1; /* more than it was allowed */
#elif defined(BAD_UNKNOWN_OUTCOME)
  result->outcome = 77; /* named as 77, not as 255 (issue 35) */
#elif defined(BAD_DIGITS)
  result->solution[40] = 10; /* out of 1..9 */
#endif
}

#ifndef BAD_NAME
#define BAD_NAME "bad"
#endif
#ifndef BAD_SOLVE
#define BAD_SOLVE solve
#endif
#ifndef BAD_VERSION
#define BAD_VERSION SUDOKU_STRATEGY_ABI_VERSION
#endif

static const struct sudoku_strategy strategies[] = {
    {BAD_NAME, "a deliberately bad plugin", "node", 0, NULL, NULL, BAD_SOLVE},
#ifdef BAD_SECOND_NAME
    {BAD_SECOND_NAME, "a second row", "node", 0, NULL, NULL, solve},
#endif
};

static const struct sudoku_strategy_table table = {
    BAD_VERSION, sizeof(strategies) / sizeof(strategies[0]), strategies};

#ifndef BAD_NO_ENTRY
SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}
#else
/* Exports something else, so the library loads but has no entry point. */
SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategies(void) {
  return &table;
}
#endif
