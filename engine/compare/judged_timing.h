// The one measure of time a comparison's page draws, tabulates and bands for
// each row: the figure its timing verdict is decided on, chosen here alone.
#pragma once

#include <string>

#include "engine/compare/compare.h"
#include "engine/report/report.h"

namespace sudoku {

struct JudgedTiming {
  // "cpu" or "wall", as data-measure and history's --measure spell them.
  std::string key;
  // "puzzles per CPU-second", "puzzles/s (wall clock)": as people read them.
  std::string label;
  double baseline = 0, current = 0;  // the measure's figures
  // current / baseline: 1 / (1 + timing.cpu_slowdown), the figure
  // CheckTiming weighs against --max-slowdown.
  double ratio = 1;
  // The band of ratios the timing gate lets pass on this measure: from
  // 1 / (1 + the largest slowdown allowed) up to as far above 1 on a log
  // axis. On the wall clock the allowance is the larger of
  // --max-slowdown and the rounds' noise, as the gate's.
  double low = 1, high = 1;
};

// Puzzles per CPU-second of the solves' thread CPU time (puzzles_per_cpu_s)
// when both rows have it, else of the pass's process CPU time, as the
// verdict; otherwise the wall clock's puzzles/s, which is then all the
// verdict goes by. The page's measure is chosen here alone.
JudgedTiming JudgeTiming(const ReportRow& baseline, const ReportRow& current,
                         const TimingCheck& timing,
                         const CompareOptions& options);

}  // namespace sudoku
