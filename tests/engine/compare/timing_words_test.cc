// The timing vocabulary (engine/compare/timing_words.h): one case per sign
// and per gate outcome, so that no verdict can say "fell only -121.3%" or
// "50% faster" for a doubled throughput again.
#include "engine/compare/timing_words.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace sudoku {
namespace {

TEST(TimingWords, SlowerIsNewTimeOverOldTimeMinusOne) {
  // 100 puzzles/s before, 80 now: each takes 1.25 times as long.
  EXPECT_DOUBLE_EQ(Slowdown(100, 80), 0.25);
  EXPECT_EQ(SlowerWords(Slowdown(100, 80)), "25.0% slower");
  // A throughput ratio new/old of 0.8 says the same.
  EXPECT_DOUBLE_EQ(SlowdownOfRatio(0.8), 0.25);
  // Ten times the time is 900% slower, not a fall capped at 100%.
  EXPECT_EQ(SlowerWords(Slowdown(100, 10)), "900.0% slower");
}

TEST(TimingWords, FasterIsOldTimeOverNewTimeMinusOne) {
  // Twice the throughput: 100% faster (the old side takes twice as long),
  // the mirror of 100% slower, never "50% faster".
  EXPECT_EQ(SlowerWords(Slowdown(100, 200)), "100.0% faster");
  EXPECT_EQ(SlowerWords(SlowdownOfRatio(1.25)), "25.0% faster");
  // Never a negative percentage.
  EXPECT_EQ(SlowerWords(-0.5).find('-'), std::string::npos);
}

TEST(TimingWords, SameBelowWhatOneDecimalShows) {
  EXPECT_EQ(SlowerWords(0), "as fast");
  EXPECT_EQ(SlowerWords(Slowdown(100000, 100001)), "as fast");
  EXPECT_EQ(SlowerWords(std::numeric_limits<double>::infinity()),
            "infinitely slower (no throughput)");
  EXPECT_EQ(RatioWords(0.8123), "0.812x");
}

TEST(TimingWords, TheMarginInTheSameWords) {
  EXPECT_EQ(AllowedWords(10), "the allowed 10% slower");
  EXPECT_EQ(AllowedWords(2.5), "the allowed 2.5% slower");
  // -50: at most half the time, i.e. twice the throughput.
  EXPECT_EQ(AllowedWords(-50), "the demanded 100.0% faster");
}

TimingFinding Finding(double slowdown, double cpu, double noise, double pct) {
  TimingFinding f{.slowdown = slowdown,
                  .cpu_slowdown = cpu,
                  .noise = noise,
                  .max_slowdown_pct = pct};
  f.beyond_allowed = slowdown > pct / 100;
  // As CheckTiming: the noise and the detection limit are CPU time's.
  f.beyond_noise = cpu - std::fmin(pct / 100, 0.0) > noise;
  f.detection_limit = std::fmax(pct / 100, std::fmin(pct / 100, 0.0) + noise);
  f.regressed = f.beyond_allowed && f.beyond_noise && cpu > pct / 100;
  return f;
}

TEST(TimingWords, GatedBeyondTheMarginAndTheNoise) {
  EXPECT_EQ(GateWords(Finding(0.877, 0.80, 0.03, 50)),
            "gated: 87.7% slower, beyond the allowed 50% slower and 3.0% "
            "noise; 80.0% slower by CPU time; detection limit 50.0% slower");
}

TEST(TimingWords, SlowerByTheClockOnlySaysCpuTimeInItsOwnWords) {
  // The "fell only -121.3%": CPU time said faster.
  EXPECT_EQ(GateWords(Finding(0.877, -0.548, 0.03, 50)),
            "gated: 87.7% slower by the clock, but 121.2% faster by CPU "
            "time, within the allowed 50% slower: other jobs took the time; "
            "detection limit 50.0% slower");
}

TEST(TimingWords, WithinNoise) {
  EXPECT_EQ(GateWords(Finding(0.12, 0.12, 0.15, 10)),
            "gated: 12.0% slower, within 15.0% noise; detection limit 15.0% "
            "slower");
}

TEST(TimingWords, WithinTheMargin) {
  EXPECT_EQ(GateWords(Finding(0.05, 0.05, 0.01, 10)),
            "gated: 5.0% slower, within the allowed 10% slower; detection "
            "limit 10.0% slower");
}

TEST(TimingWords, FasterAndSameAreSaidPlainly) {
  EXPECT_EQ(GateWords(Finding(Slowdown(100, 105), 0, 0.01, 10)),
            "gated: 5.0% faster; detection limit 10.0% slower");
  EXPECT_EQ(GateWords(Finding(0, 0, 0.01, 10)),
            "gated: as fast; detection limit 10.0% slower");
}

TEST(TimingWords, ADemandedSpeedUpNotMet) {
  // --max-slowdown -50 demands half the time; 10% faster is not that.
  const TimingFinding f = Finding(Slowdown(100, 110), Slowdown(100, 110),
                                  0.01, -50);
  EXPECT_TRUE(f.regressed);
  EXPECT_EQ(GateWords(f),
            "gated: 10.0% faster, short of the demanded 100.0% faster and "
            "1.0% noise; 10.0% faster by CPU time; detection limit 96.1% "
            "faster");
}

TEST(TimingWords, WithinTheCpuTimesNoiseSaysBothClocks) {
  // The clock's 20% is beyond the margin; CPU time's 12% is too, but within
  // its 15% noise: both said, since the noise is CPU time's.
  EXPECT_EQ(GateWords(Finding(0.20, 0.12, 0.15, 10)),
            "gated: 20.0% slower by the clock, 12.0% slower by CPU time, "
            "within 15.0% noise; detection limit 15.0% slower");
}

}  // namespace
}  // namespace sudoku
