// The `simd` strategy's two kernels by name, so that tests run both: the
// registry row calls SolveSimd, which picks one once per process.
#pragma once

#include <cstdint>

#include "strategies/strategy.h"

namespace sudoku::simd {

// True when this CPU runs the AVX2 kernel (AVX2, BMI1/2 and POPCNT).
bool Avx2Available();

// True when the environment asks for the portable kernel
// (SUDOKU_SIMD_KERNEL=portable), read once by the registry row, so that the
// whole test suite can run the fallback on an AVX2 machine.
bool FallbackForced();

// Whether the registry row runs the AVX2 kernel: decided at its first call.
bool RowUsesAvx2();

// The AVX2 kernel; only when Avx2Available().
SolveResult SolveWithAvx2(const Grid& givens, uint32_t solution_limit,
                          uint64_t node_budget);

// The portable kernel (GCC vector extensions, SSE2 on x86-64): the same
// search, node for node.
SolveResult SolveWithFallback(const Grid& givens, uint32_t solution_limit,
                              uint64_t node_budget);

}  // namespace sudoku::simd
