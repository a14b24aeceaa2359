/* An example strategy plugin in plain C99: row-major backtracking over
 * row/column/box bitmasks, counting solutions to the limit within the node
 * budget. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku_strategy_abi.h"

/* One search. A thread's state (new_state) holds it, so the 200-byte
 * working set is made once per thread, not per puzzle; the stack would do
 * as well, and a plugin without state passes NULL for both functions. */
struct search {
  uint8_t grid[SUDOKU_CELLS];
  uint8_t first[SUDOKU_CELLS];     /* the first solution found */
  uint16_t row[9], col[9], box[9]; /* bit d set: digit d used */
  uint32_t limit, solutions;
  uint64_t budget, nodes;
  int over_budget, guessed;
};

static int box_of(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

static int popcount9(uint16_t used) {
  int n = 0;
  for (int d = 1; d <= 9; ++d) n += (used >> d) & 1;
  return n;
}

/* Places digits in row-major order, ascending; a node is one placement. */
static void search(struct search* s, int cell) {
  while (cell < SUDOKU_CELLS && s->grid[cell] != 0) ++cell;
  if (cell == SUDOKU_CELLS) {
    if (s->solutions++ == 0) memcpy(s->first, s->grid, SUDOKU_CELLS);
    return;
  }
  const int r = cell / 9, c = cell % 9, b = box_of(cell);
  const uint16_t used = (uint16_t)(s->row[r] | s->col[c] | s->box[b]);
  if (9 - popcount9(used) > 1) s->guessed = 1;
  for (int d = 1; d <= 9; ++d) {
    const uint16_t bit = (uint16_t)(1u << d);
    if (used & bit) continue;
    if (s->solutions >= s->limit || s->over_budget) return;
    if (s->nodes == s->budget) {
      s->over_budget = 1;
      return;
    }
    ++s->nodes;
    s->grid[cell] = (uint8_t)d;
    s->row[r] |= bit, s->col[c] |= bit, s->box[b] |= bit;
    search(s, cell + 1);
    s->row[r] &= (uint16_t)~bit, s->col[c] &= (uint16_t)~bit;
    s->box[b] &= (uint16_t)~bit;
    s->grid[cell] = 0;
  }
}

static void* new_state(void) { return malloc(sizeof(struct search)); }
static void free_state(void* state) { free(state); }

#ifdef SUDOKU_EXAMPLE_SLOWED
#include "example_c_slowed.h" /* costlier builds, for measuring --ab */
#endif

static void solve(void* state, const uint8_t givens[SUDOKU_CELLS],
                  uint32_t solution_limit, uint64_t node_budget,
                  struct sudoku_result* result) {
  struct search* s = (struct search*)state;
  memset(s, 0, sizeof(*s));
  s->limit = solution_limit;
  s->budget = node_budget;
  for (int cell = 0; cell < SUDOKU_CELLS; ++cell) {
    const int d = givens[cell];
    if (d == 0) continue;
    const int r = cell / 9, c = cell % 9, b = box_of(cell);
    const uint16_t bit = (uint16_t)(1u << d);
    if (d > 9 || ((s->row[r] | s->col[c] | s->box[b]) & bit)) {
      result->outcome = SUDOKU_NO_SOLUTION; /* the givens clash */
      return;
    }
    s->grid[cell] = (uint8_t)d;
    s->row[r] |= bit, s->col[c] |= bit, s->box[b] |= bit;
  }
  search(s, 0);
#ifdef SUDOKU_EXAMPLE_SLOWED
  slowed(s, givens);
#endif
  result->solutions = s->solutions;
  result->nodes = s->nodes;
  result->guessed = (uint8_t)s->guessed;
  if (s->solutions > 0) memcpy(result->solution, s->first, SUDOKU_CELLS);
  if (s->solutions >= 2) {
    result->outcome = SUDOKU_MULTIPLE;
  } else if (s->over_budget) {
    result->outcome = SUDOKU_OVER_BUDGET;
  } else {
    result->outcome = s->solutions == 1 ? SUDOKU_SOLVED : SUDOKU_NO_SOLUTION;
  }
}

static const struct sudoku_strategy strategies[] = {
    {"example-c",
     "C99 example plugin: row-major backtracking, counts solutions to the "
     "limit",
     "placement", SUDOKU_CAP_COUNTS_SOLUTIONS, new_state, free_state, solve},
};

static const struct sudoku_strategy_table table = {SUDOKU_STRATEGY_ABI_VERSION,
                                                   1, strategies};

SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}
