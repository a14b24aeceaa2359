// The solve function of every strategy, declared once: each strategy's .cc and
// the registry include this, so a definition that strays from SolveFn's
// signature is a compile error (-Werror=missing-declarations on the
// strategies), not a link error or a silent overload.
#pragma once

#include <cstdint>

#include "strategies/strategy.h"

namespace sudoku {

SolveResult SolveScan(const Grid& givens, uint32_t solution_limit,
                      uint64_t node_budget);
SolveResult SolveVisited(const Grid& givens, uint32_t solution_limit,
                         uint64_t node_budget);
SolveResult SolveFullCheck(const Grid& givens, uint32_t solution_limit,
                           uint64_t node_budget);
SolveResult SolveFindPos(const Grid& givens, uint32_t solution_limit,
                         uint64_t node_budget);
SolveResult SolvePositional(const Grid& givens, uint32_t solution_limit,
                            uint64_t node_budget);
SolveResult SolveRestart(const Grid& givens, uint32_t solution_limit,
                         uint64_t node_budget);
SolveResult SolveRestartPlace(const Grid& givens, uint32_t solution_limit,
                              uint64_t node_budget);
SolveResult SolveBitmask(const Grid& givens, uint32_t solution_limit,
                         uint64_t node_budget);
SolveResult SolveDlx(const Grid& givens, uint32_t solution_limit,
                     uint64_t node_budget);
SolveResult SolveBands(const Grid& givens, uint32_t solution_limit,
                       uint64_t node_budget);
SolveResult SolveTriads(const Grid& givens, uint32_t solution_limit,
                        uint64_t node_budget);
SolveResult SolveSimd(const Grid& givens, uint32_t solution_limit,
                      uint64_t node_budget);

}  // namespace sudoku
