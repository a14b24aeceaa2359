/* Two strategies of known CPU cost for tests/bench/run/stall_cli_test.cc:
 * "steady" spins 100 us of its thread's CPU time a puzzle, "stalled" 60 us
 * and, once in the process, sleeps 50 ms inside its solve (a stall that
 * thread CPU time does not see). Spinning on the thread's CPU clock makes
 * the cost the same under any load. Every puzzle is answered "over budget"
 * after 0 nodes, which the contract allows. With STALL_PLUGIN_QUIET set
 * in the environment "stalled" never sleeps: a baseline of the same
 * strategy without the stall, for compare and --ab. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "sudoku_strategy_abi.h"

static uint64_t thread_cpu_nanos(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void spin(uint64_t nanos, struct sudoku_result* result) {
  const uint64_t start = thread_cpu_nanos();
  while (thread_cpu_nanos() - start < nanos) {
  }
  result->outcome = SUDOKU_OVER_BUDGET;
  result->nodes = 0;
}

static void steady(void* state, const uint8_t givens[SUDOKU_CELLS],
                   uint32_t solution_limit, uint64_t node_budget,
                   struct sudoku_result* result) {
  (void)state, (void)givens, (void)solution_limit, (void)node_budget;
  spin(100 * 1000, result);
}

static atomic_int slept;

static void stalled(void* state, const uint8_t givens[SUDOKU_CELLS],
                    uint32_t solution_limit, uint64_t node_budget,
                    struct sudoku_result* result) {
  (void)state, (void)givens, (void)solution_limit, (void)node_budget;
  if (atomic_exchange(&slept, 1) == 0 &&
      getenv("STALL_PLUGIN_QUIET") == NULL) {
    const struct timespec pause = {0, 50 * 1000 * 1000};
    nanosleep(&pause, NULL);
  }
  spin(60 * 1000, result);
}

static const struct sudoku_strategy strategies[] = {
    {"steady", "spins 100 us of CPU a puzzle", "node", 0, NULL, NULL, steady},
    {"stalled", "spins 60 us of CPU a puzzle, sleeps 50 ms once", "node", 0,
     NULL, NULL, stalled},
};

static const struct sudoku_strategy_table table = {SUDOKU_STRATEGY_ABI_VERSION,
                                                   2, strategies};

SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}
