// The bands strategy built as a plugin from its own source
// (strategies/bands.cc) through the C ABI, to measure what the ABI costs
// against the built-in row.
#include <cstring>

#include "strategies/solvers.h"
#include "strategies/sudoku_strategy_abi.h"

#ifdef SUDOKU_PLUGIN_SLOWDOWN_PCT
#if defined(__x86_64__)
#include <x86intrin.h>
#else
#include <chrono>
#endif
#endif

namespace {

#ifdef SUDOKU_PLUGIN_SLOWDOWN_PCT
// A clock as cheap as can be, so that the slowdown is mostly the spin: the
// time-stamp counter (a few nanoseconds a read) where there is one.
uint64_t Ticks() {
#if defined(__x86_64__)
  return __rdtsc();
#else
  return std::chrono::steady_clock::now().time_since_epoch().count();
#endif
}

// A deliberately slower build (bands_plugin_slow2, _slow4, _slow10), for
// measuring what bench --ab detects: after each solve it spins for the given
// share of the solve's own time, so the slowdown is proportional on every
// puzzle, easy or hard. The clock reads cost a few nanoseconds, a point or
// more on solves of microseconds, so bands_plugin_slow0 reads the clock
// alike and spins for nothing: against it the slowdown is the given share
// of the time between the reads. Its searches are the plain build's.
template <typename Solve>
sudoku::SolveResult Slowed(Solve solve) {
  const uint64_t start = Ticks();
  const sudoku::SolveResult r = solve();
  const uint64_t spent = Ticks() - start;
  const uint64_t until =
      start + spent + spent * SUDOKU_PLUGIN_SLOWDOWN_PCT / 100;
  while (Ticks() < until) {
  }
  return r;
}
#elif defined(SUDOKU_PLUGIN_COSTLIER_PCT)
// A deliberately costlier build (bands_plugin_costly2), for showing that
// bench compare catches a change in instructions that timing on a loaded
// machine cannot: after each solve it runs a loop of the given share of
// kInstructionsPerSolve, bands' mean instructions per puzzle on the data it
// is shown on (measured under callgrind). Deterministic, unlike the
// clock-driven spin above; the same on every puzzle, so the share is of the
// mean.
constexpr uint64_t kInstructionsPerSolve =
    SUDOKU_PLUGIN_INSTRUCTIONS_PER_SOLVE;
template <typename Solve>
sudoku::SolveResult Slowed(Solve solve) {
  const sudoku::SolveResult r = solve();
  // Two instructions an iteration as GCC 12 writes the loop (a count down
  // and a branch; callgrind counted 2 per iteration).
  const uint64_t iterations =
      kInstructionsPerSolve * SUDOKU_PLUGIN_COSTLIER_PCT / 200;
#pragma GCC unroll 1
  for (uint64_t i = 0; i < iterations; ++i) {
    asm volatile("");
  }
  return r;
}
#else
template <typename Solve>
sudoku::SolveResult Slowed(Solve solve) {
  return solve();
}
#endif

void Solve(void* /*state*/, const uint8_t givens[SUDOKU_CELLS],
           uint32_t solution_limit, uint64_t node_budget,
           sudoku_result* result) {
  sudoku::Grid grid;
  std::memcpy(grid.data(), givens, SUDOKU_CELLS);
  const sudoku::SolveResult r = Slowed(
      [&] { return sudoku::SolveBands(grid, solution_limit, node_budget); });
  result->outcome = static_cast<uint32_t>(r.outcome);
  result->solutions = r.solutions;
  result->nodes = r.nodes;
  result->guessed = r.guessed ? 1 : 0;
  std::memcpy(result->solution, r.solution.data(), SUDOKU_CELLS);
}

// bands keeps its per-thread tables in thread_locals of its own, so the
// plugin needs no ABI state.
constexpr sudoku_strategy kStrategies[] = {
    {"bands-plugin",
     "bands (strategies/bands.cc) loaded through the plugin ABI", "guess",
     SUDOKU_CAP_COUNTS_SOLUTIONS, nullptr, nullptr, Solve},
};

constexpr struct sudoku_strategy_table kTable = {SUDOKU_STRATEGY_ABI_VERSION, 1,
                                                 kStrategies};

}  // namespace

extern "C" SUDOKU_EXPORT const struct sudoku_strategy_table*
sudoku_strategy_table(void) {
  return &kTable;
}
