// The console report: a readable table per dataset, and the costliest puzzles
// when asked.
#pragma once

#include <ostream>

#include "engine/report/report.h"
// Callers that print beside the report (bench's progress and --repeat lines)
// take Grouped from here.
#include "engine/common/text_format.h"

namespace sudoku {

class ConsoleReporter : public Reporter {
 public:
  explicit ConsoleReporter(std::ostream& out) : out_(out) {}
  void ReportPass(const Manifest& manifest, const DatasetResult& result,
                  const std::vector<ReportRow>& rows) override;

 private:
  std::ostream& out_;
};

}  // namespace sudoku
