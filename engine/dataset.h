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

// Whether parsing checks the givens against the rules. The driver defers the
// check: a verified solution that keeps every given proves them valid, so
// only puzzles left without one need it (see CheckGivens).
enum class GivensCheck : uint8_t { kNow, kDeferred };

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
  enum class LineKind { kSkip, kRecord };

  // What a line is: kSkip for blank lines, '#' comments and the Kaggle
  // header, else kRecord with `content` set to the trimmed line. Cheap, so
  // the serial reader can call it; the parsing proper is ParseRecord.
  LineKind Classify(uint64_t line_number, std::string_view line,
                    std::string_view& content);

  // Parses a classified line of a file in `format` into `record` (all but
  // the line number). Stateless: any thread may call it. With kDeferred a
  // puzzle line whose givens clash stays kPuzzle until CheckGivens.
  static void ParseRecord(DatasetFormat format, std::string_view content,
                          PuzzleRecord& record,
                          GivensCheck check = GivensCheck::kNow);

  // Classify and ParseRecord in one step, line number included.
  LineKind Parse(uint64_t line_number, std::string_view line,
                 PuzzleRecord& record);

  DatasetFormat format() const { return format_; }

 private:
  DatasetFormat format_ = DatasetFormat::kUnknown;
};

std::string_view FormatName(DatasetFormat format);

// Marks a kPuzzle record kInvalid, with the first clash as the reason, when
// two of its givens repeat a digit in a unit.
void CheckGivens(PuzzleRecord& record);

}  // namespace sudoku
