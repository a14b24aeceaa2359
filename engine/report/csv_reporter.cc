// The CSV report: one row per (dataset, strategy) under one fixed, documented
// header.
#include "engine/report/csv_reporter.h"

namespace sudoku {

void CsvReporter::ReportPass(const Manifest& manifest, const DatasetResult&,
                             const std::vector<ReportRow>& rows) {
  const auto columns = ReportColumns();
  if (!header_written_) {
    for (size_t i = 0; i < columns.size(); ++i) {
      out_ << (i ? "," : "") << columns[i].name;
    }
    out_ << '\n';
    header_written_ = true;
  }
  for (const ReportRow& row : rows) {
    for (size_t i = 0; i < columns.size(); ++i) {
      out_ << (i ? "," : "") << columns[i].write(row, manifest);
    }
    out_ << '\n';
  }
  out_.flush();
}

}  // namespace sudoku
