/* The plugin whose history tests/bench/bisect/bisect_cli_test.cc generates and
 * bisects: row-major backtracking as in docs/plugins.md, with two switches
 * in toy_config.h that one commit of the history turns on. */
#include <stdint.h>
#include <string.h>

#include "sudoku_strategy_abi.h"
#include "toy_config.h"

/* TOY_DESCENDING: digits are tried 9..1 instead of 1..9, which changes the
 * node count of nearly every search. TOY_SLOWDOWN_PCT: after each solve the
 * solver spins for that share of the solve's own time (as
 * bench/plugins/bands_plugin.cc's SUDOKU_PLUGIN_SLOWDOWN_PCT does), slower
 * by exactly that share with the same search. */
#if TOY_SLOWDOWN_PCT
#if defined(__x86_64__)
#include <x86intrin.h>
static uint64_t ticks(void) { return __rdtsc(); }
#else
#include <time.h>
static uint64_t ticks(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}
#endif
#endif

struct search {
  uint8_t grid[SUDOKU_CELLS], first[SUDOKU_CELLS];
  uint16_t row[9], col[9], box[9]; /* bit d set: digit d used */
  uint32_t limit, solutions;
  uint64_t budget, nodes;
  int over_budget, guessed;
};

static int box_of(int cell) { return cell / 27 * 3 + cell % 9 / 3; }

static void place(struct search* s, int cell, int d, int on) {
  const uint16_t bit = (uint16_t)(1u << d);
  s->grid[cell] = on ? (uint8_t)d : 0;
  s->row[cell / 9] ^= bit, s->col[cell % 9] ^= bit;
  s->box[box_of(cell)] ^= bit;
}

static void search(struct search* s, int cell) {
  while (cell < SUDOKU_CELLS && s->grid[cell] != 0) ++cell;
  if (cell == SUDOKU_CELLS) {
    if (s->solutions++ == 0) memcpy(s->first, s->grid, SUDOKU_CELLS);
    return;
  }
  const uint16_t used =
      s->row[cell / 9] | s->col[cell % 9] | s->box[box_of(cell)];
  int candidates = 0;
  for (int d = 1; d <= 9; ++d) candidates += !(used >> d & 1);
  if (candidates > 1) s->guessed = 1;
  for (int i = 1; i <= 9; ++i) {
    const int d = TOY_DESCENDING ? 10 - i : i;
    if (used >> d & 1) continue;
    if (s->solutions >= s->limit || s->over_budget) return;
    if (s->nodes == s->budget) {
      s->over_budget = 1;
      return;
    }
    ++s->nodes;
    place(s, cell, d, 1);
    search(s, cell + 1);
    place(s, cell, d, 0);
  }
}

static void solve(void* state, const uint8_t givens[SUDOKU_CELLS],
                  uint32_t solution_limit, uint64_t node_budget,
                  struct sudoku_result* result) {
  (void)state; /* the search lives on the stack */
#if TOY_SLOWDOWN_PCT
  const uint64_t start = ticks();
#endif
  struct search s;
  memset(&s, 0, sizeof s);
  s.limit = solution_limit;
  s.budget = node_budget;
  for (int cell = 0; cell < SUDOKU_CELLS; ++cell) {
    const int d = givens[cell];
    if (d == 0) continue;
    const uint16_t used =
        s.row[cell / 9] | s.col[cell % 9] | s.box[box_of(cell)];
    if (used >> d & 1) {
      result->outcome = SUDOKU_NO_SOLUTION;
      return;
    }
    place(&s, cell, d, 1);
  }
  search(&s, 0);
  result->solutions = s.solutions;
  result->nodes = s.nodes;
  result->guessed = (uint8_t)s.guessed;
  if (s.solutions > 0) memcpy(result->solution, s.first, SUDOKU_CELLS);
  result->outcome = s.solutions >= 2 ? SUDOKU_MULTIPLE
                    : s.over_budget  ? SUDOKU_OVER_BUDGET
                    : s.solutions    ? SUDOKU_SOLVED
                                     : SUDOKU_NO_SOLUTION;
#if TOY_SLOWDOWN_PCT
  const uint64_t spent = ticks() - start;
  const uint64_t until = start + spent + spent * TOY_SLOWDOWN_PCT / 100;
  while (ticks() < until) {
  }
#endif
}

static const struct sudoku_strategy strategies[] = {
    {"toy", "row-major backtracking, a test's generated history", "placement",
     SUDOKU_CAP_COUNTS_SOLUTIONS, NULL, NULL, solve},
};
static const struct sudoku_strategy_table table = {
    SUDOKU_STRATEGY_ABI_VERSION, 1, strategies};

SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}
