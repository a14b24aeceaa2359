// The one measure of time a comparison's page draws, tabulates and bands for
// each row: the figure its timing verdict is decided on, chosen here alone.
#include "engine/compare/judged_timing.h"

#include <algorithm>

namespace sudoku {

JudgedTiming JudgeTiming(const ReportRow& baseline, const ReportRow& current,
                         const TimingCheck& timing,
                         const CompareOptions& options) {
  JudgedTiming j;
  // As CheckTiming: CPU figures on both sides, or the wall clock.
  const bool cpu =
      baseline.pass_cpu_s > 0 && current.pass_cpu_s > 0 && current.puzzles > 0;
  double allowed = options.max_slowdown;
  if (cpu) {
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
  j.ratio = 1.0 - timing.cpu_slowdown;
  j.low = std::max(1.0 - allowed, 0.0);
  j.high = j.low > 0 ? 1.0 / j.low : 1.0 + allowed;
  return j;
}

}  // namespace sudoku
