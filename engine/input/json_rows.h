// JSON Lines datasets: one object a line, the puzzle and the solution under
// the keys the CSV layouts name their columns by ("question", "answer", ...).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku {

// The keys of a JSON Lines row, as indexes into the name lists below.
struct JsonKeys {
  uint8_t puzzle = 0;
  std::optional<uint8_t> solution;
};

// The puzzle key names (any case): "puzzle", "quiz", "question", ...; and the
// solution's: "solution", "answer", ...
std::string_view JsonPuzzleKey(uint8_t index);
std::string_view JsonSolutionKey(uint8_t index);

// The keys of `line` when it is a JSON object holding a puzzle key (the
// first of them in the object; the first solution key likewise), else
// std::nullopt.
std::optional<JsonKeys> RecognizeJsonRow(std::string_view line);

// The cells of the row `line` under `keys`, as 81-character text in
// `puzzle` and `solution` (empty when `keys` has no solution key). A value
// is a string of cells, or an array of 81 integers (or 9 arrays of 9) with 0
// for a blank. Returns why the row is no such object: "not JSON: ...", "no
// key 'answer'", "key 'question' holds a number".
std::optional<std::string> JsonRowCells(std::string_view line, JsonKeys keys,
                                        std::string& puzzle,
                                        std::string& solution);

}  // namespace sudoku
