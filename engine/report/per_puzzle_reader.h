// Reads back a --per-puzzle file (PerPuzzleWriter's), one row at a time.
#pragma once

#include <cstdint>
#include <istream>
#include <string>

#include "engine/report/csv_reader.h"

namespace sudoku {

// One row: a puzzle line's outcome and work under one strategy.
struct PerPuzzleRow {
  std::string file;   // the dataset's path as the run was given it
  uint64_t line = 0;  // the puzzle's line in that file
  std::string strategy;
  std::string outcome;  // VerdictName: solved, over_budget, invalid, ...
  uint64_t nanos = 0;
  uint64_t nodes = 0;
  size_t at = 0;  // the row's line in the per-puzzle file, for messages
};

// Streams the rows of a per-puzzle file in its order (the run's input
// order), so a ledger of millions of puzzles is never held whole.
class PerPuzzleReader {
 public:
  // Reads the header; throws ReportFormatError when it is not
  // kPerPuzzleHeader. `name` labels error messages.
  PerPuzzleReader(std::istream& in, std::string name);
  // The next row into `row`; false at the end. Throws ReportFormatError on a
  // row that is not six fields or whose numbers do not parse.
  bool Next(PerPuzzleRow& row);
  const std::string& name() const { return records_.name(); }

 private:
  CsvRecordReader records_;
  CsvRecord record_;
};

}  // namespace sudoku
