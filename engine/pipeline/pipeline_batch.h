// The pipeline's token, a batch of consecutive puzzle lines and their
// results, and the pool that recycles batches between runs of the stages.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "engine/input/dataset.h"
#include "engine/input/input.h"
#include "engine/pipeline/driver.h"

namespace sudoku {

// A wrong or disagreeing answer, found in parallel, shown in input order.
struct Problem {
  size_t record;  // index in the batch
  std::string message;
  bool error;
};

// What the statistics take of one PuzzleOutcome, copied out by the solver
// stage while the outcome is still in cache. The accountant tallies a batch
// long after it was solved, when its records (over 200 bytes each) and
// outcomes (over 100) have left the caches: reading them there cost a cache
// miss a record (about 1% of a `simd` run on 17-clue); these 24 bytes a
// record stream in instead. The defaults are those of a PuzzleOutcome. The
// flags are bits, so that the entry stays 24 bytes.
struct TallyEntry {
  uint64_t nanos = 0;
  uint64_t nodes = 0;
  // PuzzleOutcome::off_cpu_nanos in microseconds, saturated (71 minutes).
  uint32_t off_cpu_micros = 0;
  // At most one a puzzle (PuzzleSolver::CrossCheck counts each once).
  uint16_t disagreements = 0;
  Verdict verdict = Verdict::kMalformed;
  bool guessed : 1 = false;
  bool differs_from_file : 1 = false;
  bool unchecked : 1 = false;
  bool several_claimed_one : 1 = false;
  // The record's reference answer is wrong (RecordStatus::kReferenceWrong).
  bool reference_wrong : 1 = false;
};
static_assert(sizeof(TallyEntry) == 24);

// One pipeline token. The reader only copies lines in; parsing happens in
// the solver stage, in parallel:
//
//   text:     |line 1 content|line 2 content|...          (back to back)
//   lines:    {number, offset, length, cut} per line
//   records:  one PuzzleRecord per line                     (solver stage)
//   outcomes: records.size() x strategies, row r at r * strategies
//   tallies:  the same rows, what the statistics read of the outcomes
struct Batch {
  // A pass over many inputs may carry its own results in a type derived from
  // Batch (BatchPool's `make`), freed through this one.
  virtual ~Batch() = default;

  struct Line {
    uint64_t number;
    size_t offset, length;
    LineCut cut;  // whether Input gave the whole line
  };
  std::string text;
  std::vector<Line> lines;
  DatasetFormat format = DatasetFormat::kUnknown;
  std::vector<PuzzleRecord> records;
  std::vector<PuzzleOutcome> outcomes;
  std::vector<TallyEntry> tallies;
  std::vector<Problem> problems;  // sorted by record once solved
  std::mutex problems_mutex;      // rarely taken: most ranges find no problem
  uint64_t raw_bytes = 0;         // input consumed when the batch was cut
  uint64_t index = 0;             // 0 for the dataset's first batch, then 1...
  // Per record: 1 when the strategies disagreed and it stayed unresolved.
  std::vector<uint8_t> disagreed;
  // Where the reader stood when it cut the batch: every line read so far
  // (comments and blanks included) and where the last of them starts
  // (Input::line_position). Once the batch is accounted, so is everything
  // up to there: what a checkpoint records.
  uint64_t lines_consumed = 0;
  uint64_t line_position = 0;
  // Set by the solver stage when a stop request left a puzzle of the batch
  // unsolved by some strategy. Such a batch is not accounted, nor is any
  // after it: the reports cover the lines before it, every puzzle of which
  // every strategy solved, and say complete=false.
  std::atomic<bool> stopped{false};
};

// Batches hold several hundred kilobytes, which malloc would otherwise map
// and unmap (and the kernel zero) per batch, so the accountant gives each
// back for the reader to fill again. The pool owns every batch it made, so
// none leaks when a stage throws. Take and Give may run on any threads.
class BatchPool {
 public:
  // `make` makes each new batch: a type derived from Batch that carries what
  // another pass keeps per line (a tool's rows); empty, a plain Batch.
  explicit BatchPool(size_t batch_size,
                     std::function<std::unique_ptr<Batch>()> make = nullptr)
      : batch_size_(batch_size), make_(std::move(make)) {}
  ~BatchPool();
  BatchPool(const BatchPool&) = delete;
  BatchPool& operator=(const BatchPool&) = delete;

  // An empty batch: lines, text and problems cleared; records and outcomes
  // keep their old contents, which the solver stage overwrites.
  Batch* Take();
  void Give(Batch* batch);

 private:
  const size_t batch_size_;
  const std::function<std::unique_ptr<Batch>()> make_;
  std::mutex mutex_;  // taken twice per batch of thousands of lines
  std::vector<std::unique_ptr<Batch>> made_;
  std::vector<Batch*> free_;
};

}  // namespace sudoku
