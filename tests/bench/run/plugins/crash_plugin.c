/* Strategy plugins that end the process, for tests/bench/run/crash_test.cc and
 * faults_test.cc: on a puzzle whose first cell is empty, crash-segv writes
 * through a null pointer, crash-abort calls abort(), crash-overflow recurses
 * until its stack runs out and exit-zero calls exit(0), as if all were well;
 * every other puzzle is answered "over budget" after 0 nodes, which the
 * contract allows. */
#include <stdint.h>
#include <stdlib.h>

#include "sudoku_strategy_abi.h"

/* Read at run time, so the compiler cannot see the null pointer and turn
 * the store into a trap instruction (SIGILL) instead of a real fault. */
static volatile uintptr_t crash_address = 0;

#if defined(CRASH_OVERFLOW)
/* A kilobyte of stack a call, without end: `frame` is volatile, so the
 * compiler can neither prove the recursion endless nor make it a loop. */
__attribute__((no_sanitize("address", "undefined"))) static int overflow(void) {
  volatile char frame[1024];
  frame[0] = 1;
  if (frame[0] == 0) return 0;
  return overflow() + frame[0];
}
#endif

/* Uninstrumented, so a sanitizer build faults here too instead of reporting
 * the null store and exiting. */
__attribute__((no_sanitize("address", "undefined"))) static void crash(void) {
#if defined(CRASH_ABORT)
  abort();
#elif defined(CRASH_EXIT)
  exit(0);
#elif defined(CRASH_OVERFLOW)
  (void)overflow();
#else
  *(volatile int*)crash_address = 1;
#endif
}

static void solve(void* state, const uint8_t givens[SUDOKU_CELLS],
                  uint32_t solution_limit, uint64_t node_budget,
                  struct sudoku_result* result) {
  (void)state, (void)solution_limit, (void)node_budget;
  if (givens[0] == 0) crash();
  result->outcome = SUDOKU_OVER_BUDGET;
  result->nodes = 0;
}

static const struct sudoku_strategy strategies[] = {
    {CRASH_NAME, "crashes on a puzzle whose first cell is empty", "node", 0,
     NULL, NULL, solve},
};

static const struct sudoku_strategy_table table = {SUDOKU_STRATEGY_ABI_VERSION,
                                                   1, strategies};

SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}
