// The CSV report kept ready for a crash: what the run has accounted, written
// by the crash handler over the --csv file before the process dies.
#pragma once

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include "engine/pipeline/driver.h"
#include "engine/report/report.h"

namespace sudoku {

// Renders the report as it would read if the run stopped now (the datasets
// done, then the one in progress with complete=false and its last line
// accounted, as SIGINT leaves it) and publishes it to the crash handler
// (bench/run/crash_report.h). Rendering costs tens of microseconds, so the pass
// in progress is published at most every kInterval: a crash may lose the
// last fraction of a second's accounting, never report lines it had not
// accounted.
class CrashCsv : public RunObserver {
 public:
  static constexpr std::chrono::milliseconds kInterval{200};

  explicit CrashCsv(const RunOptions& run);

  // A pass begins: until its first batch is accounted, its rows say 0
  // puzzles and complete=false, so a crash there still leaves a report
  // that says it is partial.
  void StartPass(const std::string& path, const std::string& name);
  void OnAccounted(const DatasetResult& so_far, PassPoint point) override;
  bool WantsRecords() const override { return false; }
  // A dataset reported whole: its rows join the finished part.
  void PassDone(const Manifest& manifest, const DatasetResult& result,
                const std::vector<ReportRow>& rows);

 private:
  void Publish(const std::string& partial_rows);

  const RunOptions& run_;
  const Manifest manifest_;
  std::string name_;      // the dataset in progress, as it is reported
  std::string finished_;  // the header and every dataset reported whole
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace sudoku
