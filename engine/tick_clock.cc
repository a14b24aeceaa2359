// A cheap clock for per-puzzle timing: the CPU's invariant time-stamp counter
// where there is one, scaled to nanoseconds; steady_clock elsewhere.
#include "engine/tick_clock.h"

#include <chrono>

#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#define SUDOKU_HAS_TSC 1
#endif

namespace sudoku {
namespace {

using Steady = std::chrono::steady_clock;

uint64_t SteadyNanos() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          Steady::now().time_since_epoch())
          .count());
}

// Only an invariant counter (constant rate, running in every power state)
// measures time; CPUID leaf 0x80000007 says so in EDX bit 8.
bool DetectInvariantCounter() {
#ifdef SUDOKU_HAS_TSC
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid_max(0x80000000, nullptr) < 0x80000007) return false;
  __get_cpuid(0x80000007, &eax, &ebx, &ecx, &edx);
  return (edx & (1u << 8)) != 0;
#else
  return false;
#endif
}

const bool kUsesCounter = DetectInvariantCounter();

double Calibrate() {
  if (!kUsesCounter) return 1.0;
  const uint64_t steady_start = SteadyNanos();
  const uint64_t ticks_start = TickClock::Now();
  uint64_t steady_end;
  do {
    steady_end = SteadyNanos();
  } while (steady_end - steady_start < 2'000'000);
  const uint64_t ticks_end = TickClock::Now();
  return static_cast<double>(steady_end - steady_start) /
         static_cast<double>(ticks_end - ticks_start);
}

}  // namespace

TickClock::TickClock() {
  static const double scale = Calibrate();  // once per process, thread-safe
  nanos_per_tick_ = scale;
}

uint64_t TickClock::Now() {
#ifdef SUDOKU_HAS_TSC
  if (kUsesCounter) return __rdtsc();
#endif
  return SteadyNanos();
}

bool TickClock::UsesCounter() { return kUsesCounter; }

}  // namespace sudoku
