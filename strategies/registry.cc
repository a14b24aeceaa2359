// The one table of strategies: adding a strategy is one file, one row here, one
// declaration in solvers.h and one line in CMakeLists.txt.
#include "strategies/registry.h"

#include <algorithm>
#include <array>

#include "strategies/solvers.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

constexpr uint32_t kFirst = kSeedFirstTree;
constexpr uint32_t kWhole = kSeedWholeTree;
constexpr uint32_t kCounts = kCountsSolutions;
constexpr std::string_view kPlacement = "consistent placement";
// The seeds are kept for their search trees, not their speed.
constexpr uint32_t kUnranked = 0;

// clang-format off
constexpr std::array kStrategies = {
  //       name             summary                                                                         solve              promises         node unit        speed rank
  Strategy{"scan",          "seed 000 code 1: place, then scan row/column/box; stops at first solution",    SolveScan,         kFirst,          kPlacement,      kUnranked},
  Strategy{"visited",       "seed 000 code 2: row/column/box visited tables; stops at first solution",      SolveVisited,      kFirst,          kPlacement,      kUnranked},
  Strategy{"fullcheck",     "seed 001 method 1: checks the whole board at every node; whole tree",          SolveFullCheck,    kWhole,          kPlacement,      kUnranked},
  Strategy{"findpos",       "seed 001 method 2: visited tables, rescans for fullness and first empty; whole tree", SolveFindPos, kWhole,        kPlacement,      kUnranked},
  Strategy{"positional",    "seed 001 method 3: visited tables, position carried in the recursion; whole tree", SolvePositional, kWhole,        kPlacement,      kUnranked},
  Strategy{"restart",       "seed 001 template: check before placing, restart from top-left; first solution", SolveRestart,    kFirst,          kPlacement,      kUnranked},
  Strategy{"restart-place", "seed 002: place then check, restart from top-left; first solution",            SolveRestartPlace, kFirst,          kPlacement,      kUnranked},
  Strategy{"bitmask",       "row/column/box bitmasks over the seed tree; counts solutions to the limit",    SolveBitmask,      kFirst | kCounts, kPlacement,      4},
  Strategy{"dlx",           "Knuth's Algorithm X, dancing links (dlx1), fewest-options item first",         SolveDlx,          kCounts,         "option chosen", 3},
  Strategy{"bands",         "digit bitboards in bands: singles and box-line intersections, then guesses",  SolveBands,        kCounts,         "guess",         2},
  Strategy{"triads",        "bands plus the minirow/minicolumn rule (three digits each), tdoku-style node count", SolveTriads, kCounts,     "guess but the last", 0},
  Strategy{"simd",          "triads' rules, a choice of cell that searches less, the whole grid in vector registers (AVX2 or portable)",   SolveSimd,         kCounts,         "guess but the last", 1},
};
// clang-format on

}  // namespace

std::span<const Strategy> AllStrategies() { return kStrategies; }

const Strategy* FindStrategy(std::string_view name) {
  const auto it = std::find_if(kStrategies.begin(), kStrategies.end(),
                               [&](const Strategy& s) { return s.name == name; });
  return it == kStrategies.end() ? nullptr : &*it;
}

}  // namespace sudoku
