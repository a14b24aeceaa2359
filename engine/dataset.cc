// Dataset lines to puzzle records: format detection, the puzzle-line grammar,
// malformed and invalid input.
#include "engine/dataset.h"

#include <algorithm>

#include "engine/puzzle.h"

namespace sudoku {
namespace {

bool IsSpace(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

bool IsKaggleHeader(std::string_view line) {
  std::string lower(line);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return lower == "quizzes,solutions" || lower == "puzzle,solution" ||
         lower == "puzzles,solutions" || lower == "quizzes,solution";
}

void ParseLines(std::string_view line, PuzzleRecord& record);
void ParseKaggle(std::string_view line, PuzzleRecord& record);

}  // namespace

void CheckGivens(PuzzleRecord& record) {
  if (record.status != RecordStatus::kPuzzle) return;
  if (auto conflict = FindConflict(record.puzzle)) {
    record.status = RecordStatus::kInvalid;
    record.reason = "invalid givens: " + DescribeConflict(*conflict);
  }
}

std::string_view FormatName(DatasetFormat format) {
  switch (format) {
    case DatasetFormat::kUnknown:
      return "unknown";
    case DatasetFormat::kLines:
      return "lines";
    case DatasetFormat::kKaggle:
      return "kaggle";
  }
  return "unknown";
}

DatasetParser::LineKind DatasetParser::Classify(uint64_t line_number,
                                                std::string_view line,
                                                std::string_view& content) {
  if (line_number == 1 && line.starts_with("\xEF\xBB\xBF")) {
    line.remove_prefix(3);  // a UTF-8 byte order mark
  }
  line = Trim(line);
  if (line.empty() || line.front() == '#') return LineKind::kSkip;
  if (format_ == DatasetFormat::kUnknown) {
    if (IsKaggleHeader(line)) {
      format_ = DatasetFormat::kKaggle;
      return LineKind::kSkip;
    }
    format_ = DatasetFormat::kLines;
  }
  content = line;
  return LineKind::kRecord;
}

DatasetParser::LineKind DatasetParser::Parse(uint64_t line_number,
                                             std::string_view line,
                                             PuzzleRecord& record) {
  std::string_view content;
  if (Classify(line_number, line, content) == LineKind::kSkip) {
    return LineKind::kSkip;
  }
  record.line = line_number;
  ParseRecord(format_, content, record);
  return LineKind::kRecord;
}

void DatasetParser::ParseRecord(DatasetFormat format, std::string_view content,
                                PuzzleRecord& record, GivensCheck check) {
  record.status = RecordStatus::kPuzzle;
  record.has_expected = false;
  record.reason.clear();
  if (format == DatasetFormat::kKaggle) {
    ParseKaggle(content, record);  // checks the givens on the way
  } else {
    ParseLines(content, record);
    if (check == GivensCheck::kNow) CheckGivens(record);
  }
}

namespace {

void ParseLines(std::string_view line, PuzzleRecord& record) {
  auto separator = [](char ch) {
    return ch == ' ' || ch == '\t' || ch == ':' || ch == ';';
  };
  // Nearly every line is 81 cells, alone or before a separator.
  const bool plain = line.size() == kCells ||
                     (line.size() > kCells && separator(line[kCells]));
  if (plain && !ParseGrid(line.substr(0, kCells), record.puzzle)) return;
  // Not a puzzle line: the cells end at the first separator, and the error
  // says what is wrong with them.
  size_t end = 0;
  while (end < line.size() && !separator(line[end])) ++end;
  if (auto error = ParseGrid(line.substr(0, end), record.puzzle)) {
    record.status = RecordStatus::kMalformed;
    record.reason = *error;
  }
}

void ParseKaggle(std::string_view line, PuzzleRecord& record) {
  const size_t comma = line.find(',');
  if (comma == std::string_view::npos) {
    record.status = RecordStatus::kMalformed;
    record.reason = "expected puzzle,solution";
    return;
  }
  if (auto error = ParseGrid(Trim(line.substr(0, comma)), record.puzzle)) {
    record.status = RecordStatus::kMalformed;
    record.reason = "puzzle column: " + *error;
    return;
  }
  if (auto error = ParseGrid(Trim(line.substr(comma + 1)), record.expected)) {
    record.status = RecordStatus::kMalformed;
    record.reason = "solution column: " + *error;
    return;
  }
  // A valid solution that keeps every given proves the givens valid, so
  // they need their own check only when the solution column fails.
  if (auto error = CheckSolution(record.puzzle, record.expected)) {
    CheckGivens(record);
    if (record.status != RecordStatus::kPuzzle) return;
    record.status = RecordStatus::kMalformed;
    record.reason =
        "solution column is not a solution of the puzzle: " + *error;
    return;
  }
  record.has_expected = true;
}

}  // namespace

}  // namespace sudoku
