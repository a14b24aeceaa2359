// Dataset lines to puzzle records: format detection, the puzzle-line grammar,
// malformed and invalid input.
#include "engine/input/dataset.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

#include "engine/common/text_format.h"
#include "engine/input/input.h"
#include "engine/input/json_rows.h"
#include "engine/input/puzzle.h"

namespace sudoku {
namespace {

bool IsSpace(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

// Whether `text` is `lower` in any case; `lower` is lowercase already.
bool IsKaggleHeader(std::string_view line) {
  for (std::string_view header : {"quizzes,solutions", "puzzle,solution",
                                  "puzzles,solutions", "quizzes,solution"}) {
    if (EqualsIgnoringCase(line, header)) return true;
  }
  return false;
}

// The column names the public corpora use: Kaggle's 1M and 3M sets, the
// machine-learning sets' `source,question,answer,rating`.
constexpr std::string_view kPuzzleNames[] = {
    "puzzle", "puzzles", "quizzes", "quiz", "question", "questions", "problem"};
constexpr std::string_view kSolutionNames[] = {"solution", "solutions",
                                               "answer", "answers"};

// A CSV layout may name at most this many columns before the ones it uses.
constexpr size_t kMaxCsvFields = 64;

// Two fields of 81 cells each and nothing else, quoted or not: a
// `puzzle,solution` row.
bool IsHeaderlessKaggleRow(std::string_view line) {
  std::array<std::string_view, 3> fields;
  if (SplitCsvRow(line, fields.data(), fields.size()) != 2) return false;
  Grid scratch;
  return !ParseGrid(fields[0], scratch) && !ParseGrid(fields[1], scratch);
}

bool IsComplete(const Grid& grid);
void ParseLines(std::string_view line, PuzzleRecord& record);
void ParseKaggle(std::string_view line, PuzzleRecord& record);
void ParseCsv(DatasetFormat format, std::string_view line, PuzzleRecord& record,
              GivensCheck check);
void ParseJson(DatasetFormat format, std::string_view line,
               PuzzleRecord& record, GivensCheck check);

}  // namespace

size_t SplitCsvRow(std::string_view row, std::string_view* fields,
                   size_t max_fields) {
  size_t count = 0;
  size_t pos = 0;
  while (count < max_fields) {
    size_t end = pos;
    bool quoted = false;
    while (end < row.size() && (quoted || row[end] != ',')) {
      if (row[end] == '"') quoted = !quoted;
      ++end;
    }
    std::string_view field = Trim(row.substr(pos, end - pos));
    if (field.size() >= 2 && field.front() == '"' && field.back() == '"') {
      field = Trim(field.substr(1, field.size() - 2));
    }
    fields[count++] = field;
    if (end >= row.size()) break;
    pos = end + 1;
  }
  return count;
}

std::optional<DatasetFormat> RecognizeCsvHeader(std::string_view line) {
  line = Trim(line);
  if (IsKaggleHeader(line)) return DatasetFormat::kKaggle;
  std::array<std::string_view, kMaxCsvFields> fields;
  const size_t count = SplitCsvRow(line, fields.data(), fields.size());
  DatasetFormat format{DatasetFormat::Kind::kCsv};
  bool has_puzzle = false;
  for (size_t i = 0; i < count; ++i) {
    const auto is = [&](std::string_view candidate) {
      return EqualsIgnoringCase(fields[i], candidate);
    };
    if (!has_puzzle && std::ranges::any_of(kPuzzleNames, is)) {
      format.puzzle_column = static_cast<uint8_t>(i);
      has_puzzle = true;
    } else if (format.solution_column == DatasetFormat::kNoColumn &&
               std::ranges::any_of(kSolutionNames, is)) {
      format.solution_column = static_cast<uint8_t>(i);
    }
  }
  if (!has_puzzle) return std::nullopt;
  // A header of kMaxCsvFields fields may have more: its rows' width is not
  // checked.
  if (count < kMaxCsvFields) format.columns = static_cast<uint8_t>(count);
  format.columns_needed = static_cast<uint8_t>(
      1 + std::max<int>(format.puzzle_column,
                        format.solution_column == DatasetFormat::kNoColumn
                            ? -1
                            : format.solution_column));
  return format;
}

void MarkCut(PuzzleRecord& record, LineCut cut) {
  if (cut == LineCut::kWhole) return;
  record.status = RecordStatus::kMalformed;
  record.reason = cut == LineCut::kTooLong ? Input::TooLongReason()
                                           : Input::UnfinishedReason();
}

void CheckGivens(PuzzleRecord& record) {
  if (record.status != RecordStatus::kPuzzle &&
      record.status != RecordStatus::kReferenceWrong) {
    return;
  }
  if (auto conflict = FindConflict(record.puzzle)) {
    record.status = RecordStatus::kInvalid;
    record.reason = "invalid givens: " + DescribeConflict(*conflict);
  }
}

std::string_view FormatName(DatasetFormat format) {
  switch (format.kind) {
    case DatasetFormat::Kind::kUnknown:
      return "unknown";
    case DatasetFormat::Kind::kLines:
      return "lines";
    case DatasetFormat::Kind::kKaggle:
      return "kaggle";
    case DatasetFormat::Kind::kCsv:
      return "csv";
    case DatasetFormat::Kind::kJsonLines:
      return "jsonl";
  }
  return "unknown";
}

std::string LayoutHint(std::string_view first_row) {
  constexpr size_t kShown = 40;
  std::string shown;
  for (const char ch : first_row.substr(0, kShown)) {
    shown += ch >= ' ' && ch < 0x7f ? ch : '?';
  }
  if (first_row.size() > kShown) shown += "...";
  const std::string quoted = " (the first row: '" + shown + "')";
  Grid scratch;
  if (first_row.starts_with('{')) {
    return "it looks like JSON Lines, but its first row is no JSON object "
           "with a puzzle key (question, puzzle, quiz, quizzes, ...)" +
           quoted;
  }
  if (first_row.find(',') != std::string_view::npos) {
    std::array<std::string_view, kMaxCsvFields> fields;
    const size_t count = SplitCsvRow(first_row, fields.data(), fields.size());
    // A field of 81 digits with no blank is a solution, not the puzzle: a
    // headerless `puzzle,solution` row whose puzzle is damaged has one.
    size_t solution = 0;  // 1-based, 0: none
    for (size_t i = 0; i < count; ++i) {
      if (ParseGrid(fields[i], scratch)) continue;
      if (IsComplete(scratch)) {
        if (solution == 0) solution = i + 1;
        continue;
      }
      return "it looks like CSV rows with no header, 81 cells in column " +
             std::to_string(i + 1) +
             ": a first line naming that column `puzzle` (and the "
             "solution's `solution`) makes it a CSV file" +
             quoted;
    }
    if (solution != 0) {
      return "it looks like CSV rows with no header, a solution (81 digits, "
             "no blank) in column " +
             std::to_string(solution) +
             " but no puzzle of 81 cells in any other: a first line naming "
             "the puzzle's column `puzzle` and column " +
             std::to_string(solution) +
             " `solution` makes it a CSV file, whose damaged rows are then "
             "named one by one" +
             quoted;
    }
    return "it looks like CSV, but its first line names no puzzle column "
           "(puzzle, quizzes, quiz, question, ...) and no field of it holds "
           "81 cells" +
           quoted;
  }
  std::string cells;
  for (const char ch : first_row) {
    if (ch != ' ' && ch != '\t' && ch != '|') cells += ch;
  }
  if (cells.size() == 9 && !ParseGrid(cells + std::string(kCells - 9, '.'),
                                      scratch)) {
    return "it looks like grids of 9 lines of 9 cells (.sdk): `convert "
           "--from sdk` writes them as 81-character lines" +
           quoted;
  }
  return "expected 81 cells a line (`.` or `0` for a blank), "
         "`puzzle:count:solution` lines, `puzzle,solution` rows or a CSV "
         "whose header names a puzzle column" +
         quoted;
}

std::string UnreadableInput(std::string_view path, uint64_t rows,
                            std::string_view first_row) {
  return std::string(path) + ": no row is a puzzle (" + Grouped(rows) +
         " malformed): " + LayoutHint(first_row);
}

DatasetParser::LineKind DatasetParser::ClassifyAny(uint64_t line_number,
                                                   std::string_view line,
                                                   std::string_view& content) {
  if (line_number == 1) line = WithoutByteOrderMark(line);
  line = Trim(line);
  if (line.empty() || line.front() == '#') return LineKind::kSkip;
  if (format_.kind != DatasetFormat::Kind::kLines && IsHeader(line)) {
    return LineKind::kSkip;
  }
  if (first_row_.empty()) first_row_ = line.substr(0, kMaxFirstRow);
  content = line;
  return LineKind::kRecord;
}

bool DatasetParser::IsHeader(std::string_view line) {
  if (format_.kind == DatasetFormat::Kind::kUnknown) {
    if (auto header = RecognizeCsvHeader(line)) {
      format_ = *header;
      header_ = line;
      return true;
    }
    if (const auto keys = RecognizeJsonRow(line)) {
      format_ = {DatasetFormat::Kind::kJsonLines, keys->puzzle,
                 keys->solution.value_or(DatasetFormat::kNoColumn)};
      return false;
    }
    // The recurrent-relational-network set (and Kaggle files cut from
    // their header) ship `quiz,solution` rows with no header at all.
    format_ = IsHeaderlessKaggleRow(line) ? DatasetFormat::kKaggle : fallback_;
    return false;
  }
  return line == header_;  // the header again, as `cat a.csv b.csv` makes
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
  record.expected_count.reset();
  record.reason.clear();
  // The lines format first, in one comparison: nearly every line is one.
  if (format.kind < DatasetFormat::Kind::kKaggle) [[likely]] {
    ParseLines(content, record);
    if (check == GivensCheck::kNow) CheckGivens(record);
  } else if (format.kind == DatasetFormat::Kind::kKaggle) {
    ParseKaggle(content, record);  // checks the givens on the way
  } else if (format.kind == DatasetFormat::Kind::kJsonLines) {
    ParseJson(format, content, record, check);
  } else {
    ParseCsv(format, content, record, check);
  }
}

void ReadRecords(Input& input, DatasetParser& parser, GivensCheck check,
                 const std::function<void(const PuzzleRecord&,
                                          std::string_view)>& on_record) {
  PuzzleRecord record;
  uint64_t line_number = 0;
  LineCut cut = LineCut::kWhole;
  while (const auto line = input.NextLine(cut)) {
    std::string_view content;
    if (parser.Classify(++line_number, *line, content) ==
        DatasetParser::LineKind::kSkip) {
      continue;
    }
    record.line = line_number;
    DatasetParser::ParseRecord(parser.format(), content, record, check);
    MarkCut(record, cut);
    on_record(record, content);
  }
}

namespace {

// Whether every cell holds a digit: 81 digits, as a solution must be.
bool IsComplete(const Grid& grid) {
  return std::ranges::none_of(grid, [](uint8_t v) { return v == 0; });
}

// A solution count: digits only, within uint32_t.
std::optional<uint32_t> ParseCount(std::string_view text) {
  uint32_t count = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), count);
  if (text.empty() || error != std::errc() ||
      end != text.data() + text.size()) {
    return std::nullopt;
  }
  return count;
}

}  // namespace

std::optional<std::string> ParseTestFields(std::string_view fields,
                                           PuzzleRecord& record,
                                           bool* not_a_solution) {
  const size_t colon = fields.find(':');
  if (colon == std::string_view::npos) {
    // Other solvers' test files write `puzzle:count` alone for puzzles with
    // no solution or several, where there is no solution to give.
    if (const auto count = ParseCount(fields)) {
      record.expected_count = *count;
      return std::nullopt;
    }
    return "expected puzzle:count:solution";
  }
  const std::string_view count_text = fields.substr(0, colon);
  const auto count = ParseCount(count_text);
  if (!count) return "bad solution count '" + std::string(count_text) + "'";
  record.expected_count = *count;
  const std::string_view solution_text = Trim(fields.substr(colon + 1));
  // bench --solutions writes '-' where it has no solution to give.
  if (solution_text.empty() || solution_text == "-") {
    if (*count == 1) return "count 1 but no solution";
    return std::nullopt;
  }
  if (auto reason = ParseGrid(solution_text, record.expected)) {
    return "solution: " + *reason;
  }
  if (auto reason = CheckSolution(record.puzzle, record.expected)) {
    if (not_a_solution != nullptr) *not_a_solution = IsComplete(record.expected);
    return "solution: " + *reason;
  }
  record.has_expected = true;
  return std::nullopt;
}

namespace {

void ParseLines(std::string_view line, PuzzleRecord& record) {
  auto separator = [](char ch) {
    return ch == ' ' || ch == '\t' || ch == ':' || ch == ';';
  };
  // Nearly every line is 81 cells, alone or before a separator.
  const bool plain = line.size() == kCells ||
                     (line.size() > kCells && separator(line[kCells]));
  if (plain && !ParseGrid(line.substr(0, kCells), record.puzzle)) {
    if (line.size() > kCells && line[kCells] == ':') {
      // Fills what it can; a line whose note is not `count:solution` is
      // still the puzzle line it always was, but a solution grid that does
      // not solve the puzzle is a wrong reference.
      bool not_a_solution = false;
      auto reason =
          ParseTestFields(line.substr(kCells + 1), record, &not_a_solution);
      if (not_a_solution) [[unlikely]] {
        record.status = RecordStatus::kReferenceWrong;
        record.reason = std::move(*reason);
      }
    }
    return;
  }
  // Not a puzzle line: the cells end at the first separator, and the error
  // says what is wrong with them.
  size_t end = 0;
  while (end < line.size() && !separator(line[end])) ++end;
  if (auto error = ParseGrid(line.substr(0, end), record.puzzle)) {
    record.status = RecordStatus::kMalformed;
    record.reason = *error;
  }
}

// A puzzle column and a solution column: the solution must solve the puzzle.
void ParseWithSolution(std::string_view puzzle_text,
                       std::string_view solution_text, PuzzleRecord& record) {
  if (auto error = ParseGrid(puzzle_text, record.puzzle)) {
    record.status = RecordStatus::kMalformed;
    record.reason = "puzzle column: " + *error;
    return;
  }
  if (auto error = ParseGrid(solution_text, record.expected)) {
    record.status = RecordStatus::kMalformed;
    record.reason = "solution column: " + *error;
    return;
  }
  // A valid solution that keeps every given proves the givens valid, so
  // they need their own check only when the solution column fails; invalid
  // givens come before the wrong reference.
  if (auto error = CheckSolution(record.puzzle, record.expected)) {
    CheckGivens(record);
    if (record.status != RecordStatus::kPuzzle) return;
    // A blank where a solution is due is no solution grid: the row does not
    // parse as puzzle and solution.
    record.status = IsComplete(record.expected) ? RecordStatus::kReferenceWrong
                                                : RecordStatus::kMalformed;
    record.reason =
        "solution column is not a solution of the puzzle: " + *error;
    return;
  }
  record.has_expected = true;
}

// Split as any CSV row is (a writer that quotes every field is read alike);
// a row of another width than two fields is malformed.
void ParseKaggle(std::string_view line, PuzzleRecord& record) {
  std::array<std::string_view, 3> fields;
  const size_t count = SplitCsvRow(line, fields.data(), fields.size());
  if (count != 2) {
    record.status = RecordStatus::kMalformed;
    record.reason = count < 2 ? "expected puzzle,solution"
                              : "expected 2 columns (puzzle,solution), found "
                                "more";
    return;
  }
  ParseWithSolution(fields[0], fields[1], record);
}

void ParseCsv(DatasetFormat format, std::string_view line, PuzzleRecord& record,
              GivensCheck check) {
  std::array<std::string_view, kMaxCsvFields> fields;
  // One field past the header's, to see a row with a column too many.
  const size_t wanted = format.columns != 0 ? format.columns + 1u
                                            : format.columns_needed;
  const size_t count = SplitCsvRow(line, fields.data(), wanted);
  if (count < format.columns_needed ||
      (format.columns != 0 && count != format.columns)) {
    const size_t expected =
        format.columns != 0 ? format.columns : format.columns_needed;
    record.status = RecordStatus::kMalformed;
    record.reason = "expected " + std::to_string(expected) +
                    " columns as the header has, found " +
                    (count > expected ? "more" : std::to_string(count));
    return;
  }
  const std::string_view puzzle = fields[format.puzzle_column];
  if (format.solution_column != DatasetFormat::kNoColumn) {
    // An empty answer in a layout with an answer column is an unlabelled
    // row: no row of the layout.
    if (fields[format.solution_column].empty()) {
      record.status = RecordStatus::kMalformed;
      record.reason = ParseGrid(puzzle, record.puzzle)
                          ? "puzzle column: " + *ParseGrid(puzzle, record.puzzle)
                          : "solution column is empty";
      return;
    }
    ParseWithSolution(puzzle, fields[format.solution_column], record);
    return;
  }
  if (auto error = ParseGrid(puzzle, record.puzzle)) {
    record.status = RecordStatus::kMalformed;
    record.reason = "puzzle column: " + *error;
    return;
  }
  if (check == GivensCheck::kNow) CheckGivens(record);
}

// A JSON Lines row: its cells by key, then as a CSV row's columns are.
void ParseJson(DatasetFormat format, std::string_view line,
               PuzzleRecord& record, GivensCheck check) {
  JsonKeys keys{format.puzzle_column};
  if (format.solution_column != DatasetFormat::kNoColumn) {
    keys.solution = format.solution_column;
  }
  std::string puzzle, solution;
  if (auto error = JsonRowCells(line, keys, puzzle, solution)) {
    record.status = RecordStatus::kMalformed;
    record.reason = std::move(*error);
    return;
  }
  if (keys.solution) {
    ParseWithSolution(Trim(puzzle), Trim(solution), record);
    return;
  }
  if (auto error = ParseGrid(Trim(puzzle), record.puzzle)) {
    record.status = RecordStatus::kMalformed;
    record.reason = "puzzle: " + *error;
    return;
  }
  if (check == GivensCheck::kNow) CheckGivens(record);
}

}  // namespace

}  // namespace sudoku
