// One streaming pass of the corpus tool: read rows (serial, in order), parse
// and work on them (parallel), account for them (serial, in order).
#include "tools/corpus_scan.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include <memory>
#include <mutex>
#include <ostream>

#include "engine/input/input.h"

namespace sudoku {
namespace {

constexpr size_t kBatchRows = 4096;
constexpr size_t kBatchBytes = size_t{4} << 20;
constexpr size_t kTokensPerThread = 4;
constexpr size_t kGrain = 64;  // rows per task within a batch

// Rows of one input, as the reader cut them, on their way through the
// pipeline: the token the stages pass.
struct ScanBatch {
  uint32_t file = 0;
  DatasetFormat format;
  std::string text;  // the rows' trimmed lines, one after another
  struct Span {
    size_t offset;
    size_t length;
    LineCut cut;  // whether Input gave the whole line
  };
  std::vector<Span> spans;
  std::vector<CorpusRow> rows;
  bool file_done = false;  // the input's last batch
  std::string message;     // said on err when accounted (an input error)
};

// Batches given back by the last stage and taken again by the first, so
// that a long pass reuses a few batches' memory instead of allocating anew.
class BatchPool {
 public:
  std::unique_ptr<ScanBatch> Take() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!free_.empty()) {
        std::unique_ptr<ScanBatch> batch = std::move(free_.back());
        free_.pop_back();
        return batch;
      }
    }
    return std::make_unique<ScanBatch>();
  }

  void Give(std::unique_ptr<ScanBatch> batch) {
    batch->text.clear();
    batch->spans.clear();
    batch->rows.clear();
    batch->file_done = false;
    batch->message.clear();
    std::lock_guard<std::mutex> lock(mutex_);
    free_.push_back(std::move(batch));
  }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<ScanBatch>> free_;
};

// The serial first stage: opens the inputs one after another and cuts their
// lines into batches, skipping what is no puzzle row (blank lines, comments,
// CSV headers) as bench does.
class BatchCutter {
 public:
  BatchCutter(const std::vector<std::string>& paths, std::istream& in,
              std::vector<CorpusFile>& files, BatchPool& pool)
      : paths_(paths), in_(in), files_(files), pool_(pool) {}

  ScanBatch* Next(tbb::flow_control& control) {
    if (index_ == paths_.size()) {
      control.stop();
      return nullptr;
    }
    std::unique_ptr<ScanBatch> batch = pool_.Take();
    batch->file = static_cast<uint32_t>(index_);
    CorpusFile& file = files_[index_];
    if (input_ == nullptr && !Open(*batch)) {
      ++index_;
      return batch.release();
    }
    bool ended = true;
    try {
      LineCut cut = LineCut::kWhole;
      while (const auto line = input_->NextLine(cut)) {
        ++line_number_;
        std::string_view content;
        if (parser_.Classify(line_number_, *line, content) ==
            DatasetParser::LineKind::kSkip) {
          continue;
        }
        CorpusRow& row = batch->rows.emplace_back();
        row.file = batch->file;
        row.line = line_number_;
        batch->spans.push_back({batch->text.size(), content.size(), cut});
        batch->text.append(content);
        if (batch->rows.size() == kBatchRows ||
            batch->text.size() >= kBatchBytes) {
          ended = false;
          break;
        }
      }
    } catch (const InputError& error) {
      // A corrupt or truncated compressed input: what came before stands.
      file.error = error.what();
      batch->message = error.what();
    }
    batch->format = parser_.format();
    if (ended) {
      file.sha256 = input_->Sha256Hex();
      file.bytes = input_->raw_bytes_read();
      file.compression = input_->facts().compression;
      file.layout = std::string(FormatName(parser_.format()));
      batch->file_done = true;
      input_.reset();
      ++index_;
    }
    return batch.release();
  }

 private:
  bool Open(ScanBatch& batch) {
    const std::string& path = paths_[index_];
    try {
      input_ = path == "-" ? std::make_unique<Input>(in_, path)
                           : std::make_unique<Input>(path);
    } catch (const InputError&) {
      files_[index_].error = "cannot open";
      batch.message = path + ": cannot open";
      batch.file_done = true;
      return false;
    }
    parser_ = DatasetParser();
    line_number_ = 0;
    return true;
  }

  const std::vector<std::string>& paths_;
  std::istream& in_;
  std::vector<CorpusFile>& files_;
  BatchPool& pool_;
  size_t index_ = 0;
  std::unique_ptr<Input> input_;
  DatasetParser parser_;
  uint64_t line_number_ = 0;
};

// The parallel stage: parses each row (stateless, any thread) and does the
// command's work on the well-formed ones.
void WorkOn(ScanBatch& batch, const std::function<void(CorpusRow&)>& work) {
  tbb::parallel_for(
      tbb::blocked_range<size_t>(0, batch.rows.size(), kGrain),
      [&](const tbb::blocked_range<size_t>& range) {
        PuzzleRecord record;
        for (size_t i = range.begin(); i != range.end(); ++i) {
          const ScanBatch::Span& span = batch.spans[i];
          DatasetParser::ParseRecord(
              batch.format,
              std::string_view(batch.text).substr(span.offset, span.length),
              record, GivensCheck::kDeferred);
          MarkCut(record, span.cut);
          CorpusRow& row = batch.rows[i];
          if (record.status == RecordStatus::kMalformed) {
            row.malformed = true;
            row.reason = record.reason;
            continue;
          }
          row.puzzle = record.puzzle;
          if (work) work(row);
        }
      });
}

}  // namespace

void CanonicalizeRow(CorpusRow& row) {
  row.canonical = Canonicalize(row.puzzle);
  row.key = KeyOf(row.canonical.form);
  row.spelling = KeyOf(row.puzzle).low;
}

std::string Where(const std::vector<std::string>& paths, uint64_t position) {
  return paths[PositionFile(position)] + ':' +
         std::to_string(PositionLine(position));
}

int RunCorpusScan(const CorpusScan& scan, std::ostream& err, std::istream& in,
                  std::vector<CorpusFile>& files) {
  files.assign(scan.paths.size(), CorpusFile());
  for (size_t i = 0; i < scan.paths.size(); ++i) files[i].path = scan.paths[i];
  BatchPool pool;
  BatchCutter cutter(scan.paths, in, files, pool);
  int exit_code = kExitOk;
  uint64_t named = 0;  // rows of this input named on err so far
  const size_t tokens =
      kTokensPerThread *
      static_cast<size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
  tbb::parallel_pipeline(
      tokens,
      tbb::make_filter<void, ScanBatch*>(
          tbb::filter_mode::serial_in_order,
          [&](tbb::flow_control& control) { return cutter.Next(control); }) &
          tbb::make_filter<ScanBatch*, ScanBatch*>(tbb::filter_mode::parallel,
                                                   [&](ScanBatch* batch) {
                                                     WorkOn(*batch, scan.work);
                                                     return batch;
                                                   }) &
          tbb::make_filter<ScanBatch*, void>(
              tbb::filter_mode::serial_in_order, [&](ScanBatch* batch) {
                std::unique_ptr<ScanBatch> owned(batch);
                CorpusFile& file = files[batch->file];
                for (const CorpusRow& row : batch->rows) {
                  ++file.rows;
                  if (row.malformed) {
                    ++file.malformed;
                    if (exit_code == kExitOk) exit_code = kExitFailure;
                  }
                  if (row.reason.empty()) continue;
                  if (scan.max_messages == 0 || named < scan.max_messages) {
                    ReportBadLine(err, file.path, row.line, row.reason);
                  }
                  ++named;
                }
                if (scan.consume) scan.consume(batch->rows);
                if (!batch->message.empty()) {
                  err << batch->message << '\n';
                  exit_code = kExitUsage;
                }
                if (batch->file_done) {
                  if (scan.max_messages != 0 && named > scan.max_messages) {
                    err << file.path << ": " << named - scan.max_messages
                        << " more bad lines not shown (all are counted; "
                           "--max-messages 0 shows every one)\n";
                  }
                  named = 0;
                }
                pool.Give(std::move(owned));
              }));
  return exit_code;
}

}  // namespace sudoku
