// The one formatter of timing verdict words (timing_words.h).
#include "engine/compare/timing_words.h"

#include <cmath>
#include <cstdio>
#include <limits>

#include "engine/common/text_format.h"

namespace sudoku {
namespace {

// Below this a change prints as 0.0% either way: "as fast".
constexpr double kSame = 0.0005;

// A margin as given on the command line: "10%", "2.5%".
std::string PercentGiven(double pct) {
  char text[64];
  std::snprintf(text, sizeof(text), "%g%%", pct);
  return text;
}

}  // namespace

double Slowdown(double old_rate, double new_rate) {
  if (new_rate <= 0) {
    return old_rate > 0 ? std::numeric_limits<double>::infinity() : 0.0;
  }
  return old_rate / new_rate - 1;
}

double SlowdownOfRatio(double ratio) { return Slowdown(1.0, ratio); }

std::string SlowerWords(double slowdown) {
  if (std::isnan(slowdown)) return "of unknown speed";
  if (std::isinf(slowdown)) return "infinitely slower (no throughput)";
  if (std::fabs(slowdown) < kSame) return "as fast";
  if (slowdown > 0) return Percent(slowdown) + " slower";
  // old time / new time - 1, from new time / old time - 1.
  return Percent(1.0 / (1.0 + slowdown) - 1.0) + " faster";
}

std::string RatioWords(double ratio) { return Fixed(ratio, 3) + "x"; }

std::string AllowedWords(double max_slowdown_pct) {
  if (max_slowdown_pct < 0) {
    // Faster by the same formula SlowerWords uses.
    const double faster = 1.0 / (1.0 + max_slowdown_pct / 100) - 1.0;
    return "the demanded " + Percent(faster) + " faster";
  }
  return "the allowed " + PercentGiven(max_slowdown_pct) + " slower";
}

namespace {

// GateWords without its detection limit.
std::string GateFinding(const TimingFinding& f) {
  const std::string allowed = AllowedWords(f.max_slowdown_pct);
  const std::string noise = Percent(f.noise) + " noise";
  const std::string wall = SlowerWords(f.slowdown);
  const std::string cpu = SlowerWords(f.cpu_slowdown);
  if (f.regressed) {
    // Past a slowdown allowed; short of a speed-up demanded.
    const char* past = f.max_slowdown_pct < 0 ? ", short of " : ", beyond ";
    return "gated: " + wall + past + allowed + " and " + noise + "; " + cpu +
           " by CPU time";
  }
  const double limit = f.max_slowdown_pct / 100;
  if (f.beyond_allowed && f.cpu_slowdown <= limit) {
    // The clock says slower, CPU time does not: time lost to other jobs.
    return "gated: " + wall + " by the clock, but " + cpu +
           " by CPU time, within " + allowed + ": other jobs took the time";
  }
  if (f.beyond_allowed) {
    // Both beyond the margin, CPU time within its noise: say its slowdown
    // where the clock's differs, since the noise is its.
    return "gated: " + wall +
           (cpu == wall ? "" : " by the clock, " + cpu + " by CPU time") +
           ", within " + noise;
  }
  if (f.slowdown >= kSame) {
    return "gated: " + wall + ", within " + allowed;
  }
  return "gated: " + wall;
}

}  // namespace

std::string GateWords(const TimingFinding& f) {
  return GateFinding(f) + "; detection limit " +
         SlowerWords(f.detection_limit);
}

}  // namespace sudoku
