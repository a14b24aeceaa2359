/* Deliberately costlier builds of example_c.c, for measuring whether bench
 * --ab's ratio is the builds' ratio of total work (docs/performance.md):
 * the searches, and so the nodes and answers, are the plain build's; only
 * the work beside them differs, in one of three shapes chosen by
 * SUDOKU_EXAMPLE_SLOWED:
 *   1  a fixed spin after every solve (SUDOKU_EXAMPLE_SPINS iterations);
 *   2  the whole search done twice on about 1 puzzle in 10 (those whose
 *      givens hash to 0 mod 10), a cost concentrated on a few puzzles;
 *   3  a spin of SUDOKU_EXAMPLE_SPINS iterations per node, a cost
 *      proportional to the search.
 * Included by example_c.c just before its solve(), when defined. */
#ifndef SUDOKU_EXAMPLE_SPINS
#define SUDOKU_EXAMPLE_SPINS 0
#endif

/* Keeps the repeated search's result alive, so it is not optimised away. */
static volatile uint64_t slowed_sink;

#if SUDOKU_EXAMPLE_SLOWED == 2
/* The 1-in-10 choice: FNV-1a over the givens, so it is the same puzzles in
 * every run and either order. */
static int chosen_tenth(const uint8_t givens[SUDOKU_CELLS]) {
  uint32_t h = 2166136261u;
  for (int i = 0; i < SUDOKU_CELLS; ++i) h = (h ^ givens[i]) * 16777619u;
  return h % 10 == 0;
}
#else
static void spin(uint64_t iterations) {
  for (uint64_t i = 0; i < iterations; ++i) __asm__ volatile("");
}
#endif

/* After search(s, 0): s->grid and its masks are the givens' again. */
static void slowed(struct search* s, const uint8_t givens[SUDOKU_CELLS]) {
#if SUDOKU_EXAMPLE_SLOWED == 1
  (void)givens;
  (void)s;
  spin(SUDOKU_EXAMPLE_SPINS);
#elif SUDOKU_EXAMPLE_SLOWED == 2
  if (!chosen_tenth(givens)) return;
  struct search again = *s;
  again.solutions = 0, again.nodes = 0, again.over_budget = 0;
  search(&again, 0);
  slowed_sink = again.nodes;
#else
  (void)givens;
  spin(s->nodes * SUDOKU_EXAMPLE_SPINS);
#endif
}
