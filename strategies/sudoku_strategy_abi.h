/* The plugin ABI: the one C99 header a shared library implements to hand
 * `bench` its Sudoku strategies. */
#ifndef SUDOKU_STRATEGY_ABI_H_
#define SUDOKU_STRATEGY_ABI_H_

/*
 * Modelled on IPASIR (the SAT competition's solver interface): plain C, no
 * C++ types, one exported function, an opaque per-thread state, reentrant
 * calls. Usable from C, C++, Rust, Zig or anything with a C FFI.
 *
 * A plugin is a shared library exporting
 *
 *     const struct sudoku_strategy_table* sudoku_strategy_table(void);
 *
 * `bench --plugin PATH` dlopen()s PATH, calls it once, and checks the table:
 * abi_version must equal SUDOKU_STRATEGY_ABI_VERSION, every descriptor needs
 * a non-empty name unique among all strategies (built-in and loaded) and a
 * solve function. Anything else refuses the plugin (exit 2; nothing runs).
 * The table, and every string and descriptor it points to, must stay valid
 * and unchanged while the library is loaded.
 *
 * Everything passed in and out is plain data; `bench` never frees what the
 * plugin returns, and the plugin never keeps a pointer `bench` passed in.
 */

#include <stddef.h> /* NULL, for the optional fields */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Raised on any incompatible change of this header. */
#define SUDOKU_STRATEGY_ABI_VERSION 1

/* The number of cells; grids are 81 bytes in row-major order. */
#define SUDOKU_CELLS 81

/* Outcome codes (sudoku_result.outcome). Any other value is a contract
 * violation: `bench` counts the answer as WRONG. */
#define SUDOKU_SOLVED 0   /* one solution found, no second within the limit */
#define SUDOKU_MULTIPLE 1 /* at least two solutions found */
#define SUDOKU_NO_SOLUTION 2 /* the whole search ran and found nothing */
#define SUDOKU_OVER_BUDGET 3 /* the node budget ran out before an answer */

/* Which outcome, when:
 * - SOLVED says there is one solution: with solution_limit 2 and
 *   SUDOKU_CAP_COUNTS_SOLUTIONS, that the search went on and found no
 *   second. Report it only when the search that proves it finished.
 * - One solution found, then the budget ran out while looking for a second
 *   (solution_limit 2): OVER_BUDGET, with solutions = 1 and that solution.
 *   `bench` verifies the grid and holds it against the other strategies'
 *   answers, but counts the puzzle over budget: the question asked (is it
 *   unique?) was not answered. SOLVED there would be a uniqueness claim the
 *   search did not earn, and `bench --reference STRATEGY` makes it WRONG
 *   wherever the puzzle has several solutions.
 * - MULTIPLE needs two different solutions found; NO_SOLUTION a search that
 *   ran to its end (or givens that break a rule). */

/* Capability flags (sudoku_strategy.capabilities): the same promises as
 * strategies/strategy.h's Capability, checked by the same tests. 0 promises
 * nothing beyond correct answers, and is always safe. */
/* With solution_limit 1 its nodes equal the row-major, ascending-digit
 * search that stops at the first solution. */
#define SUDOKU_CAP_SEED_FIRST_TREE (1u << 0)
/* It searches the whole row-major tree whatever the limit, reports every
 * solution of it, and its nodes equal that tree's size. */
#define SUDOKU_CAP_SEED_WHOLE_TREE (1u << 1)
/* It stops after `solution_limit` solutions, so a limit of 2 proves
 * uniqueness. Without it, `bench` takes a solved answer as "a" solution. */
#define SUDOKU_CAP_COUNTS_SOLUTIONS (1u << 2)

/* What one solve call returns. `bench` zeroes it before each call. */
struct sudoku_result {
  /* One of SUDOKU_SOLVED .. SUDOKU_OVER_BUDGET. */
  uint32_t outcome;
  /* Solutions found before the search stopped (>= 1 for SOLVED and
   * MULTIPLE; a whole-tree search may report more than the limit). */
  uint32_t solutions;
  /* Search effort in the strategy's node unit. Must be <= node_budget:
   * more is a contract violation, counted as WRONG. */
  uint64_t nodes;
  /* 1 if the search chose between alternatives at least once, else 0. */
  uint8_t guessed;
  /* The first solution found, digits 1..9, row-major; read only when
   * solutions > 0, and then every digit must be 1..9 and the grid must solve
   * the givens, or the answer is WRONG. */
  uint8_t solution[SUDOKU_CELLS];
};

/* One strategy. */
struct sudoku_strategy {
  /* Selectable with `bench -s NAME`: non-empty, no ',' and unique among
   * every loaded and built-in strategy. */
  const char* name;
  /* One line for `bench --list`; may be NULL. */
  const char* summary;
  /* What one node is ("guess", "placement"); may be NULL ("node"). */
  const char* node_unit;
  /* SUDOKU_CAP_* flags, or 0. */
  uint32_t capabilities;
  /* Optional (may both be NULL): `bench` calls new_state once on each
   * worker thread, on that thread's first solve, and passes the result to
   * every solve on that thread; free_state is called with it when the thread
   * ends. A state is never used by two threads. */
  void* (*new_state)(void);
  void (*free_state)(void* state);
  /* Required. Solves `givens` (81 bytes, 0 empty, 1..9 digits; may break the
   * rules, then the answer is NO_SOLUTION). Stops after `solution_limit`
   * (>= 1) solutions where it can count, and with OVER_BUDGET as soon as its
   * node count would pass `node_budget` (UINT64_MAX: no budget). Called on
   * many threads at once, each with its own state: reentrant, no global
   * mutable state. Writes its answer to *result. */
  void (*solve)(void* state, const uint8_t givens[SUDOKU_CELLS],
                uint32_t solution_limit, uint64_t node_budget,
                struct sudoku_result* result);
};

/* What the entry point returns. */
struct sudoku_strategy_table {
  /* SUDOKU_STRATEGY_ABI_VERSION as the plugin was built. */
  uint32_t abi_version;
  /* Number of descriptors in `strategies` (>= 1). */
  uint32_t count;
  const struct sudoku_strategy* strategies;
};

/* The one exported entry point, looked up by this name. */
#define SUDOKU_STRATEGY_TABLE_SYMBOL "sudoku_strategy_table"
typedef const struct sudoku_strategy_table* (*sudoku_strategy_table_fn)(void);

/* Optional, and no part of the ABI version: a second exported function that
 * says how the library was built (compiler, version, flags; one line, at
 * most 200 bytes, e.g. "gcc " __VERSION__ " -O2 -march=native"). `bench`
 * writes it in the strategy_build column of every row of the library's
 * strategies, since the report's build_flags are bench's own. Absent, or
 * returning NULL or "": the column is empty. */
#define SUDOKU_STRATEGY_BUILD_SYMBOL "sudoku_strategy_build"
typedef const char* (*sudoku_strategy_build_fn)(void);

#if defined(_WIN32)
#define SUDOKU_EXPORT __declspec(dllexport)
#else
#define SUDOKU_EXPORT __attribute__((visibility("default")))
#endif

/* The plugin defines it (SUDOKU_EXPORT, so a build with hidden visibility
 * still exports it); it returns the same table on every call. In C++ the
 * struct is then named `struct sudoku_strategy_table`, as with stat(). */
SUDOKU_EXPORT const struct sudoku_strategy_table* sudoku_strategy_table(void);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKU_STRATEGY_ABI_H_ */
