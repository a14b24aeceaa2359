// The pipeline's first stage: reads lines and cuts them into batches.
#pragma once

#include <cstdint>
#include <string>

#include "engine/dataset.h"
#include "engine/driver.h"
#include "engine/input.h"
#include "engine/pipeline_batch.h"

namespace sudoku {

// Serial, in input order: one call fills one batch with the next puzzle
// lines, copied, not parsed, so the parallel stage does the parsing. Blank
// lines, comments and headers are counted and skipped here. A strict run
// parses each line here too, to stop at the very first bad one.
class BatchReader {
 public:
  BatchReader(Input& input, const RunOptions& options, BatchPool& pool)
      : input_(input), options_(options), pool_(pool) {}

  // The next batch, or nullptr when the input is done (or reading stopped).
  Batch* Next();

  uint64_t lines_read() const { return line_number_; }
  DatasetFormat format() const { return parser_.format(); }
  // Non-empty when a read failed and the pass ended early.
  const std::string& read_error() const { return read_error_; }
  bool stopped_strict() const { return stopped_strict_; }

 private:
  // Appends lines to `batch` until it is full or reading stops.
  void Fill(Batch& batch);

  Input& input_;
  const RunOptions& options_;
  BatchPool& pool_;
  DatasetParser parser_;
  uint64_t line_number_ = 0;
  uint64_t batches_ = 0;
  bool done_ = false;
  std::string read_error_;
  bool stopped_strict_ = false;
};

}  // namespace sudoku
