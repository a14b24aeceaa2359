// Sudoku cell geometry, defined once for the strategies, the engine and the
// tools: cells are numbered 0..80 in row-major order; rows, columns and boxes
// 0..8, boxes row-major too (box 0 top-left, box 8 bottom-right).
#pragma once

namespace sudoku {

constexpr int RowOf(int cell) { return cell / 9; }
constexpr int ColOf(int cell) { return cell % 9; }
constexpr int BoxOf(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }
constexpr int CellAt(int row, int col) { return row * 9 + col; }

}  // namespace sudoku
