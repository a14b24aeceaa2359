// The reader stage: lines in, batches out.
#include "engine/pipeline_reader.h"

namespace sudoku {
namespace {

// A batch also ends at this much line text, so that batches of long lines
// (each up to Input::kMaxLine) keep the tokens in flight, and the memory,
// within a few megabytes each.
constexpr size_t kMaxBatchText = size_t{4} << 20;

}  // namespace

BatchReader::BatchReader(Input& input, const RunOptions& options,
                         BatchPool& pool)
    : input_(input), options_(options), pool_(pool) {
  if (options.shard.whole()) return;
  const auto size = input.facts().raw_size;
  if (!size) {
    throw InputError("--shard " + options.shard.Name() +
                     ": standard input and pipes cannot be split; give a file");
  }
  sharded_ = true;
  shard_begin_ = options.shard.Begin(*size);
  shard_end_ = options.shard.End(*size);
}

bool BatchReader::Owned() {
  const uint64_t position = input_.line_position();
  if (position < shard_begin_) return false;
  if (position < shard_end_) return true;
  input_.SkipRest();
  done_ = true;
  return false;
}

bool BatchReader::AtLineCap() {
  if (options_.max_lines == 0 || line_number_ < options_.max_lines) {
    return false;
  }
  bool truncated = false;
  stopped_at_line_cap_ = input_.NextLine(truncated).has_value();
  return true;
}

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
  while (batch.lines.size() < options_.batch_size &&
         batch.text.size() < kMaxBatchText) {
    if (AtLineCap()) {
      done_ = true;
      return;
    }
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
    if (sharded_ && !Owned()) {
      if (done_) return;
      continue;
    }
    if (first_line_ == 0) first_line_ = line_number_;
    last_line_ = line_number_;
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
