// The bands strategy built as a plugin from its own source
// (strategies/bands.cc) through the C ABI, to measure what the ABI costs
// against the built-in row.
#include <cstring>

#include "strategies/solvers.h"
#include "strategies/sudoku_strategy_abi.h"

namespace {

void Solve(void* /*state*/, const uint8_t givens[SUDOKU_CELLS],
           uint32_t solution_limit, uint64_t node_budget,
           sudoku_result* result) {
  sudoku::Grid grid;
  std::memcpy(grid.data(), givens, SUDOKU_CELLS);
  const sudoku::SolveResult r =
      sudoku::SolveBands(grid, solution_limit, node_budget);
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
