// `bench compare --markdown`: the verdict and every row that did not stay
// the same, as Markdown for a CI job's summary or a pull-request comment
// (see docs/ci.md).
#pragma once

#include <ostream>
#include <string>

#include "engine/compare/compare.h"

namespace sudoku {

void WriteComparisonMarkdown(std::ostream& out, const Comparison& comparison,
                             const std::string& baseline_path,
                             const std::string& current_path);

}  // namespace sudoku
