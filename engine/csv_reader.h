// Reads back the CSV reports that CsvReporter writes, for `bench compare`.
#pragma once

#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/report.h"

namespace sudoku {

// A report file that cannot be read or does not follow the schema; the
// message names the file and, where it helps, the line and column.
class ReportFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One CSV line: the row and the manifest of the run that wrote it.
struct ReportEntry {
  ReportRow row;
  Manifest manifest;
  size_t line = 0;  // in the file, for messages
};

// Parses a report by column name, so columns added later (and reports from
// before they were added) read the same. Reports written before --repeat
// existed read as one round. `name` labels error messages.
std::vector<ReportEntry> ReadCsvReport(std::istream& in,
                                       const std::string& name);
std::vector<ReportEntry> ReadCsvReportFile(const std::string& path);

}  // namespace sudoku
