// The `simd` strategy's two kernels by name, so that tests run both: the
// registry row calls SolveSimd, which picks one once per process.
#pragma once

#include <cstdint>

#include "strategies/strategy.h"

namespace sudoku::simd {

// True when this CPU runs the AVX2 kernel (AVX2, BMI1/2 and POPCNT).
bool Avx2Available();

// The AVX2 kernel; only when Avx2Available().
SolveResult SolveWithAvx2(const Grid& givens, uint32_t solution_limit,
                          uint64_t node_budget);

// The portable kernel (GCC vector extensions, SSE2 on x86-64): the same
// search, node for node.
SolveResult SolveWithFallback(const Grid& givens, uint32_t solution_limit,
                              uint64_t node_budget);

}  // namespace sudoku::simd
