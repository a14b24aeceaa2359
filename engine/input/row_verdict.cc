// The one verdict on a dataset row: the engine's parse first, then the
// givens, then one solve to two solutions, then the file's own answer and
// count fields.
#include "engine/input/row_verdict.h"

#include <charconv>
#include <numeric>
#include <optional>
#include <utility>
#include <vector>

#include "engine/common/text_format.h"
#include "engine/input/puzzle.h"

namespace sudoku {
namespace {

constexpr std::string_view kNames[kRowStatuses] = {
    "good",        "malformed",         "invalid givens",
    "no solution", "several solutions", "wrong answer",
    "wrong count", "over budget"};

// Columns past this one are not looked at for "clues".
constexpr size_t kMaxCluesColumn = 255;

// The 0-based column a CSV header calls "clues", if any.
std::optional<size_t> CluesColumn(std::string_view header) {
  std::vector<std::string_view> names(kMaxCluesColumn + 1);
  const size_t count = SplitCsvRow(header, names.data(), names.size());
  for (size_t i = 0; i < count; ++i) {
    if (EqualsIgnoringCase(names[i], "clues")) return i;
  }
  return std::nullopt;
}

// Field `column` of `row`, split as the engine splits the row to read its
// puzzle.
std::string_view Field(std::string_view row, size_t column) {
  thread_local std::vector<std::string_view> fields;
  fields.resize(column + 1);
  const size_t count = SplitCsvRow(row, fields.data(), fields.size());
  return count > column ? fields[column] : std::string_view();
}

// Why the clues column disagrees with the givens, or nothing.
std::optional<std::string> CluesDisagree(const RowText& text,
                                         const Grid& puzzle) {
  // One header a thread for nearly every file: its column is kept.
  thread_local std::string header;
  thread_local std::optional<size_t> column;
  if (text.header != header) {
    header = text.header;
    column = header.empty() ? std::nullopt : CluesColumn(header);
  }
  if (!column) return std::nullopt;
  const std::string_view field = Field(text.content, *column);
  unsigned claimed = 0;
  const auto [end, error] =
      std::from_chars(field.data(), field.data() + field.size(), claimed);
  int givens = 0;
  for (const uint8_t v : puzzle) givens += v != 0;
  if (error == std::errc() && end == field.data() + field.size() &&
      claimed == static_cast<unsigned>(givens)) {
    return std::nullopt;
  }
  return "clues column says '" + std::string(field) + "', the puzzle has " +
         std::to_string(givens);
}

// The answer's fault: a reference that is 81 digits but no solution, or the
// `count:solution` note of a lines-format row when it does not hold.
std::optional<std::string> AnswerFault(const PuzzleRecord& record,
                                       const RowText& text) {
  if (record.status == RecordStatus::kReferenceWrong) return record.reason;
  if (text.format.kind == DatasetFormat::Kind::kLines &&
      text.content.size() > kCells && text.content[kCells] == ':') {
    PuzzleRecord scratch;
    scratch.puzzle = record.puzzle;
    return ParseTestFields(text.content.substr(kCells + 1), scratch);
  }
  return std::nullopt;
}

RowClassification Bad(RowStatus status, std::string detail, RowClassification verdict = {}) {
  verdict.status = status;
  verdict.detail = std::move(detail);
  return verdict;
}

}  // namespace

std::string_view RowStatusName(RowStatus status) {
  return kNames[static_cast<int>(status)];
}

std::string RowClassification::Reason() const {
  return std::string(RowStatusName(status)) + ": " + detail;
}

RowClassification ClassifyRow(const PuzzleRecord& record, const RowText& text,
                       const Strategy& solver, uint64_t node_budget) {
  if (record.status == RecordStatus::kMalformed) {
    return Bad(RowStatus::kMalformed, record.reason);
  }
  if (const auto conflict = FindConflict(record.puzzle)) {
    return Bad(RowStatus::kInvalidGivens, DescribeConflict(*conflict));
  }
  RowClassification verdict;
  verdict.solve = solver.Solve(record.puzzle, 2, node_budget);
  verdict.solved = true;
  switch (verdict.solve.outcome) {
    case Outcome::kOverBudget:
    case Outcome::kError:
      return Bad(RowStatus::kOverBudget,
                 "not settled within " + Grouped(node_budget) + " nodes",
                 std::move(verdict));
    case Outcome::kNoSolution:
      return Bad(RowStatus::kNoSolution, "nothing completes the givens",
                 std::move(verdict));
    case Outcome::kMultiple: {
      // A CSV row's answer column claims one solution, right or wrong; a
      // lines-format note only when it checks out.
      const bool gives_answer =
          record.has_expected ||
          (record.status == RecordStatus::kReferenceWrong &&
           text.format.kind != DatasetFormat::Kind::kLines);
      return Bad(RowStatus::kSeveralSolutions,
                 gives_answer
                     ? "the file gives one answer, the puzzle has several"
                     : "the puzzle has more than one solution",
                 std::move(verdict));
    }
    case Outcome::kSolved:
      break;
  }
  if (auto fault = AnswerFault(record, text)) {
    return Bad(RowStatus::kWrongAnswer, std::move(*fault), std::move(verdict));
  }
  if (record.has_expected && record.expected != verdict.solve.solution) {
    return Bad(RowStatus::kWrongAnswer,
               "the answer differs from the puzzle's solution",
               std::move(verdict));
  }
  if (record.expected_count && *record.expected_count != 1) {
    return Bad(RowStatus::kWrongCount,
               "the count field says " +
                   std::to_string(*record.expected_count) +
                   ", the puzzle has one solution",
               std::move(verdict));
  }
  if (auto clues = CluesDisagree(text, record.puzzle)) {
    return Bad(RowStatus::kWrongCount, std::move(*clues), std::move(verdict));
  }
  return verdict;
}

uint64_t RowStatusCounts::rows() const {
  return std::accumulate(counts.begin(), counts.end(), uint64_t{0});
}

std::string RowStatusCounts::Summary() const {
  std::string text = Grouped((*this)[RowStatus::kGood]) + " good, " +
                     Grouped(bad()) + " bad";
  const char* separator = " (";
  for (int status = 1; status < kRowStatuses; ++status) {
    if (counts[status] == 0) continue;
    text += std::exchange(separator, "; ");
    text += RowStatusName(static_cast<RowStatus>(status));
    text += ' ' + Grouped(counts[status]);
  }
  return bad() ? text + ')' : text;
}

}  // namespace sudoku
