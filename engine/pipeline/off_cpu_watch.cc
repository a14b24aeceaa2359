// Telling the time a solve spent off the CPU from the time it ran.
#include "engine/pipeline/off_cpu_watch.h"

#include <time.h>

#include <algorithm>

namespace sudoku {
namespace {

// Counter ticks in `nanos` nanoseconds, at the calibrated scale.
uint64_t TicksIn(uint64_t nanos) {
  const TickClock clock;
  constexpr uint64_t kMillion = 1'000'000;
  const double nanos_per_tick =
      static_cast<double>(clock.Nanos(0, kMillion)) / kMillion;
  return static_cast<uint64_t>(static_cast<double>(nanos) /
                               std::max(nanos_per_tick, 1e-9));
}

}  // namespace

OffCpuWatch& OffCpuWatch::ForThisThread() {
  thread_local OffCpuWatch watch;
  return watch;
}

OffCpuWatch::OffCpuWatch()
    : suspect_ticks_(TicksIn(kSuspectNanos)),
      anchor_period_ticks_(TicksIn(kAnchorNanos)),
      gap_ticks_(TicksIn(kGapNanos)) {}

uint64_t OffCpuWatch::ThreadCpuNanos() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1'000'000'000u +
         static_cast<uint64_t>(ts.tv_nsec);
}

uint64_t OffCpuWatch::Anchor() {
  anchor_cpu_ = ThreadCpuNanos();
  anchor_ticks_ = TickClock::Now();
  return anchor_ticks_;
}

uint64_t OffCpuWatch::Check(const TickClock& clock, uint64_t start,
                            uint64_t end) {
  const uint64_t cpu = ThreadCpuNanos();
  // The CPU clock is read after `end`: the interval's CPU time holds that
  // sliver and its counter time does not, which errs towards charging less.
  const uint64_t off =
      OffCpuOf(clock.Nanos(start, end), clock.Nanos(anchor_ticks_, end),
               cpu >= anchor_cpu_ ? cpu - anchor_cpu_ : 0);
  anchor_cpu_ = cpu;
  anchor_ticks_ = TickClock::Now();
  return off;
}

uint64_t OffCpuOf(uint64_t solve_nanos, uint64_t wall_nanos,
                  uint64_t cpu_nanos) {
  if (wall_nanos <= cpu_nanos) return 0;
  const uint64_t off = wall_nanos - cpu_nanos;
  if (off < OffCpuWatch::kLeastOffCpuNanos) return 0;
  return std::min(off, solve_nanos);
}

}  // namespace sudoku
