/* A test plugin that counts its per-thread states, for plugin_loader_test: one
 * made per thread on its first call, each freed when its thread ends. */
#include <stdint.h>
#include <stdlib.h>

#include "sudoku_strategy_abi.h"

#define MAGIC 0x5d0c0u

static int made, freed; /* updated atomically: threads make and free states */

struct state {
  unsigned magic;
  unsigned calls;
};

static void* new_state(void) {
  struct state* s = (struct state*)malloc(sizeof(*s));
  s->magic = MAGIC;
  s->calls = 0;
  __atomic_fetch_add(&made, 1, __ATOMIC_SEQ_CST);
  return s;
}

static void free_state(void* state) {
  ((struct state*)state)->magic = 0;
  free(state);
  __atomic_fetch_add(&freed, 1, __ATOMIC_SEQ_CST);
}

/* Answers "over budget"; its nodes are the calls its state has seen, so a
 * state shared between threads or made twice would show. A missing state
 * answers an unknown outcome code. */
static void solve(void* state, const uint8_t givens[SUDOKU_CELLS],
                  uint32_t solution_limit, uint64_t node_budget,
                  struct sudoku_result* result) {
  (void)givens, (void)solution_limit, (void)node_budget;
  struct state* s = (struct state*)state;
  if (s == NULL || s->magic != MAGIC) {
    result->outcome = 99;
    return;
  }
  result->outcome = SUDOKU_OVER_BUDGET;
  result->nodes = ++s->calls;
}

static const struct sudoku_strategy strategies[] = {
    {"state-counter", "counts its states", "call", 0, new_state, free_state,
     solve},
};

static const struct sudoku_strategy_table table = {SUDOKU_STRATEGY_ABI_VERSION,
                                                   1, strategies};

SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}

/* For the test: how many states were made and freed so far. */
SUDOKU_EXPORT void state_plugin_counts(int* made_out, int* freed_out) {
  *made_out = __atomic_load_n(&made, __ATOMIC_SEQ_CST);
  *freed_out = __atomic_load_n(&freed, __ATOMIC_SEQ_CST);
}
