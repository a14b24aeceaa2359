// corpus check's verdict on a row: the engine's parse first, then one solve
// to two solutions, then the file's own answer and count fields.
#include "tools/lib/corpus_check.h"

#include <charconv>
#include <numeric>
#include <optional>
#include <vector>

#include "engine/input/dataset.h"
#include "engine/input/puzzle.h"

namespace sudoku {
namespace {

constexpr std::string_view kNames[kCheckKinds] = {
    "good",        "malformed",         "invalid givens",
    "no solution", "several solutions", "wrong answer",
    "wrong count"};

// Columns past this one are not looked at for "clues".
constexpr size_t kMaxCluesColumn = 255;

bool StartsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if ((a[i] | 0x20) != (b[i] | 0x20)) return false;
  }
  return true;
}

// The 0-based column a CSV header calls "clues", if any, split as the
// engine splits the header to find the puzzle column.
std::optional<size_t> CluesColumn(std::string_view header) {
  std::vector<std::string_view> names(kMaxCluesColumn + 1);
  const size_t count = SplitCsvRow(header, names.data(), names.size());
  for (size_t i = 0; i < count; ++i) {
    if (EqualsIgnoringCase(names[i], "clues")) return i;
  }
  return std::nullopt;
}

// Field `column` of `row`, split as the engine splits the row to read its
// puzzle: quoted commas do not split, quotes and padding are not the value.
std::string_view Field(std::string_view row, size_t column) {
  thread_local std::vector<std::string_view> fields;
  fields.resize(column + 1);
  const size_t count = SplitCsvRow(row, fields.data(), fields.size());
  return count > column ? fields[column] : std::string_view();
}

// Why the clues column disagrees with the givens, or nothing.
std::optional<std::string> CluesDisagree(const ScanLine& line,
                                         const Grid& puzzle) {
  // One header a thread for nearly every file: its column is kept.
  thread_local std::string header;
  thread_local std::optional<size_t> column;
  if (line.header != header) {
    header = line.header;
    column = header.empty() ? std::nullopt : CluesColumn(header);
  }
  if (!column) return std::nullopt;
  const std::string_view text = Field(line.content, *column);
  unsigned claimed = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), claimed);
  int givens = 0;
  for (const uint8_t v : puzzle) givens += v != 0;
  if (error == std::errc() && end == text.data() + text.size() &&
      claimed == static_cast<unsigned>(givens)) {
    return std::nullopt;
  }
  return "clues column says '" + std::string(text) + "', the puzzle has " +
         std::to_string(givens);
}

void Mark(CorpusRow& row, CheckKind kind, const std::string& detail) {
  row.verdict = static_cast<uint8_t>(kind);
  row.malformed = true;
  row.reason = std::string(CheckKindName(kind)) + ": " + detail;
}

// The answer's fault when the engine's parse rejected it (a solution column
// that is no grid, or a reference that is no solution), or the `count:
// solution` note of a lines-format row when it does not hold.
std::optional<std::string> AnswerFault(const ScanLine& line) {
  const PuzzleRecord& record = line.record;
  if (record.status == RecordStatus::kMalformed ||
      record.status == RecordStatus::kReferenceWrong) {
    return record.reason;
  }
  if (line.format.kind == DatasetFormat::Kind::kLines &&
      line.content.size() > kCells && line.content[kCells] == ':') {
    PuzzleRecord scratch;
    scratch.puzzle = record.puzzle;
    return ParseTestFields(line.content.substr(kCells + 1), scratch);
  }
  return std::nullopt;
}

}  // namespace

std::string_view CheckKindName(CheckKind kind) {
  return kNames[static_cast<int>(kind)];
}

uint64_t CheckCounts::rows() const {
  return std::accumulate(kinds.begin(), kinds.end(), uint64_t{0});
}

void JudgeRow(CorpusRow& row, const ScanLine& line, const Strategy& strategy) {
  const PuzzleRecord& record = line.record;
  row.malformed = false;
  row.reason.clear();
  // A solution column the engine refused leaves the puzzle parsed: the row
  // is judged on its puzzle, and its answer is wrong unless worse holds.
  if (record.status == RecordStatus::kMalformed &&
      !StartsWith(record.reason, "solution column")) {
    return Mark(row, CheckKind::kMalformed, record.reason);
  }
  if (const auto conflict = FindConflict(record.puzzle)) {
    return Mark(row, CheckKind::kInvalidGivens, DescribeConflict(*conflict));
  }
  const SolveResult result = strategy.Solve(record.puzzle, 2, kUnlimitedNodes);
  row.outcome = result.outcome;
  if (result.solutions == 0) {
    return Mark(row, CheckKind::kNoSolution, "nothing completes the givens");
  }
  if (result.solutions > 1) {
    // A CSV row's answer column claims one solution, right or wrong; a
    // lines-format note only when it checks out.
    const bool gives_answer =
        record.has_expected || record.status == RecordStatus::kMalformed ||
        (record.status == RecordStatus::kReferenceWrong &&
         line.format.kind != DatasetFormat::Kind::kLines);
    return Mark(row, CheckKind::kSeveralSolutions,
                gives_answer
                    ? "the file gives one answer, the puzzle has several"
                    : "the puzzle has more than one solution");
  }
  if (const auto fault = AnswerFault(line)) {
    return Mark(row, CheckKind::kWrongAnswer, *fault);
  }
  if (record.has_expected && record.expected != result.solution) {
    return Mark(row, CheckKind::kWrongAnswer,
                "the answer differs from the puzzle's solution");
  }
  if (record.expected_count && *record.expected_count != 1) {
    return Mark(row, CheckKind::kWrongCount,
                "the count field says " +
                    std::to_string(*record.expected_count) +
                    ", the puzzle has one solution");
  }
  if (const auto clues = CluesDisagree(line, record.puzzle)) {
    return Mark(row, CheckKind::kWrongCount, *clues);
  }
  row.verdict = static_cast<uint8_t>(CheckKind::kGood);
}

std::string WithReason(std::string_view row, bool csv,
                       std::string_view reason) {
  std::string text(row);
  if (!csv) return text.append("\t").append(reason);
  text += ",\"";
  for (const char ch : reason) {
    if (ch == '"') text += '"';
    text += ch;
  }
  return text += '"';
}

}  // namespace sudoku
