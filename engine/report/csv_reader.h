// Reads back the CSV reports that CsvReporter writes, for `bench compare`.
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "engine/report/report.h"
#include "engine/report/report_schema.h"

namespace sudoku {

// One CSV line: the row and the manifest of the run that wrote it.
struct ReportEntry {
  ReportRow row;
  Manifest manifest;
  size_t line = 0;  // in the file, for messages
};

// Parses a report by the column names of ReportColumns(), so columns added
// later (and reports from before they were added) read the same: a column an
// older report lacks takes its ReportColumn::if_absent value (reports written
// before --repeat existed read as one round). `name` labels error messages.
std::vector<ReportEntry> ReadCsvReport(std::istream& in,
                                       const std::string& name);
std::vector<ReportEntry> ReadCsvReportFile(const std::string& path);

}  // namespace sudoku
