// The share of a solve charged to time off the CPU, on numbers given here,
// and the watch on a real sleep.
#include "engine/pipeline/off_cpu_watch.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace sudoku {
namespace {

TEST(OffCpuOfTest, NoTimeOffTheCpuChargesNothing) {
  // An interval whose CPU time is its wall time, or more (the CPU clock is
  // read a little after the counter).
  EXPECT_EQ(OffCpuOf(3'000'000, 4'000'000, 4'000'000), 0u);
  EXPECT_EQ(OffCpuOf(3'000'000, 4'000'000, 4'000'100), 0u);
}

TEST(OffCpuOfTest, JitterBelowTheLeastIsLeftIn) {
  EXPECT_EQ(OffCpuOf(3'000'000, 4'000'000,
                     4'000'000 - OffCpuWatch::kLeastOffCpuNanos + 1),
            0u);
}

TEST(OffCpuOfTest, APreemptionInsideTheSolveIsChargedToIt) {
  // A 2 ms solve that waited 20 ms for a core, in an interval of 25 ms of
  // which 5 ms ran.
  EXPECT_EQ(OffCpuOf(22'000'000, 25'000'000, 5'000'000), 20'000'000u);
}

TEST(OffCpuOfTest, NeverMoreThanTheSolveItself) {
  // Time off the CPU before the solve (a gap the watch did not renew
  // across) cannot leave it less than nothing.
  EXPECT_EQ(OffCpuOf(1'500'000, 30'000'000, 1'000'000), 1'500'000u);
}

TEST(OffCpuWatchTest, ASleepInsideASolveIsTakenOut) {
  const TickClock clock;
  OffCpuWatch& watch = OffCpuWatch::ForThisThread();
  const uint64_t start = watch.Start();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  const uint64_t end = TickClock::Now();
  const uint64_t solve = clock.Nanos(start, end);
  const uint64_t off = watch.End(clock, start, end);
  // A sleep is almost all off the CPU; generous bounds for a loaded machine.
  EXPECT_GE(solve, 30'000'000u);
  EXPECT_GE(off, 25'000'000u);
  EXPECT_LE(off, solve);
}

}  // namespace
}  // namespace sudoku
