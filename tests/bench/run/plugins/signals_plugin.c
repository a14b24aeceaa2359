/* Plugins that misbehave around signals and the process, for
 * tests/bench/run/signals_cli_test.cc. On a puzzle whose first cell is
 * empty: signals-loop spins for ever, heeding nothing; signals-fork forks a
 * child that waits for bench to end and then calls exit(0) (a plugin that
 * leaves a helper process behind); signals-print writes a line to standard
 * output. Every puzzle is then answered "over budget" after 0 nodes, which
 * the contract allows. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "sudoku_strategy_abi.h"

#if defined(SIGNALS_FORK)
/* One helper process for the run: the first solve forks it. */
static volatile int forked = 0;
#endif

static void misbehave(void) {
#if defined(SIGNALS_LOOP)
  for (volatile uint64_t spin = 0;; ++spin) {
  }
#elif defined(SIGNALS_FORK)
  if (__sync_lock_test_and_set(&forked, 1)) return;
  const pid_t parent = getpid();
  if (fork() == 0) {
    /* bench's atexit and on_exit handlers, copied into the child, run here
     * once bench itself has gone. */
    while (getppid() == parent) usleep(10000);
    exit(0);
  }
#elif defined(SIGNALS_PRINT)
  printf("signals-print: a line on standard output\n");
  fflush(stdout);
#endif
}

static void solve(void* state, const uint8_t givens[SUDOKU_CELLS],
                  uint32_t solution_limit, uint64_t node_budget,
                  struct sudoku_result* result) {
  (void)state, (void)solution_limit, (void)node_budget;
  if (givens[0] == 0) misbehave();
  result->outcome = SUDOKU_OVER_BUDGET;
  result->nodes = 0;
}

static const struct sudoku_strategy strategies[] = {
    {SIGNALS_NAME, "misbehaves on a puzzle whose first cell is empty", "node",
     0, NULL, NULL, solve},
};

static const struct sudoku_strategy_table table = {SUDOKU_STRATEGY_ABI_VERSION,
                                                   1, strategies};

SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}
