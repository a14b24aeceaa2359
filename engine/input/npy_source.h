// NumPy .npy arrays of grids, shape (N, 81) or (N, 9, 9) of small integers,
// decoded to 81-character lines, one per row, as they are read.
#pragma once

#include <memory>
#include <string_view>

#include "engine/input/input.h"

namespace sudoku {

// Whether `magic`, an input's first bytes, starts a .npy file.
bool IsNpyMagic(std::string_view magic);

// The rows of the .npy file `raw` holds (its magic not yet read) as lines of
// 81 cells, `.` for a blank. Cells are 0-9 with 0 blank, or HRM's encoding
// (digit + 1, 1 blank): the first row holding a 0 or a 10 decides, rows
// before it are held back (at most kNpyHeldRows); when none does, the cells
// are read as 0-9 (1-9 alone are full grids there). Throws InputError for a
// header that is not one of such an array (dtype, shape, order), a cell
// neither encoding holds, and data that ends early or runs on.
std::unique_ptr<ByteSource> NpyDecoder(ByteSource& raw);

inline constexpr size_t kNpyHeldRows = 4096;

}  // namespace sudoku
