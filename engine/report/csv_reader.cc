// Reads back the CSV reports that CsvReporter writes, for `bench compare`,
// and the records of any CSV file bench writes.
#include "engine/report/csv_reader.h"

#include <fstream>
#include <map>
#include <sstream>
#include <utility>

#include "engine/input/input.h"

namespace sudoku {

CsvRecordReader::CsvRecordReader(std::istream& in, std::string name)
    : in_(in), name_(std::move(name)) {}

std::string CsvRecordReader::SkipByteOrderMark() {
  std::string taken;
  for (const char byte : kByteOrderMark) {
    if (in_.peek() != static_cast<unsigned char>(byte)) return taken;
    taken += static_cast<char>(in_.get());
  }
  return "";
}

// RFC 4180: a quoted field may hold commas, doubled quotes and line breaks,
// so records are split here rather than with getline.
bool CsvRecordReader::Next(CsvRecord& record) {
  record.fields.clear();
  record.line = line_;
  std::string field;
  bool quoted = false, field_started = false, after_quote = false;
  auto end_field = [&] {
    record.fields.push_back(field);
    field.clear();
    field_started = after_quote = false;
  };
  // A blank line (or the file's final newline) is no record.
  auto blank = [&] {
    return record.fields.size() == 1 && record.fields[0].empty();
  };
  if (!started_) {
    // A spreadsheet's "CSV UTF-8" starts with one; bytes that only began
    // like it are the field's.
    started_ = true;
    field = SkipByteOrderMark();
    field_started = !field.empty();
  }
  char ch;
  while (in_.get(ch)) {
    if (quoted) {
      if (ch == '"') {
        if (in_.peek() == '"') {
          in_.get(ch);
          field += '"';
        } else {
          quoted = false;
          after_quote = true;
        }
      } else {
        if (ch == '\n') ++line_;
        field += ch;
      }
      continue;
    }
    if (ch == '\r' && in_.peek() == '\n') continue;
    if (ch == '\n') {
      ++line_;
      end_field();
      if (!blank()) return true;
      record.fields.clear();
      record.line = line_;
    } else if (ch == ',') {
      end_field();
    } else if (ch == '"' && !field_started) {
      quoted = field_started = true;
    } else if (after_quote) {
      throw ReportFormatError(name_ + ":" + std::to_string(line_) +
                              ": text after a closing quote");
    } else {
      field += ch;
      field_started = true;
    }
  }
  if (quoted) {
    throw ReportFormatError(name_ + ":" + std::to_string(record.line) +
                            ": a quoted field never ends");
  }
  end_field();
  return !blank();
}

std::vector<ReportEntry> ReadCsvReport(std::istream& in,
                                       const std::string& name) {
  CsvRecordReader reader(in, name);
  CsvRecord header;
  if (!reader.Next(header)) {
    throw ReportFormatError(name + ": empty, not a bench CSV report");
  }
  std::map<std::string, size_t, std::less<>> index;
  for (size_t i = 0; i < header.fields.size(); ++i) {
    if (!index.emplace(header.fields[i], i).second) {
      throw ReportFormatError(name + ":" + std::to_string(header.line) +
                              ": column '" + header.fields[i] + "' twice");
    }
  }
  // The columns this report has, by their field index, and those an older
  // report lacks.
  std::vector<std::pair<const ReportColumn*, size_t>> present;
  std::vector<const ReportColumn*> absent;
  for (const ReportColumn& column : ReportColumns()) {
    const auto it = index.find(column.name);
    if (it != index.end()) {
      present.emplace_back(&column, it->second);
    } else if (column.if_absent != nullptr) {
      absent.push_back(&column);
    } else {
      throw ReportFormatError(name + ": no column '" +
                              std::string(column.name) +
                              "' in the header; not a bench CSV report?");
    }
  }
  std::vector<ReportEntry> entries;
  for (CsvRecord record; reader.Next(record);) {
    const std::string at = name + ":" + std::to_string(record.line);
    if (record.fields.size() != header.fields.size()) {
      throw ReportFormatError(at + ": " + std::to_string(record.fields.size()) +
                              " fields, the header has " +
                              std::to_string(header.fields.size()));
    }
    ReportEntry entry;
    entry.line = record.line;
    for (const auto& [column, i] : present) {
      column->read(record.fields[i],
                   at + ": column " + std::string(column->name), entry.row,
                   entry.manifest);
    }
    for (const ReportColumn* column : absent) column->if_absent(entry.row);
    if (entry.row.repeats < 1) {
      throw ReportFormatError(at + ": repeats must be at least 1");
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::vector<ReportEntry> ReadCsvReportFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw ReportFormatError("cannot open " + path);
  std::vector<ReportEntry> entries = ReadCsvReport(file, path);
  if (file.bad()) throw ReportFormatError("cannot read " + path);
  return entries;
}

std::vector<std::string> SplitCsvLine(std::string_view line) {
  std::istringstream in{std::string(line)};
  CsvRecordReader reader(in, "a CSV line");
  CsvRecord record;
  if (!reader.Next(record)) return {""};
  return std::move(record.fields);
}

std::string PartialReportProblem(const std::string& path,
                                 std::span<const ReportEntry> entries) {
  for (const ReportEntry& entry : entries) {
    if (entry.row.complete) continue;
    return path + ":" + std::to_string(entry.line) + ": " + entry.row.dataset +
           " " + entry.row.strategy +
           " is a partial report (the run was interrupted after line " +
           std::to_string(entry.row.last_line) +
           ", or stopped there by an error or --strict); resume it (bench "
           "--resume) or run it again";
  }
  return "";
}

}  // namespace sudoku
