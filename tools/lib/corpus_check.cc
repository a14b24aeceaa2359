// corpus check's rows: the engine's one verdict on each, and the bad-rows
// file's extra column.
#include "tools/lib/corpus_check.h"

namespace sudoku {

RowClassification ClassifyScanRow(CorpusRow& row, const ScanLine& line,
                           const Strategy& solver, uint64_t node_budget) {
  RowClassification verdict = ClassifyRow(
      line.record, RowText{line.content, line.format, line.header}, solver,
      node_budget);
  row.status = verdict.status;
  row.malformed = verdict.status == RowStatus::kMalformed;
  row.outcome = verdict.solve.outcome;
  row.nodes = verdict.solve.nodes;
  if (verdict.status == RowStatus::kGood) {
    row.reason.clear();
  } else {
    row.reason = verdict.Reason();
  }
  return verdict;
}

std::string WithReason(std::string_view row, bool csv,
                       std::string_view reason) {
  std::string text(row);
  if (!csv) return text.append("\t").append(reason);
  text += ",\"";
  for (const char ch : reason) {
    if (ch == '"') text += '"';
    text += ch;
  }
  return text += '"';
}

}  // namespace sudoku
