// Tests for the per-puzzle clock: it runs forward and its scale agrees with
// steady_clock.
#include "engine/pipeline/tick_clock.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <thread>

namespace sudoku {
namespace {

TEST(TickClock, NeverRunsBackward) {
  const TickClock clock;
  uint64_t previous = TickClock::Now();
  for (int i = 0; i < 100000; ++i) {
    const uint64_t now = TickClock::Now();
    ASSERT_GE(now, previous);
    previous = now;
  }
  EXPECT_EQ(clock.Nanos(previous, previous), 0u);
  EXPECT_EQ(clock.Nanos(previous + 1, previous), 0u);  // never wraps around
}

// Not a speed test: both clocks time the same sleep, and a wrong scale (say,
// ticks taken for nanoseconds) would be off by a large factor. A busy machine
// can delay one reading, so one agreeing attempt out of five is enough.
TEST(TickClock, AgreesWithSteadyClock) {
  using Steady = std::chrono::steady_clock;
  const TickClock clock;
  double worst_ratio = 1;  // the attempt farthest from agreement
  bool agreed = false;
  for (int attempt = 0; attempt < 5 && !agreed; ++attempt) {
    const auto steady_start = Steady::now();
    const uint64_t start = TickClock::Now();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const uint64_t end = TickClock::Now();
    const auto steady_end = Steady::now();
    const double steady_ns =
        std::chrono::duration<double, std::nano>(steady_end - steady_start)
            .count();
    const double ratio = static_cast<double>(clock.Nanos(start, end)) / steady_ns;
    if (std::abs(ratio - 1) > std::abs(worst_ratio - 1)) worst_ratio = ratio;
    agreed = ratio > 0.98 && ratio <= 1.001;
  }
  EXPECT_TRUE(agreed) << "worst tick clock / steady clock = " << worst_ratio
                      << (TickClock::UsesCounter() ? " (time-stamp counter)"
                                                   : " (steady_clock)");
}

}  // namespace
}  // namespace sudoku
