// Telling the time a solve spent off the CPU (a preemption, a page-in, a
// sleep) from the time it ran, without reading the thread's CPU clock per
// solve.
#pragma once

#include <cstdint>

#include "engine/pipeline/tick_clock.h"

namespace sudoku {

// A solve is timed with TickClock (the time-stamp counter), which runs on
// while the thread waits for a core: one 20 ms preemption inside a 2 us
// solve sets a strategy's figure. The thread's CPU clock does not run then,
// but reading it (clock_gettime(CLOCK_THREAD_CPUTIME_ID), a system call) costs
// 0.3 to 11 us, more than a `simd` solve, so it is read rarely: after a solve
// long enough to hold a preemption worth removing (kSuspectNanos), every
// kAnchorNanos of counter time to keep the reference reading fresh, and after
// a gap between solves (the thread did other work, or waited for some). A
// suspect solve is charged the time off the CPU since the last reading, up
// to its own length (OffCpuOf); docs/performance.md ("Time off the CPU")
// has the measurements. One watch per thread (ForThisThread).
class OffCpuWatch {
 public:
  // A solve at least this long triggers a reading after it.
  static constexpr uint64_t kSuspectNanos = 1'000'000;
  // The reference reading is renewed at least this often.
  static constexpr uint64_t kAnchorNanos = 5'000'000;
  // A gap between two solves longer than this renews it before the second.
  static constexpr uint64_t kGapNanos = 100'000;
  // Time off the CPU below this is left in: a reading's own jitter.
  static constexpr uint64_t kLeastOffCpuNanos = 20'000;

  // The calling thread's watch.
  static OffCpuWatch& ForThisThread();

  // The counter reading a solve starts at. After a gap since the last solve
  // the reference is renewed first, outside the solve's time.
  uint64_t Start() {
    const uint64_t now = TickClock::Now();
    if (now - last_end_ > gap_ticks_) [[unlikely]] return Anchor();
    return now;
  }
  // After the solve that started at `start`, at `end`: the nanoseconds of it
  // spent off the CPU (almost always 0, at the cost of two comparisons).
  uint64_t End(const TickClock& clock, uint64_t start, uint64_t end) {
    last_end_ = end;
    if (end - start >= suspect_ticks_) [[unlikely]] {
      return Check(clock, start, end);
    }
    if (end - anchor_ticks_ >= anchor_period_ticks_) [[unlikely]] Anchor();
    return 0;
  }

  // The thread's CPU time in nanoseconds (CLOCK_THREAD_CPUTIME_ID).
  static uint64_t ThreadCpuNanos();

 private:
  OffCpuWatch();
  // Reads the CPU clock, then the counter; returns the counter reading.
  uint64_t Anchor();
  uint64_t Check(const TickClock& clock, uint64_t start, uint64_t end);

  uint64_t suspect_ticks_, anchor_period_ticks_, gap_ticks_;
  uint64_t anchor_ticks_ = 0, anchor_cpu_ = 0;
  uint64_t last_end_ = 0;
};

// The share of a solve of `solve_nanos` charged to time off the CPU, when
// the `wall_nanos` since the last reading held `cpu_nanos` of the thread's
// CPU time: all of that interval's time off the CPU, up to the solve's own
// length, and none below kLeastOffCpuNanos. Time off the CPU in the interval
// before the solve (each earlier solve shorter than kSuspectNanos, each gap
// shorter than kGapNanos) is charged to it too: at most kAnchorNanos of
// other work's waiting, which a preemption of a few milliseconds dwarfs.
uint64_t OffCpuOf(uint64_t solve_nanos, uint64_t wall_nanos,
                  uint64_t cpu_nanos);

}  // namespace sudoku
