// A cheap clock for per-puzzle timing: the CPU's invariant time-stamp counter
// where there is one, scaled to nanoseconds; steady_clock elsewhere.
#include "engine/pipeline/tick_clock.h"

#include <chrono>

#if defined(__x86_64__)
#include <cpuid.h>
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

}  // namespace

const bool TickClock::uses_counter_ = DetectInvariantCounter();

namespace {

// A counter reading and the steady_clock time it was taken at: the midpoint
// of two steady_clock reads around it, retried while the two lie far apart
// (the thread was interrupted), so a preempted read cannot skew the scale.
struct Reading {
  uint64_t steady;
  uint64_t ticks;
};

Reading ReadBoth() {
  Reading reading{};
  for (int attempt = 0; attempt < 100; ++attempt) {
    const uint64_t before = SteadyNanos();
    reading.ticks = TickClock::Now();
    const uint64_t after = SteadyNanos();
    reading.steady = before + (after - before) / 2;
    if (after - before < 1'000) break;
  }
  return reading;
}

double Calibrate() {
  if (!TickClock::UsesCounter()) return 1.0;
  const Reading start = ReadBoth();
  while (SteadyNanos() - start.steady < 2'000'000) {
  }
  const Reading end = ReadBoth();
  return static_cast<double>(end.steady - start.steady) /
         static_cast<double>(end.ticks - start.ticks);
}

}  // namespace

TickClock::TickClock() {
  static const double scale = Calibrate();  // once per process, thread-safe
  nanos_per_tick_ = scale;
}

uint64_t TickClock::SteadyNow() { return SteadyNanos(); }

bool TickClock::UsesCounter() { return uses_counter_; }

}  // namespace sudoku
