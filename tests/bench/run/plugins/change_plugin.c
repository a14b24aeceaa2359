/* A plugin that changes a dataset while bench reads it, for the tests of
 * files cut or grown mid-run (tests/bench/run/faults_test.cc): the first time
 * it sees a puzzle whose first cell is empty, it cuts the file named by
 * SUDOKU_CHANGE_FILE to SUDOKU_CHANGE_SIZE bytes, or appends to it the bytes
 * of the file named by SUDOKU_CHANGE_APPEND. Every puzzle is answered "over
 * budget" after 0 nodes, which the contract allows. */
#define _XOPEN_SOURCE 700
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "sudoku_strategy_abi.h"

static void append(const char* path, const char* from) {
  FILE* in = fopen(from, "rb");
  FILE* out = fopen(path, "ab");
  char chunk[1 << 16];
  size_t n;
  while (in != NULL && out != NULL && (n = fread(chunk, 1, sizeof chunk, in)) > 0) {
    fwrite(chunk, 1, n, out);
  }
  if (in != NULL) fclose(in);
  if (out != NULL) fclose(out);
}

static void change(void) {
  const char* path = getenv("SUDOKU_CHANGE_FILE");
  const char* size = getenv("SUDOKU_CHANGE_SIZE");
  const char* from = getenv("SUDOKU_CHANGE_APPEND");
  if (path == NULL) return;
  if (size != NULL) (void)truncate(path, (off_t)strtoll(size, NULL, 10));
  if (from != NULL) append(path, from);
}

static void solve(void* state, const uint8_t givens[SUDOKU_CELLS],
                  uint32_t solution_limit, uint64_t node_budget,
                  struct sudoku_result* result) {
  /* Solved one at a time (bench -t 1 in the tests): a plain flag will do. */
  static int changed = 0;
  (void)state, (void)solution_limit, (void)node_budget;
  if (givens[0] == 0 && !changed) {
    changed = 1;
    change();
  }
  result->outcome = SUDOKU_OVER_BUDGET;
  result->nodes = 0;
}

static const struct sudoku_strategy strategies[] = {
    {"change-file", "changes the dataset on a puzzle whose first cell is empty",
     "node", 0, NULL, NULL, solve},
};

static const struct sudoku_strategy_table table = {SUDOKU_STRATEGY_ABI_VERSION,
                                                   1, strategies};

SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void) {
  return &table;
}
