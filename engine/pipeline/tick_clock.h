// A cheap clock for per-puzzle timing: the CPU's invariant time-stamp counter
// where there is one, scaled to nanoseconds; steady_clock elsewhere.
#pragma once

#include <cstdint>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace sudoku {

// Per-puzzle timing reads a clock twice per strategy, on puzzles the fast
// strategies solve in a few microseconds. steady_clock costs about 30 ns a
// read through the vDSO (which itself reads the time-stamp counter and
// scales it); a bare counter read costs about 12, which shows in the
// engine's overhead against a tight loop.
class TickClock {
 public:
  // The first construction in a process calibrates the counter against
  // steady_clock for about two milliseconds; later ones reuse the scale.
  TickClock();

  // An opaque, monotonic reading; only differences mean anything. Inline:
  // read twice a puzzle, a call and a load of a flag behind it showed as
  // 0.7% of a `simd` run on 17-clue.
  static uint64_t Now() {
#if defined(__x86_64__)
    if (uses_counter_) [[likely]] return __rdtsc();
#endif
    return SteadyNow();
  }
  // A difference of two readings in nanoseconds; 0 if `end` reads earlier
  // (a thread moved between cores whose counters differ slightly).
  uint64_t Nanos(uint64_t start, uint64_t end) const {
    if (end < start) return 0;
    return static_cast<uint64_t>(static_cast<double>(end - start) *
                                 nanos_per_tick_);
  }
  // True when readings come from the time-stamp counter.
  static bool UsesCounter();

 private:
  static uint64_t SteadyNow();
  // Set once, at static initialization, before any thread can time.
  static const bool uses_counter_;
  double nanos_per_tick_;
};

}  // namespace sudoku
