// Dataset lines to puzzle records: format detection, the puzzle-line grammar,
// malformed and invalid input.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "strategies/strategy.h"

namespace sudoku {

enum class DatasetFormat : uint8_t {
  kUnknown,  // no content line seen yet
  kLines,    // 81 cells, then optionally whitespace, ':' or ';' and anything
  kKaggle,   // "quizzes,solutions" header, then "puzzle,solution" rows
};

enum class RecordStatus : uint8_t {
  kPuzzle,     // parsed, givens break no rule
  kMalformed,  // not a puzzle line: wrong length, bad character, bad column
  kInvalid,    // a puzzle whose givens repeat a digit in a unit
};

// One puzzle line of a dataset, as the driver hands it to the strategies.
struct PuzzleRecord {
  uint64_t line = 0;  // 1-based line number in its file
  RecordStatus status = RecordStatus::kPuzzle;
  Grid puzzle{};
  bool has_expected = false;  // Kaggle: the file's own solution
  Grid expected{};
  std::string reason;  // why malformed or invalid
};

// Classifies a dataset's lines one by one; detects the format from the first
// content line. Not thread-safe: one per file, used by the serial reader.
class DatasetParser {
 public:
  // What a line is. kSkip for blank lines, '#' comments and the Kaggle
  // header; otherwise `record` is filled (line number included).
  enum class LineKind { kSkip, kRecord };
  LineKind Parse(uint64_t line_number, std::string_view line,
                 PuzzleRecord& record);

  DatasetFormat format() const { return format_; }

 private:
  void ParseLines(std::string_view line, PuzzleRecord& record);
  void ParseKaggle(std::string_view line, PuzzleRecord& record);

  DatasetFormat format_ = DatasetFormat::kUnknown;
};

std::string_view FormatName(DatasetFormat format);

}  // namespace sudoku
