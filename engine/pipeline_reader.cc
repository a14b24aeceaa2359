// The reader stage: lines in, batches out.
#include "engine/pipeline_reader.h"

namespace sudoku {

Batch* BatchReader::Next() {
  if (done_) return nullptr;
  Batch* batch = pool_.Take();
  try {
    Fill(*batch);
  } catch (const InputError& error) {
    read_error_ = error.what();
    done_ = true;
  }
  batch->format = parser_.format();
  batch->raw_bytes = input_.raw_bytes_read();
  batch->index = batches_;
  if (batch->lines.empty()) {
    pool_.Give(batch);
    return nullptr;
  }
  ++batches_;
  return batch;
}

void BatchReader::Fill(Batch& batch) {
  PuzzleRecord record;  // for the strict check only
  while (batch.lines.size() < options_.batch_size) {
    bool truncated = false;
    const auto line = input_.NextLine(truncated);
    if (!line) {
      done_ = true;
      return;
    }
    ++line_number_;
    std::string_view content;
    if (parser_.Classify(line_number_, *line, content) !=
        DatasetParser::LineKind::kRecord) {
      continue;
    }
    batch.lines.push_back(
        {line_number_, batch.text.size(), content.size(), truncated});
    batch.text.append(content);
    if (options_.strict) {
      DatasetParser::ParseRecord(parser_.format(), content, record);
      if (truncated || record.status != RecordStatus::kPuzzle) {
        stopped_strict_ = true;
        done_ = true;
        return;
      }
    }
  }
}

}  // namespace sudoku
