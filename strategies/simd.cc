// `simd`: the whole grid's candidates in vector registers, propagated in
// branch-free passes; an AVX2 kernel and a portable one, chosen at run time.
//
// The kernel is strategies/simd_kernel.inc, compiled twice into two
// namespaces: under `#pragma GCC target` for AVX2 (binaries built without
// -march still use it where the CPU has it) and with the build's own flags
// for the fallback. Both run the same search and count the same nodes; the
// choice is made once per process (a function-local constant).
#include "strategies/simd.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define SIMD_HAS_AVX2_KERNEL 1
#include <immintrin.h>
#else
#define SIMD_HAS_AVX2_KERNEL 0
#endif

#include "strategies/geometry.h"
#include "strategies/search_support.h"
#include "strategies/solvers.h"
#include "strategies/strategy.h"

namespace sudoku::simd {

#if SIMD_HAS_AVX2_KERNEL
namespace avx2_kernel {
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt")
#define SIMD_KERNEL_AVX2 1
#include "strategies/simd_kernel.inc"
#undef SIMD_KERNEL_AVX2
#pragma GCC pop_options
}  // namespace avx2_kernel
#endif

namespace portable_kernel {
#define SIMD_KERNEL_AVX2 0
#include "strategies/simd_kernel.inc"
#undef SIMD_KERNEL_AVX2
}  // namespace portable_kernel

bool Avx2Available() {
#if SIMD_HAS_AVX2_KERNEL
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
#else
  return false;
#endif
}

bool FallbackForced() {
  const char* kernel = std::getenv("SUDOKU_SIMD_KERNEL");
  return kernel != nullptr && std::string_view(kernel) == "portable";
}

bool RowUsesAvx2() {
  static const bool kAvx2 = Avx2Available() && !FallbackForced();
  return kAvx2;
}

SolveResult SolveWithAvx2(const Grid& givens, uint32_t solution_limit,
                          uint64_t node_budget) {
#if SIMD_HAS_AVX2_KERNEL
  return avx2_kernel::Solve(givens, solution_limit, node_budget);
#else
  return portable_kernel::Solve(givens, solution_limit, node_budget);
#endif
}

SolveResult SolveWithFallback(const Grid& givens, uint32_t solution_limit,
                              uint64_t node_budget) {
  return portable_kernel::Solve(givens, solution_limit, node_budget);
}

}  // namespace sudoku::simd

namespace sudoku {

SolveResult SolveSimd(const Grid& givens, uint32_t solution_limit,
                      uint64_t node_budget) {
  return simd::RowUsesAvx2()
             ? simd::SolveWithAvx2(givens, solution_limit, node_budget)
             : simd::SolveWithFallback(givens, solution_limit, node_budget);
}

}  // namespace sudoku
