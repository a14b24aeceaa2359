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
  // axis. The allowance is the larger of --max-slowdown and the rounds'
  // noise on the measure, as the gate's.
  double low = 1, high = 1;
};

// The rows' CommonTimingMeasure (engine/report/report.h), the one the
// verdict goes by: the solves' thread CPU time when both rows have it, else
// the pass's CPU time, else the wall clock.
JudgedTiming JudgeTiming(const ReportRow& baseline, const ReportRow& current,
                         const TimingCheck& timing,
                         const CompareOptions& options);

}  // namespace sudoku
