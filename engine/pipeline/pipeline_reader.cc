// The reader stage: lines in, batches out.
#include "engine/pipeline/pipeline_reader.h"

#include "engine/pipeline/interrupt.h"

namespace sudoku {
namespace {

// A batch also ends at this much line text, so that batches of long lines
// (each up to Input::kMaxLine) keep the tokens in flight, and the memory,
// within a few megabytes each.
constexpr size_t kMaxBatchText = size_t{4} << 20;

}  // namespace

BatchReader::BatchReader(Input& input, const RunOptions& options,
                         BatchPool& pool, const PassResume* resume)
    : input_(input), options_(options), pool_(pool) {
  if (resume != nullptr) {
    skip_lines_ = resume->point.lines;
    skip_position_ = resume->point.line_position;
    resume_path_ = resume->so_far.path;
    first_line_ = resume->so_far.first_line;
    last_line_ = resume->so_far.last_line;
  }
  if (options.shard.whole()) return;
  const auto size = input.facts().raw_size;
  sharded_ = true;
  // Such an input cannot be entered at an offset: by positions the last
  // part decodes all of it anyway, so block turns, where every part reads
  // it all, balance the parts at little cost.
  blocks_ = options.split_streams_by_blocks &&
            (!size || input.facts().compression != "none");
  if (blocks_) return;
  if (!size) {
    throw InputError("--shard " + options.shard.Name() +
                     ": standard input and pipes cannot be split; give a file");
  }
  shard_begin_ = options.shard.Begin(*size);
  shard_end_ = options.shard.End(*size);
}

bool BatchReader::Owned() {
  if (blocks_) return options_.shard.OwnsBlockLine(line_number_);
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
  LineCut cut = LineCut::kWhole;
  try {
    stopped_at_line_cap_ = input_.NextLine(cut).has_value();
  } catch (const InputError&) {
    // The peek past the cap failed (a bad stream, no newline for 256 MiB):
    // there was more input, and the lines asked for were read whole.
    stopped_at_line_cap_ = true;
  }
  return true;
}

Batch* BatchReader::Next() {
  if (done_) return nullptr;
  // Polled once per batch: the batches already read are still solved and
  // accounted, so the reports cover lines 1..lines_read() exactly.
  if (const int signal = InterruptSignal(); signal != 0) {
    interrupted_by_ = signal;
    done_ = true;
    return nullptr;
  }
  Batch* batch = pool_.Take();
  try {
    Fill(*batch);
  } catch (const InputError& error) {
    read_error_ = error.what();
    done_ = true;
  } catch (const InputInterrupted&) {
    // A wait for a pipe or a FIFO heard the stop request: as above, the
    // lines read are accounted and the pass covers them.
    interrupted_by_ = InterruptSignal();
    done_ = true;
  }
  batch->format = parser_.format();
  batch->raw_bytes = input_.raw_bytes_read();
  batch->index = batches_;
  batch->lines_consumed = line_number_;
  batch->line_position = last_line_position_;
  if (batch->lines.empty()) {
    pool_.Give(batch);
    return nullptr;
  }
  ++batches_;
  return batch;
}

bool BatchReader::Skipped() const {
  if (line_number_ > skip_lines_) return false;
  if (line_number_ == skip_lines_ && last_line_position_ != skip_position_) {
    throw InputError(resume_path_ + ":" + std::to_string(line_number_) +
                     ": the checkpoint saw this line start at byte " +
                     std::to_string(skip_position_) + ", the file has it at " +
                     std::to_string(last_line_position_) +
                     " (the file changed)");
  }
  return true;
}

void BatchReader::Fill(Batch& batch) {
  PuzzleRecord record;  // for the strict check only
  while (batch.lines.size() < options_.batch_size &&
         batch.text.size() < kMaxBatchText) {
    // The tests before each call keep the common case free of calls.
    if (options_.max_lines != 0 && AtLineCap()) {
      done_ = true;
      return;
    }
    LineCut cut = LineCut::kWhole;
    const auto line = input_.NextLine(cut);
    if (!line) {
      done_ = true;
      if (line_number_ < skip_lines_) {
        throw InputError(resume_path_ + ": ends at line " +
                         std::to_string(line_number_) +
                         ", before the checkpoint's line " +
                         std::to_string(skip_lines_) + " (the file changed)");
      }
      return;
    }
    ++line_number_;
    last_line_position_ = input_.line_position();
    std::string_view content;
    const auto kind = parser_.Classify(line_number_, *line, content);
    if ((line_number_ <= skip_lines_ && Skipped()) ||
        kind != DatasetParser::LineKind::kRecord) {
      continue;
    }
    if (sharded_ && !Owned()) {
      if (done_) return;
      continue;
    }
    if (first_line_ == 0) first_line_ = line_number_;
    last_line_ = line_number_;
    batch.lines.push_back(
        {line_number_, batch.text.size(), content.size(), cut});
    batch.text.append(content);
    if (options_.strict) {
      DatasetParser::ParseRecord(parser_.format(), content, record);
      // A wrong reference answer is no bad line: its puzzle is solved.
      if (cut != LineCut::kWhole ||
          record.status == RecordStatus::kMalformed ||
          record.status == RecordStatus::kInvalid) {
        stopped_strict_ = true;
        done_ = true;
        return;
      }
    }
  }
}

std::string LineCapNote(const std::string& path, uint64_t lines) {
  const std::string n = std::to_string(lines);
  return path + ":" + n + ": stopped after " + n +
         " lines (--lines); the rest was not read";
}

}  // namespace sudoku
