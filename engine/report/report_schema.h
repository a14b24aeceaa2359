// The report's columns, once: for each its CSV name, how it is written, how
// it is read back, and how `bench compare` treats it. The CSV writer, the CSV
// reader and compare all iterate this table, so a new column is one row.
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/report/report.h"

namespace sudoku {

// A report file that cannot be read or does not follow the schema; the
// message names the file and, where it helps, the line and column.
class ReportFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// How `bench compare` treats a column.
enum class Compared {
  kNo,           // identity, settings, manifest, or derived: not compared
  kExact,        // deterministic: must be equal; shown when it differs
  kExactShown,   // deterministic, and always shown
  kTiming,       // a clock reading: varies run to run; not compared
  kTimingShown,  // a clock reading shown beside the verdict; of these only
                 // puzzles_per_s gates, beyond the noise (CheckTiming)
};

// Which way a compared column improves, so `bench compare` can say whether an
// exact change is better or worse (it fails either way until re-blessed).
// Some have no better side: `multiple` or `invalid` move when the answers or
// the data change, which is neither an improvement nor a regression.
enum class Better { kNeither, kHigher, kLower };

struct ReportColumn {
  std::string_view name;
  // The CSV field, quoted where RFC 4180 needs it.
  std::string (*write)(const ReportRow& row, const Manifest& manifest);
  // Parses `text` into the row or the manifest; throws ReportFormatError
  // naming `where` when it is no value of this column.
  void (*read)(std::string_view text, const std::string& where, ReportRow& row,
               Manifest& manifest);
  // Fills the field when an older report lacks the column; null when every
  // report has it (its absence means the file is no report).
  void (*if_absent)(ReportRow& row) = nullptr;
  Compared compared = Compared::kNo;
  // Where compare lists it among the compared columns (smaller first).
  int compare_order = 0;
  // The value compare weighs; null for text columns.
  double (*number)(const ReportRow& row) = nullptr;
  Better better = Better::kNeither;

  bool Exact() const {
    return compared == Compared::kExact || compared == Compared::kExactShown;
  }
  bool Timing() const {
    return compared == Compared::kTiming || compared == Compared::kTimingShown;
  }
};

// Every column, in CSV order. Columns are only ever added at the end: tools
// and baselines key on these names.
std::span<const ReportColumn> ReportColumns();

// The columns compare lists, in the order it lists them: the exact ones, then
// the timings it shows.
std::span<const ReportColumn* const> ComparedColumns();

// Quotes a field when it holds a comma, a quote or a line break (RFC 4180).
std::string CsvField(std::string_view text);

}  // namespace sudoku
