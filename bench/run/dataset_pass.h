// What one dataset produced, however it was run (once, in --repeat rounds, or
// replayed from a checkpoint), ready for the reporters.
#pragma once

#include <optional>
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
  // A pass replayed from a checkpoint: the build that ran it, which its
  // rows report (else the running build's).
  std::optional<Manifest> replayed_by;
};

}  // namespace sudoku
