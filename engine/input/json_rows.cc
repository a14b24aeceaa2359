// JSON Lines datasets, each row parsed by nlohmann-json.
#include "engine/input/json_rows.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <nlohmann/json.hpp>

namespace sudoku {
namespace {

// The CSV layouts' column names (engine/input/dataset.cc), with the plural
// keys ML sets use.
constexpr std::array<std::string_view, 8> kPuzzleKeys = {
    "puzzle", "puzzles", "quizzes", "quiz",
    "question", "questions", "problem", "inputs"};
constexpr std::array<std::string_view, 5> kSolutionKeys = {
    "solution", "solutions", "answer", "answers", "labels"};

bool SameName(std::string_view key, std::string_view lower) {
  return std::ranges::equal(key, lower, [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == b;
  });
}

template <size_t N>
std::optional<uint8_t> KeyIndex(std::string_view key,
                                const std::array<std::string_view, N>& names) {
  for (size_t i = 0; i < N; ++i) {
    if (SameName(key, names[i])) return static_cast<uint8_t>(i);
  }
  return std::nullopt;
}

// The value under the key named `name` (any case), or nullptr.
const nlohmann::json* Find(const nlohmann::json& row, std::string_view name) {
  for (auto it = row.begin(); it != row.end(); ++it) {
    if (SameName(it.key(), name)) return &it.value();
  }
  return nullptr;
}

// One cell of an array: an integer 0-9, written as its digit.
bool AppendCell(const nlohmann::json& cell, std::string& text) {
  if (!cell.is_number_integer()) return false;
  const auto value = cell.get<int64_t>();
  if (value < 0 || value > 9) return false;
  text += static_cast<char>('0' + value);
  return true;
}

std::optional<std::string> CellsOf(const nlohmann::json& value,
                                   std::string_view key, std::string& text) {
  text.clear();
  if (value.is_string()) {
    text = value.get<std::string>();
    return std::nullopt;
  }
  bool cells_ok = value.is_array();
  if (cells_ok) {
    for (const auto& item : value) {
      if (item.is_array()) {
        for (const auto& cell : item) cells_ok = cells_ok && AppendCell(cell, text);
      } else {
        cells_ok = cells_ok && AppendCell(item, text);
      }
    }
  }
  if (cells_ok) return std::nullopt;
  return "key '" + std::string(key) + "' holds " +
         (value.is_array() ? "an array that is not of integers 0-9"
                           : std::string(value.type_name())) +
         ", not a string of cells";
}

}  // namespace

std::string_view JsonPuzzleKey(uint8_t index) { return kPuzzleKeys.at(index); }
std::string_view JsonSolutionKey(uint8_t index) {
  return kSolutionKeys.at(index);
}

std::optional<JsonKeys> RecognizeJsonRow(std::string_view line) {
  if (!line.starts_with('{')) return std::nullopt;
  const auto row = nlohmann::json::parse(line, nullptr, false);
  if (row.is_discarded() || !row.is_object()) return std::nullopt;
  std::optional<uint8_t> puzzle;
  JsonKeys keys;
  for (auto it = row.begin(); it != row.end(); ++it) {
    if (!puzzle) puzzle = KeyIndex(it.key(), kPuzzleKeys);
    if (!keys.solution) keys.solution = KeyIndex(it.key(), kSolutionKeys);
  }
  if (!puzzle) return std::nullopt;
  keys.puzzle = *puzzle;
  return keys;
}

std::optional<std::string> JsonRowCells(std::string_view line, JsonKeys keys,
                                        std::string& puzzle,
                                        std::string& solution) {
  nlohmann::json row;
  try {
    row = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception& error) {
    std::string what = error.what();
    const size_t colon = what.find(": ");  // after "[json.exception...] "
    return "not JSON: " + (colon == std::string::npos ? what : what.substr(colon + 2));
  }
  if (!row.is_object()) return std::string("not a JSON object");
  const std::string_view puzzle_key = JsonPuzzleKey(keys.puzzle);
  const nlohmann::json* value = Find(row, puzzle_key);
  if (value == nullptr) return "no key '" + std::string(puzzle_key) + "'";
  if (auto error = CellsOf(*value, puzzle_key, puzzle)) return error;
  solution.clear();
  if (!keys.solution) return std::nullopt;
  const std::string_view solution_key = JsonSolutionKey(*keys.solution);
  value = Find(row, solution_key);
  if (value == nullptr) return "no key '" + std::string(solution_key) + "'";
  return CellsOf(*value, solution_key, solution);
}

}  // namespace sudoku
