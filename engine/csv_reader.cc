// Reads back the CSV reports that CsvReporter writes, for `bench compare`.
#include "engine/csv_reader.h"

#include <charconv>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string_view>

namespace sudoku {
namespace {

struct Record {
  std::vector<std::string> fields;
  size_t line = 0;
};

// RFC 4180: a quoted field may hold commas, doubled quotes and line breaks,
// so records are split here rather than with getline.
std::vector<Record> SplitRecords(std::istream& in, const std::string& name) {
  std::vector<Record> records;
  Record record;
  std::string field;
  bool quoted = false, field_started = false, after_quote = false;
  size_t line = 1;
  record.line = line;
  auto end_field = [&] {
    record.fields.push_back(field);
    field.clear();
    field_started = after_quote = false;
  };
  auto end_record = [&] {
    end_field();
    // A blank line (or the file's final newline) is no record.
    if (!(record.fields.size() == 1 && record.fields[0].empty())) {
      records.push_back(std::move(record));
    }
    record = Record{};
    record.line = line;
  };
  char ch;
  while (in.get(ch)) {
    if (quoted) {
      if (ch == '"') {
        if (in.peek() == '"') {
          in.get(ch);
          field += '"';
        } else {
          quoted = false;
          after_quote = true;
        }
      } else {
        if (ch == '\n') ++line;
        field += ch;
      }
      continue;
    }
    if (ch == '\r' && in.peek() == '\n') continue;
    if (ch == '\n') {
      ++line;
      end_record();
    } else if (ch == ',') {
      end_field();
    } else if (ch == '"' && !field_started) {
      quoted = field_started = true;
    } else if (after_quote) {
      throw ReportFormatError(name + ":" + std::to_string(line) +
                              ": text after a closing quote");
    } else {
      field += ch;
      field_started = true;
    }
  }
  if (quoted) {
    throw ReportFormatError(name + ":" + std::to_string(record.line) +
                            ": a quoted field never ends");
  }
  end_record();
  return records;
}

template <typename Number>
Number ParseNumber(const std::string& text, const std::string& where) {
  Number value{};
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end) {
    throw ReportFormatError(where + ": not a number: '" + text + "'");
  }
  return value;
}

using Setter = std::function<void(ReportEntry&, const std::string& text,
                                  const std::string& where)>;

struct Column {
  std::string_view name;
  bool required;  // false: added after the first schema, defaults when absent
  Setter set;
};

template <typename Number>
Setter NumberInto(Number ReportRow::*member) {
  return [member](ReportEntry& e, const std::string& text,
                  const std::string& where) {
    e.row.*member = ParseNumber<Number>(text, where);
  };
}

Setter TextInto(std::string ReportRow::*member) {
  return [member](ReportEntry& e, const std::string& text, const std::string&) {
    e.row.*member = text;
  };
}

Setter ManifestInto(std::string Manifest::*member) {
  return [member](ReportEntry& e, const std::string& text, const std::string&) {
    e.manifest.*member = text;
  };
}

const std::vector<Column>& Columns() {
  static const std::vector<Column> columns = {
      {"dataset", true, TextInto(&ReportRow::dataset)},
      {"strategy", true, TextInto(&ReportRow::strategy)},
      {"limit", true, NumberInto(&ReportRow::limit)},
      {"max_nodes", true,
       [](ReportEntry& e, const std::string& text, const std::string& where) {
         // The CSV writes "no budget" as an empty field.
         e.row.max_nodes = text.empty() ? kUnlimitedNodes
                                        : ParseNumber<uint64_t>(text, where);
       }},
      {"threads", true, NumberInto(&ReportRow::threads)},
      {"puzzles", true, NumberInto(&ReportRow::puzzles)},
      {"solved", true, NumberInto(&ReportRow::solved)},
      {"multiple", true, NumberInto(&ReportRow::multiple)},
      {"no_solution", true, NumberInto(&ReportRow::no_solution)},
      {"invalid", true, NumberInto(&ReportRow::invalid)},
      {"malformed", true, NumberInto(&ReportRow::malformed)},
      {"over_budget", true, NumberInto(&ReportRow::over_budget)},
      {"wall_s", true, NumberInto(&ReportRow::wall_s)},
      {"puzzles_per_s", true, NumberInto(&ReportRow::puzzles_per_s)},
      {"mean_us", true, NumberInto(&ReportRow::mean_us)},
      {"p50_us", true, NumberInto(&ReportRow::p50_us)},
      {"p90_us", true, NumberInto(&ReportRow::p90_us)},
      {"p99_us", true, NumberInto(&ReportRow::p99_us)},
      {"max_us", true, NumberInto(&ReportRow::max_us)},
      {"nodes_total", true, NumberInto(&ReportRow::nodes_total)},
      {"nodes_mean", true, NumberInto(&ReportRow::nodes_mean)},
      {"nodes_max", true, NumberInto(&ReportRow::nodes_max)},
      {"no_guess_pct", true, NumberInto(&ReportRow::no_guess_pct)},
      {"wrong", true, NumberInto(&ReportRow::wrong)},
      {"disagreements", true, NumberInto(&ReportRow::disagreements)},
      {"expected_differs", true, NumberInto(&ReportRow::expected_differs)},
      {"solve_s", true, NumberInto(&ReportRow::solve_s)},
      {"pass_wall_s", true, NumberInto(&ReportRow::pass_wall_s)},
      {"pass_cpu_s", true, NumberInto(&ReportRow::pass_cpu_s)},
      {"dataset_path", true, TextInto(&ReportRow::dataset_path)},
      {"dataset_bytes", true, NumberInto(&ReportRow::dataset_bytes)},
      {"dataset_sha256", true, TextInto(&ReportRow::dataset_sha256)},
      {"dataset_format", true, TextInto(&ReportRow::dataset_format)},
      {"compression", true, TextInto(&ReportRow::compression)},
      {"version", true, ManifestInto(&Manifest::version)},
      {"git_revision", true, ManifestInto(&Manifest::git_revision)},
      {"compiler", true, ManifestInto(&Manifest::compiler)},
      {"build_flags", true, ManifestInto(&Manifest::build_flags)},
      {"cpu", true, ManifestInto(&Manifest::cpu)},
      {"date", true, ManifestInto(&Manifest::date)},
      {"repeats", false, NumberInto(&ReportRow::repeats)},
      {"puzzles_per_s_min", false, NumberInto(&ReportRow::puzzles_per_s_min)},
      {"puzzles_per_s_max", false, NumberInto(&ReportRow::puzzles_per_s_max)},
  };
  return columns;
}

}  // namespace

std::vector<ReportEntry> ReadCsvReport(std::istream& in,
                                       const std::string& name) {
  const std::vector<Record> records = SplitRecords(in, name);
  if (records.empty()) {
    throw ReportFormatError(name + ": empty, not a bench CSV report");
  }
  const Record& header = records.front();
  std::map<std::string, size_t, std::less<>> index;
  for (size_t i = 0; i < header.fields.size(); ++i) {
    if (!index.emplace(header.fields[i], i).second) {
      throw ReportFormatError(name + ":" + std::to_string(header.line) +
                              ": column '" + header.fields[i] + "' twice");
    }
  }
  std::vector<std::pair<const Column*, size_t>> present;
  for (const Column& column : Columns()) {
    const auto it = index.find(column.name);
    if (it != index.end()) {
      present.emplace_back(&column, it->second);
    } else if (column.required) {
      throw ReportFormatError(name + ": no column '" +
                              std::string(column.name) +
                              "' in the header; not a bench CSV report?");
    }
  }
  std::vector<ReportEntry> entries;
  for (size_t r = 1; r < records.size(); ++r) {
    const Record& record = records[r];
    const std::string at = name + ":" + std::to_string(record.line);
    if (record.fields.size() != header.fields.size()) {
      throw ReportFormatError(at + ": " + std::to_string(record.fields.size()) +
                              " fields, the header has " +
                              std::to_string(header.fields.size()));
    }
    ReportEntry entry;
    entry.line = record.line;
    for (const auto& [column, i] : present) {
      column->set(entry, record.fields[i],
                  at + ": column " + std::string(column->name));
    }
    if (index.find("repeats") == index.end()) {
      entry.row.puzzles_per_s_min = entry.row.puzzles_per_s_max =
          entry.row.puzzles_per_s;
    }
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

}  // namespace sudoku
