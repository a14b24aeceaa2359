// The one measure of time a comparison's page draws, tabulates and bands for
// each row: the figure its timing verdict is decided on, chosen here alone.
#include "engine/compare/judged_timing.h"

#include <algorithm>

namespace sudoku {

JudgedTiming JudgeTiming(const ReportRow& baseline, const ReportRow& current,
                         const TimingCheck& timing,
                         const CompareOptions& options) {
  JudgedTiming j;
  // The measure CheckTiming goes by, chosen in one place (report.h).
  const TimingMeasure measure = CommonTimingMeasure(baseline, current);
  j.key = std::string(TimingMeasureKey(measure));
  j.label = std::string(TimingMeasureLabel(measure));
  j.baseline = MeasuredThroughput(baseline, measure);
  j.current = MeasuredThroughput(current, measure);
  double allowed = options.max_slowdown;
  // The gate passes anything within the noise on its measure too.
  allowed = std::max(allowed, timing.noise);
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
