// The CSV report: one row per (dataset, strategy) under one fixed, documented
// header.
#pragma once

#include <ostream>
#include <vector>

#include "engine/report/report.h"
#include "engine/report/report_schema.h"

namespace sudoku {

// Writes the columns of ReportColumns(), in their order.
class CsvReporter : public Reporter {
 public:
  explicit CsvReporter(std::ostream& out) : out_(out) {}
  void ReportPass(const Manifest& manifest, const DatasetResult& result,
                  const std::vector<ReportRow>& rows) override;

 private:
  std::ostream& out_;
  bool header_written_ = false;
};

}  // namespace sudoku
