// corpus check's rows: each classified by the engine's one verdict
// (engine/input/row_verdict.h), and a bad row as the bad-rows file has it.
#pragma once

#include <string>
#include <string_view>

#include "engine/input/row_verdict.h"
#include "strategies/strategy.h"
#include "tools/lib/corpus_scan.h"

namespace sudoku {

// Classifies one scanned row (CorpusScan::judge) with ClassifyRow: sets
// row.status and, for a bad row, row.reason ("status: detail", named on
// standard error); row.malformed only for a malformed row. Every corpus
// command judges its rows with it, so all name and count them alike.
RowClassification ClassifyScanRow(CorpusRow& row, const ScanLine& line,
                           const Strategy& solver,
                           uint64_t node_budget = kUnlimitedNodes);

// `row` with `reason` added as its last column, as the bad-rows file has
// it: a quoted CSV field after a comma for a CSV layout, after a tab in the
// lines layout. Every other byte of the row is kept.
std::string WithReason(std::string_view row, bool csv, std::string_view reason);

}  // namespace sudoku
