// Puzzle file formats the tools read and write: 81-character lines, .sdk grids,
// Kaggle CSV, test lines; read through the engine's Input and DatasetParser.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "engine/input/dataset.h"
#include "engine/input/input.h"
#include "strategies/strategy.h"

namespace sudoku {

enum class FileFormat : uint8_t {
  // As bench reads a file (engine/input/dataset.h): 81-character lines, or
  // any CSV whose header names a puzzle column; gzip, xz and zstd decoded.
  kLines,
  // 9 lines of 9 cells per grid, grids apart by blank lines; spaces, '|' and
  // rule lines of '-', '+', '=' are ignored; '#' comments skipped. The engine
  // reads no multi-line format, so the grids are assembled here from Input's
  // lines.
  kSdk,
  // Kaggle's CSV: a `quizzes,solutions` header (or any CSV header bench
  // knows), then puzzle,solution rows; rows without a header are taken as
  // Kaggle rows. Writing it needs a unique solution.
  kKaggle,
  // `puzzle:count:solution`: the number of solutions (capped at the solver's
  // limit) and, when there is exactly one, the solution. Read as kLines,
  // then every line must carry the count.
  kTest,
};

std::string_view FileFormatName(FileFormat format);
std::optional<FileFormat> ParseFileFormat(std::string_view name);

// The row a puzzle came from, for a writer that keeps its other columns:
// valid while on_puzzle runs.
struct SourceRow {
  std::string_view content;  // trimmed; empty for .sdk grids
  DatasetFormat format = DatasetFormat::kLines;
  std::string header;  // the file's CSV header, or empty
};

// Reads `input` as `format`, calling on_puzzle for each puzzle in input order
// (clashing givens included: the commands decide what those are) and
// on_bad(line, reason) for each line (or grid) that is not a puzzle, then
// going on. Records carry the file's solution in `expected` and a test line's
// count in `expected_count`. Throws InputError when the input cannot be read.
// `first_row`, when given, gets the first content line (for LayoutHint);
// `row`, when given, the row of each puzzle before on_puzzle is called.
void ReadPuzzles(
    Input& input, FileFormat format,
    const std::function<void(const PuzzleRecord&)>& on_puzzle,
    const std::function<void(uint64_t, const std::string&)>& on_bad,
    std::string* first_row = nullptr, SourceRow* row = nullptr);

// Writes records one after another in one format.
class PuzzleWriter {
 public:
  // Writes the Kaggle header at once, so an empty corpus is still a CSV.
  PuzzleWriter(std::ostream& out, FileFormat format);

  // The reason the record cannot be written (Kaggle without an expected
  // solution, test format without a count), or std::nullopt once written.
  std::optional<std::string> Write(const PuzzleRecord& record);

 private:
  std::ostream& out_;
  FileFormat format_;
  bool first_ = true;
};

}  // namespace sudoku
