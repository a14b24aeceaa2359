// Dataset lines to puzzle records: format detection, the puzzle-line grammar,
// malformed and invalid input.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "strategies/strategy.h"

namespace sudoku {

class Input;
enum class LineCut : uint8_t;

// How a dataset's lines are laid out: the kind of file and, for a CSV, which
// columns hold the puzzle and the reference solution. A small value, so the
// reader hands it to every batch and any thread parses with it.
struct DatasetFormat {
  // In this order: ParseRecord tells the line formats by `kind < kKaggle`.
  enum class Kind : uint8_t {
    kUnknown,  // no content line seen yet
    kLines,    // 81 cells, then optionally whitespace, ':' or ';' and anything
    kKaggle,   // "puzzle,solution" rows, after a "quizzes,solutions" header
               // or none (a first row of two 81-cell fields)
    kCsv,      // a header naming a puzzle column (and maybe a solution one)
    kJsonLines,  // one JSON object a line: puzzle_column and solution_column
                 // index the key names of engine/input/json_rows.h
  };
  static constexpr uint8_t kNoColumn = 0xFF;

  Kind kind = Kind::kUnknown;
  uint8_t puzzle_column = 0;            // 0-based, kCsv only
  uint8_t solution_column = kNoColumn;  // kCsv only
  uint8_t columns_needed = 0;           // fields a kCsv row must have
  // Fields the header has, which every kCsv row must have too (a row of
  // another shape is malformed); 0 for a header of more than kMaxCsvFields.
  uint8_t columns = 0;

  // The plain layouts under the names the enum used to give them.
  static const DatasetFormat kUnknown;
  static const DatasetFormat kLines;
  static const DatasetFormat kKaggle;

  friend bool operator==(const DatasetFormat&, const DatasetFormat&) = default;
};

inline constexpr DatasetFormat DatasetFormat::kUnknown{};
inline constexpr DatasetFormat DatasetFormat::kLines{Kind::kLines};
inline constexpr DatasetFormat DatasetFormat::kKaggle{Kind::kKaggle};

// The first `max_fields` fields of a dataset's CSV row (or header) into
// `fields`; returns how many there were. The one way a dataset row is split
// (bench, convert, corpus): RFC 4180 quoting (a quoted field may hold
// commas; "" is a quote), then each field trimmed of spaces and tabs,
// outside and inside its quotes (` 38 `, `"38"` and `" 38 "` read as 38).
// The views point into `row`: a doubled quote inside a field stays doubled,
// which no puzzle, solution or count holds.
size_t SplitCsvRow(std::string_view row, std::string_view* fields,
                   size_t max_fields);

// A CSV header's layout when `line` is one: a puzzle column ("puzzle",
// "quizzes", "question", ...; any case, any position) and, when named, a
// solution column ("solution", "answer", ...). Kaggle's own two-column
// headers give kKaggle; a line naming no puzzle column gives std::nullopt.
std::optional<DatasetFormat> RecognizeCsvHeader(std::string_view line);

enum class RecordStatus : uint8_t {
  kPuzzle,     // parsed, givens break no rule
  kMalformed,  // not a puzzle line: wrong length, bad character, bad column
  kInvalid,    // a puzzle whose givens repeat a digit in a unit
  // A puzzle line whose reference answer is 81 digits but no solution of the
  // puzzle (it breaks a rule or changes a given): a CSV solution column, or
  // the solution of a `puzzle:count:solution` line. The puzzle is whole and
  // bench solves it; the row is the file's fault. A solution field that is
  // not 81 digits (wrong length, bad character, a blank) leaves a CSV row
  // kMalformed: the row itself does not parse as puzzle and solution.
  kReferenceWrong,
};

// Whether parsing checks the givens against the rules. The driver defers the
// check: a verified solution that keeps every given proves them valid, so
// only puzzles left without one need it (see CheckGivens).
enum class GivensCheck : uint8_t { kNow, kDeferred };

// One puzzle of a dataset, as the driver hands it to the strategies and the
// tools read and write it.
struct PuzzleRecord {
  uint64_t line = 0;  // 1-based line number in its file (a grid's first line)
  RecordStatus status = RecordStatus::kPuzzle;
  Grid puzzle{};
  // A reference solution from the file itself (a CSV solution column, the
  // solution of a `puzzle:count:solution` line), checked against the puzzle:
  // set only when it solves it (else the status is kReferenceWrong).
  bool has_expected = false;
  Grid expected{};
  // The solution count a `puzzle:count:solution` line claims; counts at a
  // solver's limit mean "at least".
  std::optional<uint32_t> expected_count;
  std::string reason;  // why malformed, invalid or reference wrong
};

// Classifies a dataset's lines one by one; detects the format from the first
// content line. Not thread-safe: one per file, used by the serial reader.
class DatasetParser {
 public:
  enum class LineKind { kSkip, kRecord };

  // `fallback` is the format of a file whose first content line is neither
  // a CSV header nor a headerless `puzzle,solution` row (two 81-cell
  // fields, which is kKaggle whatever the fallback): kLines for bench,
  // kKaggle for `convert --from kaggle`.
  explicit DatasetParser(DatasetFormat fallback = DatasetFormat::kLines)
      : fallback_(fallback) {}

  // What a line is: kSkip for blank lines, '#' comments and CSV headers
  // (the first content line, and the same line again further down), else
  // kRecord with `content` set to the trimmed line. Cheap, so the serial
  // reader can call it; the parsing proper is ParseRecord.
  LineKind Classify(uint64_t line_number, std::string_view line,
                    std::string_view& content) {
    // Inline, the common case: a line of the lines format that starts with
    // a printable character other than '#' and ends, but for one '\r' (a
    // CRLF file), with no space, so trimming and byte order marks leave it
    // as it is.
    if (format_.kind == DatasetFormat::Kind::kLines && line.size() > 1) {
      const std::string_view kept =
          line.back() == '\r' ? line.substr(0, line.size() - 1) : line;
      const auto first = static_cast<unsigned char>(kept.front());
      const auto last = static_cast<unsigned char>(kept.back());
      if (first > ' ' && first < 0x7f && first != '#' && last > ' ') {
        content = kept;
        return LineKind::kRecord;
      }
    }
    return ClassifyAny(line_number, line, content);
  }

  // Parses a classified line of a file in `format` into `record` (all but
  // the line number). Stateless: any thread may call it. With kDeferred a
  // puzzle line whose givens clash stays kPuzzle until CheckGivens. In the
  // lines format a `puzzle:count:solution` line also fills expected_count
  // and, when the solution checks out, expected; when the solution is 81
  // digits that do not, the line is kReferenceWrong with ParseTestFields' reason
  // (its givens are then checked by CheckGivens, as a kPuzzle line's are).
  // Any other note leaves the line the puzzle line it always was.
  static void ParseRecord(DatasetFormat format, std::string_view content,
                          PuzzleRecord& record,
                          GivensCheck check = GivensCheck::kNow);

  // Classify and ParseRecord in one step, line number included.
  LineKind Parse(uint64_t line_number, std::string_view line,
                 PuzzleRecord& record);

  DatasetFormat format() const { return format_; }
  // The CSV header line as first seen (trimmed), or empty.
  const std::string& header() const { return header_; }
  // The first content line (trimmed, at most kMaxFirstRow characters), the
  // one the format was detected from: what LayoutHint describes.
  const std::string& first_row() const { return first_row_; }
  static constexpr size_t kMaxFirstRow = 200;

 private:
  // Whether a content line of a file not known to be in the lines format is
  // a CSV header, settling the format on the first one. Not inlined, so
  // Classify's path for the lines format stays short.
  [[gnu::noinline]] bool IsHeader(std::string_view line);
  // Classify for any line of any format.
  LineKind ClassifyAny(uint64_t line_number, std::string_view line,
                       std::string_view& content);

  DatasetFormat format_ = DatasetFormat::kUnknown;
  DatasetFormat fallback_;
  std::string header_;  // the CSV header line as first seen, trimmed
  std::string first_row_;
};

// What a file whose first content line is `first_row` looks like, and how
// to read it, for an input of which no row is a puzzle: "it looks like a
// grid of 9 cells a line (.sdk): convert --from sdk reads it", ... Always
// ends with the start of the row, quoted.
std::string LayoutHint(std::string_view first_row);

// The one message every reader gives for an input with rows but none of
// them a puzzle (all malformed), which is an input that cannot be read
// (exit 2): "PATH: no row is a puzzle (3 malformed): it looks like ...".
std::string UnreadableInput(std::string_view path, uint64_t rows,
                            std::string_view first_row);

// Parses the `count:solution` that follows a puzzle's ':' on the lines of
// other solvers' test files into record.expected_count and, when the
// solution solves record.puzzle, record.expected (has_expected set). A
// `count` alone (digits only: `puzzle:0`, `puzzle:2`) is a count with no
// solution, as those files write puzzles with none or several. Returns
// why the text is not of that form ("bad solution count 'x'", "solution:
// ...", "count 1 but no solution"), or std::nullopt. ParseRecord ignores the
// reason (such a line was always a plain puzzle line) but where the solution
// is 81 digits that do not solve the puzzle, which `not_a_solution` says;
// `convert --from test` reports every reason.
std::optional<std::string> ParseTestFields(std::string_view fields,
                                           PuzzleRecord& record,
                                           bool* not_a_solution = nullptr);

std::string_view FormatName(DatasetFormat format);

// Reads every line of `input` through `parser` and hands each record to
// `on_record` in input order with its trimmed line, malformed and invalid
// records included with their reason (a line cut at Input::kMaxLine, or
// unfinished when reading failed inside it, is malformed, as in a run). For
// the tools and the microbenchmarks, which want whole files; the driver reads
// in batches of its own. Throws InputError.
void ReadRecords(Input& input, DatasetParser& parser, GivensCheck check,
                 const std::function<void(const PuzzleRecord&,
                                          std::string_view)>& on_record);

// Marks a kPuzzle or kReferenceWrong record kInvalid, with the first clash
// as the reason, when two of its givens repeat a digit in a unit: invalid
// givens come before a wrong reference.
void CheckGivens(PuzzleRecord& record);

// Marks a record malformed because Input did not give its whole line: cut
// at Input::kMaxLine, or unfinished (reading failed inside it). Does
// nothing for LineCut::kWhole.
void MarkCut(PuzzleRecord& record, LineCut cut);

}  // namespace sudoku
