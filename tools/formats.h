// Puzzle file formats the tools read and write: 81-character lines, .sdk grids,
// Kaggle CSV, test lines.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "strategies/strategy.h"

namespace sudoku {

enum class FileFormat : uint8_t {
  // One puzzle per line: 81 cells ('.' or '0' blank), then nothing, or
  // whitespace, ':' or ';' and anything. '#' comments and blank lines skipped.
  kLines,
  // 9 lines of 9 cells per grid, grids apart by blank lines; spaces, '|' and
  // rule lines of '-', '+', '=' are ignored; '#' comments skipped.
  kSdk,
  // Kaggle's CSV: a `quizzes,solutions` header, then puzzle,solution with 0
  // for blanks. Writing it needs a unique solution.
  kKaggle,
  // `puzzle:count:solution`: the number of solutions (capped at the solver's
  // limit) and, when there is exactly one, the solution.
  kTest,
};

std::string_view FileFormatName(FileFormat format);
std::optional<FileFormat> ParseFileFormat(std::string_view name);

struct PuzzleRecord {
  int line = 0;  // 1-based line where the puzzle starts
  Grid puzzle{};
  std::optional<Grid> solution;
  std::optional<int> count;
};

// Reads `in` as `format`, calling on_puzzle for each puzzle in input order and
// on_bad(line, reason) for each line (or grid) that is not a puzzle, then
// going on. Both CRLF and LF line ends are accepted.
void ReadPuzzles(std::istream& in, FileFormat format,
                 const std::function<void(const PuzzleRecord&)>& on_puzzle,
                 const std::function<void(int, const std::string&)>& on_bad);

// Writes records one after another in one format.
class PuzzleWriter {
 public:
  // Writes the Kaggle header at once, so an empty corpus is still a CSV.
  PuzzleWriter(std::ostream& out, FileFormat format);

  // The reason the record cannot be written (Kaggle without a solution, test
  // format without a count), or std::nullopt once written.
  std::optional<std::string> Write(const PuzzleRecord& record);

 private:
  std::ostream& out_;
  FileFormat format_;
  bool first_ = true;
};

}  // namespace sudoku
