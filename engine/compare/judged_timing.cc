// The one measure of time a comparison's page draws, tabulates and bands for
// each row: the figure its timing verdict is decided on, chosen here alone.
#include "engine/compare/judged_timing.h"

#include <algorithm>

namespace sudoku {

JudgedTiming JudgeTiming(const ReportRow& baseline, const ReportRow& current,
                         const TimingCheck& timing,
                         const CompareOptions& options) {
  JudgedTiming j;
  // As CheckTiming: the solves' thread CPU time where both reports have it,
  // else the pass's CPU time, else the wall clock.
  const bool thread_cpu =
      baseline.puzzles_per_cpu_s > 0 && current.puzzles_per_cpu_s > 0;
  const bool pass_cpu =
      baseline.pass_cpu_s > 0 && current.pass_cpu_s > 0 && current.puzzles > 0;
  double allowed = options.max_slowdown;
  if (thread_cpu) {
    j.key = "cpu";
    j.label = "puzzles per CPU-second";
    j.baseline = baseline.puzzles_per_cpu_s;
    j.current = current.puzzles_per_cpu_s;
  } else if (pass_cpu) {
    j.key = "cpu";
    j.label = "puzzles per CPU-second";
    j.baseline = static_cast<double>(baseline.puzzles) / baseline.pass_cpu_s;
    j.current = static_cast<double>(current.puzzles) / current.pass_cpu_s;
  } else {
    j.key = "wall";
    j.label = "puzzles/s (wall clock)";
    j.baseline = baseline.puzzles_per_s;
    j.current = current.puzzles_per_s;
    allowed = std::max(allowed, timing.noise);
  }
  // The throughput ratio new/old the verdict weighs: cpu_slowdown is
  // new time / old time - 1 (timing_words.h), so the ratio is its inverse.
  j.ratio = timing.cpu_slowdown > -1.0 ? 1.0 / (1.0 + timing.cpu_slowdown)
                                       : 0.0;
  // The gate lets a row pass up to `allowed` slower: a throughput ratio of
  // 1 / (1 + allowed); the band is as wide above 1 on the log axis. A
  // negative margin (a demanded speed-up) puts the band's low end above 1.
  j.low = 1.0 / (1.0 + std::max(allowed, -0.99));
  j.high = std::max(1.0 / j.low, j.low);
  return j;
}

}  // namespace sudoku
