// Puzzle file formats the tools read and write: 81-character lines, .sdk grids,
// Kaggle CSV, test lines.
#include "tools/lib/formats.h"

#include <ostream>

#include "engine/input/input.h"
#include "engine/input/puzzle.h"

namespace sudoku {
namespace {

using BadLine = std::function<void(uint64_t, const std::string&)>;

// Lines, Kaggle and test files go through the engine's reader, so the tools
// take every layout and compression bench takes. Clashing givens are the
// commands' business (convert says why a Kaggle row cannot be written), so
// the givens check is left to them.
void ReadParsed(Input& input, FileFormat format,
                const std::function<void(const PuzzleRecord&)>& on_puzzle,
                const BadLine& on_bad, std::string* first_row, SourceRow* row) {
  DatasetParser parser(format == FileFormat::kKaggle ? DatasetFormat::kKaggle
                                                     : DatasetFormat::kLines);
  PuzzleRecord test_record;
  ReadRecords(
      input, parser, GivensCheck::kDeferred,
      [&](const PuzzleRecord& record, std::string_view content) {
        if (row != nullptr) {
          row->content = content;
          row->format = parser.format();
          if (row->header != parser.header()) row->header = parser.header();
        }
        // In the lines format a wrong `count:solution` note is a bad line
        // only where the note is the point (kTest), as it always was.
        const bool note_wrong =
            record.status == RecordStatus::kReferenceWrong &&
            parser.format() == DatasetFormat::kLines;
        if (record.status != RecordStatus::kPuzzle && !note_wrong) {
          on_bad(record.line, record.reason);
          return;
        }
        if (format != FileFormat::kTest) {
          if (note_wrong) {
            PuzzleRecord plain = record;
            plain.status = RecordStatus::kPuzzle;
            plain.reason.clear();
            on_puzzle(plain);
            return;
          }
          on_puzzle(record);
          return;
        }
        // Every test line carries its count, reasons and all.
        test_record = record;
        std::optional<std::string> reason = "expected puzzle:count:solution";
        if (parser.format() == DatasetFormat::kLines &&
            content.size() > kCells && content[kCells] == ':') {
          reason = ParseTestFields(content.substr(kCells + 1), test_record);
        }
        if (reason) {
          on_bad(record.line, *reason);
        } else {
          on_puzzle(test_record);
        }
      });
  if (first_row != nullptr) *first_row = parser.first_row();
}

bool IsComment(std::string_view line) {
  const size_t first = line.find_first_not_of(" \t");
  return first != std::string_view::npos && line[first] == '#';
}

// The engine reads no multi-line format, so .sdk grids are assembled here
// from Input's lines.
void ReadSdk(Input& input,
             const std::function<void(const PuzzleRecord&)>& on_puzzle,
             const BadLine& on_bad, std::string* first_row) {
  std::string cells;
  int rows = 0;
  uint64_t grid_line = 0;
  bool skipping = false;  // after a bad row, until the grid's end
  auto end_grid = [&] {
    if (rows > 0 && !skipping) {
      on_bad(grid_line,
             "grid has " + std::to_string(rows) + " rows, expected 9");
    }
    rows = 0;
    cells.clear();
    skipping = false;
  };
  uint64_t number = 0;
  LineCut cut = LineCut::kWhole;
  while (const auto read = input.NextLine(cut)) {
    ++number;
    const std::string_view line =
        number == 1 ? WithoutByteOrderMark(*read) : *read;
    if (IsComment(line)) continue;
    std::string row;
    for (const char ch : line) {
      if (ch != ' ' && ch != '\t' && ch != '|' && ch != '\r') row += ch;
    }
    if (row.empty()) {
      end_grid();
      continue;
    }
    if (first_row != nullptr && first_row->empty()) {
      *first_row = line.substr(0, DatasetParser::kMaxFirstRow);
    }
    if (row.find_first_not_of("-+=") == std::string::npos) continue;
    if (skipping) continue;
    if (rows == 0) grid_line = number;
    if (cut != LineCut::kWhole) {
      on_bad(number, cut == LineCut::kTooLong ? Input::TooLongReason()
                                              : Input::UnfinishedReason());
      skipping = true;
      continue;
    }
    if (row.size() != 9) {
      on_bad(number, "expected 9 cells in a grid row, found " +
                         std::to_string(row.size()));
      skipping = true;
      continue;
    }
    // ParseGrid's wording, for one row: pad it to a whole grid of blanks.
    Grid scratch;
    if (auto reason = ParseGrid(row + std::string(kCells - 9, '.'), scratch)) {
      on_bad(number, *reason);
      skipping = true;
      continue;
    }
    cells += row;
    if (++rows == 9) {
      PuzzleRecord record;
      record.line = grid_line;
      ParseGrid(cells, record.puzzle);
      on_puzzle(record);
      rows = 0;
      cells.clear();
    }
  }
  end_grid();
}

std::string Digits(const Grid& grid) {
  std::string text(kCells, '0');
  for (int cell = 0; cell < kCells; ++cell) {
    text[cell] = static_cast<char>('0' + grid[cell]);
  }
  return text;
}

}  // namespace

std::string_view FileFormatName(FileFormat format) {
  switch (format) {
    case FileFormat::kLines:
      return "lines";
    case FileFormat::kSdk:
      return "sdk";
    case FileFormat::kKaggle:
      return "kaggle";
    case FileFormat::kTest:
      return "test";
  }
  return "unknown";
}

std::optional<FileFormat> ParseFileFormat(std::string_view name) {
  for (const FileFormat format : {FileFormat::kLines, FileFormat::kSdk,
                                  FileFormat::kKaggle, FileFormat::kTest}) {
    if (FileFormatName(format) == name) return format;
  }
  return std::nullopt;
}

void ReadPuzzles(Input& input, FileFormat format,
                 const std::function<void(const PuzzleRecord&)>& on_puzzle,
                 const BadLine& on_bad, std::string* first_row, SourceRow* row) {
  if (format == FileFormat::kSdk) {
    if (row != nullptr) *row = SourceRow{};
    return ReadSdk(input, on_puzzle, on_bad, first_row);
  }
  ReadParsed(input, format, on_puzzle, on_bad, first_row, row);
}

PuzzleWriter::PuzzleWriter(std::ostream& out, FileFormat format)
    : out_(out), format_(format) {
  if (format_ == FileFormat::kKaggle) out_ << "quizzes,solutions\n";
}

std::optional<std::string> PuzzleWriter::Write(const PuzzleRecord& record) {
  switch (format_) {
    case FileFormat::kLines:
      out_ << FormatGrid(record.puzzle) << '\n';
      break;
    case FileFormat::kSdk: {
      if (!first_) out_ << '\n';
      const std::string text = FormatGrid(record.puzzle);
      for (int row = 0; row < 9; ++row) {
        out_.write(text.data() + 9 * row, 9);
        out_ << '\n';
      }
      break;
    }
    case FileFormat::kKaggle:
      if (!record.has_expected) {
        return "no unique solution for the Kaggle format";
      }
      out_ << Digits(record.puzzle) << ',' << Digits(record.expected) << '\n';
      break;
    case FileFormat::kTest:
      if (!record.expected_count) {
        return "no solution count for the test format";
      }
      out_ << FormatGrid(record.puzzle) << ':' << *record.expected_count << ':';
      if (*record.expected_count == 1 && record.has_expected) {
        out_ << FormatGrid(record.expected);
      }
      out_ << '\n';
      break;
  }
  first_ = false;
  return std::nullopt;
}

}  // namespace sudoku
