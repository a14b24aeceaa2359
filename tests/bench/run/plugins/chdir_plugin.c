/* A strategy plugin that moves the process (chdir to /tmp), for
 * tests/bench/hostile/one_writer_test.cc: "chdir" moves on its first solve
 * and then asks the run to stop (SIGINT), and the checkpoint written at the
 * stop must land where the command line named it, not in /tmp; "wander"
 * moves on its first solve and goes on, and a later relative dataset must
 * still be read; with CHDIR_PLUGIN_AT_LOAD set, the plugin moves as it is
 * loaded, before bench has checked or hashed any dataset. Every puzzle is
 * answered "over budget" after 0 nodes, which the contract allows. */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "sudoku_strategy_abi.h"

static volatile sig_atomic_t moved = 0;

static void solve(void* state, const uint8_t givens[SUDOKU_CELLS],
                  uint32_t solution_limit, uint64_t node_budget,
                  struct sudoku_result* result) {
  (void)state, (void)givens, (void)solution_limit, (void)node_budget;
  if (!moved) {
    moved = 1;
    if (chdir("/tmp") == 0) kill(getpid(), SIGINT);
  }
  result->outcome = SUDOKU_OVER_BUDGET;
  result->nodes = 0;
}

static void wander(void* state, const uint8_t givens[SUDOKU_CELLS],
                   uint32_t solution_limit, uint64_t node_budget,
                   struct sudoku_result* result) {
  (void)state, (void)givens, (void)solution_limit, (void)node_budget;
  if (!moved) {
    moved = 1;
    if (chdir("/tmp") != 0) abort();
  }
  result->outcome = SUDOKU_OVER_BUDGET;
  result->nodes = 0;
}

__attribute__((constructor)) static void move_at_load(void) {
  if (getenv("CHDIR_PLUGIN_AT_LOAD") != NULL && chdir("/tmp") != 0) abort();
}

static const struct sudoku_strategy strategies[] = {
    {"chdir", "moves the process to /tmp, then stops the run", "node", 0,
     NULL, NULL, solve},
    {"wander", "moves the process to /tmp and goes on", "node", 0, NULL, NULL,
     wander},
};

static const struct sudoku_strategy_table table = {SUDOKU_STRATEGY_ABI_VERSION,
                                                   2, strategies};

SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}
