// One streaming pass of the corpus tool on the engine's pipeline stages: the
// engine's reader cuts each input's rows into batches (serial, in order), the
// rows are parsed and worked on in parallel, and accounted in input order.
#include "tools/lib/corpus_scan.h"

#include <chrono>
#include <memory>
#include <ostream>

#include "engine/common/exit_codes.h"
#include "engine/input/input.h"
#include "engine/pipeline/pipeline.h"
#include "engine/pipeline/pipeline_batch.h"
#include "engine/pipeline/pipeline_reader.h"
#include "engine/report/progress_line.h"
#include "tools/lib/puzzle_batches.h"

namespace sudoku {
namespace {

constexpr size_t kBatchRows = 4096;
constexpr size_t kGrain = 64;  // rows per range within a batch

// The pipeline's token: a batch of one input's lines as the engine's reader
// cut them, and the rows made of them.
struct ScanBatch : Batch {
  uint32_t file = 0;
  std::vector<CorpusRow> rows;
  bool file_done = false;  // the input's last token, with no lines
  std::string message;     // said on err when accounted (an input error)
  std::string note;        // said on err too, but no error (--lines)
  std::string header;      // the input's CSV header, or empty
  std::optional<uint64_t> raw_size;  // the input's size, for the progress
};

// The serial first stage: the inputs one after another, each read by the
// engine's BatchReader as bench reads a dataset (blank lines, comments and
// CSV headers skipped), each ended by a token of its own.
class ScanReader {
 public:
  ScanReader(const CorpusScan& scan, std::istream& in,
             std::vector<CorpusFile>& files, BatchPool& pool)
      : paths_(scan.paths), in_(in), files_(files), pool_(pool) {
    options_.batch_size = kBatchRows;
    options_.max_lines = scan.max_lines;
  }

  ScanBatch* Next() {
    if (index_ == paths_.size()) return nullptr;
    if (reader_ == nullptr && !Open()) return EndOfInput("cannot open");
    if (Batch* batch = reader_->Next()) {
      ScanBatch* scan = static_cast<ScanBatch*>(batch);
      scan->file = static_cast<uint32_t>(index_);
      scan->file_done = false;
      scan->message.clear();
      scan->header = reader_->header();
      scan->raw_size = input_->facts().raw_size;
      return scan;
    }
    CorpusFile& file = files_[index_];
    file.error = reader_->read_error();
    file.sha256 = input_->Sha256Hex();
    file.bytes = input_->raw_bytes_read();
    file.compression = input_->facts().compression;
    file.layout = std::string(FormatName(reader_->format()));
    file.first_row = reader_->first_row();
    const bool capped = reader_->stopped_at_line_cap();
    const uint64_t lines = reader_->lines_read();
    ScanBatch* end = EndOfInput(file.error);
    if (capped) end->note = LineCapNote(file.path, lines);
    return end;
  }

 private:
  bool Open() {
    const std::string& path = paths_[index_];
    try {
      input_ = path == "-" ? std::make_unique<Input>(in_, path)
                           : std::make_unique<Input>(path);
    } catch (const InputError&) {
      return false;
    }
    reader_ = std::make_unique<BatchReader>(*input_, options_, pool_);
    return true;
  }

  // The token that closes the current input; `error` (a decoding error,
  // or "cannot open") is said when it is accounted.
  ScanBatch* EndOfInput(const std::string& error) {
    ScanBatch* end = static_cast<ScanBatch*>(pool_.Take());
    end->file = static_cast<uint32_t>(index_);
    end->rows.clear();
    end->file_done = true;
    end->message.clear();
    end->note.clear();
    end->header.clear();
    if (reader_ == nullptr) {
      files_[index_].error = error;
      end->message = paths_[index_] + ": " + error;
    } else if (!error.empty()) {
      end->message = error;
    }
    reader_.reset();
    input_.reset();
    ++index_;
    return end;
  }

  const std::vector<std::string>& paths_;
  std::istream& in_;
  std::vector<CorpusFile>& files_;
  BatchPool& pool_;
  RunOptions options_;
  size_t index_ = 0;
  std::unique_ptr<Input> input_;
  std::unique_ptr<BatchReader> reader_;
};

// The parallel stage: parses each row (stateless, any thread) and does the
// command's work on the well-formed ones.
void WorkOn(ScanBatch& batch, const CorpusScan& scan) {
  batch.rows.clear();
  batch.rows.resize(batch.lines.size());
  ParallelRanges(
      &batch, batch.lines.size(), kGrain,
      [&batch, &scan](size_t begin, size_t end) {
        PuzzleRecord record;
        for (size_t i = begin; i != end; ++i) {
          const Batch::Line& line = batch.lines[i];
          DatasetParser::ParseRecord(
              batch.format,
              std::string_view(batch.text).substr(line.offset, line.length),
              record, GivensCheck::kDeferred);
          MarkCut(record, line.cut);
          CorpusRow& row = batch.rows[i];
          row.file = batch.file;
          row.line = line.number;
          row.text =
              std::string_view(batch.text).substr(line.offset, line.length);
          row.unparsed = record.status == RecordStatus::kMalformed;
          if (scan.judge) {
            row.puzzle = record.puzzle;
            row.malformed = record.status == RecordStatus::kMalformed;
            row.reason = record.reason;
            scan.judge(row,
                       ScanLine{row.text, batch.format, batch.header, record});
            continue;
          }
          // A CSV row whose answer is wrong is bad here, as it was before
          // it had a status of its own; a lines-format note never was.
          if (record.status == RecordStatus::kMalformed ||
              (record.status == RecordStatus::kReferenceWrong &&
               batch.format.kind != DatasetFormat::Kind::kLines)) {
            row.malformed = true;
            row.reason = record.reason;
            continue;
          }
          row.puzzle = record.puzzle;
          if (scan.work) scan.work(row);
        }
      });
}

// The serial last stage: counts every row of an input, names the bad ones
// (up to max_messages an input), says the input's error, and hands the rows
// to the command.
class ScanAccountant {
 public:
  ScanAccountant(const CorpusScan& scan, std::vector<CorpusFile>& files,
                 std::ostream& err)
      : scan_(scan), files_(files), err_(err) {}

  void Account(const ScanBatch& batch) {
    CorpusFile& file = files_[batch.file];
    ShowProgress(batch, file);
    if (scan_.on_layout && !batch.rows.empty() && !layout_said_[batch.file]) {
      layout_said_[batch.file] = true;
      scan_.on_layout(batch.file, batch.format, batch.header);
    }
    for (const CorpusRow& row : batch.rows) {
      ++file.rows;
      unparsed_ += row.unparsed;
      if (row.malformed) {
        ++file.malformed;
        if (exit_code_ == kExitOk) exit_code_ = kExitFailure;
      }
      if (row.reason.empty()) continue;
      if (named_ < scan_.max_messages) {
        Clear();
        ReportBadLine(err_, file.path, row.line, row.reason);
      }
      ++named_;
    }
    if (scan_.consume && !batch.rows.empty()) scan_.consume(batch.rows);
    if (batch.file_done || !batch.message.empty() || !batch.note.empty()) {
      Clear();
    }
    if (!batch.message.empty()) {
      err_ << batch.message << '\n';
      exit_code_ = kExitUsage;
    }
    if (!batch.note.empty()) err_ << batch.note << '\n';
    if (batch.file_done) {
      if (named_ > scan_.max_messages) {
        err_ << file.path << ": " << named_ - scan_.max_messages
             << " more bad lines not shown (all are counted; "
                "--max-messages all shows every one)\n";
      }
      named_ = 0;
      if (file.rows > 0 && unparsed_ == file.rows && file.error.empty()) {
        err_ << UnreadableInput(file.path, file.rows, file.first_row) << '\n';
        exit_code_ = kExitUsage;
      }
      unparsed_ = 0;
    }
  }

  int exit_code() const { return exit_code_; }

 private:
  // The progress line of the input being read, timed from its first batch.
  void ShowProgress(const ScanBatch& batch, const CorpusFile& file) {
    if (scan_.progress == nullptr) return;
    const auto now = std::chrono::steady_clock::now();
    if (batch.file_done) {
      started_.reset();
      scan_.progress->Restart();
      return;
    }
    if (!started_) started_ = now;
    scan_.progress->Show(
        file.path, file.rows + batch.rows.size(), batch.raw_bytes,
        batch.raw_size,
        std::chrono::duration<double>(now - *started_).count());
  }

  void Clear() {
    if (scan_.progress != nullptr) scan_.progress->Clear();
  }

  std::optional<std::chrono::steady_clock::time_point> started_;
  const CorpusScan& scan_;
  std::vector<CorpusFile>& files_;
  std::ostream& err_;
  int exit_code_ = kExitOk;
  uint64_t named_ = 0;  // rows of this input named on err so far
  uint64_t unparsed_ = 0;  // rows of this input with no puzzle read
  std::vector<bool> layout_said_ = std::vector<bool>(files_.size());
};

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

int RunCorpusScan(const CorpusScan& scan, StageThreads& threads,
                  std::ostream& err, std::istream& in,
                  std::vector<CorpusFile>& files) {
  files.assign(scan.paths.size(), CorpusFile());
  for (size_t i = 0; i < scan.paths.size(); ++i) files[i].path = scan.paths[i];
  BatchPool pool(kBatchRows, [] { return std::make_unique<ScanBatch>(); });
  ScanReader reader(scan, in, files, pool);
  ScanAccountant accountant(scan, files, err);
  threads.Run<ScanBatch>([&reader] { return reader.Next(); },
                         [&scan](ScanBatch& batch) { WorkOn(batch, scan); },
                         [&pool, &accountant](ScanBatch* batch) {
                           accountant.Account(*batch);
                           pool.Give(batch);
                         });
  return accountant.exit_code();
}

}  // namespace sudoku
