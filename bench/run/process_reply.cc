// The reply line of a process strategy (bench --exec) read into a
// SolveResult: a pure function, so a fuzzer can drive it alone.
#include "bench/run/process_reply.h"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <optional>

namespace sudoku {
namespace {

std::optional<Outcome> OutcomeNamed(std::string_view name) {
  for (Outcome o : {Outcome::kSolved, Outcome::kMultiple, Outcome::kNoSolution,
                    Outcome::kOverBudget}) {
    if (OutcomeName(o) == name) return o;
  }
  return std::nullopt;
}

template <typename Number>
bool ReadNumber(std::string_view text, Number& value) {
  const char* end = text.data() + text.size();
  const auto [at, failed] = std::from_chars(text.data(), end, value);
  return failed == std::errc() && at == end;
}

// 81 characters, '1'..'9' (or '0' and '.', empty cells the verification
// will reject), or '-' for none.
bool ReadGrid(std::string_view text, Grid& grid, bool& has_grid) {
  has_grid = text != "-";
  if (!has_grid) return true;
  if (text.size() != kCells) return false;
  for (int cell = 0; cell < kCells; ++cell) {
    const char ch = text[cell];
    if (ch == '.') {
      grid[cell] = 0;
    } else if (ch >= '0' && ch <= '9') {
      grid[cell] = static_cast<uint8_t>(ch - '0');
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

bool ParseProcessReply(std::string_view line, SolveResult& result) {
  std::string_view fields[5];
  size_t count = 0;
  for (size_t at = line.find_first_not_of(" \t"); at != std::string_view::npos;
       at = line.find_first_not_of(" \t", at)) {
    if (count == std::size(fields)) return false;
    const size_t end = std::min(line.find_first_of(" \t", at), line.size());
    fields[count++] = line.substr(at, end - at);
    at = end;
  }
  const std::optional<Outcome> outcome =
      count > 0 ? OutcomeNamed(fields[0]) : std::nullopt;
  if (!outcome) return false;
  result.outcome = *outcome;
  bool has_grid = false;
  if (count > 1 && !ReadGrid(fields[1], result.solution, has_grid)) {
    return false;
  }
  result.nodes = 0;
  if (count > 2 && !ReadNumber(fields[2], result.nodes)) return false;
  result.solutions = !has_grid ? 0 : *outcome == Outcome::kMultiple ? 2 : 1;
  if (count > 3 && !ReadNumber(fields[3], result.solutions)) return false;
  // Without its fifth field the reply does not say whether the search
  // guessed: claim nothing.
  result.guessed = true;
  if (count > 4) {
    if (fields[4] != "0" && fields[4] != "1") return false;
    result.guessed = fields[4] == "1";
  }
  return true;
}

std::string FormatProcessReply(const SolveResult& result) {
  std::string_view outcome = "?";
  for (Outcome o : {Outcome::kSolved, Outcome::kMultiple, Outcome::kNoSolution,
                    Outcome::kOverBudget}) {
    if (o == result.outcome) outcome = OutcomeName(o);
  }
  std::string line(outcome);
  line += ' ';
  if (result.solutions == 0) {
    line += '-';
  } else {
    for (uint8_t digit : result.solution) {
      line += static_cast<char>('0' + std::min<uint8_t>(digit, 9));
    }
  }
  line += ' ' + std::to_string(result.nodes) + ' ' +
          std::to_string(result.solutions) + ' ' + (result.guessed ? '1' : '0') +
          '\n';
  return line;
}

}  // namespace sudoku
