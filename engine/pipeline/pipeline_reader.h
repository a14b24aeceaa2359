// The pipeline's first stage: reads lines and cuts them into batches.
#pragma once

#include <cstdint>
#include <string>

#include "engine/input/dataset.h"
#include "engine/input/input.h"
#include "engine/pipeline/driver.h"
#include "engine/pipeline/pipeline_batch.h"

namespace sudoku {

// What every program says of an input that --lines stopped with lines left
// unread: "PATH:N: stopped after N lines (--lines); the rest was not read".
std::string LineCapNote(const std::string& path, uint64_t lines);

// Serial, in input order: one call fills one batch with the next puzzle
// lines, copied, not parsed, so the parallel stage does the parsing. Blank
// lines, comments and headers are counted and skipped here. A strict run
// parses each line here too, to stop at the very first bad one.
class BatchReader {
 public:
  // Under --shard, throws InputError when the input has no size to split
  // (under mpirun such an input is split by line blocks instead).
  // With `resume`, the lines up to resume->point are read and classified
  // but not taken (the parser then stands where it stood); the first and
  // last puzzle lines continue resume->so_far's.
  BatchReader(Input& input, const RunOptions& options, BatchPool& pool,
              const PassResume* resume = nullptr);

  // The next batch, or nullptr when the input is done (or reading stopped).
  Batch* Next();

  uint64_t lines_read() const { return line_number_; }
  DatasetFormat format() const { return parser_.format(); }
  const std::string& header() const { return parser_.header(); }
  const std::string& first_row() const { return parser_.first_row(); }
  // Non-empty when a read failed and the pass ended early.
  const std::string& read_error() const { return read_error_; }
  bool stopped_strict() const { return stopped_strict_; }
  // The signal (SIGINT, SIGTERM) that stopped the reading; 0 when none did.
  int interrupted_by() const { return interrupted_by_; }
  // Whether --lines left lines of the input unread (LineCapNote says so).
  bool stopped_at_line_cap() const { return stopped_at_line_cap_; }
  // The file line numbers of the first and last puzzle line taken; 0 when
  // none was (a shard can own no line at all).
  uint64_t first_line() const { return first_line_; }
  uint64_t last_line() const { return last_line_; }
  // Whether this part takes its lines by line blocks (engine/input/shard.h).
  bool split_by_blocks() const { return blocks_; }

 private:
  // Appends lines to `batch` until it is full or reading stops.
  void Fill(Batch& batch);
  // Under --shard: whether the line just read is this part's. Past the part
  // it reads the rest of the file raw (for the hash) and ends the input.
  bool Owned();
  // Resuming: whether the line just read was accounted before; throws
  // InputError when the checkpoint's last line is not where it was.
  bool Skipped() const;
  // Under --lines: whether the cap is reached, noting a stop when a line
  // is left unread.
  bool AtLineCap();

  Input& input_;
  const RunOptions& options_;
  BatchPool& pool_;
  DatasetParser parser_;
  uint64_t line_number_ = 0;
  uint64_t batches_ = 0;
  bool done_ = false;
  std::string read_error_;
  bool stopped_strict_ = false;
  bool stopped_at_line_cap_ = false;
  // The positions this part owns (engine/input/shard.h); everything when whole.
  bool sharded_ = false;
  bool blocks_ = false;  // by line blocks rather than by positions
  uint64_t shard_begin_ = 0, shard_end_ = 0;
  uint64_t first_line_ = 0, last_line_ = 0;
  int interrupted_by_ = 0;
  // Where the last line read starts, for PassPoint.
  uint64_t last_line_position_ = 0;
  // Resuming: the lines already accounted, and where the last one started.
  uint64_t skip_lines_ = 0;
  uint64_t skip_position_ = 0;
  std::string resume_path_;
};

}  // namespace sudoku
