// What one dataset produced, however it was run (once, in --repeat rounds, or
// replayed from a checkpoint), ready for the reporters.
#pragma once

#include <string>
#include <vector>

#include "engine/pipeline/driver.h"
#include "engine/report/report.h"

namespace sudoku {

struct DatasetPass {
  DatasetResult result;
  std::vector<ReportRow> rows;
  std::string repeat_notes;
  bool rounds_differ = false;  // rounds of --repeat searched differently
};

}  // namespace sudoku
