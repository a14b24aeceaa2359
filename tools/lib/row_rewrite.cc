// A dataset row written again with new cells, every other column kept.
#include "tools/lib/row_rewrite.h"

#include <array>
#include <nlohmann/json.hpp>

#include "engine/input/json_rows.h"

namespace sudoku {
namespace {

// The cells of `grid` with blanks as `like`, the text they replace, has them.
std::string CellsLike(const Grid& grid, std::string_view like) {
  const char blank = like.find('0') != std::string_view::npos ? '0' : '.';
  std::string text(kCells, blank);
  for (int cell = 0; cell < kCells; ++cell) {
    if (grid[cell] != 0) text[cell] = static_cast<char>('0' + grid[cell]);
  }
  return text;
}

// A JSON value of cells like `like`: a string, a flat array or 9 arrays.
nlohmann::ordered_json JsonCellsLike(const Grid& grid,
                                     const nlohmann::ordered_json& like) {
  if (like.is_string()) return CellsLike(grid, like.get<std::string>());
  const bool nested = !like.empty() && like.front().is_array();
  nlohmann::ordered_json cells = nlohmann::ordered_json::array();
  for (int row = 0; row < 9; ++row) {
    nlohmann::ordered_json line = nlohmann::ordered_json::array();
    for (int col = 0; col < 9; ++col) {
      (nested ? line : cells).push_back(grid[9 * row + col]);
    }
    if (nested) cells.push_back(std::move(line));
  }
  return cells;
}

void ReplaceJson(nlohmann::ordered_json& row, std::string_view key,
                 const Grid& grid) {
  for (auto it = row.begin(); it != row.end(); ++it) {
    if (it.key().size() != key.size()) continue;
    bool same = true;
    for (size_t i = 0; i < key.size(); ++i) {
      same = same && std::tolower(static_cast<unsigned char>(it.key()[i])) ==
                         key[i];
    }
    if (!same) continue;
    it.value() = JsonCellsLike(grid, it.value());
    return;
  }
}

std::string RewriteJson(DatasetFormat format, std::string_view text,
                        const Grid& puzzle, const Grid* solution) {
  auto row = nlohmann::ordered_json::parse(text);
  ReplaceJson(row, JsonPuzzleKey(format.puzzle_column), puzzle);
  if (solution != nullptr &&
      format.solution_column != DatasetFormat::kNoColumn) {
    ReplaceJson(row, JsonSolutionKey(format.solution_column), *solution);
  }
  return row.dump();
}

}  // namespace

bool KeepsColumns(DatasetFormat format) {
  return format.kind == DatasetFormat::Kind::kKaggle ||
         format.kind == DatasetFormat::Kind::kCsv ||
         format.kind == DatasetFormat::Kind::kJsonLines;
}

std::string RewriteRow(DatasetFormat format, std::string_view row,
                       const Grid& puzzle, const Grid* solution) {
  if (format.kind == DatasetFormat::Kind::kJsonLines) {
    return RewriteJson(format, row, puzzle, solution);
  }
  const bool kaggle = format.kind == DatasetFormat::Kind::kKaggle;
  const size_t puzzle_at = kaggle ? 0 : format.puzzle_column;
  const size_t solution_at = kaggle ? 1 : format.solution_column;
  std::array<std::string_view, 256> fields;
  const size_t count = SplitCsvRow(row, fields.data(), fields.size());
  std::string out;
  size_t done = 0;  // bytes of `row` written
  for (size_t i = 0; i < count; ++i) {
    const Grid* cells = i == puzzle_at                               ? &puzzle
                        : i == solution_at && !fields[i].empty()     ? solution
                                                                     : nullptr;
    if (cells == nullptr) continue;
    const auto at = static_cast<size_t>(fields[i].data() - row.data());
    out.append(row.substr(done, at - done));
    out += CellsLike(*cells, fields[i]);
    done = at + fields[i].size();
  }
  out.append(row.substr(done));
  return out;
}

}  // namespace sudoku
