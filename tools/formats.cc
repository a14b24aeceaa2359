// Puzzle file formats the tools read and write: 81-character lines, .sdk grids,
// Kaggle CSV, test lines.
#include "tools/formats.h"

#include <array>
#include <cctype>
#include <charconv>
#include <istream>
#include <ostream>

#include "engine/puzzle.h"

namespace sudoku {
namespace {

void StripCarriageReturn(std::string& line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
}

bool IsBlank(std::string_view line) {
  return line.find_first_not_of(" \t") == std::string_view::npos;
}

bool IsComment(std::string_view line) {
  const size_t first = line.find_first_not_of(" \t");
  return first != std::string_view::npos && line[first] == '#';
}

std::string_view Trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// The puzzle field of a lines-format line: up to whitespace, ':' or ';'.
std::string_view PuzzleField(std::string_view line) {
  return line.substr(0, line.find_first_of(" \t:;"));
}

void ReadLines(std::istream& in, bool test_fields,
               const std::function<void(const PuzzleRecord&)>& on_puzzle,
               const std::function<void(int, const std::string&)>& on_bad) {
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    StripCarriageReturn(line);
    if (IsBlank(line) || IsComment(line)) continue;
    PuzzleRecord record;
    record.line = number;
    // Leading whitespace is dropped, as bench's reader does.
    const std::string_view text =
        std::string_view(line).substr(line.find_first_not_of(" \t"));
    const std::string_view field = PuzzleField(text);
    if (auto reason = ParseGrid(field, record.puzzle)) {
      on_bad(number, *reason);
      continue;
    }
    if (test_fields) {
      // puzzle:count:solution, the solution empty unless count is 1.
      const size_t first = text.find(':');
      const size_t second =
          first == std::string_view::npos ? first : text.find(':', first + 1);
      if (field.size() != first || second == std::string_view::npos) {
        on_bad(number, "expected puzzle:count:solution");
        continue;
      }
      const std::string_view count_text =
          text.substr(first + 1, second - first - 1);
      int count = -1;
      const auto [end, error] = std::from_chars(
          count_text.data(), count_text.data() + count_text.size(), count);
      if (error != std::errc() ||
          end != count_text.data() + count_text.size() || count < 0) {
        on_bad(number, "bad solution count '" + std::string(count_text) + "'");
        continue;
      }
      record.count = count;
      std::string_view solution_text = text.substr(second + 1);
      while (!solution_text.empty() &&
             (solution_text.back() == ' ' || solution_text.back() == '\t')) {
        solution_text.remove_suffix(1);
      }
      if (!solution_text.empty()) {
        Grid solution;
        std::optional<std::string> reason = ParseGrid(solution_text, solution);
        if (!reason) reason = CheckSolution(record.puzzle, solution);
        if (reason) {
          on_bad(number, "solution: " + *reason);
          continue;
        }
        record.solution = solution;
      } else if (count == 1) {
        on_bad(number, "count 1 but no solution");
        continue;
      }
    }
    on_puzzle(record);
  }
}

void ReadSdk(std::istream& in,
             const std::function<void(const PuzzleRecord&)>& on_puzzle,
             const std::function<void(int, const std::string&)>& on_bad) {
  std::string line;
  std::string cells;
  int rows = 0;
  int grid_line = 0;
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
  int number = 0;
  for (; std::getline(in, line);) {
    ++number;
    StripCarriageReturn(line);
    if (IsComment(line)) continue;
    std::string row;
    for (const char ch : line) {
      if (ch != ' ' && ch != '\t' && ch != '|') row += ch;
    }
    if (row.empty()) {
      end_grid();
      continue;
    }
    if (row.find_first_not_of("-+=") == std::string::npos) continue;
    if (skipping) continue;
    if (rows == 0) grid_line = number;
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

void ReadKaggle(std::istream& in,
                const std::function<void(const PuzzleRecord&)>& on_puzzle,
                const std::function<void(int, const std::string&)>& on_bad) {
  std::string line;
  bool header_seen = false;
  for (int number = 1; std::getline(in, line); ++number) {
    StripCarriageReturn(line);
    if (IsBlank(line) || IsComment(line)) continue;
    if (!header_seen) {
      header_seen = true;
      // Kaggle's header and its variants (puzzle,solution, Quizzes,...).
      const char first = static_cast<char>(std::tolower(
          static_cast<unsigned char>(line[line.find_first_not_of(" \t")])));
      if (first == 'q' || first == 'p') continue;
    }
    const std::string_view text = line;
    const size_t comma = text.find(',');
    PuzzleRecord record;
    record.line = number;
    if (auto reason = ParseGrid(Trim(text.substr(0, comma)), record.puzzle)) {
      on_bad(number, "quizzes: " + *reason);
      continue;
    }
    if (comma != std::string_view::npos) {
      Grid solution;
      std::optional<std::string> reason =
          ParseGrid(Trim(text.substr(comma + 1)), solution);
      if (!reason) reason = CheckSolution(record.puzzle, solution);
      if (reason) {
        on_bad(number, "solutions: " + *reason);
        continue;
      }
      record.solution = solution;
    }
    on_puzzle(record);
  }
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

void ReadPuzzles(std::istream& in, FileFormat format,
                 const std::function<void(const PuzzleRecord&)>& on_puzzle,
                 const std::function<void(int, const std::string&)>& on_bad) {
  switch (format) {
    case FileFormat::kLines:
      return ReadLines(in, false, on_puzzle, on_bad);
    case FileFormat::kTest:
      return ReadLines(in, true, on_puzzle, on_bad);
    case FileFormat::kSdk:
      return ReadSdk(in, on_puzzle, on_bad);
    case FileFormat::kKaggle:
      return ReadKaggle(in, on_puzzle, on_bad);
  }
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
      if (!record.solution) return "no unique solution for the Kaggle format";
      out_ << Digits(record.puzzle) << ',' << Digits(*record.solution) << '\n';
      break;
    case FileFormat::kTest:
      if (!record.count) return "no solution count for the test format";
      out_ << FormatGrid(record.puzzle) << ':' << *record.count << ':';
      if (*record.count == 1 && record.solution) {
        out_ << FormatGrid(*record.solution);
      }
      out_ << '\n';
      break;
  }
  first_ = false;
  return std::nullopt;
}

}  // namespace sudoku
