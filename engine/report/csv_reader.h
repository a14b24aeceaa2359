// Reads back the CSV reports that CsvReporter writes, for `bench compare`,
// and the records of any CSV file bench writes.
#pragma once

#include <istream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/report/report.h"
#include "engine/report/report_schema.h"

namespace sudoku {

// One record of a CSV file: its fields, unquoted, and the line it starts on.
struct CsvRecord {
  std::vector<std::string> fields;
  size_t line = 0;
};

// Reads an RFC 4180 file one record at a time (quoted fields may hold
// commas, doubled quotes and line breaks; CRLF reads as LF; blank lines are
// skipped; a UTF-8 byte order mark at the start is not data), so a file of
// millions of lines is never held whole. The one CSV reader of every CSV
// file bench writes.
class CsvRecordReader {
 public:
  // `name` labels error messages.
  CsvRecordReader(std::istream& in, std::string name);
  // The next record into `record`; false at the end. Throws
  // ReportFormatError on text after a closing quote or a quote never closed.
  bool Next(CsvRecord& record);
  const std::string& name() const { return name_; }

 private:
  // Takes a UTF-8 byte order mark at the start of the stream; returns the
  // bytes taken when they only began like one.
  std::string SkipByteOrderMark();

  std::istream& in_;
  const std::string name_;
  size_t line_ = 1;
  bool started_ = false;
};

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

// The fields of one CSV record, read by CsvRecordReader (RFC 4180 quotes
// undone); throws ReportFormatError as it does.
std::vector<std::string> SplitCsvLine(std::string_view line);

// A report of a run that was interrupted or stopped early (complete=false)
// covers part of its datasets: compared with a whole one, or recorded beside
// whole ones, every count would read as a change. Says so of its first such
// row, as "PATH:LINE: DATASET STRATEGY is a partial report (...); resume it
// (bench --resume) or run it again"; "" when every row is whole.
std::string PartialReportProblem(const std::string& path,
                                 std::span<const ReportEntry> entries);

}  // namespace sudoku
