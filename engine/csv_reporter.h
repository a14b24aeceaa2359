// The CSV report: one row per (dataset, strategy) under one fixed, documented
// header.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/report.h"

namespace sudoku {

// The columns, in order. Columns are only ever added at the end: tools and
// baselines key on these names.
const std::vector<std::string_view>& CsvColumns();

// Quotes a field when it holds a comma, a quote or a line break (RFC 4180).
std::string CsvField(std::string_view text);

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
