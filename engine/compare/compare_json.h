// `bench compare --json`: the verdict and every delta as one JSON object
// (see docs/ci.md).
#pragma once

#include <ostream>
#include <string>

#include "engine/compare/compare.h"

namespace sudoku {

void WriteComparisonJson(std::ostream& out, const Comparison& comparison,
                         const std::string& baseline_path,
                         const std::string& current_path);

}  // namespace sudoku
