// A dataset row written again with new cells: the puzzle and the solution
// replaced where they stand, every other column as it was (shuffle keeps a
// CSV's or a JSON Lines file's labels and extra columns).
#pragma once

#include <string>
#include <string_view>

#include "engine/input/dataset.h"
#include "strategies/strategy.h"

namespace sudoku {

// Whether rows of `format` have columns to keep (CSV, Kaggle, JSON Lines).
bool KeepsColumns(DatasetFormat format);

// `row`, a row of a file in `format` (KeepsColumns), with its puzzle cells
// replaced by `puzzle` and, when `solution` is given and the row has a
// solution, those by `solution`; blanks are written as the row wrote them
// ('0' or '.'), a JSON array as an array. Other fields are kept byte for
// byte in a CSV; a JSON row is written again by nlohmann-json, keys in
// their order.
std::string RewriteRow(DatasetFormat format, std::string_view row,
                       const Grid& puzzle, const Grid* solution);

}  // namespace sudoku
